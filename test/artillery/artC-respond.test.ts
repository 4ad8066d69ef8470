/**
 * respond.ts as a whole (WHN-ART-6, WHN-ART-7, CORE-CHRG-2, CORE-CHRG-3, CORE-FLEE-7): the pending
 * decision found and popped, each response's events and state, the stand-and-shoot distance limit
 * from both sides, the default ammunition at the canister range, and every refusal whole.
 */
import { describe, expect, it } from "vitest";
import type { BattleEvent, BattleState } from "../../src/index.js";
import { sideId, unitId } from "../../src/index.js";
import { runStep } from "../../src/engine/apply.js";
import { withScriptedDice } from "../../src/index.js";
import { allowedGunResponses, respondHandler } from "../../src/rules/whn/artillery/respond.js";
import { ARTILLERY_MESSAGES } from "../../src/rules/whn/artillery/messages.js";
import { battle, gun, line, patch, patchGun, play, refuse, unit } from "../fixtures/artillery.js";
import { regiment } from "../fixtures/setups.js";

// A British gun at (36, 30) facing south; French hussars (M 8) whose front edge is `gap`" from the gun's front.
function charged(spec: Parameters<typeof gun>[2] = {}, extra: Parameters<typeof battle>[0] = [], gap = 14): BattleState {
  const s = battle(
    [gun("gb-art", "gb", spec, { position: { x: 36, y: 30 }, facing: 270 }), regiment("fr-hus", "fr", { position: { x: 36, y: 30 - gap }, facing: 90, figures: 6, files: 6 }), ...extra],
    { phase: "movement", step: "chargeResponses" },
  );
  return { ...s, pending: [{ kind: "chargeResponse", side: sideId("gb"), unit: unitId("gb-art"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" }] };
}
const respond = (response: string, more: Record<string, unknown> = {}) => ({ type: "artillery/respond", unit: "gb-art", response, ...more });
const strip = (es: readonly BattleEvent[]) => es.map(({ seq: _s, gameTurn: _g, ...e }) => e as Record<string, unknown>);
const sq = line("gb-sq", 31, { formation: "SQUARE", figures: 12, files: 3, position: { x: 40, y: 31 }, facing: 270 });
/** The handler called directly (the engine answers a missing decision itself). */
function direct(s: BattleState, a: unknown): Record<string, unknown> {
  const r = runStep(withScriptedDice(s, []), (ctx) => respondHandler(s, a as never, ctx));
  if (r.ok) throw new Error("expected a violation");
  return r.violation as unknown as Record<string, unknown>;
}
const text = (v: Record<string, unknown>) => ARTILLERY_MESSAGES[v["code"] as string]?.(v as never);

describe("gun charge responses, whole (WHN-ART-6, WHN-ART-7)", () => {
  it("CORE-MOVE-4: an engaged gun may only hold", () => {
    const s = charged({}, [line("gb-x", 26, { side: "fr", position: { x: 36, y: 30 }, facing: 90, files: 2, figures: 4 })]);
    expect(allowedGunResponses(s, unit(s, "gb-art"))).toEqual(["hold"]);
  });

  it("WHN-ART-7: shelter as a response: the crew go to the square, the gun is left with its flags untouched; the event carries WHN-ART-7", () => {
    const s = charged({}, [sq]);
    const g = unit(s, "gb-art");
    const r = play(s, respond("shelter", { square: "gb-sq" }), []);
    expect(strip(r.events)).toEqual([
      { type: "charge/response", rule: "WHN-ART-7", unit: "gb-art", response: "shelter", charger: "fr-hus" },
      { type: "artillery/sheltered", rule: "WHN-ART-7", unit: "gb-art", square: "gb-sq", crew: 4 },
    ]);
    expect(unit(r.state, "gb-art")).toEqual({ ...g, artillery: { ...g.artillery, abandoned: true, shelteringIn: "gb-sq" } });
    expect(r.state.units["gb-art.crew" as never]).toBe(undefined);
    expect(r.state.pending).toEqual([]);
  });

  it("WHN-ART-7: a response shelter is refused with the square's own problem (not a square)", () => {
    const s = patch(charged({}, [sq]), "gb-sq", { formation: "ATTACK_COLUMN" });
    const v = refuse(s, respond("shelter", { square: "gb-sq" }));
    expect(v).toEqual({ unit: "gb-art", square: "gb-sq", formation: "ATTACK_COLUMN", code: "artillery/not_a_square", rule: "WHN-ART-7" });
  });

  it("WHN-ART-6: horse artillery unlimbered limbers as it flees 3D6 (an artillery/limbered event marked fleeing)", () => {
    const r = play(charged({ arm: "horse" }), respond("flee"), [1, 2, 3]);
    const es = strip(r.events);
    expect(es[0]).toEqual({ type: "charge/response", rule: "WHN-ART-6", unit: "gb-art", response: "flee", charger: "fr-hus" });
    expect(es[1]).toEqual({ type: "artillery/limbered", rule: "WHN-ART-6", unit: "gb-art", fleeing: true });
    expect(es.find((e) => e["type"] === "unit/fled")).toMatchObject({ unit: "gb-art", roll: 6, dice: [1, 2, 3] });
    expect(unit(r.state, "gb-art")).toMatchObject({ formation: "LIMBERED", order: "FLEEING", flags: { limberedOrUnlimbered: true } });
  });

  it("WHN-ART-6: horse artillery already limbered flees without a new limbered event", () => {
    const r = play(patch(charged({ arm: "horse" }), "gb-art", { formation: "LIMBERED" }), respond("flee"), [1, 2, 3]);
    expect(strip(r.events).map((e) => e["type"])).not.toContain("artillery/limbered");
    expect(unit(r.state, "gb-art").flags.limberedOrUnlimbered).toBe(false);
  });

  it("WHN-ART-6: foot crews leave the gun (crewLeftGun with the crew's id and models) and flee 2D6", () => {
    const r = play(charged(), respond("flee"), [2, 3]);
    const es = strip(r.events);
    expect(es[1]).toEqual({ type: "artillery/crewLeftGun", rule: "WHN-ART-6", unit: "gb-art", crew: "gb-art.crew", figures: 4 });
    expect(es.find((e) => e["type"] === "unit/fled")).toMatchObject({ unit: "gb-art.crew", roll: 5, dice: [2, 3] });
  });

  it("CORE-CHRG-2: stand and shoot needs the charger farther than its M: 8\" off is refused (whole), 8.01\" shoots", () => {
    const v = refuse(charged({}, [], 8), respond("standAndShoot"));
    expect(v).toEqual({ unit: "gb-art", charger: "fr-hus", distance: 8, move: 8, code: "artillery/charger_too_close", rule: "CORE-CHRG-2" });
    expect(text(v)).toBe("The charger is 8\" away, within its move of 8\": too close to shoot.");
    const r = play(charged({}, [], 8.01), respond("standAndShoot"), [1, 1, 1, 1, 1, 1]);
    expect(strip(r.events).find((e) => e["type"] === "artillery/fired")).toMatchObject({ ammunition: "canister", standAndShoot: true });
  });

  it("CORE-CHRG-2: an artillery charger's move is its gun rate (a limbered horse gun: 6\"), not its crew's M", () => {
    const s0 = charged();
    const s = patch(
      { ...s0, units: { ...s0.units } },
      "fr-hus",
      { troopType: "artillery", formation: "LIMBERED", artillery: { gun: "medium", arm: "horse", british: false, limberDisabled: false, horseHits: 0, gunDestroyed: false, abandoned: false, gunWoundsTaken: 0, limberWoundsTaken: 0, shelteringIn: null }, profile: { ...unit(s0, "fr-hus").profile, M: 4 }, position: { x: 36, y: 25 } } as never,
    );
    expect(refuse(s, respond("standAndShoot"))).toMatchObject({ code: "artillery/charger_too_close", move: 6 });
  });

  it("WHN-ART-6: without a named ammunition the gun fires canister up to its canister range (18\") and shot beyond", () => {
    const at = (gap: number) => strip(play(charged({}, [], gap), respond("standAndShoot"), Array(40).fill(1)).events).find((e) => e["type"] === "artillery/fired");
    expect(at(18)).toMatchObject({ ammunition: "canister" });
    expect(at(18.01)).toMatchObject({ ammunition: "shot" });
    const named = strip(play(charged(), respond("standAndShoot", { ammunition: "shot" }), Array(40).fill(1)).events).find((e) => e["type"] === "artillery/fired");
    expect(named).toMatchObject({ ammunition: "shot" });
  });

  it("CORE-CHRG-2: stand and shoot does not flee afterwards; fire and flee does", () => {
    const sns = play(charged(), respond("standAndShoot"), [1, 1, 1, 1, 1, 1]);
    expect(strip(sns.events).map((e) => e["type"])).not.toContain("unit/fled");
    expect(unit(sns.state, "gb-art").order).toBe("GOOD");
    const fnf = play(charged(), respond("fireAndFlee"), [1, 1, 1, 1, 1, 1, 4]);
    expect(strip(fnf.events).map((e) => e["type"])).toContain("unit/fled");
  });

  it("CORE-GEO-15: fire and flee at a charger outside the gun's arc is refused with the shot's own violation; nothing flees", () => {
    const s0 = charged();
    const s = patch(s0, "fr-hus", { position: { x: 20, y: 36 }, facing: 0 });
    expect(refuse(s, respond("fireAndFlee"))).toEqual({ unit: "gb-art", target: "fr-hus", code: "artillery/not_in_arc", rule: "CORE-GEO-15" });
    expect(refuse(s, respond("standAndShoot"))).toEqual({ unit: "gb-art", target: "fr-hus", code: "artillery/not_in_arc", rule: "CORE-GEO-15" });
  });

  it("CORE-CHRG-2: a charger not in play is refused as an unknown target", () => {
    const s = patch(charged(), "fr-hus", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(refuse(s, respond("hold"))).toEqual({ target: "fr-hus", code: "artillery/unknown_target", rule: "CORE-CHRG-2" });
  });
});

describe("artillery/respond: the pending decision (CORE-CHRG-2)", () => {
  it("CORE-CHRG-2: only in the charge-responses step", () => {
    const s = { ...charged(), turn: { ...charged().turn, step: "remaining" as const } };
    const v = refuse(s, respond("hold"));
    expect(v).toEqual({ phase: "movement", step: "remaining", allowed: ["chargeResponses"], code: "artillery/wrong_step", rule: "CORE-CHRG-2" });
  });

  it("CORE-CHRG-2: no decision for this gun, or one naming no charger, is refused (no_response_pending)", () => {
    const none = { ...charged(), pending: [] };
    const want = { unit: "gb-art", code: "artillery/no_response_pending", rule: "CORE-CHRG-2" };
    expect(direct(none, respond("hold"))).toEqual(want);
    const empty = { ...charged(), pending: [{ ...charged().pending[0], targets: [] }] } as BattleState;
    expect(direct(empty, respond("hold"))).toEqual(want);
    expect(text(direct(empty, respond("hold")))).toBe("No charge response is pending for gb-art.");
    const otherKind = { ...charged(), pending: [{ ...charged().pending[0], kind: "rally" }] } as unknown as BattleState;
    expect(direct(otherKind, respond("hold"))).toEqual(want);
  });

  it("CORE-CHRG-2: the gun's decision is found below another and only it is popped", () => {
    const other = { kind: "chargeResponse", side: sideId("gb"), unit: unitId("gb-2"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" };
    const s0 = charged({}, [line("gb-2", 40, { position: { x: 10, y: 40 } })]);
    const s = { ...s0, pending: [s0.pending[0], other] } as BattleState;
    const r = play(s, respond("hold"), []);
    expect(r.state.pending).toEqual([other]);
  });
});
