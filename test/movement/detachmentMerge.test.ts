import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { apply, loadState, roller, saveState, seedDice, withScriptedDice, type BattleState } from "../../src/index.js";
import { legalMovementActions } from "../../src/rules/whn/movement/index.js";
import { combinedOf, eliteLosses } from "../../src/rules/whn/combined.js";
import { effectiveLeadership } from "../../src/rules/whn/leadership.js";
import { inPlay, removeUnit, unitsInPlay } from "../../src/rules/whn/unit.js";
import { woundUnit } from "../../src/rules/whn/shooting/damage.js";
import { armyLoss } from "../../src/battle/victory.js";
import { checkState, checkStep } from "../../src/trust/index.js";
import type { UnitId } from "../../src/state/ids.js";
import { battleOf, fr, gb, must, ofType, patch, refused, run, toStep, toTurnStep, unitOf } from "../fixtures/movement.js";

/** Grenadiers: Ld 9, light armour, `figures` models in one rank (light infantry, AMB-109), beside the parent (fr-1, a 24-model column at x 36). */
const grenadiers = (figures = 4, x = 40, over: Record<string, unknown> = {}) =>
  fr("fr-d", x, 10, {
    light: true,
    figures,
    startingFigures: figures,
    files: figures,
    // A line needs two models (WHN-FORM-5): a lone grenadier stands in open order.
    formation: figures === 1 ? "OPEN_ORDER" : "LINE",
    detachmentOf: "fr-1",
    command: {},
    profile: { M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 9 },
    equipment: { missile: "musket", melee: "musketBayonet", armour: "light" },
    ...over,
  });

const merge = { type: "movement/mergeDetachment", unit: "fr-d" } as const;
const split = (over: Record<string, unknown> = {}) => ({ type: "movement/splitDetachment", unit: "fr-1", detachment: "fr-d", ...over }) as const;

/** The French remaining-moves step of game turn 1 with the British far away (or as given). */
const ready = (units = [fr("fr-1", 36, 10), grenadiers(), gb("gb-1", 36, 44)]) => toStep(battleOf(units), "remaining");

/** Advances to the shooting phase of a side. */
function toShooting(state: BattleState, side: string): BattleState {
  let s = state;
  for (let i = 0; i < 40 && !(s.turn.phase === "shooting" && s.turn.activeSide === side); i++) s = must(s, { type: "turn/advance" });
  return s;
}

/** British skirmishers that shoot 4 muskets at close range into the merged column's front. */
const gbMuskets = () => gb("gb-s", 36, 19, { light: true, figures: 4, startingFigures: 4, files: 4, command: {}, initialVolleyUsed: true });

