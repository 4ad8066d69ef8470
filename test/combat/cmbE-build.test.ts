import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { buildRound } from "../../src/rules/whn/combat/build.js";
import { engaged, foot, horse } from "../fixtures/combat.js";

const INF = Number.POSITIVE_INFINITY;
const c1 = (s: BattleState) => s.combats["c1" as never]!;
const built = (s: BattleState) => buildRound(s, c1(s));
const result = (rankBonus: number[], over: Record<string, unknown> = {}) => ({ rankBonus, flankedBy: [], fightsFlank: false, fightsRear: false, standardFrom: INF, musicianFrom: INF, highGround: false, extraModels: 0, ...over });
const victim = (s: BattleState, id: string) => built(s).input.victims.find((v) => v.id === id);

describe("resultData of a unit in the combat that touches no enemy (CORE-CR-2, WHN-CC-2/3, CORE-CR-5)", () => {
  const HILL = { id: "h", kind: "hill", polygon: [{ x: 0, y: 0 }, { x: 20, y: 0 }, { x: 20, y: 20 }, { x: 0, y: 20 }], tags: { hill: 1 } };
  // s: a square and a cavalry line of gb listed in the combat but standing far off, touching nobody.
  const far = (terrain: unknown[] = []) =>
    engaged({}, {}, {
      units: [foot("sq", "gb", { formation: "SQUARE", files: 4, figures: 16, position: { x: 8, y: 8 }, facing: 0 }), horse("cv", "gb", { formation: "CAV_LINE", files: 4, figures: 8, position: { x: 60, y: 40 }, facing: 0 })],
      combat: { units: ["a", "b", "sq", "cv"] as never },
      terrain,
    });

  it("WHN-CC-2: a square with no enemy touching it keeps its own ranks (no enemy is not 'all cavalry')", () => {
    const s = far();
    expect(built(s).contacts.some((c) => c.unit === "sq" || c.enemy === "sq")).toBe(false);
    expect(victim(s, "sq")).toEqual({ id: "sq", side: 1, kind: "unit", models: 16, wounds: 1, woundsTaken: 0, result: result(new Array(17).fill(0)) });
  });

  it("WHN-CC-3: cavalry with no enemy touching it keeps its rank bonus (no enemy is not 'all squares')", () => {
    const s = far();
    const v = victim(s, "cv")!;
    expect(v.result).toEqual(result([0, 0, 0, 0, 0, 0, 0, 0, 1]));
  });

  it("CORE-CR-5: with no enemy touching, even a unit standing on a hill has no high ground", () => {
    const s = far([HILL]);
    expect(victim(s, "sq")!.result).toMatchObject({ highGround: false });
  });
});

const W = 20 / 25.4;
const strike = (owner: string, side: 0 | 1, target: string, models: number, over: Record<string, unknown> = {}) => ({ id: `${owner}>${target}`, owner, side, target, models, attacks: 1, bonusAttacks: 0, charged: false, initiative: 3, hitNeed: 4, woundNeed: 4, saveNeed: null, tier: 2, ...over });
const HERO = { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8 };
const CHAMP = { M: 4, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 4, A: 2, Ld: 7 };
const hero = (id: string, side: string, joinedTo: string) => ({ id, side, name: id, profile: HERO, base: { w: W, d: W }, position: { x: 1, y: 1 }, facing: 0, joinedTo });
const LEADER = { command: { leader: true, standard: false, musician: false } };

/** b fought front to front by a (8 models, 4 wide) and on its left flank by c (4 models). */
function flanked(over: { a?: object; b?: object; c?: object; combat?: object; characters?: unknown[] } = {}): BattleState {
  return engaged({ files: 4, figures: 8, ...over.a }, { ...over.b }, { units: [foot("c", "fr", { files: 4, figures: 4, position: { x: 36 + (5 * W) / 2, y: 24 + 1.5 }, facing: 180, ...over.c })], characters: over.characters ?? [], combat: { units: ["a", "b", "c"] as never, ...over.combat } });
}

