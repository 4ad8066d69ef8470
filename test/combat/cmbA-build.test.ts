import { describe, expect, it } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { buildRound, championVictim, fightingUnits, moveDice, sideOrder, squarenessBasis, unitsOfSide } from "../../src/rules/whn/combat/build.js";
import { engaged, foot } from "../fixtures/combat.js";

const W = 20 / 25.4;
const INF = Number.POSITIVE_INFINITY;
const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const c1 = (s: BattleState) => s.combats["c1" as never]!;
const built = (s: BattleState) => buildRound(s, c1(s));
const strike = (owner: string, side: 0 | 1, target: string, models: number, over: Record<string, unknown> = {}) => ({ id: `${owner}>${target}`, owner, side, target, models, attacks: 1, bonusAttacks: 0, charged: false, initiative: 3, hitNeed: 4, woundNeed: 4, saveNeed: null, tier: 2, ...over });
const result = (rankBonus: number[], over: Record<string, unknown> = {}) => ({ rankBonus, flankedBy: [], fightsFlank: false, fightsRear: false, standardFrom: INF, musicianFrom: INF, highGround: false, extraModels: 0, ...over });
const RANKS_20 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3];
const morale = (u: string, over: Record<string, unknown> = {}) => ({ unit: u, ld: 6, autoBreakAt: null, fleeDice: 2, pursuitDice: 2, flowsPast: false, ...over });
const remove = (s: BattleState, id: string) => ({ ...s, units: { ...s.units, [id]: { ...unit(s, id), removed: { reason: "destroyed", gameTurn: 1 } } } }) as BattleState;
const CAV = { troopType: "cavalry" as const, base: { w: 25 / 25.4, d: 50 / 25.4 }, formation: "CAV_LINE" as const, files: 5, figures: 10, profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 } };

/** b fought front to front by a and on its left flank by c (a 4-model line). */
function flanked(over: { a?: object; b?: object; c?: object; combat?: object; units?: string[] } = {}): BattleState {
  return engaged({ files: 4, figures: 8, ...over.a }, { ...over.b }, { units: [foot("c", "fr", { files: 4, figures: 4, position: { x: 36 + (5 * W) / 2, y: 24 + 1.5 }, facing: 180, ...over.c })], combat: { units: (over.units ?? ["a", "b", "c"]) as never, ...over.combat } });
}

