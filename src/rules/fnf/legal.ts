/**
 * The FnF legal-action lister (FNF-TURN-1): a bounded discretisation of the brigade-scale choices for
 * the side that acts now, so bots can play FnF battles through `legalActions`.
 *
 * - maneuver phase: a `fnf/maneuver` roll for each phasing brigade or battery that has not rolled
 *   (and has no compulsory move), declared in good going; a second variant declaring bad going when
 *   the unit stands in bad going or the straight line toward its nearest enemy over two normal moves
 *   crosses it (FNF-MAN-5). After a roll that allows a move, up to four `fnf/move` candidates: hold
 *   position (empty path), straight toward the nearest enemy at 100 % and 50 % of the allowance
 *   (each shortened to 70 %, 50 %, 35 % of itself when the full step is refused: terrain, the 2"
 *   rule, friends in the way), and, when the result allows contact, a move into contact with each
 *   enemy within the allowance (approached along the line to it, first keeping the facing, then
 *   turned to face it). Formation changes in place (an `fnf/move` with an empty path and a
 *   `change`): every formation the unit may take, keeping its facing and facing the nearest enemy
 *   (a battery limbers, unlimbers or pivots to face the enemy). Detachments: an infantry brigade
 *   that may still change formation sends a base to each hard-cover spot (a building's middle, the
 *   middle of each leg of a wall, works or sunken road) within one move plus 12", facing the
 *   nearest enemy; every detachment may rejoin its parent.
 * - leaders (maneuver phase, before any unit of the side rolled, FNF-CMD-5): each leader who has
 *   not moved rides to the command base of each of his three nearest own units within 18" and
 *   attaches to it. Staying put needs no action.
 * - defensive and offensive fire: every firer → target pair (enemy units and lone leaders) of the
 *   side that fires in that phase (the non-phasing side in defensive fire, FNF-FIRE-1), the target
 *   within the firer's longest range (farther, it scores no fire points).
 * - melee: for each pending melee, `fnf/resolveMelee` with each lead (the default, then each
 *   attacker when there are several), carrying with or without advancing, or breaking through.
 *
 * Every candidate is dry-run with the engine's `applyTrusted` on the same state and kept only if it
 * applies. `applyTrusted` is bound late (src/engine/apply.ts calls {@link bindFnfApply} as it loads):
 * a static import here would close an import cycle (engine/apply → engine/modules → this module →
 * engine/apply) that breaks whichever entry point loads the FnF module first.
 */
import { FusilladeError } from "../../engine/violation.js";
import type { BattleState } from "../../state/battle.js";
import { listLegal, type Candidate, type CandidateListing } from "../../engine/module.js";
import type { Vec2 } from "./geometry/prims.js";
import { EPSILON, dist } from "./geometry/prims.js";
import { basesDistance, layoutDistance, rectsOf } from "./geometry/measure.js";
import type { OrientedRect } from "./geometry/prims.js";
import { firerKind } from "./firePoints.js";
import { longestRange } from "./tables/fire.js";
import { pathInBadGoing } from "./geometry/pricing.js";
import type { DetachAction, FireAction, FormationTarget, ManeuverAction, MoveAction, MoveLeaderAction, RejoinAction, ResolveMeleeAction } from "./actions.js";
import { hasCompulsoryMove } from "./maneuver.js";
import type { Leader, Unit } from "./units.js";
import { activeLeaders, activeUnits, fnfOf, normalMove, unitOf } from "./units.js";
import { ARM_FORMATIONS } from "./formations.js";
import { commandRect, layoutOf, leaderRect } from "./geometry/layout.js";
import { fnfKind } from "./geometry/terrain.js";
import { LEADER_MOVE } from "./tables/leaders.js";
import { enemiesOf, layout, nearestEnemy, unitsWithin } from "./world.js";
import { atan2Deg } from "../../math/index.js";
import { adopt } from "../../engine/owned.js";

