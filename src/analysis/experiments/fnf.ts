/**
 * Built-in FnF experiments: one fire roll on the musketry and cannonade table (FNF-FIRE-5…8) and
 * one melee on the charge table (FNF-MEL-1, FNF-MEL-5).
 */
import * as z from "zod";
import { Dist } from "../../dice/index.js";
import { FIRE_BASE_LOSSES, FIRE_EFFECTS, LOW_AMMO_ROLL } from "../../rules/fnf/tables/fire.js";
import { defineExperiment } from "../experiment.js";
import { FNF_CHARGE_LABELS, fireEffectIndex, fnfFireDist, fnfMeleeDist } from "../fnfRolls.js";

/** One FnF fire roll: the effect and the stands it costs the target. */
export const fnfFireExperiment = defineExperiment({
  name: "fnf/fire",
  summary: "One FnF fire roll: 2D6 + modifier on the fire-points row (FNF-FIRE-6/7), low ammo on 11-12.",
  params: z.strictObject({ points: z.number().min(0).max(200).default(6), modifier: z.int().min(-10).max(10).default(0) }),
  prepare: (p) => p,
  run: (dice, p) => {
    const natural = dice.d6() + dice.d6();
    const effect = FIRE_EFFECTS[fireEffectIndex(p.points, natural, p.modifier)] as (typeof FIRE_EFFECTS)[number];
    return { effect, standsLost: FIRE_BASE_LOSSES[effect], lowOnAmmo: natural >= LOW_AMMO_ROLL };
  },
  exact: (p) => ({
    standsLost: fnfFireDist(p.points, p.modifier).map((i) => FIRE_BASE_LOSSES[FIRE_EFFECTS[i] as (typeof FIRE_EFFECTS)[number]]),
    lowOnAmmo: Dist.bernoulli(3 / 36),
  }),
});

/** One FnF melee: both sides roll 2D6 plus their modifiers (FNF-MEL-1, FNF-MEL-5). */
export const fnfMeleeExperiment = defineExperiment({
  name: "fnf/melee",
  summary: "One FnF melee: attacker 2D6 + modifiers against defender 2D6 + modifiers on the charge table.",
  params: z.strictObject({ attacker: z.int().min(-20).max(20).default(0), defender: z.int().min(-20).max(20).default(0) }),
  prepare: (p) => p,
  run: (dice, p) => {
    const a = dice.d6() + dice.d6() + p.attacker;
    const difference = a - (dice.d6() + dice.d6() + p.defender);
    const i = difference >= 7 ? 0 : difference >= 4 ? 1 : difference >= 1 ? 2 : difference === 0 ? 3 : difference >= -3 ? 4 : difference >= -6 ? 5 : 6;
    return { difference, result: FNF_CHARGE_LABELS[i] as string, attackerWins: difference >= 1 };
  },
  exact: (p) => {
    const d = fnfMeleeDist(p.attacker, p.defender);
    return { difference: d, attackerWins: Dist.bernoulli(Math.min(1, d.pAtLeast(1))) };
  },
});
