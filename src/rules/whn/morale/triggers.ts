/**
 * Panic triggers other phases call at the right moment (CORE-PANIC-4…7, CORE-PANIC-9…11,
 * WHN-PANIC-1, WHN-LEAD-5). Each call is one trigger event: a unit tests at most once per call
 * (CORE-PANIC-2), the General's unit first. Shooting's threshold trigger (WHN-PANIC-2) lives with
 * shooting; start-of-turn tests (CORE-PANIC-3) in start.ts.
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { CharacterId, UnitId } from "../../../state/ids.js";
import type { Combat } from "../../../state/battle.js";
import type { Unit } from "../../../state/unit.js";
import { unitQuadrant } from "../../../geometry/arcs.js";
import { footprintDistance } from "../../../geometry/rect.js";
import { inContact, leq } from "../../../geometry/vec.js";
import { enemiesOf, footprintOf, getUnit, inPlay, layoutOf, modelCount, unitDistance, unitsOf } from "../unit.js";
import { canPanic, panicTest, type PanicResult } from "./panic.js";
import { outnumbersTwoToOne, panicsUnit, testOrder } from "./order.js";

/** Range within which a friend breaking in combat causes Panic (CORE-PANIC-5). */
export const BROKEN_FRIENDS_RANGE = 12;
/** Range within which fleeing friends destroyed by chargers cause Panic (CORE-PANIC-6). */
export const DESTROYED_FRIENDS_RANGE = 4;
/** Smallest charging unit whose flank or rear charge panics an engaged unit (CORE-PANIC-4). */
export const FLANK_CHARGER_MIN_MODELS = 5;

/** The result of one unit's test within a trigger event. */
export interface TriggeredPanic {
  readonly unit: UnitId;
  readonly result: PanicResult;
}

/** The state after a trigger event and each test taken, in the order taken. */
export interface TriggerOutcome {
  readonly state: BattleState;
  readonly tests: readonly TriggeredPanic[];
}

/** Whether a unit is engaged: in a combat record with an enemy, or in base contact with one. */
export function isEngaged(state: BattleState, u: Unit): boolean {
  for (const c of Object.values(state.combats) as Combat[]) {
    if (!c.units.includes(u.id)) continue;
    if (c.units.some((id) => {
      const o = getUnit(state, id);
      return o !== undefined && o.side !== u.side && inPlay(o);
    }))
      return true;
  }
  const fp = footprintOf(u);
  return enemiesOf(state, u.side).some((e) => inContact(footprintDistance(fp, footprintOf(e))));
}

/** Runs one Panic test per unit, General's unit first (CORE-PANIC-2). */
function testAll(state: BattleState, units: readonly Unit[], ctx: ActionContext, rule: TriggerRule, fleeNow: boolean, from: UnitId | null = null): TriggerOutcome {
  let s = state;
  const tests: TriggeredPanic[] = [];
  for (const u of testOrder(state, units)) {
    const r = panicTest(s, u.id, ctx, { rule, from, fleeNow });
    s = r.state;
    tests.push({ unit: u.id, result: r.result });
  }
  return { state: s, tests };
}

type TriggerRule = "CORE-PANIC-4" | "CORE-PANIC-5" | "CORE-PANIC-6" | "CORE-PANIC-7" | "CORE-PANIC-11";

/**
 * CORE-PANIC-5: after all Break tests of the close combat phase, before any flee move, every unit
 * within 12" of a friend that broke (failed a Break test) tests once, however many friends broke.
 * Broken skirmishers panic only skirmishers (CORE-PANIC-9). By default units that must flee are
 * marked FLEEING and left for the phase's flee moves (`fleeNow` false, WHN-PANIC-3).
 */
export function panicForBrokenFriends(state: BattleState, ctx: ActionContext, broken: readonly UnitId[], opts: { fleeNow?: boolean } = {}): TriggerOutcome {
  const sources = broken.map((id) => getUnit(state, id)).filter((u): u is Unit => u !== undefined);
  if (sources.length === 0) return { state, tests: [] };
  const brokenIds = new Set<string>(broken);
  const due: Unit[] = [];
  for (const side of new Set(sources.map((u) => u.side))) {
    for (const u of unitsOf(state, side)) {
      if (brokenIds.has(u.id) || !canPanic(u)) continue;
      if (sources.some((b) => b.side === side && panicsUnit(b, u) && leq(unitDistance(u, b), BROKEN_FRIENDS_RANGE))) due.push(u);
    }
  }
  return testAll(state, due, ctx, "CORE-PANIC-5", opts.fleeNow ?? false);
}

/**
 * CORE-PANIC-4: an engaged unit charged in the flank or rear by an enemy unit of 5 or more models
 * tests as soon as the charge is declared and found in reach; failing, it flees at once directly
 * away from the nearest enemy, which need not be the charger (CORE-FLEE-3). Squares have no flanks
 * (AMB-26). `face` defaults to the quadrant of the charger's
 * front-edge centre (CORE-GEO-21).
 */
