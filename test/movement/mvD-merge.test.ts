/**
 * Merging and splitting a detachment (src/rules/whn/movement/merge.ts, WHN-DET-5): whole events,
 * whole units after, every refusal with its details, and the edges of reach and placement.
 */
import { describe, expect, it } from "vitest";
import { withScriptedDice, type BattleState } from "../../src/index.js";
import { leader } from "../fixtures/morale.js";
import { battleOf, fr, frCav, gb, must, patch, toStep, toTurnStep, unitOf } from "../fixtures/movement.js";
import { events, refusal } from "../fixtures/mvD.js";

const D = 20 / 25.4;
/** Grenadiers (Ld 9, light armour) in one rank, fr-1's detachment, front edge at (x, 10). */
const grenadiers = (figures = 4, x = 40, over: Record<string, unknown> = {}) =>
  fr("fr-d", x, 10, {
    light: true,
    figures,
    startingFigures: figures,
    files: figures,
    formation: "LINE",
    detachmentOf: "fr-1",
    command: {},
    profile: { M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 9 },
    equipment: { missile: "musket", melee: "musketBayonet", armour: "light" },
    ...over,
  });
const merge = { type: "movement/mergeDetachment", unit: "fr-d" } as const;
const split = (over: Record<string, unknown> = {}) => ({ type: "movement/splitDetachment", unit: "fr-1", detachment: "fr-d", ...over });
const ready = (units = [fr("fr-1", 36, 10), grenadiers(), gb("gb-1", 36, 44)], over = {}) => toStep(battleOf(units, over), "remaining");
/** The French turn-2 remaining step with fr-d merged into fr-1 on turn 1. */
const merged = (units = [fr("fr-1", 36, 10), grenadiers(), gb("gb-1", 36, 44)]) => toTurnStep(must(ready(units), merge), 2, "fr", "remaining");

