/**
 * Read-only questions about WHN units that every phase asks: ranks, formation families, the unit's
 * footprint on the table, who is a friend or an enemy, joined characters.
 */
import type { BattleState } from "../../state/battle.js";
import type { Character, Formation, Unit } from "../../state/unit.js";
import type { CharacterId, SideId, UnitId } from "../../state/ids.js";
import { BASE_SIZES, OPEN_ORDER_GAP } from "../../geometry/bases.js";
import { layoutUnit, type LayoutSpec, type UnitLayout } from "../../geometry/layout.js";
import type { Footprint } from "../../geometry/rect.js";
import { footprintDistance } from "../../geometry/rect.js";
import { perUnitsRecord } from "./perUnitsRecord.js";

/** Formations whose models stand apart: skirmishers (WHN-SKIRM-2, WHN-SKIRM-3). */
export const SKIRMISH_FORMATIONS: ReadonlySet<Formation> = new Set(["OPEN_ORDER", "EXTENDED_ORDER"]);

/**
 * Whether a unit is on the table in play: not removed, with models left, and not merged into its
 * parent (a merged detachment's models count in the parent, WHN-DET-5).
 */
export function inPlay(u: Unit): boolean {
  return u.removed === null && u.figures > 0 && u.mergedInto === null;
}

/** Whether a unit is mounted (cavalry; horse-artillery crew are not, for shooting). */
export function isMounted(u: Unit): boolean {
  return u.troopType === "cavalry";
}

/** Whether a unit is skirmishing (open or extended order). */
export function isSkirmishing(u: Unit): boolean {
  return SKIRMISH_FORMATIONS.has(u.formation);
}

/** Whether a unit is formed (not skirmishing, not fleeing). */
export function isFormed(u: Unit): boolean {
  return !isSkirmishing(u) && u.order !== "FLEEING";
}

/** Files actually used (never more than the models). */
export function filesOf(u: Unit): number {
  return Math.max(1, Math.min(u.files, u.figures));
}

/** Number of ranks of a block formation: ceil(figures / files) (CORE-GEO-5); 0 for no models. */
export function ranksOf(u: Unit): number {
  if (u.figures <= 0) return 0;
  if (u.formation === "SQUARE" || u.formation === "EXTENDED_ORDER") return 1;
  return Math.ceil(u.figures / filesOf(u));
}

/** Models in each rank, front first (the rearmost may be short) (CORE-GEO-5). */
export function rankCounts(u: Unit): number[] {
  const files = filesOf(u);
  const ranks = ranksOf(u);
  const out: number[] = [];
  for (let r = 0; r < ranks; r++) out.push(r < ranks - 1 ? files : u.figures - files * (ranks - 1));
  return out;
}

/** Models in the front rank. */
export function frontRankCount(u: Unit): number {
  return rankCounts(u)[0] ?? 0;
}

/** Command models the unit still has (leader, standard bearer, musician). */
export function commandModels(u: Unit): number {
  return (u.command.leader ? 1 : 0) + (u.command.standard ? 1 : 0) + (u.command.musician ? 1 : 0);
}

/** The layout description of a unit, from its formation (CORE-GEO-5…7). */
export function layoutSpecOf(u: Unit): LayoutSpec {
  const count = Math.max(1, u.figures);
  switch (u.formation) {
    case "SQUARE":
      return { kind: "square", count, base: u.base };
    case "EXTENDED_ORDER":
      if (u.models !== null && u.models.length > 0) return { kind: "loose", models: u.models, base: u.base };
      return { kind: "block", files: filesOf(u), count, base: u.base, gapX: u.base.w, gapY: u.base.w };
    case "OPEN_ORDER":
      return { kind: "block", files: Math.max(filesOf(u), Math.ceil(count / 2)), count, base: u.base, gapX: OPEN_ORDER_GAP, gapY: OPEN_ORDER_GAP };
    case "LIMBERED":
      return { kind: "block", files: 1, count: 1, base: BASE_SIZES.gunLimbered };
    case "UNLIMBERED":
      return { kind: "block", files: 1, count: 1, base: BASE_SIZES.gunUnlimbered };
    default:
      return { kind: "block", files: filesOf(u), count, base: u.base };
  }
}

/**
 * Layouts already made, per unit object. Units are immutable values (a changed unit is a new
 * object), and a layout depends on nothing but its unit, so a layout never goes stale; the map is
 * weak, so it holds nothing a battle has dropped. Every phase and every candidate action of a
 * legal-action listing re-reads the same units' layouts: this makes those reads free.
 */
