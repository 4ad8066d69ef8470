/**
 * flee.ts beyond the plain move: the boxed-in unit's events whole and its rider lost with it
 * (CORE-FLEE-4, CORE-CHAR-6), terrain costs taken off the flee roll (CORE-FLEE-2, CORE-MOVE-5),
 * skirmishers' own model places carried with the unit, and the outcome and roll handed back.
 */
import { describe, expect, it } from "vitest";
import { unitId, type BattleEvent, type BattleState } from "../../src/index.js";
import { fleeUnit, type FleeResult } from "../../src/rules/whn/morale/flee.js";
import { battalion, battle, character, leader, run, unit } from "../fixtures/morale.js";

const plain = (events: readonly BattleEvent[]) => events.map(({ seq: _s, gameTurn: _g, ...e }) => e);

function flee(s: BattleState, dice: number[], id = "fr-1", from: string | null = "gb-1") {
  let outcome: FleeResult | undefined;
  let roll = -1;
  const r = run(s, dice, (st, ctx) => {
    const out = fleeUnit(st, unitId(id), ctx, { from: from === null ? null : unitId(from), rule: "WHN-PANIC-3" });
    outcome = out.outcome;
    roll = out.roll;
    return out.state;
  });
  return { ...r, outcome, roll };
}

describe("boxed in (CORE-FLEE-4, CORE-GEO-26)", () => {
  const wall = (id: string, x: number, y: number, facing: number) =>
    battalion(id, "gb", { position: { x, y }, facing, formation: "LINE", files: 20, figures: 20, light: true });
  const boxed = () =>
    battle(
      [
        battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
        wall("gb-1", 36, 30, 270),
        wall("gb-2", 36, 14, 90),
        battalion("gb-3", "gb", { position: { x: 28, y: 22 }, facing: 0, formation: "LINE", files: 20, figures: 20, light: true }),
        battalion("gb-4", "gb", { position: { x: 44, y: 22 }, facing: 180, formation: "LINE", files: 20, figures: 20, light: true }),
      ],
      { characters: [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 24 }, facing: 90 })] as never },
    );

  it("CORE-FLEE-4: the fled event (no distance) and the destroyed event name the cause, the dice and the rider", () => {
    const r = flee(boxed(), [6, 5]);
    expect(r.outcome).toBe("destroyed");
    expect(r.roll).toBe(11);
    expect(plain(r.events)).toEqual([
      { type: "unit/fled", rule: "WHN-PANIC-3", unit: "fr-1", from: "gb-1", dice: [6, 5], roll: 11, cause: "WHN-PANIC-3", distance: 0 },
      { type: "unit/destroyed", rule: "CORE-FLEE-4", unit: "fr-1", path: "CORE-GEO-26", characters: ["ney"] },
    ]);
  });

  it("CORE-CHAR-6: the rider is lost with the unit, fleeing, where he stood", () => {
    const s = boxed();
    const r = flee(s, [6, 5]);
    expect(character(r.state, "ney")).toEqual({ ...character(s, "ney"), order: "FLEEING", removed: { reason: "destroyed", gameTurn: 1 } });
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "FLEEING", flags: { moved: true }, removed: { reason: "destroyed", gameTurn: 1 } });
    expect(unit(r.state, "fr-1").position).toEqual(unit(s, "fr-1").position);
  });
});

describe("terrain and the flee roll (CORE-FLEE-2, CORE-MOVE-5)", () => {
  const scene = (terrain: object[] = []) =>
    battle(
      [battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 34 }, facing: 270 })],
      { terrain } as never,
    );
  const fled = (events: readonly BattleEvent[]) => events.find((e) => e.type === "unit/fled") as unknown as { distance: number; stoppedShort: boolean };

  it("CORE-MOVE-5: difficult ground behind the unit shortens the flee; open ground does not", () => {
    const open = flee(scene(), [4, 4]);
    expect(fled(open.events).distance).toBeCloseTo(8, 9);
    const marsh = { id: "marsh", kind: "marsh", polygon: [{ x: 20, y: 0 }, { x: 52, y: 0 }, { x: 52, y: 24 }, { x: 20, y: 24 }], tags: { difficult: true } };
    const slow = flee(scene([marsh]), [4, 4]);
    expect(slow.roll).toBe(8);
    const d = fled(slow.events).distance;
    expect(d).toBeGreaterThan(0.5);
    expect(d).toBeLessThan(8 - 0.5);
  });

  it("CORE-MOVE-5: terrain that costs nothing (only blocking sight) leaves the flee whole", () => {
    const wood = { id: "screen", kind: "woods", polygon: [{ x: 20, y: 0 }, { x: 52, y: 0 }, { x: 52, y: 20 }, { x: 20, y: 20 }], tags: { blocksLos: true } };
    expect(fled(flee(scene([wood]), [4, 4]).events).distance).toBeCloseTo(8, 9);
  });
});