/** Fractions of the allowance the approach moves aim at. */
export const APPROACH_FRACTIONS = [1, 0.5] as const;
/** Shortenings tried, in order, when an approach step is refused. */
export const APPROACH_SHORTENINGS = [1, 0.7, 0.5, 0.35] as const;

/** An action the FnF lister proposes. */
export type FnfListedAction = ManeuverAction | MoveAction | FireAction | ResolveMeleeAction | MoveLeaderAction | DetachAction | RejoinAction;
type Action = FnfListedAction;

/** The engine's trusted apply, as this lister uses it. */
export type FnfApply = (state: BattleState, action: FnfListedAction) => { readonly ok: boolean };

let applyTrusted: FnfApply | null = null;

/** Binds the engine's `applyTrusted` (called once by src/engine/apply.ts; not for apps). */
export function bindFnfApply(f: FnfApply): void {
  applyTrusted = f;
}

function applies(state: BattleState, a: Action): boolean {
  if (applyTrusted === null) throw new FusilladeError("engine/internal", "fusillade: the FnF lister runs before the engine loaded (import src/engine/apply.ts)");
  return applyTrusted(state, a).ok;
}

/** The side whose units act in this FnF phase: the non-phasing side fires defensively (FNF-FIRE-1). */
export function fnfActingSide(state: BattleState): string {
  const active = state.turn.activeSide;
  if (state.turn.phase !== "defensiveFire") return active;
  return Object.keys(state.sides).find((s) => s !== active) ?? active;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
const facingTo = (from: Vec2, to: Vec2): number => Math.round(atan2Deg(to.y - from.y, to.x - from.x));

function moveAction(u: Unit, path: MoveAction["path"], target: string | null = null): Action {
  return { type: "fnf/move", unit: u.id, path, change: null, target };
}

function maneuverCandidates(state: BattleState, u: Unit): Candidate<Action>[] {
  // The bad-going variant is worked out only when drawn (it needs the nearest enemy).
  const bad = (): Action | null => {
    if (pathInBadGoing(state.terrain, [u.position])) return { type: "fnf/maneuver", unit: u.id, badGoing: true };
    const e = nearestEnemy(state, u);
    if (e === undefined) return null;
    const reach = 2 * normalMove(u);
    const d = dist(u.position, e.position);
    const t = d <= EPSILON ? 0 : Math.min(1, reach / d);
    const crosses = pathInBadGoing(state.terrain, [u.position, { x: u.position.x + (e.position.x - u.position.x) * t, y: u.position.y + (e.position.y - u.position.y) * t }]);
    return crosses ? { type: "fnf/maneuver", unit: u.id, badGoing: true } : null;
  };
  return [{ type: "fnf/maneuver", unit: u.id, badGoing: false }, bad];
}

/** The point at distance `len` from P toward `to`. */
function toward(from: Vec2, to: Vec2, len: number): Vec2 {
  const d = dist(from, to);
  if (d <= EPSILON) return { x: from.x, y: from.y };
  return { x: round2(from.x + ((to.x - from.x) * len) / d), y: round2(from.y + ((to.y - from.y) * len) / d) };
}

/** A contact move onto an enemy: bisection along the line to it for the step that just touches. */
function contactMove(state: BattleState, u: Unit, e: Unit, facing: number): Action | null {
  const el = layout(e);
  const gap = (t: number): number => {
    const p = { x: u.position.x + (e.position.x - u.position.x) * t, y: u.position.y + (e.position.y - u.position.y) * t };
    return layoutDistance(layoutOf({ ...u, position: p, facing }), el);
  };
  if (gap(1) > EPSILON) return null;
  let [lo, hi] = [0, 1];
  if (gap(lo) <= EPSILON) return null;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (gap(mid) > EPSILON / 2) lo = mid;
    else hi = mid;
  }
  const p = { x: u.position.x + (e.position.x - u.position.x) * lo, y: u.position.y + (e.position.y - u.position.y) * lo };
  if (gap(lo) > EPSILON) return null;
  return moveAction(u, [{ x: p.x, y: p.y, facing }], e.id);
}

