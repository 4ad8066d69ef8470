/**
 * A two-unit table for experiments: unit params (JSON) → a real battle state built with
 * `createBattle`, the two units facing each other across a given gap, so experiments read their
 * numbers through the same rules code as a battle (firers, modifiers, ranks, squareness…).
 */
import * as z from "zod";
import { createBattle } from "../../engine/all.js";
import { formatInputError } from "../../engine/format.js";
import type { BattleState } from "../../state/battle.js";
import { RulesOptionsSchema } from "../../state/options.js";
import type { UnitSetup } from "../../state/setup.js";
import { FORMATIONS, MISSILE_WEAPONS, ORDER_STATES, QUALITIES } from "../../state/unit.js";
import { PROFILES, cavalryRegiment, infantryBattalion } from "../../scenarios/presets.js";
import { coreUnit, type CoreTroopKind } from "../../presets/core.js";
import { CORE_UNIT_KIND_TABLE } from "../../scenarios/kinds.js";

/** The WHN troop types of an experiment (Napoleonic presets). */
export const WHN_TROOPS = ["infantry", "lightInfantry", "grenadiers", "hussars", "cuirassiers", "lancers"] as const;
/**
 * The core troop types of an experiment, named as in scenario files (`lightInfantry` is WHN's
 * name, so core's light infantry is `javelinmen`); built with the presets of src/presets/core.ts.
 */
export const CORE_EXPERIMENT_TROOPS = ["archers", "spearmen", "heavyInfantry", "javelinmen", "slingers", "heavyCavalry", "lightCavalry", "horseArchers"] as const satisfies ReadonlyArray<keyof typeof CORE_UNIT_KIND_TABLE>;
/** The rulesets an experiment table plays: WHN (default) or the core rules alone. */
export const EXPERIMENT_RULESETS = ["whn", "core"] as const;
/** The ruleset of an experiment table. */
export type ExperimentRuleset = (typeof EXPERIMENT_RULESETS)[number];
/** Zod schema of an experiment's ruleset (default "whn"). */
export const RulesetParamSchema = z.enum(EXPERIMENT_RULESETS).default("whn");

/** Zod schema of one unit of an experiment. */
export const UnitParamsSchema = z.strictObject({
  /**
   * WHN troop types build Napoleonic units (muskets, WHN formations); core troop types build the
   * core presets (`coreUnit`), which stand in a BLOCK whatever `formation` says unless it is
   * OPEN_ORDER (light troops skirmish). A `ruleset: "core"` table takes core troop types only.
   */
  troop: z.enum([...WHN_TROOPS, ...CORE_EXPERIMENT_TROOPS]).default("infantry"),
  figures: z.int().min(1).max(400).default(24),
  files: z.int().min(1).max(400).default(8),
  formation: z.enum(FORMATIONS).default("LINE"),
  quality: z.enum(QUALITIES).default("REGULAR"),
  order: z.enum(ORDER_STATES).default("GOOD"),
  missile: z.enum(MISSILE_WEAPONS).optional(),
  /** Profile overrides (M WS BS S T W I A Ld). */
  profile: z.strictObject({ M: z.int(), WS: z.int(), BS: z.int(), S: z.int(), T: z.int(), W: z.int(), I: z.int(), A: z.int(), Ld: z.int() }).partial().default({}),
  armour: z.enum(["none", "light", "heavy"]).optional(),
});
/** One unit of an experiment, complete. */
export type UnitParams = z.output<typeof UnitParamsSchema>;

/** Rules options as experiments take them (partial; defaults filled in). */
export const OptionsParamSchema = RulesOptionsSchema.prefault({});

/** The core preset kind of an experiment troop type, or null for a WHN troop type. */
function coreKindOf(troop: UnitParams["troop"]): CoreTroopKind | null {
  return (CORE_EXPERIMENT_TROOPS as readonly string[]).includes(troop) ? CORE_UNIT_KIND_TABLE[troop as keyof typeof CORE_UNIT_KIND_TABLE] : null;
}

