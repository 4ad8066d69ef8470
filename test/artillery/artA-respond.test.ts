import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { sideId, unitId } from "../../src/index.js";
import { allowedGunResponses, canLimberAway } from "../../src/rules/whn/artillery/respond.js";
import { battle, gun, line, patch, patchGun, play, refuse, unit } from "../fixtures/artillery.js";
import { regiment } from "../fixtures/setups.js";

// A British gun at (36, 30) facing south, charged by French hussars 14" away (front edges).
function charged(spec: Parameters<typeof gun>[2] = {}, extra: Parameters<typeof battle>[0] = []): BattleState {
  const s = battle(
    [gun("gb-art", "gb", spec, { position: { x: 36, y: 30 }, facing: 270 }), regiment("fr-hus", "fr", { position: { x: 36, y: 16 }, facing: 90, figures: 6, files: 6 }), ...extra],
    { phase: "movement", step: "chargeResponses" },
  );
  return { ...s, pending: [{ kind: "chargeResponse", side: sideId("gb"), unit: unitId("gb-art"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" }] };
}
const respond = (response: string, more: Record<string, unknown> = {}) => ({ type: "artillery/respond", unit: "gb-art", response, ...more });
const ALL = ["hold", "flee", "shelter", "standAndShoot", "fireAndFlee"];

describe("gun charge responses (WHN-ART-6, WHN-ART-7, CORE-CHRG-2, CORE-FLEE-7)", () => {
  it("WHN-ART-6: an unlimbered manned gun may hold, flee, shelter, stand and shoot, fire and flee; limbered not the two fires", () => {
    const s = charged();
    expect(allowedGunResponses(s, unit(s, "gb-art"))).toEqual(ALL);
    const lim = patch(s, "gb-art", { formation: "LIMBERED" });
    expect(allowedGunResponses(lim, unit(lim, "gb-art"))).toEqual(["hold", "flee", "shelter"]);
  });

  it("CORE-FLEE-7 / WHN-ART-7: a fleeing gun only flees; a sheltering, abandoned, destroyed or crewless one only holds", () => {
    const s = charged();
    expect(allowedGunResponses(s, { ...unit(s, "gb-art"), order: "FLEEING" })).toEqual(["flee"]);
    for (const art of [{ shelteringIn: unitId("x") }, { abandoned: true }, { gunDestroyed: true }]) {
      const p = patchGun(s, "gb-art", art);
      expect(allowedGunResponses(p, unit(p, "gb-art"))).toEqual(["hold"]);
    }
    expect(allowedGunResponses(s, { ...unit(s, "gb-art"), figures: 0 })).toEqual(["hold"]);
    expect(allowedGunResponses(s, unit(s, "fr-hus"))).toEqual([]);
  });

  it("response_not_allowed names the rule by the case: fleeing CORE-FLEE-7, shelter WHN-ART-7, hold CORE-CHRG-2, else WHN-ART-6", () => {
    const fleeing = patch(charged(), "gb-art", { order: "FLEEING" });
    expect(refuse(fleeing, respond("hold"))).toEqual({ unit: "gb-art", response: "hold", allowed: ["flee"], code: "artillery/response_not_allowed", rule: "CORE-FLEE-7" });
    const lim = patch(charged(), "gb-art", { formation: "LIMBERED" });
    expect(refuse(lim, respond("standAndShoot"))).toEqual({ unit: "gb-art", response: "standAndShoot", allowed: ["hold", "flee", "shelter"], code: "artillery/response_not_allowed", rule: "WHN-ART-6" });
    const held = patchGun(charged(), "gb-art", { gunDestroyed: true });
    expect(refuse(held, respond("shelter", { square: "x" }))).toEqual({ unit: "gb-art", response: "shelter", allowed: ["hold"], code: "artillery/response_not_allowed", rule: "WHN-ART-7" });
    expect(refuse(held, respond("flee"))).toMatchObject({ rule: "WHN-ART-6" });
  });

  it("WHN-ART-7: shelter without a square is refused (square_required)", () => {
    expect(refuse(charged(), respond("shelter"))).toEqual({ unit: "gb-art", code: "artillery/square_required", rule: "WHN-ART-7" });
  });

  it("CORE-CHRG-2: hold emits the charge/response event and pops the decision, nothing else", () => {
    const r = play(charged(), respond("hold"), []);
    expect(r.events.filter((e) => e.type === "charge/response").map(({ seq: _s, gameTurn: _g, ...e }) => e)).toEqual([{ type: "charge/response", rule: "WHN-ART-6", unit: "gb-art", response: "hold", charger: "fr-hus" }]);
    expect(r.state.pending).toEqual([]);
    expect(unit(r.state, "gb-art")).toEqual(unit(charged(), "gb-art"));
  });

  it("WHN-ART-6 / WHN-ART-15: a horse battery limbers away only with a working limber and a team", () => {
    const s = charged({ arm: "horse" });
    expect(canLimberAway(unit(s, "gb-art"))).toBe(true);
    expect(canLimberAway(unit(patchGun(s, "gb-art", { limberDisabled: true }), "gb-art"))).toBe(false);
    expect(canLimberAway(unit(patchGun(s, "gb-art", { horseHits: 6 }), "gb-art"))).toBe(false);
    expect(canLimberAway(unit(patchGun(s, "gb-art", { horseHits: 5 }), "gb-art"))).toBe(true);
    expect(canLimberAway(unit(charged(), "gb-art"))).toBe(false);
    expect(canLimberAway(unit(s, "fr-hus"))).toBe(false);
  });

  it("WHN-ART-6: a horse battery whose limber is disabled flees as foot crew, 2D6, leaving the gun", () => {
    const s = patchGun(charged({ arm: "horse" }), "gb-art", { limberDisabled: true });
    const r = play(s, respond("flee"), [3, 3]);
    expect(r.events.some((e) => e.type === "artillery/crewLeftGun")).toBe(true);
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 0, artillery: { abandoned: true } });
  });
});
