/**
 * Bots: pure functions of (state, seed, budget) that pick a legal action for the deciding side —
 * a random bot, a greedy one-ply bot and a Monte Carlo tree search bot.
 */
export type { Bot, BotContext, BotDecision } from "./types.js";
export { defaultContext, decider } from "./types.js";
export { randomBot, type RandomBot } from "./random.js";
export { greedyBot, GREEDY_MAX_SAMPLES } from "./greedy.js";
export { searchBot, SEARCH_PRIOR_CAP, SEARCH_CANDIDATES, SEARCH_TOLERANCE, SEARCH_REPLY_WIDTH, SEARCH_VICTORY_WEIGHT, SEARCH_PLAYOUT_MOVES, SEARCH_CONFIDENCE, type SearchOptions, type SearchInfo, type RolloutPolicy } from "./mcts.js";
export { evaluate, whnFeatures, EVAL_WEIGHTS, HAND_WHN_WEIGHTS, WHN_FEATURES, CAVALRY_SCALE, type WhnEvalWeights, type WhnFeature } from "./evaluate.js";
export { evaluateFnf, fnfFeatures, FNF_EVAL_WEIGHTS, HAND_FNF_WEIGHTS, FNF_FEATURES, FNF_BASE_VALUES, type FnfEvalWeights, type FnfFeature } from "./evaluateFnf.js";
export { botRng, mixSeed, type BotRng } from "./rng.js";
export {
  playMatch, playMatchGame, builtinMatchScenarios, MATCH_BUDGETS,
  type MatchBotKind, type MatchBotSpec, type MatchScenario, type MatchGame, type MatchTally, type MatchGameOptions,
} from "./match.js";
