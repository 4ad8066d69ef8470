/**
 * Whole battles as experiments: any scenario (built-in by id, or a scenario object), one bot a side,
 * rules option overrides and per-unit overrides (figures, files, formation, quality, profile). One
 * sample is one battle played to its end by `battle.playBattle`, its seed drawn from the sample's
 * dice, so every variant of a paired study fights the same seeds (common random numbers).
 */
import * as z from "zod";
import { playBattle, type BotName } from "../../battle/play.js";
import { BUILTIN_SCENARIO_IDS, builtinScenario, type BuiltinScenarioId } from "../../scenarios/builtin.js";
import { parseScenario } from "../../scenarios/load.js";
import type { Scenario } from "../../scenarios/format.js";
import { formatInputError } from "../../engine/format.js";
import type { Dice } from "../../dice/index.js";
import { defineExperiment } from "../experiment.js";

const BOT_NAMES = ["random", "greedy", "search"] as const;

/** Overrides of one unit of the scenario (any left out keep the scenario's). */
const UnitOverride = z.strictObject({
  figures: z.int().min(1).max(1000).optional(),
  files: z.int().min(1).max(1000).optional(),
  formation: z.string().optional(),
  quality: z.string().optional(),
  profile: z.record(z.string(), z.int()).optional(),
});

/** Zod schema of a battle cell. */
export const BattleParams = z.strictObject({
  /** A built-in scenario id, or a whole scenario object (the scenario file format). */
  scenario: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).default("skirmish-screen"),
  /** One bot per side, in the scenario's side order. */
  bots: z.tuple([z.enum(BOT_NAMES), z.enum(BOT_NAMES)]).default(["greedy", "greedy"]),
  /** Budget handed to every bot (default: per bot). */
  budget: z.int().min(0).max(100_000).optional(),
  /** Rules options overrides, merged into the scenario's (`{ "hr": { "squareness": "direct" } }`). */
  options: z.record(z.string(), z.unknown()).default({}),
  /** Per-unit overrides by unit id. */
  units: z.record(z.string(), UnitOverride).default({}),
  /** Turn limit override. */
  maxTurns: z.int().min(1).max(100).optional(),
  /** Decisions before a battle counts as unfinished (a draw with `finished: false`). */
  maxDecisions: z.int().min(1).max(1_000_000).default(3000),
});
/** A battle cell, complete. */
export type BattleCell = z.output<typeof BattleParams>;

/** A prepared battle cell: the validated scenario and each side's starting figures. */
export interface PreparedBattle {
  readonly scenario: Scenario;
  readonly bots: readonly [BotName, BotName];
  readonly budget: number | undefined;
  readonly maxDecisions: number;
  readonly sides: readonly [string, string];
  readonly figures: readonly [number, number];
}

function isPlain(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Deep merge of plain objects (b wins; arrays and scalars replace). */
function merge(a: unknown, b: unknown): unknown {
  if (!isPlain(a) || !isPlain(b)) return b;
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = merge(a[k], v);
  return out;
}

/** Validates a battle cell into the scenario it plays; bad input is a RangeError naming what is wrong. */
export function prepareBattle(p: BattleCell): PreparedBattle {
  let raw: unknown;
  if (typeof p.scenario === "string") {
    if (!(BUILTIN_SCENARIO_IDS as readonly string[]).includes(p.scenario)) throw new RangeError(`unknown scenario "${p.scenario}"; built-in: ${BUILTIN_SCENARIO_IDS.join(", ")}`);
    raw = builtinScenario(p.scenario as BuiltinScenarioId);
  } else raw = p.scenario;
  if (!isPlain(raw)) throw new RangeError("scenario: an object or a built-in id");
  const known = new Set<string>();
  const sides = (Array.isArray(raw["sides"]) ? raw["sides"] : []).map((side: unknown) => {
    if (!isPlain(side) || !Array.isArray(side["units"])) return side;
    return {
      ...side,
      units: side["units"].map((u: unknown) => {
        if (!isPlain(u) || typeof u["id"] !== "string") return u;
        known.add(u["id"]);
        const o = p.units[u["id"]];
        if (o === undefined) return u;
        const profile = o.profile === undefined ? u["profile"] : { ...(isPlain(u["profile"]) ? u["profile"] : {}), ...o.profile };
        const { profile: _drop, ...rest } = o;
        return { ...u, ...rest, ...(profile === undefined ? {} : { profile }) };
      }),
    };
  });
  for (const id of Object.keys(p.units)) if (!known.has(id)) throw new RangeError(`units.${id}: no unit "${id}" in the scenario`);
  const next = { ...raw, sides, options: merge(raw["options"] ?? {}, p.options), ...(p.maxTurns === undefined ? {} : { maxTurns: p.maxTurns }) };
  const r = parseScenario(next);
  if (!r.ok) throw new RangeError(`the scenario does not validate:\n${formatInputError(r.error)}`);
  const s = r.value;
  const figs = s.sides.map((side) => side.units.reduce((n, u) => n + (u.figures ?? defaultFigures(u.kind)), 0));
  return { scenario: s, bots: p.bots, budget: p.budget, maxDecisions: p.maxDecisions, sides: [s.sides[0].id, s.sides[1].id], figures: [figs[0] as number, figs[1] as number] };
}

function defaultFigures(kind: string): number {
  return kind === "lightInfantry" || kind === "riflemen" || kind === "hussars" || kind === "cuirassiers" || kind === "lancers" ? 12 : 24;
}

/** A battle seed from a sample's dice: 12 D6 as base-6 digits (6^12 ≈ 2.2 × 10^9 seeds). */
export function battleSeed(dice: Dice): number {
  let s = 0;
  for (let i = 0; i < 12; i++) s = s * 6 + (dice.d6() - 1);
  return s;
}

/** Plays one battle of a prepared cell with a seed: who won, figures lost each side, turns, decisions. */
export function playCell(p: PreparedBattle, seed: number): Record<string, number | boolean | string> {
  const out = playBattle(p.scenario, p.bots, seed, { maxDecisions: p.maxDecisions, ...(p.budget === undefined ? {} : { budget: p.budget }) });
  const left: [number, number] = [0, 0];
  for (const u of Object.values(out.state.units)) {
    if (u === undefined || u.removed !== null) continue;
    const i = u.side === p.sides[0] ? 0 : 1;
    left[i] += u.figures;
  }
  const winner = out.result?.winner ?? null;
  const w = winner === p.sides[0] ? "a" : winner === p.sides[1] ? "b" : "draw";
  return {
    winner: w,
    aWins: w === "a",
    bWins: w === "b",
    draw: w === "draw",
    finished: out.stopped === "finished",
    aFiguresLost: p.figures[0] - left[0],
    bFiguresLost: p.figures[1] - left[1],
    turns: out.state.turn.gameTurn,
    decisions: out.decisions,
  };
}

/** A whole battle: a scenario played to its end by the chosen bots (side a = the scenario's first side). */
export const battleExperiment = defineExperiment({
  name: "whn/battle",
  summary: "A whole battle: a scenario with chosen bots and option overrides played to its end; winner, figures lost, turns.",
  params: BattleParams,
  prepare: prepareBattle,
  run: (dice, p) => playCell(p, battleSeed(dice)),
});