describe("the main target of a unit fighting two enemies (CORE-CC-2, CORE-LEAD-2, CORE-CHAR)", () => {
  it("CORE-CHAR: a joined character strikes the enemy most of his unit fights, not the other", () => {
    const s = flanked({ characters: [hero("h", "gb", "b")] });
    expect(built(s).input.strikers).toEqual([
      strike("a", 0, "b", 4),
      strike("b", 1, "a", 5),
      strike("b", 1, "c", 3),
      strike("h", 1, "a", 1, { attacks: 3, initiative: 5, hitNeed: 3, woundNeed: 3 }),
      strike("c", 0, "b", 4),
    ]);
  });

  it("CORE-LEAD-1 / AMB-111: a champion strikes apart only the main target; the unit's other group keeps all its models", () => {
    const s = flanked({ b: { ...LEADER, champion: CHAMP } });
    expect(built(s).input.strikers).toEqual([
      strike("a", 0, "b", 4),
      { ...strike("b*champion", 1, "a", 1, { attacks: 2, initiative: 4, hitNeed: 3, woundNeed: 4 }), id: "b*champion>a", owner: "b" },
      strike("b", 1, "a", 4),
      strike("b", 1, "c", 3),
      strike("c", 0, "b", 4),
    ]);
  });
});

describe("ties for the main target (CORE-CC-2, CORE-LEAD-2)", () => {
  // a, 4 wide, faces b and c (each 2 wide) side by side; its two middle models touch both.
  const split = (a: object = {}, characters: unknown[] = []) =>
    engaged({ files: 4, figures: 8, ...a }, { files: 2, figures: 4, position: { x: 36 - W, y: 24 } }, { units: [foot("c", "gb", { files: 2, figures: 4, position: { x: 36 + W, y: 24 }, facing: 270 })], characters, combat: { units: ["a", "b", "c"] as never } });

  it("CORE-LEAD-2: with the same number on two enemies the main target is the first by id; only it gets the leader's attack and the character", () => {
    const s = split(LEADER, [hero("h", "fr", "a")]);
    // By default both models touching both go to b (3 to 1); the owner splits them one each: 2 and 2.
    expect(built(s).input.strikers.filter((x) => x.owner === "a").map((x) => [x.id, x.models, x.bonusAttacks])).toEqual([
      ["a>b", 3, 1],
      ["a>c", 1, 0],
    ]);
    const even = new Map([["a", new Map([["b", 1], ["c", 1]])]]);
    expect(buildRound(s, c1(s), even).input.strikers).toEqual([
      strike("a", 0, "b", 2, { bonusAttacks: 1 }),
      strike("a", 0, "c", 2),
      strike("h", 0, "b", 1, { attacks: 3, initiative: 5, hitNeed: 3, woundNeed: 3 }),
      strike("b", 1, "a", 2),
      strike("c", 1, "a", 2),
    ]);
  });
  it("CORE-CC-2: the main target is the enemy with most fighters even when its contact came second", () => {
    const s = split(LEADER, [hero("h", "fr", "a")]);
    const toC = new Map([["a", new Map([["b", 0], ["c", 2]])]]);
    expect(buildRound(s, c1(s), toC).input.strikers.filter((x) => x.side === 0)).toEqual([
      strike("a", 0, "c", 3, { bonusAttacks: 1 }),
      strike("a", 0, "b", 1),
      strike("h", 0, "c", 1, { attacks: 3, initiative: 5, hitNeed: 3, woundNeed: 3 }),
    ]);
  });
});

describe("a joined character of a unit touching no enemy (CORE-CHAR)", () => {
  it("CORE-CHAR: he strikes nobody but is still a victim, and counts as a model of his unit", () => {
    const s = engaged({}, {}, { units: [foot("far", "fr", { files: 4, figures: 8, position: { x: 8, y: 8 }, facing: 0 })], characters: [hero("h", "fr", "far")], combat: { units: ["a", "b", "far"] as never } });
    const b = built(s);
    expect(b.input.strikers.map((x) => x.id)).toEqual(["a>b", "b>a"]);
    expect(b.input.victims.filter((v) => v.id === "h" || v.id === "far")).toEqual([
      { id: "h", side: 0, kind: "character", models: 1, wounds: 2, woundsTaken: 0, result: null },
      { id: "far", side: 0, kind: "unit", models: 8, wounds: 1, woundsTaken: 0, result: result([0, 0, 0, 0, 0, 0, 0, 0, 1], { extraModels: 1 }) },
    ]);
  });
});

