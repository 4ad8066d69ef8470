import * as z from "zod";
import type { DiceState } from "../dice/index.js";

const uint32 = z.int().min(0).max(4294967295);
// Far beyond any battle, and far enough below 2^53 that rolling on never leaves the safe integers.
const draws = z.int().min(0).max(1_125_899_906_842_624); // 2^50

/** Zod schema of the dice generator's state, stored in the battle state (plain data). */
export const DiceStateSchema: z.ZodType<DiceState> = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("prng"), algorithm: z.literal("sfc32"), s: z.tuple([uint32, uint32, uint32, uint32]), draws }),
  z.strictObject({
    kind: z.literal("scripted"),
    d6: z.array(z.int().min(1).max(6)).max(1_000_000),
    angles: z.array(z.number().finite().gte(0).lt(360)).max(1_000_000),
    draws,
  }),
]) as unknown as z.ZodType<DiceState>;
