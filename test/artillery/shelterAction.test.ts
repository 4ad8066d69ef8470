/** WHN-ART-7 `artillery/shelter` in the crew's own movement phase (found unreached by the sampled mutation run, #17). */
import { describe, expect, it } from "vitest";
import { battle, event, gun, line, patch, patchGun, play, refuse, unit } from "../fixtures/artillery.js";

// A British gun at (36, 30) facing south, a British square 4" east of it; the French far away.
function own() {
  const s = battle(
    [
      gun("gb-art", "gb", {}, { position: { x: 36, y: 30 }, facing: 270 }),
      line("gb-sq", 34, { side: "gb", formation: "SQUARE", figures: 12, files: 3, position: { x: 40, y: 31 }, facing: 270 }),
      line("fr-1", 4, { position: { x: 10, y: 4 }, facing: 90 }),
    ],
    { phase: "movement", step: "remaining" },
  );
  return { ...s, turn: { ...s.turn, activeSide: "gb" } } as typeof s;
}
const shelter = { type: "artillery/shelter", unit: "gb-art", square: "gb-sq" };

describe("crew shelter in their own movement phase", () => {
  it("WHN-ART-7: the crew leave the gun and shelter in the friendly square; the gun stays, abandoned", () => {
    const r = play(own(), shelter, []);
    expect(unit(r.state, "gb-art")).toMatchObject({ position: { x: 36, y: 30 }, artillery: { abandoned: true, shelteringIn: "gb-sq" } });
    expect(event(r.events, "artillery/sheltered")).toMatchObject({ rule: "WHN-ART-7", unit: "gb-art", square: "gb-sq", crew: 4 });
  });

  it("WHN-ART-7: refused when already sheltering, after the crew moved, or with no square in reach", () => {
    const done = play(own(), shelter, []).state;
    expect(refuse(done, shelter)).toMatchObject({ code: "artillery/crew_sheltering", rule: "WHN-ART-7" });
    expect(refuse(patch(own(), "gb-art", { flags: { ...unit(own(), "gb-art").flags, moveUsed: 1 } }), shelter)).toMatchObject({ code: "artillery/crew_already_moved", rule: "WHN-ART-7" });
    expect(refuse(patch(own(), "gb-sq", { position: { x: 60, y: 31 } }), shelter)).toMatchObject({ code: "artillery/square_too_far", rule: "WHN-ART-7" });
    expect(refuse(patchGun(own(), "gb-art", { abandoned: true }), shelter)).toMatchObject({ rule: "WHN-ART-16" });
  });
});
