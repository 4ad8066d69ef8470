/**
 * The exact distribution of one round (CORE-CC-4…6, CORE-CR-1…9): a Markov chain over the wounds
 * each victim has lost so far, stepped strike step by strike step. Each group's unsaved wounds are
 * binomial (every attack hits, wounds and beats the save independently); the groups striking one
 * victim in a step are convolved; fighters thin out with the losses of earlier steps exactly as in
 * the sampled resolution. Plain numbers and typed arrays only, for bots' inner loops.
 */
import { toHitChance } from "../../../dice/index.js";
import { binomialMasses } from "../../../dice/dist-support.js";
import { settle, scoreSides } from "./score.js";
import { slotIsTied, slotSteps, strikeSlots } from "./order.js";
import type { RoundInput, RoundVerdict, SideIndex, StrikeStep, Striker } from "./types.js";

/** One end state of a round with its probability. */
export interface RoundOutcome {
  readonly p: number;
  /** Models left per victim (input order). */
  readonly left: readonly number[];
  /** Wounds carried by each victim's wounded model. */
  readonly taken: readonly number[];
  readonly verdict: RoundVerdict;
}

/** P(one attack causes an unsaved wound): hit × wound × failed save (CORE-CC-3, CORE-CC-6). */
export function unsavedChance(s: Striker): number {
  if (s.woundNeed === null) return 0;
  const hit = toHitChance(s.hitNeed);
  const wound = (7 - Math.min(7, Math.max(2, s.woundNeed))) / 6;
  const save = s.saveNeed === null ? 0 : (7 - Math.min(7, Math.max(2, s.saveNeed))) / 6;
  return hit * wound * (1 - save);
}

/** P(k successes in n trials of chance p), k = 0…n. */
function binomial(n: number, p: number): Float64Array {
  if (n === 0 || p <= 0) return Float64Array.of(1);
  if (p >= 1) {
    const a = new Float64Array(n + 1);
    a[n] = 1;
    return a;
  }
  return binomialMasses(n, p);
}

/** Convolution of two probability vectors. */
function convolve(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] as number;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = (out[i + j] as number) + ai * (b[j] as number);
  }
  return out;
}

/** Everything about an input the chain needs, as index arrays. */
interface Plan {
  readonly caps: Int32Array;
  readonly radix: Float64Array;
  readonly size: number;
  /** killed[v][dealt]: models of victim v slain after `dealt` wounds this round. */
  readonly killed: Int32Array[];
  readonly owner: Int32Array;
  readonly target: Int32Array;
  /** Models of later groups of the same owner (they lose their men first, CORE-CC-5). */
  readonly later: Int32Array;
  /** binom[s][attacks]: cached distributions per striker. */
  readonly binom: Array<Map<number, Float64Array>>;
  readonly p: Float64Array;
}

function planOf(input: RoundInput): Plan {
  const V = input.victims.length;
  const caps = new Int32Array(V);
  const radix = new Float64Array(V);
  let size = 1;
  const killed: Int32Array[] = [];
  const vIdx = new Map<string, number>();
  input.victims.forEach((v, i) => {
    vIdx.set(v.id, i);
    const cap = Math.max(0, v.models * v.wounds - v.woundsTaken);
    caps[i] = cap;
    radix[i] = size;
    size *= cap + 1;
    const k = new Int32Array(cap + 1);
    for (let d = 0; d <= cap; d++) k[d] = Math.floor((v.woundsTaken + d) / v.wounds);
    killed.push(k);
  });
  const S = input.strikers.length;
  const owner = new Int32Array(S);
  const target = new Int32Array(S);
  const later = new Int32Array(S);
  input.strikers.forEach((s, i) => {
    owner[i] = vIdx.get(s.owner) ?? -1;
    target[i] = vIdx.get(s.target) ?? -1;
    let sum = 0;
    for (let j = i + 1; j < S; j++) if ((input.strikers[j] as Striker).owner === s.owner) sum += (input.strikers[j] as Striker).models;
    later[i] = sum;
  });
  return { caps, radix, size, killed, owner, target, later, binom: input.strikers.map(() => new Map()), p: Float64Array.from(input.strikers, unsavedChance) };
}

