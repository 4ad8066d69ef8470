/**
 * From a validated study to a plan: its cells (the sweep's cartesian product), each cell's params
 * per variant (validated by the experiment), and the work units (cell, chunk) that sample it.
 * `runChunk` samples one work unit: pure, and the same wherever and whenever it runs.
 */
import { forkDice, roller, seedDice, type DiceState } from "../../dice/index.js";
import type { AnyExperiment, ExperimentRegistry } from "../experiment.js";
import { TallyBuilder, type Tally } from "../tally.js";
import { formatPath, zodIssues, type Study, type StudyIssue } from "./schema.js";
import { setPath } from "../paths.js";
import { FusilladeError } from "../../engine/violation.js";

/** Name of the one variant of a study without `variants`. */
export const BASE_VARIANT = "base";

/** One point of the sweep. */
export interface Cell {
  readonly index: number;
  /** Axis path → value at this point. */
  readonly coords: Readonly<Record<string, unknown>>;
  /** Complete params per variant (validated). */
  readonly params: Readonly<Record<string, unknown>>;
}

/** A study ready to run. */
export interface Plan {
  readonly study: Study;
  readonly experiment: AnyExperiment;
  readonly cells: readonly Cell[];
  readonly variants: readonly string[];
  /** Work units per cell: ceil(n / chunk), or ceil(maxN / chunk) under a stop rule. */
  readonly chunksPerCell: number;
  /** Samples per cell at most. */
  readonly maxPerCell: number;
  /** Prepared values per cell and variant, built on first use (pure, so caching is safe). */
  readonly prepared: Map<string, unknown>;
}

/** The metric key a variant's metric is tallied under (`"casualties"` or `"B:casualties"`). */
export function metricKey(plan: Pick<Plan, "variants">, variant: string, metric: string): string {
  return plan.variants.length === 1 ? metric : `${variant}:${metric}`;
}

/** The key of a paired difference (variant − first variant). */
export function diffKey(plan: Pick<Plan, "variants">, variant: string, metric: string): string {
  return `${variant}-${plan.variants[0] as string}:${metric}`;
}

function cartesian(axes: ReadonlyArray<readonly [string, readonly unknown[]]>): Array<Record<string, unknown>> {
  let out: Array<Record<string, unknown>> = [{}];
  for (const [path, values] of axes) {
    const next: Array<Record<string, unknown>> = [];
    for (const c of out) for (const v of values) next.push({ ...c, [path]: v });
    out = next;
  }
  return out;
}

/**
 * Plans a study: looks up its experiment, expands the sweep and validates every cell's params.
 * @example
 * const r = planStudy(study, builtinExperiments());
 * if (r.ok) r.plan.cells.length;
 */
export function planStudy(study: Study, registry: ExperimentRegistry): { ok: true; plan: Plan } | { ok: false; issues: StudyIssue[] } {
  const experiment = registry.get(study.experiment);
  if (experiment === undefined) {
    return { ok: false, issues: [{ path: "experiment", message: `unknown experiment "${study.experiment}"; known: ${registry.names().join(", ")}` }] };
  }
  const axes = Object.entries(study.sweep);
  const variants = study.variants === undefined ? [[BASE_VARIANT, {}] as const] : Object.entries(study.variants);
  const issues: StudyIssue[] = [];
  const cells: Cell[] = [];
  cartesian(axes).forEach((coords, index) => {
    const params: Record<string, unknown> = {};
    for (const [name, overrides] of variants) {
      let p: Record<string, unknown> = study.base;
      for (const [path, v] of Object.entries(coords)) p = setPath(p, path, v);
      for (const [path, v] of Object.entries(overrides)) p = setPath(p, path, v);
      const r = experiment.params.safeParse(p);
      if (r.success) params[name] = r.data;
      else {
        const where = Object.entries(coords).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ");
        const prefix = [where === "" ? "base" : `cell ${where}`, ...(study.variants === undefined ? [] : [`variant ${name}`])].join(", ");
        for (const i of zodIssues(r.error)) issues.push({ path: i.path === "(root)" ? "base" : `base.${i.path}`, message: `${i.message} (${prefix})` });
      }
    }
    cells.push({ index, coords, params });
  });
  if (study.report.x !== undefined && !(study.report.x in study.sweep)) issues.push({ path: "report.x", message: `"${study.report.x}" is not a sweep axis (${formatPath(["sweep"])} has ${Object.keys(study.sweep).join(", ") || "none"})` });
  if (issues.length > 0) return { ok: false, issues: dedupe(issues) };
  const maxPerCell = study.n ?? study.stop?.maxN ?? 0;
  return {
    ok: true,
    plan: { study, experiment, cells, variants: variants.map(([n]) => n), chunksPerCell: Math.ceil(maxPerCell / study.chunk), maxPerCell, prepared: new Map() },
  };
}

