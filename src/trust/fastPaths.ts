/**
 * The fast paths held against the engine itself: a combat fought to a decision through `apply`
 * (real dice, many seeds, rounds alternating between the players' close combat phases) against the
 * exact chain of `odds({ kind: "combatToDecision" })`, on a grid of formations, files, options and
 * chargers. The test suite runs a slice; `npm run fuzz -- --fast-paths` runs the whole grid.
 */
import { FusilladeError } from "../engine/violation.js";
import { apply } from "../engine/apply.js";
import { reseed } from "../engine/create.js";
import type { BattleEvent, BattleState } from "../state/battle.js";
import type { CombatId } from "../state/ids.js";
import { normalQuantile } from "../analysis/stats.js";
import { CombatParams, combatInput, combatState } from "../analysis/experiments/whn.js";
import { DECISION_LABELS, combatToDecision } from "../analysis/combatChain.js";
import { combatToDecision as stateChain } from "../rules/whn/combat/markov.js";
import type * as z from "zod";

/** One cell of the grid: the `whn/combat` experiment's parameters (input form). */
export type CombatCell = z.input<typeof CombatParams>;

const COMBAT = "c1" as CombatId;

/** The decision label a round's events settle, or null when the combat goes on (DECISION_LABELS order). */
function settled(events: readonly BattleEvent[]): number | null {
  const side = (u: unknown): 0 | 1 => (u === "a" ? 0 : 1);
  for (const e of events) if (e.type === "unit/destroyed") return side(e["unit"]) === 1 ? 0 : 3;
  for (const e of events) if (e.type === "combat/broke") return side(e["unit"]) === 1 ? 0 : 3;
  for (const e of events) if (e.type === "unit/disordered" && (e["cause"] === "fallBack" || e["cause"] === "flowPast")) return side(e["unit"]) === 1 ? 1 : 2;
  return null;
}

/**
 * Plays one combat of the grid through `apply` with the dice of `seed`, until a side breaks, falls
 * back or flows past (or `maxRounds` rounds are drawn): the outcome's index in `DECISION_LABELS`.
 */
export function playToDecision(start: BattleState, seed: number, maxRounds: number): { result: number; rounds: number; firstMargin: number } {
  let state = reseed(start, seed);
  let rounds = 0;
  // The first round's margin from the active side's view (+ it won, − it lost, 0 drawn).
  let firstMargin = 0;
  let events: readonly BattleEvent[] = [];
  let r = apply(state, { type: "combat/fight", combat: COMBAT });
  for (let guard = 0; guard < 40 * maxRounds; guard++) {
    if (!r.ok) throw new FusilladeError("engine/internal", `playToDecision: ${JSON.stringify(r.violation)}`);
    state = r.state;
    events = r.events;
    const fought = events.find((e) => e.type === "combat/roundFought");
    if (fought !== undefined) {
      rounds++;
      if (rounds === 1) firstMargin = fought["winner"] === null ? 0 : fought["winner"] === start.turn.activeSide ? Number(fought["margin"]) : -Number(fought["margin"]);
      const end = settled(events);
      if (end !== null) return { result: end, rounds, firstMargin };
      if (state.combats[COMBAT] === undefined) throw new FusilladeError("engine/internal", "playToDecision: the combat ended without a decision");
      if (rounds >= maxRounds) return { result: 4, rounds, firstMargin };
    }
    if (state.pending.length > 0) throw new FusilladeError("engine/internal", `playToDecision: a ${state.pending[0]?.kind} decision is pending between rounds`);
    r = apply(state, { type: "turn/advance" });
  }
  throw new FusilladeError("engine/internal", "playToDecision: the next round never came");
}

/** How one grid cell compares: exact chances, the counts played through `apply`, and the worst excess over the bound. */
export interface CellCheck {
  readonly cell: CombatCell;
  readonly seeds: number;
  readonly exact: readonly number[];
  readonly played: readonly number[];
  /** Largest |played share − exact| minus its bound; ≤ 0 when the cell agrees. */
  readonly worst: number;
  /** Largest |played share − exact| in standard errors of the share (outcomes with 0 < exact < 1). */
  readonly maxZ: number;
  readonly agrees: boolean;
}

