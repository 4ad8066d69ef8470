/**
 * The `artillery/fire` reducer and the resolver charge responses call (WHN-ART-5, WHN-ART-8 …
 * WHN-ART-15, WHN-FIRE-1, WHN-PANIC-2): read the fire, sample it on plain values, then put the
 * losses on the table, start any fire, and take the Panic tests.
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import type { BattleState, Decision } from "../../../state/battle.js";
import type { RuleId, UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import type { Vec2 } from "../../../geometry/vec.js";
import { removeModels } from "../casualties.js";
import { commitCasualties } from "../combined.js";
import { shootingPanic } from "../shooting/panic.js";
import { panicForGeneralsSlainSince } from "../morale/triggers.js";
import { asksCasualties, casualtyDecision, pauseForCasualties, withWoundsOnly } from "../shooting/casualtyChoice.js";
import { getUnit, removeUnit } from "../unit.js";
import { put } from "./common.js";
import type { GunTally, TroopTally } from "./bodies.js";
import { burstMayStartFire } from "./fires.js";
import { sampleGunFire, gunFireSpec, type GunFireSample, type Tally } from "./sample.js";
import { gunFireSituation, type GunFireRequest, type GunFireSituation } from "./situation.js";

const HIT_RULE = { shot: "WHN-ART-10", canister: "WHN-ART-11", shell: "WHN-ART-13" } as const satisfies Record<string, RuleId>;

/** Events describing the fire as declared (WHN-ART-8) and its to-hit score (WHN-ART-18). */
function emitDeclared(ctx: ActionContext, s: GunFireSituation): void {
  ctx.emit("artillery/fired", "WHN-ART-8", {
    unit: s.gun.id,
    target: s.target.id,
    ammunition: s.ammunition,
    range: s.range,
    max: s.maxRange,
    crew: s.gun.figures,
    standAndShoot: s.standAndShoot,
    andLimber: s.andLimber,
  });
  ctx.emit("artillery/toHit", "WHN-ART-18", {
    unit: s.gun.id,
    bs: s.toHit.bs,
    need: s.toHit.need,
    cover: s.cover,
    modifiers: s.toHit.modifiers.map((m) => ({ key: m.key, value: m.value, rule: m.rule })),
  });
}

/** Events describing the ball's flight (WHN-ART-9, WHN-ART-11, WHN-ART-12, CORE-GEO-32). */
function emitFlight(ctx: ActionContext, s: GunFireSituation, r: GunFireSample, shellDiameter: number): void {
  const unit = s.gun.id;
  if (r.canister !== null) {
    ctx.emit("artillery/canister", "WHN-ART-11", { unit, shots: r.canister.shots, need: s.toHit.need, hits: r.canister.hits });
    return;
  }
  const f = r.flight;
  if (f === null) return;
  if (f.kind === "dud") {
    ctx.emit("artillery/misfire", "WHN-ART-9", { unit, onTarget: f.onTarget, at: f.misfireAt });
    return;
  }
  const sc = f.scatter === null ? null : { distance: f.scatter.distance, face: f.scatter.face, angle: f.scatter.angle };
  ctx.emit("artillery/landed", "WHN-ART-9", { unit, onTarget: f.onTarget, aim: { ...s.aim }, landing: { ...f.landing }, bounce: f.bounce, scatter: sc });
  if (r.segment !== null) {
    ctx.emit("artillery/bounceLine", "CORE-GEO-32", { unit, from: { ...r.segment.from }, to: { ...r.segment.to }, units: r.struck.map((h) => ({ unit: h.id, hits: h.hits })) });
  }
  if (r.burst !== null) {
    ctx.emit("artillery/shellBurst", "WHN-ART-12", { unit, at: { ...r.burst }, diameter: shellDiameter, units: r.struck.map((h) => ({ unit: h.id, hits: h.hits })) });
  }
}

/** Puts a troop tally on its unit (CORE-SAVE-2, WHN-FORM-8); a unit left with no models is destroyed. */
function applyTroops(state: BattleState, ctx: ActionContext, u: Unit, t: TroopTally, rule: RuleId, from: Vec2, asked?: Decision[], cause?: UnitId): BattleState {
  ctx.emit("artillery/hits", rule, { unit: u.id, hits: t.hits, unsaved: t.unsaved, killed: t.killed });
  if (t.killed === 0 && t.taken === u.woundsTaken) return state;
  // The owner picks which extended-order models go (WHN-FORM-8, `core.ownerChoices: "ask"`).
  if (asked !== undefined && asksCasualties(state, u, t.killed)) {
    asked.push(casualtyDecision(u, t.killed, from, cause ?? null));
    return withWoundsOnly(state, u, t.taken);
  }
  const r = removeModels({ ...u, woundsTaken: 0 }, t.killed, from);
  const next: Unit = { ...r.unit, woundsTaken: r.unit.figures === 0 ? 0 : t.taken };
  if (r.removed > 0) ctx.emit("unit/casualties", "WHN-FORM-8", { unit: u.id, removed: r.removed, figures: next.figures, commandLost: [...r.commandLost] });
  // Merged elites take their share of the loss (CORE-UNIT-1, WHN-DET-5).
  const after = commitCasualties(state, next, r.removed, { kind: "missile" }, ctx.emit);
  if (next.figures === 0) {
    ctx.emit("unit/destroyed", rule, { unit: u.id });
    return removeUnit(after, u.id, "destroyed");
  }
  return after;
}