/**
 * A unit's move candidates: hold; each approach (deferred: its first shortening that applies, a
 * point an earlier approach already tried not tried again); each contact move (deferred: the first
 * facing that applies).
 */
function moveCandidates(state: BattleState, u: Unit): Candidate<Action>[] {
  const rec = u.turn.maneuver;
  if (rec === null || rec.moved || u.kind === "detachment") return [];
  const out: Candidate<Action>[] = [moveAction(u, [])];
  if (rec.allowance <= EPSILON) return out;
  const e = nearestEnemy(state, u);
  if (e !== undefined) {
    let triedBefore = (): ReadonlySet<string> => new Set<string>();
    for (const f of APPROACH_FRACTIONS) {
      const prior = triedBefore;
      let memo: { readonly tried: ReadonlySet<string>; readonly action: Action | null } | null = null;
      const resolve = (): { readonly tried: ReadonlySet<string>; readonly action: Action | null } => {
        if (memo !== null) return memo;
        const tried = new Set(prior());
        let action: Action | null = null;
        for (const s of APPROACH_SHORTENINGS) {
          const p = toward(u.position, e.position, rec.allowance * f * s);
          const key = `${p.x},${p.y}`;
          if (tried.has(key) || (p.x === u.position.x && p.y === u.position.y)) continue;
          tried.add(key);
          const a = moveAction(u, [{ x: p.x, y: p.y }]);
          if (applies(state, a)) {
            action = a;
            break;
          }
        }
        memo = { tried, action };
        return memo;
      };
      out.push(() => resolve().action);
      triedBefore = () => resolve().tried;
    }
  }
  if (rec.mayContact && u.kind === "brigade") {
    for (const foe of enemiesOf(state, u.side)) {
      if (!unitsWithin(u, foe, rec.allowance + EPSILON)) continue;
      out.push(() => {
        for (const facing of [u.facing, facingTo(u.position, foe.position)]) {
          const a = contactMove(state, u, foe, facing);
          if (a !== null && applies(state, a)) return a;
        }
        return null;
      });
    }
  }
  return out;
}

/** Nearest own units a leader may reach and attach to (FNF-CMD-5), at most this many a leader. */
export const LEADER_ATTACH_CHOICES = 3;

/**
 * A leader's candidates (FNF-CMD-5, before any of his side's units rolled): ride to the command base
 * of each of the nearest own units within his 18" and attach to it (the one he is with excluded).
 */
function leaderCandidates(state: BattleState, l: Leader): Action[] {
  const near: { u: Unit; to: Vec2; d: number }[] = [];
  for (const u of activeUnits(state, l.side)) {
    if (u.id === l.attachedTo) continue;
    const c = commandRect(layout(u)).center;
    const to = { x: round2(c.x), y: round2(c.y) };
    const d = dist(l.position, to);
    if (d <= LEADER_MOVE) near.push({ u, to, d });
  }
  near.sort((a, b) => a.d - b.d || (a.u.id < b.u.id ? -1 : 1));
  return near.slice(0, LEADER_ATTACH_CHOICES).map(({ u, to }) => ({ type: "fnf/moveLeader", leader: l.id, to, via: [], attachTo: u.id }));
}

/** Formation targets a unit may take, from what it is now (FNF-FORM-1, FNF-SKIRM-1, FNF-ART-1). */
function formationTargets(u: Unit): FormationTarget[] {
  if (u.kind === "detachment") return [];
  if (u.battery !== null) return u.battery.limbered ? ["UNLIMBERED"] : ["LIMBERED", "PIVOT"];
  if (u.skirmishing) return ["CLOSE_ORDER"];
  const out: FormationTarget[] = [...ARM_FORMATIONS[u.arm]];
  if (u.light && u.arm === "infantry") out.push("SKIRMISH");
  return out;
}

/**
 * Formation changes in place (FNF-FORM-2/3/4), as `fnf/move` with an empty path: each target
 * formation facing as now and facing the nearest enemy (the current formation only re-faced; a
 * battery pivots only to face the enemy).
 */