describe("laps made on the charge count in the first round (WHN-CHRG-7/8, AMB-17)", () => {
  type Lap = { unit: string; target: string; combat: string; models: number; removesRankBonus: boolean };
  // far (fr, with a joined hero) is listed in c1 but touches nobody; its laps are recorded as facts.
  const lapped = (laps: Lap[], combat: object = { rounds: 0 }): BattleState => {
    const s = engaged({}, {}, { units: [foot("far", "fr", { files: 4, figures: 8, position: { x: 8, y: 8 }, facing: 0 })], characters: [hero("h", "fr", "far")], combat: { units: ["a", "b", "far"] as never, ...combat } });
    return { ...s, facts: { ...s.facts, movement: { ...s.facts.movement, laps } } } as unknown as BattleState;
  };
  const lap = (over: Partial<Lap> = {}): Lap => ({ unit: "far", target: "b", combat: "c1", models: 2, removesRankBonus: true, ...over });
  const sideA = (s: BattleState) => built(s).input.strikers.filter((x) => x.side === 0);
  const res = (s: BattleState, id: string) => victim(s, id)!.result;

  it("WHN-CHRG-7/8: the lapping models fight the target, the character joins them, the target is flanked, the lapper fights a flank", () => {
    const s = lapped([lap()]);
    expect(sideA(s)).toEqual([strike("a", 0, "b", 5), strike("far", 0, "b", 2), strike("h", 0, "b", 1, { attacks: 3, initiative: 5, hitNeed: 3, woundNeed: 3 })]);
    expect(res(s, "b")).toEqual(result([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3], { flankedBy: ["far"] }));
    expect(res(s, "far")).toEqual(result([0, 0, 0, 0, 0, 0, 0, 0, 1], { fightsFlank: true, extraModels: 1 }));
  });

  it("AMB-17: a lap that does not remove ranks fights but leaves the target unflanked", () => {
    const s = lapped([lap({ removesRankBonus: false })]);
    expect(sideA(s).map((x) => [x.id, x.models])).toEqual([["a>b", 5], ["far>b", 2], ["h>b", 1]]);
    expect(res(s, "b")).toMatchObject({ flankedBy: [] });
    expect(res(s, "far")).toMatchObject({ fightsFlank: true });
  });

  it("WHN-CHRG-7: laps count only in the first round, of this combat, between units fighting in it", () => {
    const none = [strike("a", 0, "b", 5)];
    for (const s of [lapped([lap()], { rounds: 1 }), lapped([lap({ combat: "c2" })]), lapped([lap({ unit: "zz" })]), lapped([lap({ target: "zz" })])]) {
      expect(sideA(s)).toEqual(none);
      expect(res(s, "b")).toMatchObject({ flankedBy: [] });
      expect(res(s, "far")).toMatchObject({ fightsFlank: false });
    }
  });

  it("WHN-CHRG-7: a lap recorded with no models gives no target, so the joined character strikes nobody", () => {
    const s = lapped([lap({ models: 0 })]);
    expect(sideA(s)).toEqual([strike("a", 0, "b", 5)]);
  });
});

describe("lapping round after a won round (CORE-REDR-3, AMB-17)", () => {
  const wide = (options: object = {}) => engaged({ files: 9, figures: 18 }, { files: 3, figures: 9 }, { combat: { lastWinner: "fr" as never }, options });

  it("CORE-REDR-3: the lapper fights a flank; the lapped enemy, still fought on its front, is not flanked under either lapIsFullFlankAttack", () => {
    for (const o of [{}, { whn: { lapIsFullFlankAttack: true } }]) {
      expect(victim(wide(o), "b")).toEqual({ id: "b", side: 1, kind: "unit", models: 9, wounds: 1, woundsTaken: 0, result: result([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) });
      expect(victim(wide(o), "a")!.result).toEqual(result([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], { fightsFlank: true }));
    }
  });
});

describe("a champion in a challenge (CORE-CHAL-3, AMB-111)", () => {
  it("CORE-CHAL-3: the rest of his unit is a victim of one model fewer, its result counting him as an extra model", () => {
    const s0 = engaged({ files: 5, figures: 10, command: { leader: true, standard: true, musician: true }, champion: CHAMP }, {}, { characters: [hero("h", "gb", "b")] });
    const s = { ...s0, facts: { ...s0.facts, duels: { c1: { a: "a", b: "h" } } } } as BattleState;
    const v = built(s).input.victims;
    expect(v.filter((x) => x.side === 0)).toEqual([
      { id: "a*champion", side: 0, kind: "character", models: 1, wounds: 1, woundsTaken: 0, result: null },
      { id: "a", side: 0, kind: "unit", models: 9, wounds: 1, woundsTaken: 0, result: result([0, 0, 0, 0, 0, 0, 0, 0, 1, 1], { standardFrom: 1, musicianFrom: 2, extraModels: 1 }) },
    ]);
  });
});
