import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { apply, legalActions, unitId, sideId } from "../../src/index.js";
import { artilleryUpkeep, crewUnitId } from "../../src/rules/whn/artillery/index.js";
import { compulsoryFlees } from "../../src/rules/whn/morale/start.js";
import { checkState } from "../../src/trust/index.js";
import { battle, event, gun, line, patch, patchGun, play, refuse, step, unit } from "../fixtures/artillery.js";
import { regiment } from "../fixtures/setups.js";
import { footprintOf } from "../../src/rules/whn/unit.js";
import { rectsOverlap } from "../../src/geometry/rect.js";

// A British gun at (36, 30) facing south is charged by French hussars 14" away (front edges).
function charged(spec: Parameters<typeof gun>[2] = {}, extra: Parameters<typeof battle>[0] = []): BattleState {
  const s = battle(
    [gun("gb-art", "gb", spec, { position: { x: 36, y: 30 }, facing: 270 }), regiment("fr-hus", "fr", { position: { x: 36, y: 16 }, facing: 90, figures: 6, files: 6 }), ...extra],
    { phase: "movement", step: "chargeResponses" },
  );
  return { ...s, pending: [{ kind: "chargeResponse", side: sideId("gb"), unit: unitId("gb-art"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" }] };
}
const respond = (response: string, more: Record<string, unknown> = {}) => ({ type: "artillery/respond", unit: "gb-art", response, ...more });

describe("gun charge responses (WHN-ART-6, WHN-ART-7)", () => {
  it("WHN-ART-6: horse artillery flees 3D6 with its gun, limbering as it goes", () => {
    const r = play(charged({ arm: "horse" }), respond("flee"), [3, 4, 5]);
    expect(event(r.events, "unit/fled")).toMatchObject({ rule: "WHN-ART-6", roll: 12 });
    expect(unit(r.state, "gb-art")).toMatchObject({ formation: "LIMBERED", order: "FLEEING" });
    expect(r.state.pending).toEqual([]);
  });

  it("WHN-ART-6: foot crews flee 2D6 and leave the gun behind, unmanned", () => {
    const r = play(charged(), respond("flee"), [3, 3]);
    const crew = unit(r.state, crewUnitId(unitId("gb-art")));
    expect(crew).toMatchObject({ figures: 4, order: "FLEEING", troopType: "infantry" });
    expect(event(r.events, "unit/fled")).toMatchObject({ unit: crew.id, roll: 6, rule: "WHN-ART-6" });
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 0, position: { x: 36, y: 30 }, artillery: { abandoned: true } });
  });

  it("WHN-ART-6: foot crews fleeing through the gun they left never end on it (WHN-ART-16: it still stands; walk seed 101 #294)", () => {
    // The hussars come from behind a limbered gun: the crew, placed behind it, run forward through it.
    const s = patch(patch(charged({}, []), "gb-art", { formation: "LIMBERED" }), "fr-hus", { position: { x: 36, y: 44 }, facing: 270 });
    const r = play(s, respond("flee"), [1, 1]);
    const crew = unit(r.state, crewUnitId(unitId("gb-art")));
    expect(event(r.events, "unit/fled")).toMatchObject({ unit: crew.id, roll: 2, passedThrough: ["gb-art"] });
    const gunFp = footprintOf(unit(r.state, "gb-art"));
    expect(footprintOf(crew).some((a) => gunFp.some((b) => rectsOverlap(a, b)))).toBe(false);
    expect(crew.position.y).toBeLessThanOrEqual(unit(r.state, "gb-art").position.y);
  });

  it("WHN-ART-6: fire and flee (AMB-42): stand and shoot with −1, then flee with one die fewer (foot crew 1D6)", () => {
    // Canister at the hussars (14" ≤ 18"): need 4 + 1 = 5; 6 shots miss; then the crew run 1D6 = 4.
    const r = play(charged(), respond("fireAndFlee"), [1, 1, 1, 1, 1, 1, 4]);
    expect(event(r.events, "artillery/toHit")).toMatchObject({ need: 5 });
    expect(event(r.events, "artillery/fired")).toMatchObject({ ammunition: "canister", standAndShoot: true });
    expect(event(r.events, "unit/fled")).toMatchObject({ roll: 4, dice: [4] });
    const horse = play(charged({ arm: "horse" }), respond("fireAndFlee", { ammunition: "shot" }), [1, 6, 2, 2]);
    expect(event(horse.events, "unit/fled")).toMatchObject({ unit: "gb-art", roll: 4, dice: [2, 2] });
  });

  it("WHN-ART-6: stand and shoot needs the charger farther than its move; a limbered gun may not shoot", () => {
    const close = patch(charged(), "fr-hus", { position: { x: 36, y: 24 } });
    expect(refuse(close, respond("standAndShoot"))).toMatchObject({ code: "artillery/charger_too_close", rule: "CORE-CHRG-2" });
    const limbered = patch(charged(), "gb-art", { formation: "LIMBERED" });
    expect(refuse(limbered, respond("standAndShoot"))).toMatchObject({ code: "artillery/response_not_allowed", rule: "WHN-ART-6" });
    expect(play(charged(), respond("hold"), []).state.pending).toEqual([]);
  });

  it("WHN-ART-7: crew shelter in a friendly square within their M; they cannot be hit while sheltering", () => {
    const sq = line("gb-sq", 34, { formation: "SQUARE", figures: 12, files: 3, position: { x: 40, y: 31 }, facing: 270 });
    const far = line("gb-sq", 34, { formation: "SQUARE", figures: 12, files: 3, position: { x: 50, y: 31 }, facing: 270 });
    const r = play(charged({}, [sq]), respond("shelter", { square: "gb-sq" }), []);
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 4, artillery: { abandoned: true, shelteringIn: "gb-sq" } });
    expect(event(r.events, "artillery/sheltered")["rule"]).toBe("WHN-ART-7");
    expect(refuse(charged({}, [far]), respond("shelter", { square: "gb-sq" }))).toMatchObject({ code: "artillery/square_too_far", rule: "WHN-ART-7" });
    // While sheltering, a shot hit on the gun's crew does nothing and the gun cannot fire.
    const shooting = { ...r.state, pending: [], turn: { ...r.state.turn, phase: "shooting" as const, step: null } };
    expect(refuse({ ...shooting, turn: { ...shooting.turn, activeSide: sideId("gb") } }, { type: "artillery/fire", unit: "gb-art", target: "fr-hus", ammunition: "shot" })).toMatchObject({
      code: "artillery/crew_sheltering",
      rule: "WHN-ART-7",
    });
  });

  it("WHN-ART-7: sheltering crew flee with the square and die with it; they leave it in a later movement phase", () => {
    const sq = line("gb-sq", 34, { formation: "SQUARE", figures: 12, files: 3, position: { x: 40, y: 31 }, facing: 270 });
    const sheltered = play(charged({}, [sq]), respond("shelter", { square: "gb-sq" }), []).state;
    const fled = step(patch(sheltered, "gb-sq", { order: "FLEEING" }), artilleryUpkeep, []);
    expect(unit(fled.state, "gb-art").order).toBe("FLEEING");
    const gone = step(patch(sheltered, "gb-sq", { removed: { reason: "destroyed", gameTurn: 1 } }), artilleryUpkeep, []);
    expect(unit(gone.state, "gb-art").removed).toMatchObject({ reason: "captured" });
    // Their own movement phase: out of the square's rear face, as a unit of their own.
    const own = { ...sheltered, turn: { ...sheltered.turn, activeSide: sideId("gb"), step: "remaining" as const } };
    const out = play(own, { type: "artillery/leaveShelter", unit: "gb-art" }, []);
    const crew = unit(out.state, crewUnitId(unitId("gb-art")));
    expect(crew).toMatchObject({ figures: 4, removed: null });
    expect(unit(out.state, "gb-art")).toMatchObject({ figures: 0, artillery: { abandoned: true, shelteringIn: null } });
    expect(event(out.events, "artillery/leftShelter")["rule"]).toBe("WHN-ART-7");
  });

  it("WHN-ART-16 / WHN-ART-7: a gun whose crew shelter stays where it is when their square flees, and still takes up its ground", () => {
    const sq = line("gb-sq", 34, { formation: "SQUARE", figures: 12, files: 3, position: { x: 40, y: 31 }, facing: 270 });
    const sheltered = play(charged({}, [sq]), respond("shelter", { square: "gb-sq" }), []).state;
    const fled = step(patch(sheltered, "gb-sq", { order: "FLEEING" }), artilleryUpkeep, []).state;
    const gbCompulsory = { ...fled, pending: [], turn: { ...fled.turn, activeSide: sideId("gb"), step: "compulsory" as const } };
    const r = step(gbCompulsory, compulsoryFlees, [3, 3, 3, 3]);
    expect(r.events.filter((e) => e.type === "unit/fled").map((e) => e["unit"])).toEqual(["gb-sq"]);
    expect(unit(r.state, "gb-art")).toMatchObject({ position: { x: 36, y: 30 }, facing: 270, order: "FLEEING", artillery: { shelteringIn: "gb-sq" } });
    expect(checkState(r.state)).toEqual([]);
    // The overlap invariant counts the gun: a unit standing on it is a breach.
    const onGun = patch(sheltered, "fr-hus", { position: { x: 36, y: 31 } });
    expect(checkState(onGun).map((b) => b.invariant)).toContain("unit.noOverlapAtAll");
  });
});

