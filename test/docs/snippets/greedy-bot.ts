import { applyTrusted, legalActions, reseed, type Action, type BattleState, type SideId } from "./fusillade.js";

/** Figures a side has left: a crude evaluation. */
const strength = (s: BattleState, side: SideId): number =>
  Object.values(s.units).reduce((n, u) => n + (u.side === side && u.removed === null ? u.figures : 0), 0);

/** One-ply greedy: try each legal action on re-seeded copies and keep the best average margin. */
export function greedyBot(state: BattleState, seed: number, samples = 4): Action {
  const me = state.pending[0]?.side ?? state.turn.activeSide;
  const score = (s: BattleState): number => Object.keys(s.sides).reduce((m, id) => m + (id === me ? 1 : -1) * strength(s, id as SideId), 0);
  let best: { action: Action; value: number } | null = null;
  for (const action of legalActions(state)) {
    let total = 0;
    for (let k = 0; k < samples; k++) {
      const r = applyTrusted(reseed(state, `${seed}:${k}`), action); // never peek at the real dice
      total += r.ok ? score(r.state) : -Infinity;
    }
    if (best === null || total / samples > best.value) best = { action, value: total / samples };
  }
  if (best === null) throw new Error("greedyBot: no legal action (is the battle over?)");
  return best.action;
}
