/**
 * WHN helpers shared by every phase (src/rules/whn top level), pinned case by case: each case was
 * written against a mutant that the seed-2 sampled mutation run (#17, docs/guides/trust.md
 * "Mutation score") left alive.
 */
import { describe, expect, it } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { applyHits, removeModels } from "../../src/rules/whn/casualties.js";
import { layoutSpecOf, removeUnit, unitsInPlay } from "../../src/rules/whn/unit.js";
import { leader } from "../fixtures/morale.js";
import { OPEN_ORDER_GAP } from "../../src/geometry/bases.js";
import { combinedOf, commitCasualties, eliteLosses } from "../../src/rules/whn/combined.js";
import { battle, battalion } from "../fixtures/morale.js";
import { recordFacts } from "../../src/rules/whn/facts.js";
import { NO_FACTS } from "../../src/state/facts.js";
import type { BattleEvent } from "../../src/state/battle.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const two = (): BattleState => battle([battalion("a", "fr", { position: { x: 20, y: 10 } }), battalion("b", "gb", { position: { x: 50, y: 40 }, facing: 270 })]);

describe("casualty removal (seed-2 mutation cases)", () => {
  it("WHN-FORM-8: removing no model returns the unit itself, its wounds untouched", () => {
    const u = { ...unit(two(), "a"), profile: { ...unit(two(), "a").profile, W: 2 }, woundsTaken: 1 };
    const r = removeModels(u, 0);
    expect(r.unit).toBe(u);
    expect([r.removed, r.commandLost, r.unit.woundsTaken]).toEqual([0, [], 1]);
  });

  it("WHN-FORM-8: a LINE closes up to ceil(figures / 2) files as it loses models", () => {
    const u: Unit = { ...unit(two(), "a"), formation: "LINE", figures: 20, files: 10 };
    const r = removeModels(u, 3);
    expect([r.unit.figures, r.unit.files]).toEqual([17, 9]);
  });

  it("CORE-SAVE-2: a hit that kills a 2-W model and a second that wounds the next leave one model down and one wound taken", () => {
    const u: Unit = { ...unit(two(), "a"), profile: { ...unit(two(), "a").profile, W: 2 }, woundsTaken: 0 };
    const r = applyHits(u, [2, 1]);
    expect([r.removed, r.wounds, r.unit.figures, r.unit.woundsTaken]).toEqual([1, 3, u.figures - 1, 1]);
  });
});

describe("units in play (seed-2 mutation cases)", () => {
  it("unitsInPlay cache (engine, no rule id): the in-play list stays the list of its own state when more states are read than the cache keeps", () => {
    const s = two();
    const states = Array.from({ length: 12 }, (_, i) => ({ ...s, units: { ...s.units, a: { ...unit(s, "a"), position: { x: 20 + i, y: 10 } } } }) as BattleState);
    for (const t of states) unitsInPlay(t);
    for (const t of states) expect(unitsInPlay(t)[0]).toBe(unit(t, "a"));
    for (const t of [...states].reverse()) expect(unitsInPlay(t)[0]).toBe(unit(t, "a"));
  });
});

describe("combined units (seed-2 mutation cases)", () => {
  /** Parent "a" (24 models, 4 files: front rank 4) with detachments d1 and d2 of `n1` and `n2` models merged into it. */
  const merged = (n1: number, n2: number): BattleState => {
    const s = battle([
      battalion("a", "fr", { position: { x: 20, y: 10 } }),
      battalion("d1", "fr", { position: { x: 40, y: 10 }, figures: 16 }),
      battalion("d2", "fr", { position: { x: 60, y: 10 }, figures: 16 }),
      battalion("b", "gb", { position: { x: 50, y: 40 }, facing: 270 }),
    ]);
    const det = (id: string, n: number): Unit => ({ ...unit(s, id), figures: n, detachmentOf: "a" as never, mergedInto: "a" as never });
    return { ...s, units: { ...s.units, d1: det("d1", n1), d2: det("d2", n2) } } as BattleState;
  };

  it("CORE-UNIT-1: the elites in front are at most the elites the unit holds (2 elites, front rank of 4)", () => {
    const s = merged(1, 1);
    expect(combinedOf(s, unit(s, "a"))).toMatchObject({ elites: 2, front: 4, elitesInFront: 2, applies: true });
  });

  it("CORE-UNIT-1: while the elites fill half the front rank, every 2nd missile casualty is an elite, the 1st is not", () => {
    const u = unit(merged(3, 3), "a");
    expect([1, 2, 3, 4].map((n) => eliteLosses(u, 24, 6, n, { kind: "missile" }))).toEqual([0, 1, 1, 2]);
  });

  it("WHN-DET-5: of two equal detachments the one with the lower id loses the elite first; the loss is shared out in the event", () => {
    const s = merged(3, 3);
    const events: { type: string; rule: string; d: unknown }[] = [];
    const a = unit(s, "a");
    const t = commitCasualties(s, { ...a, figures: 22 }, 2, { kind: "missile" }, (type, rule, d) => events.push({ type, rule, d }));
    expect([unit(t, "a").figures, unit(t, "d1").figures, unit(t, "d2").figures]).toEqual([22, 2, 3]);
    expect(events).toEqual([{ type: "unit/combinedCasualties", rule: "CORE-UNIT-1", d: { unit: "a", cause: "missile", removed: 2, superiorValues: true, elites: [{ detachment: "d1", lost: 1, left: 2 }, { detachment: "d2", lost: 0, left: 3 }] } }]);
  });
});

