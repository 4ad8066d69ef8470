/**
 * Reads a proposed gun fire from the battle state (WHN-ART-2, WHN-ART-4, WHN-ART-5, WHN-ART-8,
 * WHN-ART-12, WHN-ART-18, CORE-GEO-15, CORE-GEO-16, CORE-GEO-32): is it legal, and if so every
 * plain fact its resolution needs. Pure; rolls nothing.
 */
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import type { Violation } from "../../../engine/violation.js";
import { facesSeeing } from "../../../geometry/arcs.js";
import { unitCentre } from "../../../geometry/layout.js";
import { footprintDistance } from "../../../geometry/rect.js";
import { betterCover, lineOfSight, targetCover } from "../../../geometry/sight.js";
import { aimPoint } from "../../../geometry/templates.js";
import type { Vec2 } from "../../../geometry/vec.js";
import type { CoverShotKind } from "../../../state/options.js";
import { toHitScore, type Cover, type ToHitScore } from "../shooting/modifiers.js";
import { othersPlaced, terrainOf } from "../shooting/sightlines.js";
import { getUnit, inPlay, layoutOf } from "../unit.js";
import { findGun, isEngaged, isViolation, refuse, unmanned } from "./common.js";
import { ammunitionRange, gunMoveRate, mayFireShell, type Ammunition } from "./guns.js";

/** What a gun fire asks for. */
export interface GunFireRequest {
  readonly unit: UnitId;
  readonly target: UnitId;
  readonly ammunition: Ammunition;
  /** Fired as a charge response (stand and shoot, or fire and flee): −1, own turn's flags ignored. */
  readonly standAndShoot?: boolean;
  /** Horse artillery "fire and limber" (WHN-ART-5). */
  readonly andLimber?: boolean;
  /** The crew flee right after the shot (fire and flee, WHN-ART-7): its losses are removed by default, never asked. */
  readonly thenFlee?: boolean;
}

/** Every fact of a legal gun fire. */
export interface GunFireSituation {
  readonly gun: Unit;
  readonly target: Unit;
  readonly ammunition: Ammunition;
  readonly range: number;
  readonly maxRange: number;
  readonly cover: Cover;
  readonly toHit: ToHitScore;
  /** Centre of the gun's front edge (CORE-GEO-32). */
  readonly muzzle: Vec2;
  /** Where the line from the muzzle to the target's centre enters the target (CORE-GEO-32). */
  readonly aim: Vec2;
  readonly standAndShoot: boolean;
  readonly andLimber: boolean;
}

const COVER_KIND = { shot: "roundshot", canister: "canister", shell: "shell" } as const satisfies Record<Ammunition, CoverShotKind>;

type Read = { ok: true; situation: GunFireSituation } | { ok: false; violation: Violation };
const no = (v: Violation): Read => ({ ok: false, violation: v });

/** Checks the gun itself (WHN-ART-2, WHN-ART-4, WHN-ART-5, WHN-ART-8, WHN-ART-12, CORE-SHOOT-1). */
function gunProblem(state: BattleState, g: Unit, req: GunFireRequest): Violation | null {
  const crew = unmanned(g);
  if (crew !== null) return crew;
  if (g.formation !== "UNLIMBERED") return refuse("limbered", "WHN-ART-4", { unit: g.id });
  if (g.order === "FLEEING") return refuse("fleeing", "CORE-SHOOT-1", { unit: g.id });
  if (isEngaged(state, g)) return refuse("engaged", "CORE-SHOOT-1", { unit: g.id });
  if (req.standAndShoot !== true) {
    if (g.side !== state.turn.activeSide) return refuse("not_your_unit", "CORE-TURN-2", { unit: g.id, side: g.side });
    if (g.flags.shot) return refuse("already_fired", "WHN-ART-8", { unit: g.id });
    if (g.flags.marched) return refuse("marched", "WHN-SHOOT-8", { unit: g.id });
  }
  if (req.andLimber === true) {
    const a = g.artillery;
    if (a === null || a.arm !== "horse") return refuse("fire_and_limber_horse_only", "WHN-ART-5", { unit: g.id });
    if (g.flags.moved || g.flags.moveUsed > 0) return refuse("fire_and_limber_moved", "WHN-ART-5", { unit: g.id });
    if (gunMoveRate(g, "LIMBERED") <= 0 || a.limberDisabled) return refuse("limber_disabled", "WHN-ART-15", { unit: g.id });
  }
  if (req.ammunition === "shell" && !mayFireShell(g)) {
    return refuse("shell_not_allowed", "WHN-ART-12", { unit: g.id, gun: g.artillery?.gun ?? null, british: g.artillery?.british ?? false });
  }
  return null;
}

