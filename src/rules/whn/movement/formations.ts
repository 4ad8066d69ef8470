/**
 * WHN formations as data (WHN-FORM-1…9, WHN-SKIRM-1…3): the shape each one needs, who may adopt
 * it, how it marches and wheels, how it fires and fights, and the order its casualties come off.
 * A UI can read {@link FORMATION_TABLE} directly; {@link canAdopt} is the check the movement phase
 * makes when a unit forms up.
 */
import type { BattleState } from "../../../state/battle.js";
import type { RuleId } from "../../../state/ids.js";
import type { Formation, TroopType, Unit } from "../../../state/unit.js";
import { violation, type Violation } from "../../../engine/violation.js";
import { joinedCharacters } from "../unit.js";

/** Who may adopt a formation beyond its troop type (WHN-FORM-1, WHN-SKIRM-1). */
export type Eligibility = "any" | "light" | "lightListed";

/** How casualties come off (WHN-FORM-8). */
export type CasualtyOrder = "rearRank" | "fullerRank" | "fullestFace" | "ownerChoice" | "crew";

/** One row of the formation table. */
export interface FormationInfo {
  /** Troop types that may use it. */
  readonly troops: readonly TroopType[];
  readonly eligibility: Eligibility;
  /** Files allowed (inclusive); null: any. */
  readonly files: readonly [number, number] | null;
  /** Ranks allowed (inclusive); null: any. */
  readonly ranks: readonly [number, number] | null;
  /** At least as many ranks as files (ATTACK_COLUMN). */
  readonly ranksAtLeastFiles: boolean;
  /** Fewest models needed to adopt it. */
  readonly minModels: number;
  /** Shape in words, for a UI. */
  readonly shape: string;
  /** March allowance as a multiple of M; null: may not march (WHN-MOVE-1…3). */
  readonly march: number | null;
  /** May march with enemy within 8" (WHN-MOVE-2). */
  readonly marchNearEnemy: boolean;
  /** Greatest wheel in one movement phase, degrees; null: any amount (WHN-MOVE-4). */
  readonly wheelLimit: number | null;
  /** Rate as a fraction of M (SQUARE moves at half speed, WHN-MOVE-5). */
  readonly speed: number;
  /** Moves in any direction without wheeling (CORE-GEO-19). */
  readonly freeDirection: boolean;
  /** Who fires (WHN-SHOOT-9), in words. */
  readonly firing: string;
  /** Rank bonus cap (WHN-CC-2), in words. */
  readonly rankBonus: string;
  readonly casualtyOrder: CasualtyOrder;
  /** May declare a charge (WHN-CHRG-5 forbids squares). */
  readonly mayCharge: boolean;
  /** The rule that describes it. */
  readonly rule: RuleId;
}

