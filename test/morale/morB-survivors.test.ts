/**
 * The seed-7 morale survivors: a joined character whose unit is gone (los.ts), lone characters at
 * the same distance (los.ts), skirmishers' model facings when fleeing turns them (flee.ts), and the
 * characters record left untouched when a unit marked FLEEING has no riders (panic.ts).
 */
import { describe, expect, it } from "vitest";
import { unitId, type BattleEvent, type BattleState } from "../../src/index.js";
import { fleeUnit } from "../../src/rules/whn/morale/flee.js";
import { mayPickOutJoinedCharacter, mayTargetLoneCharacter } from "../../src/rules/whn/morale/los.js";
import { markFleeing } from "../../src/rules/whn/morale/panic.js";
import { battalion, battle, character, leader, run, unit } from "../fixtures/morale.js";

const plain = (events: readonly BattleEvent[]) => events.map(({ seq: _s, gameTurn: _g, ...e }) => e);

describe("morB: picking out characters (los.ts)", () => {
  it("CORE-LOS-1: a character joined to a unit no longer in the state cannot be picked out", () => {
    const s = battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270 })], {
      characters: [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 24 }, facing: 90 })] as never,
    });
    expect(mayPickOutJoinedCharacter(s, unit(s, "gb-1"), character(s, "ney"))).toBe(true);
    expect(mayPickOutJoinedCharacter(s, unit(s, "gb-1"), { ...character(s, "ney"), joinedTo: "fr-9" as never })).toBe(false);
  });

  it("CORE-LOS-1, AMB-105: two lone enemy characters exactly as far away: either may be the target", () => {
    const s = battle([battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270 }), battalion("fr-1", "fr", { position: { x: 10, y: 6 }, facing: 90 })], {
      characters: [leader("ney", "fr", { position: { x: 33, y: 30 }, facing: 90 }), leader("lan", "fr", { position: { x: 39, y: 30 }, facing: 90 })] as never,
    });
    expect(mayTargetLoneCharacter(s, unit(s, "gb-1"), character(s, "ney"))).toBe(true);
    expect(mayTargetLoneCharacter(s, unit(s, "gb-1"), character(s, "lan"))).toBe(true);
    // Lannes a tenth of an inch nearer: only he.
    const t = battle([battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270 }), battalion("fr-1", "fr", { position: { x: 10, y: 6 }, facing: 90 })], {
      characters: [leader("ney", "fr", { position: { x: 33, y: 30 }, facing: 90 }), leader("lan", "fr", { position: { x: 39, y: 30.1 }, facing: 90 })] as never,
    });
    expect(mayTargetLoneCharacter(t, unit(t, "gb-1"), character(t, "lan"))).toBe(true);
    expect(mayTargetLoneCharacter(t, unit(t, "gb-1"), character(t, "ney"))).toBe(false);
  });
});

describe("morB: skirmishers flee and turn (flee.ts)", () => {
  const scene = () =>
    battle([
      battalion("fr-1", "fr", {
        formation: "EXTENDED_ORDER",
        light: true,
        figures: 10,
        extendedOrderAllowed: true,
        position: { x: 36, y: 18 },
        facing: 270,
        models: Array.from({ length: 10 }, (_, i) => ({ x: 36 + ((i % 5) - 2) * 1.6, y: 18.35 + Math.floor(i / 5) * 1.6, facing: 270 })),
      } as never),
      battalion("gb-1", "gb", { position: { x: 52, y: 19 }, facing: 180 }),
    ]);

  it("CORE-FLEE-3: a skirmisher fleeing west from an enemy to the east turns each model the same way as the unit (to face about west)", () => {
    const s = scene();
    const r = run(s, [3, 4], (st, ctx) => fleeUnit(st, unitId("fr-1"), ctx, { from: unitId("gb-1"), rule: "WHN-PANIC-3" }).state);
    const u = unit(r.state, "fr-1");
    expect(u.order).toBe("FLEEING");
    expect(Math.abs(u.facing - 180)).toBeLessThan(1);
    expect(u.models).not.toBeNull();
    expect(u.models!.length).toBe(10);
    for (const m of u.models!) expect(m.facing).toBeCloseTo(u.facing, 9);
    // Every model moved west by the distance the unit fled.
    const fled = plain(r.events).find((e) => e.type === "unit/fled") as unknown as { distance: number };
    expect(fled.distance).toBeGreaterThan(0);
    const before = unit(s, "fr-1").models!;
    const xs = u.models!.map((m) => m.x).sort((a, b) => a - b);
    expect(xs[0]).toBeLessThan(Math.min(...before.map((m) => m.x)));
  });
});

describe("morB: marking a unit FLEEING (panic.ts)", () => {
  it("WHN-PANIC-3: with no joined character the characters record is left as it was (same object)", () => {
    const s = battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270 })], {
      characters: [leader("ney", "fr", { position: { x: 60, y: 24 }, facing: 90 })] as never,
    });
    let out: BattleState | undefined;
    const r = run(s, [], (st, ctx) => {
      out = markFleeing(st, unit(st, "fr-1"), ctx, "WHN-PANIC-3");
      return out;
    });
    expect(out!.characters).toBe(s.characters);
    expect(unit(r.state, "fr-1").order).toBe("FLEEING");
    expect(character(r.state, "ney").order).not.toBe("FLEEING");
    expect(plain(r.events)).toEqual([{ type: "unit/mustFlee", rule: "WHN-PANIC-3", unit: "fr-1" }]);
  });

  it("WHN-PANIC-3: a joined character is marked FLEEING with his unit; a lone one is not", () => {
    const s = battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270 })], {
      characters: [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 24 }, facing: 90 }), leader("lan", "fr", { position: { x: 60, y: 24 }, facing: 90 })] as never,
    });
    const r = run(s, [], (st, ctx) => markFleeing(st, unit(st, "fr-1"), ctx, "WHN-PANIC-3"));
    expect(character(r.state, "ney")).toEqual({ ...character(s, "ney"), order: "FLEEING" });
    expect(character(r.state, "lan")).toEqual(character(s, "lan"));
  });
});
