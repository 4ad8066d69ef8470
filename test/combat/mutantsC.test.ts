/**
 * Rule tests added for the surviving mutants of the sampled mutation runs of src/rules/whn/combat
 * (seed 2 and seed 3 of docs/guides/trust.md): each fails with its mutant applied to the source.
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, combatId, withScriptedDice, type BattleState } from "../../src/index.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller } from "../../src/dice/index.js";
import { buildRound, weaponEffect } from "../../src/rules/whn/combat/index.js";
import { flowPast } from "../../src/rules/whn/combat/fallBack.js";
import { recorder } from "../../src/rules/whn/combat/recorder.js";
import { splitAnswers } from "../../src/rules/whn/combat/split.js";
import { roundOutcomes } from "../../src/rules/whn/combat/exact.js";
import { decisionChain } from "../../src/rules/whn/combat/markov.js";
import { duelInput, duelMorale, striker } from "../fixtures/combatPlain.js";
import { engaged, foot, horse } from "../fixtures/combat.js";
import { A_WINS_B_HOLDS, LD6, ev, mustApply as ok, unitOf as unit } from "../fixtures/play.js";

const ONE_TWO = Array.from({ length: 120 }, (_, i) => 1 + (i % 2));
const hero = (id: string, side: string, joinedTo: string, Ld: number) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo });
const built = (s: BattleState) => buildRound(s, s.combats[combatId("c1")]!);

describe("challenges refused (seed 2 survivor, combat/actions.ts answerChallenge)", () => {
  /** ney (fr) may challenge; gb's unit b has pic (Ld 9) and hill (Ld 8): the default retiree is pic. */
  const withHeroes = (options: unknown = {}) => engaged({ profile: LD6 }, {}, { characters: [hero("ney", "fr", "a", 9), hero("pic", "gb", "b", 9), hero("hill", "gb", "b", 8)], options });
  const challenged = (options: unknown, retireIfRefused?: string) => {
    const s0 = withHeroes(options);
    const r0 = ok({ ...s0, turn: { ...s0.turn, phase: "shooting" } }, { type: "turn/advance" });
    return ok(r0.state, { type: "combat/challenge", combat: "c1", challenger: "ney", ...(retireIfRefused === undefined ? {} : { retireIfRefused }) }).state;
  };
  const refusal = (s: BattleState, answer: object = {}) => {
    const r = ok(withScriptedDice(s, ONE_TWO), { type: "combat/answerChallenge", combat: "c1", champion: null, ...answer });
    return { refused: ev(r.events, "combat/challengeRefused")[0], strikers: ev(r.events, "combat/strike").flatMap((e) => e["strikers"] as string[]) };
  };

  it("CORE-CHAL-2 / AMB-07: with core.challengeRefuserChooses off, the challenger's pick retires even when it is not the refuser's best Leadership", () => {
    const out = refusal(challenged({ core: { challengeRefuserChooses: false } }, "hill"), { retire: "pic" });
    expect(out.refused).toMatchObject({ combat: "c1", challenger: "ney", retired: "hill", chosenBy: "challenger", rule: "CORE-CHAL-2" });
    expect(out.strikers).not.toContain("hill>a");
    expect(out.strikers).toContain("pic>a");
  });

  it("CORE-CHAL-2: with the challenger choosing but naming nobody, the refuser's highest Leadership retires", () => {
    const out = refusal(challenged({ core: { challengeRefuserChooses: false } }), { retire: "hill" });
    expect(out.refused).toMatchObject({ retired: "pic", chosenBy: "challenger" });
    expect(out.strikers).toContain("hill>a");
    expect(out.strikers).not.toContain("pic>a");
  });

  it("CORE-CHAL-2 / AMB-07: the refuser choosing but naming nobody retires his highest Leadership; the challenger's wish is ignored", () => {
    const out = refusal(challenged({}, "hill"));
    expect(out.refused).toMatchObject({ retired: "pic", chosenBy: "refuser" });
    const named = refusal(challenged({}, "pic"), { retire: "hill" });
    expect(named.refused).toMatchObject({ retired: "hill", chosenBy: "refuser" });
  });
});