export function panicForFlankCharge(
  state: BattleState,
  ctx: ActionContext,
  target: UnitId,
  charger: UnitId,
  face?: "front" | "right" | "rear" | "left",
): { state: BattleState; result: PanicResult } {
  const t = getUnit(state, target);
  const c = getUnit(state, charger);
  if (t === undefined || c === undefined || !canPanic(t) || t.formation === "SQUARE") return { state, result: "notTested" };
  const side = face ?? unitQuadrant(layoutOf(t), c.position).face;
  if (side === "front" || !isEngaged(state, t) || modelCount(state, c) < FLANK_CHARGER_MIN_MODELS) return { state, result: "notTested" };
  return panicTest(state, t.id, ctx, { rule: "CORE-PANIC-4", from: null, fleeNow: true });
}

/**
 * CORE-PANIC-6: once every charge move of the step is made, each unit with fleeing friends destroyed
 * by chargers within 4" (measured to where they were caught, their last position) tests once,
 * unless it outnumbers those destroyed units 2:1. Destroyed skirmishers panic only skirmishers
 * (CORE-PANIC-9). Failures flee at once (WHN-PANIC-3).
 */
export function panicForDestroyedFleeing(state: BattleState, ctx: ActionContext, destroyed: readonly UnitId[]): TriggerOutcome {
  const lost = destroyed.map((id) => getUnit(state, id)).filter((u): u is Unit => u !== undefined);
  const due: Unit[] = [];
  for (const side of new Set(lost.map((u) => u.side))) {
    for (const u of unitsOf(state, side)) {
      if (!canPanic(u)) continue;
      const near = lost.filter((d) => d.side === side && d.id !== u.id && panicsUnit(d, u) && leq(unitDistance(u, d), DESTROYED_FRIENDS_RANGE));
      if (near.length === 0) continue;
      const models = near.reduce((n, d) => n + Math.max(d.figures, 0), 0);
      if (outnumbersTwoToOne(state, u, models)) {
        ctx.emit("morale/panicExempt", "CORE-PANIC-6", { unit: u.id, models: modelCount(state, u), destroyedModels: models, destroyed: near.map((d) => d.id) });
        continue;
      }
      due.push(u);
    }
  }
  return testAll(state, due, ctx, "CORE-PANIC-6", true);
}

/**
 * CORE-PANIC-7 (kept in WHN by WHN-LEAD-5): when the army General is slain every unit of his army
 * tests at once. Flee moves are made at once except in the close combat phase, where they wait for
 * the phase's flee moves (WHN-PANIC-3), unless `fleeNow` says otherwise.
 */
export function panicForGeneralSlain(state: BattleState, ctx: ActionContext, general: CharacterId, opts: { fleeNow?: boolean } = {}): TriggerOutcome {
  const g = Object.hasOwn(state.characters, general) ? state.characters[general] : undefined;
  if (g === undefined || !g.isGeneral) return { state, tests: [] };
  ctx.emit("morale/generalSlain", "WHN-LEAD-5", { character: g.id, side: g.side });
  const due = unitsOf(state, g.side).filter(canPanic);
  return testAll(state, due, ctx, "CORE-PANIC-7", opts.fleeNow ?? state.turn.phase !== "combat");
}

/**
 * CORE-PANIC-7 once for each General on the table in `before` and slain (removed as destroyed) in
 * `state`, however he died in that step: struck down himself, or lost with his fleeing unit
 * (CORE-CHAR-6) — one trigger event per General, never two for the same death.
 */
export function panicForGeneralsSlainSince(before: BattleState, state: BattleState, ctx: ActionContext, opts: { fleeNow?: boolean } = {}): TriggerOutcome {
  let s = state;
  const tests: TriggeredPanic[] = [];
  for (const c of Object.values(before.characters)) {
    if (!c.isGeneral || c.removed !== null || s.characters[c.id]?.removed?.reason !== "destroyed") continue;
    const out = panicForGeneralSlain(s, ctx, c.id, opts);
    s = out.state;
    tests.push(...out.tests);
  }
  return { state: s, tests };
}

/**
 * CORE-PANIC-11: a scenario's own trigger. One test per listed unit, General's unit first; flee
 * moves at once.
 */
export function panicForScenario(state: BattleState, ctx: ActionContext, units: readonly UnitId[]): TriggerOutcome {
  const due = units.map((id) => getUnit(state, id)).filter((u): u is Unit => u !== undefined && canPanic(u));
  return testAll(state, due, ctx, "CORE-PANIC-11", true);
}

/**
 * CORE-PANIC-10: a unit that fled from a combat because of a Panic test may be pursued only by
 * enemies whose side won the previous round of that combat; before any round, by nobody.
 */
export function mayPursuePanicked(combat: Pick<Readonly<Combat>, "rounds" | "lastWinner">, pursuer: Unit): boolean {
  return combat.rounds > 0 && combat.lastWinner === pursuer.side;
}
