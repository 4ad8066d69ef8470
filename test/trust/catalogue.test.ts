import { describe, expect, it } from "vitest";
import { apply, createBattle, isRuleId, type BattleEvent, type BattleState } from "../../src/index.js";
import { INVARIANTS, checkRefusal, checkState, checkStep, deepFreeze, type Breach } from "../../src/trust/index.js";
import { smallBattle } from "../fixtures/setups.js";

function fresh(): BattleState {
  const r = createBattle(smallBattle());
  if (!r.ok) throw new Error("fixture");
  return deepFreeze(r.value);
}

/** A copy of a state as mutable plain data, edited by `edit`. */
function edited(s: BattleState, edit: (x: any) => void): BattleState {
  const copy = JSON.parse(JSON.stringify(s));
  edit(copy);
  return copy as BattleState;
}

const ids = (bs: readonly Breach[]): string[] => bs.map((b) => b.invariant);
const ev = (s: BattleState, type: string, rule: string, details: Record<string, unknown> = {}): BattleEvent =>
  ({ ...details, type, rule, seq: s.eventSeq, gameTurn: s.turn.gameTurn }) as BattleEvent;
/** The `after` of a step with these events: the state with its event count moved on. */
const withLog = (s: BattleState, events: BattleEvent[]): BattleState => ({ ...s, eventSeq: s.eventSeq + events.length });

