import { describe, expect, it } from "vitest";
import { applyUnknown as apply, withScriptedDice, combatId, characterId, type BattleState, type BattleEvent } from "../../src/index.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller } from "../../src/dice/index.js";
import { buildRound } from "../../src/rules/whn/combat/index.js";
import { redress } from "../../src/rules/whn/combat/redress.js";
import { footprintOf, layoutOf } from "../../src/rules/whn/unit.js";
import { footprintDistance, rectsOverlap } from "../../src/geometry/rect.js";
import { recorder } from "../../src/rules/whn/combat/recorder.js";
import { engaged, foot } from "../fixtures/combat.js";
import { A_KILLS_3, LD6, ev, mustApply as ok, unitOf as unit } from "../fixtures/play.js";

const ONE_TWO = Array.from({ length: 120 }, (_, i) => 1 + (i % 2));
const HORSE = { troopType: "cavalry" as const, base: { w: 25 / 25.4, d: 50 / 25.4 }, formation: "CAV_LINE" as const, files: 5, figures: 10, profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 } };
const hero = (id: string, side: string, joinedTo: string, over: Record<string, unknown> = {}) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 9 }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo, ...over });

describe("break tests", () => {
  it("CORE-BREAK-2: a unit tests on the best Leadership of its joined characters", () => {
    const s = withScriptedDice(engaged({ profile: LD6 }, {}, { characters: [hero("wel", "gb", "b", { profile: { M: 4, WS: 1, BS: 1, S: 1, T: 4, W: 2, I: 1, A: 0, Ld: 9 } })] }), [...A_KILLS_3, 4, 1]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/breakTest")[0]).toMatchObject({ unit: "b", leadership: 9, target: 5, passed: true });
  });

  it("CORE-BREAK-4: with core.autoBreakBelowQuarter a loser at a quarter of its models breaks without a test (AMB-01)", () => {
    const s = withScriptedDice(engaged({ profile: LD6 }, { figures: 5, startingFigures: 20 }, { options: { core: { autoBreakBelowQuarter: true } } }), [6, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1, 3, 4]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/breakTest")[0]).toMatchObject({ unit: "b", auto: true, passed: false, rule: "CORE-BREAK-4" });
    expect(unit(r.state, "b").order).toBe("FLEEING");
  });

  it("WHN-BREAK-3: cavalry that lose to a square and fail flow past it, DISORDERED, not broken", () => {
    const base = engaged({ formation: "SQUARE", profile: LD6 }, HORSE);
    const k = buildRound(base, base.combats[combatId("c1")]!).input.strikers.find((x) => x.owner === "a")!.models;
    // Square: k hits, k wounds, saves all fail (1s); cavalry strike with nothing left in contact; cavalry test 6+6.
    const r = ok(withScriptedDice(base, [...new Array(2 * k).fill(6), ...new Array(k).fill(1), 6, 6]), { type: "combat/fight" });
    expect(ev(r.events, "combat/flowedPast")[0]).toMatchObject({ unit: "b", rule: "WHN-BREAK-3" });
    expect(unit(r.state, "b").order).toBe("DISORDERED");
    expect(unit(r.state, "b").position.y).toBeCloseTo(24 - 8, 6);
    expect(ev(r.events, "combat/broke")).toEqual([]);
  });

  it("WHN-BREAK-4: winning cavalry whose opponents fell back fall back too, in good order", () => {
    const s = withScriptedDice(engaged({ ...HORSE, position: { x: 36, y: 24 } }, {}), [...A_KILLS_3, 1, 1]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/fellBack").map((e) => [e["unit"], e.rule])).toEqual([
      ["b", "WHN-BREAK-2"],
      ["a", "WHN-BREAK-4"],
    ]);
    expect(unit(r.state, "a").order).toBe("GOOD");
    expect(unit(r.state, "a").position.y).toBeCloseTo(24 - 8, 6);
  });
});

describe("the phase", () => {
  it("CORE-CC-1: entering the close combat phase fights every combat (both players' units), then the combat may end", () => {
    const s0 = engaged({ profile: LD6 });
    const s = withScriptedDice({ ...s0, turn: { ...s0.turn, phase: "shooting" } }, [...A_KILLS_3, 1, 1]);
    const r = ok(s, { type: "turn/advance" });
    expect(ev(r.events, "combat/roundFought")).toHaveLength(1);
    expect(ev(r.events, "combat/ended")[0]).toMatchObject({ combat: "c1", rule: "CORE-CC-1" });
    expect(apply(r.state, { type: "combat/fight", combat: "c1" }).ok).toBe(false);
  });

  it("CORE-STD-1 / CORE-STD-2: a standard adds +1 to its side's result", () => {
    const s = withScriptedDice(engaged({ profile: LD6, command: { leader: false, standard: true, musician: false } }), [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/roundFought")[0]).toMatchObject({ winner: "fr", margin: 1 });
  });

  it("HR-SQUARE-1: with hr.squarenessAtCombatStart the first squareness is kept on the combat (AMB-95)", () => {
    const s = withScriptedDice(engaged({ profile: LD6, files: 6, figures: 36 }, {}, { options: { hr: { squareness: "direct", squarenessAtCombatStart: true } } }), [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 4]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/roundFought")[0]).toMatchObject({ squareness: [2, 0] });
  });
});

describe("challenges", () => {
  const withHeroes = (options: unknown = {}) => engaged({ profile: LD6 }, {}, { characters: [hero("ney", "fr", "a"), hero("pic", "gb", "b"), hero("hill", "gb", "b", { profile: { M: 4, WS: 4, BS: 4, S: 4, T: 4, W: 2, I: 4, A: 2, Ld: 8 } })], options });

  it("CORE-CHAL-1: the active player may issue a challenge first; CORE-CHAL-2: accepted, the two fight only each other (CORE-CHAL-3)", () => {
    const s0 = withHeroes();
    const r0 = ok({ ...s0, turn: { ...s0.turn, phase: "shooting" } }, { type: "turn/advance" });
    expect(r0.state.pending[0]).toMatchObject({ kind: "challenge", side: "fr", rule: "CORE-CHAL-1" });
    const r1 = ok(r0.state, { type: "combat/challenge", combat: "c1", challenger: "ney" });
    expect(r1.state.pending[0]).toMatchObject({ kind: "challengeAnswer", side: "gb" });
    const r2 = apply(withScriptedDice(r1.state, ONE_TWO), { type: "combat/answerChallenge", combat: "c1", champion: "pic" });
    expect(r2.ok).toBe(true);
    if (!r2.ok) return;
    const strikes = ev(r2.events, "combat/strike").flatMap((e) => e["strikers"] as string[]);
    expect(strikes).toContain("ney>pic");
    expect(strikes).toContain("pic>ney");
    expect(strikes).toContain("hill>a");
  });

  it("CORE-CHAL-2: a refusal retires one of the refuser's characters, chosen by the refuser (AMB-07); the challenger fights normally", () => {
    const s0 = withHeroes();
    const r0 = ok({ ...s0, turn: { ...s0.turn, phase: "shooting" } }, { type: "turn/advance" });
    const r1 = ok(r0.state, { type: "combat/challenge", combat: "c1", challenger: "ney", retireIfRefused: "pic" });
    const r2 = apply(withScriptedDice(r1.state, ONE_TWO), { type: "combat/answerChallenge", combat: "c1", champion: null, retire: "hill" });
    expect(r2.ok).toBe(true);
    if (!r2.ok) return;
    expect(ev(r2.events, "combat/challengeRefused")[0]).toMatchObject({ retired: "hill", chosenBy: "refuser" });
    const strikes = ev(r2.events, "combat/strike").flatMap((e) => e["strikers"] as string[]);
    expect(strikes).not.toContain("hill>a");
    expect(strikes).toContain("ney>b");
  });

  it("CORE-CHAL-2: with core.challengeRefuserChooses off the challenger's pick retires", () => {
    const s0 = withHeroes({ core: { challengeRefuserChooses: false } });
    const r0 = ok({ ...s0, turn: { ...s0.turn, phase: "shooting" } }, { type: "turn/advance" });
    const r1 = ok(r0.state, { type: "combat/challenge", combat: "c1", challenger: "ney", retireIfRefused: "pic" });
    const r2 = apply(withScriptedDice(r1.state, ONE_TWO), { type: "combat/answerChallenge", combat: "c1", champion: null, retire: "hill" });
    expect(r2.ok && ev(r2.events, "combat/challengeRefused")[0]).toMatchObject({ retired: "pic", chosenBy: "challenger" });
  });

  it("CORE-CHAL-1: a character not in the combat cannot challenge", () => {
    const s0 = withHeroes();
    const r0 = ok({ ...s0, turn: { ...s0.turn, phase: "shooting" } }, { type: "turn/advance" });
    const r = apply(r0.state, { type: "combat/challenge", combat: "c1", challenger: characterId("pic") });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation).toMatchObject({ code: "combat/not_in_combat", rule: "CORE-CHAL-1" });
  });
});

describe("pursuit details", () => {
  const broken = (over: Parameters<typeof engaged>[2] = {}, b: Record<string, unknown> = {}) =>
    ok(withScriptedDice(engaged({ profile: LD6 }, b, over), [...A_KILLS_3, 6, 6, 3, 4]), { type: "combat/fight" }).state;

  it("CORE-PURS-6: pursuers running into a fresh enemy start a new combat as chargers, fought next phase", () => {
    const s = broken({ units: [foot("c", "gb", { position: { x: 50, y: 40 }, facing: 270 })] });
    // c stands across the pursuit path? Put it straight ahead instead.
    const moved = { ...s, units: { ...s.units, c: { ...unit(s, "c"), position: { x: 36, y: 33 } } } } as BattleState;
    const r = ok(withScriptedDice(moved, [6, 6]), { type: "combat/restrain", unit: "a", pursue: true });
    const charge = ev(r.events, "combat/pursuitCharge")[0]!;
    expect(charge).toMatchObject({ unit: "a", target: "c", rule: "CORE-PURS-6" });
    const c = r.state.combats[charge["combat"] as never]!;
    expect(c).toMatchObject({ units: ["a", "c"], chargers: ["a"], rounds: 0 });
  });

  it("CORE-PURS-7: pursuers that would leave the table stop at the edge, leave play and return later (AMB-03)", () => {
    const s = broken({}, {});
    const near = { ...s, units: { ...s.units, a: { ...unit(s, "a"), position: { x: 36, y: 40 } }, b: { ...unit(s, "b"), position: { x: 36, y: 46 } } } } as BattleState;
    const r = ok(withScriptedDice(near, [6, 6]), { type: "combat/restrain", unit: "a", pursue: true });
    expect(ev(r.events, "combat/pursuedOffTable")[0]).toMatchObject({ unit: "a", rule: "CORE-PURS-7" });
    expect(unit(r.state, "a").removed?.reason).toBe("offTable");
    expect(unit(r.state, "a").returnAt).not.toBeNull();
  });

  it("CORE-PURS-2: a unit defending an obstacle stays without a test; CORE-PURS-5: across an obstacle the pursuit roll is halved (AMB-02)", () => {
    const wall = { id: "wall", kind: "wall", polygon: [{ x: 30, y: 24.5 }, { x: 42, y: 24.5 }, { x: 42, y: 25 }, { x: 30, y: 25 }], tags: { obstacle: true } };
    const s = ok(withScriptedDice(engaged({ profile: LD6 }, {}, { terrain: [wall] }), [...A_KILLS_3, 6, 6, 3, 4]), { type: "combat/fight" }).state;
    const stay = ok(s, { type: "combat/restrain", unit: "a", pursue: false });
    expect(ev(stay.events, "combat/restrained")[0]).toMatchObject({ rule: "CORE-PURS-2" });
    const chase = ok(withScriptedDice(s, [6, 5]), { type: "combat/restrain", unit: "a", pursue: true });
    expect(ev(chase.events, "combat/pursuit")[0]).toMatchObject({ roll: 6, halved: true, caught: false });
  });
});

describe("disengaging", () => {
  const inMovement = (a: Record<string, unknown>, b: Record<string, unknown> = {}): BattleState => {
    const s = engaged(a, b);
    return { ...s, turn: { ...s.turn, phase: "movement", step: "declareCharges" } };
  };

  it("CORE-DISENG-1: declared with charges, a passed Leadership test turns the unit about and moves it up to 2×M away; CORE-DISENG-4: not pursued", () => {
    const r1 = ok(inMovement({}), { type: "combat/disengage", unit: "a" });
    expect(r1.events[0]).toMatchObject({ type: "combat/disengageDeclared", rule: "CORE-DISENG-1" });
    let s = r1.state;
    s = withScriptedDice(s, [2, 2]);
    for (let i = 0; i < 3; i++) s = ok(s, { type: "turn/advance" }).state;
    expect(s.turn.step).toBe("compulsory");
    const a = unit(s, "a");
    expect(a.facing).toBe(270);
    expect(a.position.y).toBeLessThan(24 - 4);
    expect(s.combats).toEqual({});
    expect(s.pending).toEqual([]);
  });

  it("CORE-DISENG-1: a disengagement never backs into an enemy touching its rear that is not in its combat (walk seed 101 #731)", () => {
    const depth = layoutOf(engaged().units["a" as never]!).depth;
    const c = foot("c", "gb", { position: { x: 36, y: 24 - depth }, facing: 90, formation: "BLOCK", files: 3, figures: 45 });
    const start = engaged({}, {}, { units: [c] });
    let s = ok({ ...start, turn: { ...start.turn, phase: "movement", step: "declareCharges" } }, { type: "combat/disengage", unit: "a" }).state;
    s = withScriptedDice(s, [2, 2]);
    for (let i = 0; i < 3; i++) s = ok(s, { type: "turn/advance" }).state;
    expect(s.turn.step).toBe("compulsory");
    const fa = footprintOf(unit(s, "a"));
    expect(footprintOf(unit(s, "c")).some((x) => fa.some((y) => rectsOverlap(x, y)))).toBe(false);
    expect(unit(s, "a").facing).toBe(270);
  });

  it("CORE-DISENG-2: failing, the unit breaks and flees and its enemies may pursue", () => {
    let s = ok(inMovement({}), { type: "combat/disengage", unit: "a" }).state;
    s = withScriptedDice(s, [6, 6, 3, 3]);
    for (let i = 0; i < 3; i++) s = ok(s, { type: "turn/advance" }).state;
    expect(unit(s, "a").order).toBe("FLEEING");
    expect(s.pending[0]).toMatchObject({ kind: "restraint", unit: "b", rule: "CORE-DISENG-2" });
  });

  it("CORE-DISENG-3: cavalry facing nothing faster disengage without a test; a DISORDERED unit may not declare (AMB-107)", () => {
    let s = ok(inMovement(HORSE), { type: "combat/disengage", unit: "a" }).state;
    const seen: BattleEvent[] = [];
    for (let i = 0; i < 3; i++) {
      const r = ok(s, { type: "turn/advance" });
      s = r.state;
      seen.push(...r.events);
    }
    expect(seen.find((e) => e.type === "combat/disengageTest")).toMatchObject({ free: true, rule: "CORE-DISENG-3" });
    const r = apply(inMovement({ order: "DISORDERED" }), { type: "combat/disengage", unit: "a" });
    expect(r.ok).toBe(false);
  });
});

describe("redressing ranks", () => {
  it("CORE-REDR-1: a winner still engaged widens by up to 2 files a flank; CORE-REDR-2: its ranks may shorten", () => {
    const s = engaged({ files: 5, figures: 30, formation: "BLOCK" }, { files: 9, figures: 18 });
    const { ctx } = makeContext(s, roller(s.dice));
    const out = redress(s, recorder(ctx), "a", "b");
    expect(out.units["a" as never]!.files).toBe(9);
  });

  it("CORE-REDR-1: a winner with its enemy against a flank does not widen into it (the new files need room; walk seed 101 #5340)", () => {
    const a = engaged({ files: 5, figures: 30, formation: "BLOCK" }).units["a" as never]!;
    const { width, depth } = layoutOf(a);
    // b's front edge on a's right flank, half way down it.
    const s = engaged({ files: 5, figures: 30, formation: "BLOCK" }, { files: 3, figures: 9, position: { x: 36 + width / 2, y: 24 - depth / 2 }, facing: 180 });
    expect(footprintDistance(footprintOf(s.units["a" as never]!), footprintOf(s.units["b" as never]!))).toBeCloseTo(0, 9);
    const { ctx } = makeContext(s, roller(s.dice));
    const out = redress(s, recorder(ctx), "a", "b");
    expect(out.units["a" as never]!.files).toBe(5);
    const fa = footprintOf(out.units["a" as never]!);
    expect(footprintOf(out.units["b" as never]!).some((x) => fa.some((y) => rectsOverlap(x, y)))).toBe(false);
  });

  it("CORE-REDR-3: after a won round, models beyond the enemy's edge lap round: they fight and count +1 flank (WHN-CC-5 as AMB-17)", () => {
    const s = engaged({ files: 9, figures: 27 }, { files: 5, figures: 15 }, { combat: { lastWinner: "fr" as never } });
    const b = buildRound(s, s.combats[combatId("c1")]!);
    expect(b.input.strikers.find((x) => x.owner === "a")!.models).toBe(7 + 2);
    expect(b.input.victims.find((v) => v.id === "a")!.result!.fightsFlank).toBe(true);
    expect(b.input.victims.find((v) => v.id === "b")!.result!.flankedBy).toEqual([]);
  });
});

describe("casualties and flight from combat", () => {
  it("CORE-LEAD-3: the unit leader is the last model removed (after musician and standard bearer, CORE-STD-3)", () => {
    const s = withScriptedDice(engaged({ profile: LD6 }, { files: 3, figures: 3, command: { leader: true, standard: true, musician: true } }), [6, 6, 1, 1, 1, 6, 6, 1, 1, 1, 1, 3, 4]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/casualties")[0]).toMatchObject({ unit: "b", removed: 2, commandLost: ["musician", "standard"] });
    expect(unit(r.state, "b").command).toMatchObject({ leader: true, standard: false, musician: false });
  });

  it("CORE-FLEE-4: a broken unit flees straight through friends behind it; CORE-FLEE-5: leaving the table removes it", () => {
    const friend = foot("c", "gb", { position: { x: 36, y: 30 }, facing: 270 });
    const s = withScriptedDice(engaged({ profile: LD6 }, {}, { units: [friend] }), [...A_KILLS_3, 6, 6, 1, 1, 6, 6, 3, 4]);
    const r = ok(s, { type: "combat/fight" });
    const fled = ev(r.events, "unit/fled").find((e) => e["unit"] === "b")!;
    expect(fled["passedThrough"]).toEqual(["c"]);
    const edge = withScriptedDice(engaged({ profile: LD6, position: { x: 36, y: 40 } }, { position: { x: 36, y: 40 } }), [...A_KILLS_3, 6, 6, 6, 6]);
    const r2 = ok(edge, { type: "combat/fight" });
    expect(unit(r2.state, "b").removed?.reason).toBe("fledTable");
  });
});
