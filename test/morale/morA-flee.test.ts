import { describe, expect, it } from "vitest";
import { unitId, type BattleState } from "../../src/index.js";
import { fleeDiceCount, fleeUnit, nearestEnemy, type FleeCause, type FleeResult } from "../../src/rules/whn/morale/flee.js";
import { battalion, battle, leader, patchUnit, run, unit } from "../fixtures/morale.js";

/** fr-1 (attack column 4 × 6, facing 90 = +y, front edge at y 24) and gb-1 facing it 10" on. */
function scene(over: Record<string, object> = {}, chars: object[] = []): BattleState {
  return battle(
    [
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90, ...over["fr-1"] }),
      battalion("gb-1", "gb", { position: { x: 36, y: 34 }, facing: 270, ...over["gb-1"] }),
    ],
    { characters: chars as never },
  );
}

function flee(s: BattleState, dice: number[], cause: Partial<FleeCause> = {}, id = "fr-1") {
  let outcome: FleeResult | undefined;
  let roll = -1;
  const r = run(s, dice, (st, ctx) => {
    const out = fleeUnit(st, unitId(id), ctx, { from: null, rule: "WHN-PANIC-3", ...cause });
    outcome = out.outcome;
    roll = out.roll;
    return out.state;
  });
  return { ...r, outcome, roll };
}

describe("morA: the flee move (flee.ts)", () => {
  it("CORE-FLEE-2: M 6 flees on 2D6, M 7 on 3D6", () => {
    const s = scene();
    expect(fleeDiceCount(unit(s, "fr-1"))).toBe(2);
    expect(fleeDiceCount({ ...unit(s, "fr-1"), profile: { ...unit(s, "fr-1").profile, M: 7 } })).toBe(3);
  });

  it("CORE-FLEE-3: the nearest enemy by footprint distance, ties broken by the lower id; none: null", () => {
    const tie = battle([
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
      battalion("gb-2", "gb", { position: { x: 46, y: 24 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 26, y: 24 }, facing: 90 }),
      battalion("gb-3", "gb", { position: { x: 60, y: 24 }, facing: 90 }),
    ]);
    expect(nearestEnemy(tie, unit(tie, "fr-1"))?.id).toBe("gb-1");
    const closer = patchUnit(tie, "gb-2", { position: { x: 45.9, y: 24 } });
    expect(nearestEnemy(closer, unit(closer, "fr-1"))?.id).toBe("gb-2");
    const alone = battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 })]);
    expect(nearestEnemy(alone, unit(alone, "fr-1"))).toBeNull();
  });

  it("CORE-FLEE-2, CORE-FLEE-3: the whole unit/fled event of a plain flee away from the nearest enemy", () => {
    const r = flee(scene(), [3, 4]);
    expect(r.outcome).toBe("moved");
    expect(r.roll).toBe(7);
    expect(r.events).toEqual([
      { type: "unit/fled", rule: "WHN-PANIC-3", unit: "fr-1", from: "gb-1", dice: [3, 4], roll: 7, cause: "WHN-PANIC-3", distance: 7, facing: 270, searchAngle: 0, stoppedShort: false, passedThrough: [], seq: 1, gameTurn: 1 },
    ]);
    const before = unit(scene(), "fr-1");
    // Turned about its centre (y 24 − 6 ranks × 0.7874/2) and carried 7" away: the front edge now at y 12.2756.
    expect(unit(r.state, "fr-1")).toEqual({ ...before, order: "FLEEING", facing: 270, position: { x: 36, y: 24 - 6 * (20 / 25.4) - 7 }, flags: { ...before.flags, moved: true } });
  });

  it("CORE-FLEE-2, WHN-ART-6: a cause's own dice count replaces the 2D6", () => {
    const r = flee(scene(), [5, 6, 6], { dice: 1 });
    expect(r.roll).toBe(5);
    expect(r.events[0]).toMatchObject({ dice: [5], roll: 5, distance: 5 });
    const three = flee(patchUnit(scene(), "fr-1", { profile: { ...unit(scene(), "fr-1").profile, M: 7 } }), [1, 2, 3]);
    expect(three.events[0]).toMatchObject({ dice: [1, 2, 3], roll: 6, distance: 6 });
  });

  it("CORE-FLEE-3: flees from the named unit; an unknown name falls back to the nearest enemy", () => {
    const s = battle([
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 36, y: 34 }, facing: 270 }),
      battalion("gb-2", "gb", { position: { x: 36, y: 6 }, facing: 90 }),
    ]);
    expect(flee(s, [1, 1], { from: unitId("gb-2") }).events[0]).toMatchObject({ from: "gb-2", facing: 90 });
    expect(flee(s, [1, 1], { from: unitId("zz-9") }).events[0]).toMatchObject({ from: "gb-1", facing: 270 });
  });

  it("CORE-FLEE-3: with no enemy on the table the event names none", () => {
    const alone = battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 })]);
    const r = flee(alone, [1, 1]);
    expect(r.outcome).toBe("moved");
    expect(r.events[0]).toMatchObject({ type: "unit/fled", from: null, roll: 2 });
  });

  it("CORE-CHAR-6: a joined character flees with his unit, carried and turned the same way", () => {
    const s = scene({}, [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 23 }, facing: 90 })]);
    const r = flee(s, [3, 4]);
    const ney = r.state.characters["ney" as never] as { order: string; position: { x: number; y: number }; facing: number; removed: unknown };
    expect(ney.order).toBe("FLEEING");
    expect(ney.facing).toBe(270);
    expect(ney.removed).toBeNull();
    const centreY = 24 - 3 * (20 / 25.4);
    expect(ney.position.x).toBeCloseTo(36, 9);
    expect(ney.position.y).toBeCloseTo(centreY - (23 - centreY) - 7, 9);
  });

  it("CORE-FLEE-5, CORE-GEO-28: a flee over the table edge removes the unit (fledTable) and its rider", () => {
    const s = battle(
      [
        battalion("fr-1", "fr", { position: { x: 36, y: 8 }, facing: 90 }),
        battalion("gb-1", "gb", { position: { x: 36, y: 18 }, facing: 270 }),
      ],
      { characters: [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 7 } })] as never },
    );
    const r = flee(s, [6, 6]);
    expect(r.outcome).toBe("leftTable");
    expect(r.events.map((e) => e.type)).toEqual(["unit/fled", "unit/leftTable"]);
    expect(r.events[1]).toEqual({ type: "unit/leftTable", rule: "CORE-FLEE-5", unit: "fr-1", characters: ["ney"], seq: 2, gameTurn: 1 });
    expect(unit(r.state, "fr-1").removed).toEqual({ reason: "fledTable", gameTurn: 1 });
    expect((r.state.characters["ney" as never] as { removed: unknown }).removed).toEqual({ reason: "fledTable", gameTurn: 1 });
  });

  it("CORE-FLEE-2: an unknown unit is a programming error (RangeError)", () => {
    let err: unknown;
    try {
      flee(scene(), [1, 1], {}, "zz-9");
    } catch (e) {
      err = e;
    }
    expect((err as { cause?: unknown }).cause).toBeInstanceOf(RangeError);
    expect(((err as { cause: Error }).cause).message).toBe('fleeUnit: unknown unit "zz-9"');
  });
});
