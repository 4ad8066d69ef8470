import type { BattleSetup } from "../../state/setup.js";
import type { FnfStateInput } from "../../state/fnf.js";
import { FusilladeError } from "../../engine/violation.js";
import { kindOf } from "../../engine/args.js";

/**
 * "The Coa, 1811": a built-in brigade-scale scenario. A French corps of two divisions crosses a
 * stream at a ford to attack an Anglo-Portuguese corps holding a low ridge, a village and a wood.
 * The table is 72" × 48"; the French start at the bottom (facing 90°), the allies at the top.
 */
const COA_1811: FnfStateInput = {
  year: 1811,
  leaders: {
    reynier: { id: "reynier", side: "fr", name: "Reynier", rank: "corps", rating: "normal", position: { x: 36, y: 3 } },
    merle: { id: "merle", side: "fr", name: "Merle", rank: "division", rating: "normal", superior: "reynier", position: { x: 30, y: 6 } },
    heudelet: { id: "heudelet", side: "fr", name: "Heudelet", rank: "division", rating: "exceptional", superior: "reynier", position: { x: 52, y: 6 } },
    wellington: { id: "wellington", side: "al", name: "Wellington", rank: "corps", rating: "exceptional", position: { x: 36, y: 46 } },
    picton: { id: "picton", side: "al", name: "Picton", rank: "division", rating: "normal", superior: "wellington", position: { x: 30, y: 42 } },
    cole: { id: "cole", side: "al", name: "Cole", rank: "division", rating: "poor", superior: "wellington", position: { x: 52, y: 42 } },
  },
  units: {
    "fr-sarrut": { id: "fr-sarrut", side: "fr", name: "Sarrut's brigade", kind: "brigade", arm: "infantry", division: "merle", nation: "french", bases: 6, formation: "COLUMN_OF_ATTACK", position: { x: 26, y: 14 }, facing: 90 },
    "fr-graindorge": { id: "fr-graindorge", side: "fr", name: "Graindorge's brigade", kind: "brigade", arm: "infantry", division: "merle", nation: "french", morale: "VETERAN", bases: 6, formation: "COLUMN_OF_ATTACK", position: { x: 36, y: 14 }, facing: 90 },
    "fr-merle-guns": { id: "fr-merle-guns", side: "fr", name: "Merle's foot battery", kind: "battery", arm: "artillery", division: "merle", nation: "french", bases: 1, battery: { type: "FOOT" }, position: { x: 31, y: 12 }, facing: 90 },
    "fr-arnaud": { id: "fr-arnaud", side: "fr", name: "Arnaud's brigade", kind: "brigade", arm: "infantry", division: "heudelet", nation: "french", morale: "RAW", bases: 5, formation: "SUPPORTED_LINE", light: true, position: { x: 48, y: 14 }, facing: 90 },
    "fr-soult-cav": { id: "fr-soult-cav", side: "fr", name: "Soult's dragoons", kind: "brigade", arm: "cavalry", division: "heudelet", nation: "french", bases: 4, formation: "SUPPORTED_LINE", position: { x: 60, y: 12 }, facing: 90 },
    "al-colborne": { id: "al-colborne", side: "al", name: "Colborne's brigade", kind: "brigade", arm: "infantry", division: "picton", nation: "british", morale: "VETERAN", bases: 6, formation: "LINE", position: { x: 28, y: 34 }, facing: 270 },
    "al-ashworth": { id: "al-ashworth", side: "al", name: "Ashworth's Portuguese", kind: "brigade", arm: "infantry", division: "picton", nation: "portuguese", morale: "RAW", bases: 6, formation: "SUPPORTED_LINE", position: { x: 40, y: 35 }, facing: 270 },
    "al-horse-guns": { id: "al-horse-guns", side: "al", name: "Ross's troop", kind: "battery", arm: "artillery", division: "picton", nation: "british", bases: 1, battery: { type: "HORSE" }, position: { x: 19, y: 33 }, facing: 270 },
    "al-stopford": { id: "al-stopford", side: "al", name: "Stopford's Guards", kind: "brigade", arm: "infantry", division: "cole", nation: "british", quality: "GUARD", bases: 4, formation: "LINE", position: { x: 56, y: 36 }, facing: 270 },
    "al-rifles": { id: "al-rifles", side: "al", name: "95th Rifles in the village", kind: "detachment", arm: "infantry", division: "cole", nation: "british", rifles: true, skirmishing: true, bases: 1, position: { x: 48, y: 29 }, facing: 270 },
    "al-dragoons": { id: "al-dragoons", side: "al", name: "Slade's dragoons", kind: "brigade", arm: "cavalry", division: "cole", nation: "british", bases: 4, formation: "SUPPORTED_LINE", position: { x: 66, y: 38 }, facing: 270 },
  },
};

/** The built-in FnF scenarios, by name. */
export const FNF_SCENARIOS = { coa1811: COA_1811 } as const satisfies Record<string, FnfStateInput>;

/** A built-in scenario's name. */
export type FnfScenarioName = keyof typeof FNF_SCENARIOS;

/**
 * A ready battle setup for a built-in FnF scenario, for `createBattle`.
 * @example
 * const r = createBattle(fnfScenario("coa1811", 42));
 */
export function fnfScenario(name: FnfScenarioName, seed: number | string, maxTurns = 8): BattleSetup {
  if (typeof name !== "string" || !Object.hasOwn(FNF_SCENARIOS, name)) throw new FusilladeError("scenario/unknown", `fnf.scenario: no built-in scenario ${kindOf(name)} (known: ${Object.keys(FNF_SCENARIOS).join(", ")})`);
  return {
    ruleset: "fnf",
    seed,
    table: { width: 72, height: 48 },
    sides: [
      { id: "fr", name: "French", nation: "french" },
      { id: "al", name: "Anglo-Portuguese", nation: "british" },
    ],
    firstSide: "fr",
    maxTurns,
    wind: 0,
    units: [],
    terrain: [
      { id: "ridge", kind: "hill", polygon: [{ x: 14, y: 30 }, { x: 46, y: 30 }, { x: 46, y: 42 }, { x: 14, y: 42 }], tags: { hill: 1 } },
      { id: "village", kind: "buildings", polygon: [{ x: 45, y: 27 }, { x: 51, y: 27 }, { x: 51, y: 32 }, { x: 45, y: 32 }], tags: {} },
      { id: "wood", kind: "woods", polygon: [{ x: 4, y: 18 }, { x: 14, y: 18 }, { x: 14, y: 26 }, { x: 4, y: 26 }], tags: {} },
      { id: "coa", kind: "stream", polygon: [], polyline: [{ x: 0, y: 22 }, { x: 72, y: 22 }], tags: {} },
      { id: "ford", kind: "ford", polygon: [], polyline: [{ x: 33, y: 22 }, { x: 39, y: 22 }], width: 2, tags: {} },
      { id: "road", kind: "road", polygon: [], polyline: [{ x: 66, y: 0 }, { x: 66, y: 48 }], tags: {} },
    ],
    fnf: FNF_SCENARIOS[name],
  };
}
