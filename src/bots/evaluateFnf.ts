/**
 * The evaluation of an FnF position for one side (the greedy bot's score and the search bot's leaf
 * value): bases kept against bases at the start, as the judged result counts them (a removed unit
 * counts all its starting bases lost, a rejoined detachment none), each present base weighted down
 * when its unit is disordered, spent, out of ammunition or a silenced battery, and up while its
 * brigade is still fresh; leaders present and attached; objectives held (scenario victory rules,
 * when given); and, for the attacking side, a pull toward the nearest enemy. Roughly in [-3, 3].
 */
import type { BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import { dist } from "../geometry/vec.js";
import { hypot } from "../math/index.js";
import { basesLost, isFresh, isSpent, type Unit } from "../rules/fnf/units.js";
import type { BotContext } from "./types.js";
import { adopt } from "../engine/owned.js";
import { badArg, objectArg, readingArg } from "../engine/args.js";

/** Weights of the FnF evaluation terms, tuned by self-play (scripts/tune-fnf-weights.ts; see docs/guides/bots.md). */
export interface FnfEvalWeights {
  /** Value of a cavalry base against an infantry base's 1. */
  readonly cavalryBase: number;
  /** Value of a battery against an infantry base's 1. */
  readonly battery: number;
  /** Factor on a disordered unit's bases. */
  readonly disordered: number;
  /** Factor on a spent brigade's bases. */
  readonly spent: number;
  /** Bonus a fresh brigade's base is worth (fraction). */
  readonly fresh: number;
  /** Factor on a low-on-ammunition unit's bases. */
  readonly lowAmmo: number;
  /** Each leader present (lost leaders count against), as a fraction of the army. */
  readonly leader: number;
  /** Each objective held. */
  readonly objective: number;
  /** Weight of the attacker's closeness to the enemy (0 far … 1 touching). */
  readonly approach: number;
  /** Value of a won battle over the material term. */
  readonly win: number;
}

/** The FnF weights in use (chosen by the self-play tuning: see docs/guides/bots.md). */
export const FNF_EVAL_WEIGHTS: FnfEvalWeights = {
  cavalryBase: 1.5,
  battery: 2,
  disordered: 0.7,
  spent: 0.6,
  fresh: 0.1,
  lowAmmo: 0.8,
  leader: 0.03,
  objective: 0.15,
  // Tuned by self-play (scripts/tune-fnf-weights.ts 3 8 1): 0.3 beat the first value 0.1 in 5 of 6
  // greedy battles on Coa 1811, sides swapped (win rate 0.83, 95 % Wilson 0.44–0.97).
  approach: 0.3,
  win: 2,
};

const present = (u: Unit): boolean => u.removed === null;

function baseValue(u: Unit, w: FnfEvalWeights): number {
  if (u.battery !== null) return w.battery;
  return u.arm === "cavalry" ? w.cavalryBase : 1;
}

/** A side's material, as a fraction of what it started with. */
function strength(state: BattleState, side: string, w: FnfEvalWeights): number {
  const fnf = state.fnf;
  if (fnf === null) return 0;
  let start = 0;
  let now = 0;
  for (const u of Object.values(fnf.units)) {
    if (u.side !== side) continue;
    // A rejoined detachment's base is back in its parent; a detachment's start is its parent's.
    if (u.kind !== "detachment") start += baseValue(u, w) * (u.battery !== null ? 1 : u.startingBases);
    if (!present(u)) continue;
    let f = 1;
    if (u.disordered) f *= w.disordered;
    if (u.kind === "brigade" && isSpent(u, state.options)) f *= w.spent;
    else if (u.kind === "brigade" && isFresh(u) && basesLost(u) === 0) f *= 1 + w.fresh;
    if (u.lowAmmo) f *= w.lowAmmo;
    if (u.battery !== null && u.battery.silenced) f *= 0.5;
    now += baseValue(u, w) * (u.battery !== null ? 1 : u.bases) * f;
  }
  let leaders = 0;
  for (const l of Object.values(fnf.leaders)) if (l.side === side) leaders += l.lost === null ? (l.attachedTo !== null ? 1.2 : 1) : -1;
  return start === 0 ? 0 : now / start + w.leader * leaders;
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
 * The value of an FnF state for `side`: positive is good for it.
 * @example
 * evaluateFnf(state, sideId("fr"), defaultContext(state))
 */
export function evaluateFnf(state: BattleState, side: SideId, ctx: BotContext, weights?: FnfEvalWeights): number {
  const s = adopt(state);
  if (typeof side !== "string") throw badArg("evaluateFnf", "side", "a side id", side);
  objectArg("evaluateFnf", "ctx", ctx);
  if (weights !== undefined) objectArg("evaluateFnf", "weights", weights);
  return readingArg("evaluateFnf", "ctx or weights", () => evaluateFnfOwned(s, side, ctx, weights ?? ctx.fnfWeights));
}

/** {@link evaluateFnf} on an adopted state with checked arguments (the evaluation proper). */
export function evaluateFnfOwned(state: BattleState, side: SideId, ctx: BotContext, weights: FnfEvalWeights | undefined): number {
  const w = weights ?? FNF_EVAL_WEIGHTS;
  const enemy = (Object.keys(state.sides).find((s) => s !== side) ?? side) as SideId;
  const mine = strength(state, side, w);
  const theirs = strength(state, enemy, w);
  if (state.result !== null) {
    if (state.result.winner === side) return w.win + mine - theirs;
    if (state.result.winner === enemy) return -w.win + mine - theirs;
  }
  let v = mine - theirs;
  for (const o of ctx.victory?.objectives ?? []) {
    const h = holder(state, o.at, o.radius);
    if (h === side) v += w.objective;
    else if (h === enemy) v -= w.objective;
  }
  if (ctx.posture[side] === "attack") v += w.approach * approach(state, side);
  if (ctx.posture[enemy] === "attack") v -= w.approach * approach(state, enemy);
  return v;
}
