/**
 * The hostile-input classes of issue 13 beyond test/engine/hostile.test.ts: scenario files, study
 * files, battle records, setups, states and actions in situations (wrong side, wrong phase,
 * finished battle). Each class is a name, the reader it targets and the input.
 */
import { builtinScenario, BUILTIN_SCENARIO_FILES } from "../../src/scenarios/index.js";
import { battalion, smallBattle } from "../fixtures/setups.js";

/** The readers a hostile input is handed to. */
export type Reader = "scenario" | "scenarioText" | "study" | "record" | "recordText" | "setup" | "state";

/** A deep copy of the Quatre Bras scenario file, as plain mutable JSON. */
export function scenarioJson(): any {
  return JSON.parse(JSON.stringify(BUILTIN_SCENARIO_FILES["quatre-bras"]));
}

const unit0 = (s: any): any => s.sides[0].units[0];
const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};
const study = (over: Record<string, unknown> = {}): Record<string, unknown> => ({ name: "hostile", experiment: "whn/volley", n: 10, ...over });
void builtinScenario;

/** Hostile classes: [name, reader, make the input]. */
export const HOSTILE_CASES: readonly (readonly [string, Reader, () => unknown])[] = [
  // Scenario files
  ["scenario: malformed JSON text", "scenarioText", () => '{"format":"fusillade-scenario",'],
  ["scenario: JSON text that is an array", "scenarioText", () => "[1,2,3]"],
  ["scenario: wrong format tag", "scenario", () => ({ ...scenarioJson(), format: "other-game" })],
  ["scenario: a future format version", "scenario", () => ({ ...scenarioJson(), version: 2 })],
  ["scenario: an extra top-level field", "scenario", () => ({ ...scenarioJson(), cheat: true })],
  ["scenario: a missing sides list", "scenario", () => ({ ...scenarioJson(), sides: undefined })],
  ["scenario: an empty army", "scenario", () => { const s = scenarioJson(); s.sides[1].units = []; return s; }],
  ["scenario: one army only", "scenario", () => { const s = scenarioJson(); s.sides = [s.sides[0]]; return s; }],
  ["scenario: duplicate unit ids across armies", "scenario", () => { const s = scenarioJson(); s.sides[1].units[0].id = unit0(s).id; return s; }],
  ["scenario: a unit outside its deployment zone", "scenario", () => { const s = scenarioJson(); unit0(s).at = { x: 30, y: 40 }; return s; }],
  ["scenario: a unit off the table", "scenario", () => { const s = scenarioJson(); unit0(s).at = { x: -5, y: 3 }; return s; }],
  ["scenario: NaN coordinate", "scenario", () => { const s = scenarioJson(); unit0(s).at = { x: Number.NaN, y: 3 }; return s; }],
  ["scenario: +Infinity table width", "scenario", () => ({ ...scenarioJson(), table: { width: Number.POSITIVE_INFINITY, height: 48 } })],
  ["scenario: -Infinity facing", "scenario", () => { const s = scenarioJson(); unit0(s).facing = Number.NEGATIVE_INFINITY; return s; }],
  ["scenario: huge figure count", "scenario", () => { const s = scenarioJson(); unit0(s).figures = 1e9; return s; }],
  ["scenario: negative figure count", "scenario", () => { const s = scenarioJson(); unit0(s).figures = -4; return s; }],
  ["scenario: a number where a unit id belongs", "scenario", () => { const s = scenarioJson(); unit0(s).id = 42; return s; }],
  ["scenario: an unknown unit kind", "scenario", () => { const s = scenarioJson(); unit0(s).kind = "dragonRiders"; return s; }],
  ["scenario: a character joined to an enemy unit", "scenario", () => { const s = scenarioJson(); s.sides[0].characters[0].joinedTo = s.sides[1].units[0].id; return s; }],
  ["scenario: two Generals on one side", "scenario", () => { const s = scenarioJson(); s.sides[0].characters.push({ id: "fr-ney", kind: "general", at: { x: 5, y: 5 } }); return s; }],
  ["scenario: a victory condition for an unknown objective", "scenario", () => { const s = scenarioJson(); s.victory.conditions = [{ kind: "objectiveHeld", winner: "fr", objective: "nowhere" }]; return s; }],
  ["scenario: a __proto__ key in a unit", "scenarioText", () => JSON.stringify(scenarioJson()).replace('"kind":"cuirassiers"', '"kind":"cuirassiers","__proto__":{"figures":999}')],
  ["scenario: a constructor key in the options", "scenario", () => ({ ...scenarioJson(), options: JSON.parse('{"constructor":{"prototype":{"polluted":true}}}') })],
  ["scenario: options nested 200 levels deep", "scenario", () => ({ ...scenarioJson(), options: deep(200) })],
  ["scenario: 5 000 units in one army", "scenario", () => { const s = scenarioJson(); s.sides[0].units = Array.from({ length: 5000 }, (_, i) => ({ ...unit0(s), id: `u${i}` })); return s; }],
  ["scenario: a name of a million characters", "scenario", () => ({ ...scenarioJson(), name: "x".repeat(1_000_000) })],
  // Study files
  ["study: neither n nor stop", "study", () => ({ name: "s", experiment: "whn/volley" })],
  ["study: both n and stop", "study", () => study({ stop: { metric: "hits", halfWidth: 0.1 } })],
  ["study: negative n", "study", () => study({ n: -5 })],
  ["study: fractional n", "study", () => study({ n: 2.5 })],
  ["study: NaN confidence", "study", () => study({ confidence: Number.NaN })],
  ["study: confidence of 1", "study", () => study({ confidence: 1 })],
  ["study: a name with spaces and capitals", "study", () => study({ name: "My Study" })],
  ["study: an empty sweep axis", "study", () => study({ sweep: { "firer.files": [] } })],
  ["study: a sweep axis that is not a dotted path", "study", () => study({ sweep: { "../etc": [1] } })],
  ["study: minN above maxN", "study", () => ({ name: "s", experiment: "whn/volley", stop: { metric: "m", halfWidth: 0.1, minN: 10, maxN: 5 } })],
  ["study: a __proto__ key in base params", "study", () => study({ base: JSON.parse('{"__proto__":{"polluted":true}}') })],
  ["study: base params nested 3 000 levels deep", "study", () => study({ base: { x: deep(3000) } })],
  ["study: an unknown field", "study", () => study({ workers: 64 })],
  // Battle records
  ["record: malformed JSON text", "recordText", () => '{"schemaVersion":1,"actions":['],
  ["record: a version from the future", "record", () => ({ schemaVersion: 99, setup: smallBattle(), actions: [] })],
  ["record: actions that are not a list", "record", () => ({ schemaVersion: 1, setup: smallBattle(), actions: { 0: { type: "turn/advance" } } })],
  ["record: an action of an unknown type", "record", () => ({ schemaVersion: 1, setup: smallBattle(), actions: [{ type: "magic/fireball" }] })],
  ["record: a setup that is a string", "record", () => ({ schemaVersion: 1, setup: "ridgeAction", actions: [] })],
  ["record: a negative schema version", "record", () => ({ schemaVersion: -1, setup: smallBattle(), actions: [] })],
  // Battle setups
  ["setup: NaN seed", "setup", () => ({ ...smallBattle(), seed: Number.NaN })],
  ["setup: a seed beyond the safe integers", "setup", () => ({ ...smallBattle(), seed: 2 ** 60 })],
  ["setup: -Infinity coordinate", "setup", () => smallBattle({ units: [battalion("fr-1", "fr", { position: { x: Number.NEGATIVE_INFINITY, y: 5 } })] })],
  ["setup: a unit off the table", "setup", () => smallBattle({ units: [battalion("fr-1", "fr", { position: { x: 500, y: 5 } })] })],
  ["setup: duplicate unit ids", "setup", () => smallBattle({ units: [battalion("fr-1", "fr"), battalion("fr-1", "gb", { position: { x: 36, y: 30 } })] })],
  ["setup: an id where a side belongs is unknown", "setup", () => smallBattle({ units: [battalion("fr-1", "ru")] })],
  ["setup: zero files", "setup", () => smallBattle({ units: [battalion("fr-1", "fr", { files: 0 })] })],
  ["setup: a facing of 1e308", "setup", () => smallBattle({ units: [battalion("fr-1", "fr", { facing: 1e308 })] })],
  ["setup: a joined character of the other side", "setup", () => ({ ...smallBattle(), characters: [{ id: "ney", side: "gb", name: "Ney", profile: { M: 4, WS: 5, BS: 4, S: 4, T: 4, W: 3, I: 5, A: 3, Ld: 9 }, base: { w: 1, d: 1 }, position: { x: 36, y: 10 }, facing: 90, joinedTo: "fr-1" }] })],
  ["setup: two units overlapping at deployment", "setup", () => smallBattle({ units: [battalion("fr-1", "fr", { position: { x: 36, y: 10 } }), battalion("fr-2", "fr", { position: { x: 36.5, y: 10 } }), battalion("gb-1", "gb", { position: { x: 36, y: 30 }, facing: 270 })] })],
  ["scenario: two units overlapping at deployment", "scenario", () => { const s = scenarioJson(); s.sides[0].units[1].at = { ...unit0(s).at }; return s; }],
  // Saved states
  ["state: a pending decision for an unknown side", "state", () => ({ pending: [{ kind: "chargeResponse", side: "ru", unit: null, targets: [], rule: "CORE-CHRG-2" }] })],
  ["state: a combat naming an unknown unit", "state", () => ({ combats: { c1: { id: "c1", units: ["fr-1", "ghost"] } } })],
  ["state: negative dice draws", "state", () => ({ dice: { kind: "prng", algorithm: "sfc32", s: [1, 2, 3, 4], draws: -1 } })],
  ["state: an event detail of -Infinity", "state", () => ({ log: [{ seq: 0, gameTurn: 1, type: "turn/phaseStarted", rule: "CORE-TURN-2", value: Number.NEGATIVE_INFINITY }] })],
  ["state: a result before the end", "state", () => ({ result: { winner: "ru", reason: "x", rule: null } })],
];