describe("seed-3 survivors: answering a challenge (combat/actions.ts)", () => {
  it("CORE-CHAL-2: an answer while no challenge stands in that combat is refused as no_challenge_due and changes nothing", () => {
    const s0 = engaged({ profile: LD6 }, {}, { characters: [hero("ney", "fr", "a", 9), hero("pic", "gb", "b", 9)] });
    const r0 = ok({ ...s0, turn: { ...s0.turn, phase: "shooting" } }, { type: "turn/advance" });
    expect(r0.state.pending[0]).toMatchObject({ kind: "challenge", side: "fr" });
    // The answer decision put in place of the offer: nobody has challenged, so the stage is still the offer.
    const s = { ...r0.state, pending: [{ ...r0.state.pending[0]!, kind: "challengeAnswer", side: "gb" }] } as unknown as BattleState;
    const r = apply(s, { type: "combat/answerChallenge", combat: "c1", champion: "pic" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation).toEqual({ code: "combat/no_challenge_due", rule: "CORE-CHAL-2", combat: "c1" });
  });
});

describe("flank bonus (seed 2 survivor, combat/build.ts resultData)", () => {
  it("CORE-CR-4: a unit fights an enemy's flank only through its own contacts: a friend of 4 models on the flank earns its side nothing", () => {
    // b (gb) fights a (fr, 20 models) front to front; c (fr, 4 models in one rank) has its front on b's right flank.
    const s0 = engaged({ profile: LD6 }, {}, { units: [foot("c", "fr", { files: 4, figures: 4, position: { x: 36 + 5 * (20 / 25.4) / 2, y: 24 + 1.5 }, facing: 180 })] });
    const s = { ...s0, combats: { c1: { ...s0.combats[combatId("c1")]!, units: [...s0.combats[combatId("c1")]!.units, "c"] } } } as BattleState;
    const victims = built(s).input.victims;
    expect(victims.find((v) => v.id === "c")!.result!.fightsFlank).toBe(true);
    expect(victims.find((v) => v.id === "a")!.result!.fightsFlank).toBe(false);
    // CORE-CR-3: c's contact on b's flank is listed against b (lapping or not; it is too small to cancel ranks).
    expect(victims.find((v) => v.id === "b")!.result!.flankedBy).toEqual(["c"]);
  });

  it("CORE-CR-4: a unit on one enemy's flank fights that flank even while a second enemy is in contact with it", () => {
    // As above, and g (gb) has its front on c's rear: c has two enemies in the combat, b and g.
    const F = 20 / 25.4;
    const cAt = { x: 36 + (5 * F) / 2, y: 24 + 1.5 };
    const s0 = engaged({ profile: LD6 }, {}, { units: [foot("c", "fr", { files: 4, figures: 4, position: cAt, facing: 180 }), foot("g", "gb", { files: 4, figures: 4, position: { x: cAt.x + F, y: cAt.y }, facing: 180 })] });
    const s = { ...s0, combats: { c1: { ...s0.combats[combatId("c1")]!, units: [...s0.combats[combatId("c1")]!.units, "c", "g"] } } } as BattleState;
    const victims = built(s).input.victims;
    expect(victims.find((v) => v.id === "c")!.result!.fightsFlank).toBe(true);
    expect(victims.find((v) => v.id === "c")!.result!.fightsRear).toBe(false);
  });
});

describe("cavalry fall back of a unit that fled since (seed 2 survivor, combat/fallBack.ts cavalryFallBack)", () => {
  /**
   * c1: a (fr) beats b (gb) at x 36; e (gb) stands 0.35" behind b, so b's fall back is blocked.
   * c2, 12" to the west: the DISORDERED hussars x (gb) beat d (fr), which falls back.
   */
  function twoCombats(): BattleState {
    const base = engaged({ profile: LD6 }, {}, {
      units: [
        foot("e", "gb", { position: { x: 36, y: 27.5 }, facing: 270 }),
        foot("d", "fr", { position: { x: 24, y: 24 }, facing: 90, profile: { ...LD6, I: 3 } }),
        horse("x", "gb", { position: { x: 24, y: 24 }, facing: 270, files: 5, figures: 10, order: "DISORDERED" }),
      ],
    });
    const c2 = { id: combatId("c2"), units: ["d", "x"], chargers: [], lastWinner: null, rounds: 1, squareness: {} };
    return { ...base, combats: { ...base.combats, c2 } } as unknown as BattleState;
  }
  // c1 as A_WINS_B_HOLDS; c2: x hits 3 (6 6 6 1 1) and wounds 3 (6 6 6), d's 2 left miss (1 1); d's Break test 1 + 1 passes;
  // b's blocked fall back: e's Panic test 1 + 1 passes, x's 6 + 6 fails (DISORDERED: it flees); b flees 3 + 4, x 2 + 2 + 2.
  const DICE = [...A_WINS_B_HOLDS.slice(0, 10), 6, 6, 6, 1, 1, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 3, 4, 2, 2, 2, 1, 1];

  it("WHN-BREAK-4 / CORE-PANIC-5: cavalry due to fall back from an opponent that fell back, but put to flight in panic meanwhile, make no fall back", () => {
    const r1 = ok(withScriptedDice(twoCombats(), DICE), { type: "combat/fight" });
    expect(ev(r1.events, "combat/cavalryFallBackDue")).toMatchObject([{ unit: "x", from: "d", combat: "c2", rule: "WHN-BREAK-4" }]);
    expect(ev(r1.events, "morale/panicTest").map((e) => [e["unit"], e["passed"]])).toEqual([["e", true], ["x", false]]);
    expect(ev(r1.events, "unit/fled").map((e) => [e["unit"], e["roll"], e.rule])).toEqual([["b", 7, "WHN-BREAK-2"], ["x", 6, "CORE-PANIC-5"]]);
    expect(ev(r1.events, "combat/fellBack")).toMatchObject([{ unit: "d", from: "x", to: { x: 24, y: 20 }, rule: "WHN-BREAK-2" }]);
    const fled = unit(r1.state, "x").position;
    // It turned about and fled 6" north: its new front is its old rear rank's edge (2 ranks of 50 mm) plus 6".
    expect([unit(r1.state, "x").order, fled.x]).toEqual(["FLEEING", 24]);
    expect(fled.y).toBeCloseTo(24 + 2 * (50 / 25.4) + 6, 9);
    // a passes its restraint test (1 + 1); the aftermath ends without moving the fleeing hussars again.
    const r2 = ok(r1.state, { type: "combat/restrain", unit: "a", pursue: false });
    expect(ev(r2.events, "combat/fellBack")).toEqual([]);
    expect(unit(r2.state, "x").position).toEqual(fled);
    expect(ev(r2.events, "combat/aftermathDone")).toHaveLength(1);
  });
});

describe("seed-3 survivors: aftermath (combat/aftermath.ts)", () => {
  it("WHN-BREAK-4 / WHN-BREAK-6: cavalry whose opponents did not all fall back (one broke) neither fall back nor pursue", () => {
    // a: 6 hussars in front of b (left) and q (right), 3 files each. a hits twice (6 6 1 1 1 1) and wounds twice (6 6);
    // b and q miss (1 1 1 1); b passes its Break test (1 1), q fails (6 6); b tests Panic for q (2 2, passes); q flees 1 + 1.
    const base = engaged(horse("a", "fr", { position: { x: 36, y: 24 }, facing: 90, files: 6, figures: 12 }), { files: 3, figures: 9, position: { x: 34.2, y: 24 } }, { units: [foot("q", "gb", { files: 3, figures: 9, position: { x: 37.8, y: 24 }, facing: 270 })] });
    const s = { ...base, combats: { c1: { ...base.combats[combatId("c1")]!, units: ["a", "b", "q"] } } } as unknown as BattleState;
    const r = ok(withScriptedDice(s, [6, 6, 1, 1, 1, 1, 6, 6, 1, 1, 1, 1, 1, 1, 6, 6, 2, 2, 1, 1]), { type: "combat/fight" });
    expect(ev(r.events, "combat/breakTest").map((e) => [e["unit"], e["passed"]])).toEqual([["b", true], ["q", false]]);
    expect(ev(r.events, "combat/cavalryFallBackDue")).toEqual([]);
    expect(ev(r.events, "combat/fellBack").map((e) => [e["unit"], e.rule])).toEqual([["b", "WHN-BREAK-2"]]);
    expect(r.state.pending).toEqual([]);
    expect(unit(r.state, "a").position).toEqual({ x: 36, y: 24 });
  });

  it("WHN-BREAK-6: foot winners whose opponents did not all fall back (one broke) are not reported as holding after a fall back", () => {
    // As above with a block of foot (5 files, 4 ranks: +3): every blow misses (1 1 1 1 1, then b's and q's 1 1 1), so a wins
    // by its ranks, 3 to 0; b passes its Break test (1 1), q fails (6 6); b tests Panic for q (1 1, passes); q flees 2 + 2.
    const base = engaged({ profile: LD6 }, { files: 3, figures: 9, position: { x: 34.2, y: 24 } }, { units: [foot("q", "gb", { files: 3, figures: 9, position: { x: 37.8, y: 24 }, facing: 270 })] });
    const s = { ...base, combats: { c1: { ...base.combats[combatId("c1")]!, units: ["a", "b", "q"] } } } as unknown as BattleState;
    const r = ok(withScriptedDice(s, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 1, 1, 2, 2]), { type: "combat/fight" });
    expect(ev(r.events, "combat/roundFought")).toMatchObject([{ winner: "fr", margin: 3 }]);
    expect(ev(r.events, "combat/breakTest").map((e) => [e["unit"], e["passed"]])).toEqual([["b", true], ["q", false]]);
    expect(ev(r.events, "combat/holds")).toEqual([]);
    expect(ev(r.events, "combat/fellBack").map((e) => [e["unit"], e.rule])).toEqual([["b", "WHN-BREAK-2"]]);
    expect(r.state.pending).toEqual([]);
  });

  it("WHN-BREAK-1 / CORE-PURS-1: an enemy touching the unit whose fall back became a flight is not asked to pursue while it still fights a combat of its own", () => {
    // b is blocked by c and flees; h (fr) touches b's right flank but fights k (gb) in c2, not fought this time.
    const F = 20 / 25.4;
    const base = engaged({ profile: LD6 }, {}, {
      units: [
        foot("c", "gb", { position: { x: 36, y: 27.5 }, facing: 270 }),
        foot("h", "fr", { files: 3, figures: 9, position: { x: 36 + 2.5 * F, y: 25.6 }, facing: 180 }),
        foot("k", "gb", { files: 3, figures: 9, position: { x: 36 + 5.5 * F, y: 25.6 }, facing: 180 }),
      ],
    });
    const c2 = { id: combatId("c2"), units: ["h", "k"], chargers: [], lastWinner: null, rounds: 1, squareness: {} };
    const s = { ...base, combats: { ...base.combats, c2 } } as unknown as BattleState;
    // A_WINS_B_HOLDS; c and k pass their Panic tests (1 1, 1 1); b flees 3 + 4.
    const r = ok(withScriptedDice(s, [...A_WINS_B_HOLDS, 1, 1, 1, 1, 3, 4]), { type: "combat/fight", combat: "c1" });
    expect(ev(r.events, "combat/fallBackBlocked")).toMatchObject([{ unit: "b", from: "a" }]);
    expect(ev(r.events, "morale/panicTest").map((e) => [e["unit"], e["passed"]])).toEqual([["c", true], ["k", true]]);
    expect(unit(r.state, "b").order).toBe("FLEEING");
    expect(r.state.pending).toEqual([{ kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "WHN-BREAK-1" }]);
  });
});

