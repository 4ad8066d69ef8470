/**
 * The legal movement actions of one unit, for bots and UIs: a bounded discretisation of what the
 * unit could do in the current step, each candidate tried against the rules so that every action
 * listed applies without a violation. The listing comes in two halves ({@link MOVEMENT_LISTING}):
 * unchecked candidates and the handler's dry run, so the engine's lazy `sampleLegalAction` tries
 * only the candidates it draws. Candidates every handler would refuse outright (a stationary unit's
 * moves, a response nobody asked for) are not built at all.
 *
 * Discretisation (per call, at most a few dozen actions):
 * - declareCharges: one charge per enemy it may charge (plus each flank under HR-FLANK-1);
 * - chargeResponses: each response it may give (reform from square: each formation at one width);
 * - chargeMoves: its charge move;
 * - remaining, formed units: forward 25/50/75/100 % of the move left; wheels of 15/30/45° either
 *   way, alone or followed by the rest of the move; turns of 90°, −90° and 180°; the same forward and
 *   wheel shapes as a march; each formation it may adopt at up to three widths (its current files,
 *   the narrowest and the widest allowed); a detachment merging into its parent, and a parent
 *   splitting off each merged detachment beside it (WHN-DET-5);
 * - remaining, squares and extended order: a slide of 50 % and 100 % of the move left in eight
 *   directions (extended order also as a march); slides shorter than {@link MIN_LISTED_MOVE} are
 *   not listed (the march is).
 */
import type { ActionContext } from "../../../engine/context.js";
import type { Outcome } from "../../../engine/context.js";
import { listLegal, type CandidateListing } from "../../../engine/module.js";
import { isOwned } from "../../../engine/owned.js";
import { type BattleState, isFigureScale } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Character, Unit } from "../../../state/unit.js";
import { roller, seedDice } from "../../../dice/index.js";
import { getUnit, inPlay, enemiesOf, joinedCharacters, unitsInPlayShared } from "../unit.js";
import { RESPONSES, type ChangeFormationAction, type ChargeMoveAction, type DeclareChargeAction, type MarchAction, type MergeDetachmentAction, type MoveAction, type MoveToAction, type RespondAction, type SplitDetachmentAction } from "./actions.js";
import { changeFormationHandler } from "./changeFormation.js";
import { chargeToMove } from "./chargeMove.js";
import { baseMove, isStationary, moveRate, readyToMove, wheeledThisPhase } from "./common.js";
import { declarationApplies } from "./declare.js";
import { detachmentCandidates, detachmentRangeViolation } from "./detachments.js";
import { moveTo } from "./free.js";
import { FORMATION_TABLE, WHN_FORMATIONS, adoptableFiles } from "./formations.js";
import { CORE_FORMATIONS, coreFormationRefusal } from "../../core/formations.js";
import { mergeDetachment, splitDetachment } from "./merge.js";
import { march, move, unitAfterMove, whyNoMarch } from "./moves.js";
import { pathLengths, quickPath, type Leg } from "./path.js";
import { EPSILON, leq } from "../../../geometry/vec.js";
import { quickResponseCheck, respond } from "./respond.js";
import { cosDeg, sinDeg } from "../../../math/index.js";
import { traitsOf } from "../../traits.js";

/** A movement action a unit may take now. */
export type MovementAction = ChangeFormationAction | MoveAction | MarchAction | MoveToAction | DeclareChargeAction | RespondAction | ChargeMoveAction | MergeDetachmentAction | SplitDetachmentAction;

const FRACTIONS = [0.25, 0.5, 0.75, 1] as const;
const WHEELS = [15, 30, 45] as const;
const DIRECTIONS = [0, 45, 90, 135, 180, 225, 270, 315] as const;

/** The throwaway dice state candidates are tried with (seeded once: seeding is not free). */
const TRY_DICE = seedDice(0);

