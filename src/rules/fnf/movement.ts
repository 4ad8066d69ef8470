import type { BattleState } from "../../state/battle.js";
import type { ActionContext, Outcome } from "../../engine/context.js";
import { fail, ok } from "../../engine/context.js";
import { violation } from "../../engine/violation.js";
import type { Vec2 } from "./geometry/prims.js";
import { EPSILON, dist, pointSegmentDistance, rectCorners, rectsOverlap } from "./geometry/prims.js";
import { commandRect, layoutOf, type FnfLayout } from "./geometry/layout.js";
import { layoutDistance, rectsOf } from "./geometry/measure.js";
import { pathCost, pathInBadGoing } from "./geometry/pricing.js";
import { inBadGoing } from "./geometry/terrain.js";
import { PASSAGE_OF_LINES, TWO_INCH_RULE } from "./tables/maneuver.js";
import type { MoveAction } from "./actions.js";
import type { Unit } from "./units.js";
import { activeUnits, attachedLeaders, fnfOf, putLeader, putUnit, unitOf, withFnf } from "./units.js";
import { changeCost, changedUnit } from "./formations.js";
import { pricingOf } from "./withdraw.js";
import { enemiesOf, layout, unitDistance } from "./world.js";

type Pose = { readonly x: number; readonly y: number; readonly facing: number };

/** Poses of P along the path, the start included; a pose without facing keeps the previous one. */
function posesOf(u: Unit, path: MoveAction["path"]): Pose[] {
  const out: Pose[] = [{ x: u.position.x, y: u.position.y, facing: u.facing }];
  for (const p of path) out.push({ x: p.x, y: p.y, facing: p.facing ?? (out[out.length - 1] as Pose).facing });
  return out;
}

const at = (u: Unit, p: Pose): Unit => ({ ...u, position: { x: p.x, y: p.y }, facing: p.facing });

/** A turn from one facing to another the short way, in degrees (−180, 180]. */
function shortTurn(from: number, to: number): number {
  const d = (((to - from) % 360) + 360) % 360;
  return d > 180 ? d - 360 : d;
}

/**
 * Intermediate poses every ¼" and 5° between consecutive poses, for the 2" rule and passage of
 * lines. A unit turns the short way between two poses (facings 3600° apart are the same facing),
 * so the sweep of a leg is at most 180° whatever numbers the poses carry.
 */
function sampled(poses: readonly Pose[]): Pose[] {
  const out: Pose[] = [];
  for (let i = 0; i + 1 < poses.length; i++) {
    const a = poses[i] as Pose;
    const b = poses[i + 1] as Pose;
    const turn = shortTurn(a.facing, b.facing);
    const n = Math.max(1, Math.ceil(dist(a, b) / 0.25), Math.ceil(Math.abs(turn) / 5));
    for (let k = 0; k < n; k++) out.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n, facing: a.facing + (turn * k) / n });
  }
  const last = poses[poses.length - 1];
  if (last !== undefined) out.push(last);
  return out;
}

/**
 * Where a move's shapes can be: each sampled shape lies within `r` of the legs joining the poses'
 * positions (a layout is rigid about its position: its footprint centre sits a fixed distance behind
 * it, whatever the facing), and the shape after a formation change within its own circle. Used as
 * an exact broad phase: a unit this bound keeps apart is never met, so the sampled shapes (a layout
 * every ¼" and 5°) are only laid out when some unit is near the path.
 */
interface Sweep {
  readonly legs: readonly Pose[];
  readonly r: number;
  readonly extra: { readonly c: Vec2; readonly r: number } | null;
}

/** Slack of the sweep's bound: far above rounding, far below any distance the rules compare. */
const SWEEP_SLACK = 1e-6;

function sweepOf(poses: readonly Pose[], first: FnfLayout, extra: FnfLayout | null): Sweep {
  const p0 = poses[0] as Pose;
  const r = dist(first.footprint.center, p0) + radiusOf(first);
  return { legs: poses, r, extra: extra === null ? null : { c: extra.footprint.center, r: radiusOf(extra) } };
}