/** Puts a gun tally on its piece (WHN-ART-14, WHN-ART-15). */
function applyGun(state: BattleState, ctx: ActionContext, u: Unit, g: GunTally, from: Vec2): BattleState {
  const a = u.artillery;
  if (a === null) return state;
  ctx.emit("artillery/hitLocation", "WHN-ART-14", { unit: u.id, hits: g.hits, locations: [...g.locations] });
  const r = removeModels({ ...u, woundsTaken: 0 }, g.crew.killed, from);
  const artillery = {
    ...a,
    horseHits: a.horseHits + g.horseHits,
    limberDisabled: g.limberDisabled,
    limberWoundsTaken: g.limberTaken,
    gunWoundsTaken: g.gunTaken,
    gunDestroyed: a.gunDestroyed || g.gunDestroyed,
  };
  let next: Unit = { ...r.unit, woundsTaken: r.unit.figures === 0 ? 0 : g.crew.taken, artillery };
  ctx.emit("artillery/damage", "WHN-ART-15", {
    unit: u.id,
    mode: state.options.whn.gunHitMode,
    crewKilled: r.removed,
    horseHits: artillery.horseHits,
    limberDisabled: artillery.limberDisabled,
    limberWoundsTaken: artillery.limberWoundsTaken,
    gunWoundsTaken: artillery.gunWoundsTaken,
    gunDestroyed: artillery.gunDestroyed,
  });
  if (r.removed > 0) ctx.emit("unit/casualties", "WHN-FORM-8", { unit: u.id, removed: r.removed, figures: next.figures, commandLost: [] });
  const gone = (artillery.gunDestroyed && a.shelteringIn === null) || (next.figures === 0 && !a.abandoned);
  if (gone) {
    // A destroyed gun goes with its crew (WHN-ART-15); a gun whose last crew fell is captured (WHN-ART-17).
    next = { ...next, removed: { reason: artillery.gunDestroyed ? "destroyed" : "captured", gameTurn: state.turn.gameTurn } };
    ctx.emit(artillery.gunDestroyed ? "unit/destroyed" : "artillery/captured", artillery.gunDestroyed ? "WHN-ART-15" : "WHN-ART-17", { unit: u.id, gunDestroyed: artillery.gunDestroyed });
  }
  return put(state, next);
}

/** Applies every tally of a sampled fire to the state, in order. */
function applyResults(state: BattleState, ctx: ActionContext, s: GunFireSituation, results: readonly Tally[], asked?: Decision[]): BattleState {
  let next = state;
  for (const t of results) {
    const u = getUnit(next, t.id);
    if (u === undefined || u.removed !== null) continue;
    next = t.kind === "gun" ? applyGun(next, ctx, u, t.tally, s.muzzle) : applyTroops(next, ctx, u, t.tally, HIT_RULE[s.ammunition], s.muzzle, asked, s.gun.id);
  }
  return next;
}

/**
 * Resolves a legal gun fire and commits it: the flight or canister, every hit's damage, a fire
 * from a shell burst (WHN-FIRE-1), the gun's flags (and "fire and limber", WHN-ART-5), then each
 * struck unit's Panic test (WHN-PANIC-2). A charge response passes `standAndShoot: true`.
 * @example
 * const r = resolveGunFire(state, ctx, { unit: unitId("gb-art"), target: unitId("fr-1"), ammunition: "shot" });
 */
export function resolveGunFire(state: BattleState, ctx: ActionContext, req: GunFireRequest): Outcome {
  const read = gunFireSituation(state, req);
  if (!read.ok) return fail(read.violation);
  const s = read.situation;
  emitDeclared(ctx, s);
  const spec = gunFireSpec(state, s);
  const sample = sampleGunFire(ctx.dice, spec);
  emitFlight(ctx, s, sample, spec.shellDiameter);
  // Losses of extended-order units wait for their owners with `core.ownerChoices: "ask"` (not when the crew flee at once).
  const asked: Decision[] | undefined = req.thenFlee === true ? undefined : [];
  let next = applyResults(state, ctx, s, sample.results, asked);
  if (sample.burst !== null) next = burstMayStartFire(next, ctx, sample.burst);
  const gun = getUnit(next, s.gun.id);
  if (gun !== undefined) {
    let g: Unit = s.standAndShoot ? gun : { ...gun, flags: { ...gun.flags, shot: true } };
    if (s.andLimber) {
      g = { ...g, formation: "LIMBERED", flags: { ...g.flags, limberedOrUnlimbered: true } };
      ctx.emit("artillery/limbered", "WHN-ART-5", { unit: g.id, fireAndLimber: true });
    }
    next = put(next, g);
  }
  const tested = sample.results.filter((t) => (t.kind === "gun" ? t.tally.crew.killed : t.tally.killed) > 0).map((t) => t.id as UnitId);
  // CORE-PANIC-7: a General lost with a unit this fire destroyed (CORE-CHAR-6); before the threshold tests.
  next = panicForGeneralsSlainSince(state, next, ctx).state;
  if (asked !== undefined && asked.length > 0) return ok(pauseForCasualties(next, asked, tested));
  for (const id of tested) next = shootingPanic(next, id, ctx).state;
  return ok(next);
}

/** `artillery/fire`: a gun fires shot, canister or shell in the shooting phase (WHN-ART-8). */
export function fireHandler(state: BattleState, a: { unit: UnitId; target: UnitId; ammunition: GunFireRequest["ammunition"]; andLimber?: boolean | undefined }, ctx: ActionContext): Outcome {
  return resolveGunFire(state, ctx, { unit: a.unit, target: a.target, ammunition: a.ammunition, andLimber: a.andLimber === true });
}