/** The formation table (WHN-FORM-1 with the details of WHN-FORM-2…8 and WHN-SKIRM-2/3). */
export const FORMATION_TABLE = {
  MARCH_COLUMN: {
    troops: ["infantry"], eligibility: "any", files: [1, 3], ranks: null, ranksAtLeastFiles: false, minModels: 1,
    shape: "1 to 3 files, any number of ranks", march: 3, marchNearEnemy: false, wheelLimit: null, speed: 1, freeDirection: false,
    firing: "front rank, moving or not", rankBonus: "none", casualtyOrder: "rearRank", mayCharge: true, rule: "WHN-FORM-2",
  },
  ATTACK_COLUMN: {
    troops: ["infantry"], eligibility: "any", files: null, ranks: [3, Infinity], ranksAtLeastFiles: true, minModels: 3,
    shape: "at least 3 ranks and at least as many ranks as files", march: 2, marchNearEnemy: true, wheelLimit: null, speed: 1,
    freeDirection: false, firing: "front rank; plus half the second rank if stationary", rankBonus: "+3 if 4+ files; none vs cavalry",
    casualtyOrder: "rearRank", mayCharge: true, rule: "WHN-FORM-3",
  },
  LINE: {
    troops: ["infantry"], eligibility: "any", files: null, ranks: [2, 2], ranksAtLeastFiles: false, minModels: 2,
    shape: "exactly 2 ranks, any width (light infantry: 1 rank allowed)", march: null, marchNearEnemy: false, wheelLimit: 45, speed: 1,
    freeDirection: false, firing: "front rank; plus half the second rank if stationary", rankBonus: "+1; none vs cavalry",
    casualtyOrder: "fullerRank", mayCharge: true, rule: "WHN-FORM-5",
  },
  SQUARE: {
    troops: ["infantry"], eligibility: "any", files: null, ranks: null, ranksAtLeastFiles: false, minModels: 4,
    shape: "at least 4 models facing out on four faces", march: null, marchNearEnemy: false, wheelLimit: 0, speed: 0.5, freeDirection: true,
    firing: "a quarter of the models per target, each face its own", rankBonus: "none vs infantry; +4 vs cavalry",
    casualtyOrder: "fullestFace", mayCharge: false, rule: "WHN-FORM-4",
  },
  CAV_COLUMN: {
    troops: ["cavalry"], eligibility: "any", files: null, ranks: [3, Infinity], ranksAtLeastFiles: false, minModels: 3,
    shape: "at least 3 ranks", march: 2, marchNearEnemy: false, wheelLimit: null, speed: 1, freeDirection: false,
    firing: "front rank", rankBonus: "+2 if 4+ files; none vs square", casualtyOrder: "rearRank", mayCharge: true, rule: "WHN-FORM-6",
  },
  CAV_LINE: {
    troops: ["cavalry"], eligibility: "any", files: null, ranks: [1, 2], ranksAtLeastFiles: false, minModels: 1,
    shape: "1 or 2 ranks, any width", march: null, marchNearEnemy: false, wheelLimit: 45, speed: 1, freeDirection: false,
    firing: "front rank", rankBonus: "+1; none vs square", casualtyOrder: "rearRank", mayCharge: true, rule: "WHN-FORM-7",
  },
  OPEN_ORDER: {
    troops: ["infantry", "cavalry"], eligibility: "light", files: null, ranks: [1, 2], ranksAtLeastFiles: false, minModels: 1,
    shape: "at most 2 ranks, bases 10 mm apart", march: 2, marchNearEnemy: false, wheelLimit: 45, speed: 1, freeDirection: false,
    firing: "every model", rankBonus: "none", casualtyOrder: "rearRank", mayCharge: true, rule: "WHN-SKIRM-2",
  },
  EXTENDED_ORDER: {
    troops: ["infantry", "cavalry"], eligibility: "lightListed", files: null, ranks: null, ranksAtLeastFiles: false, minModels: 1,
    shape: "loose models at least a base width apart, each within 2\" of another", march: 2, marchNearEnemy: false, wheelLimit: null,
    speed: 1, freeDirection: true, firing: "every model", rankBonus: "none", casualtyOrder: "ownerChoice", mayCharge: true, rule: "WHN-SKIRM-3",
  },
  LIMBERED: {
    troops: ["artillery"], eligibility: "any", files: null, ranks: null, ranksAtLeastFiles: false, minModels: 1,
    shape: "one gun, limber and team", march: 2, marchNearEnemy: false, wheelLimit: null, speed: 1, freeDirection: false,
    firing: "none", rankBonus: "none", casualtyOrder: "crew", mayCharge: false, rule: "WHN-ART-4",
  },
  UNLIMBERED: {
    troops: ["artillery"], eligibility: "any", files: null, ranks: null, ranksAtLeastFiles: false, minModels: 1,
    shape: "one gun with its crew", march: null, marchNearEnemy: false, wheelLimit: null, speed: 1, freeDirection: false,
    firing: "the gun", rankBonus: "none", casualtyOrder: "crew", mayCharge: false, rule: "WHN-ART-4",
  },
  BLOCK: {
    troops: ["infantry", "cavalry"], eligibility: "any", files: null, ranks: null, ranksAtLeastFiles: false, minModels: 1,
    shape: "CORE block of files and ranks", march: 2, marchNearEnemy: false, wheelLimit: null, speed: 1, freeDirection: false,
    firing: "front rank", rankBonus: "CORE", casualtyOrder: "rearRank", mayCharge: true, rule: "CORE-MOVE-1",
  },
} as const satisfies Record<Formation, FormationInfo>;