/** Whether a circle (centre `c`, radius `r`) may come within `gap` of a shape of the sweep. */
function sweepNear(s: Sweep, c: Vec2, r: number, gap: number): boolean {
  if (s.extra !== null && dist(c, s.extra.c) <= s.extra.r + r + gap + SWEEP_SLACK) return true;
  const bound = s.r + r + gap + SWEEP_SLACK;
  const legs = s.legs;
  if (legs.length === 1) return dist(c, legs[0] as Pose) <= bound;
  for (let i = 0; i + 1 < legs.length; i++) if (pointSegmentDistance(c, legs[i] as Pose, legs[i + 1] as Pose) <= bound) return true;
  return false;
}

/** The 2" rule (FNF-MAN-3, AMB-81): no base comes within 2" of an enemy, nor closer to one already that close. */
function twoInchBreach(state: BattleState, u: Unit, sweep: Sweep, shapes: () => readonly FnfLayout[]): { enemy: string; distance: number } | null {
  let reach: { c: Vec2; r: number } | null = null;
  for (const e of enemiesOf(state, u.side)) {
    const el = layout(e);
    const d0 = unitDistance(u, e);
    const limit = Math.min(TWO_INCH_RULE, d0);
    if (!sweepNear(sweep, el.footprint.center, radiusOf(el), limit)) continue;
    reach ??= footprintReach(shapes());
    // Every shape lies within `reach.r` of `reach.c`: an enemy farther than that plus the limit is never approached.
    if (dist(el.footprint.center, reach.c) - reach.r - radiusOf(el) > limit) continue;
    for (const s of shapes()) {
      if (circlesApart(s, el, limit)) continue;
      const d = layoutDistance(s, el);
      if (d < limit - EPSILON) return { enemy: e.id, distance: d };
    }
  }
  return null;
}

/** Half the diagonal of a layout's footprint: every base lies within it of the footprint's centre. */
function radiusOf(l: FnfLayout): number {
  return Math.sqrt(l.footprint.halfWidth * l.footprint.halfWidth + l.footprint.halfDepth * l.footprint.halfDepth);
}

/** A circle holding every shape of a move (centre: the first shape's; radius: the farthest reach). */
function footprintReach(shapes: readonly FnfLayout[]): { c: Vec2; r: number } {
  const c = shapes[0]?.footprint.center ?? { x: 0, y: 0 };
  let r = 0;
  for (const s of shapes) r = Math.max(r, dist(c, s.footprint.center) + radiusOf(s));
  return { c, r };
}

/** Extra cost of passing through friendly units (FNF-MOVE-3); skirmishers pass and are passed freely. */
function passageCost(state: BattleState, u: Unit, sweep: Sweep, shapes: () => readonly FnfLayout[]): number {
  if (u.skirmishing) return 0;
  const per = u.battery !== null ? PASSAGE_OF_LINES.guns : PASSAGE_OF_LINES.troops;
  let reach: { c: Vec2; r: number } | null = null;
  let n = 0;
  for (const f of activeUnits(state, u.side)) {
    if (f.id === u.id || f.skirmishing) continue;
    const fl = layout(f);
    if (!sweepNear(sweep, fl.footprint.center, radiusOf(fl), 0)) continue;
    reach ??= footprintReach(shapes());
    if (dist(fl.footprint.center, reach.c) > reach.r + radiusOf(fl)) continue;
    const fr = rectsOf(fl);
    if (shapes().some((s) => !circlesApart(s, fl, 0) && rectsOf(s).some((r) => fr.some((x) => rectsOverlap(r, x))))) n++;
  }
  return n * per;
}

/** Whether two layouts' footprint circles are more than `gap` apart (then no bases of theirs are within `gap`). */
function circlesApart(a: FnfLayout, b: FnfLayout, gap: number): boolean {
  return dist(a.footprint.center, b.footprint.center) > radiusOf(a) + radiusOf(b) + gap + SWEEP_SLACK;
}

