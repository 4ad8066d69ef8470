/**
 * One unit's fire at one target on plain numbers, in both modes: sampled with the dice
 * ({@link sampleVolley}, the path the reducer takes, fast enough for Monte Carlo) and exact
 * ({@link volleyOdds}, binomial thinning through hit, wound and save). CORE-SHOOT-3, CORE-SHOOT-5,
 * CORE-WOUND-1, CORE-SAVE-1, CORE-SAVE-2, WHN-PANIC-2.
 */
import type { Dice } from "../../../dice/index.js";
import { Dist, pLeadershipPass, toHitChance, toHitRolls } from "../../../dice/index.js";

/** Plain facts of a Panic test that shooting casualties may trigger (WHN-PANIC-2, WHN-PANIC-3). */
export interface PanicSpec {
  /** Casualties from this fire that reach the threshold; Infinity when no test can follow. */
  readonly trigger: number;
  /** Effective Leadership for the test (WHN-PANIC-4, WHN-LEAD-3). */
  readonly ld: number;
  /** The target's order state before the test (a failed test disorders a GOOD unit, routs a DISORDERED one). */
  readonly disordered: boolean;
}

/** One unit's fire at one target, as plain numbers (built once, sampled many times). */
export interface VolleySpec {
  /** To-hit rolls (firing models, WHN-SHOOT-1). */
  readonly shots: number;
  /** Score needed to hit (CORE-SHOOT-3; above 6 takes a follow-up die). */
  readonly need: number;
  /** Score needed to wound, null when it cannot (CORE-WOUND-1). */
  readonly woundNeed: number | null;
  /** Armour save, null for none (CORE-SAVE-1). */
  readonly saveNeed: number | null;
  /** The target's W per model, wounds already taken by its wounded model, and its models. */
  readonly W: number;
  readonly woundsTaken: number;
  readonly figures: number;
  readonly panic: PanicSpec | null;
}

/** What happened to the target after a Panic test, if any. */
export type PanicOutcome = "notTested" | "passed" | "disordered" | "fled" | "destroyed";

/** The result of one sampled volley. */
export interface VolleySample {
  hits: number;
  wounds: number;
  unsaved: number;
  casualties: number;
  woundsTaken: number;
  panic: PanicOutcome;
}

/** Rolls `n` to-hit dice needing `need` and counts the hits (CORE-SHOOT-3, follow-up die right after its 6). */
export function rollHits(dice: Dice, n: number, need: number): number {
  const r = toHitRolls(need);
  if (r === null) return 0;
  let hits = 0;
  for (let i = 0; i < n; i++) {
    if (dice.d6() < r.first) continue;
    if (r.followUp === null || dice.d6() >= r.followUp) hits++;
  }
  return hits;
}

/** Rolls one D6 per try and counts those at or above `need`; none rolled for a null need. */
export function rollAtLeast(dice: Dice, n: number, need: number | null): number {
  if (need === null) return 0;
  let k = 0;
  for (let i = 0; i < n; i++) if (dice.d6() >= need) k++;
  return k;
}

/** Models killed and the wounded model's wounds after `unsaved` one-wound hits (CORE-SAVE-2). */
export function killsFrom(unsaved: number, W: number, woundsTaken: number, figures: number): { casualties: number; woundsTaken: number } {
  const total = woundsTaken + unsaved;
  const kills = Math.floor(total / W);
  if (kills >= figures) return { casualties: figures, woundsTaken: 0 };
  return { casualties: kills, woundsTaken: total - kills * W };
}

/**
 * Samples a volley on plain values: every to-hit die, then the to-wound dice of the hits, then the
 * saves of the wounds, then the Panic test's 2D6 if the threshold is reached (README dice order).
 * No allocation but the result; safe to call millions of times.
 */
export function sampleVolley(dice: Dice, spec: VolleySpec): VolleySample {
  const hits = rollHits(dice, spec.shots, spec.need);
  const wounds = rollAtLeast(dice, hits, spec.woundNeed);
  const unsaved = wounds - rollAtLeast(dice, wounds, spec.saveNeed);
  const k = killsFrom(unsaved, spec.W, spec.woundsTaken, spec.figures);
  let panic: PanicOutcome = "notTested";
  if (k.casualties >= spec.figures && spec.figures > 0) panic = "destroyed";
  else if (spec.panic !== null && k.casualties >= spec.panic.trigger) {
    const passed = dice.d6() + dice.d6() <= spec.panic.ld;
    panic = passed ? "passed" : spec.panic.disordered ? "fled" : "disordered";
  }
  return { hits, wounds, unsaved, casualties: k.casualties, woundsTaken: k.woundsTaken, panic };
}

/** Chance that one shot kills a wound off the target: hit × wound × not saved. */
export function pUnsavedPerShot(spec: Pick<VolleySpec, "need" | "woundNeed" | "saveNeed">): number {
  const pHit = toHitChance(spec.need);
  const pWound = spec.woundNeed === null ? 0 : (7 - spec.woundNeed) / 6;
  const pSave = spec.saveNeed === null ? 0 : (7 - spec.saveNeed) / 6;
  return pHit * pWound * (1 - pSave);
}

/** Exact odds of one volley: hits, unsaved wounds, casualties and the Panic outcome. */
export interface VolleyOdds {
  readonly hits: Dist;
  readonly unsaved: Dist;
  readonly casualties: Dist;
  readonly pPanicTest: number;
  readonly panic: { readonly [K in PanicOutcome]: number };
}

/**
 * Exact odds for `shots` independent shots, each landing an unsaved wound with chance `pUnsaved`
 * (and hitting with chance `pHit`), on a body of `figures` models of `W` wounds.
 */
export function casualtyOdds(
  shots: number,
  pHit: number,
  pUnsaved: number,
  body: { readonly W: number; readonly woundsTaken: number; readonly figures: number },
  panic: PanicSpec | null,
): VolleyOdds {
  const hits = Dist.binomial(shots, pHit);
  const unsaved = Dist.binomial(shots, pUnsaved);
  const casualties = unsaved.map((u) => killsFrom(u, body.W, body.woundsTaken, body.figures).casualties);
  const destroyed = body.figures > 0 ? casualties.pAtLeast(body.figures) : 0;
  const pTest = panic === null ? 0 : casualties.probabilityOf((c) => c >= panic.trigger && c < body.figures);
  const pPass = panic === null ? 1 : pLeadershipPass(panic.ld);
  const failed = pTest * (1 - pPass);
  const wasDisordered = panic !== null && panic.disordered;
  return {
    hits,
    unsaved,
    casualties,
    pPanicTest: pTest,
    panic: {
      notTested: Math.max(0, 1 - pTest - destroyed),
      passed: pTest * pPass,
      disordered: wasDisordered ? 0 : failed,
      fled: wasDisordered ? failed : 0,
      destroyed,
    },
  };
}

/** Exact odds of a volley (binomial thinning: each shot independently hits, wounds, is not saved). */
export function volleyOdds(spec: VolleySpec): VolleyOdds {
  return casualtyOdds(spec.shots, toHitChance(spec.need), pUnsavedPerShot(spec), spec, spec.panic);
}