/** The WHN formations a unit may change between with `movement/changeFormation` (WHN-FCHG-5). */
export const WHN_FORMATIONS = [
  "MARCH_COLUMN",
  "ATTACK_COLUMN",
  "LINE",
  "SQUARE",
  "CAV_COLUMN",
  "CAV_LINE",
  "OPEN_ORDER",
  "EXTENDED_ORDER",
] as const satisfies readonly Formation[];

/** Ranks of a block of `figures` models in `files` files (CORE-GEO-5). */
export function ranksFor(figures: number, files: number): number {
  return figures <= 0 ? 0 : Math.ceil(figures / Math.max(1, Math.min(files, figures)));
}

/**
 * Whether a unit may adopt a formation with the given files (WHN-FORM-2…7, WHN-FORM-9,
 * WHN-SKIRM-1, WHN-LEAD-4, AMB-109); null when it may, else the violation. `files` defaults to the
 * unit's current files; `state` (optional) lets the check see joined leaders for EXTENDED_ORDER.
 * @example canAdopt(unit, "SQUARE") === null
 */
export function canAdopt(unit: Unit, formation: Formation, files: number = unit.files, state?: BattleState): Violation | null {
  const r = adoptRefusal(unit, formation, files, state);
  return r === null ? null : violation("movement/formation_not_allowed", r.rule, { unit: unit.id, formation, files, why: r.why() });
}

/**
 * A width asked for explicitly that has more files than the unit has models (WHN-FORM-2…7): null when
 * it has not. Casualties may leave a unit's stored files above its models (WHN-FORM-9), so this is
 * checked only where a player names the width (a formation change, a detachment's split), as the
 * rally reform does (CORE-RALLY-4). A square's files are not its width and are never refused here.
 */
export function filesBeyondModels(unit: Unit, formation: Formation, files: number | undefined): Violation | null {
  if (files === undefined || formation === "SQUARE" || !(files > unit.figures)) return null;
  const info: FormationInfo = FORMATION_TABLE[formation];
  return violation("movement/formation_not_allowed", info.rule, { unit: unit.id, formation, files, why: `${files} files for ${unit.figures} models` });
}

/**
 * The checks of {@link canAdopt} without building a violation: null when the unit may adopt the
 * formation, else the rule and (lazily, so a listing that tries every width builds no strings) why.
 */
function adoptRefusal(unit: Unit, formation: Formation, files: number, state: BattleState | undefined): { rule: RuleId; why: () => string } | null {
  const info: FormationInfo = FORMATION_TABLE[formation];
  const unitWhy = unitRefusal(unit, formation, info, state);
  if (unitWhy !== null) return unitWhy;
  const fault = widthFault(unit, formation, info, files);
  if (fault === null) return null;
  const refuse = (why: () => string) => ({ rule: info.rule, why });
  if (fault === "files") return refuse(() => "files must be a positive whole number");
  const f = Math.min(files, unit.figures);
  const ranks = ranksFor(unit.figures, f);
  const fr = info.files;
  const rr = info.ranks;
  if (fault === "fileRange" && fr !== null) return refuse(() => `${f} files; allowed ${fr[0]}–${fr[1]}`);
  if (fault === "rankRange" && rr !== null) return refuse(() => `${ranks} ranks; allowed ${rr[0]}–${rr[1] === Infinity ? "any" : rr[1]}`);
  return refuse(() => `${ranks} ranks for ${f} files; needs ranks ≥ files`);
}

