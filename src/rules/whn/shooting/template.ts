/**
 * Archer volley fire with the 5" template (HR-VOLLEY-1 … HR-VOLLEY-9): aim at a point or a unit's
 * centre, the leader's placement roll, 2D3" scatter on a miss, models touched per unit, rolls
 * shared out, then normal to-hit, wound, save, casualty and Panic resolution per unit.
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import { violation } from "../../../engine/violation.js";
import type { BattleState, Decision } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { MissileWeapon, Unit } from "../../../state/unit.js";
import { rollToHit } from "../../../dice/index.js";
import { pointInUnitArc } from "../../../geometry/arcs.js";
import { unitCentre } from "../../../geometry/layout.js";
import { closestPointOnFootprint } from "../../../geometry/rect.js";
import { lineOfSight, sightOrigin, targetCover } from "../../../geometry/sight.js";
import { TEMPLATE_DIAMETERS, scatter, templateTouches } from "../../../geometry/templates.js";
import { dist, type Vec2 } from "../../../geometry/vec.js";
import { clampStat } from "../tables.js";
import { getUnit, inPlay, isMounted, isSkirmishing, joinedCharacters, layoutOf, rankCounts, unitsInPlay, withUnit } from "../unit.js";
import { saveEquipment } from "../combined.js";
import { allocateVolley, type Touched } from "./allocation.js";
import { woundUnit } from "./damage.js";
import { firingModels } from "./firers.js";
import { isVeteranLights, toHitScore, type ToHitInput } from "./modifiers.js";
import { shootingPanic } from "./panic.js";
import { panicForGeneralsSlainSince } from "../morale/triggers.js";
import { pauseForCasualties } from "./casualtyChoice.js";
import { bodyScores, shooterProblem } from "./situation.js";
import { movedThisTurn, othersPlaced, terrainOf } from "./sightlines.js";
import { rollAtLeast, rollHits } from "./volley.js";
import { hitStrength, maxRange, weaponStats, type WeaponStats } from "./weapons.js";
import { traitsOf } from "../../traits.js";

/** What a volley action asks for. */
export interface VolleyRequest {
  readonly shooter: UnitId;
  readonly aim: { readonly x: number; readonly y: number } | { readonly unit: UnitId };
}

const MM_PER_INCH = 25.4;
const SMALL_BASE_MM = 20;

/** Models a touched unit counts as (HR-VOLLEY-8, AMB-57): a Large Target counts the 20 mm bases its base holds. */
export function touchedModels(u: Unit, centre: Vec2, largeMinMm2: number): number {
  const layout = layoutOf(u);
  const touched = layout.models.filter((m) => templateTouches(centre, TEMPLATE_DIAMETERS.volley, m.rect)).length;
  if (touched === 0) return 0;
  // A gun counts as its current crew, never as a Large Target (CORE-GEO-29).
  if (u.artillery !== null) return u.figures;
  const wMm = u.base.w * MM_PER_INCH;
  const dMm = u.base.d * MM_PER_INCH;
  const large = u.largeTarget ?? wMm * dMm >= largeMinMm2 - 1e-6;
  if (!large) return touched;
  return touched * Math.max(1, Math.floor(wMm / SMALL_BASE_MM + 1e-9) * Math.floor(dMm / SMALL_BASE_MM + 1e-9));
}

/**
 * The volley leader's BS (HR-VOLLEY-3, AMB-93): the best among the unit's champion (his own line,
 * CORE-LEAD-1 / AMB-111, else the unit's BS) and its joined characters; the unit's own BS when it
 * has neither.
 */
export function volleyLeaderBs(state: BattleState, u: Unit): number {
  const leaders = joinedCharacters(state, u.id).map((c) => c.profile.BS);
  if (u.command.leader && u.figures > 0) leaders.push(u.champion?.BS ?? u.profile.BS);
  return leaders.length === 0 ? u.profile.BS : Math.max(...leaders);
}