describe("seed-3 survivors: disengaging (combat/disengage.ts)", () => {
  it("CORE-DISENG-1: the disengagement's Leadership test is reported as a combat/disengageTest event", () => {
    const s0 = engaged();
    let s = ok({ ...s0, turn: { ...s0.turn, phase: "movement", step: "declareCharges" } }, { type: "combat/disengage", unit: "a" }).state;
    s = withScriptedDice(s, [2, 2]);
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const r = ok(s, { type: "turn/advance" });
      seen.push(...r.events);
      s = r.state;
    }
    expect(ev(seen, "combat/disengageTest")).toMatchObject([{ unit: "a", dice: [2, 2], total: 4, passed: true, rule: "CORE-DISENG-1" }]);
  });
});

describe("seed-3 survivors: exact odds and the decision chain (combat/exact.ts, combat/markov.ts)", () => {
  it("CORE-CC-5 / CORE-LEAD-2: in the exact distribution a unit whose every fighter fell before it struck loses its leader's bonus attack too", () => {
    // a (I 5, 5 models, 4+ / 4+: 1/4 a blow) strikes b's single model first; b (1 model, 1 attack + 1 bonus) strikes back only if it lives.
    const input = duelInput({ initiative: 5 }, { models: 1, bonusAttacks: 1, initiative: 1 }, {}, 20, 1);
    const survive = 0.75 ** 5;
    const pALoses = roundOutcomes(input).filter((o) => (o.left[0] ?? 20) < 20).reduce((m, o) => m + o.p, 0);
    expect(pALoses).toBeCloseTo(survive * (1 - 0.75 ** 2), 12);
    const pBGone = roundOutcomes(input).filter((o) => o.left[1] === 0).reduce((m, o) => m + o.p, 0);
    expect(pBGone).toBeCloseTo(1 - survive, 12);
  });

  it("CORE-CC-4 / CORE-CC-5: in the exact distribution two groups striking one unit in the same step add up their blows (5 + 3 blows at 1/4)", () => {
    const base = duelInput({}, { attacks: 0 });
    const input = { ...base, strikers: [...base.strikers, striker("a2", 0, "b", 3)] };
    const pLost = (k: number): number => roundOutcomes(input).filter((o) => o.left[1] === 20 - k).reduce((m, o) => m + o.p, 0);
    const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);
    for (let k = 0; k <= 8; k++) expect(pLost(k)).toBeCloseTo(choose(8, k) * 0.25 ** k * 0.75 ** (8 - k), 12);
  });

  it("CORE-CC-6 / CORE-BREAK-1: in the decision chain a side left with no models is destroyed (counted as broken), never a fall back", () => {
    // a: 5 blows at 2+ / 2+ (25/36 each) against b's single model; b strikes nothing. Either b dies or the round is a draw.
    const input = duelInput({ hitNeed: 2, woundNeed: 2 }, { attacks: 0 }, {}, 20, 1);
    const built = { input, sides: ["fr", "gb"], units: [], contacts: [], morale: duelMorale() } as never;
    const odds = decisionChain(() => built, 1);
    const wiped = 1 - (11 / 36) ** 5;
    expect(odds.breaks[0]).toBe(0);
    expect(odds.breaks[1]).toBeCloseTo(wiped, 12);
    expect(odds.fallsBack).toEqual([0, 0]);
    expect(odds.ongoing).toBeCloseTo(1 - wiped, 12);
  });
});

