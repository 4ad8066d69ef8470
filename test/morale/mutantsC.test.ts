/**
 * Rule tests added for the surviving mutants of the sampled mutation runs of src/rules/whn/morale
 * (seed 2 and seed 3 of docs/guides/trust.md): each fails with its mutant applied to the source.
 */
import { describe, expect, it } from "vitest";
import { loadState, type BattleState } from "../../src/index.js";
import { atStep, battalion, battle, character, leader, play } from "../fixtures/morale.js";

const ENEMY = battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 });

/** fr-1 with Ney 2" to its right, in the French remaining-moves step; Ney's profile as given. */
function scene(ney: object = {}): BattleState {
  return atStep(battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), ENEMY], { characters: [leader("ney", "fr", { position: { x: 40, y: 22 }, ...ney })] }), "fr", "remaining");
}

describe("character moves (seed 2 survivor, morale/characters.ts spend)", () => {
  it("CORE-CHAR-1: a character with M 0 may turn where he stands; that spends his whole move (never a fraction 0 / 0), and he may turn again", () => {
    const s = scene({ profile: { M: 0, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 8 } });
    const r1 = play(s, [], { type: "morale/moveCharacter", character: "ney", to: { x: 40, y: 22 }, facing: 180 });
    expect(r1.events[0]).toMatchObject({ type: "character/moved", rule: "CORE-CHAR-1", distance: 0 });
    expect(character(r1.state, "ney")).toMatchObject({ position: { x: 40, y: 22 }, facing: 180, flags: { moved: true, moveUsed: 1 } });
    // The state stays loadable (a NaN fraction would not be).
    expect(loadState(JSON.stringify(r1.state)).ok).toBe(true);
    const r2 = play(r1.state, [], { type: "morale/moveCharacter", character: "ney", to: { x: 40, y: 22 }, facing: 270 });
    expect(character(r2.state, "ney")).toMatchObject({ facing: 270, flags: { moved: true, moveUsed: 1 } });
  });
});
