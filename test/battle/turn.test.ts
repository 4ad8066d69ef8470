import { describe, expect, it } from "vitest";
import { apply, applyTrusted, legalActions, pendingDecision, decidingSide, PLAYER_TURN, type BattleState, type BattleEvent, type Action } from "../../src/index.js";
import { advanceTo, chargeSetup, create } from "./helpers.js";

const ADVANCE = { type: "turn/advance" } as const;

/** Events of the advances made so far (the state keeps no history). */
const history: BattleEvent[] = [];

function advanceN(s: BattleState, n: number): BattleState {
  for (let i = 0; i < n; i++) {
    const r = apply(s, ADVANCE);
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    s = r.state;
    history.push(...r.events);
  }
  return s;
}

/** Declares the hussars' charge and moves on to the charge responses. */
function charged(): BattleState {
  const s = advanceTo(create(chargeSetup()), "movement", "declareCharges");
  const declare = legalActions(s).find((a) => a.type === "movement/declareCharge" && a.unit === "fr-hus" && a.target === "gb-1");
  expect(declare).toBeDefined();
  const r = applyTrusted(s, declare as Action);
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return advanceTo(r.state, "movement", "chargeResponses");
}

describe("turn sequence and decisions", () => {
  it("CORE-TURN-1: a game turn is one player turn each, first side first; the battle ends at the turn limit", () => {
    let s = create(chargeSetup({ firstSide: "gb", maxTurns: 2 }));
    expect(s.turn).toMatchObject({ gameTurn: 1, activeSide: "gb", phase: "start" });
    const seen: string[] = [];
    history.length = 0;
    while (s.turn.phase !== "finished") {
      if (s.turn.phase === "start") seen.push(`${s.turn.gameTurn}:${s.turn.activeSide}`);
      s = advanceN(s, 1);
    }
    expect(seen).toEqual(["1:gb", "1:fr", "2:gb", "2:fr"]);
    expect(s.result).toMatchObject({ winner: null, rule: "CORE-TURN-1" });
    expect(history.filter((e) => e.type === "turn/gameTurnEnded").map((e) => e.rule)).toEqual(["CORE-TURN-1", "CORE-TURN-1"]);
    expect(pendingDecision(s)).toEqual({ kind: "none", side: null });
    expect(legalActions(s)).toEqual([]);
    const after = apply(s, ADVANCE);
    expect(after.ok ? null : after.violation).toMatchObject({ code: "battle/finished", rule: "CORE-TURN-1" });
  });

  it("CORE-TURN-2: start of turn, the six movement steps, shooting, close combat, in order", () => {
    let s = create(chargeSetup());
    const points: string[] = [`${s.turn.phase}/${s.turn.step}`];
    for (let i = 0; i < 9; i++) {
      s = advanceN(s, 1);
      points.push(`${s.turn.phase}/${s.turn.step}`);
    }
    expect(points).toEqual([
      "start/null",
      "movement/declareCharges",
      "movement/chargeResponses",
      "movement/rally",
      "movement/compulsory",
      "movement/chargeMoves",
      "movement/remaining",
      "shooting/null",
      "combat/null",
      "start/null",
    ]);
    expect(s.turn.activeSide).toBe("gb");
  });

  it("CORE-TURN-2: the other player's charge response interrupts the movement phase as a pending decision", () => {
    const s = charged();
    expect(s.turn.activeSide).toBe("fr");
    const d = pendingDecision(s);
    expect(d).toMatchObject({ kind: "chargeResponse", side: "gb", unit: "gb-1", depth: 1 });
    expect(decidingSide(s)).toBe("gb");
    const legal = legalActions(s);
    expect(legal.length).toBeGreaterThan(0);
    expect(legal.every((a) => a.type === "movement/respond" && a.unit === "gb-1")).toBe(true);
    expect(legal.some((a) => a.type === "turn/advance")).toBe(false);
    const refused = apply(s, ADVANCE);
    expect(refused.ok ? null : refused.violation).toMatchObject({ code: "turn/decision_pending", rule: "CORE-TURN-2" });
    const hold = legal.find((a) => a.type === "movement/respond" && a.response === "hold") as Action;
    const r = applyTrusted(s, hold);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.pending).toEqual([]);
    expect(r.state.turn).toMatchObject({ phase: "movement", step: "chargeResponses", activeSide: "fr" });
    expect(pendingDecision(r.state)).toMatchObject({ kind: "turn", side: "fr" });
    expect(legalActions(r.state)).toEqual([ADVANCE]);
  });

  it("CORE-TURN-3: there is no magic phase", () => {
    expect(PLAYER_TURN.whn).toEqual(["start", "movement", "shooting", "combat"]);
    expect(PLAYER_TURN.whn).not.toContain("magic");
  });

  it("WHN-TURN-1: the charged infantry may form square as its response (WHN-CHRG-1), and a square may not declare a charge (WHN-CHRG-5)", () => {
    const s = charged();
    const responses = legalActions(s).map((a) => (a.type === "movement/respond" ? a.response : a.type));
    expect(responses).toEqual(expect.arrayContaining(["hold", "flee", "formSquare"]));
    const square = advanceTo(create(chargeSetup({ firstSide: "gb", units: chargeSetup().units.map((u) => (u.id === "gb-1" ? { ...u, formation: "SQUARE", files: 6 } : u)) })), "movement", "declareCharges");
    expect(legalActions(square).filter((a) => a.type === "movement/declareCharge")).toEqual([]);
  });

  it("WHN-TURN-1: the rally step lists a rally test for each DISORDERED unit (WHN-RALLY-1)", () => {
    const setup = chargeSetup();
    const s = advanceTo(create({ ...setup, units: setup.units.map((u) => (u.id === "fr-1" ? { ...u, order: "DISORDERED" } : u)) }), "movement", "rally");
    expect(legalActions(s)).toEqual(expect.arrayContaining([{ type: "morale/rally", unit: "fr-1" }, ADVANCE]));
  });

  it("WHN-TURN-1: each phase's actions are listed for the active side only (movement, shooting)", () => {
    const remaining = advanceTo(create(chargeSetup()), "movement", "remaining");
    const moves = legalActions(remaining).filter((a) => a.type !== "turn/advance");
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((a) => "unit" in a && String(a.unit).startsWith("fr-"))).toBe(true);
    const shooting = advanceTo(create(chargeSetup({ firstSide: "gb" })), "shooting");
    const fire = legalActions(shooting).filter((a) => a.type === "shooting/fire");
    expect(fire).toEqual([{ type: "shooting/fire", shooter: "gb-1", target: "fr-hus" }]);
  });
});
