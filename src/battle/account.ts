/**
 * A readable account of a battle from its event log: turn by turn, each event as a sentence with
 * the rule behind it, and the result. Names replace ids; dice and step markers are kept brief.
 */
import { adopt } from "../engine/owned.js";
import type { BattleEvent, BattleState } from "../state/battle.js";
import type { JsonValue } from "../state/common.js";

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

const ID_KEYS = new Set(["unit", "target", "shooter", "charger", "from", "to", "winner", "loser", "character", "parent", "square", "pursuer", "quarry", "side"]);

function namer(state: BattleState): (v: JsonValue) => string {
  return (v) => {
    if (typeof v !== "string") return JSON.stringify(v);
    const u = Object.hasOwn(state.units, v) ? state.units[v as keyof typeof state.units] : undefined;
    if (u !== undefined) return u.name;
    const c = Object.hasOwn(state.characters, v) ? state.characters[v as keyof typeof state.characters] : undefined;
    if (c !== undefined) return c.name;
    const s = Object.hasOwn(state.sides, v) ? state.sides[v as keyof typeof state.sides] : undefined;
    return s !== undefined ? s.name : v;
  };
}

const str = (v: JsonValue | undefined): string => (v === undefined ? "?" : typeof v === "string" ? v : JSON.stringify(v));

/** One event as a sentence (without its rule). */
export function describeEvent(e: BattleEvent, state: BattleState): string {
  const n = namer(state);
  const name = (k: string): string => (e[k] === undefined || e[k] === null ? "?" : n(e[k] as JsonValue));
  switch (e.type) {
    case "charge/declared":
      return `${name("unit")} declares a charge on ${name("target")}`;
    case "charge/response":
      return `${name("unit")} answers the charge: ${str(e["response"])}`;
    case "charge/contact":
      return `${name("unit")} charges home into ${name("target")}`;
    case "charge/failed":
      return `${name("unit")}'s charge falls short (${str(e["why"])})`;
    case "unit/moved":
      return `${name("unit")} moves`;
    case "unit/marched":
      return `${name("unit")} marches`;
    case "combat/flowedPast":
      return `${name("unit")} flows past ${name("square")}`;
    case "combat/broke":
      return `${name("unit")} breaks`;
    case "combat/standardCaptured":
      return `${name("unit")} loses its standard to ${name("by")}`;
    case "unit/formationChanged":
      return `${name("unit")} forms ${str(e["to"])}`;
    case "unit/detachmentMerged":
      return `${name("unit")} forms up in the ranks of ${name("parent")}`;
    case "unit/detachmentSplit":
      return `${name("unit")} steps out of the ranks of ${name("parent")}`;
    case "unit/disordered":
      return `${name("unit")} is disordered`;
    case "unit/fled":
      return `${name("unit")} flees`;
    case "unit/destroyed":
      return `${name("unit")} is destroyed`;
    case "unit/leftTable":
      return `${name("unit")} flees the field`;
    case "unit/rallied":
      return `${name("unit")} rallies`;
    case "unit/casualties":
      return `${name("unit")} loses ${str(e["count"] ?? e["removed"] ?? e["casualties"])} figures`;
    case "shooting/fired":
      return `${name("shooter")} fires at ${name("target")}${e["casualties"] !== undefined ? `: ${str(e["casualties"])} casualties` : ""}`;
    case "morale/panicTest":
      return `${name("unit")} tests for panic: ${e["passed"] === true ? "passes" : "fails"}`;
    case "morale/rallyTest":
      return `${name("unit")} tests to rally: ${e["passed"] === true ? "passes" : "fails"}`;
    case "movement/squareCheck":
      return `${name("unit")} tries to form square: ${e["passed"] === true ? "formed" : "fails"}`;
    case "combat/casualties":
      return `${name("unit")} loses ${str(e["removed"])} figures in the fight`;
    case "combat/roundFought":
      return e["winner"] === null ? "the combat is drawn" : `${name("winner")} win the round by ${str(e["margin"])}`;
    case "combat/breakTest":
      return `${name("unit")} takes a break test: ${e["passed"] === true ? "holds" : "breaks"}`;
    case "combat/fellBack":
      return `${name("unit")} falls back`;
    case "combat/holds":
      return `${name("unit")} holds its ground`;
    case "battle/ended":
      return `the battle ends (${str(e["reason"])})`;
    case "battle/victory":
      return e["winner"] === null ? `a draw: ${str(e["reason"])}` : `${name("winner")} win: ${str(e["reason"])}`;
    default: {
      const parts = Object.entries(e)
        .filter(([k]) => !["seq", "gameTurn", "type", "rule"].includes(k))
        .map(([k, v]) => `${k} ${ID_KEYS.has(k) ? n(v) : str(v)}`);
      return `${e.type}${parts.length > 0 ? ` (${parts.join(", ")})` : ""}`;
    }
  }
}

/**
 * A readable account of a battle: a heading per game turn and player turn, one line per event with
 * its rule id, and the result.
 * @example
 * console.log(battleAccount(outcome.state, { title: scenario.name }));
 */
export function battleAccount(input: BattleState, options: AccountOptions = {}): string {
  const state = adopt(input);
  const out: string[] = [];
  const sideName = (id: JsonValue | undefined): string => (typeof id === "string" && Object.hasOwn(state.sides, id) ? (state.sides[id as keyof typeof state.sides]?.name ?? id) : str(id));
  if (options.title !== undefined) out.push(options.title, "=".repeat(Math.min(80, options.title.length)));
  const sides = Object.values(state.sides);
  out.push(`${sides.map((s) => s.name).join(" against ")}; ${state.turn.maxTurns} game turns.`);
  let turn = -1;
  let player: string | null = null;
  let phase: string | null = null;
  for (const e of state.log) {
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