/** Makes the voluntary move a maneuver result allows (FNF-MAN-3, FNF-MOVE, FNF-FORM, FNF-GEO-2a). */
export function move(state: BattleState, a: MoveAction, ctx: ActionContext): Outcome {
  const u = unitOf(state, a.unit);
  const v = (code: string, rule: Parameters<typeof violation>[1], d: Parameters<typeof violation>[2] = {}): Outcome => fail(violation(code, rule, { unit: a.unit, ...d }));
  if (u === undefined) return v("fnf/unknown_unit", "FNF-MAN-1");
  if (u.side !== state.turn.activeSide) return v("fnf/not_your_unit", "FNF-MAN-1");
  if (u.kind === "detachment") return v("fnf/detachment_cannot_move", "FNF-DET-3");
  const rec = u.turn.maneuver;
  if (rec === null) return v("fnf/must_roll_first", "FNF-MAN-1");
  if (rec.moved) return v("fnf/already_moved", "FNF-MAN-3");
  const poses = posesOf(u, a.path);
  const M = pricingOf(u).rate.normal;
  let mover: Unit = u;
  let after: Unit | null = null;
  let cCost = 0;
  let fullChange = false;
  if (a.change !== null) {
    if (!rec.mayChange) return v("fnf/no_formation_change", "FNF-FORM-4", { result: rec.result });
    const end = poses[poses.length - 1] as Pose;
    const base = a.change.when === "before" ? u : at(u, end);
    const c = changedUnit(base, a.change.to, a.change.facing);
    if (!c.ok) return fail(c.violation);
    const cc = changeCost(base, c.unit);
    if (cc.full && !rec.fullChangeAllowed) return v("fnf/full_change_not_allowed", "FNF-FORM-3", { travel: cc.travel, result: rec.result });
    [cCost, fullChange, after] = [cc.cost, cc.full, c.unit];
    if (a.change.when === "before") mover = c.unit;
  }
  const moving = a.path.length > 0;
  if (moving && mover.battery !== null && !mover.battery.limbered) return v("fnf/unlimbered_cannot_move", "FNF-ART-1");
  const baseCount = layoutOf(mover).bases.length;
  const poseLayouts = poses.map((p) => layoutOf(at(mover, p)));
  const basePaths: Vec2[][] = Array.from({ length: baseCount }, (_, i) => poses.map((p, k) => poseLayouts[k]?.bases[i]?.rect.center ?? p));
  const pricing = pricingOf(mover);
  // Cheap checks first, so the work is bounded by the allowance and not by the path sent: the
  // terrain is priced within the allowance (a far pose is refused from its length alone), and only
  // a move that fits is sampled for passage of lines and the 2" rule.
  const budget = rec.allowance + EPSILON - cCost;
  let moveCost = moving ? Math.max(...basePaths.map((bp) => pathCost(state.terrain, bp, pricing, budget))) : 0;
  if (moveCost > budget && Number.isFinite(moveCost)) return v("fnf/too_far", "FNF-MOVE-2", { cost: moveCost + cCost, allowance: rec.allowance });
  if (!Number.isFinite(moveCost)) return v("fnf/impassable", "FNF-GEO-6");
  // The sampled shapes are laid out only if a unit comes near the path (see `Sweep`).
  let sampledShapes: FnfLayout[] | null = null;
  const samples = (): FnfLayout[] => (sampledShapes ??= sampled(poses).map((p) => layoutOf(at(mover, p))));
  if (moving) moveCost += passageCost(state, mover, sweepOf(poses, poseLayouts[0] as FnfLayout, null), samples);
  const cost = moveCost + cCost;
  if (cost > rec.allowance + EPSILON) return v("fnf/too_far", "FNF-MOVE-2", { cost, allowance: rec.allowance });
  const endPose = poses[poses.length - 1] as Pose;
  const final: Unit = a.change !== null && a.change.when === "after" && after !== null ? after : at(mover, endPose);
  const finalShape = after !== null ? layoutOf(final) : null;
  const shapes = (): readonly FnfLayout[] => (finalShape !== null ? [...samples(), finalShape] : samples());
  if (!rec.badGoing) {
    const bad = basePaths.some((bp) => pathInBadGoing(state.terrain, bp)) || (a.change !== null && [u, final].some((x) => rectsOf(layout(x)).some((r) => inBadGoing(state.terrain, r.center))));
    if (bad) return v("fnf/undeclared_bad_going", "FNF-MAN-5");
  }
  const fl = layout(final);
  const { width, height } = state.table;
  if (fl.bases.some((b) => rectCorners(b.rect).some((c) => c.x < -EPSILON || c.y < -EPSILON || c.x > width + EPSILON || c.y > height + EPSILON)))
    return v("fnf/off_table", "FNF-MOVE-2");
  for (const o of activeUnits(state)) {
    if (o.id === u.id) continue;
    const ol = layout(o);
    if (circlesApart(ol, fl, 0)) continue;
    if (rectsOf(ol).some((r) => fl.bases.some((b) => rectsOverlap(r, b.rect)))) return v("fnf/overlap", "FNF-GEO-2a", { other: o.id });
  }
  const contacts = enemiesOf(state, u.side).filter((e) => !circlesApart(fl, layout(e), EPSILON) && layoutDistance(fl, layout(e)) <= EPSILON);
  if (contacts.length > 0) {
    if (u.kind !== "brigade") return v("fnf/cannot_initiate_melee", "FNF-MEL-1");
    if (!rec.mayContact) return v("fnf/contact_not_allowed", "FNF-MAN-3", { result: rec.result });
    if (a.target === null || !contacts.some((c) => c.id === a.target)) return v("fnf/name_contact_target", "FNF-MEL-1a", { touching: contacts.map((c) => c.id) });
    if (Object.values(fnfOf(state).melees).some((m) => m.attackers.includes(u.id))) return v("fnf/already_in_melee", "FNF-MEL-1a");
  } else {
    if (a.target !== null) return v("fnf/target_not_touched", "FNF-MEL-1a", { target: a.target });
    let shapeList: readonly FnfLayout[] | null = null;
    const breach = twoInchBreach(state, u, sweepOf(poses, poseLayouts[0] as FnfLayout, finalShape), () => (shapeList ??= shapes()));
    if (breach !== null) return v("fnf/two_inch_rule", "FNF-MAN-3", breach);
  }
  const changed = a.change !== null;
  let s = putUnit(state, { ...final, turn: { ...u.turn, changedFormation: u.turn.changedFormation || changed, maneuver: { ...rec, moved: true, changed } } });
  const cmd = commandRect(fl).center;
  for (const l of attachedLeaders(s, u.id)) s = putLeader(s, { ...l, position: cmd });
  if (moving) ctx.emit("fnf/moved", "FNF-MOVE-2", { unit: u.id, cost: moveCost, to: [final.position.x, final.position.y], facing: final.facing });
  if (changed && a.change !== null) ctx.emit("fnf/formationChanged", fullChange ? "FNF-FORM-3" : "FNF-FORM-2", { unit: u.id, to: a.change.to, cost: cCost });
  if (a.target !== null && contacts.length > 0) s = addToMelee(s, a.target, u.id, false, ctx);
  return ok(s);
}

/** Adds an attacker to the melee of a defender, creating it if needed (FNF-MEL-1a). */
export function addToMelee(state: BattleState, defender: string, attacker: string, breakthrough: boolean, ctx: ActionContext): BattleState {
  const fnf = fnfOf(state);
  const existing = Object.values(fnf.melees).find((m) => m.defender === defender);
  const melee = existing ?? { id: `melee-${fnf.nextMelee}`, defender, attackers: [], breakthrough: [] };
  const next = { ...melee, attackers: [...melee.attackers, attacker], breakthrough: breakthrough ? [...melee.breakthrough, attacker] : melee.breakthrough };
  ctx.emit("fnf/contact", "FNF-MEL-1a", { melee: next.id, attacker, defender, breakthrough });
  return withFnf(state, { ...fnf, melees: { ...fnf.melees, [next.id]: next }, nextMelee: existing === undefined ? fnf.nextMelee + 1 : fnf.nextMelee });
}