describe("buildRound: the whole round (CORE-CC-2…6, CORE-CR-2…7)", () => {
  it("CORE-LEAD-2 / CORE-STD-2 / CORE-MUS-2: a front-to-front round with a full command on one side", () => {
    const s = engaged({ command: { leader: true, standard: true, musician: true } }, { figures: 12, files: 4 });
    const b = built(s);
    expect(b.input).toEqual({
      strikers: [strike("a", 0, "b", 5, { bonusAttacks: 1 }), strike("b", 1, "a", 4)],
      victims: [
        { id: "a", side: 0, kind: "unit", models: 20, wounds: 1, woundsTaken: 0, result: result(RANKS_20, { standardFrom: 2, musicianFrom: 3 }) },
        { id: "b", side: 1, kind: "unit", models: 12, wounds: 1, woundsTaken: 0, result: result([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2]) },
      ],
      sides: [{ squareness: 0 }, { squareness: 0 }],
      lastWinner: null,
      options: { outnumberBonus: false, bothMusiciansRollOff: true, squareness: "off" },
    });
    expect(b.sides).toEqual(["fr", "gb"]);
    expect(b.morale).toEqual([morale("a"), morale("b")]);
    expect(b.units.map((u) => u.id)).toEqual(["a", "b"]);
    expect(unitsOfSide(b, 0)).toEqual(["a"]);
    expect(unitsOfSide(b, 1)).toEqual(["b"]);
  });

  it("CORE-STD-2: a standard without a leader counts from the first model; a lost standard not at all", () => {
    const s = engaged({ command: { leader: false, standard: true, musician: false } }, { command: { leader: true, standard: true, musician: false }, standardLost: true });
    const [va, vb] = built(s).input.victims;
    expect(va!.result).toEqual(result(RANKS_20, { standardFrom: 1 }));
    expect(vb!.result).toEqual(result(RANKS_20));
  });

  it("CORE-CR-3 / CORE-GEO-14: a unit fought on its flank lists the flanker; the flanker fights a flank", () => {
    const s = flanked();
    const b = built(s);
    expect(b.input.strikers).toEqual([strike("a", 0, "b", 4), strike("b", 1, "a", 5), strike("b", 1, "c", 3), strike("c", 0, "b", 4)]);
    expect(b.input.victims.map((v) => [v.id, v.result])).toEqual([
      ["a", result([0, 0, 0, 0, 0, 0, 0, 0, 1])],
      ["b", result(RANKS_20, { flankedBy: ["c"] })],
      ["c", result([0, 0, 0, 0, 0], { fightsFlank: true })],
    ]);
    // fr's main unit is a (8 models against c's 4); gb's is b.
    expect(b.morale).toEqual([morale("a"), morale("b")]);
    expect(unitsOfSide(b, 0)).toEqual(["a", "c"]);
  });

  it("CORE-CR-4: an enemy on the rear gives the rear bonus to its attacker", () => {
    // c stands behind b, facing south onto b's rear edge.
    const s = flanked({ c: { position: { x: 36, y: 24 + 4 * W }, facing: 270 } });
    const v = built(s).input.victims;
    expect(v.find((x) => x.id === "c")!.result).toMatchObject({ fightsRear: true, fightsFlank: false });
    expect(v.find((x) => x.id === "b")!.result).toMatchObject({ flankedBy: ["c"] });
  });

  it("WHN-CC-6: a square is never flanked, and nobody counts a flank on it", () => {
    const s = flanked({ b: { formation: "SQUARE", files: 4, figures: 16 } });
    const v = built(s).input.victims;
    expect(v.find((x) => x.id === "b")!.result).toMatchObject({ flankedBy: [] });
    for (const id of ["a", "c"]) expect(v.find((x) => x.id === id)!.result).toMatchObject({ fightsFlank: false, fightsRear: false });
  });

  it("CORE-CC-4: chargers strike as charging only in the combat's first round", () => {
    const first = engaged({}, {}, { combat: { rounds: 0, chargers: ["a"] as never } });
    expect(built(first).input.strikers.map((x) => [x.id, x.charged])).toEqual([
      ["a>b", true],
      ["b>a", false],
    ]);
    const later = engaged({}, {}, { combat: { rounds: 1, chargers: ["a"] as never } });
    expect(built(later).input.strikers.map((x) => x.charged)).toEqual([false, false]);
  });

  it("WHN-DIS-2: a DISORDERED fighter loses 1 WS, S and T both striking and struck", () => {
    const s = engaged({ order: "DISORDERED", profile: { M: 4, WS: 4, BS: 3, S: 4, T: 4, W: 1, I: 3, A: 1, Ld: 6 } });
    expect(built(s).input.strikers).toEqual([strike("a", 0, "b", 5, { hitNeed: 4, woundNeed: 4 }), strike("b", 1, "a", 5, { hitNeed: 4, woundNeed: 4 })]);
    const clean = engaged({ profile: { M: 4, WS: 4, BS: 3, S: 4, T: 4, W: 1, I: 3, A: 1, Ld: 6 } });
    expect(built(clean).input.strikers).toEqual([strike("a", 0, "b", 5, { hitNeed: 3, woundNeed: 3 }), strike("b", 1, "a", 5, { hitNeed: 4, woundNeed: 5 })]);
  });

  it("CORE-CR-1: last round's winner is given by its side index", () => {
    expect(built(engaged({}, {}, { combat: { lastWinner: "gb" as never } })).input.lastWinner).toBe(1);
    expect(built(engaged({}, {}, { combat: { lastWinner: "fr" as never } })).input.lastWinner).toBe(0);
  });
});

