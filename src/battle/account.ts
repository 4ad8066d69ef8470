/**
 * A readable account of a battle from its event log: turn by turn, each event as a sentence with
 * the rule behind it (`describeEvent`, src/events/describe), and the result. Names replace ids; dice
 * and step markers are kept brief.
 */
import { adopt } from "../engine/owned.js";
import { badArg, objectArg, readingArg } from "../engine/args.js";
import type { BattleEvent, BattleState } from "../state/battle.js";
import type { JsonValue } from "../state/common.js";
import { describeEvent } from "../events/describe/index.js";

/** Options of {@link battleAccount}. */
export interface AccountOptions {
  /** A title line (the scenario's name). */
  readonly title?: string;
  /** Also list dice-level events (hits, wounds, saves, tests passed) (default false: outcomes only). */
  readonly detailed?: boolean;
}

/** Events that only mark the sequence: shown as headings, not lines. */
const MARKERS = new Set(["turn/stepStarted", "turn/phaseStarted", "turn/gameTurnEnded"]);
/** Dice-level events, shown only in a detailed account. */
const DICE = new Set(["combat/strike", "combat/fallBackDue", "combat/flowPastDue", "combat/aftermathDone", "combat/ended", "shooting/initialVolley", "shooting/hits", "shooting/wounds", "shooting/saves", "shooting/volleyRolls", "shooting/panicThreshold", "morale/panicExempt", "unit/singleRank"]);

const str = (v: JsonValue | undefined): string => (v === undefined ? "?" : typeof v === "string" ? v : JSON.stringify(v));

/**
 * A readable account of a battle from its events (the state keeps no history: pass the events
 * `apply` returned, a `playBattle` outcome's `log` or `replay(record).events`): a heading per game
 * turn and player turn, one line per event with its rule id, and the result of `state`.
 * @example
 * console.log(battleAccount(outcome.state, outcome.log, { title: scenario.name }));
 */
export function battleAccount(input: BattleState, events: readonly BattleEvent[], options: AccountOptions = {}): string {
  const state = adopt(input);
  if (!Array.isArray(events)) throw badArg("battleAccount", "events", "an array of events", events);
  objectArg("battleAccount", "options", options);
  return readingArg("battleAccount", "events or options", () => account(state, events, options));
}

/** {@link battleAccount} on an adopted state (the arguments are read inside a guard). */
function account(state: BattleState, events: readonly BattleEvent[], options: AccountOptions): string {
  const out: string[] = [];
  const sideName = (id: JsonValue | undefined): string => (typeof id === "string" && Object.hasOwn(state.sides, id) ? (state.sides[id as keyof typeof state.sides]?.name ?? id) : str(id));
  if (options.title !== undefined) out.push(options.title, "=".repeat(Math.min(80, options.title.length)));
  const sides = Object.values(state.sides);
  out.push(`${sides.map((s) => s.name).join(" against ")}; ${state.turn.maxTurns} game turns.`);
  let turn = -1;
  let player: string | null = null;
  let phase: string | null = null;
  for (const e of events) {
    if (e.type === "turn/phaseStarted" || e.type === "turn/stepStarted") {
      if (e.gameTurn !== turn) {
        turn = e.gameTurn;
        out.push("", `Game turn ${turn}`);
        player = null;
      }
      if (e["side"] !== player) {
        player = e["side"] as string;
        out.push(`  ${sideName(player)}`);
      }
      phase = `${str(e["phase"])}${e["step"] !== null && e["step"] !== undefined ? ` (${str(e["step"])})` : ""}`;
      continue;
    }
    if (MARKERS.has(e.type) || (options.detailed !== true && DICE.has(e.type))) continue;
    if (options.detailed !== true && (e.type === "morale/panicTest" || e.type === "morale/rallyTest" || e.type === "movement/squareCheck") && e["passed"] === true && e.type !== "movement/squareCheck") continue;
    out.push(`    ${phase ?? ""}: ${describeEvent(e, state)} [${e.rule}]`);
  }
  out.push("");
  const r = state.result;
  if (r === null) out.push(`Unfinished after game turn ${state.turn.gameTurn}.`);
  else out.push(`Result: ${r.winner === null ? "a draw" : `${sideName(r.winner)} win`} — ${r.reason}${r.rule !== null ? ` [${r.rule}]` : ""}`);
  const left = (side: string): string => {
    const units = Object.values(state.units).filter((u) => u.side === side);
    const intact = units.filter((u) => u.removed === null && u.figures > 0);
    return `${sideName(side)}: ${intact.length}/${units.length} units, ${intact.reduce((a, u) => a + (u.mergedInto === null ? u.figures : 0), 0)}/${units.reduce((a, u) => a + u.startingFigures, 0)} figures`;
  };
  out.push(...Object.keys(state.sides).map(left));
  return out.join("\n");
}
