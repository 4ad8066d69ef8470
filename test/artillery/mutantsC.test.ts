// Rule tests that kill artillery mutants no test noticed: the three left open by the seed-2 sampled
// run and the survivors of the seed-3 sample (#17, docs/guides/trust.md). Each case fails under the
// mutant named in its comment (checked by applying the mutant to the source by hand).
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { sideId, unitId } from "../../src/index.js";
import { crewUnitId } from "../../src/rules/whn/artillery/index.js";
import { checkState } from "../../src/trust/index.js";
import { regiment } from "../fixtures/setups.js";
import { battle, gun, line, patch, patchGun, play, rect, refuse, unit } from "../fixtures/artillery.js";

const woods = { id: "wood", kind: "woods", polygon: rect(30, 20, 42, 30), tags: { flammability: "woods" as const } };
const river = { id: "river", kind: "stream", polygon: rect(0, 34, 72, 36), tags: { water: true } };

/** A British gun at (36, 30) facing south whose crew fled from French hussars, leaving it abandoned. */
function abandoned(): BattleState {
  const s = battle(
    [gun("gb-art", "gb", {}, { position: { x: 36, y: 30 }, facing: 270 }), regiment("fr-hus", "fr", { position: { x: 36, y: 16 }, facing: 90, figures: 6, files: 6 })],
    { phase: "movement", step: "chargeResponses" },
  );
  const charged = { ...s, pending: [{ kind: "chargeResponse" as const, side: sideId("gb"), unit: unitId("gb-art"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" as const }] };
  return play(charged, { type: "artillery/respond", unit: "gb-art", response: "flee" }, [3, 3]).state;
}

describe("artillery mutants (seed 2, open survivors)", () => {
  // firefighting.ts:43 `u.side !== state.turn.activeSide` → `false`: the other side's unit fights the fire.
  it("CORE-TURN-2 (WHN-FIRE-4): only the moving side's units may try to put a fire out, even while the other side has a decision to make", () => {
    // A British line 1" from a burning wood and 7" from a river, in the French movement phase.
    const gb = line("gb-1", 27, { position: { x: 36, y: 27 }, facing: 90 });
    const s = battle([gun("fr-art", "fr"), gb], { phase: "movement", step: "remaining" }, {
      terrain: [woods, river],
      fires: [{ id: "f1", circles: [{ centre: { x: 36, y: 28.5 }, diameter: 2, terrain: "woods" }] }],
    });
    const act = { type: "artillery/extinguish", unit: "gb-1", fire: "f1", circle: 0 };
    // With no decision pending the engine refuses the other side's piece before the rule is asked.
    expect(refuse(s, act, [6])).toMatchObject({ code: "action/not_your_turn", rule: "CORE-TURN-2", unit: "gb-1" });
    // While the British owe a decision (a redress of that unit) they may act, but not fight the fire.
    const waiting: BattleState = { ...s, pending: [{ kind: "redress", side: sideId("gb"), unit: unitId("gb-1"), targets: [], rule: "CORE-REDR-1" }] };
    expect(checkState(waiting)).toEqual([]);
    expect(refuse(waiting, act, [6])).toMatchObject({ code: "artillery/not_your_unit", rule: "CORE-TURN-2", unit: "gb-1" });
    // In the British movement phase the same unit may (a 5 puts woods out).
    const theirs: BattleState = { ...s, turn: { ...s.turn, activeSide: sideId("gb") } };
    expect(play(theirs, act, [5]).state.fires).toEqual([]);
  });

  // crew.ts:163 `art === null || !art.abandoned` → `&&`: a gun that is not abandoned is re-manned.
  it("WHN-ART-16: only an abandoned gun can be re-manned; a gun marked manned is refused even with no models and its crew beside it", () => {
    const crewId = crewUnitId(unitId("gb-art"));
    let s = abandoned();
    s = patch(s, crewId, { order: "GOOD", position: { x: 36, y: 30 + 80 / 25.4 }, facing: 270 });
    s = { ...s, pending: [], turn: { ...s.turn, activeSide: sideId("gb"), step: "remaining" } };
    const reman = { type: "artillery/reman", unit: "gb-art" };
    // The abandoned gun is re-manned by its crew in contact (the ordinary case).
    expect(unit(play(s, reman, []).state, "gb-art")).toMatchObject({ figures: 4, artillery: { abandoned: false } });
    // The same state with the gun not marked abandoned (it breaks no invariant) is refused.
    const manned = patchGun(s, "gb-art", { abandoned: false });
    expect(checkState(manned)).toEqual([]);
    expect(refuse(manned, reman)).toMatchObject({ code: "artillery/not_abandoned", rule: "WHN-ART-16", unit: "gb-art" });
  });

  // move.ts:97 the refusal code "impassable" → "" (no test reached this refusal).
  it("CORE-MOVE-5 (WHN-ART-3): a gun may not move into impassable ground", () => {
    const rock = { id: "rock", kind: "rocks", polygon: rect(30, 5.5, 42, 10), tags: { impassable: true } };
    const s = battle([gun("fr-art", "fr"), line("gb-1", 44)], { phase: "movement", step: "remaining" }, { terrain: [rock] });
    const into = { type: "artillery/move", unit: "fr-art", path: [{ kind: "forward", distance: 2 }] };
    expect(refuse(s, into)).toMatchObject({ code: "artillery/impassable", rule: "CORE-MOVE-5", unit: "fr-art" });
    // Short of the rock the move is allowed.
    const short = play(s, { ...into, path: [{ kind: "forward", distance: 1 }] }, []);
    expect(unit(short.state, "fr-art").position.y).toBeCloseTo(5, 9);
  });
});