/** Tries an action against its handler with throwaway dice and events. */
function applies(state: BattleState, a: MovementAction): boolean {
  const ctx: ActionContext = { dice: roller(TRY_DICE), options: state.options, emit: () => undefined };
  let out: Outcome;
  switch (a.type) {
    case "movement/changeFormation":
      out = changeFormationHandler(state, a, ctx);
      break;
    case "movement/move": {
      const quick = quickMoveCheck(state, a, false);
      if (quick !== null) return quick;
      out = move(state, a, ctx);
      break;
    }
    case "movement/march": {
      const quick = quickMoveCheck(state, a, true);
      if (quick !== null) return quick;
      out = march(state, a, ctx);
      break;
    }
    case "movement/moveTo":
      out = moveTo(state, a, ctx);
      break;
    case "movement/declareCharge":
      // A declaration cannot fail once its checks pass (reach is measured, never refused).
      return declarationApplies(state, a);
    case "movement/respond": {
      // Hold and flee cannot fail once their checks pass: no need to roll the flight.
      const quick = quickResponseCheck(state, a);
      if (quick !== null) return quick;
      out = respond(state, a, ctx);
      break;
    }
    case "movement/chargeMove":
      // The resolution of a charge move always succeeds once its checks pass.
      return !("code" in chargeToMove(state, a));
    case "movement/mergeDetachment":
      out = mergeDetachment(state, a, ctx);
      break;
    case "movement/splitDetachment":
      out = splitDetachment(state, a, ctx);
      break;
  }
  return out.ok;
}

/**
 * Whether a move or march applies, answered without a footprint per sample when it can be
 * (`move`/`march` of src/rules/whn/movement/moves.ts ask the same questions; every refusal there
 * is a "no" here, whatever its order): the unit may move (and march), the path goes somewhere,
 * its plain length and wheel fit, its measured cost (terrain included, the same numbers as
 * `measurePath`) fits the allowance, it enters nothing impassable, nothing stands within reach of
 * its samples ({@link quickPath}'s broad phase) and a detachment stays in range (WHN-DET-2).
 * Null when only the handler can tell: a loose unit, a path with no terrain on the table (the
 * handler's own shortcut, `clearPathEnd`, is as cheap), or a unit, an edge or impassable ground
 * within reach of the path. With `plainOnly`, null as well once the plain length and wheel fit
 * (only the cheap refusals are looked for).
 */
export function quickMoveCheck(state: BattleState, a: MoveAction | MarchAction, isMarch: boolean, plainOnly = false): boolean | null {
  const u = readyToMove(state, a.unit);
  if ("code" in u) return false;
  if (isMarch) {
    if (a.path.some((l) => l.kind === "turn")) return false;
    if (whyNoMarch(state, u) !== null) return false;
  } else if (u.flags.marched) return false;
  const info = FORMATION_TABLE[u.formation];
  if (info.freeDirection) return false;
  // (The plain checks below read no terrain, so the draw's quick refusal asks them on any table.)
  if (state.terrain.length === 0 && !plainOnly) return null;
  const legs = a.path;
  if (legs.every((l) => (l.kind === "forward" ? l.distance : l.kind === "wheel" ? Math.abs(l.degrees) : 1) <= EPSILON)) return false;
  const M = baseMove(state, u);
  const rate = moveRate(state, u);
  const allowance = isMarch ? (info.march ?? 0) * M : (1 - u.flags.moveUsed) * rate;
  const limit = info.wheelLimit;
  const plain = pathLengths(u, legs, rate);
  // The measured wheel is the plain one (summed the same way): over the limit is a refusal.
  if (limit !== null && !leq(wheeledThisPhase(state, u.id) + plain.wheel, limit)) return false;
  if (Number.isFinite(plain.cost) && !leq(plain.cost, allowance)) return false;
  // The draw's quick refusal stops here: past this point a "yes" costs as much as the apply.
  if (plainOnly) return null;
  const path = quickPath(state, u, legs, rate, M);
  if (path === null) return null;
  if (!leq(path.cost, allowance) || path.entersImpassable) return false;
  if (!path.clear) return null;
  return detachmentRangeViolation(state, u, unitAfterMove(u, path.end, path.cost, rate, isMarch)) === null;
}

/** A slightly shortened distance, so a candidate at 100 % is not lost to rounding. */
const trim = (d: number): number => Math.max(0, d - 1e-6);
/** Shortest forward move listed: smaller remainders are not worth a decision (and would never end). */
export const MIN_LISTED_MOVE = 0.25;

