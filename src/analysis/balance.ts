/**
 * Points balancing by simulation: searches numeric parameters (unit point values, or any numeric
 * rule parameter) so that each parameter's paired score over its match-ups reaches 50 % within a
 * stated tolerance at a stated confidence.
 *
 * Design, in the words of the code below:
 * - **Common random numbers.** Sample i of every match-up, at every candidate value, rolls
 *   `forkDice(seedDice(seed), i)`; randomized rounding (a figure count from points / cost) draws
 *   its uniform from a separate fork of the same sample. So the score at two candidate values is a
 *   paired comparison on the same samples, and the sample-average score is a monotone step function
 *   of a point value: bisection on it is deterministic and converges.
 * - **Sequential design.** A bisection step samples a candidate only until its interval clears
 *   50 % (far from the answer that takes a few hundred samples, near it many); the final estimate
 *   is then sampled until its interval lies within 50 % ± tolerance, and the bisection is rerun on
 *   that many samples while its estimate drifts. Parameters are solved one after another (holding
 *   the others) and swept again until no value moves by more than its interval.
 * - **Value interval.** The values whose score interval contains 50 % (the test inverted):
 *   found by bisection on the final samples at 50 % ± the final half-width.
 * The score of a sample is 1 if the parameter's side wins, ½ if neither does, 0 if it loses.
 * Pure: no clock, no I/O; the CLI (`fusillade balance`) adds files, timing and the chart.
 */
import * as z from "zod";
import { forkDice, roller, seedDice, type DiceState } from "../dice/index.js";
import type { AnyExperiment, ExperimentRegistry } from "./experiment.js";
import { normalQuantile } from "./stats.js";
import { setPath, canonicalJson } from "./paths.js";
import { scanInput } from "../engine/scan.js";
import { StudyHeaderShape, zodIssues, type StudyIssue } from "./study/schema.js";

const JsonValue: z.ZodType<unknown> = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(JsonValue), z.record(z.string(), JsonValue)]));
const Name = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, "letters, digits and _ (starting with a letter)");

/** A searched parameter: its range (the answer must lie inside). */
const ParameterSchema = z.strictObject({ min: z.number(), max: z.number(), title: z.string().optional() });

/**
 * One match-up: params set on top of `base` (values may be expressions of the parameters), the
 * parameter it scores, and the side that parameter's unit is on.
 */
const MatchupSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "letters, digits, _ and -"),
  parameter: Name,
  side: z.enum(["a", "b"]),
  set: z.record(z.string(), JsonValue).default({}),
});

/** Zod schema of a balance file. */
export const BalanceSchema = z
  .strictObject({
    // $schema, name, title, description, experiment (the one every match-up samples) and seed.
    ...StudyHeaderShape,
    /** Boolean metrics of the experiment that say side a / side b won. */
    win: z.strictObject({ a: z.string().min(1), b: z.string().min(1) }).prefault({ a: "aWins", b: "bWins" }),
    confidence: z.number().gt(0).lt(1).default(0.95),
    /** The score of every parameter must lie within 50 % ± tolerance at `confidence`. */
    tolerance: z.number().gt(0).lt(0.5).default(0.01),
    /** Params shared by every match-up. */
    base: z.record(z.string(), JsonValue).default({}),
    /** Fixed values the expressions may name (a reference unit's cost, a budget). */
    constants: z.record(Name, z.number()).default({}),
    parameters: z.record(Name, ParameterSchema),
    matchups: z.array(MatchupSchema).min(1).max(200),
    /** Samples per batch of the sequential design. */
    batch: z.int().min(10).max(1_000_000).default(200),
    /** Most samples per match-up at one value. */
    maxN: z.int().min(100).max(100_000_000).default(100_000),
    /** Bisection stops when the bracket is narrower than this (default: range / 1000). */
    precision: z.number().positive().optional(),
    /** Gauss–Seidel sweeps over the parameters at most. */
    sweeps: z.int().min(1).max(20).default(3),
  })
  .superRefine((b, ctx) => {
    for (const [name, p] of Object.entries(b.parameters)) if (!(p.min < p.max)) ctx.addIssue({ code: "custom", message: "min must be below max", path: ["parameters", name, "min"] });
    b.matchups.forEach((m, i) => {
      if (!(m.parameter in b.parameters)) ctx.addIssue({ code: "custom", message: `unknown parameter "${m.parameter}"`, path: ["matchups", i, "parameter"] });
    });
    for (const name of Object.keys(b.parameters)) {
      if (name in b.constants) ctx.addIssue({ code: "custom", message: `"${name}" is both a parameter and a constant`, path: ["constants", name] });
      if (!b.matchups.some((m) => m.parameter === name)) ctx.addIssue({ code: "custom", message: `no match-up scores "${name}"`, path: ["parameters", name] });
    }
  });

