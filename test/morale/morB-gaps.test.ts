/**
 * The same kinds of gaps as the seed-7 survivors, elsewhere in morale: ties at exactly the same
 * distance (los.ts, CORE-LOS-1), a joined character turned with his fleeing unit (flee.ts,
 * CORE-CHAR-6), and records left as they were when there is nobody to carry along (flee.ts, rally.ts).
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, unitId, withScriptedDice, type BattleState } from "../../src/index.js";
import { footprintDistance } from "../../src/geometry/rect.js";
import { characterFootprint, footprintOf } from "../../src/rules/whn/unit.js";
import { fleeUnit } from "../../src/rules/whn/morale/flee.js";
import { mayPickOutJoinedCharacter, mayTargetLoneCharacter } from "../../src/rules/whn/morale/los.js";
import { atStep, battalion, battle, character, leader, patchUnit, run, unit } from "../fixtures/morale.js";

/** 12" behind gb-1's rear edge (gb-1's front edge at y 24, a column 2 × 2.3622" deep). */
const MIRROR = 24 + 2 * 2.362204724409449 + 12;

describe("morB: ties at the same distance (los.ts)", () => {
  it("CORE-LOS-1: another enemy unit exactly as far from the shooters as the character's unit does not shield him; a nearer one does", () => {
    const s = battle(
      [
        battalion("fr-1", "fr", { position: { x: 36, y: 12 }, facing: 90 }),
        battalion("gb-1", "gb", { position: { x: 36, y: 24 }, facing: 270 }),
        battalion("fr-2", "fr", { position: { x: 36, y: MIRROR }, facing: 270 }),
      ],
      { characters: [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 12 }, facing: 90 })] as never },
    );
    // fr-2 stands behind gb-1 exactly as far from it as fr-1 (mirror image).
    const gb = footprintOf(unit(s, "gb-1"));
    const d1 = footprintDistance(gb, footprintOf(unit(s, "fr-1")));
    const d2 = footprintDistance(gb, footprintOf(unit(s, "fr-2")));
    expect(Math.abs(d1 - d2)).toBeLessThan(1e-9);
    expect(mayPickOutJoinedCharacter(s, unit(s, "gb-1"), character(s, "ney"))).toBe(true);
    const nearer = patchUnit(s, "fr-2", { position: { x: 36, y: MIRROR - 0.05 } });
    expect(mayPickOutJoinedCharacter(nearer, unit(nearer, "gb-1"), character(nearer, "ney"))).toBe(false);
  });

  it("CORE-LOS-1, AMB-105: an enemy unit in view exactly as far as a lone character does not shield him; a hair nearer it does", () => {
    const base = battle([battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270, formation: "LINE", files: 12 }), battalion("fr-2", "fr", { position: { x: 40, y: 10 }, facing: 90 })], {
      characters: [leader("ney", "fr", { position: { x: 33, y: 30 }, facing: 90 })] as never,
    });
    const view = footprintOf(unit(base, "gb-1"));
    const d = footprintDistance(view, characterFootprint(character(base, "ney")));
    const front = view[0]!.center.y - view[0]!.halfDepth;
    const at = (y: number) => patchUnit(base, "fr-2", { position: { x: 40, y } });
    const tie = at(front - d);
    expect(Math.abs(footprintDistance(view, footprintOf(unit(tie, "fr-2"))) - d)).toBeLessThan(1e-9);
    expect(mayTargetLoneCharacter(tie, unit(tie, "gb-1"), character(tie, "ney"))).toBe(true);
    const closer = at(front - d + 0.05);
    expect(mayTargetLoneCharacter(closer, unit(closer, "gb-1"), character(closer, "ney"))).toBe(false);
  });
});

describe("morB: carried along or left alone (flee.ts, rally.ts)", () => {
  const flank = (riders: boolean) =>
    battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 52, y: 25 }, facing: 180 })], {
      characters: [
        ...(riders ? [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 24 }, facing: 90 })] : []),
        leader("lan", "fr", { position: { x: 60, y: 50 }, facing: 45 }),
      ] as never,
    });
  const flee = (s: BattleState) => {
    let out: BattleState | undefined;
    const r = run(s, [2, 3], (st, ctx) => (out = fleeUnit(st, unitId("fr-1"), ctx, { from: unitId("gb-1"), rule: "WHN-PANIC-3" }).state));
    return { ...r, out: out! };
  };

  it("CORE-CHAR-6: a unit charged from its right flees about west; its joined character turns through the same angle and goes with it", () => {
    const s = flank(true);
    const r = flee(s);
    const u = unit(r.state, "fr-1");
    expect(Math.abs(u.facing - 180)).toBeLessThan(15);
    const ney = character(r.state, "ney");
    expect(ney.order).toBe("FLEEING");
    expect(ney.facing).toBeCloseTo(u.facing, 9);
    expect(ney.position.x).toBeLessThan(36 - 1);
    // The lone character is not touched.
    expect(character(r.state, "lan")).toEqual(character(s, "lan"));
  });

  it("CORE-FLEE-3: a unit with no joined character flees and the characters record stays the same object", () => {
    const s = flank(false);
    const r = flee(s);
    expect(unit(r.out, "fr-1").order).toBe("FLEEING");
    expect(r.out.characters).toBe(s.characters);
  });

  it("WHN-RALLY-3: a rally with no joined character leaves the characters record the same object; a rider is set GOOD", () => {
    const scene = (riders: boolean) =>
      atStep(
        battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 270, order: "DISORDERED" }), battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 })], {
          characters: [...(riders ? [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 24 }, facing: 270, order: "DISORDERED" })] : []), leader("lan", "fr", { position: { x: 60, y: 10 }, facing: 90 })] as never,
        }),
        "fr",
        "rally",
      );
    const s = scene(false);
    const r = apply(withScriptedDice(s, [1, 1]), { type: "morale/rally", unit: "fr-1" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(unit(r.state, "fr-1").order).toBe("GOOD");
    expect(r.state.characters).toBe(s.characters);
    const t = scene(true);
    const q = apply(withScriptedDice(t, [1, 1]), { type: "morale/rally", unit: "fr-1" });
    expect(q.ok).toBe(true);
    if (!q.ok) return;
    expect(character(q.state, "ney").order).toBe("GOOD");
    expect(character(q.state, "lan")).toEqual(character(t, "lan"));
  });
});
