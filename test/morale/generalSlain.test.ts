/** CORE-PANIC-7 / WHN-LEAD-5 edge cases (found unreached by the sampled mutation run, #17). */
import { describe, expect, it } from "vitest";
import { characterId, type BattleState } from "../../src/index.js";
import { panicForGeneralSlain, type TriggerOutcome } from "../../src/rules/whn/morale/triggers.js";
import { battalion, battle, leader, run } from "../fixtures/morale.js";

function army(): BattleState {
  return battle(
    [battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 28, y: 44 }, facing: 270 })],
    { characters: [leader("hero", "fr", { removed: { reason: "destroyed", gameTurn: 1 } }), leader("nap", "fr", { isGeneral: true, position: { x: 10, y: 10 } })] },
  );
}

describe("General slain", () => {
  it("CORE-PANIC-7: a slain character who is not the General, or an unknown id, sets off no test and no event", () => {
    for (const who of ["hero", "nobody"]) {
      const s = army();
      let out: TriggerOutcome | undefined;
      const r = run(s, [], (st, ctx) => {
        out = panicForGeneralSlain(st, ctx, characterId(who));
        return out.state;
      });
      expect([who, out?.tests, r.events, r.state.units]).toEqual([who, [], [], s.units]);
    }
  });
});
