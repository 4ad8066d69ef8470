/**
 * A two-unit table for experiments: unit params (JSON) → a real battle state built with
 * `createBattle`, the two units facing each other across a given gap, so experiments read their
 * numbers through the same rules code as a battle (firers, modifiers, ranks, squareness…).
 */
import * as z from "zod";
import { createBattle } from "../../engine/create.js";
import { formatInputError } from "../../engine/format.js";
import type { BattleState } from "../../state/battle.js";
import { RulesOptionsSchema } from "../../state/options.js";
import type { UnitSetup } from "../../state/setup.js";
import { FORMATIONS, MISSILE_WEAPONS, ORDER_STATES, QUALITIES } from "../../state/unit.js";
import { PROFILES, cavalryRegiment, infantryBattalion } from "../../scenarios/presets.js";

/** Zod schema of one unit of an experiment. */
export const UnitParamsSchema = z.strictObject({
  troop: z.enum(["infantry", "lightInfantry", "grenadiers", "hussars", "cuirassiers", "lancers"]).default("infantry"),
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

function unitSetup(id: string, side: string, p: UnitParams, x: number, y: number, facing: number): UnitSetup {
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
 * front edges parallel and centred; gap 0 puts them in base contact.
 * @example
 * const s = twoUnitTable(UnitParamsSchema.parse({ formation: "LINE", files: 12 }), UnitParamsSchema.parse({}), 8, {});
 */
export function twoUnitTable(a: UnitParams, b: UnitParams, gap: number, options: z.input<typeof RulesOptionsSchema>): BattleState {
  const y0 = 30;
  const r = createBattle({
    ruleset: "whn",
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