function formedCandidates(state: BattleState, u: Unit): MovementAction[] {
  const out: MovementAction[] = [];
  const left = (1 - u.flags.moveUsed) * moveRate(state, u);
  for (const f of FRACTIONS) {
    if (f * left >= MIN_LISTED_MOVE) out.push({ type: "movement/move", unit: u.id, path: [{ kind: "forward", distance: trim(f * left) }] });
  }
  for (const deg of WHEELS) {
    for (const pivot of ["left", "right"] as const) {
      const wheel: Leg = { kind: "wheel", degrees: deg, pivot };
      out.push({ type: "movement/move", unit: u.id, path: [wheel] });
      if (left / 2 >= MIN_LISTED_MOVE) out.push({ type: "movement/move", unit: u.id, path: [wheel, { kind: "forward", distance: trim(left / 2) }] });
    }
  }
  for (const degrees of [90, -90, 180] as const) out.push({ type: "movement/move", unit: u.id, path: [{ kind: "turn", degrees }] });
  const factor = FORMATION_TABLE[u.formation].march as number | null;
  if (factor !== null) {
    const allowance = factor * baseMove(state, u);
    for (const f of FRACTIONS) out.push({ type: "movement/march", unit: u.id, path: [{ kind: "forward", distance: trim(f * allowance) }] });
    for (const deg of WHEELS) {
      for (const pivot of ["left", "right"] as const) {
        out.push({ type: "movement/march", unit: u.id, path: [{ kind: "wheel", degrees: deg, pivot }, { kind: "forward", distance: trim(allowance / 2) }] });
      }
    }
  }
  return out;
}

function freeCandidates(state: BattleState, u: Unit): MovementAction[] {
  const out: MovementAction[] = [];
  const left = (1 - u.flags.moveUsed) * moveRate(state, u);
  for (const deg of DIRECTIONS) {
    const dx = cosDeg(deg);
    const dy = sinDeg(deg);
    for (const f of [0.5, 1]) {
      const d = trim(f * left);
      // As for forward moves, remainders under MIN_LISTED_MOVE are not listed: a slide of (nearly)
      // nothing costs (nearly) nothing, so a bot could repeat it for ever (skirmish-screen, seed 3).
      const slide = d >= MIN_LISTED_MOVE;
      if (u.formation === "SQUARE") {
        if (slide) out.push({ type: "movement/moveTo", unit: u.id, to: { x: u.position.x + dx * d, y: u.position.y + dy * d }, march: false });
      } else if (u.models !== null) {
        const shift = (k: number) => (u.models ?? []).map((m) => ({ x: m.x + dx * k, y: m.y + dy * k, facing: m.facing }));
        if (slide) out.push({ type: "movement/moveTo", unit: u.id, models: shift(d), march: false });
        out.push({ type: "movement/moveTo", unit: u.id, models: shift(trim(f * 2 * baseMove(state, u))), march: true });
      }
    }
  }
  return out;
}

function formationCandidates(state: BattleState, u: Unit): MovementAction[] {
  if (!traitsOf(state).napoleonicFormations) return coreReformCandidates(state, u);
  const out: MovementAction[] = [];
  for (const formation of WHN_FORMATIONS) {
    const files = adoptableFiles(u, formation, state);
    const picks = new Set<number>();
    if (files.includes(u.files)) picks.add(u.files);
    if (files.length > 0) {
      picks.add(files[0] as number);
      picks.add(files[files.length - 1] as number);
    }
    // Re-adopting the current formation and width is refused (same_formation, WHN-FCHG-1).
    for (const f of picks) if (formation !== u.formation || f !== u.files) out.push({ type: "movement/changeFormation", unit: u.id, formation, files: f });
  }
  return out;
}

function responseCandidates(state: BattleState, u: Unit): MovementAction[] {
  const out: MovementAction[] = [];
  for (const response of RESPONSES) {
    if (response !== "reformFromSquare") {
      out.push({ type: "movement/respond", unit: u.id, response });
      continue;
    }
    for (const formation of WHN_FORMATIONS) {
      const files = adoptableFiles(u, formation, state);
      const f = files.includes(u.files) ? u.files : files[0];
      if (f !== undefined && formation !== "SQUARE") out.push({ type: "movement/respond", unit: u.id, response, formation, files: f });
    }
  }
  return out;
}

