/**
 * The evaluation of a WHN or CORE position for one side, for the greedy and search bots: a linear
 * score over features of the position (see {@link whnFeatures}), each the side's figure minus the
 * enemy's: material left by arm and order state (figures as a fraction of the side's starting
 * strength), standards taken, objectives held, an attacking army's closeness to its goal and its
 * units fighting or within charge reach, and infantry out of square near enemy cavalry; once the
 * battle is over, the result. Roughly in [-3, 3]; positive is good for `side`. The weights are
 * fitted by self-play (scripts/tune-eval.ts, stored in tunedWeights.ts). FnF positions are scored
 * by {@link evaluateFnf}.
 */
import type { BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import type { Unit } from "../state/unit.js";
import { centreOf } from "../rules/whn/morale/flee.js";
import { dist } from "../geometry/vec.js";
import { declarations } from "../rules/whn/movement/declare.js";
import { objectiveHolder, standardsTaken } from "../battle/victory.js";
import { withEvalArgs, type BotContext } from "./types.js";
import { hypot } from "../math/index.js";
import { evaluateFnfOwned } from "./evaluateFnf.js";
import { TUNED_WHN_WEIGHTS } from "./tunedWeights.js";
import { otherSide } from "../engine/sequence.js";

/** The features of a WHN/CORE position, in {@link WhnEvalWeights} order (each: the side's value minus the enemy's). */
export const WHN_FEATURES = ["foot", "footDisordered", "footFleeing", "cavalry", "cavalryDisordered", "cavalryFleeing", "standard", "objective", "approach", "aggression", "exposed"] as const;

/** A WHN/CORE feature name. */
export type WhnFeature = (typeof WHN_FEATURES)[number];

/**
 * Weights of the WHN/CORE evaluation: one per feature of {@link WHN_FEATURES}, and the value of a
 * won battle over the material term. The material features are figures of a kind (foot or
 * cavalry, in good order, disordered or fleeing) as a fraction of the side's starting strength
 * (a cavalry figure counting {@link CAVALRY_SCALE} there).
 */
export type WhnEvalWeights = { readonly [F in WhnFeature]: number } & { readonly win: number };

/** How much a cavalry figure counts in a side's starting strength (the material features' denominator). */
export const CAVALRY_SCALE = 1.5;

/** The hand-set weights the bots used before self-play tuning (kept for comparison). */
export const HAND_WHN_WEIGHTS: WhnEvalWeights = {
  foot: 1,
  footDisordered: 0.8,
  footFleeing: 0.3,
  cavalry: 1.5,
  cavalryDisordered: 1.2,
  cavalryFleeing: 0.45,
  standard: 0.05,
  objective: 0.15,
  approach: 0.1,
  aggression: 0.02,
  exposed: -0.03,
  win: 2,
};

/** The weights in use: fitted by self-play (scripts/tune-eval.ts). */
export const EVAL_WEIGHTS: WhnEvalWeights = TUNED_WHN_WEIGHTS ?? HAND_WHN_WEIGHTS;

const CHARGE_THREAT_RANGE = 18;

const active = (u: Unit): boolean => u.removed === null && u.mergedInto === null && u.figures > 0 && u.order !== "FLEEING";

/** Material features of one side: figures by arm and order state over its starting strength. */
function material(state: BattleState, side: string, out: Record<WhnFeature, number>, sign: number): void {
  let start = 0;
  const sums = { foot: 0, footDisordered: 0, footFleeing: 0, cavalry: 0, cavalryDisordered: 0, cavalryFleeing: 0 };
  for (const u of Object.values(state.units)) {
    if (u.side !== side) continue;
    const cav = u.troopType === "cavalry";
    start += u.startingFigures * (cav ? CAVALRY_SCALE : 1);
    // A merged detachment's models stand in its parent's ranks and count there (WHN-DET-5).
    if (u.removed !== null || u.figures === 0 || u.mergedInto !== null) continue;
    const key = u.order === "FLEEING" ? "Fleeing" : u.order === "DISORDERED" ? "Disordered" : "";
    sums[`${cav ? "cavalry" : "foot"}${key}` as keyof typeof sums] += u.figures;
  }
  if (start === 0) return;
  for (const k of Object.keys(sums) as (keyof typeof sums)[]) out[k] += (sign * sums[k]) / start;
}

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
 * The features of a WHN/CORE position for `side` (each the side's value minus the enemy's; the
 * approach and aggression terms count only for a side whose posture is attack).
 * @example
 * whnFeatures(state, sideId("fr"), defaultContext(state)).foot
 */
export function whnFeatures(state: BattleState, side: SideId, ctx: BotContext): Record<WhnFeature, number> {
  return withEvalArgs("whnFeatures", state, side, ctx, (s) => whnFeaturesOwned(s, side, ctx));
}

/** {@link whnFeatures} on an adopted state with checked arguments. */
function whnFeaturesOwned(state: BattleState, side: SideId, ctx: BotContext): Record<WhnFeature, number> {
  const enemy = otherSide(state, side);
  const f = Object.fromEntries(WHN_FEATURES.map((k) => [k, 0])) as Record<WhnFeature, number>;
  material(state, side, f, 1);
  material(state, enemy, f, -1);
  f.standard = standardsTaken(state, side) - standardsTaken(state, enemy);
  for (const o of ctx.victory?.objectives ?? []) {
    const h = objectiveHolder(state, o);
    if (h === side) f.objective += 1;
    else if (h === enemy) f.objective -= 1;
  }
  if (ctx.posture[side] === "attack") {
    f.approach += approach(state, side, ctx);
    f.aggression += aggression(state, side);
  }
  if (ctx.posture[enemy] === "attack") {
    f.approach -= approach(state, enemy, ctx);
    f.aggression -= aggression(state, enemy);
  }
  f.exposed = exposedToCavalry(state, side) - exposedToCavalry(state, enemy);
  return f;
}

/** The material of one side alone (its good-order, disordered and fleeing figures, weighted). */
function strength(state: BattleState, side: string, w: WhnEvalWeights): number {
  const f = Object.fromEntries(WHN_FEATURES.map((k) => [k, 0])) as Record<WhnFeature, number>;
  material(state, side, f, 1);
  return w.foot * f.foot + w.footDisordered * f.footDisordered + w.footFleeing * f.footFleeing + w.cavalry * f.cavalry + w.cavalryDisordered * f.cavalryDisordered + w.cavalryFleeing * f.cavalryFleeing;
}

/**
 * The value of a state for `side`: positive is good for it.
 * @example
 * evaluate(state, sideId("fr"), defaultContext(state))
 */
export function evaluate(state: BattleState, side: SideId, ctx: BotContext): number {
  return withEvalArgs("evaluate", state, side, ctx, (s) => evaluateOwned(s, side, ctx));
}

/**
 * {@link evaluate} without the boundary checks, for the bots' own inner loops: `state` is one the
 * engine produced (owned), `side` and `ctx` the bot's own.
 */
export function evaluateOwned(state: BattleState, side: SideId, ctx: BotContext): number {
  return state.ruleset === "fnf" ? evaluateFnfOwned(state, side, ctx, ctx.fnfWeights) : evaluateWhn(state, side, ctx);
}

/** {@link evaluate} of a WHN or CORE state, its arguments checked. */
function evaluateWhn(state: BattleState, side: SideId, ctx: BotContext): number {
  const w = ctx.whnWeights ?? EVAL_WEIGHTS;
  if (state.result !== null) {
    const enemy = otherSide(state, side);
    if (state.result.winner === side) return w.win + strength(state, side, w);
    if (state.result.winner === enemy) return -w.win - strength(state, enemy, w);
  }
  const f = whnFeaturesOwned(state, side, ctx);
  let v = 0;
  for (const k of WHN_FEATURES) v += w[k] * f[k];
  return v;
}
