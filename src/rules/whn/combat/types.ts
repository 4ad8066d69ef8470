/**
 * The plain values one round of close combat is resolved on: who strikes whom with what chances,
 * who can be hurt, and what each side scores besides wounds. Built once from the battle state
 * (build.ts); read by the sampled resolution (round.ts) and the exact odds (odds.ts) alike.
 */
import type { Combat } from "../../../state/battle.js";
import type { DeepReadonly } from "../../../state/common.js";

/** A combat record as the battle state holds it (deeply readonly). */
export type CombatRecord = DeepReadonly<Combat>;

/** A side of a combat: 0 is the active player's, 1 the other's. */
export type SideIndex = 0 | 1;

/** HR-SQUARE variants (`hr.squareness`). */
export type SquarenessVariant = "off" | "direct" | "tieOnly" | "modelCount";

/** A group of models that strike together at one target (CORE-CC-2, CORE-CC-3). */
export interface Striker {
  /** Unique id of the group, e.g. `"fr-1>gb-1"`. */
  readonly id: string;
  /** The victim whose losses thin this group (its own unit, or the character himself). */
  readonly owner: string;
  readonly side: SideIndex;
  /** The victim it attacks. */
  readonly target: string;
  /** Fighting models at the start of the round. */
  readonly models: number;
  /** Attacks per model (A plus weapon extras, CORE-WPN-2). */
  readonly attacks: number;
  /** Attacks added while the group still fights (the unit leader's +1, CORE-LEAD-2). */
  readonly bonusAttacks: number;
  /** Strike tier after every override (CORE-CC-4, WHN-CC-1, WHN-CC-4). */
  readonly tier: 1 | 2 | 3;
  /** Charged this round: strikes before others of its tier (CORE-CC-4). */
  readonly charged: boolean;
  readonly initiative: number;
  /** Scores needed: to hit (CORE-CC-3), to wound (null: cannot), the victim's save (null: none). */
  readonly hitNeed: number;
  readonly woundNeed: number | null;
  readonly saveNeed: number | null;
}

/** Something that can lose wounds in the round: a unit or a character. */
export interface Victim {
  readonly id: string;
  readonly side: SideIndex;
  /** A unit (its models count for results) or a character (CORE-CHAL-3). */
  readonly kind: "unit" | "character";
  readonly models: number;
  /** Wounds per model and wounds already lost by the wounded model (CORE-SAVE-2). */
  readonly wounds: number;
  readonly woundsTaken: number;
  /** Combat result bonuses by models left after the round (CORE-CR-9); units only. */
  readonly result: VictimResultData | null;
}

/** What a unit contributes to its side's combat result, as functions of its models left. */
export interface VictimResultData {
  /** Rank bonus by models left, index 0…models (CORE-CR-2, WHN-CC-2). */
  readonly rankBonus: readonly number[];
  /** Enemy victims fighting its flank or rear: any with 5+ models left cancel its ranks (CORE-CR-3). */
  readonly flankedBy: readonly string[];
  /** It fights an enemy's flank (+1) / rear (+2) (CORE-CR-4), needing 5+ models left. */
  readonly fightsFlank: boolean;
  readonly fightsRear: boolean;
  /** Fewest models left that keep the standard / musician (CORE-STD-3); Infinity if it has none. */
  readonly standardFrom: number;
  readonly musicianFrom: number;
  /** Higher than every enemy it touches (CORE-CR-5). */
  readonly highGround: boolean;
  /** Models for outnumbering (CORE-CR-7): its models plus joined characters. */
  readonly extraModels: number;
}

/** Per-side inputs that do not change during the round. */
export interface SideInput {
  /** The side's HR-SQUARE bonus (the best of its units, HR-SQUARE-2 / HR-SQUARE-5). */
  readonly squareness: number;
}

/** The rules switches the round reads. */
export interface RoundOptions {
  readonly outnumberBonus: boolean;
  readonly bothMusiciansRollOff: boolean;
  readonly squareness: SquarenessVariant;
}

/** Everything one round needs, as plain values. */
export interface RoundInput {
  readonly strikers: readonly Striker[];
  readonly victims: readonly Victim[];
  readonly sides: readonly [SideInput, SideInput];
  /** The side that won the previous round of this combat (CORE-CC-4 ties), if any. */
  readonly lastWinner: SideIndex | null;
  readonly options: RoundOptions;
}

/** One strike step: the groups that strike at once (CORE-CC-4, CORE-CC-5). */
export interface StrikeStep {
  readonly tier: 1 | 2 | 3;
  readonly charged: boolean;
  readonly initiative: number;
  readonly side: SideIndex;
  readonly strikers: readonly string[];
}

/** A step's key before ties are split: steps sharing a key with both sides need an order. */
export interface StepSlot {
  readonly tier: 1 | 2 | 3;
  readonly charged: boolean;
  readonly initiative: number;
  /** Striker indices per side. */
  readonly bySide: readonly [readonly number[], readonly number[]];
}

/** The combat result bonuses of one side (CORE-CR-2…8). */
export interface SideScore {
  readonly wounds: number;
  readonly ranks: number;
  readonly flank: number;
  readonly rear: number;
  readonly highGround: number;
  readonly standard: number;
  readonly outnumber: number;
  /** HR-SQUARE-3 only; the tie-only variants act on the margin. */
  readonly squareness: number;
  readonly total: number;
  readonly musician: boolean;
  readonly models: number;
}

/** How a round's result came out (CORE-CR-1, CORE-MUS-2/3, HR-SQUARE-4/5). */
export interface RoundVerdict {
  readonly scores: readonly [SideScore, SideScore];
  /** The winner, or null for a draw. */
  readonly winner: SideIndex | null;
  /** The margin the loser tests against (0 for a draw). */
  readonly margin: number;
  /** How a draw was settled or a defeat cancelled. */
  readonly settledBy: "totals" | "musician" | "musicianRollOff" | "squareness" | "draw";
}

/** What one sampled round did. */
export interface RoundResult extends RoundVerdict {
  readonly steps: readonly StepReport[];
  /** Models removed and wounds counted per victim id (CORE-CR-1). */
  readonly losses: Readonly<Record<string, { readonly models: number; readonly wounds: number; readonly woundsTaken: number }>>;
}

/** The dice of one strike step, for the log. */
export interface StepReport extends StrikeStep {
  readonly attacks: number;
  readonly hits: number;
  readonly wounds: number;
  readonly unsaved: number;
}