/** CORE reforms (CORE-MOVE-1): a block two files narrower or wider, or (light troops) skirmishing, or back to a block. */
function coreReformCandidates(state: BattleState, u: Unit): MovementAction[] {
  const out: MovementAction[] = [];
  for (const formation of CORE_FORMATIONS) {
    if (coreFormationRefusal(u, formation) !== null) continue;
    const files = adoptableFiles(u, formation, state);
    const wanted = formation === u.formation ? [u.files - 2, u.files + 2] : [u.files];
    for (const f of wanted) if (files.includes(f)) out.push({ type: "movement/changeFormation", unit: u.id, formation, files: f });
  }
  return out;
}

/** A unit's own remaining-step candidates (moves, marches, formation changes), per unit object. */
const OWN_CANDIDATES = new WeakMap<Unit, { characters: BattleState["characters"]; readonly joined: readonly Character["profile"][]; readonly list: readonly MovementAction[] }>();

/**
 * A unit's moves, marches and formation changes in the remaining step. They depend on the unit and
 * its joined characters' profiles only (move rates, WHN-LEAD-4: whether any is joined), so they are
 * kept per unit object (units are immutable values) while the same profiles are joined to it (a
 * character moving with its unit makes a new characters record, not a new profile).
 */
function ownCandidates(state: BattleState, u: Unit): readonly MovementAction[] {
  const hit = OWN_CANDIDATES.get(u);
  if (hit !== undefined) {
    if (hit.characters === state.characters) return hit.list;
    if (sameProfiles(hit.joined, joinedCharacters(state, u.id))) {
      hit.characters = state.characters;
      return hit.list;
    }
  }
  const joined = joinedCharacters(state, u.id);
  let list: readonly MovementAction[] | undefined;
  if (FORMATION_TABLE[u.formation].freeDirection) list = [...freeCandidates(state, u), ...formationCandidates(state, u)];
  else {
    // A formed unit's list depends on no position: found again by what it does depend on (a new
    // unit object each turn, after firing… lists the same as before).
    const key = formedKey(state, u, joined.length > 0);
    list = FORMED_LISTS.get(key);
    if (list === undefined) {
      list = [...formedCandidates(state, u), ...keptFormationCandidates(state, u, joined.length > 0)];
      if (FORMED_LISTS.size >= FORMED_LISTS_MAX) FORMED_LISTS.clear();
      FORMED_LISTS.set(key, list);
    }
  }
  OWN_CANDIDATES.set(u, { characters: state.characters, joined: joined.map((c) => c.profile), list });
  return list;
}

/**
 * Formed units' remaining-step lists by what {@link formedCandidates} and
 * {@link formationCandidates} read: the ruleset, the unit's id, formation, files, figures, move
 * used, base move (joined characters' M included), whether a character is joined (WHN-LEAD-4), and
 * its troop type, light and extended-order flags. Bounded: emptied when full.
 */
const FORMED_LISTS = new Map<string, readonly MovementAction[]>();
const FORMED_LISTS_MAX = 4096;

/**
 * {@link formationCandidates} of a formed unit, kept by what they read (the ruleset, the unit's id,
 * formation, files, figures, troop type, light and extended-order flags, whether a character is
 * joined): a unit that moved part of its allowance lists new moves but the same formation changes.
 * Bounded: emptied when full.
 */
const FORMATION_LISTS = new Map<string, readonly MovementAction[]>();

function keptFormationCandidates(state: BattleState, u: Unit, joined: boolean): readonly MovementAction[] {
  const key = formationKey(state, u, joined);
  let list = FORMATION_LISTS.get(key);
  if (list === undefined) {
    list = formationCandidates(state, u);
    if (FORMATION_LISTS.size >= FORMED_LISTS_MAX) FORMATION_LISTS.clear();
    FORMATION_LISTS.set(key, list);
  }
  return list;
}

