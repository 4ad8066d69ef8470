/**
 * Experiments: pure functions `(dice, params) → outcome record` registered by name, the unit of
 * every Monte Carlo study. Params are JSON, validated by the experiment's own zod schema; `prepare`
 * turns them once per study cell into whatever plain values the sampler wants (a volley spec, a
 * combat round), so the per-sample path stays on plain numbers.
 */
import { FusilladeError } from "../engine/violation.js";
import type { z } from "zod";
import type { Dice } from "../dice/index.js";
import type { Dist } from "../dice/index.js";
import type { OutcomeRecord } from "./tally.js";

/** What an experiment's sampler returns: integer metrics, booleans and categories. */
export type { OutcomeRecord } from "./tally.js";

/** A named, pure Monte Carlo experiment. */
export interface Experiment<P = unknown, Prepared = unknown> {
  /** Registry name, e.g. `"whn/volley"`. */
  readonly name: string;
  /** One line saying what one sample is. */
  readonly summary: string;
  /** Validates and completes the params (defaults filled in). */
  readonly params: z.ZodType<P>;
  /** Builds the plain values one sample needs; pure, called once per study cell. */
  readonly prepare: (params: P) => Prepared;
  /** Samples one resolution with the given dice. Must roll only through `dice`. */
  readonly run: (dice: Dice, prepared: Prepared) => OutcomeRecord;
  /** Exact distributions of some numeric or boolean metrics (booleans as 0/1), when they can be had. */
  readonly exact?: (prepared: Prepared) => Readonly<Record<string, Dist>>;
}

/** An experiment with its types erased, as the registry holds it. */
export type AnyExperiment = Experiment<unknown, unknown>;

/**
 * Declares an experiment, keeping its param and prepared types together.
 * @example
 * const coin = defineExperiment({
 *   name: "demo/d6", summary: "one D6", params: z.object({}),
 *   prepare: () => null, run: (dice) => ({ roll: dice.d6() }),
 * });
 */
export function defineExperiment<P, Prepared>(e: Experiment<P, Prepared>): Experiment<P, Prepared> {
  return e;
}

/** Experiments by name. */
export class ExperimentRegistry {
  private readonly byName = new Map<string, AnyExperiment>();

  /** Registers an experiment; throws if the name is taken. */
  register<P, Prepared>(e: Experiment<P, Prepared>): this {
    if (this.byName.has(e.name)) throw new FusilladeError("engine/misuse", `ExperimentRegistry.register: "${e.name}" is already registered`);
    this.byName.set(e.name, e as unknown as AnyExperiment);
    return this;
  }

  /** The experiment of that name, or undefined. */
  get(name: string): AnyExperiment | undefined {
    return this.byName.get(name);
  }

  /** Every registered name, sorted. */
  names(): string[] {
    return [...this.byName.keys()].sort();
  }
}
