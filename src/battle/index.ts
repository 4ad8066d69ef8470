/**
 * Whole battles: victory rules, battles judged by them, records with replay and undo, self-play and
 * a readable account.
 */
export { judge, wipeOut, resultOf, armyLoss, standardsTaken, objectiveHolder, lostOrFleeing, type Verdict, type JudgeMoment } from "./victory.js";
export { startBattle, startBattleWithEvents, playAction, playApplied, judgeOutcome } from "./game.js";
export {
  newRecord,
  recordAction,
  replay,
  finalState,
  undo,
  saveRecord,
  loadRecord,
  RECORD_VERSION,
  RECORD_MIGRATIONS,
  BattleRecordSchema,
  type BattleRecord,
  type Migration,
  type ReplayError,
  type Replayed,
} from "./record.js";
export { playSetup, actingSide, type PlaySetupOptions, type SetupOutcome } from "./playSetup.js";
export { playBattle, namedBot, scenarioContext, DEFAULT_BUDGETS, type BotName, type PlayOptions, type BattleOutcome } from "./play.js";
export { battleAccount, type AccountOptions } from "./account.js";
export { describeEvent } from "../events/describe/index.js";
