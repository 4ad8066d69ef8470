/**
 * crew.ts as a whole (WHN-ART-6, WHN-ART-7, WHN-ART-16): `artillery/shelter` from the gun and from a
 * crew standing apart, `artillery/leaveShelter`, `artillery/reman`, every refusal with its full
 * violation and English text, and the limits (the crew's M to the square, contact with the gun).
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { ARTILLERY_MESSAGES } from "../../src/rules/whn/artillery/messages.js";
import { reman, shelter, shelterIn } from "../../src/rules/whn/artillery/crew.js";
import { runStep } from "../../src/engine/apply.js";
import type { ActionContext, Outcome } from "../../src/engine/context.js";
import { withScriptedDice } from "../../src/index.js";
import { CREW, GUN, SQ, crewApartAt, flags, ownTurn, square } from "../fixtures/artC.js";
import { patch, patchGun, play, refuse, step, unit } from "../fixtures/artillery.js";

const shelterA = { type: "artillery/shelter", unit: GUN, square: SQ };
const leave = (face?: string) => (face === undefined ? { type: "artillery/leaveShelter", unit: GUN } : { type: "artillery/leaveShelter", unit: GUN, face });
const remanA = { type: "artillery/reman", unit: GUN };
/** Where the crew stand when they leave the gun: one gun depth (80 mm) behind it, the gun facing south. */
const BEHIND = { x: 36, y: 30 + 80 / 25.4 };

/** The violation of a handler called directly (past the engine's own turn check). */
function direct(s: BattleState, h: (st: BattleState, a: never, ctx: ActionContext) => Outcome, a: unknown): Record<string, unknown> {
  const r = runStep(withScriptedDice(s, []), (ctx) => h(s, a as never, ctx));
  if (r.ok) throw new Error("expected a violation");
  return r.violation as unknown as Record<string, unknown>;
}

/** A refusal checked whole, and its English text. */
function refused(s: BattleState, action: unknown, want: Record<string, unknown>, text: string): void {
  const v = refuse(s, action);
  expect(v).toEqual(want);
  const render = ARTILLERY_MESSAGES[v.code];
  expect(render?.(v as never)).toBe(text);
}