/** The checks of {@link adoptRefusal} that do not depend on the width. */
function unitRefusal(unit: Unit, formation: Formation, info: FormationInfo, state: BattleState | undefined): { rule: RuleId; why: () => string } | null {
  const refuse = (why: () => string, rule: RuleId = info.rule) => ({ rule, why });
  if (!(info.troops as readonly string[]).includes(unit.troopType)) return refuse(() => `not for ${unit.troopType}`, "WHN-FORM-1");
  if (info.eligibility === "light" && !unit.light) return refuse(() => "only light troops may skirmish", "WHN-SKIRM-1");
  if (info.eligibility === "lightListed" && !(unit.light && unit.extendedOrderAllowed))
    return refuse(() => "only light troops the army list designates may use extended order", "WHN-SKIRM-1");
  if (formation === "EXTENDED_ORDER" && state !== undefined && joinedCharacters(state, unit.id).length > 0)
    return refuse(() => "a joined leader must leave before extended order", "WHN-LEAD-4");
  if (unit.figures < info.minModels) return refuse(() => `needs at least ${info.minModels} models`);
  return null;
}

/**
 * Whether a unit may start a battle in its formation and width (WHN-FORM-2…7, WHN-SKIRM-1,
 * WHN-LEAD-4, AMB-109): the checks of {@link canAdopt}, for `createBattle`. A unit that starts below
 * its starting strength is held to the troop-type checks only, since losses never undo a formation
 * (WHN-FORM-9). Null when it may, else the rule and why.
 */
export function setupShapeRefusal(unit: Unit, state?: BattleState): { rule: RuleId; why: string } | null {
  if (unit.formation === "BLOCK" || unit.troopType === "artillery") return null;
  const info: FormationInfo = FORMATION_TABLE[unit.formation];
  const r =
    unit.figures < unit.startingFigures
      ? unitRefusal({ ...unit, figures: Math.max(unit.figures, info.minModels) }, unit.formation, info, state)
      : adoptRefusal(unit, unit.formation, unit.files, state);
  return r === null ? null : { rule: r.rule, why: r.why() };
}

/**
 * What is wrong with a width for a formation the unit may otherwise take, allocating nothing (a
 * listing tries every width): null when nothing is.
 */
function widthFault(unit: Unit, formation: Formation, info: FormationInfo, files: number): "files" | "fileRange" | "rankRange" | "ranksBelowFiles" | null {
  if (!Number.isInteger(files) || files < 1) return "files";
  // Squares, extended order and guns have no file or rank rule in the table: nothing below faults them.
  const f = Math.min(files, unit.figures);
  const ranks = ranksFor(unit.figures, f);
  const fr = info.files;
  if (fr !== null && (f < fr[0] || f > fr[1])) return "fileRange";
  // A light infantry LINE may stand in a single rank (AMB-109).
  const lightSingleRank = formation === "LINE" && unit.light && ranks === 1;
  const rr = info.ranks;
  if (rr !== null && !lightSingleRank && (ranks < rr[0] || ranks > rr[1])) return "rankRange";
  if (info.ranksAtLeastFiles && ranks < f) return "ranksBelowFiles";
  return null;
}

/**
 * Whether a unit's current shape meets its formation's constraints as adopted (used by the
 * property tests; casualties may later break them, WHN-FORM-9).
 */
export function shapeOk(unit: Unit): boolean {
  if (unit.troopType === "artillery" || unit.formation === "BLOCK") return true;
  return canAdopt(unit, unit.formation) === null;
}

/** Every file count with which a unit may adopt a formation (for bots and UIs). */
export function adoptableFiles(unit: Unit, formation: Formation, state?: BattleState): number[] {
  if (formation === "SQUARE" || formation === "EXTENDED_ORDER") return adoptRefusal(unit, formation, unit.files, state) === null ? [unit.files] : [];
  const info: FormationInfo = FORMATION_TABLE[formation];
  if (unitRefusal(unit, formation, info, state) !== null) return [];
  const out: number[] = [];
  for (let f = 1; f <= unit.figures; f++) if (widthFault(unit, formation, info, f) === null) out.push(f);
  return out;
}