/** Checks that the unit may shoot a volley at all (HR-VOLLEY-1, CORE-SHOOT-1). */
function volleyProblem(state: BattleState, s: Unit | undefined, id: string): ReturnType<typeof violation> | null {
  if (!state.options.hr.volley) return violation("shooting/volley_off", "HR-GEN-1", {});
  if (s === undefined || !inPlay(s)) return violation("shooting/unknown_unit", "CORE-SHOOT-1", { unit: id });
  const p = shooterProblem(state, s, false);
  if (p !== null) return p;
  if (s.flags.shot) return violation("shooting/already_shot", "CORE-SHOOT-1", { unit: s.id });
  const w = s.equipment.missile as MissileWeapon;
  if (!weaponStats(w, state.options).bow) return violation("shooting/volley_not_bows", "HR-VOLLEY-1", { unit: s.id, weapon: w });
  if (isSkirmishing(s)) return violation("shooting/volley_skirmishing", "HR-VOLLEY-1", { unit: s.id });
  return null;
}

/** Common to-hit facts of the shooter in a volley. */
function shooterFacts(state: BattleState, s: Unit): Omit<ToHitInput, "bs" | "band" | "cover" | "targetFormation"> {
  return {
    bsPenalty: s.order === "DISORDERED" || s.flags.rallied || s.flags.ralliedFromFleeing,
    moved: movedThisTurn(s),
    standAndShoot: false,
    veteranLights: isVeteranLights(s.quality, s.light, s.formation, state.options.whn.vetLightsBonusAnyFormation),
    mounted: isMounted(s),
    initialVolley: false,
    loneCharacter: false,
    core: traitsOf(state).toHitModifiers === "core",
  };
}

/** Distance from a unit's footprint to a point (CORE-GEO-10). */
const reach = (u: Unit, p: Vec2): number => dist(p, closestPointOnFootprint(p, layoutOf(u).footprint));

/**
 * Shoots a template volley (HR-VOLLEY): validates the aim (HR-VOLLEY-2), rolls the placement
 * (HR-VOLLEY-3) and scatter, counts models touched (HR-VOLLEY-4, HR-VOLLEY-8), shares the rolls
 * (HR-VOLLEY-5 … 7) and resolves each unit's share as normal shooting (HR-VOLLEY-9).
 */