/** What a formed unit's formation changes read. */
function formationKey(state: BattleState, u: Unit, joined: boolean): string {
  return `${state.ruleset}|${u.id}|${u.formation}|${u.files}|${u.figures}|${joined}|${u.troopType}|${u.light}|${u.extendedOrderAllowed}`;
}

/** What a formed unit's whole remaining-step list reads: its formation changes' inputs and the move it has left. */
function formedKey(state: BattleState, u: Unit, joined: boolean): string {
  return `${formationKey(state, u, joined)}|${u.flags.moveUsed}|${baseMove(state, u)}`;
}

/** True when the characters joined now have the very profiles remembered, in the same order. */
function sameProfiles(remembered: readonly Character["profile"][], joined: readonly Character[]): boolean {
  if (remembered.length !== joined.length) return false;
  for (let i = 0; i < joined.length; i++) if ((joined[i] as Character).profile !== remembered[i]) return false;
  return true;
}

/**
 * The movement actions a unit may take in the current step, each one checked to apply without a
 * violation (see the file comment for the discretisation).
 * @example legalMovementActions(state, unitId("fr-1")).map((a) => a.type)
 */
export function legalMovementActions(state: BattleState, unit: UnitId): MovementAction[] {
  return movementCandidates(state, unit).filter((a) => applies(state, a));
}

/** The movement candidates of a unit in the current step, unchecked (see the file comment for the discretisation). */
export function movementCandidates(state: BattleState, unit: UnitId): MovementAction[] {
  const out: MovementAction[] = [];
  const u = getUnit(state, unit);
  if (u !== undefined) addMovementCandidates(state, u, out);
  return out;
}

/** Appends a unit's {@link movementCandidates} to `out` (no array per unit: a listing runs every decision). */
function addMovementCandidates(state: BattleState, u: Unit, out: MovementAction[]): void {
  if (!inPlay(u) || state.turn.phase !== "movement" || !isFigureScale(state.ruleset)) return;
  switch (state.turn.step) {
    case "declareCharges":
      for (const e of enemiesOf(state, u.side)) {
        out.push(declaration(u.id, e.id, undefined));
        if (state.options.hr.flankChargeEngaged) {
          for (const face of ["left", "right"] as const) out.push(declaration(u.id, e.id, face));
        }
      }
      return;
    case "chargeResponses":
      // The respond reducer refuses a unit with no response pending, and every gun (CORE-CHRG-2, WHN-ART-6).
      if (u.artillery === null && state.pending.some((d) => d.kind === "chargeResponse" && d.unit === u.id)) for (const a of responseCandidates(state, u)) out.push(a);
      return;
    case "chargeMoves":
      out.push({ type: "movement/chargeMove", unit: u.id });
      return;
    case "remaining":
      // Every voluntary move and formation change starts by refusing a stationary unit.
      if (!isStationary(state, u)) for (const a of ownCandidates(state, u)) out.push(a);
      for (const a of detachmentCandidates(state, u)) out.push(a);
      return;
    default:
      return;
  }
}

/**
 * Declarations by (unit, target, face): the same action objects every declare step, so the engine
 * freezes each once (listed actions are frozen). Bounded: emptied when full.
 */
const DECLARATIONS = new Map<UnitId, Map<UnitId, DeclareChargeAction[]>>();
let declarationsKept = 0;

/** Index of a face in a target's declarations: none, left, right. */
const faceIndex = (face: "left" | "right" | undefined): number => (face === undefined ? 0 : face === "left" ? 1 : 2);

function declaration(unit: UnitId, target: UnitId, face: "left" | "right" | undefined): DeclareChargeAction {
  // By unit, then target, then face: no key string built per pair and step.
  let byTarget = DECLARATIONS.get(unit);
  if (byTarget === undefined) {
    byTarget = new Map();
    DECLARATIONS.set(unit, byTarget);
  }
  let faces = byTarget.get(target);
  if (faces === undefined) {
    faces = [];
    byTarget.set(target, faces);
  }
  const i = faceIndex(face);
  let a = faces[i];
  if (a === undefined) {
    if (declarationsKept >= 4096) {
      DECLARATIONS.clear();
      declarationsKept = 0;
      return declaration(unit, target, face);
    }
    a = face === undefined ? { type: "movement/declareCharge", unit, target } : { type: "movement/declareCharge", unit, target, face };
    faces[i] = a;
    declarationsKept++;
  }
  return a;
}

