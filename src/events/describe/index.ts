/**
 * `describeEvent`: one event as an English sentence for people (ids turned into names when a state
 * or a namer is given, distances and scores rounded). Every event type of the catalogue has its
 * own sentence (the `Prose` tables are checked complete by the compiler); an event of a type the
 * catalogue does not know is described from its fields.
 */
import type { BattleEvent, BattleState } from "../../state/battle.js";
import type { JsonValue } from "../../state/common.js";
import { isEngineEventType, type EngineEvent, type EngineEventType } from "../catalogue.js";
import { ARTILLERY_PROSE } from "./artillery.js";
import { COMBAT_PROSE } from "./combat.js";
import { CORE_PROSE } from "./core.js";
import { FNF_PROSE } from "./fnf.js";
import { SHOOTING_PROSE } from "./shooting.js";
import { camelWords, round1, type Namer, type Prose } from "./words.js";
import { badArg, objectArg, readingArg } from "../../engine/args.js";

export type { Namer } from "./words.js";

const PROSE: Prose<EngineEventType> = { ...CORE_PROSE, ...COMBAT_PROSE, ...SHOOTING_PROSE, ...ARTILLERY_PROSE, ...FNF_PROSE };

/** A namer reading unit, character, side and FnF unit or leader names from a state. */
export function namesOf(state: BattleState): Namer {
  return (id) => {
    if (Object.hasOwn(state.units, id)) return state.units[id as keyof typeof state.units]?.name ?? id;
    if (Object.hasOwn(state.characters, id)) return state.characters[id as keyof typeof state.characters]?.name ?? id;
    if (Object.hasOwn(state.sides, id)) return state.sides[id as keyof typeof state.sides]?.name ?? id;
    const fnf = state.fnf;
    if (fnf !== null) {
      if (Object.hasOwn(fnf.units, id)) return fnf.units[id]?.name || id;
      if (Object.hasOwn(fnf.leaders, id)) return fnf.leaders[id]?.name || id;
    }
    return id;
  };
}

const asIs: Namer = (id) => id;

/** A field value in words, for an event type the catalogue does not know. */
function valueText(v: JsonValue): string {
  if (typeof v === "number") return round1(v);
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (v === null) return "none";
  if (Array.isArray(v)) return v.map((x) => valueText(x as JsonValue)).join(", ");
  return Object.entries(v)
    .map(([k, x]) => `${camelWords(k)} ${valueText(x)}`)
    .join(", ");
}

/**
 * One event as an English sentence (without its rule id), e.g. "Grenadiers flee 7.5" from Hussars
 * (rolled 4 + 3 = 7)". Pass the state (or a namer) to show names instead of ids.
 * @example
 * for (const e of result.events) console.log(`${describeEvent(e, state)} [${e.rule}]`);
 */
export function describeEvent(event: EngineEvent | BattleEvent, names?: BattleState | Namer): string {
  const e = objectArg("describeEvent", "event", event);
  if (Array.isArray(event)) throw badArg("describeEvent", "event", "an event object", event);
  return readingArg("describeEvent", "event or names", () => {
    if (typeof e["type"] !== "string") throw badArg("describeEvent", "event.type", "a string", e["type"]);
    return describeOne(event, names);
  });
}

function describeOne(event: EngineEvent | BattleEvent, names?: BattleState | Namer): string {
  const n: Namer = names === undefined ? asIs : typeof names === "function" ? names : namesOf(names);
  if (isEngineEventType(event.type)) {
    const prose = PROSE[event.type] as (e: EngineEvent, n: Namer) => string;
    return prose(event as EngineEvent, n);
  }
  const loose = event as BattleEvent;
  const fields = Object.entries(loose)
    .filter(([k]) => k !== "type" && k !== "rule" && k !== "seq" && k !== "gameTurn")
    .map(([k, v]) => `${camelWords(k)} ${valueText(v)}`);
  return `${camelWords(loose.type.replace("/", ": "))}${fields.length > 0 ? ` (${fields.join("; ")})` : ""}`;
}