/**
 * Reads a gun fire: a violation naming the rule that forbids it, or every fact the resolution
 * needs. The to-hit score follows WHN-ART-18 (AMB-47): the crew's BS with cover, moving
 * (WHN-ART-5: the piece changed position or facing, or fires and limbers), a charging enemy, the
 * target's open or extended order; −1 BS when DISORDERED or rallied this turn.
 */
export function gunFireSituation(state: BattleState, req: GunFireRequest): Read {
  const g = findGun(state, req.unit);
  if (isViolation(g)) return no(g);
  const gp = gunProblem(state, g, req);
  if (gp !== null) return no(gp);
  const t = getUnit(state, req.target);
  if (t === undefined || !inPlay(t)) return no(refuse("unknown_target", "CORE-SHOOT-1", { target: req.target }));
  if (t.side === g.side) return no(refuse("not_an_enemy", "CORE-SHOOT-1", { target: t.id }));
  if (Object.values(state.combats).some((c) => c.units.includes(t.id))) return no(refuse("target_engaged", "CORE-SHOOT-1", { target: t.id }));
  const gl = layoutOf(g);
  const tl = layoutOf(t);
  if (facesSeeing(gl, tl.footprint).length === 0) return no(refuse("not_in_arc", "CORE-GEO-15", { unit: g.id, target: t.id }));
  const terrain = terrainOf(state);
  const sight = lineOfSight(gl, tl, othersPlaced(state, [g.id, t.id]), terrain, { unitsGiveCover: state.options.hr.cover });
  if (!sight.visible) return no(refuse("no_line_of_sight", "CORE-GEO-16", { unit: g.id, target: t.id, blockedBy: [...sight.blockingUnits, ...sight.blockingTerrain] }));
  const range = footprintDistance(gl.footprint, tl.footprint);
  const maxRange = ammunitionRange(g, req.ammunition);
  if (range > maxRange + 0.001) return no(refuse("out_of_range", "WHN-ART-8", { unit: g.id, target: t.id, ammunition: req.ammunition, max: maxRange, actual: range }));
  const terrainGrade = targetCover(sight.from, tl.models.map((m) => m.rect), terrain).grade;
  const unitGrade: Cover = sight.screeningUnits.length > 0 ? state.options.hr.coverType[COVER_KIND[req.ammunition]] : "none";
  const cover = betterCover(terrainGrade, unitGrade);
  const sns = req.standAndShoot === true;
  const andLimber = req.andLimber === true;
  const raw = toHitScore({
    bs: g.profile.BS,
    bsPenalty: g.order === "DISORDERED" || g.flags.rallied || g.flags.ralliedFromFleeing,
    band: null,
    cover,
    moved: andLimber || (!sns && g.flags.moved),
    standAndShoot: sns,
    targetFormation: t.formation,
    veteranLights: false,
    mounted: false,
    initialVolley: false,
    loneCharacter: false,
  });
  const toHit: ToHitScore = { ...raw, modifiers: raw.modifiers.map((m) => (m.key === "moved" ? { ...m, rule: "WHN-ART-5" } : m)) };
  const muzzle = gl.frame.p;
  const aim = aimPoint(muzzle, tl.footprint, unitCentre(tl));
  return { ok: true, situation: { gun: g, target: t, ammunition: req.ammunition, range, maxRange, cover, toHit, muzzle, aim, standAndShoot: sns, andLimber } };
}