/**
 * Appends a unit's {@link movementCandidates} to `parts` as arrays: in the remaining step its own
 * list as {@link ownCandidates} keeps it (shared, not copied), then its detachment actions; in the
 * other steps one fresh array. Read end to end, the parts are {@link addMovementCandidates}'s list.
 */
function addMovementSegments(state: BattleState, u: Unit, parts: (readonly MovementAction[])[]): void {
  if (state.turn.step === "remaining" && inPlay(u)) {
    if (!isStationary(state, u)) parts.push(ownCandidates(state, u));
    const d = detachmentCandidates(state, u);
    if (d.length > 0) parts.push(d);
    return;
  }
  const out: MovementAction[] = [];
  addMovementCandidates(state, u, out);
  if (out.length > 0) parts.push(out);
}

/**
 * {@link candidatesForDecidingSide} as arrays to read end to end (`CandidateListing.segments`): a
 * unit's own remaining-step list is handed over as it is kept, so a decision costs per unit, not
 * per candidate (~250 of them).
 */
function segmentsForDecidingSide(state: BattleState): (readonly MovementAction[])[] {
  if (!isFigureScale(state.ruleset) || state.turn.phase !== "movement") return [];
  const top = state.pending[0];
  const parts: (readonly MovementAction[])[] = [];
  if (top !== undefined) {
    if (top.kind !== "chargeResponse") return [];
    for (const d of state.pending) {
      if (d.kind !== "chargeResponse" || d.side !== top.side || d.unit === null) continue;
      const u = getUnit(state, d.unit as UnitId);
      if (u !== undefined) addMovementSegments(state, u, parts);
    }
    return parts;
  }
  const side = state.turn.activeSide;
  for (const u of unitsInPlayShared(state)) if (u.side === side) addMovementSegments(state, u, parts);
  return parts;
}

/**
 * The movement candidates of the side that must act now, unchecked: the pending charge responses
 * if any, else each active unit's candidates.
 */
export function candidatesForDecidingSide(state: BattleState): MovementAction[] {
  const out: MovementAction[] = [];
  for (const part of segmentsForDecidingSide(state)) for (const a of part) out.push(a);
  return out;
}

/** The state whose candidates were built last, and those candidates (the engine's listing is asked twice a decision). */
let lastState: BattleState | null = null;
let lastSegments: readonly (readonly MovementAction[])[] = [];
let lastCandidates: readonly MovementAction[] | null = null;

/**
 * {@link segmentsForDecidingSide}, remembered for the last state the engine built: auto-advance
 * asks for the first legal action and the bot then draws from the same state, so the candidates
 * are built once a decision. A state the engine did not build (an app's, a draft) is never kept.
 */
function rememberedSegments(state: BattleState): readonly (readonly MovementAction[])[] {
  if (state === lastState) return lastSegments;
  const parts = segmentsForDecidingSide(state);
  if (isOwned(state)) {
    lastState = state;
    lastSegments = parts;
    lastCandidates = null;
  }
  return parts;
}

/** {@link rememberedSegments} joined into one list (for `listLegal` and other readers of `candidates`). */
function rememberedCandidates(state: BattleState): readonly MovementAction[] {
  if (state === lastState && lastCandidates !== null) return lastCandidates;
  const out: MovementAction[] = [];
  for (const part of rememberedSegments(state)) for (const a of part) out.push(a);
  if (state === lastState) lastCandidates = out;
  return out;
}

/**
 * The order auto-advance's "any choice?" test tries candidates in (`CandidateListing.rank`, lower
 * first): shapes that usually apply and cost little first — free moves, turns, forward moves
 * (listed only while some move is left), responses and charge moves, charges at the nearest
 * enemies, formation changes and wheels, marches last. Only the cost of that test depends on it.
 */
