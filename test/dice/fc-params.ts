/** Shared fast-check parameters: a fixed seed in CI, a fresh (printed-on-failure) seed locally. */
import type fc from "fast-check";

const CI_SEED = 0x5eed_d1ce;

/** Parameters for `fc.assert`; pass `numRuns` to shorten expensive properties. */
export function fcParams<Ts>(numRuns = 100): fc.Parameters<Ts> {
  return process.env["CI"] ? { numRuns, seed: CI_SEED } : { numRuns };
}
