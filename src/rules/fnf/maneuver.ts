import type { BattleState } from "../../state/battle.js";
import type { ActionContext, Outcome } from "../../engine/context.js";
import { fail, ok } from "../../engine/context.js";
import { violation } from "../../engine/violation.js";
import type { FnfManeuver } from "../../state/fnf.js";
import { MANEUVER_EFFECTS, maneuverResult } from "./tables/maneuver.js";
import type { ManeuverAction } from "./actions.js";
import { maneuverModifiers, total } from "./maneuverMods.js";
import type { Unit } from "./units.js";
import { activeUnits, loseBases, normalMove, putUnit, removeUnit, unitOf, updateUnit } from "./units.js";
import { enemiesOf, nearestEnemy } from "./world.js";
import { withdraw } from "./withdraw.js";

/** Whether a unit's maneuver this phase is a compulsory move instead of a roll (FNF-FIRE-9, FNF-ART-2/4). */
export function hasCompulsoryMove(u: Unit): boolean {
  if (u.battery !== null) return u.battery.silenced || u.lowAmmo;
  return u.kind === "brigade" && u.lowAmmo && !u.disordered;
}

/** Rolls 2D6 on the maneuver table and carries out the compulsory part of the result (FNF-MAN-1…5). */
export function maneuver(state: BattleState, a: ManeuverAction, ctx: ActionContext): Outcome {
  const u = unitOf(state, a.unit);
  if (u === undefined) return fail(violation("fnf/unknown_unit", "FNF-MAN-1", { unit: a.unit }));
  if (u.side !== state.turn.activeSide) return fail(violation("fnf/not_your_unit", "FNF-MAN-1", { unit: a.unit }));
  if (u.kind === "detachment") return fail(violation("fnf/detachment_no_maneuver", "FNF-DET-3", { unit: a.unit }));
  if (u.turn.maneuver !== null) return fail(violation("fnf/already_rolled", "FNF-MAN-1", { unit: a.unit }));
  if (u.turn.compulsoryMoved || hasCompulsoryMove(u)) return fail(violation("fnf/compulsory_move", u.battery !== null ? "FNF-ART-2" : "FNF-FIRE-9", { unit: a.unit }));
  const mods = maneuverModifiers(state, u, a.badGoing);
  const dice = [ctx.dice.d6(), ctx.dice.d6()];
  const natural = (dice[0] ?? 0) + (dice[1] ?? 0);
  const score = natural + total(mods);
  const disordered = u.kind === "brigade" && u.disordered;
  const result = maneuverResult(score, disordered);
  const effect = MANEUVER_EFFECTS[result];
  ctx.emit("fnf/maneuverRolled", "FNF-MAN-2", { unit: u.id, dice, modifiers: mods.map((m) => ({ name: m.name, value: m.value })), score, result, column: disordered ? "disordered" : "goodOrder" });
  const M = normalMove(u);
  const allowance = effect.move * M;
  let s = state;
  const lowAmmoMove = u.kind === "brigade" && u.lowAmmo && allowance > 0;
  const record: FnfManeuver = {
    result,
    score,
    allowance: lowAmmoMove ? 0 : allowance,
    mayChange: effect.mayChange && !lowAmmoMove,
    fullChangeAllowed: effect.fullChangeAllowed,
    mayContact: effect.mayContact && !lowAmmoMove,
    badGoing: a.badGoing,
    moved: lowAmmoMove,
    changed: false,
  };
  s = putUnit(s, { ...u, turn: { ...u.turn, maneuver: record } });
  if (effect.disorder === "clear" && u.disordered) {
    s = updateUnit(s, u.id, (x) => ({ ...x, disordered: false }));
    ctx.emit("fnf/rallied", "FNF-MAN-3", { unit: u.id, result });
  }
  if (a.badGoing && effect.failsBadGoing && u.kind === "brigade" && !u.skirmishing && !u.disordered) {
    s = updateUnit(s, u.id, (x) => ({ ...x, disordered: true }));
    ctx.emit("fnf/disordered", "FNF-MAN-5", { unit: u.id, reason: "failed to move in bad going" });
  }
  const enemy = nearestEnemy(s, u);
  switch (effect.compulsory) {
    case "quit":
      s = removeUnit(s, u.id, "quitField", "FNF-MAN-3", ctx);
      break;
    case "broken":
      s = loseBases(s, u.id, 1, "FNF-MAN-3", ctx, "lost");
      if (enemy !== undefined) s = withdraw(s, u.id, enemy, "fullMove", [], "FNF-MAN-3", ctx).state;
      break;
    case "retire":
      if (enemy !== undefined) s = withdraw(s, u.id, enemy, "fullMove", [], "FNF-MAN-3", ctx).state;
      break;
    case "disengage":
      if (enemy !== undefined) s = withdraw(s, u.id, enemy, "disengage", enemiesOf(s, u.side), "FNF-MAN-3", ctx).state;
      break;
    case "none":
      if (lowAmmoMove && enemy !== undefined) {
        // A disordered low brigade makes its ammunition withdrawal if the result allows a move (FNF-FIRE-9).
        s = withdraw(s, u.id, enemy, "disengage", enemiesOf(s, u.side), "FNF-FIRE-9", ctx).state;
      }
      break;
  }
  return ok(s);
}

/**
 * Compulsory moves at the start of the maneuver phase (FNF-TURN-1): silenced and low batteries
 * limber and move a full move away (FNF-ART-4, FNF-FIRE-9); low brigades in good order move out of
 * musket range (FNF-FIRE-9).
 */
export function compulsoryMoves(state: BattleState, ctx: ActionContext): BattleState {
  let s = state;
  for (const u of activeUnits(s, s.turn.activeSide)) {
    if (!hasCompulsoryMove(u)) continue;
    const cur = unitOf(s, u.id);
    if (cur === undefined) continue;
    if (cur.battery !== null && cur.battery.silenced && cur.battery.withdrawn) {
      // It already made its silenced move in a melee: the status lifts and it acts normally (FNF-ART-5).
      s = putUnit(s, { ...cur, battery: { ...cur.battery, silenced: false, withdrawn: false } });
      ctx.emit("fnf/silenceLifted", "FNF-ART-5", { unit: u.id });
      continue;
    }
    const enemy = nearestEnemy(s, cur);
    if (cur.battery !== null) {
      s = putUnit(s, { ...cur, battery: { ...cur.battery, limbered: true }, turn: { ...cur.turn, compulsoryMoved: true } });
      if (enemy !== undefined) s = withdraw(s, u.id, enemy, "fullMove", [], cur.battery.silenced ? "FNF-ART-4" : "FNF-FIRE-9", ctx).state;
      s = updateUnit(s, u.id, (x) => (x.battery === null ? x : { ...x, battery: { ...x.battery, silenced: false } }));
      ctx.emit("fnf/silencedMove", cur.battery.silenced ? "FNF-ART-4" : "FNF-FIRE-9", { unit: u.id });
    } else {
      s = putUnit(s, { ...cur, turn: { ...cur.turn, compulsoryMoved: true } });
      if (enemy !== undefined) s = withdraw(s, u.id, enemy, "disengage", enemiesOf(s, cur.side), "FNF-FIRE-9", ctx).state;
    }
  }
  return s;
}
