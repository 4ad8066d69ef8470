/**
 * The study file: JSON describing one experiment, a sweep (the cartesian product of named axes
 * applied to base params), optional paired variants (A/B rule variants on common random numbers),
 * and either a fixed N per cell or a target interval half-width. Validated with zod; errors carry
 * the path into the file.
 */
import { scanInput } from "../../engine/scan.js";
import * as z from "zod";

const JsonValue: z.ZodType<unknown> = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(JsonValue), z.record(z.string(), JsonValue)]));

/** A dotted path into an experiment's params, e.g. `"options.hr.squareness"` or `"firer.files"`. */
const ParamPath = z.string().regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, "a dotted path into the params, e.g. \"firer.files\"");

/** When to stop sampling a cell: once the interval of `metric` is at most ±halfWidth. */
export const StopRuleSchema = z.strictObject({
  metric: z.string().min(1),
  halfWidth: z.number().positive(),
  minN: z.int().min(1).default(1000),
  maxN: z.int().min(1).max(1_000_000_000).default(1_000_000),
});

/**
 * The fields that open every file of the study family (a study, a balance file): the JSON Schema it
 * claims, its names, the experiment it samples and its seed. Spread into each file's schema.
 */
export const StudyHeaderShape = {
  $schema: z.string().optional(),
  /** Short name, used in file names. */
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "lower-case letters, digits and dashes"),
  title: z.string().optional(),
  description: z.string().optional(),
  /** The registered experiment, e.g. `"whn/volley"` or `"whn/battle"`. */
  experiment: z.string().min(1),
  /** Seed of the file: sample i of a cell or match-up uses `forkDice(seedDice(seed), i)`. */
  seed: z.union([z.int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(200)]).default(1),
};

/** Zod schema of a study file. */
export const StudySchema = z
  .strictObject({
    ...StudyHeaderShape,
    /** Params shared by every cell. */
    base: z.record(z.string(), JsonValue).default({}),
    /** Axes: a path into the params → the values it takes; cells are their cartesian product (last axis fastest). */
    sweep: z.record(ParamPath, z.array(JsonValue).min(1).max(10_000)).default({}),
    /** Paired variants: name → overrides (path → value), all run on the same dice; differences are against the first. */
    variants: z.record(z.string().regex(/^[A-Za-z0-9_]+$/, "letters, digits and _"), z.record(ParamPath, JsonValue)).optional(),
    /** Samples per cell (fixed N). */
    n: z.int().min(1).max(1_000_000_000).optional(),
    /** Or: sample each cell until its interval is narrow enough. */
    stop: StopRuleSchema.optional(),
    /** Samples per work unit; results are identical for any number of workers or shards. */
    chunk: z.int().min(1).max(10_000_000).default(1000),
    confidence: z.number().gt(0).lt(1).default(0.95),
    /** Also compute exact distributions where the experiment has them (shown beside the estimates). */
    exact: z.boolean().default(true),
    /** Report hints: the metrics to chart and the sweep axis on the x axis. */
    report: z.strictObject({ metrics: z.array(z.string()).optional(), x: z.string().optional() }).prefault({}),
  })
  .superRefine((s, ctx) => {
    if ((s.n === undefined) === (s.stop === undefined)) ctx.addIssue({ code: "custom", message: "give exactly one of `n` (fixed samples per cell) or `stop` (a target interval)", path: ["n"] });
    if (s.variants !== undefined && Object.keys(s.variants).length < 1) ctx.addIssue({ code: "custom", message: "list at least one variant", path: ["variants"] });
    if (s.stop !== undefined && s.stop.minN > s.stop.maxN) ctx.addIssue({ code: "custom", message: "minN must not exceed maxN", path: ["stop", "minN"] });
  });

/** A study as written (defaults may be left out). */
export type StudyInput = z.input<typeof StudySchema>;
/** A study with every default filled in. */
export type Study = z.output<typeof StudySchema>;

/** A problem found in a study file: where, and what. */
export interface StudyIssue {
  readonly path: string;
  readonly message: string;
}

/** Formats a path array as `sweep["firer.files"][2]`-style text. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else if (typeof p === "string" && /^[A-Za-z_$][\w$]*$/.test(p)) out += out === "" ? p : `.${p}`;
    else out += `[${JSON.stringify(String(p))}]`;
  }
  return out === "" ? "(root)" : out;
}

/** Issues of a failed zod parse, each with its path. */
export function zodIssues(error: z.ZodError, prefix: readonly PropertyKey[] = []): StudyIssue[] {
  return error.issues.map((i) => ({ path: formatPath([...prefix, ...i.path]), message: i.message }));
}

/**
 * Validates a study (parsed JSON).
 * @example
 * const r = parseStudy(JSON.parse(text));
 * if (!r.ok) console.error(r.issues.map((i) => `${i.path}: ${i.message}`).join("\n"));
 */
export function parseStudy(input: unknown): { ok: true; study: Study } | { ok: false; issues: StudyIssue[] } {
  // Prototype keys and runaway nesting are refused before zod sees them (zod drops `__proto__`
  // keys silently and recurses without limit).
  const hostile = scanInput(input);
  if (hostile.length > 0) return { ok: false, issues: hostile.map((i) => ({ path: i.path.join("."), message: i.message })) };
  const r = StudySchema.safeParse(input);
  return r.success ? { ok: true, study: r.data } : { ok: false, issues: zodIssues(r.error) };
}
