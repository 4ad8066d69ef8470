/**
 * A charged detachment falling back behind its parent (WHN-DET-4): the response in
 * src/rules/whn/movement/respond.ts and the charge carried on to the parent in chargeMove.ts, with
 * whole events and refusals.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { battleOf, chargeMove, declare, fr, gbCav, must, patch, refused, respond, run, toStep, unitOf } from "../fixtures/movement.js";
import { allEvs, evs } from "../fixtures/mvC.js";

/** A foot base, inches (20 mm). */
const W = 20 / 25.4;
/** Light grenadiers (6 in one rank of 6) detached from fr-1, 3" off its right flank. */
const det = (x: number, y: number) => fr("fr-d", x, y, { light: true, figures: 6, startingFigures: 6, files: 6, formation: "LINE", detachmentOf: "fr-1", command: {} });
/** British hussars (front edge at (gx, gy)) charge the grenadiers; the response step. */
const charged = (gy = 26, gx = 43, extra: Parameters<typeof battleOf>[0] = []): BattleState => {
  const s = toStep(battleOf([fr("fr-1", 36, 12), det(43, 12), gbCav("gb-2", gx, gy), ...extra], { firstSide: "gb" }), "declareCharges");
  return toStep(must(s, declare("gb-2", "fr-d")), "chargeResponses");
};

describe("mvC fall back behind the parent (WHN-DET-4)", () => {
  it("WHN-DET-4: the detachment goes to its parent's rear, facing as it; both events whole", () => {
    const s = charged();
    const r = run(s, respond("fr-d", "fallBackBehindParent"));
    expect(allEvs(r.events)).toEqual([
      { type: "charge/response", rule: "CORE-CHRG-2", unit: "fr-d", response: "fallBackBehindParent", chargers: ["gb-2"] },
      { type: "unit/fellBack", rule: "WHN-DET-4", unit: "fr-d", parent: "fr-1", to: { x: 36, y: expect.closeTo(12 - 6 * W, 9) } },
    ]);
    expect(unitOf(r.state, "fr-d").position).toEqual(evs(r.events, "unit/fellBack")[0]?.["to"]);
    expect(unitOf(r.state, "fr-d").facing).toBe(90);
    expect(r.state.pending).toEqual([]);
    expect(r.state.facts.movement.fellBack).toEqual(["fr-d"]);
  });
  it("WHN-DET-4: no room behind the parent: refused, naming the detachment", () => {
    const blocker = fr("fr-2", 36, 7, { figures: 8, startingFigures: 8, files: 4, formation: "LINE", command: {} });
    expect(refused(charged(26, 43, [blocker]), respond("fr-d", "fallBackBehindParent"))).toEqual({ code: "movement/no_room_behind_parent", rule: "WHN-DET-4", unit: "fr-d" });
  });
  it("WHN-DET-4: the charge carries on to the parent when it is in reach; the redirection is logged whole", () => {
    const t = toStep(must(charged(), respond("fr-d", "fallBackBehindParent")), "chargeMoves");
    const c = run(t, chargeMove("gb-2"));
    expect(evs(c.events, "charge/redirected")).toEqual([{ type: "charge/redirected", rule: "WHN-DET-4", unit: "gb-2", from: "fr-d", to: "fr-1" }]);
    expect(evs(c.events, "charge/contact")).toMatchObject([{ rule: "CORE-CHRG-5", unit: "gb-2", target: "fr-1", face: "front", combat: "c1-1" }]);
    expect(c.state.combats).toEqual({ "c1-1": { id: "c1-1", units: ["gb-2", "fr-1"], chargers: ["gb-2"], lastWinner: null, rounds: 0, squareness: {} } });
  });
  it("WHN-DET-4: a parent beyond the charge's reach: the charge fails against the detachment", () => {
    const t = toStep(must(charged(27.5), respond("fr-d", "fallBackBehindParent")), "chargeMoves");
    const c = run(t, chargeMove("gb-2"));
    expect(allEvs(c.events)).toMatchObject([{ type: "charge/failed", rule: "CORE-CHRG-6", unit: "gb-2", target: "fr-d", why: "detachment fell back", resolved: true }]);
    expect(c.state.combats).toEqual({});
    expect(unitOf(c.state, "gb-2").flags).toMatchObject({ moved: true, moveUsed: 1, charged: false, failedCharge: true });
  });
  it("WHN-DET-4: a parent gone by the charge move: the charge fails; the charger moves M toward the detachment", () => {
    const t = patch(toStep(must(charged(), respond("fr-d", "fallBackBehindParent")), "chargeMoves"), "fr-1", { removed: { reason: "destroyed", gameTurn: 1 } });
    const c = run(t, chargeMove("gb-2"));
    const ev = allEvs(c.events);
    expect(ev).toMatchObject([{ type: "charge/failed", rule: "CORE-CHRG-6", unit: "gb-2", target: "fr-d", why: "detachment fell back", resolved: true }]);
    const to = ev[0]?.["to"] as { x: number; y: number };
    expect(Math.hypot(to.x - 43, to.y - 26)).toBeCloseTo(8, 6);
  });
});