describe("merging a detachment (WHN-DET-5)", () => {
  it("WHN-DET-5: a regular parent merging its grenadiers pays half its move; the grenadiers leave the table and stand in its ranks", () => {
    const s = ready();
    const r = run(s, merge);
    expect(ofType(r.events, "unit/detachmentMerged")[0]).toMatchObject({ rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", elites: 4, figures: 28, cost: 0.5, free: false });
    const p = unitOf(r.state, "fr-1");
    expect(p).toMatchObject({ figures: 28, files: 4, formation: "ATTACK_COLUMN", position: { x: 36, y: 10 } });
    expect(p.flags).toMatchObject({ moveUsed: 0.5, formationChanges: 1, moved: true });
    const d = unitOf(r.state, "fr-d");
    expect(d).toMatchObject({ mergedInto: "fr-1", figures: 4, removed: null });
    expect(inPlay(d)).toBe(false);
    expect(checkStep(s, merge, r.state, r.events)).toEqual([]);
    expect(checkState(r.state)).toEqual([]);
    expect(unitsInPlay(r.state).map((u) => u.id)).not.toContain("fr-d");
    // One formation change a turn (WHN-FCHG-2), and no march after it.
    expect(refused(r.state, { type: "movement/changeFormation", unit: "fr-1", formation: "LINE", files: 14 })).toMatchObject({ code: "movement/too_many_changes", rule: "WHN-FCHG-2" });
    expect(refused(r.state, { type: "movement/march", unit: "fr-1", path: [{ kind: "forward", distance: 4 }] })).toMatchObject({ code: "movement/march_after_formation_change" });
    // The detachment is off the table: any action naming it is refused with a typed violation.
    expect(refused(r.state, { type: "movement/move", unit: "fr-d", path: [{ kind: "forward", distance: 1 }] })).toMatchObject({ code: "action/merged", rule: "WHN-DET-5", parent: "fr-1" });
  });

  it("WHN-DET-5: a veteran parent's merge at the start of its move is free; a raw parent's takes its whole move", () => {
    const vet = run(ready([fr("fr-1", 36, 10, { quality: "VETERAN" }), grenadiers(), gb("gb-1", 36, 44)]), merge);
    expect(ofType(vet.events, "unit/detachmentMerged")[0]).toMatchObject({ cost: 0, free: true });
    const raw = run(ready([fr("fr-1", 36, 10, { quality: "RAW" }), grenadiers(), gb("gb-1", 36, 44)]), merge);
    expect(unitOf(raw.state, "fr-1").flags.moveUsed).toBe(1);
  });

  it("WHN-DET-5: CORE-UNIT-1 applies while the elites fill half the front rank: their Leadership is the unit's", () => {
    const r = run(ready(), merge);
    expect(ofType(r.events, "unit/combinedValues")[0]).toMatchObject({ rule: "CORE-UNIT-1", unit: "fr-1", elitesInFront: 4, front: 4, superiorValues: true });
    expect(effectiveLeadership(r.state, unitOf(r.state, "fr-1")).base).toBe(9);
    // One grenadier in a 4-file front is not half of it: the parent's own Ld 6 stands.
    const one = run(ready([fr("fr-1", 36, 10), grenadiers(1), gb("gb-1", 36, 44)]), merge);
    expect(combinedOf(one.state, unitOf(one.state, "fr-1"))).toMatchObject({ elites: 1, elitesInFront: 1, applies: false });
    expect(effectiveLeadership(one.state, unitOf(one.state, "fr-1")).base).toBe(6);
  });

  it("WHN-DET-5: refused, leaving the state unchanged, out of reach, engaged, disordered, or as a second change", () => {
    // Placed out of reach after the compulsory moves (WHN-DET-2 would have brought it back).
    expect(refused(patch(ready(), "fr-d", { position: { x: 46, y: 10 } }), merge)).toMatchObject({
      code: "movement/merge_out_of_reach",
      rule: "WHN-DET-5",
      parent: "fr-1",
      reach: 4,
    });
    // A British line touching the grenadiers' front: they are engaged (CORE-MOVE-4).
    const touching = toStep(battleOf([fr("fr-1", 36, 10), grenadiers(), gb("gb-1", 40, 10, { figures: 4, startingFigures: 4, files: 4, light: true, command: {} })]), "remaining");
    expect(refused(touching, merge)).toMatchObject({ code: "movement/engaged", rule: "CORE-MOVE-4" });
    expect(refused(patch(ready(), "fr-d", { order: "DISORDERED" }), merge)).toMatchObject({ code: "movement/disordered", rule: "WHN-MOVE-6" });
    expect(refused(patch(ready(), "fr-1", { order: "DISORDERED" }), merge)).toMatchObject({ code: "movement/disordered", rule: "WHN-MOVE-6", unit: "fr-1" });
    const changed = must(ready(), { type: "movement/changeFormation", unit: "fr-1", formation: "ATTACK_COLUMN", files: 3 });
    expect(refused(changed, merge)).toMatchObject({ code: "movement/too_many_changes", rule: "WHN-FCHG-2", unit: "fr-1" });
    const moved = must(ready(), { type: "movement/move", unit: "fr-d", path: [{ kind: "forward", distance: 1 }] });
    expect(refused(moved, merge)).toMatchObject({ code: "movement/detachment_moved", rule: "WHN-DET-5" });
    expect(refused(ready(), { type: "movement/mergeDetachment", unit: "fr-1" })).toMatchObject({ code: "movement/not_a_detachment", rule: "WHN-DET-5" });
  });

  it("WHN-DET-5: within an enemy's charge reach the merge is a formation change that needs the WHN-FCHG-4 check", () => {
    const near = ready([fr("fr-1", 36, 10), grenadiers(), gb("gb-1", 36, 16)]);
    const r = run(withScriptedDice(near, [6, 6]), merge);
    expect(ofType(r.events, "movement/formationCheck")[0]).toMatchObject({ rule: "WHN-FCHG-4", unit: "fr-1", target: 6, passed: false });
    expect(ofType(r.events, "unit/formationChangeFailed")[0]).toMatchObject({ rule: "WHN-FCHG-4", change: "merge", cost: 0.5 });
    expect(unitOf(r.state, "fr-d").mergedInto).toBeNull();
    expect(unitOf(r.state, "fr-1")).toMatchObject({ figures: 24, flags: { formationChanges: 1, moveUsed: 0.5 } });
    const passed = run(withScriptedDice(near, [3, 3]), merge);
    expect(unitOf(passed.state, "fr-1").figures).toBe(28);
  });
});

describe("splitting a detachment (WHN-DET-5)", () => {
  const merged = () => must(ready(), merge);

  it("WHN-DET-5: next turn the grenadiers step out beside the parent, as they were; it is the parent's formation change", () => {
    const s = toTurnStep(merged(), 2, "fr", "remaining");
    const r = run(s, split());
    expect(ofType(r.events, "unit/detachmentSplit")[0]).toMatchObject({ rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", elites: 4, figures: 24, cost: 0.5, formation: "LINE", files: 4 });
    const d = unitOf(r.state, "fr-d");
    expect(d).toMatchObject({ mergedInto: null, formation: "LINE", files: 4, figures: 4, facing: 90 });
    // Beside the right flank: half the parent's frontage plus half its own, 4 × 20 mm each.
    expect(d.position.x).toBeCloseTo(36 + 4 * (20 / 25.4), 9);
    expect(d.position.y).toBeCloseTo(10, 9);
    expect(d.flags).toMatchObject({ moved: true, moveUsed: 1 });
    expect(unitOf(r.state, "fr-1")).toMatchObject({ figures: 24, flags: { formationChanges: 1, moveUsed: 0.5 } });
    expect(inPlay(d)).toBe(true);
  });

  it("WHN-DET-5: the player may place the split detachment; it must fit and stay within its move of the parent", () => {
    const s = toTurnStep(merged(), 2, "fr", "remaining");
    const placed = run(s, split({ to: { x: 30, y: 10 }, facing: 90 }));
    expect(unitOf(placed.state, "fr-d").position).toEqual({ x: 30, y: 10 });
    expect(refused(s, split({ to: { x: 36, y: 9 } }))).toMatchObject({ code: "movement/through_unit", rule: "CORE-MOVE-4" });
    expect(refused(s, split({ to: { x: 50, y: 10 } }))).toMatchObject({ code: "movement/split_out_of_reach", rule: "WHN-DET-5" });
    expect(refused(s, { type: "movement/splitDetachment", unit: "fr-1", detachment: "gb-1" })).toMatchObject({ code: "movement/not_merged", rule: "WHN-DET-5" });
  });

  it("WHN-DET-5: merging and splitting in one turn is two changes: refused under the one-change limit", () => {
    expect(refused(merged(), split())).toMatchObject({ code: "movement/too_many_changes", rule: "WHN-FCHG-2" });
  });

  it("WHN-DET-5: legal listings offer the merge and the split, and each listed one applies", () => {
    const s = ready();
    const m = legalMovementActions(s, "fr-d" as UnitId).filter((a) => a.type === "movement/mergeDetachment");
    expect(m).toEqual([merge]);
    for (const a of m) expect(apply(s, a).ok).toBe(true);
    const t = toTurnStep(must(s, merge), 2, "fr", "remaining");
    const sp = legalMovementActions(t, "fr-1" as UnitId).filter((a) => a.type === "movement/splitDetachment");
    expect(sp).toEqual([split()]);
    for (const a of sp) expect(apply(t, a).ok).toBe(true);
    expect(legalMovementActions(t, "fr-d" as UnitId)).toEqual([]);
  });

  it("WHN-DET-5: merge then split keeps every model (fast-check)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 16, max: 30 }), fc.constantFrom("REGULAR", "VETERAN"), (elites, own, quality) => {
        const s = ready([fr("fr-1", 36, 10, { figures: own, quality }), grenadiers(elites, 37.7 + (elites * 20) / 25.4 / 2), gb("gb-1", 36, 44)]);
        const total = (x: BattleState) => unitOf(x, "fr-1").figures + (unitOf(x, "fr-d").mergedInto === null ? unitOf(x, "fr-d").figures : 0);
        const m = must(s, merge);
        expect(total(m)).toBe(own + elites);
        const back = must(toTurnStep(m, 2, "fr", "remaining"), split());
        expect(unitOf(back, "fr-1").figures).toBe(own);
        expect(unitOf(back, "fr-d").figures).toBe(elites);
        expect(total(back)).toBe(own + elites);
        expect(armyLoss(back, "fr" as never)).toBe(0);
      }),
      { seed: 5, numRuns: 15 },
    );
  });
});

