/**
 * The combat result (CORE-CR-1…9): wounds plus rank, flank, rear, high ground, standard and
 * outnumbering bonuses counted after the round's casualties, musicians settling draws (CORE-MUS-2/3)
 * and the squareness bonus in its variants (HR-SQUARE-3…5).
 */
import type { RoundInput, RoundOptions, RoundVerdict, SideIndex, SideScore, Victim } from "./types.js";

/** Models left per victim after the round, in `input.victims` order. */
export type ModelsLeft = readonly number[];

/** Minimum models for flank/rear bonuses and for cancelling ranks (CORE-CR-3, CORE-CR-4). */
export const FLANK_MIN_MODELS = 5;

/** Each side's combat result score (CORE-CR-1…8), given models left and wounds inflicted. */
export function scoreSides(input: RoundInput, left: ModelsLeft, wounds: readonly [number, number]): [SideScore, SideScore] {
  const victims = input.victims;
  // A victim's models left by id (a short scan: a round has a handful of victims).
  const leftOf = (id: string): number => {
    for (let i = 0; i < victims.length; i++) if (victims[i]!.id === id) return left[i] ?? 0;
    return 0;
  };
  const side = (s: SideIndex): SideScore => {
    let ranks = 0;
    let flank = 0;
    let rear = 0;
    let high = 0;
    let standard = 0;
    let musician = false;
    let models = 0;
    input.victims.forEach((v: Victim, i) => {
      if (v.side !== s || v.kind !== "unit" || v.result === null) return;
      const n = left[i] ?? 0;
      if (n <= 0) return;
      const r = v.result;
      models += n + r.extraModels;
      const flanked = r.flankedBy.some((id) => leftOf(id) >= FLANK_MIN_MODELS);
      const rb = flanked ? 0 : (r.rankBonus[Math.min(n, r.rankBonus.length - 1)] ?? 0);
      ranks = Math.max(ranks, rb);
      if (n >= FLANK_MIN_MODELS && r.fightsFlank) flank = 1;
      if (n >= FLANK_MIN_MODELS && r.fightsRear) rear = 2;
      if (r.highGround) high = 1;
      if (n >= r.standardFrom) standard = 1;
      if (n >= r.musicianFrom) musician = true;
    });
    const squareness = input.options.squareness === "direct" ? input.sides[s].squareness : 0;
    const partial = wounds[s] + ranks + flank + rear + high + standard + squareness;
    return { wounds: wounds[s], ranks, flank, rear, highGround: high, standard, outnumber: 0, squareness, total: partial, musician, models };
  };
  const a = side(0);
  const b = side(1);
  if (input.options.outnumberBonus && a.models !== b.models) {
    const more = a.models > b.models ? a : b;
    const bumped = { ...more, outnumber: 1, total: more.total + 1 };
    return a.models > b.models ? [bumped, b] : [a, bumped];
  }
  return [a, b];
}

/** How the totals alone settle: a winner, a draw musicians may settle, or a coin-flip roll-off. */
export type PreVerdict =
  | { readonly kind: "decided"; readonly verdict: RoundVerdict }
  | { readonly kind: "rollOff"; readonly ifFirst: RoundVerdict; readonly ifSecond: RoundVerdict };

/** The tie-only squareness variants cancel part of a defeat (HR-SQUARE-4, HR-SQUARE-5). */
function applyTieOnly(v: RoundVerdict, input: RoundInput): RoundVerdict {
  const variant = input.options.squareness;
  if ((variant !== "tieOnly" && variant !== "modelCount") || v.winner === null) return v;
  const loser: SideIndex = v.winner === 0 ? 1 : 0;
  const bonus = input.sides[loser].squareness;
  if (bonus <= 0) return v;
  const margin = Math.max(0, v.margin - bonus);
  return margin === 0 ? { ...v, winner: null, margin: 0, settledBy: "squareness" } : { ...v, margin };
}

/**
 * Compares the totals (CORE-CR-1), lets musicians settle a draw (CORE-MUS-2, CORE-MUS-3), then
 * applies the tie-only squareness variants. A draw between two musicians needs a roll-off when
 * `core.bothMusiciansRollOff` is on; both outcomes are returned.
 */
export function settle(scores: readonly [SideScore, SideScore], input: RoundInput): PreVerdict {
  const [a, b] = scores;
  const opts: RoundOptions = input.options;
  const done = (v: RoundVerdict): PreVerdict => ({ kind: "decided", verdict: applyTieOnly(v, input) });
  if (a.total !== b.total) {
    const winner: SideIndex = a.total > b.total ? 0 : 1;
    return done({ scores, winner, margin: Math.abs(a.total - b.total), settledBy: "totals" });
  }
  if (a.musician !== b.musician) return done({ scores, winner: a.musician ? 0 : 1, margin: 1, settledBy: "musician" });
  if (a.musician && b.musician && opts.bothMusiciansRollOff) {
    return {
      kind: "rollOff",
      ifFirst: applyTieOnly({ scores, winner: 0, margin: 1, settledBy: "musicianRollOff" }, input),
      ifSecond: applyTieOnly({ scores, winner: 1, margin: 1, settledBy: "musicianRollOff" }, input),
    };
  }
  return done({ scores, winner: null, margin: 0, settledBy: "draw" });
}
