/**
 * The to-hit score for missile fire (WHN-SHOOT-4, WHN-SHOOT-5, CORE-SHOOT-3): a plain function of
 * plain facts, so exact odds, sampling and property tests all read the same table.
 */
import type { RuleId } from "../../../state/ids.js";
import type { Formation } from "../../../state/unit.js";
import { clampStat, shootingNeed } from "../tables.js";
import { BAND_MODIFIER, type RangeBand } from "./weapons.js";

/** Cover a target has from the shooter (CORE-GEO-17, HR-COVER-1). */
export type Cover = "none" | "soft" | "hard";

/** Everything that changes the score needed to hit. */
export interface ToHitInput {
  /** The firer's BS from its profile (or the volley leader's, HR-VOLLEY-3). */
  readonly bs: number;
  /** DISORDERED, or rallied this turn: BS −1 (WHN-SHOOT-12, WHN-DIS-2, WHN-RALLY-3). */
  readonly bsPenalty: boolean;
  /** Null when range does not apply (template placement uses its own fixed −1). */
  readonly band: RangeBand | null;
  readonly cover: Cover;
  /** The shooter moved this turn (WHN-SHOOT-8). */
  readonly moved: boolean;
  /** Stand and shoot at a charging enemy (CORE-CHRG-3). */
  readonly standAndShoot: boolean;
  /** The target's formation, or null for a lone model or a point. */
  readonly targetFormation: Formation | null;
  /** A VETERAN light unit (skirmishing, unless the option lifts that, WHN-SHOOT-7). */
  readonly veteranLights: boolean;
  readonly mounted: boolean;
  /** First shooting of the game, at close range, formed, small arms (WHN-SHOOT-6). */
  readonly initialVolley: boolean;
  /** Shooting at a lone character (CORE-LOS-1, AMB-105). */
  readonly loneCharacter: boolean;
  /** A fixed range modifier instead of the band's (volley placement: always long, HR-VOLLEY-3). */
  readonly fixedRange?: number;
  /** The core rules' modifier list (CORE-SHOOT-4) instead of WHN's (WHN-SHOOT-5). */
  readonly core?: boolean;
}

/** One modifier that applied, with the rule behind it. */
export interface AppliedModifier {
  readonly key: string;
  readonly value: number;
  readonly rule: RuleId;
}

/** The score needed and how it was made up. */
export interface ToHitScore {
  /** The effective BS after the −1 for disorder or rallying (clamped, CORE-GEN-2). */
  readonly bs: number;
  /** 7 − BS − Σ modifiers; may be ≤ 1 (counts as 2) or ≥ 7 (CORE-SHOOT-3). */
  readonly need: number;
  readonly modifiers: readonly AppliedModifier[];
}

const SKIRMISH: ReadonlySet<Formation> = new Set(["OPEN_ORDER", "EXTENDED_ORDER"]);

/** The modifier key of each range band (`closeRange`, …), made once. */
const BAND_KEY = { close: "closeRange", long: "longRange", extreme: "extremeRange" } as const satisfies Record<RangeBand, `${RangeBand}Range`>;

/**
 * The score a shot needs (WHN-SHOOT-4, WHN-SHOOT-5): the BS table, then the sum of every modifier
 * that applies (covers do not stack; open and extended order exclude each other).
 * @example
 * toHitScore({ bs: 3, bsPenalty: false, band: "long", cover: "soft", moved: false, standAndShoot: false,
 *   targetFormation: "LINE", veteranLights: false, mounted: false, initialVolley: false, loneCharacter: false }).need // 6
 */
export function toHitScore(i: ToHitInput): ToHitScore {
  if (i.core === true) return coreToHitScore(i);
  // Straight-line pushes and a running sum (same modifiers, same order as the table above reads):
  // this runs for every shooting read and every candidate of a listing.
  const { mods, add, sum } = modifierTally();
  const bs = clampStat(i.bs - (i.bsPenalty ? 1 : 0));
  if (i.cover === "soft") add("softCover", -1, "WHN-SHOOT-5");
  if (i.cover === "hard") add("hardCover", -2, "WHN-SHOOT-5");
  if (i.fixedRange !== undefined) add("range", i.fixedRange, "HR-VOLLEY-3");
  else if (i.band !== null) add(BAND_KEY[i.band], BAND_MODIFIER[i.band], "WHN-SHOOT-3");
  if (i.moved) add("moved", -1, "WHN-SHOOT-8");
  if (i.standAndShoot) add("standAndShoot", -1, "CORE-CHRG-3");
  if (i.targetFormation === "OPEN_ORDER") add("targetOpenOrder", -1, "WHN-SHOOT-5");
  if (i.targetFormation === "EXTENDED_ORDER") add("targetExtendedOrder", -2, "WHN-SHOOT-5");
  if (i.veteranLights && i.targetFormation !== null && SKIRMISH.has(i.targetFormation)) add("veteranLights", 1, "WHN-SHOOT-7");
  if (i.mounted) add("mounted", -1, "WHN-SHOOT-5");
  if (i.initialVolley) add("initialVolley", 2, "WHN-SHOOT-6");
  if (i.loneCharacter) add("loneCharacter", -1, "CORE-LOS-1");
  return { bs, need: shootingNeed(bs) - sum(), modifiers: mods };
}

/** A list of applied to-hit modifiers and their running sum (zero modifiers are left out). */
function modifierTally(): { mods: AppliedModifier[]; add: (key: string, value: number, rule: RuleId) => void; sum: () => number } {
  const mods: AppliedModifier[] = [];
  let total = 0;
  return {
    mods,
    add: (key, value, rule) => {
      if (value === 0) return;
      mods.push({ key, value, rule });
      total += value;
    },
    sum: () => total,
  };
}

/** Whether the shooter's unit counts as "veteran lights" for WHN-SHOOT-7 (AMB-20 and its option). */
export function isVeteranLights(quality: string, light: boolean, formation: Formation, anyFormation: boolean): boolean {
  return quality === "VETERAN" && light && (anyFormation || SKIRMISH.has(formation));
}

/**
 * The score a shot needs under the core rules (CORE-SHOOT-3, CORE-SHOOT-4): long range −1, moved
 * −1, stand and shoot −1, soft cover −1 or hard cover −2, a skirmishing target −1, and a lone
 * character −1 (CORE-LOS-1). No WHN modifiers (mounted, initial volley, veteran lights).
 */
function coreToHitScore(i: ToHitInput): ToHitScore {
  const { mods, add, sum } = modifierTally();
  const bs = clampStat(i.bs - (i.bsPenalty ? 1 : 0));
  if (i.cover === "soft") add("softCover", -1, "CORE-SHOOT-4");
  if (i.cover === "hard") add("hardCover", -2, "CORE-SHOOT-4");
  if (i.fixedRange !== undefined) add("range", i.fixedRange, "HR-VOLLEY-3");
  else if (i.band !== null && i.band !== "close") add("longRange", -1, "CORE-SHOOT-4");
  if (i.moved) add("moved", -1, "CORE-SHOOT-4");
  if (i.standAndShoot) add("standAndShoot", -1, "CORE-CHRG-3");
  if (i.targetFormation !== null && SKIRMISH.has(i.targetFormation)) add("targetSkirmishing", -1, "CORE-SHOOT-4");
  if (i.loneCharacter) add("loneCharacter", -1, "CORE-LOS-1");
  return { bs, need: shootingNeed(bs) - sum(), modifiers: mods };
}
