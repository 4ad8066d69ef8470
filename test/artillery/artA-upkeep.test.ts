import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { sideId, unitId } from "../../src/index.js";
import { artilleryUpkeep, crewUnitId } from "../../src/rules/whn/artillery/index.js";
import { battle, gun, line, patch, patchGun, play, step, unit } from "../fixtures/artillery.js";
import { regiment } from "../fixtures/setups.js";

// A British gun at (36, 30) facing south, French hussars 14" away (front edges), optionally a
// British square at (40, 31) the crew may shelter in (AMB-39 crew of four).
const SQ = () => line("gb-sq", 34, { formation: "SQUARE", figures: 12, files: 3, position: { x: 40, y: 31 }, facing: 270 });
function charged(extra: Parameters<typeof battle>[0] = []): BattleState {
  const s = battle(
    [gun("gb-art", "gb", {}, { position: { x: 36, y: 30 }, facing: 270 }), regiment("fr-hus", "fr", { position: { x: 36, y: 16 }, facing: 90, figures: 6, files: 6 }), ...extra],
    { phase: "movement", step: "chargeResponses" },
  );
  return { ...s, pending: [{ kind: "chargeResponse", side: sideId("gb"), unit: unitId("gb-art"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" }] };
}
const sheltered = (): BattleState => play(charged([SQ()]), { type: "artillery/respond", unit: "gb-art", response: "shelter", square: "gb-sq" }, []).state;
const abandoned = (): BattleState => play(charged(), { type: "artillery/respond", unit: "gb-art", response: "flee" }, [3, 3]).state;
const CREW = crewUnitId(unitId("gb-art"));
const upkeep = (s: BattleState) => step(s, artilleryUpkeep, []);
/** The events without their journal stamps (seq, gameTurn). */
const brief = (r: { events: readonly Record<string, unknown>[] }) => r.events.map(({ seq: _s, gameTurn: _g, ...rest }) => rest);

describe("artillery upkeep (WHN-ART-7, WHN-ART-16, WHN-ART-17)", () => {
  it("WHN-ART-7: a gun whose crew shelter in a fleeing square flees too, with one crewFlee event", () => {
    const r = upkeep(patch(sheltered(), "gb-sq", { order: "FLEEING" }));
    expect(brief(r)).toEqual([{ type: "artillery/crewFlee", rule: "WHN-ART-7", unit: "gb-art", square: "gb-sq" }]);
    expect(unit(r.state, "gb-art").order).toBe("FLEEING");
    // Run again: already fleeing, nothing more.
    expect(brief(upkeep(r.state))).toEqual([]);
  });

  it("WHN-ART-7: when the square rallies the sheltering gun takes its order back, silently", () => {
    const s = patch(patch(sheltered(), "gb-sq", { order: "DISORDERED" }), "gb-art", { order: "FLEEING" });
    const r = upkeep(s);
    expect(brief(r)).toEqual([]);
    expect(unit(r.state, "gb-art").order).toBe("DISORDERED");
  });

  it("WHN-ART-7: the square's loss takes the sheltering crew and the gun with it", () => {
    const r = upkeep(patch(sheltered(), "gb-sq", { removed: { reason: "destroyed", gameTurn: 1 } }));
    expect(brief(r)).toEqual([
      { type: "artillery/crewLost", rule: "WHN-ART-7", unit: "gb-art", square: "gb-sq" },
      { type: "artillery/captured", rule: "WHN-ART-17", unit: "gb-art" },
    ]);
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 0, woundsTaken: 0, removed: { reason: "captured", gameTurn: r.state.turn.gameTurn } });
  });

  it("WHN-ART-16: an enemy touching a gun whose crew shelter destroys the gun but leaves the unit in play", () => {
    const r = upkeep(patch(sheltered(), "fr-hus", { position: { x: 36, y: 30 } }));
    expect(brief(r)).toEqual([{ type: "artillery/captured", rule: "WHN-ART-16", unit: "gb-art", by: "fr-hus" }]);
    expect(unit(r.state, "gb-art")).toMatchObject({ removed: null, figures: 4, artillery: { gunDestroyed: true, shelteringIn: "gb-sq" } });
  });

  it("WHN-ART-16: a friend touching an abandoned gun does not capture it; an enemy 1\" off does not either", () => {
    const friend = patch(abandoned(), CREW, { position: { x: 36, y: 30 + 80 / 25.4 }, facing: 270 });
    expect(brief(upkeep(friend))).toEqual([]);
    const near = patch(abandoned(), "fr-hus", { position: { x: 36, y: 29 } });
    expect(brief(upkeep(near))).toEqual([]);
    expect(unit(upkeep(near).state, "gb-art").removed).toBe(null);
  });

  it("WHN-ART-16: an enemy in contact with an abandoned gun captures it (whole event)", () => {
    const r = upkeep(patch(abandoned(), "fr-hus", { position: { x: 36, y: 30 } }));
    expect(brief(r)).toEqual([{ type: "artillery/captured", rule: "WHN-ART-16", unit: "gb-art", by: "fr-hus" }]);
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 0, removed: { reason: "captured" } });
  });

  it("WHN-ART-17: an abandoned gun keeps while its crew live apart; captured once they are removed, naming why", () => {
    const s = abandoned();
    expect(unit(s, CREW)).toMatchObject({ figures: 4, removed: null });
    expect(brief(upkeep(s))).toEqual([]);
    // Crew at 0 figures but not yet removed: left for the module that removes them.
    expect(brief(upkeep(patch(s, CREW, { figures: 0 })))).toEqual([]);
    const gone = upkeep(patch(s, CREW, { figures: 0, removed: { reason: "destroyed", gameTurn: 1 } }));
    expect(brief(gone)).toEqual([{ type: "artillery/captured", rule: "WHN-ART-17", unit: "gb-art", crewGone: "destroyed" }]);
    expect(unit(gone.state, "gb-art")).toMatchObject({ figures: 0, removed: { reason: "captured" } });
    const fled = upkeep(patch(s, CREW, { removed: { reason: "fledTable", gameTurn: 1 } } as never));
    expect(brief(fled)).toEqual([{ type: "artillery/captured", rule: "WHN-ART-17", unit: "gb-art", crewGone: "fledTable" }]);
  });

  it("WHN-ART-17: an abandoned, crewless gun with no crew unit at all is captured (crewGone none)", () => {
    const s = abandoned();
    const units = { ...s.units };
    delete units[CREW];
    const r = upkeep({ ...s, units });
    expect(brief(r)).toEqual([{ type: "artillery/captured", rule: "WHN-ART-17", unit: "gb-art", crewGone: "none" }]);
  });

  it("WHN-ART-17: a manned gun removed with its last crew model is captured; other removals are left alone", () => {
    const s = battle([gun("gb-art", "gb"), line("fr-x", 40, { side: "fr" } as never)]);
    const dead = upkeep(patch(s, "gb-art", { figures: 0, removed: { reason: "destroyed", gameTurn: 1 } }));
    expect(brief(dead)).toEqual([{ type: "artillery/captured", rule: "WHN-ART-17", unit: "gb-art", lastCrewKilled: true }]);
    expect(unit(dead.state, "gb-art").removed).toEqual({ reason: "captured", gameTurn: 1 });
    expect(brief(upkeep(patch(s, "gb-art", { figures: 1, removed: { reason: "destroyed", gameTurn: 1 } })))).toEqual([]);
    expect(brief(upkeep(patch(s, "gb-art", { figures: 0, removed: { reason: "fledTable", gameTurn: 1 } } as never)))).toEqual([]);
    expect(brief(upkeep(patchGun(patch(s, "gb-art", { figures: 0, removed: { reason: "destroyed", gameTurn: 1 } }), "gb-art", { gunDestroyed: true })))).toEqual([]);
  });

  it("WHN-ART-17: a manned gun at zero figures but not removed, or not abandoned, is not captured by upkeep", () => {
    const s = battle([gun("gb-art", "gb"), line("fr-x", 40, { side: "fr" } as never)]);
    expect(brief(upkeep(patch(s, "gb-art", { figures: 0 })))).toEqual([]);
  });
});
