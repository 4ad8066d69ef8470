/**
 * Disengaging (CORE-DISENG-1…4): declared with charges in the unit's own movement phase, made in
 * the compulsory-moves step. A Leadership test (none for cavalry facing nothing faster): passed,
 * the unit turns about and moves up to 2×M directly away, unpursued; failed, it breaks and flees
 * and its enemies may pursue as if it had broken in combat.
 */
import type { BattleState, Decision } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { directionAway } from "../../../geometry/away.js";
import { normalizeAngle, scale, sub, add } from "../../../geometry/vec.js";
import { effectiveLeadership, leadershipTest } from "../leadership.js";
import { fleeUnit } from "../morale/flee.js";
import { getUnit, inPlay, withUnit } from "../unit.js";
import { tidyCombats } from "./aftermath.js";
import { centreOfUnit } from "./contacts.js";
import { shifted, travel } from "./fallBack.js";
import { mayEverPursue } from "./pursuit.js";
import { emit, type Recorder } from "./recorder.js";

/** The combat a unit is in, if any. */
export function combatOfUnit(state: BattleState, unit: string): BattleState["combats"][keyof BattleState["combats"]] | undefined {
  return Object.values(state.combats).find((c) => c.units.includes(unit as UnitId));
}

/** Enemy units a unit is fighting (in its combat, in play, not fleeing). */
export function foesOf(state: BattleState, u: Unit): Unit[] {
  const c = combatOfUnit(state, u.id);
  if (c === undefined) return [];
  return c.units.map((id) => getUnit(state, id)).filter((e): e is Unit => e !== undefined && e.side !== u.side && inPlay(e) && e.order !== "FLEEING");
}

/** Units whose disengagement was declared this movement phase (since its declare-charges step began). */
export function declaredDisengagements(state: BattleState): readonly UnitId[] {
  return state.facts.movement.disengaging;
}

/** Cavalry facing only enemies no faster than themselves disengage without a test (CORE-DISENG-3). */
export function disengagesFreely(u: Unit, foes: readonly Unit[]): boolean {
  return u.troopType === "cavalry" && foes.every((f) => f.profile.M <= u.profile.M);
}

/** Makes one declared disengagement (CORE-DISENG-1…4). */
export function disengage(state: BattleState, r: Recorder, unit: UnitId): BattleState {
  const u = getUnit(state, unit);
  if (u === undefined || !inPlay(u) || u.order === "FLEEING") return state;
  const foes = foesOf(state, u);
  if (foes.length === 0) return state;
  let passed = true;
  if (disengagesFreely(u, foes)) emit(r, "combat/disengageTest", "CORE-DISENG-3", { unit, free: true });
  else {
    const ld = effectiveLeadership(state, u);
    const roll = leadershipTest(r.ctx.dice, ld.value);
    passed = roll.passed;
    emit(r, "combat/disengageTest", "CORE-DISENG-1", { unit, dice: [...roll.dice], total: roll.total, target: roll.target, passed });
  }
  const main = foes[0] as Unit;
  if (!passed) {
    emit(r, "combat/broke", "CORE-DISENG-2", { unit, from: main.id });
    let s = fleeUnit(state, unit, r.ctx, { from: main.id, rule: "CORE-DISENG-2" }).state;
    const decisions: Decision[] = [];
    for (const f of foes) {
      const now = getUnit(s, f.id) as Unit;
      const others = foesOf(s, now).filter((x) => x.id !== unit);
      if (others.length === 0 && mayEverPursue(now)) decisions.push({ kind: "restraint", side: now.side, unit: now.id, targets: [unit], rule: "CORE-DISENG-2" });
    }
    s = tidyCombats(s, r);
    return decisions.length === 0 ? s : { ...s, pending: [...s.pending, ...decisions] };
  }
  // Turn about in place (free), then back off directly away from the combat, up to 2×M.
  const centre = centreOfUnit(u);
  const turned: Unit = { ...u, facing: normalizeAngle(u.facing + 180), position: add(centre, sub(centre, u.position)) };
  const dir = directionAway(centre, centreOfUnit(main), u.facing);
  const moved = shifted(turned, scale(dir, travel(state, turned, dir, 2 * u.profile.M, new Set())));
  emit(r, "combat/disengaged", "CORE-DISENG-1", { unit, to: { x: moved.position.x, y: moved.position.y }, pursuable: false, rule4: "CORE-DISENG-4" });
  const s = withUnit(state, moved);
  return tidyCombats(s, r, new Set([unit]));
}