describe("who takes part (CORE-FLEE-1) and side order", () => {
  it("CORE-FLEE-1: only units in play and not fleeing fight; unknown ids are skipped", () => {
    const s = flanked();
    expect(fightingUnits(s, c1(s)).map((u) => u.id)).toEqual(["a", "b", "c"]);
    expect(fightingUnits(remove(s, "c"), c1(s)).map((u) => u.id)).toEqual(["a", "b"]);
    const fleeing = { ...s, units: { ...s.units, a: { ...unit(s, "a"), order: "FLEEING" } } } as BattleState;
    expect(fightingUnits(fleeing, c1(s)).map((u) => u.id)).toEqual(["b", "c"]);
    expect(fightingUnits(s, { ...c1(s), units: ["zz", "b"] as never }).map((u) => u.id)).toEqual(["b"]);
  });

  it("CORE-FLEE-1: a removed unit takes no part in the built round", () => {
    const s = remove(flanked(), "c");
    const b = built(s);
    expect(b.units.map((u) => u.id)).toEqual(["a", "b"]);
    expect(b.input.strikers.map((x) => x.id)).toEqual(["a>b", "b>a"]);
  });

  it("CORE-CC-4: the active side comes first", () => {
    const s = engaged();
    expect(sideOrder(s)).toEqual(["fr", "gb"]);
    const gb = { ...s, turn: { ...s.turn, activeSide: "gb" } } as BattleState;
    expect(sideOrder(gb)).toEqual(["gb", "fr"]);
    expect(built(gb).input.strikers.map((x) => [x.id, x.side])).toEqual([
      ["a>b", 1],
      ["b>a", 0],
    ]);
  });

  it("CORE-BREAK-1: a side with nobody left fighting has empty morale facts", () => {
    const s = engaged({}, { order: "FLEEING" });
    expect(built(s).morale[1]).toEqual({ unit: "", ld: 0, autoBreakAt: null, fleeDice: 2, pursuitDice: 0, flowsPast: false });
  });
});

describe("the unit leader (CORE-LEAD-2, CORE-LEAD-4)", () => {
  const LEADER = { command: { leader: true, standard: false, musician: false } };
  const bonus = (s: BattleState) => built(s).input.strikers.find((x) => x.owner === "b")!.bonusAttacks;

  it("CORE-LEAD-4: a leader whose unit is fought only on its flank joins in once his side's movement phase has passed", () => {
    expect(bonus(flanked({ b: LEADER, units: ["b", "c"], combat: { rounds: 0 } }))).toBe(0);
    expect(bonus(flanked({ b: LEADER, units: ["b", "c"], combat: { rounds: 1 } }))).toBe(0);
    expect(bonus(flanked({ b: LEADER, units: ["b", "c"], combat: { rounds: 2 } }))).toBe(1);
    const gbTurn = (s: BattleState) => ({ ...s, turn: { ...s.turn, activeSide: "gb" } }) as BattleState;
    expect(bonus(gbTurn(flanked({ b: LEADER, units: ["b", "c"], combat: { rounds: 1 } })))).toBe(1);
    expect(bonus(gbTurn(flanked({ b: LEADER, units: ["b", "c"], combat: { rounds: 0 } })))).toBe(0);
  });

  it("CORE-LEAD-2: with the enemy on his front he fights at once, and only against the main target", () => {
    const s = flanked({ b: LEADER, combat: { rounds: 0 } });
    expect(built(s).input.strikers.filter((x) => x.owner === "b").map((x) => [x.id, x.bonusAttacks])).toEqual([
      ["b>a", 1],
      ["b>c", 0],
    ]);
    expect(bonus(flanked({ combat: { rounds: 5 } }))).toBe(0);
  });
});

