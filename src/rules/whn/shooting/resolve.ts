/**
 * Resolving one unit's fire (CORE-SHOOT-1 … 6, WHN-SHOOT-1, CORE-LOS-2, HR-COVER-3, WHN-PANIC-2):
 * to-hit dice, "Look out, sir" rolls, to-wound dice, saves, casualties, then the Panic test, all
 * before the next unit shoots. Dice order (README): every to-hit die, then each hit's "Look out,
 * sir" die, then to-wound dice body by body, then saves, then the Panic test's 2D6.
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import type { BattleState, Decision } from "../../../state/battle.js";
import type { JsonValue } from "../../../state/common.js";
import type { CharacterId, UnitId } from "../../../state/ids.js";
import { getUnit, withUnit } from "../unit.js";
import { woundCharacter, woundUnit, rollShotAgainst } from "./damage.js";
import { shootingPanic } from "./panic.js";
import { panicForGeneralsSlainSince } from "../morale/triggers.js";
import { pauseForCasualties } from "./casualtyChoice.js";
import { shotSituation, type BodyScores, type Situation } from "./situation.js";
import { rollAtLeast, rollHits } from "./volley.js";

/** What movement's stand-and-shoot (and the fire action) ask for. */
export interface ResolveRequest {
  readonly shooter: UnitId;
  readonly target: UnitId | CharacterId;
  readonly standAndShoot?: boolean;
  readonly face?: 0 | 1 | 2 | 3;
}

/** One body that hits land on. */
interface Body {
  readonly kind: "unit" | "character";
  readonly id: string;
  readonly hits: number;
  readonly scores: BodyScores;
}

/**
 * Details of the last `shooting/fired` event, with its situation (situations are remembered and
 * immutable): a fire repeated on the same state builds them once. One entry, held strongly (see
 * `shotSituation` on why not a weak map).
 */
let lastFired: { readonly s: Situation; readonly details: { readonly [k: string]: JsonValue } } | null = null;

/** The events describing how the fire was made up (CORE-SHOOT-1, WHN-SHOOT-5). */
function emitFired(ctx: ActionContext, s: Situation, targetId: string): void {
  let details = lastFired !== null && lastFired.s === s ? lastFired.details : undefined;
  if (details === undefined) {
    details = {
      shooter: s.shooter.id,
      target: targetId,
      face: s.face,
      weapon: s.weapon,
      firers: s.firers.count,
      firersRule: s.firers.rule,
      range: s.range,
      band: s.band,
      bs: s.toHit.bs,
      need: s.toHit.need,
      modifiers: s.toHit.modifiers.map((m) => ({ key: m.key, value: m.value, rule: m.rule })),
      cover: s.cover.terrain === "none" ? s.cover.units : s.cover.terrain,
      standAndShoot: s.standAndShoot,
    };
    lastFired = { s, details };
  }
  // The event is a copy (the sink's), sharing the frozen-by-convention modifier list.
  ctx.emit("shooting/fired", "CORE-SHOOT-1", details);
}

/** Rolls the to-hit dice and sorts the hits onto bodies (CORE-SHOOT-3, HR-COVER-3, CORE-LOS-2). */
function rollToBodies(s: Situation, ctx: ActionContext): Body[] {
  const n = s.firers.count;
  let onTarget: number;
  let onScreen = 0;
  if (s.screen === null) onTarget = rollHits(ctx.dice, n, s.toHit.need);
  else {
    onTarget = 0;
    for (let i = 0; i < n; i++) {
      const l = rollShotAgainst(ctx.dice, s.screen.need, s.toHit.need);
      if (l === "target") onTarget++;
      else if (l === "screen") onScreen++;
    }
  }
  ctx.emit("shooting/hits", "CORE-SHOOT-3", { shooter: s.shooter.id, rolls: n, need: s.toHit.need, hits: onTarget, screenHits: onScreen });
  const bodies: Body[] = [];
  const t = s.target;
  if (t.kind === "loneCharacter") bodies.push({ kind: "character", id: t.character.id, hits: onTarget, scores: s.scores });
  else if (t.kind === "unit") bodies.push({ kind: "unit", id: t.unit.id, hits: onTarget, scores: s.scores });
  else {
    let onChar = 0;
    const rolls: number[] = [];
    for (let i = 0; i < onTarget; i++) {
      const d = ctx.dice.d6();
      rolls.push(d);
      if (d === 1) onChar++;
    }
    if (onTarget > 0) ctx.emit("shooting/lookOutSir", "CORE-LOS-2", { character: t.character.id, unit: t.unit.id, rolls, characterHits: onChar });
    bodies.push({ kind: "character", id: t.character.id, hits: onChar, scores: s.characterScores ?? s.scores });
    bodies.push({ kind: "unit", id: t.unit.id, hits: onTarget - onChar, scores: s.scores });
  }
  if (s.screen !== null) bodies.push({ kind: "unit", id: s.screen.unit.id, hits: onScreen, scores: s.screen.scores });
  return bodies;
}