/** A balance file as written. */
export type BalanceInput = z.input<typeof BalanceSchema>;
/** A balance file with every default filled in. */
export type Balance = z.output<typeof BalanceSchema>;

/**
 * Validates a balance file (parsed JSON).
 * @example
 * const r = parseBalance(JSON.parse(text));
 * if (!r.ok) console.error(r.issues.map((i) => `${i.path}: ${i.message}`).join("\n"));
 */
export function parseBalance(input: unknown): { ok: true; balance: Balance } | { ok: false; issues: StudyIssue[] } {
  const hostile = scanInput(input);
  if (hostile.length > 0) return { ok: false, issues: hostile.map((i) => ({ path: i.path.join("."), message: i.message })) };
  const r = BalanceSchema.safeParse(input);
  return r.success ? { ok: true, balance: r.data } : { ok: false, issues: zodIssues(r.error) };
}

/**
 * An expression in a match-up's `set`: a number, `"$name"` (a parameter or constant), or one of
 * `{ "$div": [x, y] }`, `{ "$mul": [x, y] }`, `{ "$add": [x, y] }`, `{ "$sub": [x, y] }`,
 * `{ "$round": x }` (randomized rounding: ⌊x⌋ + 1 with probability x − ⌊x⌋, one uniform per sample
 * shared by its every `$round`, so the expected value is x and the score moves smoothly with x), `{ "$min": [x, y] }`, `{ "$max": [x, y] }`.
 * Anything else is a literal.
 */
type Values = Readonly<Record<string, number>>;

const OPS = ["$div", "$mul", "$add", "$sub", "$min", "$max"] as const;