describe("seed-3 survivors: helpers given records that name nothing (combat/split.ts, combat/fallBack.ts)", () => {
  it("CORE-CC-2: a split decision whose unit is not on the table has no answers (a hand-made state; loadState refuses it)", () => {
    const s0 = engaged();
    const s = { ...s0, combats: { c1: { ...s0.combats[combatId("c1")]!, units: ["a", "b", "ghost"] } } } as unknown as BattleState;
    expect(splitAnswers(s, { kind: "attackSplit", side: "gb", unit: "ghost", targets: ["a"], rule: "CORE-CC-2" } as never)).toEqual([]);
  });

  it("WHN-BREAK-3 / AMB-30: cavalry told to flow past a square that is not on the table just move M straight ahead", () => {
    const s = engaged({}, { troopType: "cavalry", base: { w: 25 / 25.4, d: 50 / 25.4 }, formation: "CAV_LINE", files: 5, figures: 10, profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 } }, { units: [] });
    const far = { ...s, units: { ...s.units, a: { ...s.units["a" as never]!, position: { x: 10, y: 10 } } } } as BattleState;
    const { ctx, sink } = makeContext(far, roller(far.dice));
    const out = flowPast(far, recorder(ctx), "b" as never, "nobody" as never);
    expect(unit(out, "b").removed).toBeNull();
    expect(unit(out, "b").position.x).toBe(36);
    expect(unit(out, "b").position.y).toBeCloseTo(24 - 8, 9);
    expect(sink.drafts.filter((e) => e.type === "unit/destroyed")).toEqual([]);
  });
});

