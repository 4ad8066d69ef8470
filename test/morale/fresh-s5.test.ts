/**
 * Rule tests for survivors of the fresh seed-5 sample of src/rules/whn/morale (#17,
 * docs/guides/trust.md "Seed 5, fresh: … (2 Dec 2026, sixth session)"): each case fails with its
 * mutant applied to the source by hand.
 */
import { describe, expect, it } from "vitest";
import { formatViolation } from "../../src/index.js";
import { panicTest } from "../../src/rules/whn/morale/panic.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller } from "../../src/dice/index.js";
import type { BattleState, Character } from "../../src/index.js";
import { mayTargetLoneCharacter } from "../../src/rules/whn/morale/los.js";
import { joinedMoveLimit } from "../../src/rules/whn/morale/characters.js";
import { battalion, battle, character, leader, unit } from "../fixtures/morale.js";

describe("messages of morale refusals (morale/messages.ts)", () => {
  it("CORE-CHAR-1 / CORE-RALLY-4: a character out of reach, a character on a unit and a reform off the table are each named (messages.ts:16, :28, :30)", () => {
    expect(formatViolation({ code: "morale/out_of_reach", rule: "CORE-CHAR-1", character: "ney", distance: 7.456, max: 6 } as never)).toBe('That is 7.46" away; the character has 6.00" of movement left. [CORE-CHAR-1]');
    expect(formatViolation({ code: "morale/overlaps_unit", rule: "CORE-CHAR-1", character: "ney", unit: "gb-1" } as never)).toBe("The character would stand on unit gb-1. [CORE-CHAR-1]");
    expect(formatViolation({ code: "morale/reform_off_table", rule: "CORE-RALLY-4", unit: "fr-1" } as never)).toBe("Reformed that way, unit fr-1 would stand off the table. [CORE-RALLY-4]");
  });
});

describe("a Panic test of a unit that is not there (morale/panic.ts panicTest)", () => {
  it("CORE-PANIC-1: asking for the Panic test of an unknown unit is a programming error that names the unit (panic.ts:66)", () => {
    const s = battle([battalion("a", "fr")]);
    const { ctx } = makeContext(s, roller(s.dice));
    expect(() => panicTest(s, "ghost" as never, ctx, { kind: "casualties" } as never)).toThrow('panicTest: unknown unit "ghost"');
  });
});

describe("shooting at a lone character (morale/los.ts mayTargetLoneCharacter)", () => {
  // gb-1 (a wide line) faces ney, alone 6" in front of it; fr-1 stands well aside.
  const scene = (characters: unknown[] = []) =>
    battle(
      [battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270, formation: "LINE", files: 12 }), battalion("fr-1", "fr", { position: { x: 50, y: 24 }, facing: 90 })],
      { characters: [leader("ney", "fr", { position: { x: 36, y: 30 } }), ...characters] as never },
    );
  const withCharacter = (s: BattleState, id: string, over: Partial<Character>): BattleState => ({ ...s, characters: { ...s.characters, [id]: { ...character(s, id), ...over } } }) as BattleState;
  const may = (s: BattleState, id = "ney") => mayTargetLoneCharacter(s, unit(s, "gb-1"), character(s, id));

  it("CORE-LOS-1 / AMB-105: only a lone enemy character in play may be targeted: not one who joined a unit, was removed, or is a friend (los.ts:52)", () => {
    const s = scene();
    expect(may(s)).toBe(true);
    expect(may(withCharacter(s, "ney", { joinedTo: "fr-1" as never }))).toBe(false);
    expect(may(withCharacter(s, "ney", { removed: { reason: "destroyed", gameTurn: 1 } as never }))).toBe(false);
    expect(may(withCharacter(s, "ney", { side: "gb" as never }))).toBe(false);
  });

  it("CORE-LOS-1 / AMB-105: a closer lone enemy character screens him; a closer friend of the shooters or a character joined to a unit does not (los.ts:68, :70)", () => {
    expect(may(scene([leader("lannes", "fr", { position: { x: 36, y: 33 } })]))).toBe(false);
    expect(may(scene([leader("hill", "gb", { position: { x: 36, y: 33 } })]))).toBe(true);
    const joined = withCharacter(scene([leader("lannes", "fr", { position: { x: 36, y: 33 } })]), "lannes", { joinedTo: "fr-1" as never });
    expect(may(joined)).toBe(true);
  });
});

describe("moving with characters who joined this turn (morale/characters.ts joinedMoveLimit)", () => {
  it("CORE-CHAR-3: only characters who joined the unit this turn limit its move; one who joined in an earlier turn does not (characters.ts:61)", () => {
    const s0 = battle([battalion("fr-1", "fr", { position: { x: 36, y: 20 }, facing: 90 })], { characters: [leader("ney", "fr", { position: { x: 36, y: 30 } })] as never });
    const ney = character(s0, "ney");
    const joined = (turn: number): BattleState => ({ ...s0, characters: { ...s0.characters, ney: { ...ney, joinedTo: "fr-1", joinedOnTurn: turn, flags: { ...ney.flags, moveUsed: 0.5 } } } }) as BattleState;
    const u = unit(s0, "fr-1");
    expect(joinedMoveLimit(joined(s0.turn.gameTurn), u)).toBe(2);
    expect(joinedMoveLimit(joined(s0.turn.gameTurn - 1), u)).toBe(Infinity);
  });
});
