/** The fuzzer's own small deterministic generator (never the battle's dice): a seeded mulberry32. */

import { badArg } from "../../engine/args.js";

/** A deterministic stream of choices derived from one 32-bit word. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    if (typeof seed !== "number" || !Number.isSafeInteger(seed)) throw badArg("Rng", "seed", "a safe integer", seed);
    this.s = seed >>> 0;
  }
  /** The next 32-bit word. */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** A whole number in [0, n). */
  int(n: number): number {
    return n <= 1 ? 0 : this.next() % n;
  }
  /** A number in [lo, hi). */
  real(lo: number, hi: number): number {
    return lo + (this.next() / 4294967296) * (hi - lo);
  }
  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() / 4294967296 < p;
  }
  /** One element of a non-empty list (undefined for an empty one). */
  pick<T>(xs: readonly T[]): T | undefined {
    return xs.length === 0 ? undefined : xs[this.int(xs.length)];
  }
}