const LAYOUTS = new WeakMap<Unit, UnitLayout>();

/** The unit laid out on the table at its position and facing (cached per unit object). */
export function layoutOf(u: Unit): UnitLayout {
  let l = LAYOUTS.get(u);
  if (l === undefined) {
    const prev = LAST_BY_ID.get(u.id);
    if (prev !== undefined && sameLayoutInputs(prev.unit, u)) l = prev.layout;
    else {
      l = layoutUnit(layoutSpecOf(u), { p: u.position, facing: u.facing });
      if (LAST_BY_ID.size >= LAST_BY_ID_SIZE) LAST_BY_ID.clear();
      LAST_BY_ID.set(u.id, { unit: u, layout: l });
    }
    LAYOUTS.set(u, l);
  }
  return l;
}

/**
 * The last layout made for each unit id, with the unit it was made for: a unit object that is new
 * only because a flag or counter changed (it shot, declared, took a test) reads every input of its
 * layout unchanged, so it gets the same layout without placing its models again. Found by content
 * (the fields {@link layoutSpecOf} and the placement read), never by a state's identity; bounded.
 */
const LAST_BY_ID = new Map<string, { readonly unit: Unit; readonly layout: UnitLayout }>();
const LAST_BY_ID_SIZE = 4096;

/** Whether two units give the same layout: every field {@link layoutSpecOf} and the placement read. */
function sameLayoutInputs(a: Unit, b: Unit): boolean {
  return (
    a.formation === b.formation &&
    a.figures === b.figures &&
    a.files === b.files &&
    a.facing === b.facing &&
    a.position.x === b.position.x &&
    a.position.y === b.position.y &&
    a.models === b.models &&
    (a.base === b.base || (a.base.w === b.base.w && a.base.d === b.base.d))
  );
}

/**
 * The unit's footprint (the rectangles the rules measure to): its layout's. A block's layout
 * places its models only when they are read (src/geometry/layout.ts), so measuring a unit that
 * just lost models costs no model placement; and a unit object new only by a flag finds its
 * layout, footprint included, through {@link layoutOf}'s memory by id instead of a fresh one.
 */
export function footprintOf(u: Unit): Footprint {
  return layoutOf(u).footprint;
}

/** Distance between two units' footprints (CORE-GEO-10). */
export function unitDistance(a: Unit, b: Unit): number {
  return footprintDistance(footprintOf(a), footprintOf(b));
}

/** A character's own base as a footprint (CORE-GEO-8). */
export function characterFootprint(c: Character): Footprint {
  return layoutUnit({ kind: "block", files: 1, count: 1, base: c.base }, { p: c.position, facing: c.facing }).footprint;
}

/**
 * Units in play for the last few units records (records are immutable values, so a list never goes
 * stale). A short list held strongly, not a `WeakMap`: nearly every action makes a new record, and
 * weak entries keyed by short-lived objects cost the garbage collector more than they save.
 */
/** Units in play, in id order (stable, so every iteration is deterministic). A fresh array. */
export function unitsInPlay(state: BattleState): Unit[] {
  return unitsInPlayShared(state).slice();
}

/** {@link unitsInPlay} without the copy: the cached list itself, for loops that only read it. */
export const unitsInPlayShared: (state: BattleState) => readonly Unit[] = perUnitsRecord((state) => {
  const out: Unit[] = [];
  for (const id of Object.keys(state.units).sort()) {
    const u = state.units[id as UnitId];
    if (u !== undefined && inPlay(u)) out.push(u);
  }
  return out;
});

/**
 * Whether a unit is a gun its crew have left (fled, died or gone to shelter): no models, not in
 * play, yet the piece still stands on the table until it is captured or re-manned (WHN-ART-16), so
 * nothing may move through it. Matches the overlap invariant's idea of what takes up table space.
 */
export function isLeftGun(u: Unit): boolean {
  return u.removed === null && u.mergedInto === null && u.figures <= 0 && u.troopType === "artillery" && (u.artillery?.shelteringIn ?? null) === null;
}