describe("seed-3 extension (60 a folder): combat", () => {
  it("WHN-CC-1 / AMB-23: whn.lanceBonusAlways gives the lance's bonus to lances only, never to sabres or hand weapons", () => {
    const always = { charging: false, mounted: true, disordered: false, lanceBonusAlways: true };
    expect(weaponEffect("lance", always)).toMatchObject({ strength: 1, tier: 1 });
    expect(weaponEffect("sabre", always)).toMatchObject({ strength: 1, tier: 2 });
    expect(weaponEffect("handWeapon", always)).toMatchObject({ strength: 0, tier: 2 });
    // CORE-WPN-7: the CORE lance's +2 needs a mounted charge whatever the WHN option says.
    expect(weaponEffect("coreLance", always)).toMatchObject({ strength: 0 });
    expect(weaponEffect("coreLance", { ...always, charging: true })).toMatchObject({ strength: 2 });
  });

  it("WHN-BREAK-2 / CORE-PANIC-5: a loser due to fall back, put to flight by a friend's blocked fall back first, makes no fall back", () => {
    // c1: a beats b, whose fall back is blocked by e. c2: d (fr, 4 ranks) beats y (gb, 3 files) by its ranks, every blow
    // missing (1 × 8).
    // b and y pass their Break tests (1 1, 1 1); b's blocked fall back: e passes its Panic test (1 1), y (DISORDERED) fails (6 6);
    // b flees 3 + 4, y 2 + 2. y's own fall back, due since its Break test, is not made.
    const base = engaged({ profile: LD6 }, {}, {
      units: [
        foot("e", "gb", { position: { x: 36, y: 27.5 }, facing: 270 }),
        foot("d", "fr", { position: { x: 26, y: 24 }, facing: 90, profile: LD6 }),
        foot("y", "gb", { files: 3, figures: 9, position: { x: 26, y: 24 }, facing: 270 }),
      ],
    });
    const c2 = { id: combatId("c2"), units: ["d", "y"], chargers: [], lastWinner: null, rounds: 1, squareness: {} };
    const s = { ...base, combats: { ...base.combats, c2 } } as unknown as BattleState;
    const r = ok(withScriptedDice(s, [...A_WINS_B_HOLDS.slice(0, 10), 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 3, 4, 2, 2, 1, 1, 1, 1]), { type: "combat/fight" });
    expect(ev(r.events, "combat/breakTest").map((e) => [e["unit"], e["passed"]])).toEqual([["b", true], ["y", true]]);
    expect(ev(r.events, "morale/panicTest").map((e) => [e["unit"], e["passed"]])).toEqual([["e", true], ["y", false]]);
    expect(unit(r.state, "y").order).toBe("FLEEING");
    expect(ev(r.events, "combat/fellBack")).toEqual([]);
  });

  it("WHN-BREAK-2 / CORE-PANIC-5: a loser due to fall back that flees in panic meanwhile makes no fall back", () => {
    // As the WHN-BREAK-6 case: every blow misses; b passes its Break test (1 1), q fails (6 6); b, DISORDERED by its
    // fall back verdict, fails its Panic test for q (6 6) and flees; q flees 2 + 2, b 3 + 3.
    const base = engaged({ profile: LD6 }, { files: 3, figures: 9, position: { x: 34.2, y: 24 } }, { units: [foot("q", "gb", { files: 3, figures: 9, position: { x: 37.8, y: 24 }, facing: 270 })] });
    const s = { ...base, combats: { c1: { ...base.combats[combatId("c1")]!, units: ["a", "b", "q"] } } } as unknown as BattleState;
    const r = ok(withScriptedDice(s, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 2, 2, 3, 3, 1, 1, 1, 1]), { type: "combat/fight" });
    expect(ev(r.events, "morale/panicTest")).toMatchObject([{ unit: "b", passed: false }]);
    expect(ev(r.events, "unit/fled").map((e) => e["unit"]).sort()).toEqual(["b", "q"]);
    expect(ev(r.events, "combat/fellBack")).toEqual([]);
    expect(unit(r.state, "b").order).toBe("FLEEING");
  });
});
