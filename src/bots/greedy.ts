/**
 * The greedy bot: one ply. Each candidate action is applied to re-seeded copies of the state (so
 * the battle's own future rolls are never seen) and the resulting positions are scored with
 * {@link evaluate}; the best mean wins. `turn/advance` is scored first and another action must beat
 * it strictly, so a bot with nothing better to do moves the battle on rather than wandering. An FnF
 * maneuver roll is scored by the best follow-up it allows the unit.
 */
import type { BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import type { Action } from "../engine/actions.js";
import { applyTrusted } from "../engine/apply.js";
import { adopt } from "../engine/owned.js";
import { reseed } from "../engine/create.js";
import { legalActions } from "../engine/decisions.js";
import { FusilladeError } from "../engine/violation.js";
import { judgeOutcome } from "../battle/game.js";
import { evaluate, evaluateOwned } from "./evaluate.js";
import { botRng, mixSeed, shuffled } from "./rng.js";
import { decider, defaultContext, type Bot, type BotContext } from "./types.js";

/**
 * The value of the state after an action. A roll that only unlocks a move (an FnF maneuver roll) is
 * worth the best of the unit's listed follow-ups (move, formation change, detachment), so the bot
 * rolls when the move it allows is worth making rather than never rolling at all.
 */
export function followUp(s: BattleState, a: Action, side: SideId, ctx: BotContext): number {
  return bestFollowUp(s, a, side, ctx).value;
}

/**
 * The best listed follow-up of a roll that only unlocks a move (an FnF maneuver roll) with the
 * value it reaches; for any other action, no follow-up and the state's own value.
 */
export function bestFollowUp(s: BattleState, a: Action, side: SideId, ctx: BotContext): { readonly value: number; readonly state: BattleState } {
  const here = evaluate(s, side, ctx);
  if (a.type !== "fnf/maneuver" || s.turn.phase === "finished" || decider(s) !== side) return { value: here, state: s };
  let best = { value: here, state: s };
  for (const b of legalActions(s)) {
    if (!("unit" in b) || b.unit !== a.unit || b.type === "fnf/maneuver") continue;
    const r = applyTrusted(s, b);
    if (!r.ok) continue;
    const v = evaluateOwned(r.state, side, ctx);
    if (v > best.value) best = { value: v, state: r.state };
  }
  return best;
}

/** Most re-seeded samples the greedy bot takes of one candidate. */
export const GREEDY_MAX_SAMPLES = 4;

/**
 * A greedy bot for a scenario. The budget is the number of forward-model applications: with more
 * candidates than budget, a seeded sample of them is scored (`turn/advance` always included);
 * with budget to spare, each candidate is sampled several times.
 * @example
 * const bot = greedyBot({ victory: scenario.victory, posture: { fr: "attack", gb: "defend" } });
 * const action = bot(state, 7, 60);
 */
export function greedyBot(context?: BotContext): Bot {
  return (input: BattleState, seed: number, budget: number): Action => {
    const state = adopt(input);
    const side = decider(state);
    const actions = legalActions(state);
    if (side === null || actions.length === 0) throw new FusilladeError("engine/misuse", "fusillade: greedyBot called on a state with no legal action");
    if (actions.length === 1) return actions[0] as Action;
    const ctx = context ?? defaultContext(state);
    const rng = botRng(seed);
    const cap = Math.max(2, Math.floor(budget));
    const advance = actions.filter((a) => a.type === "turn/advance");
    const others = actions.filter((a) => a.type !== "turn/advance");
    const kept = others.length + advance.length > cap ? shuffled(others, rng).slice(0, cap - advance.length) : others;
    kept.sort((a, b) => actions.indexOf(a) - actions.indexOf(b));
    const pool = [...advance, ...kept];
    const samples = Math.max(1, Math.min(GREEDY_MAX_SAMPLES, Math.floor(cap / pool.length)));
    let best = pool[0] as Action;
    let bestValue = -Infinity;
    for (const [i, a] of pool.entries()) {
      let total = 0;
      for (let k = 0; k < samples; k++) {
        const copy = reseed(state, mixSeed(seed, i * GREEDY_MAX_SAMPLES + k));
        const r = applyTrusted(copy, a);
        if (!r.ok) {
          total = -Infinity;
          break;
        }
        total += followUp(judgeOutcome(copy, r.state, r.events, ctx.victory).state, a, side, ctx);
      }
      const mean = total / samples;
      if (mean > bestValue + 1e-12) {
        bestValue = mean;
        best = a;
      }
    }
    return best;
  };
}
