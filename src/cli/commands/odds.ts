/** `fusillade odds <question>`: the exact distribution of one resolution, printed as a table. */
import { builtinExperiments, odds, type OddsAnswer, type OddsQuestion } from "../../analysis/index.js";
import { twoUnitCombat, type TwoUnitCombatParams } from "../../analysis/index.js";
import type { VolleySpec } from "../../rules/whn/shooting/volley.js";
import { UsageError, type Io } from "../io.js";

/** Kinds `odds` answers. */
export const ODDS_KINDS = ["leadership", "breakTest", "panic", "rally", "volley", "combatRound", "combat", "pursuit", "fnfFire", "fnfMelee", "fnfManeuver"] as const;

/** Options of `odds`. */
export interface OddsOptions {
  readonly ld?: string;
  readonly margin?: string;
  readonly modifier?: string;
  readonly points?: string;
  readonly attacker?: string;
  readonly defender?: string;
  readonly models?: string;
  readonly disordered?: boolean;
  readonly fleeing?: boolean;
  readonly params?: string;
  readonly pursuitDice?: string;
  readonly fleeDice?: string;
  readonly obstacle?: boolean;
  readonly json?: boolean;
}

/** Accepted ranges of the numeric options: wide enough for any rules question, narrow enough to mean something. */
const RANGES: { readonly [name: string]: readonly [number, number] } = {
  ld: [0, 12],
  margin: [-100, 100],
  modifier: [-20, 20],
  points: [0, 100],
  attacker: [-20, 20],
  defender: [-20, 20],
  models: [0, 1000],
  "pursuit-dice": [0, 6],
  "flee-dice": [0, 6],
};

/** A number option with a default (`dflt`), or a required one (`dflt` null: missing is exit 2). */
function num(name: string, v: string | undefined, dflt: number | null, integer = true, kind = ""): number {
  if (v === undefined) {
    if (dflt === null) throw new UsageError(`odds ${kind}: --${name} is required (e.g. --${name} ${name === "ld" ? 7 : 1})`);
    return dflt;
  }
  const x = Number(v);
  if (v.trim() === "" || !Number.isFinite(x) || (integer && !Number.isInteger(x))) throw new UsageError(`--${name} must be ${integer ? "an integer" : "a number"}, got "${v}"`);
  const [lo, hi] = RANGES[name] ?? [-1e6, 1e6];
  if (x < lo || x > hi) throw new UsageError(`--${name} must be ${lo}…${hi}, got "${v}"`);
  return x;
}

function experimentParams(name: string, text: string | undefined): unknown {
  let raw: unknown = {};
  if (text !== undefined) {
    try {
      raw = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`--params: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  const exp = builtinExperiments().get(name);
  const r = exp?.params.safeParse(raw);
  if (r === undefined || !r.success) throw new UsageError(`--params: ${r === undefined ? "unknown experiment" : r.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`);
  return r.data;
}

/** The question a command line asks. */
export function questionOf(kind: string, o: OddsOptions): OddsQuestion {
  switch (kind) {
    case "leadership":
      return { kind, ld: num("ld", o.ld, null, true, kind), modifier: num("modifier", o.modifier, 0) };
    case "breakTest":
      return { kind, ld: num("ld", o.ld, null, true, kind), margin: num("margin", o.margin, null, true, kind) };
    case "panic":
      return { kind, ld: num("ld", o.ld, null, true, kind), disordered: o.disordered === true };
    case "rally":
      return { kind, ld: num("ld", o.ld, null, true, kind), fleeing: o.fleeing === true, models: num("models", o.models, 10) };
    case "volley": {
      const exp = builtinExperiments().get("whn/volley");
      return { kind, spec: exp?.prepare(experimentParams("whn/volley", o.params)) as VolleySpec };
    }
    case "combatRound":
      return { kind, input: twoUnitCombat(experimentParams("whn/combatRound", o.params) as TwoUnitCombatParams).round };
    case "combat":
      return { kind: "combatToDecision", input: twoUnitCombat(experimentParams("whn/combat", o.params) as TwoUnitCombatParams) };
    case "pursuit":
      return { kind, pursuitDice: num("pursuit-dice", o.pursuitDice, 2), fleeDice: num("flee-dice", o.fleeDice, 2), obstacle: o.obstacle === true };
    case "fnfManeuver":
      return { kind, modifier: num("modifier", o.modifier, 0), disordered: o.disordered === true };
    case "fnfFire":
      return { kind, points: num("points", o.points, null, false, kind), modifier: num("modifier", o.modifier, 0) };
    case "fnfMelee":
      return { kind, attacker: num("attacker", o.attacker, 0), defender: num("defender", o.defender, 0) };
    default:
      throw new UsageError(`odds: unknown question "${kind}"; ask one of ${ODDS_KINDS.join(", ")}`);
  }
}

function pct(p: number): string {
  return `${(p * 100).toFixed(2).padStart(6)} %`;
}

/** A chance as text: exactly 0 is `0` (no spurious digits), anything else a percentage. */
function chance(p: number): string {
  return p === 0 ? "0" : pct(p);
}

/** A mean or a variance: whole numbers as they are (`0`, not `0.0000`), others to 4 places. */
function decimal(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(4);
}

/** The answer as text. */
export function oddsText(a: OddsAnswer): string {
  const lines: string[] = [];
  lines.push(`${a.kind}: ${a.outcome}`);
  lines.push("");
  lines.push(`${"outcome".padEnd(20)} ${"P(=x)".padStart(8)}  ${"P(≥x)".padStart(8)}`);
  const atLeast = new Map(a.atLeast.map(([x, p]) => [x, p]));
  for (const [x, p] of a.dist.entries()) {
    const name = a.labels !== null ? `${x} ${a.labels[x] ?? ""}` : String(x);
    lines.push(`${name.padEnd(20)} ${pct(p)}  ${pct(atLeast.get(x) ?? 0)}`);
  }
  lines.push("");
  lines.push(`mean ${decimal(a.mean)}  variance ${decimal(a.variance)}  quantiles 5/25/50/75/95 %: ${a.quantiles.p05} ${a.quantiles.p25} ${a.quantiles.p50} ${a.quantiles.p75} ${a.quantiles.p95}`);
  for (const [k, v] of Object.entries(a.events)) lines.push(`${k.padEnd(20)} ${k.startsWith("mean") ? decimal(v) : chance(v)}`);
  return `${lines.join("\n")}\n`;
}

/** Runs `odds`; returns the exit code. */
export function oddsCommand(io: Io, kind: string, o: OddsOptions): number {
  let a: OddsAnswer;
  try {
    a = odds(questionOf(kind, o));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`odds ${kind}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (o.json === true) {
    io.stdout.write(`${JSON.stringify({ kind: a.kind, outcome: a.outcome, labels: a.labels, dist: a.dist.entries(), atLeast: a.atLeast, mean: a.mean, variance: a.variance, quantiles: a.quantiles, events: a.events }, null, 2)}\n`);
  } else io.stdout.write(oddsText(a));
  return 0;
}