describe("the invariant catalogue", () => {
  it("has at least 25 named, documented invariants, each protecting a rule of the specification", () => {
    expect(INVARIANTS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(INVARIANTS.map((i) => i.id)).size).toBe(INVARIANTS.length);
    for (const i of INVARIANTS) {
      expect(isRuleId(i.rule), i.id).toBe(true);
      expect(i.doc.length, i.id).toBeGreaterThan(20);
      expect(i.id).toMatch(/^[a-z]+\.[A-Za-z]+$/);
    }
  });

  it("holds on a fresh battle and across a turn of turn/advance", () => {
    let s = fresh();
    expect(checkState(s)).toEqual([]);
    for (let k = 0; k < 12; k++) {
      const r = apply(s, { type: "turn/advance" });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(checkStep(s, { type: "turn/advance" }, r.state, r.events)).toEqual([]);
      s = deepFreeze(r.state);
    }
  });

  it("CORE-SHOOT-6: figures that grow with no rule allowing it, or exceed the start, are caught", () => {
    const s = fresh();
    const a = edited(s, (x) => (x.units["fr-1"].figures = 23));
    const b = edited(s, (x) => (x.units["fr-1"].figures = 24));
    expect(ids(checkStep(a, { type: "turn/advance" }, b, []))).toContain("unit.figuresNeverIncrease");
    expect(ids(checkState(edited(s, (x) => (x.units["fr-1"].figures = 30))))).toContain("unit.figuresInRange");
    expect(ids(checkState(edited(s, (x) => (x.units["fr-1"].figures = -1))))).toContain("unit.figuresInRange");
  });

  it("CORE-GEO-18: two units overlapping outside combat are caught", () => {
    const s = fresh();
    const moved = edited(s, (x) => Object.assign(x.units["gb-1"], { position: { ...x.units["fr-1"].position }, facing: x.units["fr-1"].facing }));
    expect(ids(checkStep(s, { type: "turn/advance" }, moved, []))).toContain("unit.noOverlap");
    expect(ids(checkState(moved))).toContain("unit.noOverlapAtAll");
  });

  it("CORE-TURN-1: events with a gap in their numbers, a miscounted step or an unknown rule id are caught", () => {
    const s = fresh();
    const bad = ev(s, "x/y", "CORE-MAGIC-1");
    expect(ids(checkStep(s, { type: "turn/advance" }, withLog(s, [bad]), [bad]))).toContain("events.citeRules");
    const good = ev(s, "x/y", "CORE-TURN-1");
    expect(ids(checkStep(s, { type: "turn/advance" }, withLog(s, [good]), [good]))).not.toContain("events.numbered");
    expect(ids(checkStep(s, { type: "turn/advance" }, withLog(s, [good]), []))).toContain("events.numbered");
    const gap = { ...good, seq: good.seq + 1 } as BattleEvent;
    expect(ids(checkStep(s, { type: "turn/advance" }, withLog(s, [gap]), [gap]))).toContain("events.numbered");
  });

  it("CORE-GEO-30: dice that change without a draw, or draws that go back, are caught", () => {
    const s = fresh();
    const shuffled = edited(s, (x) => (x.dice.s[0] = (x.dice.s[0] + 1) >>> 0));
    expect(ids(checkStep(s, { type: "turn/advance" }, shuffled, []))).toContain("dice.onlyWhenRolled");
    const rolled = edited(s, (x) => (x.dice.draws += 2));
    expect(ids(checkStep(s, { type: "turn/advance" }, rolled, []))).toContain("dice.rollsAreLogged");
  });

  it("CORE-TURN-2: a turn sequence going backwards, or moved by a non-advance action, is caught", () => {
    const s = fresh();
    const later = edited(s, (x) => (x.turn.gameTurn = 2));
    expect(ids(checkStep(later, { type: "turn/advance" }, s, []))).toContain("turn.forwardOnly");
    expect(ids(checkStep(s, { type: "movement/move", unit: "fr-1", path: [] }, later, []))).toContain("turn.forwardOnly");
  });

  it("CORE-FLEE-1 / CORE-CHRG-1: a FLEEING unit that shoots or charges is caught", () => {
    const s = edited(fresh(), (x) => (x.units["fr-1"].order = "FLEEING"));
    expect(ids(checkStep(s, { type: "shooting/fire", shooter: "fr-1", target: "gb-1" }, s, []))).toContain("flee.neverShoots");
    expect(ids(checkStep(s, { type: "movement/declareCharge", unit: "fr-1", target: "gb-1" }, s, []))).toContain("flee.neverCharges");
  });

  it("WHN-PANIC-3: a DISORDERED unit that fails a Panic test and does not flee is caught", () => {
    const s = fresh();
    const e = ev(s, "morale/panicTest", "WHN-PANIC-3", { unit: "fr-1", passed: false, order: "DISORDERED" });
    const after = edited(withLog(s, [e]), (x) => (x.units["fr-1"].order = "DISORDERED"));
    expect(ids(checkStep(s, { type: "turn/advance" }, after, [e]))).toContain("panic.failedDisorderedFlees");
  });

  it("WHN-BREAK-1 / WHN-BREAK-5: a passed Break test left GOOD, and a pursuing square, are caught", () => {
    const s = fresh();
    const passed = ev(s, "combat/breakTest", "CORE-BREAK-1", { unit: "gb-1", passed: true });
    expect(ids(checkStep(s, { type: "turn/advance" }, withLog(s, [passed]), [passed]))).toContain("break.passedFallsBack");
    const sq = edited(s, (x) => (x.units["gb-1"].formation = "SQUARE"));
    const chase = ev(sq, "combat/pursuit", "CORE-PURS-3", { unit: "gb-1", quarry: "fr-1" });
    expect(ids(checkStep(sq, { type: "turn/advance" }, withLog(sq, [chase]), [chase]))).toContain("pursuit.squaresNever");
  });

  it("CORE-GEN-1: a removed unit acting, a unit vanishing or coming back are caught", () => {
    const s = edited(fresh(), (x) => (x.units["fr-1"].removed = { reason: "destroyed", gameTurn: 1 }));
    expect(ids(checkStep(s, { type: "movement/move", unit: "fr-1", path: [] }, s, []))).toContain("actor.notRemoved");
    const back = edited(s, (x) => (x.units["fr-1"].removed = null));
    expect(ids(checkStep(s, { type: "turn/advance" }, back, []))).toContain("unit.removedStaysRemoved");
    const gone = edited(s, (x) => delete x.units["fr-1"]);
    expect(ids(checkStep(s, { type: "turn/advance" }, gone, []))).toContain("ids.neverVanish");
    expect(ids(checkStep(fresh(), { type: "movement/move", unit: "gb-1", path: [] }, fresh(), []))).toContain("actor.decidingSide");
  });

  it("CORE-TURN-2: a violation with an unknown rule or a non-JSON value is caught", () => {
    const s = fresh();
    expect(ids(checkRefusal(s, {}, { code: "x/y", rule: "NOPE-1" as never }))).toContain("violation.typed");
    expect(ids(checkRefusal(s, {}, { code: "Bad Code", rule: null }))).toContain("violation.typed");
    expect(ids(checkRefusal(s, {}, { code: "battle/finished", rule: "CORE-TURN-1" }))).toEqual([]);
  });
});