function isPlain(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Evaluates an expression; `uniform()` is called once per `$round`, in order. */
function evaluate(e: unknown, values: Values, uniform: () => number, where: string): unknown {
  if (typeof e === "string" && e.startsWith("$")) {
    const v = values[e.slice(1)];
    if (v === undefined) throw new RangeError(`${where}: unknown name "${e}"`);
    return v;
  }
  if (!isPlain(e)) return e;
  const keys = Object.keys(e);
  if (keys.length !== 1) return e;
  const op = keys[0] as string;
  if (op === "$round") {
    const x = num(evaluate(e[op], values, uniform, where), where);
    const f = Math.floor(x);
    return uniform() < x - f ? f + 1 : f;
  }
  if ((OPS as readonly string[]).includes(op)) {
    const args = e[op];
    if (!Array.isArray(args) || args.length !== 2) throw new RangeError(`${where}: ${op} takes two operands`);
    const x = num(evaluate(args[0], values, uniform, where), where);
    const y = num(evaluate(args[1], values, uniform, where), where);
    switch (op) {
      case "$div":
        return x / y;
      case "$mul":
        return x * y;
      case "$add":
        return x + y;
      case "$sub":
        return x - y;
      case "$min":
        return Math.min(x, y);
      default:
        return Math.max(x, y);
    }
  }
  return e;
}

function num(x: unknown, where: string): number {
  if (typeof x !== "number" || !Number.isFinite(x)) throw new RangeError(`${where}: not a finite number (${JSON.stringify(x)})`);
  return x;
}

/** Whether an expression draws a uniform (has a `$round`), so params vary per sample. */
function randomized(e: unknown): boolean {
  if (Array.isArray(e)) return e.some(randomized);
  if (!isPlain(e)) return false;
  return Object.entries(e).some(([k, v]) => k === "$round" || randomized(v));
}

/** The running sums of one parameter's score at one value, over samples 0…n−1 (scores doubled: 0, 1, 2). */
interface Sums {
  n: number;
  sum: number;
  sumSq: number;
}

/** A score estimate with its interval. */
export interface ScoreEstimate {
  readonly value: number;
  readonly n: number;
  readonly score: number;
  readonly low: number;
  readonly high: number;
  readonly halfWidth: number;
}

/** The answer for one parameter. */
export interface BalancedParameter {
  readonly name: string;
  readonly value: number;
  /** Values whose score interval contains 50 %: [low, high] (the interval of the value). */
  readonly low: number;
  readonly high: number;
  /** The score at `value` with its interval (samples per match-up). */
  readonly estimate: ScoreEstimate;
  /** Whether the score interval lies within 50 % ± tolerance. */
  readonly withinTolerance: boolean;
  /** `"ok"`, or why not: the answer lies beyond the range, or maxN was reached first. */
  readonly status: "ok" | "belowRange" | "aboveRange" | "maxN";
  /** Score per match-up at `value` (same samples). */
  readonly matchups: ReadonlyArray<{ readonly name: string; readonly side: "a" | "b"; readonly score: number }>;
  /** The evaluations made, in order: value, samples, score (for the chart). */
  readonly trace: readonly ScoreEstimate[];
}

/** The result of a balance run. */
export interface BalanceResult {
  readonly format: "fusillade/balance@1";
  readonly name: string;
  readonly title: string | null;
  readonly balance: Balance;
  readonly parameters: readonly BalancedParameter[];
  /** Samples drawn in all (every match-up, every evaluation). */
  readonly samples: number;
  readonly sweeps: number;
  readonly complete: boolean;
}

/** Progress of a balance run. */
export interface BalanceProgress {
  readonly parameter: string;
  readonly sweep: number;
  readonly value: number;
  readonly n: number;
  readonly score: number;
}

/** Options of {@link runBalance}. */
export interface BalanceRunOptions {
  readonly onProgress?: (p: BalanceProgress) => void;
}

/**
 * Runs a balance: each parameter's value where its paired score over its match-ups is 50 %, with
 * the interval of values consistent with 50 % and the score's interval at the answer.
 * @example
 * const r = parseBalance(JSON.parse(text));
 * if (r.ok) runBalance(r.balance, builtinExperiments()).parameters[0]?.value;
 */
export function runBalance(b: Balance, registry: ExperimentRegistry, options: BalanceRunOptions = {}): BalanceResult {
  const experiment = registry.get(b.experiment);
  if (experiment === undefined) throw new RangeError(`balance: unknown experiment "${b.experiment}"; known: ${registry.names().join(", ")}`);
  const ctx = new Context(b, experiment);
  const names = Object.keys(b.parameters);
  const values: Record<string, number> = { ...b.constants };
  for (const n of names) {
    const p = b.parameters[n] as { min: number; max: number };
    values[n] = (p.min + p.max) / 2;
  }
  const answers = new Map<string, BalancedParameter>();
  let sweeps = 0;
  for (let s = 0; s < b.sweeps; s++) {
    sweeps = s + 1;
    let moved = false;
    for (const name of names) {
      const before = answers.get(name);
      const a = ctx.solve(name, values, s, options);
      answers.set(name, a);
      values[name] = a.value;
      if (before === undefined || Math.abs(before.value - a.value) > Math.max(1e-12, (a.high - a.low) / 2)) moved = true;
    }
    // One parameter, or match-ups that each involve one parameter against constants: one sweep settles it.
    if (!moved || names.length === 1 || !ctx.coupled) break;
  }
  const parameters = names.map((n) => answers.get(n) as BalancedParameter);
  return { format: "fusillade/balance@1", name: b.name, title: b.title ?? null, balance: b, parameters, samples: ctx.samples, sweeps, complete: parameters.every((p) => p.status === "ok") };
}

class Context {
  readonly root: DiceState;
  readonly z: number;
  readonly prepared = new Map<string, unknown>();
  readonly sums = new Map<string, Sums>();
  samples = 0;
  /** Whether some match-up's params name a parameter other than the one it scores. */
  readonly coupled: boolean;

  constructor(
    readonly b: Balance,
    readonly experiment: AnyExperiment,
  ) {
    this.root = seedDice(b.seed);
    this.z = normalQuantile(1 - (1 - b.confidence) / 2);
    const names = Object.keys(b.parameters);
    this.coupled = b.matchups.some((m) => names.some((n) => n !== m.parameter && JSON.stringify(m.set).includes(`"$${n}"`)));
  }

  /** The params of a match-up for sample i at these values (its `$round`s drawn from the sample's own fork). */
  params(m: Balance["matchups"][number], values: Values, i: number): unknown {
    // One uniform per sample, shared by every `$round` of it (so figures and files round together).
    let u: number | null = null;
    const uniform = (): number => (u ??= roller(forkDice(forkDice(this.root, i), 1)).angle() / 360);
    let p: Record<string, unknown> = this.b.base;
    for (const [path, e] of Object.entries(m.set)) p = setPath(p, path, evaluate(e, values, uniform, `matchups.${m.name}.set["${path}"]`));
    return p;
  }

  prepare(params: unknown, where: string): unknown {
    const key = canonicalJson(params);
    if (!this.prepared.has(key)) {
      const r = this.experiment.params.safeParse(params);
      if (!r.success) throw new RangeError(`${where}: ${zodIssues(r.error).map((i) => `${i.path}: ${i.message}`).join("; ")}`);
      try {
        this.prepared.set(key, this.experiment.prepare(r.data));
      } catch (e) {
        throw new RangeError(`${where}: cannot set up (${e instanceof Error ? e.message : String(e)})`);
      }
    }
    return this.prepared.get(key);
  }

  /** Doubled score of sample i of match-up m: 2 win, 1 neither, 0 loss. */
  score(m: Balance["matchups"][number], values: Values, i: number): number {
    const prepared = this.prepare(this.params(m, values, i), `match-up ${m.name}`);
    const out = this.experiment.run(roller(forkDice(this.root, i)), prepared);
    this.samples++;
    const a = out[this.b.win.a] === true;
    const bw = out[this.b.win.b] === true;
    const mine = m.side === "a" ? a : bw;
    const theirs = m.side === "a" ? bw : a;
    return mine ? 2 : theirs ? 0 : 1;
  }

  /** Samples one parameter's score at `x` up to `n` samples per match-up (extending what is cached). */
  extend(name: string, values: Values, x: number, n: number): Sums {
    const v = { ...values, [name]: x };
    const ms = this.b.matchups.filter((m) => m.parameter === name);
    const key = `${name}|${x}|${canonicalJson(v)}`;
    let s = this.sums.get(key);
    if (s === undefined) {
      s = { n: 0, sum: 0, sumSq: 0 };
      this.sums.set(key, s);
    }
    for (let i = s.n; i < n; i++) {
      // One sample index: every match-up's score on the same dice, averaged (a paired mean).
      let t = 0;
      for (const m of ms) t += this.score(m, v, i);
      // t / ms.length is in [0, 2]; keep integers: sum of t, sum of t².
      s.sum += t;
      s.sumSq += t * t;
      s.n = i + 1;
    }
    return s;
  }

  estimate(name: string, values: Values, x: number, n: number): ScoreEstimate {
    const s = this.extend(name, values, x, n);
    const k = 2 * this.b.matchups.filter((m) => m.parameter === name).length;
    const mean = s.sum / s.n / k;
    const variance = s.n > 1 ? Math.max(0, (s.sumSq - (s.sum * s.sum) / s.n) / (s.n - 1)) / (k * k) : 0.25;
    // A score never seen to vary still has the binomial floor of its n (no zero-width intervals).
    const half = this.z * Math.sqrt(Math.max(variance, 0.25 / Math.max(1, s.n)) / s.n);
    return { value: x, n: s.n, score: mean, low: mean - half, high: mean + half, halfWidth: half };
  }

  /** Samples x in batches until its interval clears `target` or `cap` samples are reached. */
  sign(name: string, values: Values, x: number, target: number, cap: number, trace: ScoreEstimate[]): ScoreEstimate {
    let n = Math.min(cap, this.b.batch);
    for (;;) {
      const e = this.estimate(name, values, x, n);
      if (e.low > target || e.high < target || n >= cap) {
        trace.push(e);
        return e;
      }
      n = Math.min(cap, n * 2);
    }
  }

  /** Bisection for score(x) = target on [lo, hi] with at most `cap` samples a point; `up`: the score rises with x. */
  bisect(name: string, values: Values, lo: number, hi: number, target: number, cap: number, up: boolean, trace: ScoreEstimate[], report: (e: ScoreEstimate) => void, full = false): number {
    const precision = this.b.precision ?? ((this.b.parameters[name] as { min: number; max: number }).max - (this.b.parameters[name] as { min: number; max: number }).min) / 1000;
    while (hi - lo > precision) {
      const mid = (lo + hi) / 2;
      const e = full ? this.estimate(name, values, mid, cap) : this.sign(name, values, mid, target, cap, trace);
      report(e);
      if (e.score > target === up) hi = mid;
      else lo = mid;
    }
    return (lo + hi) / 2;
  }

  solve(name: string, values: Values, sweep: number, options: BalanceRunOptions): BalancedParameter {
    const p = this.b.parameters[name] as { min: number; max: number };
    const tol = this.b.tolerance;
    const trace: ScoreEstimate[] = [];
    const report = (e: ScoreEstimate): void => options.onProgress?.({ parameter: name, sweep, value: e.value, n: e.n, score: e.score });
    // Which way the score runs: the two ends of the range, sampled until they are told apart.
    let cap = Math.min(this.b.maxN, Math.max(this.b.batch, Math.ceil((this.z * this.z * 0.25) / (tol * tol))));
    const atMin = this.sign(name, values, p.min, 0.5, cap, trace);
    const atMax = this.sign(name, values, p.max, 0.5, cap, trace);
    report(atMin);
    report(atMax);
    const up = atMax.score >= atMin.score;
    const matchupScores = (x: number, n: number) =>
      this.b.matchups
        .filter((m) => m.parameter === name)
        .map((m) => {
          let t = 0;
          for (let i = 0; i < n; i++) t += this.score(m, { ...values, [name]: x }, i);
          return { name: m.name, side: m.side, score: t / (2 * n) };
        });
    const lowEnd = up ? atMin : atMax;
    const highEnd = up ? atMax : atMin;
    if (lowEnd.low > 0.5 || highEnd.high < 0.5) {
      // 50 % is not inside the range: report the end nearest to it.
      const end = lowEnd.low > 0.5 ? lowEnd : highEnd;
      const status = end.value === p.min ? "belowRange" : "aboveRange";
      return { name, value: end.value, low: end.value, high: end.value, estimate: end, withinTolerance: false, status, matchups: matchupScores(end.value, end.n), trace };
    }
    let lo = p.min;
    let hi = p.max;
    let x = (lo + hi) / 2;
    let e: ScoreEstimate = atMin;
    for (let round = 0; round < 6; round++) {
      x = this.bisect(name, values, lo, hi, 0.5, cap, up, trace, report);
      // Sample the estimate until its interval lies within 50 % ± tolerance (or can no longer).
      let n = Math.min(cap, this.b.maxN);
      for (;;) {
        e = this.estimate(name, values, x, n);
        if (Math.abs(e.score - 0.5) + e.halfWidth <= tol || n >= this.b.maxN) break;
        // Samples that would bring the half-width to what the tolerance leaves, with a margin.
        const room = tol - Math.abs(e.score - 0.5);
        const ratio = e.halfWidth / room;
        const want = room <= e.halfWidth / 4 ? n * 4 : Math.ceil(n * ratio * ratio * 1.1);
        if (room <= 0 && Math.abs(e.score - 0.5) > e.halfWidth) break; // the bisection was off: redo it with more samples
        n = Math.min(this.b.maxN, Math.max(n + this.b.batch, want));
      }
      trace.push(e);
      report(e);
      if (Math.abs(e.score - 0.5) + e.halfWidth <= tol || e.n >= this.b.maxN) break;
      // Redo the bisection on as many samples, in a bracket around the estimate.
      cap = e.n;
      const w = Math.max(hi - lo, (p.max - p.min) / 1000) * 4;
      lo = Math.max(p.min, x - w);
      hi = Math.min(p.max, x + w);
      const l = this.estimate(name, values, lo, cap);
      const h = this.estimate(name, values, hi, cap);
      if ((l.score > 0.5) === up) lo = p.min;
      if ((h.score < 0.5) === up) hi = p.max;
    }
    const within = Math.abs(e.score - 0.5) + e.halfWidth <= tol;
    // The interval of the value: where the score on the final samples crosses 50 % ± its half-width.
    const n = e.n;
    const fixed = (target: number): number => this.bisect(name, values, p.min, p.max, target, n, up, [], () => undefined, true);
    const a = fixed(0.5 - e.halfWidth);
    const c = fixed(0.5 + e.halfWidth);
    return {
      name,
      value: x,
      low: Math.min(a, c),
      high: Math.max(a, c),
      estimate: e,
      withinTolerance: within,
      status: within ? "ok" : "maxN",
      matchups: matchupScores(x, n),
      trace,
    };
  }
}

/** Rows of a result for a table: parameter, value, interval, score, interval, samples, status. */
export function balanceRows(r: BalanceResult): Array<Record<string, string | number>> {
  return r.parameters.map((p) => ({
    parameter: p.name,
    value: p.value,
    low: p.low,
    high: p.high,
    score: p.estimate.score,
    scoreLow: p.estimate.low,
    scoreHigh: p.estimate.high,
    n: p.estimate.n,
    status: p.status,
  }));
}
