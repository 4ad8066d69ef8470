/**
 * legal.ts as a whole (the artillery listing): the exact candidate lists of the remaining-moves
 * step (the four gun actions in order, then the gun's moves, then fire fighting), of the shooting
 * phase (every enemy × ammunition, fire-and-limber only for horse), and of a gun's pending charge
 * response; what the dry run keeps; nothing in other steps or for other sides.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { sideId, unitId, withScriptedDice } from "../../src/index.js";
import { artilleryCandidates, gunMoveCandidates, legalArtilleryActions } from "../../src/rules/whn/artillery/legal.js";
import { battalion, battle, gun, line, patch, play, rect, unit } from "../fixtures/artillery.js";
import { CREW, GUN, SQ, crewApartAt, flags, ownTurn } from "../fixtures/artC.js";

const four = (id: string) => [
  { type: "artillery/limber", unit: id },
  { type: "artillery/unlimber", unit: id },
  { type: "artillery/reman", unit: id },
  { type: "artillery/leaveShelter", unit: id, face: "rear" },
];

describe("artilleryCandidates (the unchecked lists)", () => {
  it("remaining step: for each gun of the active side in play, limber, unlimber, re-man, leave shelter (rear), then its moves", () => {
    const s0 = ownTurn({}, [gun("gb-art2", "gb", {}, { position: { x: 60, y: 30 }, facing: 270 }), gun("gb-art3", "gb", {}, { position: { x: 60, y: 40 }, facing: 270 }), gun("fr-art", "fr", {}, { position: { x: 10, y: 40 }, facing: 270 })]);
    const s = patch(s0, "gb-art3", { removed: { reason: "captured", gameTurn: 1 } });
    const got = artilleryCandidates(s);
    expect(got).toEqual([...four(GUN), ...gunMoveCandidates(unit(s, GUN)), ...four("gb-art2"), ...gunMoveCandidates(unit(s, "gb-art2"))]);
    expect(gunMoveCandidates(unit(s, GUN)).length).toBeGreaterThan(0);
  });

  it("a ruleset without guns (core) lists nothing, even with a gun on the table in the shooting phase", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 20)]);
    expect(artilleryCandidates(s)).toHaveLength(3);
    expect(artilleryCandidates({ ...s, ruleset: "core" } as BattleState)).toEqual([]);
  });

  it("other movement steps, and the finished battle, list nothing", () => {
    expect(artilleryCandidates(ownTurn({}, [], "chargeResponses"))).toEqual([]);
    const done = { ...ownTurn(), turn: { ...ownTurn().turn, phase: "finished" } } as BattleState;
    expect(artilleryCandidates(done)).toEqual([]);
  });

  it("WHN-FIRE-4: with a fire burning, every unit of the active side is offered each circle to fight", () => {
    const woods = { id: "wood", kind: "woods", polygon: rect(30, 20, 42, 30), tags: { flammability: "woods" as const } };
    const s0 = battle([line("gb-1", 44), battalion("fr-1", "fr", { position: { x: 10, y: 10 }, facing: 90, formation: "LINE", files: 4, figures: 8 })], { phase: "movement", step: "remaining" }, {
      terrain: [woods],
      fires: [{ id: "f1", circles: [{ centre: { x: 36, y: 25 }, diameter: 2, terrain: "woods" }, { centre: { x: 37, y: 26 }, diameter: 2, terrain: "woods" }] }],
    });
    expect(artilleryCandidates(s0)).toEqual([
      { type: "artillery/extinguish", unit: "fr-1", fire: "f1", circle: 0 },
      { type: "artillery/extinguish", unit: "fr-1", fire: "f1", circle: 1 },
    ]);
  });

  it("WHN-ART-8 / WHN-ART-5: shooting phase — each enemy × shot, canister, shell; a horse gun each also with andLimber", () => {
    const s = battle([gun("fr-art", "fr"), gun("fr-rha", "fr", { arm: "horse" }, { position: { x: 10, y: 4 } }), line("gb-1", 20), line("gb-2", 40, { position: { x: 10, y: 40 } }), gun("gb-art", "gb", {}, { position: { x: 60, y: 40 }, facing: 270 })]);
    const enemies = ["gb-1", "gb-2", "gb-art"];
    const foot = enemies.flatMap((t) => ["shot", "canister", "shell"].map((ammunition) => ({ type: "artillery/fire", unit: "fr-art", target: t, ammunition })));
    const horse = enemies.flatMap((t) => ["shot", "canister", "shell"].flatMap((ammunition) => [{ type: "artillery/fire", unit: "fr-rha", target: t, ammunition }, { type: "artillery/fire", unit: "fr-rha", target: t, ammunition, andLimber: true }]));
    const got = artilleryCandidates(s);
    expect(got).toEqual([...foot, ...horse]);
    expect("andLimber" in (got[0] as object)).toBe(false);
  });

  it("WHN-ART-6: a gun's pending charge response lists hold, stand and shoot, flee, fire and flee, and shelter in each square of its side", () => {
    const s0 = ownTurn({}, [line("gb-sq2", 40, { formation: "SQUARE", figures: 12, files: 3, position: { x: 60, y: 40 }, facing: 270 }), line("fr-sq", 10, { side: "fr", formation: "SQUARE", figures: 12, files: 3, position: { x: 60, y: 10 }, facing: 90 })], "chargeResponses");
    const s = { ...s0, pending: [{ kind: "chargeResponse", side: sideId("gb"), unit: unitId(GUN), targets: [unitId("fr-1")], rule: "CORE-CHRG-2" }] } as BattleState;
    const r = (response: string, more = {}) => ({ type: "artillery/respond", unit: GUN, response, ...more });
    expect(artilleryCandidates(s)).toEqual([r("hold"), r("standAndShoot"), r("flee"), r("fireAndFlee"), r("shelter", { square: SQ }), r("shelter", { square: "gb-sq2" })]);
  });

  it("CORE-CHRG-2: a pending decision of another kind, with no unit, or for a unit that is not a gun lists nothing", () => {
    const s0 = ownTurn({}, [], "chargeResponses");
    const d = { kind: "chargeResponse", side: sideId("gb"), unit: unitId(GUN), targets: [unitId("fr-1")], rule: "CORE-CHRG-2" };
    expect(artilleryCandidates({ ...s0, pending: [{ ...d, kind: "rally" }] } as never)).toEqual([]);
    expect(artilleryCandidates({ ...s0, pending: [{ ...d, unit: null }] } as never)).toEqual([]);
    expect(artilleryCandidates({ ...s0, pending: [{ ...d, unit: unitId(SQ) }] } as never)).toEqual([]);
    expect(artilleryCandidates({ ...s0, pending: [{ ...d, unit: unitId("ghost") }] } as never)).toEqual([]);
  });
});

describe("legalArtilleryActions (each candidate dry-run through its reducer)", () => {
  it("WHN-ART-7: a gun whose crew sheltered in an earlier phase offers exactly leaving the square by its rear", () => {
    const s = flags(play(ownTurn(), { type: "artillery/shelter", unit: GUN, square: SQ }, []).state, GUN, { moved: false });
    expect(legalArtilleryActions(s)).toEqual([{ type: "artillery/leaveShelter", unit: GUN, face: "rear" }]);
  });

  it("WHN-ART-16: an abandoned gun with its crew in contact offers exactly re-manning", () => {
    const s = crewApartAt({ x: 36, y: 30 + 80 / 25.4 });
    expect(legalArtilleryActions(s)).toEqual([{ type: "artillery/reman", unit: GUN }]);
    expect(unit(s, CREW).figures).toBe(4);
  });

  it("WHN-ART-4: a manned unlimbered gun offers limbering and its moves, not unlimbering, re-manning or leaving shelter", () => {
    const s = ownTurn();
    const got = legalArtilleryActions(s);
    expect(got[0]).toEqual({ type: "artillery/limber", unit: GUN });
    const moves = gunMoveCandidates(unit(s, GUN));
    expect(got.length).toBeGreaterThan(10);
    for (const a of got.slice(1)) expect(moves).toContainEqual(a);
  });

  it("WHN-ART-8: fires whose dice run out in the dry run still count as legal (the dice are rolled when applied)", () => {
    const s = withScriptedDice(battle([gun("fr-art", "fr"), line("gb-1", 20)]), []);
    expect(legalArtilleryActions(s)).toEqual([
      { type: "artillery/fire", unit: "fr-art", target: "gb-1", ammunition: "shot" },
      { type: "artillery/fire", unit: "fr-art", target: "gb-1", ammunition: "canister" },
    ]);
  });

  it("WHN-FIRE-4: a unit within 1\" of a fire and 8\" of water is offered fighting it", () => {
    const woods = { id: "wood", kind: "woods", polygon: rect(30, 20, 42, 30), tags: { flammability: "woods" as const } };
    const river = { id: "river", kind: "stream", polygon: rect(0, 34, 72, 36), tags: { water: true } };
    const fr = battalion("fr-1", "fr", { position: { x: 36, y: 27 }, facing: 90, formation: "LINE", files: 8, figures: 8, light: true });
    const s = battle([fr, line("gb-1", 44)], { phase: "movement", step: "remaining" }, { terrain: [woods, river], fires: [{ id: "f1", circles: [{ centre: { x: 36, y: 28.5 }, diameter: 2, terrain: "woods" }] }] });
    expect(legalArtilleryActions(s)).toContainEqual({ type: "artillery/extinguish", unit: "fr-1", fire: "f1", circle: 0 });
    const far = patch(s, "fr-1", { position: { x: 10, y: 10 } });
    expect(legalArtilleryActions(far).filter((a) => a.type === "artillery/extinguish")).toEqual([]);
  });

  it("WHN-ART-6: the responses listed are only those the gun may give (a limbered gun: hold, flee, and shelter when a square is in reach)", () => {
    const s0 = patch(ownTurn({}, [], "chargeResponses"), GUN, { formation: "LIMBERED" });
    const s = { ...s0, pending: [{ kind: "chargeResponse", side: sideId("gb"), unit: unitId(GUN), targets: [unitId("fr-1")], rule: "CORE-CHRG-2" }] } as BattleState;
    const r = (response: string, more = {}) => ({ type: "artillery/respond", unit: GUN, response, ...more });
    expect(legalArtilleryActions(withScriptedDice(s, []))).toEqual([r("hold"), r("flee"), r("shelter", { square: SQ })]);
  });
});
