/**
 * The artillery module's legal-action lister (the decision API's `legalActions`): a gun's charge
 * responses when its decision is on top of the stack; fire at every enemy with every ammunition in
 * the shooting phase; limbering, unlimbering, leaving shelter, re-manning and fighting fires in the
 * remaining-moves step, with gun moves discretised like a formed unit's (see {@link gunMoveCandidates}).
 * Each candidate is dry-run through its own reducer, so every action listed applies.
 */
import { roller, DiceScriptExhaustedError } from "../../../dice/index.js";
import type { ActionContext, Handler } from "../../../engine/context.js";
import { listLegal, type CandidateListing } from "../../../engine/module.js";
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { enemiesOf, unitsOf } from "../unit.js";
import { ARTILLERY_RESPONSES, type GunFireAction, type GunMoveAction, type GunRespondAction, type ExtinguishAction, type LimberAction, type LeaveShelterAction, type RemanAction, type UnlimberAction } from "./actions.js";
import { leaveShelter, reman } from "./crew.js";
import { fireHandler } from "./fire.js";
import { extinguish } from "./firefighting.js";
import { fireObstacles } from "./fires.js";
import { AMMUNITION, gunMoveRate } from "./guns.js";
import { limber, moveGun, unlimber } from "./move.js";
import { respondHandler } from "./respond.js";
import { traitsOf } from "../../traits.js";

/** Any action this module lists. */
export type ArtilleryAction = GunFireAction | GunRespondAction | LimberAction | UnlimberAction | GunMoveAction | LeaveShelterAction | RemanAction | ExtinguishAction;

/** Whether a reducer accepts an action (a dry run on a throw-away context; dice running out counts as accepted). */
function accepts<A>(state: BattleState, handler: Handler<A>, action: A): boolean {
  const ctx: ActionContext = { dice: roller(state.dice), options: state.options, emit: () => undefined };
  try {
    return handler(state, action, ctx).ok;
  } catch (e) {
    if (e instanceof DiceScriptExhaustedError) return true;
    throw e;
  }
}

/** Whether an artillery action applies: a dry run through its own reducer. */
function artilleryApplies(state: BattleState, a: ArtilleryAction): boolean {
  switch (a.type) {
    case "artillery/respond":
      return accepts(state, respondHandler, a);
    case "artillery/fire":
      return accepts(state, fireHandler, a);
    case "artillery/limber":
      return accepts(state, limber, a);
    case "artillery/unlimber":
      return accepts(state, unlimber, a);
    case "artillery/move":
      return accepts(state, moveGun, a);
    case "artillery/reman":
      return accepts(state, reman, a);
    case "artillery/leaveShelter":
      return accepts(state, leaveShelter, a);
    case "artillery/extinguish":
      return accepts(state, extinguish, a);
  }
}

const FRACTIONS = [0.25, 0.5, 0.75, 1] as const;
const WHEELS = [15, 30, 45] as const;
/** A slightly shortened distance, so a candidate at 100 % is not lost to rounding. */
const trim = (d: number): number => Math.max(0, d - 1e-6);
/** Shortest forward move listed (as for units: smaller remainders are not worth a decision). */
const MIN_GUN_MOVE = 0.25;

/**
 * A gun's move candidates in the remaining-moves step (WHN-ART-3, WHN-ART-4), the same finite
 * shapes as a formed unit's (src/rules/whn/movement/legal.ts): forward 25/50/75/100 % of the move
 * left at its rate for its state (limbered or not); wheels of 15/30/45° either way, alone or
 * followed by half the move left; turns of 90°, −90° and 180°; and, limbered and not yet moved,
 * marches forward 25/50/75/100 % of twice its rate and wheels of 15/30/45° followed by half of it.
 * Nothing for a gun its crew have left (no figures) or with no team to move it (rate 0).
 */