function dedupe(issues: StudyIssue[]): StudyIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.path}\u0000${i.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The prepared values of a cell's variant (built once per plan). */
export function preparedFor(plan: Plan, cell: number, variant: string): unknown {
  const key = `${cell}|${variant}`;
  if (!plan.prepared.has(key)) {
    const c = plan.cells[cell];
    if (c === undefined) throw new RangeError(`preparedFor: no cell ${cell}`);
    try {
      plan.prepared.set(key, plan.experiment.prepare(c.params[variant]));
    } catch (e) {
      const where = Object.entries(c.coords).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ");
      throw new StudySetupError(`${plan.experiment.name}: cannot set up ${where === "" ? "the study" : `cell ${where}`}${plan.variants.length > 1 ? ` (variant ${variant})` : ""}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return plan.prepared.get(key);
}

/**
 * A study whose params pass the schema but describe something the rules cannot set up: a
 * {@link FusilladeError} with code `study/setup`, so one `instanceof` covers every error the library throws.
 */
export class StudySetupError extends FusilladeError {
  override readonly name = "StudySetupError";
  constructor(message: string, options?: { cause?: unknown }) {
    super("study/setup", message, options);
  }
}

/** The dice root of a study: sample i of every cell and variant uses `forkDice(root, i)`. */
export function studyRoot(study: Study): DiceState {
  return seedDice(study.seed);
}

/** Sample indices [from, to) of a chunk of a cell. */
export function chunkRange(plan: Plan, chunk: number): readonly [number, number] {
  const from = chunk * plan.study.chunk;
  return [from, Math.min(from + plan.study.chunk, plan.maxPerCell)];
}

/**
 * Samples one work unit: sample indices of `chunk` in `cell`, every variant on the same dice
 * stream per sample (common random numbers), paired differences against the first variant.
 */
export function runChunk(plan: Plan, cell: number, chunk: number, root: DiceState = studyRoot(plan.study)): Tally {
  const [from, to] = chunkRange(plan, chunk);
  const prepared = plan.variants.map((v) => preparedFor(plan, cell, v));
  const run = plan.experiment.run;
  const b = new TallyBuilder();
  const single = plan.variants.length === 1;
  const names = plan.variants;
  for (let i = from; i < to; i++) {
    const stream = forkDice(root, i);
    if (single) {
      b.add(run(roller(stream), prepared[0]));
      continue;
    }
    const rec: Record<string, number | boolean | string> = {};
    let first: Readonly<Record<string, number | boolean | string>> = {};
    for (let v = 0; v < names.length; v++) {
      const out = run(roller(stream), prepared[v]);
      const name = names[v] as string;
      for (const k in out) rec[`${name}:${k}`] = out[k] as number | boolean | string;
      if (v === 0) first = out;
      else {
        for (const k in out) {
          const x = out[k];
          const y = first[k];
          if (typeof x === "number" && typeof y === "number") rec[`${name}-${names[0] as string}:${k}`] = x - y;
          else if (typeof x === "boolean" && typeof y === "boolean") rec[`${name}-${names[0] as string}:${k}`] = (x ? 1 : 0) - (y ? 1 : 0);
        }
      }
    }
    b.add(rec);
  }
  return b.tally();
}