describe("artillery/shelter in the crew's own movement phase (WHN-ART-7)", () => {
  it("WHN-ART-7: crew at the gun shelter: the gun keeps its crew count, is marked moved, abandoned and sheltering; no crew unit appears", () => {
    const s = ownTurn();
    const g = unit(s, GUN);
    const r = play(s, shelterA, []);
    expect(r.events.map((e) => ({ ...e, seq: 0 }))).toEqual([{ type: "artillery/sheltered", rule: "WHN-ART-7", unit: GUN, square: SQ, crew: 4, seq: 0, gameTurn: 1 }]);
    expect(unit(r.state, GUN)).toEqual({ ...g, flags: { ...g.flags, moved: true }, artillery: { ...g.artillery, abandoned: true, shelteringIn: SQ } });
    expect(r.state.units[CREW as never]).toBe(undefined);
    expect(unit(r.state, SQ)).toEqual(unit(s, SQ));
  });

  it("WHN-ART-7: crew standing apart shelter: their models, wounds and order go to the gun, the crew unit is left empty", () => {
    const s0 = crewApartAt(BEHIND);
    const s = patch(s0, CREW, { figures: 3, woundsTaken: 1 });
    const g = unit(s, GUN);
    const c = unit(s, CREW);
    const r = play(s, shelterA, []);
    expect(r.events.map((e) => ({ ...e, seq: 0 }))).toEqual([{ type: "artillery/sheltered", rule: "WHN-ART-7", unit: GUN, square: SQ, crew: 3, seq: 0, gameTurn: 1 }]);
    expect(unit(r.state, GUN)).toEqual({ ...g, figures: 3, woundsTaken: 1, order: c.order, flags: { ...g.flags, moved: true }, artillery: { ...g.artillery, abandoned: true, shelteringIn: SQ } });
    expect(unit(r.state, CREW)).toEqual({ ...c, figures: 0, woundsTaken: 0 });
  });

  it("WHN-ART-7: as a charge response (not marked), shelterIn leaves the gun's flags as they were", () => {
    const s = ownTurn();
    const g = unit(s, GUN);
    const r = step(s, (st, ctx) => shelterIn(st, ctx, unit(st, GUN), unit(st, SQ).id, unit(st, GUN), false), []);
    expect(unit(r.state, GUN)).toEqual({ ...g, artillery: { ...g.artillery, abandoned: true, shelteringIn: SQ } });
    expect(r.events.map((e) => e.type)).toEqual(["artillery/sheltered"]);
  });

  it("WHN-ART-7: shelterIn on a unit with no artillery record changes nothing", () => {
    const s = ownTurn();
    const sq = unit(s, SQ);
    const r = step(s, (st, ctx) => shelterIn(st, ctx, sq, sq.id, sq, true), []);
    expect(r.state.units).toEqual(s.units);
    expect(r.events).toEqual([]);
  });

  it("CORE-TURN-2: refused outside the remaining-moves step, and for the other side's gun", () => {
    refused(ownTurn({}, [], "chargeResponses"), shelterA, { phase: "movement", step: "chargeResponses", allowed: ["remaining"], code: "artillery/wrong_step", rule: "CORE-TURN-2" }, "This is done in the movement phase's remaining step, not now.");
    const theirs = { ...ownTurn(), turn: { ...ownTurn().turn, activeSide: "fr" } } as BattleState;
    expect(direct(theirs, shelter, shelterA)).toEqual({ unit: GUN, side: "gb", code: "artillery/not_your_unit", rule: "CORE-TURN-2" });
  });

  it("WHN-ART-7 / WHN-ART-15 / WHN-ART-2 / WHN-ART-16: already sheltering, destroyed, no models, abandoned with no crew in play", () => {
    refused(patchGun(ownTurn(), GUN, { shelteringIn: SQ as never, abandoned: true }), shelterA, { unit: GUN, code: "artillery/crew_sheltering", rule: "WHN-ART-7" }, "The crew of gb-art are sheltering in a square.");
    refused(patchGun(ownTurn(), GUN, { gunDestroyed: true }), shelterA, { unit: GUN, code: "artillery/gun_destroyed", rule: "WHN-ART-15" }, "The gun of gb-art is destroyed.");
    refused(patch(ownTurn(), GUN, { figures: 0 }), shelterA, { unit: GUN, code: "artillery/no_crew", rule: "WHN-ART-2" }, "Gun gb-art has no crew to work it.");
    refused(patchGun(ownTurn(), GUN, { abandoned: true }), shelterA, { unit: GUN, code: "artillery/no_crew", rule: "WHN-ART-16" }, "Gun gb-art has no crew to work it.");
    const gone = patch(crewApartAt(BEHIND), CREW, { removed: { reason: "destroyed", gameTurn: 1 } });
    refused(gone, shelterA, { unit: GUN, code: "artillery/no_crew", rule: "WHN-ART-16" }, "Gun gb-art has no crew to work it.");
  });

  it("CORE-FLEE-1 / WHN-MOVE-6: the checks of a stationary unit are made on the crew apart, named by the crew's id", () => {
    refused(patch(crewApartAt(BEHIND), CREW, { order: "FLEEING" }), shelterA, { unit: CREW, code: "artillery/fleeing", rule: "CORE-FLEE-1" }, "Unit gb-art.crew is fleeing.");
    refused(patch(crewApartAt(BEHIND), CREW, { order: "DISORDERED" }), shelterA, { unit: CREW, code: "artillery/disordered", rule: "WHN-MOVE-6" }, "Unit gb-art.crew is disordered and stays put this turn.");
    refused(patch(ownTurn(), GUN, { order: "DISORDERED" }), shelterA, { unit: GUN, code: "artillery/disordered", rule: "WHN-MOVE-6" }, "Unit gb-art is disordered and stays put this turn.");
  });

  it("WHN-ART-7: crew that moved (the moved flag, or any share of the move used) may not shelter", () => {
    const want = { unit: GUN, code: "artillery/crew_already_moved", rule: "WHN-ART-7" };
    const text = "The crew of gb-art have already moved this turn.";
    refused(flags(ownTurn(), GUN, { moved: true }), shelterA, want, text);
    refused(flags(ownTurn(), GUN, { moveUsed: 0.01 }), shelterA, want, text);
    refused(flags(crewApartAt(BEHIND), CREW, { moved: true }), shelterA, want, text);
    refused(flags(crewApartAt(BEHIND), CREW, { moveUsed: 0.01 }), shelterA, want, text);
    // the crew apart are judged by their own flags, not the left gun's
    expect(play(flags(crewApartAt(BEHIND), GUN, { moved: true, moveUsed: 1 }), shelterA, []).events.map((e) => e.type)).toEqual(["artillery/sheltered"]);
  });

  it("WHN-ART-7: the square must be a friendly unit in play, in SQUARE", () => {
    refused(patch(ownTurn(), SQ, { side: "fr" as never }), shelterA, { unit: GUN, square: SQ, code: "artillery/no_friendly_square", rule: "WHN-ART-7" }, "gb-sq is not a friendly unit in play.");
    refused(patch(ownTurn(), SQ, { removed: { reason: "destroyed", gameTurn: 1 } }), shelterA, { unit: GUN, square: SQ, code: "artillery/no_friendly_square", rule: "WHN-ART-7" }, "gb-sq is not a friendly unit in play.");
    refused(patch(ownTurn(), SQ, { formation: "ATTACK_COLUMN" }), shelterA, { unit: GUN, square: SQ, formation: "ATTACK_COLUMN", code: "artillery/not_a_square", rule: "WHN-ART-7" }, "gb-sq is not in square.");
  });

  it("WHN-ART-7: the crew reach a square exactly their M (4\") away, measured from the crew apart, not from 4.01\"", () => {
    // crew apart behind the gun are 0.8504" from the square at x = 40; push the square east
    const gap = 0.8503937007874072;
    const at = (d: number) => patch(crewApartAt(BEHIND), SQ, { position: { x: 40 + d - gap, y: 31 } });
    expect(play(at(4), shelterA, []).events.map((e) => e.type)).toEqual(["artillery/sheltered"]);
    const v = refuse(at(4.01), shelterA);
    expect(v).toMatchObject({ unit: GUN, square: SQ, reach: 4, code: "artillery/square_too_far", rule: "WHN-ART-7" });
    expect(v["distance"] as number).toBeCloseTo(4.01, 9);
    expect(ARTILLERY_MESSAGES[v.code]?.(v as never)).toBe("The square is 4.01\" away; the crew move 4\".");
  });

  it("WHN-ART-2: horse-artillery crew reach 8\" to a square", () => {
    const gap = 0.8503937007874072;
    const at = (d: number) => patch(crewApartAt(BEHIND, 270, { arm: "horse" }), SQ, { position: { x: 40 + d - gap, y: 31 } });
    // the mounted crew's base is deeper, so measure their own gap first
    const s = at(0);
    const r = refuse(patch(s, SQ, { position: { x: 80, y: 31 } }), shelterA);
    expect(r).toMatchObject({ code: "artillery/square_too_far", reach: 8 });
  });
});