describe("the merged unit under fire and in the end (WHN-DET-5, CORE-UNIT-1)", () => {
  const merged = () => must(ready([fr("fr-1", 36, 10), grenadiers(), gbMuskets(), gb("gb-1", 60, 44)]), merge);
  const volley = { type: "shooting/fire", shooter: "gb-s", target: "fr-1" } as const;

  it("CORE-UNIT-1: the grenadiers' save and Leadership serve the whole unit; every 2nd missile casualty is a grenadier", () => {
    const s = toShooting(merged(), "gb");
    // 4 shots hit and wound; the grenadiers' light armour saves on 6 (none saved); then Panic.
    const r = apply(withScriptedDice(s, [6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 4, 4]), volley);
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(ofType(r.events, "shooting/saves")[0]).toMatchObject({ need: 6, saved: 0 });
    expect(ofType(r.events, "unit/combinedCasualties")[0]).toMatchObject({
      rule: "CORE-UNIT-1",
      unit: "fr-1",
      cause: "missile",
      removed: 4,
      superiorValues: true,
      elites: [{ detachment: "fr-d", lost: 2, left: 2 }],
    });
    expect(unitOf(r.state, "fr-1").figures).toBe(24);
    expect(unitOf(r.state, "fr-d").figures).toBe(2);
    // Two grenadiers of a 4-model front are still half of it: Panic on their Ld 9, 8 passes.
    expect(ofType(r.events, "morale/panicTest")[0]).toMatchObject({ unit: "fr-1", target: 9, passed: true });
    // Next French turn the two survivors step out again.
    const t = toTurnStep(r.state, 2, "fr", "remaining");
    const out = run(t, split());
    expect(unitOf(out.state, "fr-d")).toMatchObject({ figures: 2, files: 2, mergedInto: null });
    expect(unitOf(out.state, "fr-1").figures).toBe(22);
    expect(checkState(out.state)).toEqual([]);
    expect(checkStep(t, split(), out.state, out.events)).toEqual([]);
  });

  it("WHN-DET-5: while the elites are less than half the front rank, no save and the parent's own models fall first (our reading)", () => {
    const s = toShooting(must(ready([fr("fr-1", 36, 10), grenadiers(1), gbMuskets(), gb("gb-1", 60, 44)]), merge), "gb");
    const r = apply(withScriptedDice(s, [6, 6, 6, 6, 6, 6, 6, 6, 4, 4]), volley);
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(ofType(r.events, "shooting/saves")[0]).toMatchObject({ need: null });
    expect(ofType(r.events, "unit/combinedCasualties")[0]).toMatchObject({ rule: "WHN-DET-5", superiorValues: false, elites: [{ detachment: "fr-d", lost: 0, left: 1 }] });
    expect(ofType(r.events, "morale/panicTest")[0]).toMatchObject({ target: 6, passed: false });
  });

  it("CORE-UNIT-1: casualty sharing, one by one: missiles take every 2nd, close combat the elites in contact first", () => {
    const s = merged();
    const p = unitOf(s, "fr-1");
    expect(eliteLosses(p, 28, 4, 4, { kind: "missile" })).toBe(2);
    expect(eliteLosses(p, 28, 4, 3, { kind: "combat", eliteInContact: 3 })).toBe(3);
    expect(eliteLosses(p, 28, 4, 6, { kind: "combat", eliteInContact: 2 })).toBe(2);
    // Not applying (1 of 4 in front): the parent's own 24 go first, the elite last.
    expect(eliteLosses(p, 25, 1, 20, { kind: "missile" })).toBe(0);
    expect(eliteLosses(p, 25, 1, 25, { kind: "missile" })).toBe(1);
  });

  it("WHN-DET-5: a parent destroyed or removed takes its merged detachment with it", () => {
    const s = merged();
    const ctx = { dice: roller(seedDice(0)), options: s.options, emit: () => undefined };
    const shot = woundUnit(s, ctx, "fr-1" as UnitId, 28, { x: 36, y: 19 }).state;
    expect(unitOf(shot, "fr-1").removed?.reason).toBe("destroyed");
    expect(unitOf(shot, "fr-d")).toMatchObject({ figures: 0, removed: { reason: "destroyed" } });
    const fled = removeUnit(s, "fr-1" as UnitId, "fledTable");
    expect(unitOf(fled, "fr-d").removed?.reason).toBe("fledTable");
    expect(armyLoss(fled, "fr" as never)).toBe(1);
  });

  it("WHN-DET-5: a merged state saves and loads unchanged", () => {
    const s = merged();
    const text = saveState(s);
    const back = loadState(text);
    if (!back.ok) throw new Error(JSON.stringify(back.error));
    expect(back.value).toEqual(s);
    expect(unitOf(back.value, "fr-d").mergedInto).toBe("fr-1");
    // An older save without the field loads as not merged.
    const old = JSON.parse(text) as { units: Record<string, Record<string, unknown>> };
    delete old.units["fr-1"]?.["mergedInto"];
    const loaded = loadState(JSON.stringify(old));
    expect(loaded.ok && unitOf(loaded.value, "fr-1").mergedInto).toBeNull();
  });
});
