/**
 * The three built-in scenarios, shipped as JSON files (so they are in the browser build) and
 * validated when first read: cavalry against squares (Quatre Bras), a line against columns on a
 * reverse slope (Bussaco) and a skirmish screen ahead of a column attack (Vimeiro); and two battles
 * under the core rules alone (`ruleset: "core"`): spears against bows, and horse against foot.
 */
import quatreBras from "./builtin/quatre-bras.json" with { type: "json" };
import reverseSlope from "./builtin/reverse-slope.json" with { type: "json" };
import skirmishScreen from "./builtin/skirmish-screen.json" with { type: "json" };
import spearsAndBows from "./builtin/spears-and-bows.json" with { type: "json" };
import cavalryClash from "./builtin/cavalry-clash.json" with { type: "json" };
import type { Scenario } from "./format.js";
import { parseScenario } from "./load.js";
import { formatInputError } from "../engine/format.js";
import { FusilladeError } from "../engine/violation.js";
import { kindOf } from "../engine/args.js";

/** The raw JSON of each built-in scenario, by id. */
export const BUILTIN_SCENARIO_FILES = {
  "quatre-bras": quatreBras as unknown,
  "reverse-slope": reverseSlope as unknown,
  "skirmish-screen": skirmishScreen as unknown,
  "spears-and-bows": spearsAndBows as unknown,
  "cavalry-clash": cavalryClash as unknown,
} as const;
/** The id of a built-in scenario. */
export type BuiltinScenarioId = keyof typeof BUILTIN_SCENARIO_FILES;
/** Every built-in scenario id. */
export const BUILTIN_SCENARIO_IDS = Object.keys(BUILTIN_SCENARIO_FILES) as BuiltinScenarioId[];

const parsed = new Map<BuiltinScenarioId, Scenario>();

/**
 * A built-in scenario, validated (a broken built-in file is a programmer error and throws).
 * @example
 * const s = builtinScenario("quatre-bras"); createBattle(scenarioSetup(s, 42));
 */
export function builtinScenario(id: BuiltinScenarioId): Scenario {
  const hit = parsed.get(id);
  if (hit !== undefined) return hit;
  // Called from JavaScript (or with a cast) with an id that is not built in: say which ones are.
  if (typeof id !== "string" || !Object.hasOwn(BUILTIN_SCENARIO_FILES, id)) {
    throw new FusilladeError("scenario/unknown", `fusillade: no built-in scenario ${kindOf(id)}; built-in: ${Object.keys(BUILTIN_SCENARIO_FILES).join(", ")}`);
  }
  const r = parseScenario(BUILTIN_SCENARIO_FILES[id]);
  if (!r.ok) throw new FusilladeError("engine/internal", `fusillade: built-in scenario "${id}" is invalid:\n${formatInputError(r.error)}`);
  parsed.set(id, r.value);
  return r.value;
}