describe("artillery/leaveShelter (WHN-ART-7)", () => {
  const sheltered = (): BattleState => flags(play(ownTurn(), shelterA, []).state, GUN, { moved: false });

  it("WHN-ART-7: the crew come out behind the square (its rear by default), facing away, free to move; the gun stays abandoned", () => {
    const s = sheltered();
    const g = unit(s, GUN);
    const r = play(s, leave(), []);
    const crew = unit(r.state, CREW);
    expect(r.events.map((e) => ({ ...e, seq: 0 }))).toEqual([{ type: "artillery/leftShelter", rule: "WHN-ART-7", unit: GUN, crew: CREW, square: SQ, at: crew.position, facing: crew.facing, seq: 0, gameTurn: 1 }]);
    expect(crew.position.x).toBeCloseTo(40, 9);
    expect(crew.position.y).toBeCloseTo(34.93700787401574, 9);
    expect(crew.facing % 360).toBeCloseTo(90, 9);
    expect(crew).toMatchObject({ figures: 4, side: "gb", formation: "LINE", troopType: "infantry", flags: { ...g.flags, moved: false, moveUsed: 0 }, removed: null });
    expect(unit(r.state, GUN)).toEqual({ ...g, figures: 0, woundsTaken: 0, artillery: { ...g.artillery, abandoned: true, shelteringIn: null } });
    expect(play(s, leave("rear"), []).state).toEqual(r.state);
  });

  it("WHN-ART-7: the face named sets where they stand: front, left, right", () => {
    const s = sheltered();
    const got = (face: string) => {
      const c = unit(play(s, leave(face), []).state, CREW);
      return [Math.round(c.position.x * 1e6) / 1e6, Math.round(c.position.y * 1e6) / 1e6, ((c.facing % 360) + 360) % 360];
    };
    expect(got("front")).toEqual([40, 30.212598, 270]);
    expect(got("left")).toEqual([42.362205, 32.574803, 0]);
    expect(got("right")).toEqual([37.637795, 32.574803, 180]);
  });

  it("WHN-ART-2: horse-artillery crew come out mounted: a cavalry base deep (50 mm) beyond the square's rear edge", () => {
    const s = flags(play(ownTurn({ arm: "horse" }), shelterA, []).state, GUN, { moved: false });
    const crew = unit(play(s, leave(), []).state, CREW);
    // the foot crew's front edge stands at 34.937", one foot base (20 mm) beyond the rear edge
    expect(crew.position.x).toBeCloseTo(40, 9);
    expect(crew.position.y).toBeCloseTo(34.93700787401574 - 20 / 25.4 + 50 / 25.4, 9);
    expect(crew).toMatchObject({ troopType: "cavalry", formation: "CAV_LINE", profile: { M: 8 } });
  });

  it("WHN-ART-16: a gun destroyed while its crew sheltered is captured when they come out; the crew stay a unit", () => {
    const s = patchGun(sheltered(), GUN, { gunDestroyed: true });
    const r = play(s, leave(), []);
    expect(r.events.map((e) => e.type)).toEqual(["artillery/leftShelter", "artillery/gunLost"]);
    expect({ ...r.events[1], seq: 0 }).toEqual({ type: "artillery/gunLost", rule: "WHN-ART-16", unit: GUN, seq: 0, gameTurn: 1 });
    expect(unit(r.state, GUN).removed).toEqual({ reason: "captured", gameTurn: 1 });
    expect(unit(r.state, CREW)).toMatchObject({ figures: 4, removed: null });
  });

  it("WHN-ART-7 refusals: not sheltering, sheltered this very turn, fleeing, the square gone", () => {
    refused(ownTurn(), leave(), { unit: GUN, code: "artillery/not_sheltering", rule: "WHN-ART-7" }, "The crew of gb-art are not sheltering.");
    refused(play(ownTurn(), shelterA, []).state, leave(), { unit: GUN, code: "artillery/sheltered_this_turn", rule: "WHN-ART-7" }, "The crew of gb-art sheltered this turn; they leave in a later movement phase.");
    refused(patch(sheltered(), GUN, { order: "FLEEING" }), leave(), { unit: GUN, code: "artillery/fleeing", rule: "CORE-FLEE-1" }, "Unit gb-art is fleeing.");
    refused(patch(sheltered(), SQ, { removed: { reason: "destroyed", gameTurn: 1 } }), leave(), { unit: GUN, square: SQ, code: "artillery/no_friendly_square", rule: "WHN-ART-7" }, "gb-sq is not a friendly unit in play.");
    refused({ ...sheltered(), turn: { ...sheltered().turn, step: "chargeResponses" } }, leave(), { phase: "movement", step: "chargeResponses", allowed: ["remaining"], code: "artillery/wrong_step", rule: "CORE-TURN-2" }, "This is done in the movement phase's remaining step, not now.");
  });

  it("CORE-MOVE-4: the crew may not be placed on another unit (the square itself is ignored)", () => {
    // a friendly line standing right behind the square blocks the rear, not the front
    const s = sheltered();
    const blocked: BattleState = { ...s, units: { ...s.units } };
    const other = { ...unit(s, "fr-1"), id: "gb-2" as never, side: "gb" as never, name: "gb-2", position: { x: 40, y: 34.5 }, facing: 270 };
    (blocked.units as Record<string, unknown>)["gb-2"] = other;
    const v = refuse(blocked, leave());
    expect(v).toEqual({ unit: CREW, other: "gb-2", code: "movement/through_unit", rule: "CORE-MOVE-4" });
    expect(play(blocked, leave("front"), []).events.map((e) => e.type)).toEqual(["artillery/leftShelter"]);
  });
});