function formationCandidates(state: BattleState, u: Unit): Action[] {
  const rec = u.turn.maneuver;
  if (rec === null || rec.moved || !rec.mayChange) return [];
  const e = nearestEnemy(state, u);
  const faceEnemy = e === undefined ? null : facingTo(u.position, e.position);
  const out: Action[] = [];
  for (const to of formationTargets(u)) {
    const facings: (number | undefined)[] = [];
    const same = u.battery === null && !u.skirmishing && to === u.formation;
    if (to !== "PIVOT" && !same) facings.push(undefined);
    if (faceEnemy !== null && faceEnemy !== u.facing) facings.push(faceEnemy);
    for (const facing of facings) {
      out.push({ type: "fnf/move", unit: u.id, path: [], change: facing === undefined ? { to, when: "after" } : { to, facing, when: "after" }, target: null });
    }
  }
  return out;
}

/** Points of hard cover a detachment's base may stand on: each building's middle, each wall, works or sunken-road leg's middle (FNF-DET-1). */
function hardCoverSpots(state: BattleState): Vec2[] {
  const out: Vec2[] = [];
  for (const f of state.terrain) {
    const k = fnfKind(f);
    if (k === "buildings" && f.polygon.length >= 3) {
      const n = f.polygon.length;
      out.push({ x: round2(f.polygon.reduce((a, p) => a + p.x, 0) / n), y: round2(f.polygon.reduce((a, p) => a + p.y, 0) / n) });
    } else if ((k === "stoneWall" || k === "works" || k === "sunkenRoad") && f.polyline !== undefined) {
      for (let i = 0; i + 1 < f.polyline.length; i++) {
        const a = f.polyline[i] as Vec2;
        const b = f.polyline[i + 1] as Vec2;
        out.push({ x: round2((a.x + b.x) / 2), y: round2((a.y + b.y) / 2) });
      }
    }
  }
  return out;
}

/** A free id for a brigade's next detachment. */
function detachmentId(state: BattleState, u: Unit): string {
  const fnf = fnfOf(state);
  for (let n = u.detached + 1; ; n++) {
    const id = `${u.id}-det${n}`;
    if (!Object.hasOwn(fnf.units, id) && !Object.hasOwn(fnf.leaders, id)) return id;
  }
}

/** Detachments of an infantry brigade into each hard-cover spot within one move, facing the nearest enemy (FNF-DET-2). */
function detachCandidates(state: BattleState, u: Unit): Action[] {
  const rec = u.turn.maneuver;
  if (u.kind !== "brigade" || u.arm !== "infantry" || u.bases < 2 || rec === null || rec.moved || rec.changed || !rec.mayChange) return [];
  const e = nearestEnemy(state, u);
  const out: Action[] = [];
  const reach = normalMove(u) + 12;
  for (const p of hardCoverSpots(state)) {
    if (dist(p, u.position) > reach) continue;
    const facing = e === undefined ? u.facing : facingTo(p, e.position);
    out.push({ type: "fnf/detach", unit: u.id, id: detachmentId(state, u), position: p, facing });
  }
  return out;
}

/** Each of the side's detachments rejoining its parent (FNF-DET-2). */
function rejoinCandidates(state: BattleState, side: string): Action[] {
  const out: Action[] = [];
  for (const d of activeUnits(state, side)) {
    if (d.kind !== "detachment" || d.parent === null || unitOf(state, d.parent) === undefined) continue;
    out.push({ type: "fnf/rejoin", detachment: d.id });
  }
  return out;
}