/** The guns left on the table without crew (WHN-ART-16), in id order: obstacles to every move. */
export function leftGuns(state: BattleState): Unit[] {
  const out: Unit[] = [];
  for (const u of Object.values(state.units)) if (isLeftGun(u)) out.push(u);
  // Ids of one units record are distinct, so no two guns compare equal.
  return out.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Every unit standing on the table: those in play and guns left by their crew (WHN-ART-16), in id order within each group. */
export function unitsOnTable(state: BattleState): Unit[] {
  const left = leftGuns(state);
  return left.length === 0 ? unitsInPlay(state) : [...unitsInPlayShared(state), ...left];
}

/** Units in play of one side. */
export function unitsOf(state: BattleState, side: SideId): Unit[] {
  return unitsInPlay(state).filter((u) => u.side === side);
}

/** Units in play of the other side. */
export function enemiesOf(state: BattleState, side: SideId): Unit[] {
  return unitsInPlay(state).filter((u) => u.side !== side);
}

/** The last characters record whose ids were sorted, with those ids (records rarely change). */
let sortedIds: { readonly of: BattleState["characters"]; readonly ids: readonly string[] } | null = null;

/** The ids of a characters record in sorted order (remembered for the last record asked about). */
function sortedCharacterIds(characters: BattleState["characters"]): readonly string[] {
  if (sortedIds?.of !== characters) sortedIds = { of: characters, ids: Object.keys(characters).sort() };
  return sortedIds.ids;
}

/** Characters in play that have joined a unit. */
export function joinedCharacters(state: BattleState, unit: UnitId): Character[] {
  const out: Character[] = [];
  for (const id of sortedCharacterIds(state.characters)) {
    const c = state.characters[id as CharacterId];
    if (c !== undefined && c.removed === null && c.joinedTo === unit) out.push(c);
  }
  return out;
}

/** A unit's model count for comparisons, its joined characters included (CORE-GEN-7). */
export function modelCount(state: BattleState, u: Unit): number {
  return u.figures + joinedCharacters(state, u.id).length;
}

/** Looks a unit up by id; undefined if unknown. */
export function getUnit(state: BattleState, id: string): Unit | undefined {
  return Object.hasOwn(state.units, id) ? state.units[id as UnitId] : undefined;
}

/** A copy of the state with one unit replaced. */
export function withUnit(state: BattleState, u: Unit): BattleState {
  // Copies, then stores: the same objects as `{ ...state, units: { ...state.units, [u.id]: u } }`
  // (ids are schema'd strings, never `__proto__`), without the slow path V8 takes for a spread
  // followed by more keys at a call site that sees many state shapes.
  const units: Record<string, Unit> = { ...state.units };
  units[u.id] = u;
  const next = { ...state } as { -readonly [K in keyof BattleState]: BattleState[K] };
  next.units = units as BattleState["units"];
  return next;
}

/** A copy of the state with one character replaced. */
export function withCharacter(state: BattleState, c: Character): BattleState {
  return { ...state, characters: { ...state.characters, [c.id]: c } };
}

/**
 * Takes a unit out of play and settles its joined characters: a unit destroyed while FLEEING takes
 * them with it (they flee with it, CORE-CHAR-6); a unit wiped out by casualties leaves them on the
 * table as lone characters where the unit stood. Every removal of a unit goes through here, so no
 * character is ever left joined to a unit out of play.
 */
export function removeUnit(state: BattleState, id: UnitId, reason: Unit["removed"] extends infer R ? (R extends { reason: infer X } ? X : never) : never): BattleState {
  const u = state.units[id];
  if (u === undefined) return state;
  const removed = { reason, gameTurn: state.turn.gameTurn };
  let s = removeMergedWith(withUnit(state, { ...u, removed }), id, removed);
  const shareFate = u.order === "FLEEING" || reason === "fledTable";
  for (const c of joinedCharacters(state, id)) {
    s = withCharacter(s, shareFate ? { ...c, removed } : { ...c, joinedTo: null, position: { ...u.position }, facing: u.facing });
  }
  return s;
}

/**
 * The detachments merged into a unit share its fate (WHN-DET-5): when the parent leaves play they
 * leave with it, for the same reason. Every removal of a parent goes through here.
 */
export function removeMergedWith(state: BattleState, parent: UnitId, removed: NonNullable<Unit["removed"]>): BattleState {
  let s = state;
  for (const id of Object.keys(state.units).sort()) {
    const d = state.units[id as UnitId];
    if (d !== undefined && d.mergedInto === parent && d.removed === null) s = withUnit(s, { ...d, removed: { ...removed } });
  }
  return s;
}
