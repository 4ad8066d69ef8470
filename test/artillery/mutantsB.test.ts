// Rule tests that kill the artillery mutants left alive by the seed-2 sampled mutation run (#17).
// Each case fails under the mutant named in its comment (checked by applying it by hand).
import { describe, expect, it } from "vitest";
import { burstHits, targetsOf } from "../../src/rules/whn/artillery/flight.js";
import { layoutOf } from "../../src/rules/whn/unit.js";
import { battle, event, fire, gun, line, play, unit } from "../fixtures/artillery.js";

describe("artillery mutants (seed 2)", () => {
  // flight.ts: `a.d - b.d || (id order)` → `&&` orders the units under a burst by id instead of by distance.
  it("CORE-GEO-29: a shell burst lists the units it touches nearest first, equal distances by id", () => {
    const s = battle([line("gb-a", 30, { position: { x: 33, y: 30 } }), line("gb-b", 30, { position: { x: 39.5, y: 30 } })]);
    const targets = targetsOf(["gb-b", "gb-a"].map((id) => ({ id, layout: layoutOf(unit(s, id)) })));
    // Centres 3.5" (gb-a) and 3" (gb-b) from the burst; a 5" template reaches a model of each.
    const near = burstHits({ x: 36.5, y: 30 + 10 / 25.4 }, 5, targets);
    expect(near.map((h) => h.id)).toEqual(["gb-b", "gb-a"]);
    expect(near.every((h) => h.hits === h.models.length && h.hits > 0)).toBe(true);
    // Half way between the two centres: a tie, broken by id whatever the order of the targets.
    const tie = burstHits({ x: 36.25, y: 30 + 10 / 25.4 }, 5, targets);
    expect(tie.map((h) => h.id)).toEqual(["gb-a", "gb-b"]);
  });

  // fire.ts: the bounce line's end `{ ...r.segment.to }` → `{}` in the event.
  it("CORE-GEO-32 (WHN-ART-9): the bounce-line event runs from the landing point the bounce's inches on, away from the gun", () => {
    // A medium foot gun at (36, 4) facing north; line at y = 20. To-hit 4, artillery die 2 → 4" bounce.
    const r = play(battle([gun("fr-art", "fr"), line("gb-1", 20)]), fire("fr-art", "gb-1", "shot"), [4, 2, 3, 1, 6, 6]);
    const b = event(r.events, "artillery/bounceLine");
    expect((b["from"] as { x: number }).x).toBeCloseTo(36, 9);
    expect((b["from"] as { y: number }).y).toBeCloseTo(20, 9);
    expect((b["to"] as { x: number }).x).toBeCloseTo(36, 9);
    expect((b["to"] as { y: number }).y).toBeCloseTo(24, 9);
  });
});
