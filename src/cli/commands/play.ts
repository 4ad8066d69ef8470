/**
 * `fusillade play`: bots play a built-in scenario, or a scenario file, to the end; prints the battle's account and
 * result, and with `--svg-dir` writes an SVG picture of the table at the start of every phase.
 */
import { resolve } from "node:path";
import { battle, scenarios, renderSvg, formatInputError, type BattleState } from "../../index.js";
import { checkOutputDir, UsageError, writeOutput, type Io } from "../io.js";

/** Options of `play`. */
export interface PlayOptions {
  readonly seed?: string;
  readonly bots?: string;
  readonly svgDir?: string;
  readonly maxDecisions?: string;
  readonly json?: boolean;
}

const BOTS = ["random", "greedy", "search"] as const;
type BotName = (typeof BOTS)[number];

function botName(s: string): BotName {
  if (!(BOTS as readonly string[]).includes(s)) throw new UsageError(`--bots: unknown bot "${s}"; bots: ${BOTS.join(", ")}`);
  return s as BotName;
}

/** A scenario file argument: a path (has a slash) or a file name ending in `.json`. */
const isFileArgument = (s: string): boolean => s.endsWith(".json") || s.includes("/") || s.includes("\\");

/** The scenario to play: a built-in id, or a scenario file (`fusillade-scenario` JSON) read and validated. */
function scenarioOf(io: Io, arg: string): scenarios.Scenario {
  const ids = scenarios.BUILTIN_SCENARIO_IDS as readonly string[];
  if (ids.includes(arg)) return scenarios.builtinScenario(arg as scenarios.BuiltinScenarioId);
  if (!isFileArgument(arg)) throw new UsageError(`play: unknown scenario "${arg}"; built-in: ${ids.join(", ")}; or give a scenario file (*.json)`);
  let text: string;
  try {
    text = io.readFile(resolve(io.cwd, arg));
  } catch (e) {
    throw new UsageError(`play: cannot read scenario file ${arg}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const r = scenarios.parseScenarioText(text);
  if (!r.ok) throw new UsageError(`play: ${arg} is not a valid scenario file (format "fusillade-scenario", see schemas/scenario.json in the package):\n${formatInputError(r.error)}`);
  return r.value;
}

/** Runs `play`; returns the exit code. */
export function playCommand(io: Io, scenario: string, o: PlayOptions): number {
  const s = scenarioOf(io, scenario);
  const seed = o.seed === undefined ? 1 : Number(o.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new UsageError(`--seed must be a whole number, got "${o.seed ?? ""}"`);
  const names = (o.bots ?? "greedy,greedy").split(",").map((b) => botName(b.trim()));
  if (names.length !== 2) throw new UsageError(`--bots takes two bots, one per side, e.g. "greedy,random"`);
  const maxDecisions = o.maxDecisions === undefined ? 5000 : Number(o.maxDecisions);
  if (!Number.isInteger(maxDecisions) || maxDecisions < 1) throw new UsageError(`--max-decisions must be a positive whole number`);
  // An absolute folder is used as given; a relative one is under the working folder.
  const svgDir = o.svgDir === undefined ? undefined : resolve(io.cwd, o.svgDir);
  if (svgDir !== undefined) checkOutputDir("--svg-dir", svgDir);
  let pictures = 0;
  const picture = (state: BattleState): void => {
    if (svgDir === undefined) return;
    const t = state.turn;
    const name = `${String(pictures).padStart(4, "0")}-t${t.gameTurn}-${t.activeSide}-${t.phase}${t.step === null ? "" : `-${t.step}`}.svg`;
    writeOutput(io, resolve(svgDir, name), renderSvg(state));
    pictures++;
  };
  let lastPoint = "";
  const out = battle.playBattle(s, [names[0] as BotName, names[1] as BotName], seed, {
    maxDecisions,
    onDecision: (state) => {
      const point = `${state.turn.gameTurn}/${state.turn.activeSide}/${state.turn.phase}/${state.turn.step ?? ""}`;
      if (point !== lastPoint) picture(state);
      lastPoint = point;
    },
  });
  if (o.json === true) {
    io.stdout.write(`${JSON.stringify({ scenario, seed, bots: names, result: out.result, decisions: out.decisions, stopped: out.stopped, record: out.record })}\n`);
  } else {
    io.stdout.write(battle.battleAccount(out.state, out.log, { title: `${s.name} — ${names.join(" vs ")}, seed ${seed}` }));
    io.stdout.write(`\n${out.decisions} decisions (${out.stopped})${o.svgDir === undefined ? "" : `; ${pictures} pictures in ${o.svgDir}`}\n`);
  }
  return out.stopped === "finished" ? 0 : 1;
}