function coreUnitSetup(kind: CoreTroopKind, id: string, side: string, p: UnitParams, x: number, y: number, facing: number): UnitSetup {
  const base = coreUnit({ kind, id, side, at: { x, y }, facing, figures: p.figures, files: p.files, skirmish: p.formation === "OPEN_ORDER" });
  const profile = { ...(base.profile as Record<string, number>), ...p.profile };
  const equipment = {
    ...(base.equipment as Record<string, unknown>),
    ...(p.missile === undefined ? {} : { missile: p.missile }),
    ...(p.armour === undefined ? {} : { armour: p.armour }),
  };
  return { ...base, profile, equipment, quality: p.quality, order: p.order } as UnitSetup;
}

function unitSetup(id: string, side: string, p: UnitParams, x: number, y: number, facing: number): UnitSetup {
  const core = coreKindOf(p.troop);
  if (core !== null) return coreUnitSetup(core, id, side, p, x, y, facing);
  const cavalry = p.troop === "hussars" || p.troop === "cuirassiers" || p.troop === "lancers";
  const base = cavalry
    ? cavalryRegiment({ id, side, x, y, facing, figures: p.figures, files: p.files, formation: p.formation, quality: p.quality, kind: p.troop as "hussars" | "cuirassiers" | "lancers" })
    : infantryBattalion({
        id, side, x, y, facing, figures: p.figures, files: p.files, formation: p.formation, quality: p.quality,
        light: p.troop === "lightInfantry",
        profile: p.troop === "grenadiers" ? PROFILES.grenadiers : p.troop === "lightInfantry" ? PROFILES.lightInfantry : PROFILES.lineInfantry,
        ...(p.missile === undefined ? {} : { missile: p.missile }),
      });
  const profile = { ...(base.profile as Record<string, number>), ...p.profile };
  const equipment = { ...(base.equipment as Record<string, unknown>), ...(p.armour === undefined ? {} : { armour: p.armour }) };
  return { ...base, profile, equipment, order: p.order } as UnitSetup;
}

/**
 * A battle state with unit `a` (side "a", active) facing unit `b` (side "b") across `gap` inches,
 * front edges parallel and centred; gap 0 puts them in base contact. `ruleset` "core" plays the
 * core rules alone: both units must then be core troop types (a WHN unit is refused, RangeError).
 * @example
 * const s = twoUnitTable(UnitParamsSchema.parse({ formation: "LINE", files: 12 }), UnitParamsSchema.parse({}), 8, {});
 * const c = twoUnitTable(UnitParamsSchema.parse({ troop: "heavyCavalry", figures: 8, files: 4 }), UnitParamsSchema.parse({ troop: "heavyInfantry", figures: 20, files: 5 }), 0, {}, "core");
 */
export function twoUnitTable(a: UnitParams, b: UnitParams, gap: number, options: z.input<typeof RulesOptionsSchema>, ruleset: ExperimentRuleset = "whn"): BattleState {
  if (ruleset === "core") {
    for (const u of [a, b]) if (coreKindOf(u.troop) === null) throw new RangeError(`experiment table: a core table takes core troop types (${CORE_EXPERIMENT_TROOPS.join(", ")}), got "${u.troop}"`);
  }
  const y0 = 30;
  const r = createBattle({
    ruleset,
    seed: 0,
    table: { width: 200, height: 200 },
    sides: [
      { id: "a", name: "Side A", nation: "french" },
      { id: "b", name: "Side B", nation: "british" },
    ],
    firstSide: "a",
    maxTurns: 100,
    wind: 0,
    units: [unitSetup("a", "a", a, 100, y0, 90), unitSetup("b", "b", b, 100, y0 + gap, 270)],
    options,
  });
  if (!r.ok) throw new RangeError(`experiment table: ${formatInputError(r.error)}`);
  return r.value;
}
