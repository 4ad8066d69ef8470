/**
 * The evaluation of an FnF position for one side (the greedy bot's score and the search bot's leaf
 * value): a linear score over features of the position (see {@link fnfFeatures}), each the side's
 * figure minus the enemy's. Material is counted as the judged result counts it (a removed unit
 * loses all its starting bases, a rejoined detachment none), as a fraction of the side's starting
 * value, by arm; then the share of it that is disordered, in spent brigades, in fresh unbloodied
 * brigades, low on ammunition or silenced; leaders present, attached and lost; objectives held
 * (scenario victory rules, when given); and, for the attacking side, closeness to the nearest
 * enemy. Roughly in [-3, 3]. The weights are fitted by self-play (scripts/tune-eval.ts, stored in
 * tunedWeights.ts).
 */
import type { BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import { dist } from "../geometry/vec.js";
import { hypot } from "../math/index.js";
import { basesLost, isFresh, isSpent, type Unit } from "../rules/fnf/units.js";
import { withEvalArgs, type BotContext } from "./types.js";
import { TUNED_FNF_WEIGHTS } from "./tunedWeights.js";
import { otherSide } from "../engine/sequence.js";

/** The features of an FnF position, in {@link FnfEvalWeights} order (each: the side's value minus the enemy's). */
export const FNF_FEATURES = ["infantry", "cavalry", "battery", "disordered", "spent", "fresh", "lowAmmo", "silenced", "leader", "leaderAttached", "leaderLost", "objective", "approach"] as const;

/** An FnF feature name. */
export type FnfFeature = (typeof FNF_FEATURES)[number];

/**
 * Weights of the FnF evaluation: one per feature of {@link FNF_FEATURES}, and the value of a won
 * battle over the material term. Material features are fractions of the side's starting value,
 * in which an infantry base counts 1, a cavalry base {@link FNF_BASE_VALUES}.cavalry and a battery
 * {@link FNF_BASE_VALUES}.battery.
 */
export type FnfEvalWeights = { readonly [F in FnfFeature]: number } & { readonly win: number };

/** What a base counts in a side's starting value (the material features' denominator). */
export const FNF_BASE_VALUES = { infantry: 1, cavalry: 1.5, battery: 2 } as const;

/** The hand-set weights the bots used before self-play tuning (kept for comparison). */
export const HAND_FNF_WEIGHTS: FnfEvalWeights = {
  infantry: 1,
  cavalry: 1,
  battery: 1,
  disordered: -0.3,
  spent: -0.4,
  fresh: 0.1,
  lowAmmo: -0.2,
  silenced: -0.5,
  leader: 0.03,
  leaderAttached: 0.006,
  leaderLost: -0.03,
  objective: 0.15,
  approach: 0.3,
  win: 2,
};

/** The FnF weights in use: fitted by self-play (scripts/tune-eval.ts). */
export const FNF_EVAL_WEIGHTS: FnfEvalWeights = TUNED_FNF_WEIGHTS ?? HAND_FNF_WEIGHTS;

const present = (u: Unit): boolean => u.removed === null;

function baseValue(u: Unit): number {
  if (u.battery !== null) return FNF_BASE_VALUES.battery;
  return u.arm === "cavalry" ? FNF_BASE_VALUES.cavalry : FNF_BASE_VALUES.infantry;
}

/** Adds one side's material and leader features to `out`, times `sign`. */
function sideFeatures(state: BattleState, side: string, out: Record<FnfFeature, number>, sign: number): void {
  const fnf = state.fnf;
  if (fnf === null) return;
  let start = 0;
  const sums = { infantry: 0, cavalry: 0, battery: 0, disordered: 0, spent: 0, fresh: 0, lowAmmo: 0, silenced: 0 };
  for (const u of Object.values(fnf.units)) {
    if (u.side !== side) continue;
    // A rejoined detachment's base is back in its parent; a detachment's start is its parent's.
    if (u.kind !== "detachment") start += baseValue(u) * (u.battery !== null ? 1 : u.startingBases);
    if (!present(u)) continue;
    const value = baseValue(u) * (u.battery !== null ? 1 : u.bases);
    sums[u.battery !== null ? "battery" : u.arm === "cavalry" ? "cavalry" : "infantry"] += value;
    if (u.disordered) sums.disordered += value;
    if (u.kind === "brigade" && isSpent(u, state.options)) sums.spent += value;
    else if (u.kind === "brigade" && isFresh(u) && basesLost(u) === 0) sums.fresh += value;
    if (u.lowAmmo) sums.lowAmmo += value;
    if (u.battery !== null && u.battery.silenced) sums.silenced += value;
  }
  if (start > 0) for (const k of Object.keys(sums) as (keyof typeof sums)[]) out[k] += (sign * sums[k]) / start;
  for (const l of Object.values(fnf.leaders)) {
    if (l.side !== side) continue;
    if (l.lost !== null) out.leaderLost += sign;
    else {
      out.leader += sign;
      if (l.attachedTo !== null) out.leaderAttached += sign;
    }
  }
}

/** Mean closeness (0 far … 1 there) of a side's units to the nearest enemy. */
function approach(state: BattleState, side: string): number {
  const fnf = state.fnf;
  if (fnf === null) return 0;
  const units = Object.values(fnf.units).filter(present);
  const enemies = units.filter((u) => u.side !== side).map((u) => u.position);
  const own = units.filter((u) => u.side === side && u.kind !== "detachment");
  if (enemies.length === 0 || own.length === 0) return 0;
  const span = hypot(state.table.width, state.table.height);
  let sum = 0;
  for (const u of own) {
    let d = Infinity;
    for (const e of enemies) d = Math.min(d, dist(u.position, e));
    sum += 1 - Math.min(1, d / span);
  }
  return sum / own.length;
}

/** Whether a side holds an objective: an own unit within its radius and no enemy. */
function holder(state: BattleState, at: { readonly x: number; readonly y: number }, radius: number): string | null {
  const fnf = state.fnf;
  if (fnf === null) return null;
  const near = new Set(Object.values(fnf.units).filter((u) => present(u) && dist(u.position, at) <= radius).map((u) => u.side));
  return near.size === 1 ? ([...near][0] as string) : null;
}


/**
 * The features of an FnF position for `side` (each the side's value minus the enemy's; approach
 * counts only for a side whose posture is attack).
 * @example
 * fnfFeatures(state, sideId("fr"), defaultContext(state)).infantry
 */
export function fnfFeatures(state: BattleState, side: SideId, ctx: BotContext): Record<FnfFeature, number> {
  return withEvalArgs("fnfFeatures", state, side, ctx, (s) => fnfFeaturesOwned(s, side, ctx));
}

/** {@link fnfFeatures} on an adopted state with checked arguments. */
function fnfFeaturesOwned(state: BattleState, side: SideId, ctx: BotContext): Record<FnfFeature, number> {
  const enemy = otherSide(state, side);
  const f = Object.fromEntries(FNF_FEATURES.map((k) => [k, 0])) as Record<FnfFeature, number>;
  sideFeatures(state, side, f, 1);
  sideFeatures(state, enemy, f, -1);
  for (const o of ctx.victory?.objectives ?? []) {
    const h = holder(state, o.at, o.radius);
    if (h === side) f.objective += 1;
    else if (h === enemy) f.objective -= 1;
  }
  if (ctx.posture[side] === "attack") f.approach += approach(state, side);
  if (ctx.posture[enemy] === "attack") f.approach -= approach(state, enemy);
  return f;
}

/**
 * The value of an FnF state for `side`: positive is good for it.
 * @example
 * evaluateFnf(state, sideId("fr"), defaultContext(state))
 */
export function evaluateFnf(state: BattleState, side: SideId, ctx: BotContext, weights?: FnfEvalWeights): number {
  return withEvalArgs("evaluateFnf", state, side, ctx, (s) => evaluateFnfOwned(s, side, ctx, weights ?? ctx.fnfWeights), weights);
}

/** {@link evaluateFnf} on an adopted state with checked arguments (the evaluation proper). */
export function evaluateFnfOwned(state: BattleState, side: SideId, ctx: BotContext, weights: FnfEvalWeights | undefined): number {
  const w = weights ?? FNF_EVAL_WEIGHTS;
  const f = fnfFeaturesOwned(state, side, ctx);
  let v = 0;
  for (const k of FNF_FEATURES) v += w[k] * f[k];
  if (state.result !== null) {
    // The material difference still counts, so a bigger win is better.
    const enemy = otherSide(state, side);
    const material = w.infantry * f.infantry + w.cavalry * f.cavalry + w.battery * f.battery;
    if (state.result.winner === side) return w.win + material;
    if (state.result.winner === enemy) return -w.win + material;
  }
  return v;
}