describe("squareness (HR-SQUARE-1…5)", () => {
  it("HR-SQUARE-1: the basis is now, or the kept values when kept at combat start; a fleeing unit has no models", () => {
    const s = engaged({}, { files: 4, figures: 12 });
    const b = unit(s, "b");
    expect(squarenessBasis(c1(s), b, false)).toEqual({ a: 3, models: 12 });
    const kept = { ...c1(s), squareness: { b: 1, "b:models": 30 } };
    expect(squarenessBasis(kept, b, true)).toEqual({ a: 1, models: 30 });
    expect(squarenessBasis(kept, b, false)).toEqual({ a: 3, models: 12 });
    expect(squarenessBasis({ ...c1(s), squareness: { b: 2 } }, b, true)).toEqual({ a: 2, models: 12 });
    expect(squarenessBasis({ ...c1(s), squareness: { a: 2 } }, b, true)).toEqual({ a: 3, models: 12 });
    expect(squarenessBasis(c1(s), { ...b, order: "FLEEING" }, false)).toEqual({ a: 0, models: 0 });
  });

  it("HR-SQUARE-2/3: each side takes its best unit's bonus in the direct and tie-only variants; off gives 0", () => {
    const opts = (squareness: string) => ({ options: { hr: { squareness } } });
    const deep = { files: 5, figures: 30 };
    expect(built(engaged(deep, {}, opts("direct"))).input.sides).toEqual([{ squareness: 1 }, { squareness: 0 }]);
    expect(built(engaged({}, deep, opts("tieOnly"))).input.sides).toEqual([{ squareness: 0 }, { squareness: 1 }]);
    expect(built(engaged(deep, deep, opts("off"))).input.sides).toEqual([{ squareness: 0 }, { squareness: 0 }]);
    expect(built(engaged(deep, {}, opts("direct"))).input.options.squareness).toBe("direct");
  });

  it("HR-SQUARE-5: the model-count variant counts models", () => {
    const s = engaged({ files: 5, figures: 25 }, { files: 5, figures: 35 }, { options: { hr: { squareness: "modelCount" } } });
    expect(built(s).input.sides).toEqual([{ squareness: 1 }, { squareness: 2 }]);
  });
});

describe("morale facts of a side (CORE-BREAK-4, CORE-FLEE-2, CORE-PURS-3, WHN-BREAK-3/5)", () => {
  it("CORE-FLEE-2 / CORE-PURS-3: 2D6 at M 6, 3D6 above; a square never pursues", () => {
    const u = unit(engaged(), "a");
    expect(moveDice({ ...u, profile: { ...u.profile, M: 6 } })).toBe(2);
    expect(moveDice({ ...u, profile: { ...u.profile, M: 7 } })).toBe(3);
    const s = engaged(CAV, { formation: "SQUARE", files: 4, figures: 16 });
    expect(built(s).morale).toEqual([morale("a", { ld: 7, fleeDice: 3, pursuitDice: 3, flowsPast: true }), morale("b", { pursuitDice: 0 })]);
  });

  it("WHN-BREAK-3: cavalry flows past only when every enemy it touches is a square", () => {
    const s = engaged(CAV, {});
    expect(built(s).morale[0]).toEqual(morale("a", { ld: 7, fleeDice: 3, pursuitDice: 3, flowsPast: false }));
  });

  it("CORE-BREAK-4: with the quarter rule a unit breaks at a quarter of its starting models, rounded down", () => {
    const s = engaged({ figures: 18, files: 5 }, {}, { options: { core: { autoBreakBelowQuarter: true } } });
    expect(built(s).morale.map((m) => m.autoBreakAt)).toEqual([4, 5]);
  });

  it("CORE-BREAK-1: a side's main unit has the most models, ties to the first id", () => {
    const s = flanked({ c: { files: 4, figures: 8 } });
    expect(built(s).morale[0].unit).toBe("a");
    const more = flanked({ c: { files: 4, figures: 12 } });
    expect(built(more).morale[0].unit).toBe("c");
  });
});

describe("champions' ids (CORE-CHAL-3, AMB-111)", () => {
  it("AMB-111: a champion's victim id is his unit's id with a suffix", () => {
    expect(championVictim("b")).toBe("b*champion");
    expect(championVictim("")).toBe("*champion");
  });
});

