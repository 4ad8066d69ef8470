/**
 * Morale code the seed-6 draw left unpinned: a character action naming an unknown or removed
 * character (characters.ts, reached only by a direct call: the engine answers unknown ids first),
 * a gun whose crew shelter in a square never flees (flee.ts), friends that hide a lone character
 * from the shooters (los.ts), and the order of Panic tests (order.ts).
 */
import { describe, expect, it } from "vitest";
import { characterId, unitId, type BattleState } from "../../src/index.js";
import type { Outcome } from "../../src/engine/context.js";
import { joinUnit, leaveUnit, moveCharacter } from "../../src/rules/whn/morale/characters.js";
import { fleeUnit } from "../../src/rules/whn/morale/flee.js";
import { mayTargetLoneCharacter } from "../../src/rules/whn/morale/los.js";
import { hasGeneral, testOrder } from "../../src/rules/whn/morale/order.js";
import { atStep, battalion, battle, character, leader, patchUnit, run, unit } from "../fixtures/morale.js";
import { gun } from "../fixtures/artillery.js";

/** Calls a handler directly inside a step and returns what it answered. */
function direct(s: BattleState, f: (st: BattleState, ctx: Parameters<Parameters<typeof run>[2]>[1]) => Outcome): Outcome {
  let out: Outcome | undefined;
  run(s, [], (st, ctx) => {
    out = f(st, ctx);
    return st;
  });
  return out as Outcome;
}

describe("character actions on a character not in play (CORE-CHAR-1)", () => {
  const scene = () =>
    atStep(
      battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270 })], {
        characters: [leader("ney", "fr", { position: { x: 50, y: 20 } }), leader("wel", "gb", { position: { x: 60, y: 40 } })] as never,
      }),
      "fr",
      "remaining",
    );
  const unknown = (id: string) => ({ ok: false, violation: { code: "morale/unknown_character", rule: "CORE-CHAR-1", character: id } });

  it("CORE-CHAR-1: move, join and leave naming no character are refused with the id given", () => {
    const s = scene();
    expect(direct(s, (st, ctx) => moveCharacter(st, { type: "morale/moveCharacter", character: characterId("zz"), to: { x: 50, y: 21 } } as never, ctx))).toEqual(unknown("zz"));
    expect(direct(s, (st, ctx) => joinUnit(st, { type: "morale/joinUnit", character: characterId("zz"), unit: unitId("fr-1") } as never, ctx))).toEqual(unknown("zz"));
    expect(direct(s, (st, ctx) => leaveUnit(st, { type: "morale/leaveUnit", character: characterId("toString"), to: { x: 50, y: 21 } } as never, ctx))).toEqual(unknown("toString"));
  });

  it("CORE-CHAR-1: a character already removed is unknown too", () => {
    const s0 = scene();
    const s = { ...s0, characters: { ...s0.characters, ney: { ...character(s0, "ney"), removed: { reason: "destroyed", gameTurn: 1 } } } } as BattleState;
    expect(direct(s, (st, ctx) => moveCharacter(st, { type: "morale/moveCharacter", character: characterId("ney"), to: { x: 50, y: 21 } } as never, ctx))).toEqual(unknown("ney"));
  });

  it("CORE-CHAR-1: the enemy's character is not yours, with his side named", () => {
    const s = scene();
    expect(direct(s, (st, ctx) => moveCharacter(st, { type: "morale/moveCharacter", character: characterId("wel"), to: { x: 60, y: 41 } } as never, ctx))).toEqual({
      ok: false,
      violation: { code: "morale/not_your_character", rule: "CORE-CHAR-1", character: "wel", side: "gb" },
    });
    expect(direct(s, (st, ctx) => moveCharacter(st, { type: "morale/moveCharacter", character: characterId("ney"), to: { x: 50, y: 21 } } as never, ctx)).ok).toBe(true);
  });
});

describe("a gun whose crew shelter in a square (WHN-ART-16)", () => {
  it("WHN-ART-16: fleeing leaves the gun where it is: no dice, no events, the same state", () => {
    const s0 = battle([gun("fr-g", "fr", {}, { position: { x: 36, y: 10 } }), battalion("gb-1", "gb", { position: { x: 36, y: 30 }, facing: 270 })]);
    const g = unit(s0, "fr-g");
    const s = patchUnit(s0, "fr-g", { artillery: { ...g.artillery!, shelteringIn: unitId("fr-9") } });
    let answer: ReturnType<typeof fleeUnit> | undefined;
    const r = run(s, [], (st, ctx) => {
      answer = fleeUnit(st, unitId("fr-g"), ctx, { from: null, rule: "WHN-PANIC-3" });
      return answer.state;
    });
    expect(answer?.outcome).toBe("moved");
    expect(answer?.roll).toBe(0);
    expect(r.events).toEqual([]);
    expect(unit(r.state, "fr-g")).toEqual(unit(s, "fr-g"));
  });
});

describe("friends in the way of a lone character (CORE-LOS-1, CORE-GEO-16)", () => {
  /** gb-1 faces south at a lone Ney 6" off; the French line far to the side. */
  const scene = (extra: Parameters<typeof battalion>[] = []) =>
    battle([battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270 }), battalion("fr-1", "fr", { position: { x: 10, y: 10 }, facing: 90 }), ...extra.map((a) => battalion(...a))], {
      characters: [leader("ney", "fr", { position: { x: 36, y: 30 }, facing: 90 })] as never,
    });
  const wall: Parameters<typeof battalion> = ["gb-2", "gb", { figures: 16, files: 8, formation: "LINE", position: { x: 36, y: 33.5 }, facing: 270, command: {} }];
  const may = (s: BattleState) => mayTargetLoneCharacter(s, unit(s, "gb-1"), character(s, "ney"));

  it("CORE-GEO-16: a friendly unit across the line of sight hides him", () => {
    expect(may(scene())).toBe(true);
    expect(may(scene([wall]))).toBe(false);
  });

  it("CORE-GEO-16: a friend removed from play, or merged into another unit, hides nothing", () => {
    const s = scene([wall]);
    expect(may(patchUnit(s, "gb-2", { removed: { reason: "destroyed", gameTurn: 1 } } as never))).toBe(true);
    expect(may(patchUnit(s, "gb-2", { mergedInto: unitId("gb-1") } as never))).toBe(true);
  });
});

describe("the order of Panic tests (CORE-PANIC-2)", () => {
  it("CORE-PANIC-2: the General's unit first, then the rest by id whatever order they came in", () => {
    const ids = ["fr-7", "fr-2", "fr-9", "fr-1", "fr-5"];
    const s = battle(
      ids.map((id, i) => battalion(id, "fr", { position: { x: 8 + i * 10, y: 10 }, facing: 90 })),
      { characters: [leader("nap", "fr", { joinedTo: "fr-5", position: { x: 48, y: 10 }, isGeneral: true })] as never },
    );
    const units = ids.map((id) => unit(s, id));
    expect(hasGeneral(s, unit(s, "fr-5"))).toBe(true);
    expect(hasGeneral(s, unit(s, "fr-1"))).toBe(false);
    expect(testOrder(s, units).map((u) => u.id)).toEqual(["fr-5", "fr-1", "fr-2", "fr-7", "fr-9"]);
    expect(testOrder(s, [...units].reverse()).map((u) => u.id)).toEqual(["fr-5", "fr-1", "fr-2", "fr-7", "fr-9"]);
    expect(testOrder(s, [])).toEqual([]);
  });
});