describe("merging (WHN-DET-5)", () => {
  it("WHN-DET-5: the whole merge: both events, the parent grown and re-formed, the detachment off the table", () => {
    const s = ready();
    const r = events(s, merge);
    expect(r.events).toEqual([
      { type: "unit/detachmentMerged", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", elites: 4, figures: 28, cost: 0.5, free: false, from: { x: 40, y: 10 }, to: { x: 36, y: 10 } },
      { type: "unit/combinedValues", rule: "CORE-UNIT-1", unit: "fr-1", elites: 4, elitesInFront: 4, front: 4, superiorValues: true, from: "fr-d" },
    ]);
    const p0 = unitOf(s, "fr-1");
    const d0 = unitOf(s, "fr-d");
    expect(unitOf(r.state, "fr-1")).toEqual({
      ...p0,
      figures: 28,
      flags: { ...p0.flags, moved: true, formationChanges: 1, moveUsed: 0.5 },
      phase: { figuresAtStart: 28, casualties: 0, panicTested: false },
    });
    expect(unitOf(r.state, "fr-d")).toEqual({ ...d0, mergedInto: "fr-1", flags: { ...d0.flags, moved: true, moveUsed: 1 }, phase: { figuresAtStart: 0, casualties: 0, panicTested: false } });
  });

  it("WHN-DET-3: the Panic counters pool: starting models and casualties add up, a test taken by either is taken by both", () => {
    const s0 = ready();
    const s1 = patch(s0, "fr-1", { phase: { figuresAtStart: 24, casualties: 2, panicTested: false } });
    const s = patch(s1, "fr-d", { phase: { figuresAtStart: 5, casualties: 1, panicTested: true } });
    const r = events(s, merge);
    expect(unitOf(r.state, "fr-1").phase).toEqual({ figuresAtStart: 29, casualties: 3, panicTested: true });
    expect(unitOf(r.state, "fr-d").phase).toEqual({ figuresAtStart: 0, casualties: 0, panicTested: true });
    const s2 = patch(s1, "fr-d", { phase: { figuresAtStart: 4, casualties: 0, panicTested: false } });
    const s3 = patch(s2, "fr-1", { phase: { figuresAtStart: 24, casualties: 2, panicTested: true } });
    expect(unitOf(must(s3, merge), "fr-1").phase).toEqual({ figuresAtStart: 28, casualties: 2, panicTested: true });
    expect(unitOf(must(s2, merge), "fr-1").phase).toEqual({ figuresAtStart: 28, casualties: 2, panicTested: false });
  });

  it("WHN-DET-5, CORE-CHAR-4: a character joined to the detachment joins the parent with it", () => {
    const s0 = ready(undefined, { characters: [leader("ney", "fr", { position: { x: 44, y: 8 } }), leader("lannes", "fr", { position: { x: 60, y: 8 } })] });
    const s = must(s0, { type: "morale/joinUnit", character: "ney", unit: "fr-d" });
    const r = must(s, merge);
    const ch = r.characters as Record<string, { joinedTo: string | null }>;
    expect(ch["ney"]?.joinedTo).toBe("fr-1");
    expect(ch["lannes"]?.joinedTo).toBeNull();
  });

  it("WHN-DET-5, WHN-FORM-5: a two-rank line parent keeps two ranks (files grow by half the elites); a one-rank line keeps one", () => {
    const two = ready([fr("fr-1", 36, 10, { formation: "LINE", files: 12 }), grenadiers(4, 36 + 6 * D + 2 * D + 0.5), gb("gb-1", 36, 44)]);
    const r = events(two, merge);
    expect(r.events[0]).toEqual({ type: "unit/detachmentMerged", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", elites: 4, figures: 28, cost: 0.5, free: false, from: unitOf(two, "fr-d").position, to: { x: 36, y: 10 } });
    expect(unitOf(r.state, "fr-1")).toMatchObject({ formation: "LINE", figures: 28, files: 14 });
    // Five elites into two ranks: 29 models in 15 files (the back rank one short).
    const five = ready([fr("fr-1", 36, 10, { formation: "LINE", files: 12 }), grenadiers(5, 36 + 6 * D + 2.5 * D + 0.5), gb("gb-1", 36, 44)]);
    expect(unitOf(must(five, merge), "fr-1")).toMatchObject({ figures: 29, files: 15 });
    const one = ready([fr("fr-1", 36, 10, { formation: "LINE", files: 12, figures: 12, startingFigures: 12, light: true }), grenadiers(4, 36 + 6 * D + 2 * D + 0.5), gb("gb-1", 36, 44)]);
    expect(unitOf(must(one, merge), "fr-1")).toMatchObject({ figures: 16, files: 16 });
  });

  it("WHN-DET-5: a column keeps its files and grows deeper; a march column too", () => {
    expect(unitOf(must(ready(), merge), "fr-1")).toMatchObject({ formation: "ATTACK_COLUMN", files: 4, figures: 28 });
    const mc = ready([fr("fr-1", 36, 20, { formation: "MARCH_COLUMN", files: 2 }), grenadiers(4, 40, { position: { x: 40, y: 20 } }), gb("gb-1", 36, 44)]);
    expect(unitOf(must(mc, merge), "fr-1")).toMatchObject({ formation: "MARCH_COLUMN", files: 2, figures: 28 });
  });

  it("WHN-DET-5: cavalry detachments merge into cavalry lines and columns", () => {
    const cav = (formation: "CAV_LINE" | "CAV_COLUMN", files: number) =>
      ready([frCav("fr-1", 36, 20, { formation, files }), frCav("fr-d", 36 + (files * 25) / 25.4 / 2 + 2 + 0.5, 20, { figures: 4, startingFigures: 4, files: 4, formation: "CAV_LINE", detachmentOf: "fr-1" }), gb("gb-1", 36, 44)]);
    expect(unitOf(must(cav("CAV_LINE", 8), merge), "fr-1")).toMatchObject({ formation: "CAV_LINE", figures: 16, files: 8 });
    expect(unitOf(must(cav("CAV_COLUMN", 2), merge), "fr-1")).toMatchObject({ formation: "CAV_COLUMN", figures: 16, files: 2 });
  });

  it("WHN-DET-5: a parent with no ranks (open order, square) is refused, whole refusal and text", () => {
    const oo = ready([fr("fr-1", 36, 10, { light: true, formation: "OPEN_ORDER", files: 12 }), grenadiers(4, 36 + 6 * D * 1.5 + 3), gb("gb-1", 36, 44)]);
    const a = refusal(oo, merge);
    expect(a.violation).toEqual({ code: "movement/merge_formation", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", formation: "OPEN_ORDER" });
    expect(a.text).toBe("fr-1 is in OPEN_ORDER, which has no ranks for fr-d to form up in. [WHN-DET-5]");
    const square = ready([fr("fr-1", 36, 10, { formation: "SQUARE", files: 6 }), grenadiers(4, 42), gb("gb-1", 36, 44)]);
    expect(refusal(square, merge).violation).toEqual({ code: "movement/merge_formation", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", formation: "SQUARE" });
  });

  it("WHN-DET-5: the reach is the detachment's M between footprints: exactly M merges, 0.01\" more is refused", () => {
    // The parent's right edge is at 36 + 2D; the grenadiers' left edge at x − 2D.
    // Placed after the compulsory moves (a detachment out of range would have been brought back, WHN-DET-2).
    const at = (gap: number) => patch(ready(), "fr-d", { position: { x: 36 + 4 * D + gap, y: 10 } });
    expect(events(at(4), merge).events[0]).toMatchObject({ type: "unit/detachmentMerged", figures: 28 });
    const r = refusal(at(4.01), merge);
    expect(r.violation).toEqual({ code: "movement/merge_out_of_reach", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", distance: expect.closeTo(4.01, 9) as unknown, reach: 4 });
    expect(r.text).toBe("Detachment fr-d is 4.01\" from fr-1; it can reach its parent's ranks only from within 4.00\". [WHN-DET-5]");
  });

  it("WHN-DET-5: refusals for a unit that is no detachment, a parent gone, a detachment that moved, another troop type; whole refusals", () => {
    const s = ready();
    const a = refusal(s, { type: "movement/mergeDetachment", unit: "fr-1" });
    expect(a.violation).toEqual({ code: "movement/not_a_detachment", rule: "WHN-DET-5", unit: "fr-1" });
    expect(a.text).toBe("Unit fr-1 is not a detachment: it has no parent to merge into. [WHN-DET-5]");
    const gone = patch(s, "fr-1", { removed: { turn: 1, reason: "destroyed" } });
    const b = refusal(gone, merge);
    expect(b.violation).toEqual({ code: "movement/parent_gone", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1" });
    expect(b.text).toBe("The parent fr-1 of fr-d is no longer in play. [WHN-DET-5]");
    const moved = must(s, { type: "movement/move", unit: "fr-d", path: [{ kind: "forward", distance: 0.5 }] });
    const c = refusal(moved, merge);
    expect(c.violation).toEqual({ code: "movement/detachment_moved", rule: "WHN-DET-5", unit: "fr-d" });
    expect(c.text).toBe("Detachment fr-d has already moved this turn and cannot form up with its parent. [WHN-DET-5]");
    const horse = ready([fr("fr-1", 36, 10), frCav("fr-d", 36 + 2 * D + 2 * (25 / 25.4) + 0.5, 10, { figures: 4, startingFigures: 4, files: 4, formation: "CAV_LINE", detachmentOf: "fr-1" }), gb("gb-1", 36, 44)]);
    const d = refusal(horse, merge);
    expect(d.violation).toEqual({ code: "movement/merge_troop_type", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", troopType: "cavalry", parentType: "infantry" });
    expect(d.text).toBe("fr-d (cavalry) cannot stand in the ranks of fr-1 (infantry). [WHN-DET-5]");
  });

  it("WHN-DET-5: checks in order: reach before moved before troop type before the parent's state before its formation", () => {
    const far = patch(ready(), "fr-d", { position: { x: 46, y: 10 }, flags: { ...unitOf(ready(), "fr-d").flags, moved: true } });
    expect(refusal(far, merge).violation).toMatchObject({ code: "movement/merge_out_of_reach" });
    const s = ready();
    const both = patch(patch(s, "fr-d", { flags: { ...unitOf(s, "fr-d").flags, moved: true } }), "fr-1", { order: "DISORDERED", formation: "SQUARE" });
    expect(refusal(both, merge).violation).toMatchObject({ code: "movement/detachment_moved" });
    const p = patch(patch(s, "fr-1", { order: "FLEEING" }), "fr-1", { order: "FLEEING" });
    expect(refusal(p, merge).violation).toEqual({ code: "movement/fleeing", rule: "CORE-FLEE-1", unit: "fr-1" });
    const charged = patch(s, "fr-1", { flags: { ...unitOf(s, "fr-1").flags, declaredCharge: true } });
    expect(refusal(charged, merge).violation).toEqual({ code: "movement/charged_this_turn", rule: "CORE-CHRG-5", unit: "fr-1" });
  });

  it("WHN-FCHG-2, WHN-FCHG-3: the merge is the parent's formation change: one a turn, and a raw parent must not have moved", () => {
    const changed = must(ready(), { type: "movement/changeFormation", unit: "fr-1", formation: "ATTACK_COLUMN", files: 3 });
    expect(refusal(changed, merge).violation).toEqual({ code: "movement/too_many_changes", rule: "WHN-FCHG-2", unit: "fr-1", max: 1 });
    const raw = ready([fr("fr-1", 36, 10, { quality: "RAW" }), grenadiers(), gb("gb-1", 36, 44)]);
    const rawMoved = must(raw, { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: 0.5 }] });
    expect(refusal(rawMoved, merge).violation).toMatchObject({ code: "movement/raw_change_after_moving", unit: "fr-1" });
    const vet = events(ready([fr("fr-1", 36, 10, { quality: "VETERAN" }), grenadiers(), gb("gb-1", 36, 44)]), merge);
    expect(vet.events[0]).toEqual({ type: "unit/detachmentMerged", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", elites: 4, figures: 28, cost: 0, free: true, from: { x: 40, y: 10 }, to: { x: 36, y: 10 } });
    expect(unitOf(vet.state, "fr-1").flags).toMatchObject({ formationChanges: 1, moveUsed: 0 });
  });

  it("WHN-FCHG-4: a merge stopped by its check: the whole failure event, the parent's change spent, nothing merged", () => {
    const near = ready([fr("fr-1", 36, 10), grenadiers(), gb("gb-1", 36, 16)]);
    const r = events(withScriptedDice(near, [6, 6]), merge);
    expect(r.events).toEqual([
      { type: "movement/formationCheck", rule: "WHN-FCHG-4", unit: "fr-1", dice: [6, 6], total: 12, target: 6, passed: false, threats: ["gb-1"] },
      { type: "unit/formationChangeFailed", rule: "WHN-FCHG-4", unit: "fr-1", formation: "ATTACK_COLUMN", cost: 0.5, change: "merge", detachment: "fr-d" },
    ]);
    const p0 = unitOf(near, "fr-1");
    expect(unitOf(r.state, "fr-1")).toEqual({ ...p0, flags: { ...p0.flags, formationChanges: 1, moveUsed: 0.5, moved: true } });
    expect(unitOf(r.state, "fr-d")).toEqual(unitOf(near, "fr-d"));
  });
});

describe("splitting (WHN-DET-5)", () => {
  it("WHN-DET-5: the whole split: the event, the detachment beside the parent's right flank as it was, the parent shrunk", () => {
    const s = merged();
    const r = events(s, split());
    expect(r.events).toEqual([
      { type: "unit/detachmentSplit", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", elites: 4, figures: 24, cost: 0.5, free: false, to: { x: 36 + 4 * D, y: 10 }, facing: 90, formation: "LINE", files: 4 },
    ]);
    const p0 = unitOf(s, "fr-1");
    const d0 = unitOf(s, "fr-d");
    expect(unitOf(r.state, "fr-1")).toEqual({ ...p0, figures: 24, flags: { ...p0.flags, moved: true, formationChanges: 1, moveUsed: 0.5 }, phase: { ...p0.phase, figuresAtStart: p0.phase.figuresAtStart - 4 } });
    expect(unitOf(r.state, "fr-d")).toEqual({
      ...d0,
      mergedInto: null,
      position: { x: 36 + 4 * D, y: 10 },
      facing: 90,
      formation: "LINE",
      files: 4,
      models: null,
      order: "GOOD",
      flags: { ...d0.flags, moved: true, moveUsed: 1 },
      phase: { figuresAtStart: 4, casualties: 0, panicTested: p0.phase.panicTested },
    });
  });

  it("WHN-DET-3: the elites take back their share of the starting models (no more than the parent counted), none of the casualties; the Panic flag follows the parent", () => {
    const s0 = merged();
    const s = patch(s0, "fr-1", { phase: { figuresAtStart: 3, casualties: 2, panicTested: true } });
    const r = must(s, split());
    expect(unitOf(r, "fr-1").phase).toEqual({ figuresAtStart: 0, casualties: 2, panicTested: true });
    expect(unitOf(r, "fr-d").phase).toEqual({ figuresAtStart: 3, casualties: 0, panicTested: true });
  });

  it("WHN-DET-5: with the right flank blocked it steps out on the left; with both blocked it is refused for the last spot tried", () => {
    const s = merged([fr("fr-1", 36, 10), grenadiers(), fr("fr-2", 10, 30, { formation: "MARCH_COLUMN", files: 2 }), fr("fr-3", 60, 30, { formation: "MARCH_COLUMN", files: 2 }), gb("gb-1", 36, 44)]);
    const right = patch(s, "fr-2", { position: { x: 36 + 2 * D + 1, y: 10 } });
    const r = events(right, split());
    expect(r.events[0]).toMatchObject({ to: { x: 36 - 4 * D, y: 10 } });
    expect(unitOf(r.state, "fr-d").position).toEqual({ x: 36 - 4 * D, y: 10 });
    const both = patch(right, "fr-3", { position: { x: 36 - 2 * D - 1, y: 10 } });
    expect(refusal(both, split()).violation).toEqual({ code: "movement/through_unit", rule: "CORE-MOVE-4", unit: "fr-d", other: "fr-3" });
  });

  it("WHN-DET-5: placed where the player says, facing as told; it must stay within M of the parent: exactly M is fine, 0.01\" more refused", () => {
    const s = merged();
    const r = events(s, split({ to: { x: 30, y: 10 }, facing: 270 }));
    expect(r.events[0]).toEqual({ type: "unit/detachmentSplit", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", elites: 4, figures: 24, cost: 0.5, free: false, to: { x: 30, y: 10 }, facing: 270, formation: "LINE", files: 4 });
    // Facing east, front edge at x: the detachment's footprint reaches back west of x, 4 wide across y.
    const east = (x: number) => split({ to: { x, y: 10 }, facing: 0 });
    // The parent's right edge at 36 + 2D; the detachment one base deep behind its front edge.
    expect(events(s, east(36 + 2 * D + D + 4)).events[0]).toMatchObject({ facing: 0 });
    const v = refusal(s, east(36 + 2 * D + D + 4.01));
    expect(v.violation).toEqual({ code: "movement/split_out_of_reach", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", distance: expect.closeTo(4.01, 9) as unknown, reach: 4 });
    expect(v.text).toBe("Detachment fr-d would stand 4.01\" from fr-1; it must step out within 4.00\". [WHN-DET-5]");
  });

  it("CORE-MOVE-4: a split detachment may not stand within 1\" of an enemy: 1\" is refused, 1.01\" is fine", () => {
    // A British line facing south whose front edge is y above the grenadiers' front edge at y 10.
    const m = merged([fr("fr-1", 36, 10), grenadiers(), gb("gb-1", 60, 44, { files: 4, figures: 8, startingFigures: 8 })]);
    const s = (gap: number) => patch(m, "gb-1", { position: { x: 36 + 4 * D, y: 10 + gap } });
    const at = split({ to: { x: 36 + 4 * D, y: 10 } });
    const v = refusal(s(1), at);
    expect(v.violation).toEqual({ code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4", unit: "fr-d", enemy: "gb-1", distance: expect.closeTo(1, 9) as unknown });
    // The enemy within charge reach asks the WHN-FCHG-4 check first (2 + 6 = 8 passes against 9).
    expect(events(withScriptedDice(s(1.01), [2, 6]), at).events[1]).toMatchObject({ type: "unit/detachmentSplit", to: { x: 36 + 4 * D, y: 10 } });
    // Left to itself, it steps out on the left flank, away from the enemy.
    expect(events(withScriptedDice(s(1), [2, 6]), split()).events[1]).toMatchObject({ type: "unit/detachmentSplit", to: { x: 36 - 4 * D, y: 10 } });
  });

  it("WHN-DET-5: a named formation or width is checked (AMB-09); a formation change keeps the files it had", () => {
    const s = merged();
    const a = refusal(s, split({ formation: "ATTACK_COLUMN" }));
    expect(a.violation).toMatchObject({ code: "movement/formation_not_allowed", unit: "fr-d", formation: "ATTACK_COLUMN", files: 4 });
    const b = refusal(s, split({ files: 1 }));
    expect(b.violation).toMatchObject({ code: "movement/formation_not_allowed", unit: "fr-d", formation: "LINE", files: 1 });
    // Three files of four models is two ranks: a line (WHN-FORM-5).
    expect(events(s, split({ files: 3 })).events[0]).toMatchObject({ formation: "LINE", files: 3, to: { x: 36 + 2 * D + 1.5 * D, y: 10 } });
    const r = events(s, split({ formation: "OPEN_ORDER" }));
    expect(r.events[0]).toMatchObject({ formation: "OPEN_ORDER", files: 4 });
    const two = events(s, split({ files: 2, formation: "OPEN_ORDER", to: { x: 40, y: 10 } }));
    expect(two.events[0]).toMatchObject({ formation: "OPEN_ORDER", files: 2, to: { x: 40, y: 10 } });
  });

  it("WHN-DET-5: a detachment that lost models steps out closed up over its losses (files no more than its models)", () => {
    const s = patch(merged(), "fr-d", { figures: 2 });
    const s2 = patch(s, "fr-1", { figures: 26 });
    const r = events(s2, split());
    expect(r.events[0]).toMatchObject({ elites: 2, figures: 24, files: 2, formation: "LINE" });
  });

  it("WHN-DET-5: a detachment in extended order steps out with its models laid out", () => {
    const xs = (x: number) => [0, 1, 2, 3].map((i) => ({ x: x + i * 1.7, y: 9.6, facing: 90 }));
    const skirm = fr("fr-d", 40, 10, { light: true, extendedOrderAllowed: true, figures: 4, startingFigures: 4, files: 4, formation: "EXTENDED_ORDER", detachmentOf: "fr-1", command: {}, models: xs(39) });
    const s = merged([fr("fr-1", 36, 10), skirm, gb("gb-1", 36, 44)]);
    const r = events(s, split({ to: { x: 44, y: 10 } }));
    const d = unitOf(r.state, "fr-d");
    expect(d.formation).toBe("EXTENDED_ORDER");
    expect(d.models).toHaveLength(4);
    expect(r.events[0]).toMatchObject({ formation: "EXTENDED_ORDER", files: 4 });
  });

  it("WHN-DET-5: refusals for a detachment not merged into this unit, removed, or a split that empties the parent; whole refusals", () => {
    const s = merged();
    const a = refusal(s, split({ detachment: "gb-1" }));
    expect(a.violation).toEqual({ code: "movement/not_merged", rule: "WHN-DET-5", unit: "fr-1", detachment: "gb-1" });
    expect(a.text).toBe("gb-1 is not merged into fr-1. [WHN-DET-5]");
    expect(refusal(s, split({ detachment: "nobody" })).violation).toEqual({ code: "movement/not_merged", rule: "WHN-DET-5", unit: "fr-1", detachment: "nobody" });
    const removed = patch(s, "fr-d", { removed: { turn: 1, reason: "destroyed" } });
    expect(refusal(removed, split()).violation).toEqual({ code: "movement/not_merged", rule: "WHN-DET-5", unit: "fr-1", detachment: "fr-d" });
    const empty = patch(s, "fr-1", { figures: 4 });
    const b = refusal(empty, split());
    expect(b.violation).toEqual({ code: "movement/split_empties_parent", rule: "WHN-DET-5", unit: "fr-1", detachment: "fr-d", figures: 4, elites: 4 });
    expect(b.text).toBe("fr-1 has only the 4 models of fr-d left; splitting them off would leave nothing. [WHN-DET-5]");
    // One model of its own left: the split goes ahead (the remaining one re-forms as it can, or is refused for its shape).
    const one = patch(s, "fr-1", { figures: 5 });
    expect(refusal(one, split()).violation).not.toMatchObject({ code: "movement/split_empties_parent" });
  });

  it("WHN-FCHG-2: a split is the parent's formation change: none after another change this turn", () => {
    const s = must(merged(), { type: "movement/changeFormation", unit: "fr-1", formation: "ATTACK_COLUMN", files: 3 });
    expect(refusal(s, split()).violation).toEqual({ code: "movement/too_many_changes", rule: "WHN-FCHG-2", unit: "fr-1", max: 1 });
  });

  it("WHN-FCHG-4: a split stopped by its check: the whole failure event, the parent's change spent, the detachment still merged", () => {
    const s = merged([fr("fr-1", 36, 10), grenadiers(), gb("gb-1", 36, 44)]);
    const near = patch(s, "gb-1", { position: { x: 36, y: 17 } });
    const r = events(withScriptedDice(near, [6, 6]), split());
    expect(r.events).toEqual([
      { type: "movement/formationCheck", rule: "WHN-FCHG-4", unit: "fr-1", dice: [6, 6], total: 12, target: 9, passed: false, threats: ["gb-1"] },
      { type: "unit/formationChangeFailed", rule: "WHN-FCHG-4", unit: "fr-1", formation: "ATTACK_COLUMN", cost: 0.5, change: "split", detachment: "fr-d" },
    ]);
    const p0 = unitOf(near, "fr-1");
    expect(unitOf(r.state, "fr-1")).toEqual({ ...p0, flags: { ...p0.flags, formationChanges: 1, moveUsed: 0.5, moved: true } });
    expect(unitOf(r.state, "fr-d")).toEqual(unitOf(near, "fr-d"));
  });
});

describe("merge and split: the re-formed blocks (WHN-DET-5, WHN-FCHG-3)", () => {
  it("CORE-GEO-2: a merge whose deeper parent would stand off the table is refused, whole refusal", () => {
    // A march column of 2 files whose rear is 0.55" from the south edge: 2 more ranks go past it.
    const s = ready([fr("fr-1", 36, 10, { formation: "MARCH_COLUMN", files: 2 }), grenadiers(4, 40), gb("gb-1", 36, 44)]);
    expect(refusal(s, merge).violation).toEqual({ code: "movement/off_table", rule: "CORE-GEO-2", unit: "fr-1" });
  });

  it("WHN-DET-5: the detachment steps out in its parent's order, with no models unless in extended order", () => {
    const s = merged();
    const r = must(patch(s, "fr-d", { order: "DISORDERED" }), split());
    expect(unitOf(r, "fr-d").order).toBe("GOOD");
    const xs = [0, 1, 2, 3].map((i) => ({ x: 39 + i * 1.7, y: 9.6, facing: 90 }));
    const skirm = fr("fr-d", 40, 10, { light: true, extendedOrderAllowed: true, figures: 4, startingFigures: 4, files: 4, formation: "EXTENDED_ORDER", detachmentOf: "fr-1", command: {}, models: xs });
    const m = merged([fr("fr-1", 36, 10), skirm, gb("gb-1", 36, 44)]);
    const open = must(m, split({ formation: "OPEN_ORDER", to: { x: 42, y: 10 } }));
    expect(unitOf(open, "fr-d")).toMatchObject({ formation: "OPEN_ORDER", models: null, position: { x: 42, y: 10 } });
  });

  it("WHN-DET-5: a split leaves the parent one-rank-line-shaped as it was: a one-rank light line gives its files back", () => {
    const one = ready([fr("fr-1", 36, 10, { formation: "LINE", files: 12, figures: 12, startingFigures: 12, light: true }), grenadiers(4, 36 + 6 * D + 2 * D + 0.5), gb("gb-1", 36, 44)]);
    const t = toTurnStep(must(one, merge), 2, "fr", "remaining");
    const r = events(t, split());
    expect(r.events[0]).toMatchObject({ type: "unit/detachmentSplit", elites: 4, figures: 12, to: { x: expect.closeTo(36 + 6 * D + 2 * D, 9) as unknown, y: 10 } });
    expect(unitOf(r.state, "fr-1")).toMatchObject({ formation: "LINE", figures: 12, files: 12 });
  });
});