describe("lapping round and high ground (CORE-REDR-1/3, CORE-CR-6)", () => {
  it("CORE-REDR-3: after a won round the winner's front models beyond the enemy's edges, up to 2 a flank, lap round and fight", () => {
    const s = engaged({ files: 9, figures: 18 }, { files: 3, figures: 9 }, { combat: { lastWinner: "fr" as never } });
    const b = built(s);
    const plain = built(engaged({ files: 9, figures: 18 }, { files: 3, figures: 9 }));
    const aPlain = plain.input.strikers.find((x) => x.owner === "a")!.models;
    expect(b.input.strikers.find((x) => x.owner === "a")!.models).toBe(aPlain + 4);
    expect(b.contacts.find((c) => c.unit === "a")).toMatchObject({ lapping: true });
    expect(plain.contacts.find((c) => c.unit === "a")).toMatchObject({ lapping: false });
    // The lapping winner counts a flank (CORE-REDR-3); the lapped enemy keeps its ranks (its front is still fought).
    expect(b.input.victims.find((v) => v.id === "a")!.result).toMatchObject({ fightsFlank: true });
    expect(b.input.victims.find((v) => v.id === "b")!.result).toMatchObject({ flankedBy: [] });
    expect(plain.input.victims.find((v) => v.id === "a")!.result).toMatchObject({ fightsFlank: false });
    // The loser of last round does not lap.
    const lost = built(engaged({ files: 9, figures: 18 }, { files: 3, figures: 9 }, { combat: { lastWinner: "gb" as never } }));
    expect(lost.input.strikers.find((x) => x.owner === "a")!.models).toBe(aPlain);
  });

  it("CORE-REDR-3: one model beyond each edge laps with one a flank; models touching a corner already fight; the enemy as wide gives no lap", () => {
    const s = engaged({ files: 7, figures: 14 }, { files: 3, figures: 9 }, { combat: { lastWinner: "fr" as never } });
    const plain = built(engaged({ files: 7, figures: 14 }, { files: 3, figures: 9 })).input.strikers.find((x) => x.owner === "a")!.models;
    expect(plain).toBe(5);
    expect(built(s).input.strikers.find((x) => x.owner === "a")!.models).toBe(plain + 2);
    const same = engaged({}, {}, { combat: { lastWinner: "fr" as never } });
    expect(built(same).contacts.every((c) => !c.lapping)).toBe(true);
  });

  it("CORE-CR-5: high ground when the unit's centre stands above every enemy's centre", () => {
    const hill = { id: "h", kind: "hill", polygon: [{ x: 20, y: 10 }, { x: 52, y: 10 }, { x: 52, y: 23.5 }, { x: 20, y: 23.5 }], tags: { hill: 1 } };
    const s = engaged({}, {}, { terrain: [hill] });
    const v = built(s).input.victims;
    expect(v.find((x) => x.id === "a")!.result).toMatchObject({ highGround: true });
    expect(v.find((x) => x.id === "b")!.result).toMatchObject({ highGround: false });
  });
});

describe("joined characters (CORE-CHAR, CORE-CHAL-2/3)", () => {
  const hero = (id: string, side: string, joinedTo: string) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8 }, base: { w: W, d: W }, position: { x: 1, y: 1 }, facing: 0, joinedTo });

  it("CORE-CHAR: a joined character strikes his unit's main target with his own profile, is a victim of his own, and counts as a model", () => {
    const s = engaged({}, {}, { characters: [hero("ney", "fr", "a")] });
    const b = built(s);
    expect(b.input.strikers).toEqual([strike("a", 0, "b", 5), strike("ney", 0, "b", 1, { attacks: 3, initiative: 5, hitNeed: 3, woundNeed: 3 }), strike("b", 1, "a", 5)]);
    expect(b.input.victims).toEqual([
      { id: "ney", side: 0, kind: "character", models: 1, wounds: 2, woundsTaken: 0, result: null },
      { id: "a", side: 0, kind: "unit", models: 20, wounds: 1, woundsTaken: 0, result: result(RANKS_20, { extraModels: 1 }) },
      { id: "b", side: 1, kind: "unit", models: 20, wounds: 1, woundsTaken: 0, result: result(RANKS_20) },
    ]);
  });

  it("CORE-CHAL-2: a character retired by a refused challenge neither strikes nor is struck this phase", () => {
    const s0 = engaged({}, {}, { characters: [hero("ney", "fr", "a")] });
    const s = { ...s0, facts: { ...s0.facts, step: { ...s0.facts.step, challenges: { c1: { settled: true, issued: null, declined: [], retired: ["ney"] } } } } } as BattleState;
    const b = built(s);
    expect(b.input.strikers.map((x) => x.id)).toEqual(["a>b", "b>a"]);
    expect(b.input.victims.map((v) => v.id)).toEqual(["a", "b"]);
  });
});
