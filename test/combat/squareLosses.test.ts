import { describe, expect, it } from "vitest";
import { apply, withScriptedDice, type BattleEvent, type BattleState } from "../../src/index.js";
import { engaged } from "../fixtures/combat.js";
import { buildRound } from "../../src/rules/whn/combat/index.js";
import { removeModels } from "../../src/rules/whn/casualties.js";
import { footprintOf, layoutOf, withUnit } from "../../src/rules/whn/unit.js";
import { closeUpOnSquare } from "../../src/rules/whn/combat/fight.js";
import { rectsOverlap } from "../../src/geometry/rect.js";
import { horse } from "../fixtures/combat.js";
import { unitCentre } from "../../src/geometry/layout.js";
import { footprintDistance } from "../../src/geometry/rect.js";

const W = 20 / 25.4; // a foot base
const unit = (s: BattleState, id: string) => s.units[id as never]!;
const HORSE = { troopType: "cavalry" as const, base: { w: 25 / 25.4, d: 50 / 25.4 }, formation: "CAV_LINE" as const, files: 5, figures: 10, profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 } };

describe("a square that loses models (WHN-FORM-8, CORE-GEO-7)", () => {
  it("WHN-FORM-8, CORE-GEO-7: it is re-laid out about its centre: its front edge steps back half of what its side lost", () => {
    const s = engaged({ formation: "SQUARE", figures: 24 });
    const sq = unit(s, "a");
    const before = unitCentre(layoutOf(sq));
    // 24 → 20 models: 6 → 5 a face, side 7W → 6W; the front edge steps back W/2.
    const after = removeModels(sq, 4).unit;
    expect(after.figures).toBe(20);
    expect(after.position.x).toBeCloseTo(36, 12);
    expect(after.position.y).toBeCloseTo(24 - W / 2, 12);
    const c = unitCentre(layoutOf(after));
    expect(c.x).toBeCloseTo(before.x, 12);
    expect(c.y).toBeCloseTo(before.y, 12);
    // Losses that leave the side as it was (24 → 21: still 6 on the front face) do not move it.
    expect(removeModels(sq, 3).unit.position).toEqual(sq.position);
    // Other formations keep their front edge.
    expect(removeModels(unit(s, "b"), 5).unit.position).toEqual(unit(s, "b").position);
  });

  it("WHN-FORM-8, CORE-CC-1: in close combat the enemy touching the shrunken square steps in with it and stays in base contact", () => {
    // Square a (20 models, 5 a face, side 6W) against 10 horse; the square strikes first (WHN-CC-4).
    const base = engaged({ formation: "SQUARE", figures: 20 }, HORSE);
    const input = buildRound(base, base.combats["c1" as never]!).input;
    const ka = input.strikers.filter((x) => x.owner === "a").reduce((n, x) => n + x.models, 0);
    const kb = input.strikers.filter((x) => x.owner === "b").reduce((n, x) => n + x.models, 0);
    // The square misses everything; the horse hit 4 times and wound 4 times: 4 wounds against the
    // square's +4 against cavalry, a drawn round (no Break test, nobody moves away).
    const dice = [...new Array<number>(ka).fill(1), 6, 6, 6, 6, ...new Array<number>(kb - 4).fill(1), 6, 6, 6, 6];
    const r = apply(withScriptedDice(base, dice), { type: "combat/fight" });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    const fought = r.events.find((e: BattleEvent) => e.type === "combat/roundFought")!;
    expect(fought).toMatchObject({ winner: null, margin: 0 });
    const sq = unit(r.state, "a");
    expect(sq.figures).toBe(16);
    // 5 → 4 a face: the side goes 6W → 5W, every face steps in W/2, the centre stays at 24 − 3W.
    expect(sq.position.y).toBeCloseTo(24 - W / 2, 9);
    expect(unitCentre(layoutOf(sq)).y).toBeCloseTo(24 - 3 * W, 9);
    expect(unit(r.state, "b").position.y).toBeCloseTo(24 - W / 2, 9);
    expect(footprintDistance(footprintOf(sq), footprintOf(unit(r.state, "b")))).toBeCloseTo(0, 9);
    expect(Object.keys(r.state.combats)).toEqual(["c1"]);
  });

  it("WHN-FORM-8, CORE-MOVE-4: a foe stepping in on the shrunken square stops short of a friend beside it at the corner (walk record seed 11, battle 2161)", () => {
    // b touches the square's front face; its friend c touches the square's side face, and b's corner
    // reaches 0.1" past the square's side, so stepping straight in would carry b onto c.
    const c = horse("c", "gb", { ...HORSE, position: { x: 36 + 3 * W, y: 24 - (5 * 25) / 25.4 / 2 }, facing: 180 });
    const s = engaged({ formation: "SQUARE", figures: 20 }, HORSE, { units: [c] });
    const sq = unit(s, "a");
    const shrunk = withUnit(s, removeModels(sq, 4).unit);
    const contacts = ["b", "c"].map((id) => ({ unit: id, enemy: "a", models: [0], enemyFace: "front", ownFace: "front" })) as never;
    const after = closeUpOnSquare(shrunk, sq, contacts);
    const [b1, c1, sq1] = [unit(after, "b"), unit(after, "c"), unit(after, "a")];
    expect(footprintOf(b1).some((x) => footprintOf(c1).some((y) => rectsOverlap(x, y)))).toBe(false);
    // b stays where it stood; c steps in W/2 and keeps touching the square.
    expect(b1.position.x).toBeCloseTo(unit(s, "b").position.x, 9);
    expect(b1.position.y).toBeCloseTo(unit(s, "b").position.y, 9);
    expect(c1.position.x).toBeCloseTo(36 + 3 * W - W / 2, 9);
    expect(footprintDistance(footprintOf(sq1), footprintOf(c1))).toBeCloseTo(0, 9);
  });
});