describe("artillery/reman (WHN-ART-16)", () => {
  it("WHN-ART-16: crew in contact take the gun over: models, wounds, order, moved flag, move used up, phase counts; the crew unit is emptied", () => {
    let s = crewApartAt(BEHIND);
    s = patch(s, CREW, { figures: 3, woundsTaken: 0, phase: { figuresAtStart: 3, casualties: 1, panicTested: true }, flags: { ...unit(s, CREW).flags, moved: true } });
    s = patch(s, GUN, { phase: { figuresAtStart: 4, casualties: 0, panicTested: false } });
    const g = unit(s, GUN);
    const c = unit(s, CREW);
    const r = play(s, remanA, []);
    expect(r.events.map((e) => ({ ...e, seq: 0 }))).toEqual([{ type: "artillery/remanned", rule: "WHN-ART-16", unit: GUN, crew: CREW, figures: 3, seq: 0, gameTurn: 1 }]);
    expect(unit(r.state, GUN)).toEqual({
      ...g,
      figures: 3,
      woundsTaken: 0,
      order: c.order,
      flags: { ...g.flags, moved: true, moveUsed: 1 },
      phase: { figuresAtStart: 4, casualties: 1, panicTested: true },
      artillery: { ...g.artillery, abandoned: false },
    });
    expect(unit(r.state, CREW)).toEqual({ ...c, figures: 0, woundsTaken: 0 });
  });

  it("WHN-ART-16: the larger figures-at-start of gun and crew is kept (crew 3 over a gun of 2)", () => {
    let s = crewApartAt(BEHIND);
    s = patch(s, CREW, { figures: 3, phase: { figuresAtStart: 3, casualties: 0, panicTested: false } });
    s = patch(s, GUN, { phase: { figuresAtStart: 2, casualties: 0, panicTested: false } });
    const r = play(s, remanA, []);
    expect(unit(r.state, GUN).phase.figuresAtStart).toBe(3);
    expect(unit(r.state, GUN).flags.moved).toBe(false);
  });

  it("WHN-ART-16: not an abandoned gun waiting for its crew — manned, sheltering, or abandoned with models still on it", () => {
    const want = { unit: GUN, code: "artillery/not_abandoned", rule: "WHN-ART-16" };
    const text = "Gun gb-art is not an abandoned gun waiting for its crew.";
    refused(ownTurn(), remanA, want, text);
    refused(patchGun(crewApartAt(BEHIND), GUN, { shelteringIn: SQ as never }), remanA, want, text);
    refused(patch(crewApartAt(BEHIND), GUN, { figures: 1 }), remanA, want, text);
  });

  it("WHN-ART-15 / WHN-ART-16 / CORE-FLEE-1: destroyed gun, no crew in play, fleeing crew", () => {
    refused(patchGun(crewApartAt(BEHIND), GUN, { gunDestroyed: true }), remanA, { unit: GUN, code: "artillery/gun_destroyed", rule: "WHN-ART-15" }, "The gun of gb-art is destroyed.");
    refused(patch(patchGun(ownTurn(), GUN, { abandoned: true }), GUN, { figures: 0 }), remanA, { unit: GUN, code: "artillery/no_crew", rule: "WHN-ART-16" }, "Gun gb-art has no crew to work it.");
    refused(patch(crewApartAt(BEHIND), CREW, { order: "FLEEING" }), remanA, { unit: CREW, code: "artillery/fleeing", rule: "CORE-FLEE-1" }, "Unit gb-art.crew is fleeing.");
  });

  it("WHN-ART-16: the crew must touch the gun: 0.001\" off is contact, 0.01\" is not", () => {
    const off = (d: number) => crewApartAt({ x: 36, y: BEHIND.y + d });
    expect(play(off(0.001), remanA, []).events.map((e) => e.type)).toEqual(["artillery/remanned"]);
    const v = refuse(off(0.01), remanA);
    expect(v).toMatchObject({ unit: GUN, crew: CREW, code: "artillery/crew_not_in_contact", rule: "WHN-ART-16" });
    expect(v["distance"] as number).toBeCloseTo(0.01, 9);
    expect(ARTILLERY_MESSAGES[v.code]?.(v as never)).toBe("The crew are 0.01\" from gun gb-art; they must touch it.");
  });

  it("CORE-TURN-2: re-manning is a remaining-moves action of the gun's own side", () => {
    const s = crewApartAt(BEHIND);
    refused({ ...s, turn: { ...s.turn, step: "chargeResponses" } }, remanA, { phase: "movement", step: "chargeResponses", allowed: ["remaining"], code: "artillery/wrong_step", rule: "CORE-TURN-2" }, "This is done in the movement phase's remaining step, not now.");
    expect(direct({ ...s, turn: { ...s.turn, activeSide: "fr" as never } }, reman, remanA)).toEqual({ unit: GUN, side: "gb", code: "artillery/not_your_unit", rule: "CORE-TURN-2" });
  });
});