function fireCandidates(state: BattleState): Action[] {
  const side = fnfActingSide(state);
  const firers = activeUnits(state, side).filter((u) => !u.turn.fired && u.arm !== "cavalry" && (u.battery === null || (!u.battery.limbered && !u.battery.silenced)));
  if (firers.length === 0) return [];
  const enemies = enemiesOf(state, side);
  const leaders: { id: string; rects: readonly OrientedRect[] }[] = activeLeaders(state)
    .filter((l) => l.side !== side && l.attachedTo === null)
    .map((l) => ({ id: l.id, rects: [leaderRect(l.position)] }));
  const out: Action[] = [];
  for (const f of firers) {
    const kind = firerKind(f);
    if (kind === null) continue;
    // A target beyond the firer's longest range scores no fire points (FNF-FIRE-3): not a candidate.
    const reach = longestRange(kind) + 0.5;
    for (const e of enemies) if (unitsWithin(f, e, reach)) out.push({ type: "fnf/fire", firer: f.id, target: e.id });
    if (leaders.length === 0) continue;
    const mine = rectsOf(layout(f));
    for (const t of leaders) if (basesDistance(mine, t.rects) <= reach) out.push({ type: "fnf/fire", firer: f.id, target: t.id });
  }
  return out;
}

function meleeCandidates(state: BattleState): Action[] {
  const out: Action[] = [];
  for (const m of Object.values(fnfOf(state).melees)) {
    const leads: (string | null)[] = [null, ...(m.attackers.length > 1 ? m.attackers : [])];
    for (const lead of leads) {
      out.push({ type: "fnf/resolveMelee", melee: m.id, lead, drivenBack: "carry", advance: true });
      out.push({ type: "fnf/resolveMelee", melee: m.id, lead, drivenBack: "carry", advance: false });
      out.push({ type: "fnf/resolveMelee", melee: m.id, lead, drivenBack: "breakthrough", advance: true });
    }
  }
  return out;
}

/** The FnF candidates for the side that acts now, unchecked (see the module comment). */
export function fnfCandidates(state: BattleState): Candidate<Action>[] {
  if (state.ruleset !== "fnf" || state.fnf === null || state.pending.length > 0) return [];
  switch (state.turn.phase) {
    case "maneuver": {
      const out: Candidate<Action>[] = [];
      const side = state.turn.activeSide;
      const units = activeUnits(state, side);
      // Leaders move before any unit of theirs rolls or makes a compulsory move (FNF-CMD-5).
      if (!units.some((u) => u.turn.maneuver !== null || u.turn.compulsoryMoved)) {
        for (const l of activeLeaders(state, side)) if (!l.moved) out.push(...leaderCandidates(state, l));
      }
      for (const u of units) {
        if (u.kind === "detachment") continue;
        if (u.turn.maneuver === null) {
          if (!u.turn.compulsoryMoved && !hasCompulsoryMove(u)) out.push(...maneuverCandidates(state, u));
        } else {
          out.push(...moveCandidates(state, u));
          out.push(...formationCandidates(state, u));
          out.push(...detachCandidates(state, u));
        }
      }
      out.push(...rejoinCandidates(state, side));
      return out;
    }
    case "defensiveFire":
    case "offensiveFire":
      return fireCandidates(state);
    case "melee":
      return meleeCandidates(state);
    default:
      return [];
  }
}

/**
 * Candidates already built, per state: the engine lists a state's candidates more than once (the
 * auto-advance test, then the bot's draw), and a deferred candidate keeps what it resolved to. Only
 * states the engine owns reach it (src/engine/decisions.ts and {@link legalFnfActions} adopt theirs).
 */
const CANDIDATES = new WeakMap<BattleState, readonly Candidate<Action>[]>();

function ownedCandidates(state: BattleState): readonly Candidate<Action>[] {
  let c = CANDIDATES.get(state);
  if (c === undefined) {
    c = fnfCandidates(state);
    CANDIDATES.set(state, c);
  }
  return c;
}

/** The FnF listing: the candidates above, each dry-run with the engine's `applyTrusted`. */
export const FNF_LISTING: CandidateListing<Action> = { candidates: ownedCandidates, check: applies };

/**
 * Every listed FnF action for the side that acts now (see the module comment for the
 * discretisation); empty outside FnF battles, with a decision pending, or once the battle is over.
 * @example
 * const actions = legalFnfActions(state); // [{ type: "fnf/maneuver", unit: "fr-sarrut", badGoing: false }, …]
 */
export function legalFnfActions(state: BattleState): Action[] {
  return listLegal(adopt(state), FNF_LISTING);
}