export function gunMoveCandidates(g: Unit): GunMoveAction[] {
  if (g.artillery === null || g.figures <= 0 || g.artillery.abandoned || g.artillery.shelteringIn !== null || g.flags.marched) return [];
  const rate = gunMoveRate(g);
  if (rate <= 0) return [];
  const out: GunMoveAction[] = [];
  const left = (1 - g.flags.moveUsed) * rate;
  const move = (path: GunMoveAction["path"], march = false): GunMoveAction => ({ type: "artillery/move", unit: g.id, path, march });
  for (const f of FRACTIONS) if (f * left >= MIN_GUN_MOVE) out.push(move([{ kind: "forward", distance: trim(f * left) }]));
  for (const degrees of WHEELS) {
    for (const pivot of ["left", "right"] as const) {
      out.push(move([{ kind: "wheel", degrees, pivot }]));
      if (left / 2 >= MIN_GUN_MOVE) out.push(move([{ kind: "wheel", degrees, pivot }, { kind: "forward", distance: trim(left / 2) }]));
    }
  }
  for (const degrees of [90, -90, 180] as const) out.push(move([{ kind: "turn", degrees }]));
  if (g.formation === "LIMBERED" && g.flags.moveUsed === 0) {
    const allowance = 2 * rate;
    for (const f of FRACTIONS) out.push(move([{ kind: "forward", distance: trim(f * allowance) }], true));
    for (const degrees of WHEELS) for (const pivot of ["left", "right"] as const) out.push(move([{ kind: "wheel", degrees, pivot }, { kind: "forward", distance: trim(allowance / 2) }], true));
  }
  return out;
}

/** The artillery candidates of the deciding side, unchecked. */
export function artilleryCandidates(state: BattleState): ArtilleryAction[] {
  if (!traitsOf(state).artilleryAndFires || state.turn.phase === "finished") return [];
  const out: ArtilleryAction[] = [];
  const top = state.pending[0];
  if (top !== undefined) {
    if (top.kind !== "chargeResponse" || top.unit === null || state.units[top.unit]?.artillery == null) return [];
    const squares = unitsOf(state, top.side).filter((u) => u.formation === "SQUARE");
    for (const response of ARTILLERY_RESPONSES) {
      if (response === "shelter") for (const q of squares) out.push({ type: "artillery/respond", unit: top.unit, response, square: q.id });
      else out.push({ type: "artillery/respond", unit: top.unit, response });
    }
    return out;
  }
  const side = state.turn.activeSide;
  const guns = Object.values(state.units).filter((u) => u.side === side && u.artillery !== null && u.removed === null);
  if (state.turn.phase === "shooting") {
    for (const g of guns) {
      for (const t of enemiesOf(state, side)) {
        for (const ammunition of AMMUNITION) {
          for (const andLimber of g.artillery?.arm === "horse" ? [false, true] : [false]) {
            out.push(andLimber ? { type: "artillery/fire", unit: g.id, target: t.id, ammunition, andLimber } : { type: "artillery/fire", unit: g.id, target: t.id, ammunition });
          }
        }
      }
    }
    return out;
  }
  if (state.turn.phase !== "movement" || state.turn.step !== "remaining") return out;
  for (const g of guns) {
    out.push({ type: "artillery/limber", unit: g.id }, { type: "artillery/unlimber", unit: g.id }, { type: "artillery/reman", unit: g.id }, { type: "artillery/leaveShelter", unit: g.id, face: "rear" });
    for (const m of gunMoveCandidates(g)) out.push(m);
  }
  const circles = fireObstacles(state);
  if (circles.length > 0) {
    for (const unit of unitsOf(state, side)) {
      for (const c of circles) out.push({ type: "artillery/extinguish", unit: unit.id, fire: c.fire, circle: c.index });
    }
  }
  return out;
}

/** The artillery module's listing: the deciding side's candidates, each dry-run through its reducer. */
export const ARTILLERY_LISTING: CandidateListing<ArtilleryAction> = { candidates: artilleryCandidates, check: artilleryApplies };

/** Every legal artillery action of the deciding side. */
export function legalArtilleryActions(state: BattleState): ArtilleryAction[] {
  return listLegal(state, ARTILLERY_LISTING);
}
