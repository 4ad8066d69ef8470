/**
 * WHN rules outside the phase folders (casualties, facts, unit helpers) pinned case by case: each
 * case below was written against a mutant that the seed-3 sampled mutation run (#17,
 * docs/guides/trust.md "Seed 3") left alive, and fails with it applied.
 */
import { describe, expect, it } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { applyHits, removeModels } from "../../src/rules/whn/casualties.js";
import { recordFacts } from "../../src/rules/whn/facts.js";
import { isLeftGun, layoutOf, leftGuns } from "../../src/rules/whn/unit.js";
import { NO_FACTS } from "../../src/state/facts.js";
import type { BattleEvent } from "../../src/state/battle.js";
import { battle as gunBattle, gun, patch } from "../fixtures/artillery.js";
import { atStep, battalion, battle, play } from "../fixtures/morale.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const two = (): BattleState => battle([battalion("a", "fr", { position: { x: 20, y: 10 } }), battalion("b", "gb", { position: { x: 50, y: 40 }, facing: 270 })]);

describe("casualties (seed-3 mutation cases, whn/casualties.ts)", () => {
  it("WHN-FORM-5 / WHN-FORM-8: a one-rank LINE of light infantry stays one rank deep as it loses models (AMB-109)", () => {
    const u: Unit = { ...unit(two(), "a"), light: true, formation: "LINE", figures: 12, files: 12 };
    expect(removeModels(u, 2).unit).toMatchObject({ figures: 10, files: 10 });
    // A two-rank LINE closes up to half its models a rank.
    expect(removeModels({ ...u, files: 6 }, 2).unit).toMatchObject({ figures: 10, files: 5 });
  });

  it("CORE-SAVE-2 / CORE-SHOOT-5: a wound that kills no model is kept on the wounded model", () => {
    const u: Unit = { ...unit(two(), "a"), profile: { ...unit(two(), "a").profile, W: 2 } };
    const r = applyHits(u, [1]);
    expect([r.removed, r.wounds, r.unit.figures, r.unit.woundsTaken]).toEqual([0, 1, u.figures, 1]);
    expect(r.unit).toEqual({ ...u, woundsTaken: 1 });
  });

  it("CORE-SAVE-2 / CORE-CC-6: hits beyond the last model wound nobody: two models of W 1 take 2 wounds from 4 hits", () => {
    const u: Unit = { ...unit(two(), "a"), figures: 2, files: 2, command: { leader: false, standard: false, musician: false } };
    const r = applyHits(u, [1, 1, 1, 1]);
    expect([r.removed, r.wounds, r.unit.figures]).toEqual([2, 2, 0]);
  });
});

describe("turn facts (seed-3 mutation cases, whn/facts.ts)", () => {
  let seq = 0;
  const ev = (type: string, rule: string, d: Record<string, unknown> = {}): BattleEvent => ({ seq: seq++, gameTurn: 1, type, rule, ...d }) as BattleEvent;
  const start = recordFacts(NO_FACTS, [ev("morale/rallyTest", "WHN-RALLY-1", { unit: "z" })], {});

  it("CORE-CHRG-5: a charge event marked resolved ends that charger's charge for the phase; one not marked does not", () => {
    const f = recordFacts(start, [ev("charge/halted", "WHN-CHRG-6", { unit: "a", target: "b", resolved: true }), ev("charge/declared", "CORE-CHRG-1", { unit: "c", target: "b" })], {});
    expect(f.movement.resolved).toEqual(["a"]);
  });

  it("WHN-MOVE-4: the degrees each unit wheels are added up over the phase; a move with no wheel adds nothing", () => {
    const f = recordFacts(start, [ev("unit/moved", "CORE-MOVE-1", { unit: "a", wheel: 30 }), ev("unit/moved", "CORE-MOVE-1", { unit: "a", wheel: 15 }), ev("unit/moved", "CORE-MOVE-1", { unit: "b" })], {});
    expect(f.movement.wheeled).toEqual({ a: 45 });
  });

  it("CORE-PANIC-4: only a flank-charge Panic test marks the unit as panicked by a flank charge this phase", () => {
    const f = recordFacts(start, [ev("morale/panicTest", "CORE-PANIC-4", { unit: "a" }), ev("morale/panicTest", "CORE-PANIC-5", { unit: "b" })], {});
    expect(f.movement.flankPanicked).toEqual(["a"]);
  });

  it("CORE-REDR-1: the end of a combat aftermath clears what was due in it", () => {
    const due = recordFacts(start, [ev("combat/fallBackDue", "WHN-BREAK-2", { unit: "b", from: "a" })], {});
    expect(due.aftermath.fallBacks).toEqual([{ unit: "b", from: "a" }]);
    const done = recordFacts(due, [ev("combat/aftermathDone", "CORE-REDR-1")], {});
    expect(done.aftermath).toEqual(NO_FACTS.aftermath);
  });

  it("WHN-MOVE-4: a wheel played through apply is remembered for the rest of the phase", () => {
    const s = atStep(battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 })]), "fr", "remaining");
    const r = play(s, [], { type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", degrees: 30, pivot: "right" }] });
    expect(r.state.facts.movement.wheeled).toEqual({ "fr-1": 30 });
  });
});

describe("guns left on the table (seed-3 mutation cases, whn/unit.ts)", () => {
  it("WHN-ART-16: a gun whose crew are all gone still stands on the table; manned, sheltering or removed guns are not left guns", () => {
    const s = gunBattle([gun("g1", "fr"), gun("g2", "fr", {}, { position: { x: 50, y: 10 } }), battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270 })]);
    const left = patch(s, "g1", { figures: 0 });
    expect(isLeftGun(unit(left, "g1"))).toBe(true);
    expect(leftGuns(left).map((u) => u.id)).toEqual(["g1"]);
    expect(isLeftGun(unit(left, "g2"))).toBe(false);
    expect(isLeftGun({ ...unit(left, "g1"), removed: { reason: "destroyed", gameTurn: 1 } })).toBe(false);
    expect(isLeftGun({ ...unit(left, "gb-1"), figures: 0 })).toBe(false);
  });
});

describe("layout cache (seed-3 extension, whn/unit.ts)", () => {
  it("CORE-GEO-6: two units with the same id, place and formation but deeper bases (two battles in one process) get their own depth", () => {
    const u = unit(two(), "a");
    const deep: Unit = { ...u, base: { w: u.base.w, d: 2 * u.base.d } };
    const shallow = layoutOf(u).depth;
    expect(layoutOf(deep).depth).toBeCloseTo(2 * shallow, 9);
    const wide: Unit = { ...u, base: { w: 2 * u.base.w, d: u.base.d } };
    expect(layoutOf(wide).width).toBeCloseTo(2 * layoutOf(u).width, 9);
  });
});
