/**
 * The victory module: hooks that let the engine itself judge a battle's victory rules
 * (`state.victory`, CORE-TURN-1). No actions; it only hooks the turn sequence:
 *
 * - at the end of every game turn (`"<ruleset>:endOfGameTurn"`), a condition that holds ends the
 *   battle there;
 * - at the turn limit (`"<ruleset>:finished"`), the final verdict (a condition, or the `otherwise`
 *   result) replaces the engine's "turn limit reached" result;
 * - at the entry of every phase and movement step, an army with no unit left loses.
 *
 * Listed last in `PHASE_MODULES`, so it judges the position once every other hook of that point has
 * run. It must not import the engine's `apply` (the engine's hook table imports this module).
 */
import type { BattleState, Ruleset } from "../state/battle.js";
import { MOVEMENT_STEPS } from "../state/battle.js";
import type { ActionContext, EnterHook } from "../engine/context.js";
import { defineModule } from "../engine/module.js";
import { PLAYER_TURN } from "../engine/sequence.js";
import { judgeOf, resultOf, wipeOutOf, type Verdict } from "./victory.js";

/** Ends the battle on a verdict reached mid-battle: result written, turn finished, events logged. */
export function concludeBattle(state: BattleState, v: Verdict, ctx: ActionContext): BattleState {
  ctx.emit("battle/ended", "CORE-TURN-1", { reason: "victory condition", gameTurn: state.turn.gameTurn });
  ctx.emit("battle/victory", "CORE-TURN-1", { winner: v.winner, reason: v.reason, condition: v.condition });
  return { ...state, pending: [], turn: { ...state.turn, phase: "finished", step: null }, result: resultOf(v) };
}

const live = (state: BattleState): boolean => state.victory !== null && state.turn.phase !== "finished";

/** End of a game turn: a condition that holds (or a wipe-out) ends the battle. */
const atTurnEnd: EnterHook = (state, ctx) => {
  // At the turn limit the final verdict is given instead (see `atFinish`).
  if (!live(state) || state.victory === null || state.turn.gameTurn >= state.turn.maxTurns) return state;
  const v = judgeOf(state, state.victory, "turnEnd");
  return v === null ? state : concludeBattle(state, v, ctx);
};

/** The turn limit: the final verdict replaces the engine's turn-limit result. */
const atFinish: EnterHook = (state, ctx) => {
  if (state.victory === null) return state;
  const v = judgeOf(state, state.victory, "final") as Verdict;
  ctx.emit("battle/victory", "CORE-TURN-1", { winner: v.winner, reason: v.reason, condition: v.condition });
  return { ...state, result: resultOf(v) };
};

/** Entry of a phase or step: an army with no unit left loses. */
const atPhase: EnterHook = (state, ctx) => {
  if (!live(state)) return state;
  const v = wipeOutOf(state);
  return v === null ? state : concludeBattle(state, v, ctx);
};

function hooksOf(ruleset: Ruleset): { [key: string]: EnterHook } {
  const hooks: { [key: string]: EnterHook } = {};
  for (const phase of PLAYER_TURN[ruleset]) {
    if (phase === "movement" && ruleset !== "fnf") for (const step of MOVEMENT_STEPS) hooks[`${ruleset}:movement.${step}`] = atPhase;
    else hooks[`${ruleset}:${phase}`] = atPhase;
  }
  hooks[`${ruleset}:endOfGameTurn`] = atTurnEnd;
  hooks[`${ruleset}:finished`] = atFinish;
  return hooks;
}

/** The victory module (no actions): the engine's judge of `state.victory` (CORE-TURN-1). */
export const victoryModule = defineModule({
  name: "victory",
  actions: [] as const,
  routes: {},
  enter: { ...hooksOf("whn"), ...hooksOf("fnf"), ...hooksOf("core") },
});