/** A distribution over dealt-wound keys: a dense vector over the whole key space. */
type KeyDist = Float64Array;

function dealtOf(plan: Plan, key: number, v: number): number {
  return Math.floor(key / (plan.radix[v] as number)) % ((plan.caps[v] as number) + 1);
}

/** The unsaved-wound distribution of striker `i` in the state `key` (CORE-CC-5 thinning). */
function strikerDist(input: RoundInput, plan: Plan, i: number, key: number): Float64Array {
  const s = input.strikers[i] as Striker;
  const o = plan.owner[i] as number;
  const lost = o < 0 ? 0 : ((plan.killed[o] as Int32Array)[dealtOf(plan, key, o)] as number);
  const fighting = Math.max(0, s.models - Math.max(0, lost - (plan.later[i] as number)));
  const n = fighting <= 0 ? 0 : fighting * s.attacks + s.bonusAttacks;
  const cache = plan.binom[i] as Map<number, Float64Array>;
  let b = cache.get(n);
  if (b === undefined) {
    b = binomial(n, plan.p[i] as number);
    cache.set(n, b);
  }
  return b;
}

/** Spreads mass `p` at `key` over victim `t`'s new wounds `d` (capped at what it has left) into `next`. */
function spread(plan: Plan, next: Float64Array, key: number, p: number, t: number, d: Float64Array, rest: readonly number[], restDists: readonly Float64Array[]): void {
  const room = (plan.caps[t] as number) - dealtOf(plan, key, t);
  const r = plan.radix[t] as number;
  for (let u = 0; u < d.length; u++) {
    const pu = d[u] as number;
    if (pu === 0) continue;
    const k = key + (u < room ? u : room) * r;
    if (rest.length === 0) next[k] = (next[k] as number) + p * pu;
    else spread(plan, next, k, p * pu, rest[0] as number, restDists[0] as Float64Array, rest.slice(1), restDists.slice(1));
  }
}

/** Applies one strike step to a distribution over dealt-wound keys. */
function stepDistribution(input: RoundInput, plan: Plan, dist: KeyDist, step: StrikeStep, idx: ReadonlyMap<string, number>): KeyDist {
  const members = step.strikers.map((id) => idx.get(id) as number).filter((i) => (plan.target[i] as number) >= 0);
  const targets = [...new Set(members.map((i) => plan.target[i] as number))];
  const byTarget = targets.map((t) => members.filter((i) => plan.target[i] === t));
  const next = new Float64Array(plan.size);
  for (let key = 0; key < dist.length; key++) {
    const p = dist[key] as number;
    if (p === 0) continue;
    if (targets.length === 0) {
      next[key] = (next[key] as number) + p;
      continue;
    }
    const dists: Float64Array[] = [];
    for (const group of byTarget) {
      let d = strikerDist(input, plan, group[0] as number, key);
      for (let g = 1; g < group.length; g++) d = convolve(d, strikerDist(input, plan, group[g] as number, key));
      dists.push(d);
    }
    spread(plan, next, key, p, targets[0] as number, dists[0] as Float64Array, targets.slice(1), dists.slice(1));
  }
  return next;
}

