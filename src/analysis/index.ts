/**
 * Balance studies in the pure core: exact odds, Monte Carlo tallies with intervals, experiments,
 * study files, sweeps, paired comparisons, scheduling and shards. No Node built-ins; the CLI and
 * the worker pool live in src/cli.
 * @example
 * import { odds, parseStudy, planStudy, builtinExperiments, runPlanSync, runChunk, studyResult } from "fusillade/analysis";
 * odds({ kind: "breakTest", ld: 7, margin: 2 }).events.broke;
 */
export { odds, oddsSampler, pCaught, type OddsQuestion, type OddsAnswer } from "./odds.js";
export { combatToDecision, sampleCombatToDecision, laterRound, decisionInput, decisionOf, DECISION_LABELS, type DecisionInput, type DecisionSource, type DecisionAnswer, type StateCombat } from "./combatChain.js";
export { twoUnitCombat, combatStateOf, TWO_UNIT_COMBAT, type TwoUnitCombat, type TwoUnitCombatSpec, type TwoUnitCombatParams } from "./combatSetup.js";
export { fnfFireDist, fnfMeleeDist, sampleFnfFire, sampleFnfMelee, FNF_FIRE_LABELS, FNF_CHARGE_LABELS } from "./fnfRolls.js";
export { normalQuantile, tQuantile, wilsonInterval, meanInterval, sampleVariance, type Interval } from "./stats.js";
export { TallyBuilder, mergeTallies, mergeAll, histogramQuantile, EMPTY_TALLY, type Tally, type MetricTally, type NumberTally, type BooleanTally, type CategoryTally, type OutcomeRecord } from "./tally.js";
export { defineExperiment, ExperimentRegistry, type Experiment, type AnyExperiment } from "./experiment.js";
export * from "./experiments/index.js";
export { StudySchema, parseStudy, formatPath, type Study, type StudyInput, type StudyIssue } from "./study/schema.js";
export { planStudy, runChunk, preparedFor, chunkRange, studyRoot, metricKey, diffKey, StudySetupError, BASE_VARIANT, type Plan, type Cell } from "./study/plan.js";
export { Scheduler, runPlanSync, runPlanAsync, type WorkUnit, type RunOutcome, type RunOptions, type CellRun, type Progress, type AbortFlag, type StopReason } from "./study/schedule.js";
export { summarize, metricHalfWidth, type MetricSummary, type NumberSummary, type BooleanSummary, type CategorySummary } from "./study/summary.js";
export { studyResult, studyRows, STREAMS_NOTE, type StudyResult, type StudyRow, type CellResult, type EngineInfo, type RunInfo } from "./study/result.js";
export { parseShard, shardChunks, shardDocument, mergeShards, shardFromEnvironment, type ShardSpec, type ShardDocument, type ShardSource } from "./study/shard.js";
export { checkShards } from "./study/shardCheck.js";
export { setPath, canonicalJson } from "./paths.js";
export { BalanceSchema, parseBalance, runBalance, balanceRows, type Balance, type BalanceInput, type BalanceResult, type BalancedParameter, type ScoreEstimate, type BalanceProgress, type BalanceRunOptions } from "./balance.js";