describe("turn facts (seed-2 mutation cases)", () => {
  let seq = 0;
  const ev = (type: string, rule: string, d: Record<string, unknown> = {}, gameTurn = 1): BattleEvent => ({ seq: seq++, gameTurn, type, rule, ...d }) as BattleEvent;
  const start = recordFacts(NO_FACTS, [ev("morale/rallyTest", "WHN-RALLY-1", { unit: "a" })], {});

  it("WHN-SHOOT-10: a fire is remembered with its shooter, target and face (null when the event names none)", () => {
    const f = recordFacts(start, [ev("shooting/fired", "CORE-SHOOT-1", { shooter: "a", target: "b", face: 90 }), ev("shooting/fired", "CORE-SHOOT-1", { shooter: "c", target: "b" })], {});
    expect(f.shots).toEqual([{ shooter: "a", target: "b", face: 90 }, { shooter: "c", target: "b", face: null }]);
  });

  it("CORE-CHAL-1: an issued then declined challenge step is unsettled, names the declining side once, and a missing retire id reads as empty", () => {
    const f = recordFacts(start, [
      ev("combat/challengeIssued", "CORE-CHAL-1", { combat: "c1", side: "fr", challenger: "h" }),
      ev("combat/challengeDeclined", "CORE-CHAL-1", { combat: "c1", side: "gb" }),
      ev("combat/challengeDeclined", "CORE-CHAL-1", { combat: "c1", side: "gb" }),
    ], {});
    expect(f.step.challenges).toEqual({ c1: { settled: false, issued: { side: "fr", challenger: "h", retireIfRefused: "" }, declined: ["gb"], retired: [] } });
  });

  it("CORE-CHAL-3: an accepted challenge settles the step and records the duel by combat", () => {
    const f = recordFacts(start, [ev("combat/challengeAccepted", "CORE-CHAL-1", { combat: "c1", challenger: "h", champion: "k" })], {});
    expect(f.duels).toEqual({ c1: { a: "h", b: "k" } });
    expect(f.step.challenges).toEqual({ c1: { settled: true, issued: null, declined: [], retired: [] } });
  });

  it("WHN-CHRG-8: a cavalry lap on the charge is remembered for its combat's first round; other flank attacks are not", () => {
    const f = recordFacts(start, [
      ev("combat/flankAttack", "WHN-CHRG-8", { unit: "a", target: "b", combat: "c1", models: 3, removesRankBonus: true }),
      ev("combat/flankAttack", "CORE-CC-2", { unit: "x", target: "b", combat: "c1", models: 2 }),
    ], {});
    expect(f.movement.laps).toEqual([{ unit: "a", target: "b", combat: "c1", models: 3, removesRankBonus: true }]);
  });

  it("WHN-BREAK-2: a fall back due is remembered for the aftermath", () => {
    const f = recordFacts(start, [ev("combat/fallBackDue", "WHN-BREAK-2", { unit: "b", from: "a" })], {});
    expect(f.aftermath.fallBacks).toEqual([{ unit: "b", from: "a" }]);
  });

  it("WHN-RALLY-1: a new game turn clears the units that took a rally test and drops duels of combats gone", () => {
    expect(start.turn).toEqual({ gameTurn: 1, rallied: ["a"] });
    const duel = recordFacts(start, [ev("combat/challengeAccepted", "CORE-CHAL-1", { combat: "c1", challenger: "h", champion: "k" })], {});
    const f = recordFacts(duel, [ev("turn/phaseStarted", "CORE-TURN-2", { phase: "start" }, 2)], {});
    expect(f.turn).toEqual({ gameTurn: 2, rallied: [] });
    expect(f.duels).toEqual({});
    expect(recordFacts(duel, [ev("turn/phaseStarted", "CORE-TURN-2", { phase: "start" }, 2)], { c1: {} } as never).duels).toEqual({ c1: { a: "h", b: "k" } });
  });
});

describe("unit layouts (seed-2 mutation cases)", () => {
  it("CORE-GEO-6: open order is a block of at most two ranks with 10 mm between bases", () => {
    const u: Unit = { ...unit(two(), "a"), formation: "OPEN_ORDER", figures: 12, files: 4 };
    expect(layoutSpecOf(u)).toEqual({ kind: "block", files: 6, count: 12, base: u.base, gapX: OPEN_ORDER_GAP, gapY: OPEN_ORDER_GAP });
    expect(OPEN_ORDER_GAP).toBeCloseTo(10 / 25.4, 12);
  });
});

describe("removing a unit (seed-2 mutation cases)", () => {
  it("CORE-CHAR-6: a FLEEING unit destroyed takes its joined character with it; one wiped out in good order leaves him on the table", () => {
    const s = battle([battalion("a", "fr", { position: { x: 20, y: 10 } }), battalion("b", "gb", { position: { x: 50, y: 40 }, facing: 270 })], { characters: [leader("ney", "fr", { joinedTo: "a", position: { x: 20, y: 10 } })] });
    const fleeing = { ...s, units: { ...s.units, a: { ...unit(s, "a"), order: "FLEEING" } } } as BattleState;
    expect(removeUnit(fleeing, "a" as never, "destroyed").characters["ney" as never]?.removed).toEqual({ reason: "destroyed", gameTurn: 1 });
    expect(removeUnit(s, "a" as never, "destroyed").characters["ney" as never]).toMatchObject({ removed: null, joinedTo: null });
  });
});