export function fireVolley(state: BattleState, a: VolleyRequest, ctx: ActionContext): Outcome {
  const s = getUnit(state, a.shooter);
  const problem = volleyProblem(state, s, a.shooter);
  if (problem !== null || s === undefined) return fail(problem ?? violation("shooting/unknown_unit", "CORE-SHOOT-1", { unit: a.shooter }));
  const stats: WeaponStats = weaponStats(s.equipment.missile as MissileWeapon, state.options);
  const sl = layoutOf(s);
  let aim: Vec2;
  let aimUnit: Unit | null = null;
  if ("unit" in a.aim) {
    const t = getUnit(state, a.aim.unit);
    if (t === undefined || !inPlay(t)) return fail(violation("shooting/unknown_target", "CORE-SHOOT-1", { target: a.aim.unit }));
    const seen = lineOfSight(sl, layoutOf(t), othersPlaced(state, [s.id, t.id]), terrainOf(state)).visible;
    if (!seen) return fail(violation("shooting/volley_unseen_unit", "HR-VOLLEY-2", { target: t.id }));
    aim = unitCentre(layoutOf(t));
    aimUnit = t;
  } else aim = { x: a.aim.x, y: a.aim.y };
  const max = maxRange(stats);
  const actual = reach(s, aim);
  if (!(actual > max / 2 + 0.001) || actual > max + 0.001) return fail(violation("shooting/volley_range", "HR-VOLLEY-2", { unit: s.id, min: max / 2, max, actual }));
  if (!pointInUnitArc(sl, aim)) return fail(violation("shooting/volley_arc", "HR-VOLLEY-2", { unit: s.id, x: aim.x, y: aim.y }));

  const facts = shooterFacts(state, s);
  const placing = toHitScore({ ...facts, bs: volleyLeaderBs(state, s), band: null, fixedRange: -1, cover: "none", targetFormation: aimUnit?.formation ?? null });
  const placed = rollToHit(ctx.dice, placing.need);
  let centre = aim;
  let drift: { distance: number; angle: number } | null = null;
  if (!placed) {
    const distance = ctx.dice.twoD3();
    const angle = ctx.dice.angle();
    centre = scatter(aim, distance, angle);
    drift = { distance, angle };
  }
  ctx.emit("shooting/volleyPlaced", "HR-VOLLEY-3", { shooter: s.id, aim: { x: aim.x, y: aim.y }, need: placing.need, hit: placed, scatter: drift, centre: { x: centre.x, y: centre.y } });

  const touched: Touched[] = unitsInPlay(state)
    .filter((u) => u.id !== s.id)
    .map((u) => ({ id: u.id, models: touchedModels(u, centre, state.options.hr.largeTargetMinBaseMm2), distance: reach(u, centre) }))
    .filter((t) => t.models > 0);
  const shooters = state.options.hr.volleyAllRanks
    ? s.figures
    : firingModels({ formation: s.formation, ranks: rankCounts(s), figures: s.figures, order: s.order, moved: facts.moved }).count;
  const shares = allocateVolley(shooters, touched, state.options.hr.volleyAllocation);
  ctx.emit("shooting/volleyRolls", "HR-VOLLEY-6", {
    shooter: s.id,
    shooters,
    touched: touched.map((t) => ({ unit: t.id, models: t.models })),
    allocation: shares.map((x) => ({ unit: x.id, rolls: x.rolls })),
    mode: state.options.hr.volleyAllocation,
  });

  const longRange = reach(s, centre) > max / 2 + 0.001;
  const S = hitStrength(stats, clampStat(s.profile.S - (s.order === "DISORDERED" ? 1 : 0)));
  const origin = sightOrigin(sl, [{ center: centre, halfWidth: 0, halfDepth: 0, facing: 0 }]);
  const hits = shares.map((share) => {
    const u = getUnit(state, share.id) as Unit;
    const cover = targetCover(origin, layoutOf(u).models.map((m) => m.rect), terrainOf(state)).grade;
    const need = toHitScore({ ...facts, bs: s.profile.BS, band: longRange ? "long" : "close", cover, targetFormation: u.formation }).need;
    const h = rollHits(ctx.dice, share.rolls, need);
    ctx.emit("shooting/hits", "HR-VOLLEY-9", { shooter: s.id, unit: u.id, rolls: share.rolls, need, hits: h });
    return { u, h, scores: bodyScores(S, { profile: u.profile, equipment: saveEquipment(state, u) }, isMounted(u), u.order === "DISORDERED") };
  });
  const wounds = hits.map((b) => {
    const w = rollAtLeast(ctx.dice, b.h, b.scores.woundNeed);
    if (b.h > 0) ctx.emit("shooting/wounds", "CORE-WOUND-1", { unit: b.u.id, hits: b.h, need: b.scores.woundNeed, wounds: w });
    return w;
  });
  const unsaved = hits.map((b, i) => {
    const w = wounds[i] ?? 0;
    const saved = rollAtLeast(ctx.dice, w, b.scores.saveNeed);
    if (w > 0) ctx.emit("shooting/saves", "CORE-SAVE-1", { unit: b.u.id, wounds: w, need: b.scores.saveNeed, saved });
    return w - saved;
  });
  let next = withUnit(state, { ...s, flags: { ...s.flags, shot: true } });
  const asked: Decision[] = [];
  hits.forEach((b, i) => {
    const w = woundUnit(next, ctx, b.u.id, unsaved[i] ?? 0, s.position, { cause: s.id });
    next = w.state;
    if (w.asked !== undefined) asked.push(w.asked);
  });
  // CORE-PANIC-7: a General lost with a unit this fire destroyed (CORE-CHAR-6); before the threshold tests.
  next = panicForGeneralsSlainSince(state, next, ctx).state;
  // The owners pick the losses of their extended-order units first (WHN-FORM-8), then the Panic tests.
  if (asked.length > 0) return ok(pauseForCasualties(next, asked, hits.map((b) => b.u.id)));
  for (const b of hits) next = shootingPanic(next, b.u.id, ctx).state;
  return ok(next);
}
