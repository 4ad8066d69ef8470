import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { sideId, unitId } from "../../src/index.js";
import { gunFireSituation, type GunFireRequest } from "../../src/rules/whn/artillery/situation.js";
import { battle, gun, line, patch, patchGun, unit } from "../fixtures/artillery.js";

// A French gun at (36, 4) facing north (front edge y = 4); a British line whose front edge is at y (16" off by default).
const base = (spec: Parameters<typeof gun>[2] = {}, y = 20): BattleState => battle([gun("fr-art", "fr", spec), line("gb-1", y)]);
const req = (ammunition: GunFireRequest["ammunition"], more: Partial<GunFireRequest> = {}): GunFireRequest => ({ unit: unitId("fr-art"), target: unitId("gb-1"), ammunition, ...more });
const why = (s: BattleState, r: GunFireRequest) => {
  const x = gunFireSituation(s, r);
  if (x.ok) throw new Error("expected a refusal");
  return x.violation;
};
const flags = (s: BattleState, f: Record<string, unknown>) => patch(s, "fr-art", { flags: { ...unit(s, "fr-art").flags, ...f } });

describe("reading a gun fire (WHN-ART-4, -5, -8, -12, -15, CORE-SHOOT-1)", () => {
  it("WHN-ART-8: a legal read gives range, max range, muzzle and aim", () => {
    const r = gunFireSituation(base(), req("shot"));
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(r.situation).toMatchObject({ ammunition: "shot", range: 16, maxRange: 48, cover: "none", muzzle: { x: 36, y: 4 }, aim: { x: 36, y: 20 }, standAndShoot: false, andLimber: false });
    expect(r.situation.gun.id).toBe("fr-art");
    expect(r.situation.target.id).toBe("gb-1");
  });

  it("WHN-ART-8: canister reaches 18\" for a medium gun: 18\" (plus the 0.001 tolerance) in, 18.01\" out", () => {
    expect(gunFireSituation(base({}, 22), req("canister")).ok).toBe(true);
    expect(gunFireSituation(base({}, 22.0009), req("canister")).ok).toBe(true);
    const v = why(base({}, 22.01), req("canister"));
    expect(v).toMatchObject({ unit: "fr-art", target: "gb-1", ammunition: "canister", max: 18, code: "artillery/out_of_range", rule: "WHN-ART-8" });
    expect(v["actual"]).toBeCloseTo(18.01, 9);
  });

  it("gun refusals, each a whole violation: limbered, fleeing, not the active side, fired, marched", () => {
    expect(why(patch(base(), "fr-art", { formation: "LIMBERED" }), req("shot"))).toEqual({ unit: "fr-art", code: "artillery/limbered", rule: "WHN-ART-4" });
    expect(why(patch(base(), "fr-art", { order: "FLEEING" }), req("shot"))).toEqual({ unit: "fr-art", code: "artillery/fleeing", rule: "CORE-SHOOT-1" });
    const gbTurn = { ...base(), turn: { ...base().turn, activeSide: sideId("gb") } };
    expect(why(gbTurn, req("shot"))).toEqual({ unit: "fr-art", side: "fr", code: "artillery/not_your_unit", rule: "CORE-TURN-2" });
    expect(why(flags(base(), { shot: true }), req("shot"))).toEqual({ unit: "fr-art", code: "artillery/already_fired", rule: "WHN-ART-8" });
    expect(why(flags(base(), { marched: true }), req("shot"))).toEqual({ unit: "fr-art", code: "artillery/marched", rule: "WHN-SHOOT-8" });
  });

  it("CORE-CHRG-2: stand and shoot skips the turn, fired and marched checks", () => {
    const gbTurn = { ...flags(base(), { shot: true, marched: true }), turn: { ...base().turn, activeSide: sideId("gb") } };
    const r = gunFireSituation(gbTurn, req("shot", { standAndShoot: true }));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.situation.standAndShoot).toBe(true);
  });

  it("WHN-ART-5 / WHN-ART-15: fire and limber — horse only, not after moving, not without a team or limber", () => {
    expect(why(base(), req("shot", { andLimber: true }))).toEqual({ unit: "fr-art", code: "artillery/fire_and_limber_horse_only", rule: "WHN-ART-5" });
    const horse = base({ arm: "horse" });
    expect(gunFireSituation(horse, req("shot", { andLimber: true }))).toMatchObject({ ok: true, situation: { andLimber: true } });
    expect(why(flags(horse, { moved: true }), req("shot", { andLimber: true }))).toEqual({ unit: "fr-art", code: "artillery/fire_and_limber_moved", rule: "WHN-ART-5" });
    expect(why(flags(horse, { moveUsed: 0.1 }), req("shot", { andLimber: true }))).toEqual({ unit: "fr-art", code: "artillery/fire_and_limber_moved", rule: "WHN-ART-5" });
    expect(why(patchGun(horse, "fr-art", { limberDisabled: true }), req("shot", { andLimber: true }))).toEqual({ unit: "fr-art", code: "artillery/limber_disabled", rule: "WHN-ART-15" });
    expect(why(patchGun(horse, "fr-art", { horseHits: 6 }), req("shot", { andLimber: true }))).toEqual({ unit: "fr-art", code: "artillery/limber_disabled", rule: "WHN-ART-15" });
    expect(gunFireSituation(patchGun(horse, "fr-art", { horseHits: 5 }), req("shot", { andLimber: true })).ok).toBe(true);
  });

  it("WHN-ART-5: fire and limber counts as moving (the moved modifier carries WHN-ART-5)", () => {
    const r = gunFireSituation(base({ arm: "horse" }), req("shot", { andLimber: true }));
    if (!r.ok) throw new Error("refused");
    const moved = r.situation.toHit.modifiers.filter((m) => m.key === "moved");
    expect(moved).toHaveLength(1);
    expect(moved[0]?.rule).toBe("WHN-ART-5");
    const still = gunFireSituation(base({ arm: "horse" }), req("shot"));
    if (!still.ok) throw new Error("refused");
    expect(still.situation.toHit.modifiers.filter((m) => m.key === "moved")).toEqual([]);
  });

  it("WHN-ART-12: shell refused to a French medium gun (whole violation), allowed to British guns and howitzers", () => {
    expect(why(base(), req("shell"))).toEqual({ unit: "fr-art", gun: "medium", british: false, code: "artillery/shell_not_allowed", rule: "WHN-ART-12" });
    expect(gunFireSituation(base({ british: true }), req("shell")).ok).toBe(true);
    expect(gunFireSituation(base({ gun: "howitzer" }), req("shell")).ok).toBe(true);
  });

  it("CORE-SHOOT-1: an unknown or removed target, and a friend, are refused", () => {
    expect(why(base(), { ...req("shot"), target: unitId("nobody") })).toEqual({ target: "nobody", code: "artillery/unknown_target", rule: "CORE-SHOOT-1" });
    const gone = patch(base(), "gb-1", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(why(gone, req("shot"))).toEqual({ target: "gb-1", code: "artillery/unknown_target", rule: "CORE-SHOOT-1" });
    const friend = patch(base(), "gb-1", { side: sideId("fr") });
    expect(why(friend, req("shot"))).toEqual({ target: "gb-1", code: "artillery/not_an_enemy", rule: "CORE-SHOOT-1" });
  });
});