function movementRank(state: BattleState, a: MovementAction): number {
  switch (a.type) {
    case "movement/moveTo":
      return 0;
    case "movement/move": {
      const kind = a.path[0]?.kind;
      return a.path.length === 1 && kind === "forward" ? 2 : kind === "turn" ? 1 : 4;
    }
    case "movement/respond":
    case "movement/chargeMove":
      return 2.5;
    case "movement/declareCharge": {
      const u = getUnit(state, a.unit);
      const t = getUnit(state, a.target);
      if (u === undefined || t === undefined) return 3.5;
      const dx = u.position.x - t.position.x;
      const dy = u.position.y - t.position.y;
      return 3 + Math.min(dx * dx + dy * dy, 1e5) * 1e-6;
    }
    case "movement/changeFormation":
      return 4;
    case "movement/march":
      return 5;
    default:
      return 3.5;
  }
}

/**
 * The draw's quick refusal (`CandidateListing.refuses`): a charge declaration its check refuses
 * ({@link declarationApplies}, which reads the shared sight field instead of tracing a line of
 * sight per pair as the apply does); a move or march refused by the first, cheap part of
 * {@link quickMoveCheck} (the unit may not move, the plain length or wheel does not fit). Other
 * candidates: not told here.
 */
function movementRefuses(state: BattleState, a: MovementAction): boolean {
  switch (a.type) {
    case "movement/declareCharge":
      return !declarationApplies(state, a);
    case "movement/move":
      return quickMoveCheck(state, a, false, true) === false;
    case "movement/march":
      return quickMoveCheck(state, a, true, true) === false;
    default:
      return false;
  }
}

/** Whether a listed move is the 180° turn in place. */
const isAboutTurn = (a: MovementAction): boolean => a.type === "movement/move" && a.path.length === 1 && a.path[0]?.kind === "turn" && a.path[0].degrees === 180;

/**
 * Auto-advance's shortcut (`CandidateListing.anyLegal`), asked before the side's candidates are
 * built. Outside the steps that list anything, and in the charge-response step with no response
 * pending, there is no candidate: false. In the remaining step, one formed unit's listed 180° turn
 * in place is checked (it keeps the unit's own ground, so it nearly always passes while the unit
 * may move and has a quarter of its rate left): a pass proves a choice. Otherwise it cannot tell.
 */
function movementAnyLegal(state: BattleState): boolean | undefined {
  if (!isFigureScale(state.ruleset) || state.turn.phase !== "movement") return false;
  if (state.pending.length > 0) return undefined;
  switch (state.turn.step) {
    case "declareCharges":
    case "chargeMoves":
      // A nearest-pair declaration check was tried here: it saved nothing measurable (session d).
      return undefined;
    case "remaining": {
      const side = state.turn.activeSide;
      let tries = 0;
      for (const u of unitsInPlayShared(state)) {
        if (u.side !== side || !inPlay(u) || u.flags.marched || FORMATION_TABLE[u.formation].freeDirection) continue;
        // A turn costs a quarter of the rate: a unit clearly without it left is not tried (a skip only costs the shortcut).
        if ((1 - u.flags.moveUsed) * 4 < 1 - 1e-3) continue;
        if (isStationary(state, u)) continue;
        const turn = ownCandidates(state, u).find(isAboutTurn);
        if (turn === undefined) continue;
        if (applies(state, turn)) return true;
        if (++tries >= 2) return undefined;
      }
      return undefined;
    }
    default:
      // chargeResponses with nothing pending, and every other step: nothing is listed.
      return false;
  }
}

/** The movement module's listing: the deciding side's candidates, each checked against its handler. */
export const MOVEMENT_LISTING: CandidateListing<MovementAction> = { candidates: rememberedCandidates, segments: rememberedSegments, refuses: movementRefuses, check: applies, rank: movementRank, anyLegal: movementAnyLegal };

/**
 * Every legal movement action of the side that must act now (the engine's `legalActions` lists
 * the same through {@link MOVEMENT_LISTING}): the pending charge responses if any, else each active
 * unit's actions.
 */
export function legalForDecidingSide(state: BattleState): MovementAction[] {
  return listLegal(state, MOVEMENT_LISTING);
}