describe("abandoned and captured guns (WHN-ART-16, WHN-ART-17)", () => {
  const abandoned = (): BattleState => play(charged(), respond("flee"), [3, 3]).state;

  it("WHN-ART-16: an enemy ending a move in contact with an abandoned gun captures it", () => {
    // The hussars end in contact with the gun's front edge (their front edge at y = 30).
    const s = patch(abandoned(), "fr-hus", { position: { x: 36, y: 30 } });
    const r = step(s, artilleryUpkeep, []);
    expect(unit(r.state, "gb-art").removed).toMatchObject({ reason: "captured" });
    expect(event(r.events, "artillery/captured")["rule"]).toBe("WHN-ART-16");
  });

  it("WHN-ART-16: a gun left by its crew still stands on the table: an enemy may move up to it (and capture it) but never onto it", () => {
    // French turn, remaining moves: the hussars' front edge 4" short of the gun's front edge.
    let s = patch(abandoned(), "fr-hus", { position: { x: 36, y: 26 }, order: "GOOD" });
    s = { ...s, pending: [], turn: { ...s.turn, activeSide: sideId("fr"), step: "remaining" } };
    const onto = { type: "movement/move", unit: "fr-hus", path: [{ kind: "forward", distance: 5 }] };
    expect(refuse(s, onto)).toMatchObject({ code: "movement/through_unit", rule: "CORE-MOVE-4", other: "gb-art" });
    // Up to contact is allowed (the 1" rule is for units, not an empty gun), and takes the gun.
    const r = play(s, { ...onto, path: [{ kind: "forward", distance: 4 }] }, []);
    expect(unit(r.state, "fr-hus").position.y).toBeCloseTo(30, 9);
    const taken = step(r.state, artilleryUpkeep, []);
    expect(unit(taken.state, "gb-art").removed).toMatchObject({ reason: "captured" });
    // Nothing listed for the hussars ends on the gun.
    const listed = legalActions(s).filter((a) => "unit" in a && a.unit === "fr-hus" && a.type === "movement/move");
    expect(listed.length).toBeGreaterThan(0);
    for (const a of listed) expect(apply(s, a).ok).toBe(true);
    expect(listed.some((a) => JSON.stringify(a) === JSON.stringify(onto))).toBe(false);
  });

  it("WHN-ART-16: its own crew re-man it by moving into contact in their movement phase", () => {
    let s = abandoned();
    const crewId = crewUnitId(unitId("gb-art"));
    // Put the crew back in contact behind the gun, rallied, in their own remaining step.
    const g = unit(s, "gb-art");
    s = patch(s, crewId, { order: "GOOD", position: { x: 36, y: 30 + 80 / 25.4 }, facing: 270 });
    s = { ...s, pending: [], turn: { ...s.turn, activeSide: sideId("gb"), step: "remaining" } };
    const r = play(s, { type: "artillery/reman", unit: "gb-art" }, []);
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 4, artillery: { abandoned: false } });
    expect(unit(r.state, crewId).figures).toBe(0);
    expect(g.artillery?.abandoned).toBe(true);
    const far = patch(s, crewId, { position: { x: 10, y: 40 } });
    expect(refuse(far, { type: "artillery/reman", unit: "gb-art" })).toMatchObject({ code: "artillery/crew_not_in_contact", rule: "WHN-ART-16" });
  });

  it("WHN-ART-17: when the last crew model dies (in combat or otherwise) the gun is captured", () => {
    const s = battle([gun("gb-art", "gb"), line("fr-x", 40, { side: "fr" } as never)]);
    const dead = patch(s, "gb-art", { figures: 0, removed: { reason: "destroyed", gameTurn: 1 } });
    const r = step(dead, artilleryUpkeep, []);
    expect(unit(r.state, "gb-art").removed).toMatchObject({ reason: "captured" });
    expect(event(r.events, "artillery/captured")["rule"]).toBe("WHN-ART-17");
    // A crew apart from its gun that is wiped out: the abandoned gun is captured too.
    const apart = play(charged(), respond("flee"), [3, 3]).state;
    const killed = patch(apart, crewUnitId(unitId("gb-art")), { figures: 0, removed: { reason: "destroyed", gameTurn: 1 } });
    expect(unit(step(killed, artilleryUpkeep, []).state, "gb-art").removed).toMatchObject({ reason: "captured" });
    expect(patchGun).toBeDefined();
  });
});
