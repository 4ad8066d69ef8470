import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { LONE_CHARACTER_TO_HIT, lookOutSir, mayPickOutJoinedCharacter, mayTargetLoneCharacter, type LookOutSirResult } from "../../src/rules/whn/morale/los.js";
import { battalion, battle, character, leader, patchUnit, run, unit } from "../fixtures/morale.js";

/** gb-1 shoots north at fr-1 12" away (front to front); Ney joined to fr-1. */
function scene(neyOver: object = {}, extra: Parameters<typeof battalion>[] = []): BattleState {
  return battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270 }), ...extra.map((a) => battalion(...a))], {
    characters: [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 24 }, facing: 90, ...neyOver })] as never,
  });
}

describe("morA: shooting at characters (los.ts)", () => {
  it("CORE-LOS-1: a lone character is hit at −1", () => {
    expect(LONE_CHARACTER_TO_HIT).toBe(-1);
  });

  it("CORE-LOS-2: Look out, sir — a 1 hits the character, a 2 hits the unit; the event in full", () => {
    const s = scene();
    for (const [die, hit] of [[1, "character"], [2, "unit"], [6, "unit"]] as const) {
      let result: LookOutSirResult | undefined;
      const r = run(s, [die], (st, ctx) => {
        result = lookOutSir(character(st, "ney"), ctx);
        return st;
      });
      expect(result).toBe(hit);
      expect(r.events).toEqual([{ type: "character/lookOutSir", rule: "CORE-LOS-2", character: "ney", unit: "fr-1", die, hit, seq: 1, gameTurn: 1 }]);
    }
  });

  it("CORE-LOS-1: a joined character may be picked out by shooters in his unit's front when it is their closest enemy", () => {
    const s = scene();
    expect(mayPickOutJoinedCharacter(s, unit(s, "gb-1"), character(s, "ney"))).toBe(true);
    // A nearer enemy unit (for gb-1) shields him.
    const nearer = scene({}, [["fr-2", "fr", { position: { x: 42, y: 30 }, facing: 90 }]]);
    expect(mayPickOutJoinedCharacter(nearer, unit(nearer, "gb-1"), character(nearer, "ney"))).toBe(false);
    // Shooters behind his unit: not in its front.
    const behind = patchUnit(s, "gb-1", { position: { x: 36, y: 8 }, facing: 90 });
    expect(mayPickOutJoinedCharacter(behind, unit(behind, "gb-1"), character(behind, "ney"))).toBe(false);
    // Not joined, or removed: no.
    expect(mayPickOutJoinedCharacter(s, unit(s, "gb-1"), { ...character(s, "ney"), joinedTo: null })).toBe(false);
    expect(mayPickOutJoinedCharacter(s, unit(s, "gb-1"), { ...character(s, "ney"), removed: { reason: "destroyed", gameTurn: 1 } })).toBe(false);
  });

  it("CORE-LOS-1, AMB-105: a lone enemy character is a target only when he is the closest enemy seen", () => {
    const alone = battle([battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270 }), battalion("fr-1", "fr", { position: { x: 10, y: 10 }, facing: 90 })], {
      characters: [leader("ney", "fr", { position: { x: 36, y: 30 }, facing: 90 })] as never,
    });
    expect(mayTargetLoneCharacter(alone, unit(alone, "gb-1"), character(alone, "ney"))).toBe(true);
    // A nearer enemy unit in view: not him.
    const screened = patchUnit(alone, "fr-1", { position: { x: 40, y: 33 }, facing: 90 });
    expect(mayTargetLoneCharacter(screened, unit(screened, "gb-1"), character(screened, "ney"))).toBe(false);
    // Own side's character, or one joined: no.
    expect(mayTargetLoneCharacter(alone, unit(alone, "gb-1"), { ...character(alone, "ney"), side: "gb" as never })).toBe(false);
    expect(mayTargetLoneCharacter(alone, unit(alone, "gb-1"), { ...character(alone, "ney"), joinedTo: "fr-1" as never })).toBe(false);
  });
});
