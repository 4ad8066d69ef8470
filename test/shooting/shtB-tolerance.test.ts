/**
 * shtB: CORE-LOS-1's nearness test allows 1e-9" of rounding (situation.ts, characterProblem): an enemy
 * body nearer than the character shot at by exactly that much is not a closer enemy; one nearer by
 * more is. The positions are searched float by float so the distances differ by exactly 1e-9.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { footprintDistance } from "../../src/geometry/rect.js";
import { characterLayout } from "../../src/rules/whn/shooting/sightlines.js";
import { layoutOf } from "../../src/rules/whn/unit.js";
import type { Character } from "../../src/state/unit.js";
import { leader, shooterSetup, shootingBattle, targetSetup, unit } from "../fixtures/shooting.js";
import { legal, read, refusal } from "../fixtures/shtA.js";

const base = () =>
  shootingBattle([shooterSetup({ figures: 16, files: 8, initialVolleyUsed: true }), targetSetup(25)], {
    characters: [leader("wel", "gb", { position: { x: 35, y: 20 }, facing: 270 }), leader("hill", "gb", { position: { x: 37, y: 20 }, facing: 270 })],
  });
const moveHill = (s: BattleState, y: number): BattleState => {
  const hill = s.characters["hill" as never] as Character;
  return { ...s, characters: { ...s.characters, hill: { ...hill, position: { x: 37, y } } } } as BattleState;
};
const dist = (s: BattleState, id: string) => footprintDistance(layoutOf(unit(s, "fr-1")).footprint, characterLayout(s.characters[id as never] as Character).footprint);

describe("CORE-LOS-1: the 1e-9\" tolerance on a closer enemy", () => {
  it("CORE-LOS-1: hill nearer than wel by exactly 1e-9\" does not shield wel; 1e-6\" nearer, he does", () => {
    const s = base();
    const myD = dist(s, "wel");
    // Walk hill's y across a few hundred floats around 20 − 1e-9 until his distance is exactly myD − 1e-9.
    let found: BattleState | null = null;
    for (let k = -300; k <= 300 && found === null; k++) {
      const t = moveHill(s, 20 - 1e-9 + k * 3.552713678800501e-15);
      if (dist(t, "hill") === myD - 1e-9) found = t;
    }
    expect(found).not.toBeNull();
    expect(legal(read(found as BattleState, "fr-1", "wel")).target).toMatchObject({ kind: "loneCharacter", character: { id: "wel" } });
    const nearer = moveHill(s, 20 - 1e-6);
    expect(refusal(read(nearer, "fr-1", "wel"))).toEqual({ code: "shooting/character_not_closest", rule: "CORE-LOS-1", character: "wel", closer: "hill" });
  });
});