/**
 * Holds the exact chain of one cell against `seeds` combats played through `apply`: every outcome's
 * share within a two-sided bound at level `alpha` (Bonferroni over the outcomes).
 */
export function checkCell(cell: CombatCell, seeds: number, alpha = 0.001, firstSeed = 1): CellCheck {
  const p = CombatParams.parse(cell);
  const dist = combatToDecision(combatInput(p)).dist;
  const exact = DECISION_LABELS.map((_, i) => dist.pEqual(i));
  const start = combatState(p);
  const played = DECISION_LABELS.map(() => 0);
  for (let s = 0; s < seeds; s++) {
    const out = playToDecision(start, firstSeed + s, p.maxRounds);
    played[out.result] = (played[out.result] ?? 0) + 1;
  }
  const z = normalQuantile(1 - alpha / (2 * DECISION_LABELS.length));
  let worst = Number.NEGATIVE_INFINITY;
  let maxZ = 0;
  exact.forEach((q, i) => {
    const got = (played[i] ?? 0) / seeds;
    const se = Math.sqrt((q * (1 - q)) / seeds);
    const bound = z * se + 1 / seeds;
    worst = Math.max(worst, Math.abs(got - q) - bound);
    if (se > 0) maxZ = Math.max(maxZ, Math.abs(got - q) / se);
  });
  const impossible = played.some((n, i) => n > 0 && (exact[i] ?? 0) === 0);
  return { cell, seeds, exact, played, worst, maxZ, agrees: worst <= 0 && !impossible };
}

/**
 * The exact chain of one cell (`odds({ kind: "combatToDecision" })`'s chain) against the state-based
 * `whn.combat.combatToDecision` on the same state: the largest absolute difference over the outcomes.
 */
export function chainGap(cell: CombatCell): number {
  const p = CombatParams.parse(cell);
  const dist = combatToDecision(combatInput(p)).dist;
  const slow = stateChain(combatState(p), COMBAT, p.maxRounds);
  const want = [slow.breaks[1], slow.fallsBack[1] + slow.flowsPast[1], slow.fallsBack[0] + slow.flowsPast[0], slow.breaks[0], slow.ongoing];
  return Math.max(...want.map((q, i) => Math.abs(dist.pEqual(i) - q)));
}

/** The full grid: formations, files, squareness options, chargers, both arms. */
export function combatGrid(): CombatCell[] {
  const cells: CombatCell[] = [];
  const shapes: Array<[CombatCell["a"], CombatCell["b"]]> = [
    [{ figures: 24, files: 4, formation: "ATTACK_COLUMN" }, { figures: 24, files: 12, formation: "LINE" }],
    [{ figures: 25, files: 5, formation: "ATTACK_COLUMN" }, { figures: 30, files: 3, formation: "ATTACK_COLUMN" }],
    [{ figures: 16, files: 8, formation: "LINE" }, { figures: 16, files: 8, formation: "LINE" }],
    [{ troop: "hussars", figures: 12, files: 6, formation: "CAV_LINE" }, { figures: 24, files: 6, formation: "SQUARE" }],
    [{ troop: "cuirassiers", figures: 12, files: 4, formation: "CAV_COLUMN" }, { troop: "lancers", figures: 12, files: 6, formation: "CAV_LINE" }],
    [{ figures: 36, files: 6, formation: "ATTACK_COLUMN" }, { figures: 40, files: 4, formation: "ATTACK_COLUMN" }],
  ];
  // Two musicians who do not roll off leave drawn rounds drawn (CORE-MUS-3), so later rounds are fought.
  const draws = { bothMusiciansRollOff: false };
  const options: Array<CombatCell["options"]> = [
    { core: draws },
    { core: draws, hr: { squareness: "direct" } },
    { core: draws, hr: { squareness: "tieOnly" } },
    { core: draws, hr: { squareness: "modelCount" } },
    { core: draws, hr: { squareness: "direct", squarenessAtCombatStart: true } },
    { core: draws, hr: { squareness: "modelCount", squarenessAtCombatStart: true } },
    { core: { ...draws, outnumberBonus: true } },
    {},
  ];
  for (const [a, b] of shapes) for (const o of options) for (const charger of ["a", "b", "none"] as const) cells.push({ a, b, charger, maxRounds: 8, options: o });
  return cells;
}
