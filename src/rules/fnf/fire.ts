import type { BattleState } from "../../state/battle.js";
import type { ActionContext, Outcome } from "../../engine/context.js";
import { fail, ok } from "../../engine/context.js";
import { violation } from "../../engine/violation.js";
import { FIRE_BASE_LOSSES, LOW_AMMO_ROLL, fireEffect, musketryRow, type FireEffect } from "./tables/fire.js";
import type { FireAction } from "./actions.js";
import { total } from "./maneuverMods.js";
import { firePoints, fireModifiers, firerKind, meleeEnemies } from "./firePoints.js";
import { officerAtRisk, rollFallenLeader } from "./leaders.js";
import { damageBattery } from "./batteries.js";
import type { Unit } from "./units.js";
import { activeLeaders, loseBases, putUnit, removeUnit, unitOf, updateUnit } from "./units.js";

/** Applies a fire effect to a unit (FNF-FIRE-7; detachments FNF-DET-4; batteries FNF-ART-3/4). */
export function applyFireEffect(state: BattleState, t: Unit, effect: FireEffect, ctx: ActionContext): BattleState {
  if (effect === "DESULTORY") return state;
  if (t.kind === "detachment") {
    if (effect === "LIVELY") return state;
    return removeUnit(state, t.id, "destroyed", "FNF-DET-4", ctx);
  }
  if (t.battery !== null) {
    if (effect === "LIVELY") {
      ctx.emit("fnf/silenced", "FNF-FIRE-7", { unit: t.id });
      return putUnit(state, { ...t, battery: { ...t.battery, silenced: true, withdrawn: false } });
    }
    if (effect === "TELLING") {
      const s = putUnit(state, { ...t, battery: { ...t.battery, silenced: true, withdrawn: false } });
      ctx.emit("fnf/silenced", "FNF-FIRE-7", { unit: t.id });
      return damageBattery(s, t.id, "FNF-FIRE-7", ctx);
    }
    return removeUnit(state, t.id, "wrecked", "FNF-FIRE-7", ctx);
  }
  let s = updateUnit(state, t.id, (x) => ({ ...x, disordered: true }));
  ctx.emit("fnf/disordered", "FNF-FIRE-7", { unit: t.id, effect });
  s = loseBases(s, t.id, FIRE_BASE_LOSSES[effect], "FNF-FIRE-7", ctx, "lost");
  return s;
}

/** Fires one unit at an enemy unit or lone leader (FNF-FIRE-1…9, FNF-LDR-4). */
export function fire(state: BattleState, a: FireAction, ctx: ActionContext): Outcome {
  const f = unitOf(state, a.firer);
  const v = (code: string, rule: Parameters<typeof violation>[1], d: Parameters<typeof violation>[2] = {}): Outcome => fail(violation(code, rule, { firer: a.firer, target: a.target, ...d }));
  if (f === undefined) return v("fnf/unknown_unit", "FNF-FIRE-1");
  const firingSide = state.turn.phase === "defensiveFire" ? f.side !== state.turn.activeSide : f.side === state.turn.activeSide;
  if (!firingSide) return v("fnf/not_your_fire_phase", "FNF-TURN-1", { phase: state.turn.phase });
  if (f.turn.fired) return v("fnf/already_fired", "FNF-FIRE-1");
  if (firerKind(f) === null) return v("fnf/cavalry_do_not_fire", "FNF-FIRE-1");
  if (f.battery !== null && f.battery.limbered) return v("fnf/limbered_cannot_fire", "FNF-ART-1");
  if (f.battery !== null && f.battery.silenced) return v("fnf/silenced", "FNF-ART-4");
  const target = unitOf(state, a.target);
  const lone = activeLeaders(state).find((l) => l.id === a.target && l.attachedTo === null);
  if ((target === undefined && lone === undefined) || (target ?? lone)?.side === f.side) return v("fnf/bad_target", "FNF-FIRE-1");
  const melee = meleeEnemies(state, f.id);
  if (melee !== null && !melee.includes(a.target)) return v("fnf/must_fire_at_melee", "FNF-FIRE-1", { melee });
  const fp = firePoints(state, f, a.target);
  if (fp.points <= 0) return v("fnf/no_fire_points", "FNF-FIRE-3", { bases: fp.bases.length });
  const row = musketryRow(fp.points);
  if (row === null) return v("fnf/no_fire_points", "FNF-FIRE-6");
  const mods = fireModifiers(state, f, a.target);
  const dice = [ctx.dice.d6(), ctx.dice.d6()];
  const natural = (dice[0] ?? 0) + (dice[1] ?? 0);
  const modified = natural + total(mods);
  const effect = fireEffect(row, modified);
  ctx.emit("fnf/fired", "FNF-FIRE-6", {
    firer: f.id,
    target: a.target,
    points: fp.points,
    halved: fp.halved,
    bases: fp.bases.map((b) => ({ range: b.range, points: b.points, enfilade: b.enfilade })),
    dice,
    modifiers: mods.map((m) => ({ name: m.name, value: m.value })),
    score: Math.max(0, modified),
    effect,
  });
  let s = putUnit(state, { ...f, turn: { ...f.turn, fired: true } });
  let leaderRolled = false;
  if (lone !== undefined) {
    if (effect !== "DESULTORY") {
      s = rollFallenLeader(s, { leader: lone }, ctx);
      leaderRolled = true;
    }
  } else if (target !== undefined) s = applyFireEffect(s, target, effect, ctx);
  if (natural >= LOW_AMMO_ROLL) {
    s = updateUnit(s, f.id, (x) => ({ ...x, lowAmmo: true }));
    ctx.emit("fnf/lowOnAmmo", "FNF-FIRE-8", { unit: f.id, natural });
    if (!leaderRolled) {
      const who = lone !== undefined ? { leader: lone } : officerAtRisk(s, a.target);
      if (who !== null) s = rollFallenLeader(s, who, ctx);
    }
  }
  return ok(s);
}
