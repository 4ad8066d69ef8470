/**
 * The bots' own seeded generator (sfc32 over integers): bots draw their choices from it, never
 * from the battle's dice, and derive per-decision and per-playout seeds with {@link mixSeed}.
 */
import { fmix32, sfc32FromInteger } from "../dice/prng.js";
import { seedArg } from "../engine/args.js";

/** A small seeded generator for a bot's own choices. */
export interface BotRng {
  /** A uniform integer in [0, n). */
  int(n: number): number;
  /** A uniform number in [0, 1). */
  float(): number;
}

/** A generator seeded by an integer (a safe integer; its low 32 bits are used; anything else is an `engine/misuse` FusilladeError). */
export function botRng(seed: number): BotRng {
  let [a, b, c, d] = sfc32FromInteger(seedArg("botRng", "seed", seed) >>> 0);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    d = (d + 1) | 0;
    return t >>> 0;
  };
  return {
    float: () => next() / 4294967296,
    int: (n) => Math.floor((next() / 4294967296) * n),
  };
}

/** A seed derived from a seed and an index (decision number, playout number…); both safe integers, else an `engine/misuse` FusilladeError. */
export function mixSeed(seed: number, index: number): number {
  return fmix32((fmix32(seedArg("mixSeed", "seed", seed) >>> 0) ^ Math.imul(seedArg("mixSeed", "index", index) + 1, 0x9e3779b9)) >>> 0);
}

/** The items in a seeded random order (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], rng: BotRng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = out[i] as T;
    out[i] = out[j] as T;
    out[j] = t;
  }
  return out;
}
