/**
 * A simple evaluation of a position for one side, for the greedy and search bots: material (figures
 * left, weighted by arm and by order state), standards taken, objectives held, a small pull toward
 * the enemy or the objective for an attacking army, squares against nearby cavalry, and the result
 * once the battle is over. Roughly in [-3, 3]; positive is good for `side`. FnF positions are scored
 * by {@link evaluateFnf}.
 */
import type { BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import type { Unit } from "../state/unit.js";
import { centreOf } from "../rules/whn/morale/flee.js";
import { dist } from "../geometry/vec.js";
import { declarations } from "../rules/whn/movement/declare.js";
import { objectiveHolder, standardsTaken } from "../battle/victory.js";
import type { BotContext } from "./types.js";
import { hypot } from "../math/index.js";
import { evaluateFnfOwned } from "./evaluateFnf.js";
import { adopt } from "../engine/owned.js";
import { badArg, objectArg, readingArg } from "../engine/args.js";

/** Weights of the evaluation terms (exported so studies can tune them). */
export const EVAL_WEIGHTS = {
  cavalryFigure: 1.5,
  disordered: 0.8,
  fleeing: 0.3,
  standard: 0.05,
  objective: 0.15,
  approach: 0.1,
  aggression: 0.02,
  squareThreat: 0.03,
  win: 2,
} as const;

const CHARGE_THREAT_RANGE = 18;

function unitValue(u: Unit, figures: number): number {
  return figures * (u.troopType === "cavalry" ? EVAL_WEIGHTS.cavalryFigure : 1);
}

function strength(state: BattleState, side: string): number {
  let start = 0;
  let now = 0;
  for (const u of Object.values(state.units)) {
    if (u.side !== side) continue;
    start += unitValue(u, u.startingFigures);
    // A merged detachment's models stand in its parent's ranks and count there (WHN-DET-5).
    if (u.removed !== null || u.figures === 0 || u.mergedInto !== null) continue;
    const order = u.order === "FLEEING" ? EVAL_WEIGHTS.fleeing : u.order === "DISORDERED" ? EVAL_WEIGHTS.disordered : 1;
    now += unitValue(u, u.figures) * order;
  }
  return start === 0 ? 0 : now / start;
}

const active = (u: Unit): boolean => u.removed === null && u.mergedInto === null && u.figures > 0 && u.order !== "FLEEING";

/** Mean closeness (0 far … 1 there) of a side's units to their goals: objectives, else the nearest enemy. */
function approach(state: BattleState, side: SideId, ctx: BotContext): number {
  const goals = (ctx.victory?.objectives ?? []).filter((o) => ctx.victory?.conditions.some((c) => c.kind === "objectiveHeld" && c.winner === side && c.objective === o.id));
  const enemies = Object.values(state.units).filter((u) => u.side !== side && active(u)).map(centreOf);
  const targets = goals.length > 0 ? goals.map((o) => o.at) : enemies;
  const own = Object.values(state.units).filter((u) => u.side === side && active(u));
  if (targets.length === 0 || own.length === 0) return 0;
  const span = hypot(state.table.width, state.table.height);
  let sum = 0;
  for (const u of own) {
    const c = centreOf(u);
    const d = Math.min(...targets.map((t) => dist(c, t)));
    sum += 1 - Math.min(1, d / span);
  }
  return sum / own.length;
}

/** Own units fighting, or charging an enemy within twice their M (a charge likely to reach): an attacker's aggression. */
function aggression(state: BattleState, side: SideId): number {
  const fighting = new Set(Object.values(state.combats).flatMap((c) => c.units as readonly string[]));
  const reaching = new Set(state.turn.phase === "movement" ? declarations(state).filter((d) => d.distance <= 2 * d.move).map((d) => d.unit as string) : []);
  return Object.values(state.units).filter((u) => u.side === side && active(u) && (reaching.has(u.id) || fighting.has(u.id))).length;
}

/** Own infantry out of square with formed enemy cavalry within charge threat. */
function exposedToCavalry(state: BattleState, side: SideId): number {
  const cavalry = Object.values(state.units).filter((u) => u.side !== side && active(u) && u.troopType === "cavalry").map(centreOf);
  if (cavalry.length === 0) return 0;
  return Object.values(state.units).filter((u) => {
    if (u.side !== side || !active(u) || u.troopType !== "infantry" || u.formation === "SQUARE") return false;
    const c = centreOf(u);
    return cavalry.some((k) => dist(c, k) <= CHARGE_THREAT_RANGE);
  }).length;
}

/**
 * The value of a state for `side`: positive is good for it.
 * @example
 * evaluate(state, sideId("fr"), defaultContext(state))
 */
export function evaluate(state: BattleState, side: SideId, ctx: BotContext): number {
  const s = adopt(state);
  if (typeof side !== "string") throw badArg("evaluate", "side", "a side id", side);
  objectArg("evaluate", "ctx", ctx);
  return readingArg("evaluate", "ctx", () => (s.ruleset === "fnf" ? evaluateFnfOwned(s, side, ctx, ctx.fnfWeights) : evaluateWhn(s, side, ctx)));
}

/** {@link evaluate} of a WHN or CORE state, its arguments checked. */
function evaluateWhn(state: BattleState, side: SideId, ctx: BotContext): number {
  const enemy = (Object.keys(state.sides).find((s) => s !== side) ?? side) as SideId;
  if (state.result !== null) {
    if (state.result.winner === side) return EVAL_WEIGHTS.win + strength(state, side);
    if (state.result.winner === enemy) return -EVAL_WEIGHTS.win - strength(state, enemy);
  }
  let v = strength(state, side) - strength(state, enemy);
  v += EVAL_WEIGHTS.standard * (standardsTaken(state, side) - standardsTaken(state, enemy));
  for (const o of ctx.victory?.objectives ?? []) {
    const h = objectiveHolder(state, o);
    if (h === side) v += EVAL_WEIGHTS.objective;
    else if (h === enemy) v -= EVAL_WEIGHTS.objective;
  }
  if (ctx.posture[side] === "attack") {
    v += EVAL_WEIGHTS.approach * approach(state, side, ctx) + EVAL_WEIGHTS.aggression * aggression(state, side);
  }
  if (ctx.posture[enemy] === "attack") {
    v -= EVAL_WEIGHTS.approach * approach(state, enemy, ctx) + EVAL_WEIGHTS.aggression * aggression(state, enemy);
  }
  v -= EVAL_WEIGHTS.squareThreat * (exposedToCavalry(state, side) - exposedToCavalry(state, enemy));
  return v;
}