/** The distribution over dealt-wound keys at the end of the round, and its plan. */
function endDistribution(input: RoundInput): { plan: Plan; dist: KeyDist } {
  const plan = planOf(input);
  if (plan.size > MAX_KEYS) throw new RangeError(`roundOutcomes: ${plan.size} loss states are too many for the exact odds (at most ${MAX_KEYS})`);
  const idx = new Map<string, number>();
  input.strikers.forEach((s, i) => idx.set(s.id, i));
  let dist: KeyDist = new Float64Array(plan.size);
  dist[0] = 1;
  for (const slot of strikeSlots(input.strikers)) {
    const run = (first: SideIndex, d: KeyDist): KeyDist => {
      let out = d;
      for (const step of slotSteps(slot, first, input.strikers)) out = stepDistribution(input, plan, out, step, idx);
      return out;
    };
    if (!slotIsTied(slot)) dist = run(slot.bySide[0].length > 0 ? 0 : 1, dist);
    else if (input.lastWinner !== null) dist = run(input.lastWinner, dist);
    else {
      const a = run(0, dist);
      const b = run(1, dist);
      dist = new Float64Array(plan.size);
      for (let k = 0; k < plan.size; k++) dist[k] = ((a[k] as number) + (b[k] as number)) / 2;
    }
  }
  return { plan, dist };
}

/** Largest loss-state space the exact odds walk (product over victims of wounds + 1). */
export const MAX_KEYS = 1 << 22;

/** Models left and wounds carried per victim for a key. */
function decodeEnd(input: RoundInput, plan: Plan, key: number, left: number[], taken: number[]): [number, number] {
  const wounds: [number, number] = [0, 0];
  input.victims.forEach((v, i) => {
    const dealt = dealtOf(plan, key, i);
    const total = v.woundsTaken + dealt;
    const l = Math.max(0, v.models - Math.floor(total / v.wounds));
    left[i] = l;
    taken[i] = l === 0 ? 0 : total % v.wounds;
    wounds[v.side === 0 ? 1 : 0] += dealt;
  });
  return wounds;
}

/**
 * The exact end states of one round (CORE-CC-4…6, CORE-CR-1…9, CORE-MUS-2/3, HR-SQUARE): models
 * left, wounds carried and the verdict, each with its probability. Roll-offs (tied strike steps,
 * two musicians) are weighed 1/2 each.
 */
export function roundOutcomes(input: RoundInput): RoundOutcome[] {
  const { plan, dist } = endDistribution(input);
  const out: RoundOutcome[] = [];
  for (let key = 0; key < dist.length; key++) {
    const p = dist[key] as number;
    if (p === 0) continue;
    const left: number[] = [];
    const taken: number[] = [];
    const wounds = decodeEnd(input, plan, key, left, taken);
    const pre = settle(scoreSides(input, left, wounds), input);
    if (pre.kind === "decided") out.push({ p, left, taken, verdict: pre.verdict });
    else {
      out.push({ p: p / 2, left, taken, verdict: pre.ifFirst });
      out.push({ p: p / 2, left, taken, verdict: pre.ifSecond });
    }
  }
  return out;
}

/** A compact end state: probability, signed margin (side 0's view), models left. */
export interface CompactOutcome {
  readonly p: number;
  /** Winner 0 or 1, or −1 for a draw. */
  readonly winner: number;
  readonly margin: number;
  readonly left: readonly number[];
}

/**
 * The same end states as {@link roundOutcomes} without the wounds carried: the fast path of the
 * odds. Scored by the round's own kernels (`scoreSides`, `settle`), as the sampled round is.
 */
export function compactOutcomes(input: RoundInput): CompactOutcome[] {
  const { plan, dist } = endDistribution(input);
  const out: CompactOutcome[] = [];
  const taken: number[] = [];
  for (let key = 0; key < dist.length; key++) {
    const p = dist[key] as number;
    if (p === 0) continue;
    const left: number[] = [];
    const wounds = decodeEnd(input, plan, key, left, taken);
    const pre = settle(scoreSides(input, left, wounds), input);
    if (pre.kind === "decided") out.push(compact(p, pre.verdict, left));
    else out.push(compact(p / 2, pre.ifFirst, left), compact(p / 2, pre.ifSecond, left));
  }
  return out;
}

function compact(p: number, v: RoundVerdict, left: readonly number[]): CompactOutcome {
  return { p, winner: v.winner === null ? -1 : v.winner, margin: v.margin, left };
}
