/**
 * The WHN shooting phase (whn.md §7, core.md §5–6, house-rules.md §1, §3, §4): the fire and volley
 * actions, the resolver movement's stand and shoot calls, and exact odds beside the sampled path.
 */
import * as z from "zod";
import { defineModule } from "../../../engine/module.js";
import { ok, type ActionContext, type Outcome } from "../../../engine/context.js";
import type { Violation } from "../../../engine/violation.js";
import type { BattleState } from "../../../state/battle.js";
import { Vec2Schema } from "../../../state/common.js";
import { CharacterIdSchema, UnitIdSchema } from "../../../state/ids.js";
import { resolveShooting } from "./resolve.js";
import { fireVolley } from "./template.js";
import { FIGURE_RULESETS } from "../../core/hooks.js";

/** Zod schema of `shooting/fire`: a unit (or one face of a square) shoots at a unit or a character. */
export const FireActionSchema = z.strictObject({
  type: z.literal("shooting/fire"),
  shooter: UnitIdSchema,
  target: z.union([UnitIdSchema, CharacterIdSchema]),
  face: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
    .optional(),
});
/** A `shooting/fire` action. */
export type FireAction = z.infer<typeof FireActionSchema>;

/** Zod schema of `shooting/volley` (HR-VOLLEY-2): a point, or a unit's centre, to centre the template on. */
export const VolleyActionSchema = z.strictObject({
  type: z.literal("shooting/volley"),
  shooter: UnitIdSchema,
  aim: z.union([Vec2Schema, z.strictObject({ unit: UnitIdSchema })]),
});
/** A `shooting/volley` action. */
export type VolleyAction = z.infer<typeof VolleyActionSchema>;

function fire(state: BattleState, a: FireAction, ctx: ActionContext): Outcome {
  const r = resolveShooting(state, ctx, a.face === undefined ? { shooter: a.shooter, target: a.target } : { shooter: a.shooter, target: a.target, face: a.face });
  return r.ok ? ok(r.state) : r;
}

const num = (v: Violation, k: string): string => {
  const x = v[k];
  return typeof x === "number" ? String(Math.round(x * 100) / 100) : String(x);
};

/** The WHN shooting module: its actions, reducers and English messages. */
export const shootingModule = defineModule({
  name: "whn/shooting",
  actions: [FireActionSchema, VolleyActionSchema] as const,
  routes: {
    "shooting/fire": { rulesets: FIGURE_RULESETS, phases: ["shooting"], handler: fire },
    "shooting/volley": { rulesets: FIGURE_RULESETS, phases: ["shooting"], handler: fireVolley },
  },
  messages: {
    "shooting/unknown_unit": (v) => `There is no unit "${num(v, "unit")}" in play to shoot with.`,
    "shooting/unknown_target": (v) => `There is no target "${num(v, "target")}" in play.`,
    "shooting/not_active_side": (v) => `Unit ${num(v, "unit")} is not the active player's; only the active player shoots.`,
    "shooting/not_an_enemy": (v) => `${num(v, "target")} is not an enemy.`,
    "shooting/artillery": (v) => `Unit ${num(v, "unit")} is a gun; guns fire with the artillery actions.`,
    "shooting/no_missile_weapon": (v) => `Unit ${num(v, "unit")} carries no missile weapon.`,
    "shooting/rallied": (v) => `Unit ${num(v, "unit")} rallied this turn and may not shoot.`,
    "shooting/fleeing": (v) => `Unit ${num(v, "unit")} is fleeing and cannot shoot.`,
    "shooting/engaged": (v) => `Unit ${num(v, "unit")} is in close combat and cannot shoot.`,
    "shooting/marched": (v) => `Unit ${num(v, "unit")} marched this turn and cannot shoot.`,
    "shooting/charged": (v) => `Unit ${num(v, "unit")} charged this turn and cannot shoot.`,
    "shooting/failed_charge": (v) => `Unit ${num(v, "unit")} made a failed charge this turn and cannot shoot.`,
    "shooting/already_shot": (v) => `Unit ${num(v, "unit")} has already shot this phase.`,
    "shooting/face_already_fired": (v) => `Face ${num(v, "face")} of square ${num(v, "unit")} has already fired this phase.`,
    "shooting/target_already_shot_by_square": (v) => `Square ${num(v, "unit")} has already fired at ${num(v, "target")} with another face.`,
    "shooting/target_engaged": (v) => `${num(v, "target")} is in close combat and may not be shot at.`,
    "shooting/crew_sheltering": (v) => `The crew of ${num(v, "target")} shelter in a square and cannot be shot at.`,
    "shooting/not_in_arc": (v) => `${num(v, "target")} is not in the arc of ${num(v, "unit")}.`,
    "shooting/no_line_of_sight": (v) => `${num(v, "unit")} cannot see ${num(v, "target")}.`,
    "shooting/out_of_range": (v) => `The target is ${num(v, "actual")}" away; the weapon reaches ${num(v, "max")}".`,
    "shooting/no_firers": (v) => `No model of ${num(v, "unit")} is able to fire.`,
    "shooting/character_not_exposed": (v) => `Character ${num(v, "character")} cannot be picked out: his unit must be the closest enemy and face the shooters.`,
    "shooting/character_not_closest": (v) => `Character ${num(v, "character")} is not the closest visible enemy (${num(v, "closer")} is closer).`,
    "shooting/volley_off": () => `Template volley fire is a house rule that is switched off.`,
    "shooting/volley_not_bows": (v) => `Unit ${num(v, "unit")} has no bows to shoot a volley.`,
    "shooting/volley_skirmishing": (v) => `Unit ${num(v, "unit")} is skirmishing and cannot shoot a volley.`,
    "shooting/volley_range": (v) => `The aim point is ${num(v, "actual")}" away; a volley needs more than ${num(v, "min")}" and at most ${num(v, "max")}".`,
    "shooting/volley_arc": (v) => `The aim point is not in the arc of ${num(v, "unit")}.`,
    "shooting/volley_unseen_unit": (v) => `${num(v, "target")} cannot be seen; aim at a point instead.`,
  },
});

export { resolveShooting } from "./resolve.js";
export type { ResolveRequest } from "./resolve.js";
export { shotSituation, type Situation, type ShotRequest } from "./situation.js";
export { sampleVolley, volleyOdds, type VolleySpec, type VolleySample, type VolleyOdds, type PanicOutcome } from "./volley.js";
export { shootingOdds, volleySpec, type ShootingOdds } from "./odds.js";
export { WEAPONS, weaponStats, rangeBand, maxRange, type WeaponStats, type RangeBand } from "./weapons.js";
export { firingModels, squareFaceFirers, type Firers } from "./firers.js";
export { toHitScore, type ToHitInput, type ToHitScore, type AppliedModifier } from "./modifiers.js";
export { panicThreshold, panicSpecFor, shootingPanic } from "./panic.js";
export { woundUnit, woundCharacter } from "./damage.js";
export { fireVolley, touchedModels, volleyLeaderBs } from "./template.js";
export { allocateVolley } from "./allocation.js";
