/**
 * Reading scenario files and turning them into battles: `parseScenario` (every problem with its
 * path), `scenarioSetup` (a `BattleSetup` for `createBattle`) and `createScenarioBattle`.
 */
import type { BattleSetup } from "../state/setup.js";
import type { BattleState } from "../state/battle.js";
import type { InputError, Result } from "../engine/violation.js";
import { createBattle } from "../engine/all.js";
import { toIssues } from "../engine/issues.js";
import { ScenarioSchema, type Scenario, type VictorySpec } from "./format.js";
import { characterFromEntry, unitFromEntry } from "./kinds.js";
import { plainCopy, UnreadableInput } from "../engine/plain.js";
import { objectArg, readingArg } from "../engine/args.js";

/**
 * Validates a scenario (parsed JSON), returning it with every default filled in, or every problem
 * with its path (`sides.0.units.2.at: (80, 3) is outside fr's deployment zone …`).
 * @example
 * const r = parseScenario(JSON.parse(text));
 * if (!r.ok) console.log(formatInputError(r.error));
 */
export function parseScenario(input: unknown): Result<Scenario, InputError> {
  // Read once, as plain data: a getter or Proxy trap that throws is a problem of the input, not a crash.
  const copy = plainCopy(input);
  if (copy instanceof UnreadableInput) return { ok: false, error: { code: "setup/invalid", issues: [{ path: [...copy.path], message: copy.message, code: "unreadable" }] } };
  const parsed = ScenarioSchema.safeParse(copy);
  if (!parsed.success) return { ok: false, error: { code: "setup/invalid", issues: toIssues(parsed.error) } };
  return { ok: true, value: parsed.data };
}

/** Parses scenario JSON text, reporting malformed JSON and schema problems alike. */
export function parseScenarioText(text: string): Result<Scenario, InputError> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: { code: "json/invalid", issues: [{ path: [], message: e instanceof Error ? e.message : "malformed JSON", code: "invalid_json" }] } };
  }
  return parseScenario(data);
}

/**
 * The battle setup of a validated scenario with a dice seed: units and characters built from their
 * kinds, deployment as given, turn limit, rules options, terrain and victory rules carried over.
 * @example
 * const state = createBattle(scenarioSetup(scenario, 42));
 */
export function scenarioSetup(s: Scenario, seed: number | string): BattleSetup {
  objectArg("scenarioSetup", "s", s);
  return readingArg("scenarioSetup", "s (a scenario from parseScenario)", () => setupOf(s, seed));
}

function setupOf(s: Scenario, seed: number | string): BattleSetup {
  const units = s.sides.flatMap((side) => side.units.map((u) => unitFromEntry(side.id, u)));
  const at = new Map(units.map((u) => [u.id as string, { x: u.position.x, y: u.position.y, facing: u.facing }]));
  const characters = s.sides.flatMap((side) => side.characters.map((c) => characterFromEntry(side.id, c, (id) => at.get(id))));
  const setup: BattleSetup = {
    ruleset: s.ruleset,
    seed,
    table: s.table,
    sides: [
      { id: s.sides[0].id, name: s.sides[0].name, nation: s.sides[0].nation },
      { id: s.sides[1].id, name: s.sides[1].name, nation: s.sides[1].nation },
    ],
    maxTurns: s.maxTurns,
    units,
    characters,
    terrain: s.terrain,
    options: s.options,
    // The engine judges the scenario's victory rules itself (CORE-TURN-1).
    victory: s.victory,
  };
  return {
    ...setup,
    ...(s.firstSide !== undefined ? { firstSide: s.firstSide } : {}),
    ...(s.wind !== undefined ? { wind: s.wind } : {}),
  };
}

/** The victory rules of a scenario (objectives, conditions, result otherwise). */
export function victoryOf(s: Scenario): VictorySpec {
  return readingArg("victoryOf", "s", () => objectArg("victoryOf", "s", s)["victory"] as VictorySpec);
}

/** Validates a scenario and creates its battle's first state, or returns every problem with its path. */
export function createScenarioBattle(input: unknown, seed: number | string): Result<BattleState, InputError> {
  const s = parseScenario(input);
  if (!s.ok) return s;
  return createBattle(scenarioSetup(s.value, seed));
}
