import { describe, expect, it } from "vitest";
import { unitId } from "../../src/index.js";
import { fleeUnit } from "../../src/rules/whn/morale/flee.js";
import { battalion, battle, character, deepFreeze, leader, regiment, run, types, unit } from "../fixtures/morale.js";

const FR = unitId("fr-1");
const GB = unitId("gb-1");

/** fr-1 (24 foot, 4 files) at y 24 facing the British line at y 34. */
function face(over: Parameters<typeof battle>[1] = {}) {
  return battle(
    [
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 36, y: 34 }, facing: 270, formation: "LINE", files: 12 }),
    ],
    over,
  );
}

describe("fleeUnit", () => {
  it("CORE-FLEE-2: foot (M 4) flee 2D6 directly away, turned to face the way they run (CORE-FLEE-3, CORE-GEO-25)", () => {
    const s = deepFreeze(face());
    const r = run(s, [3, 4], (st, ctx) => fleeUnit(st, FR, ctx, { from: GB, rule: "WHN-PANIC-3" }).state);
    const u = unit(r.state, "fr-1");
    expect(u.order).toBe("FLEEING");
    expect(u.facing).toBeCloseTo(270, 9);
    // Centre (36, 21.64) turns about itself, then moves 7" towards −y.
    expect(u.position.x).toBeCloseTo(36, 9);
    expect(u.position.y).toBeCloseTo(24 - 2 * ((6 * 20) / 25.4) - 7 + (6 * 20) / 25.4, 9);
    const fled = r.events.find((e) => e.type === "unit/fled");
    expect(fled).toMatchObject({ rule: "WHN-PANIC-3", unit: "fr-1", from: "gb-1", dice: [3, 4], roll: 7, distance: 7 });
    expect(unit(s, "fr-1").order).toBe("GOOD");
  });

  it("CORE-FLEE-2: cavalry (M 8) flee 3D6", () => {
    const s = battle([
      regiment("fr-h", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 36, y: 34 }, facing: 270, formation: "LINE", files: 12 }),
    ]);
    let roll = 0;
    const r = run(s, [1, 2, 3], (st, ctx) => {
      const out = fleeUnit(st, unitId("fr-h"), ctx, { from: GB, rule: "WHN-PANIC-3" });
      roll = out.roll;
      return out.state;
    });
    expect(roll).toBe(6);
    expect(r.events.find((e) => e.type === "unit/fled")).toMatchObject({ dice: [1, 2, 3], distance: 6 });
  });

  it("CORE-FLEE-3: with no named enemy, the unit flees from the nearest enemy unit", () => {
    const s = face();
    const r = run(s, [2, 2], (st, ctx) => fleeUnit(st, FR, ctx, { from: null, rule: "CORE-FLEE-6" }).state);
    expect(r.events.find((e) => e.type === "unit/fled")).toMatchObject({ from: "gb-1", rule: "CORE-FLEE-6" });
    expect(unit(r.state, "fr-1").facing).toBeCloseTo(270, 9);
  });

  it("CORE-FLEE-4: fleeing units pass straight through friends and are placed beyond them (AMB-104)", () => {
    const s = battle([
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
      battalion("fr-2", "fr", { position: { x: 36, y: 17 }, facing: 90, formation: "LINE", files: 12 }),
      battalion("gb-1", "gb", { position: { x: 36, y: 34 }, facing: 270, formation: "LINE", files: 12 }),
    ]);
    // 2 + 1 = 3": the unit would end inside fr-2 (two ranks from y 17 back to 15.43), so it goes on beyond.
    const r = run(s, [2, 1], (st, ctx) => fleeUnit(st, FR, ctx, { from: GB, rule: "WHN-PANIC-3" }).state);
    const fled = r.events.find((e) => e.type === "unit/fled");
    expect(fled?.["passedThrough"]).toEqual(["fr-2"]);
    expect(Number(fled?.["distance"])).toBeGreaterThan(3);
    const u = unit(r.state, "fr-1");
    // Front edge (facing −y) lies beyond fr-2's rear edge.
    expect(u.position.y).toBeLessThan(17 - 2 * (20 / 25.4));
    expect(unit(r.state, "fr-2").order).toBe("GOOD");
  });

  it("CORE-FLEE-4: a unit whose every way out is blocked by enemies is destroyed (CORE-GEO-26)", () => {
    const wall = (id: string, x: number, y: number, facing: number) =>
      battalion(id, "gb", { position: { x, y }, facing, formation: "LINE", files: 20, figures: 20, light: true });
    const s = battle([
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
      wall("gb-1", 36, 30, 270),
      wall("gb-2", 36, 14, 90),
      battalion("gb-3", "gb", { position: { x: 28, y: 22 }, facing: 0, formation: "LINE", files: 20, figures: 20, light: true }),
      battalion("gb-4", "gb", { position: { x: 44, y: 22 }, facing: 180, formation: "LINE", files: 20, figures: 20, light: true }),
    ]);
    const r = run(s, [6, 6], (st, ctx) => fleeUnit(st, FR, ctx, { from: GB, rule: "WHN-PANIC-3" }).state);
    expect(types(r.events)).toEqual(["unit/fled", "unit/destroyed"]);
    expect(r.events[1]).toMatchObject({ rule: "CORE-FLEE-4", path: "CORE-GEO-26" });
    expect(unit(r.state, "fr-1").removed).toEqual({ reason: "destroyed", gameTurn: 1 });
  });

  it("CORE-FLEE-5: a unit any part of which crosses a table edge leaves play (CORE-GEO-28)", () => {
    const s = battle([
      battalion("fr-1", "fr", { position: { x: 36, y: 10 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 36, y: 20 }, facing: 270, formation: "LINE", files: 12 }),
    ]);
    const r = run(s, [4, 4], (st, ctx) => fleeUnit(st, FR, ctx, { from: GB, rule: "WHN-PANIC-3" }).state);
    expect(types(r.events)).toEqual(["unit/fled", "unit/leftTable"]);
    expect(r.events[1]).toMatchObject({ rule: "CORE-FLEE-5", unit: "fr-1" });
    expect(unit(r.state, "fr-1").removed).toEqual({ reason: "fledTable", gameTurn: 1 });
  });

  it("CORE-CHAR-6: a joined character flees with his unit and leaves the table with it", () => {
    const s = battle(
      [
        battalion("fr-1", "fr", { position: { x: 36, y: 10 }, facing: 90 }),
        battalion("gb-1", "gb", { position: { x: 36, y: 20 }, facing: 270, formation: "LINE", files: 12 }),
      ],
      { characters: [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 9.6 } })] },
    );
    const r = run(s, [4, 4], (st, ctx) => fleeUnit(st, FR, ctx, { from: GB, rule: "WHN-PANIC-3" }).state);
    expect(character(r.state, "ney")).toMatchObject({ order: "FLEEING", removed: { reason: "fledTable", gameTurn: 1 } });
  });

  it("CORE-CHAR-6: a joined character moves with his fleeing unit", () => {
    const s = face({ characters: [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 23.6 } })] });
    const r = run(s, [1, 1], (st, ctx) => fleeUnit(st, FR, ctx, { from: GB, rule: "WHN-PANIC-3" }).state);
    const c = character(r.state, "ney");
    expect(c.order).toBe("FLEEING");
    expect(c.removed).toBeNull();
    expect(c.facing).toBeCloseTo(270, 9);
    const centreY = 24 - (6 * 20) / 25.4 / 2;
    expect(c.position.y).toBeCloseTo(2 * centreY - 23.6 - 2, 9);
  });

  it("CORE-FLEE-2: the given number of dice overrides 2D6 (e.g. one fewer for fire and flee)", () => {
    const s = face();
    const r = run(s, [5], (st, ctx) => fleeUnit(st, FR, ctx, { from: GB, rule: "WHN-ART-6", dice: 1 }).state);
    expect(r.events.find((e) => e.type === "unit/fled")).toMatchObject({ dice: [5], roll: 5, distance: 5 });
  });
});