/**
 * Resolves a legal shooting and commits it: hits, wounds, saves, casualties (WHN-FORM-8), the
 * shooter's flags, then each hit unit's Panic test (WHN-PANIC-2). Stand and shoot (CORE-CHRG-3)
 * passes `standAndShoot: true`: −1 to hit, the shooter's own turn flags ignored.
 * @example
 * const r = resolveShooting(state, ctx, { shooter: unitId("gb-1"), target: unitId("fr-1"), standAndShoot: true });
 */
export function resolveShooting(state: BattleState, ctx: ActionContext, req: ResolveRequest): Outcome {
  const read = shotSituation(state, req);
  if (!read.ok) return read;
  const s = read.situation;
  const targetId = s.target.kind === "unit" ? s.target.unit.id : s.target.character.id;
  emitFired(ctx, s, targetId);
  const bodies = rollToBodies(s, ctx);
  const wounds = bodies.map((b) => {
    const w = rollAtLeast(ctx.dice, b.hits, b.scores.woundNeed);
    if (b.hits > 0) ctx.emit("shooting/wounds", "CORE-WOUND-1", { [b.kind]: b.id, hits: b.hits, need: b.scores.woundNeed, wounds: w });
    return w;
  });
  const unsaved = bodies.map((b, i) => {
    const w = wounds[i] ?? 0;
    const saved = rollAtLeast(ctx.dice, w, b.scores.saveNeed);
    if (w > 0) ctx.emit("shooting/saves", "CORE-SAVE-1", { [b.kind]: b.id, wounds: w, need: b.scores.saveNeed, saved });
    return w - saved;
  });
  let next = state;
  const shooter = getUnit(next, s.shooter.id) ?? s.shooter;
  next = withUnit(next, {
    ...shooter,
    flags: s.standAndShoot ? shooter.flags : { ...shooter.flags, shot: true },
    initialVolleyUsed: shooter.initialVolleyUsed || s.stats.firearm,
  });
  if (s.initialVolley) ctx.emit("shooting/initialVolley", "WHN-SHOOT-6", { unit: s.shooter.id });
  const from = s.shooter.position;
  // The owners pick extended-order losses (WHN-FORM-8, "ask"); a stand and shoot's choice comes before the next response.
  const ask = { cause: s.shooter.id };
  const asked: Decision[] = [];
  bodies.forEach((b, i) => {
    const u = unsaved[i] ?? 0;
    if (b.kind === "unit") {
      const w = woundUnit(next, ctx, b.id as UnitId, u, from, ask);
      next = w.state;
      if (w.asked !== undefined) asked.push(w.asked);
    } else next = woundCharacter(next, ctx, b.id as CharacterId, u);
  });
  const hit = bodies.filter((b) => b.kind === "unit").map((b) => b.id as UnitId);
  // CORE-PANIC-7 / WHN-LEAD-5: a General slain by this fire (shot, or lost with his fleeing unit,
  // CORE-CHAR-6) sets off his army's tests once, when all of the fire's losses are off, before the
  // threshold tests of the units hit (rulings).
  next = panicForGeneralsSlainSince(state, next, ctx).state;
  if (asked.length > 0) return { ok: true, state: pauseForCasualties(next, asked, hit) };
  for (const id of hit) next = shootingPanic(next, id, ctx).state;
  return { ok: true, state: next };
}
