/**
 * `fusillade/trust`: the invariant catalogue (documented, pure checks of states, steps and refusals, each
 * tied to the rule it protects), stable state hashes for golden replays, and a deterministic
 * model-based fuzzer of whole battles with minimal replays.
 * @example
 * import { checkStep } from "fusillade/trust";
 * const r = apply(state, action);
 * if (r.ok) console.log(checkStep(state, action, r.state, r.events)); // [] when every invariant holds
 * @packageDocumentation
 * @module fusillade/trust
 */
export { INVARIANTS, checkState, checkLoaded, checkStep, checkRefusal, invariantCount, type CheckOptions } from "./catalogue.js";
export type { Invariant, StateInvariant, StepInvariant, RefusalInvariant, Step, Refusal, Breach, Verdict, Cost, StatePath } from "./invariants/types.js";
export { canonicalJson, fnv1a64, stateHash } from "./hash.js";
export { deepFreeze } from "./freeze.js";
export { fuzzBattle, type FuzzOptions, type FuzzReport, type FuzzRecord, type Failure, type FailureKind } from "./fuzz/run.js";
export { replayVerdict, shrinkRecord, type ReplayVerdict } from "./fuzz/shrink.js";
export { walkBattle, shrinkWalk, type WalkBot, type WalkOptions, type WalkReport, type WalkFailure, type ShrunkWalk } from "./fuzz/walk.js";
export { campaignBattle, fixedBattle, randomWhnBattle, randomFnfBattle, randomCoreBattle, FIXED_BATTLES, type FuzzBattle } from "./fuzz/scenarios.js";
export { makeProbe, ProbeMemory, DEFAULT_WEIGHTS, PROBE_KINDS, type Probe, type ProbeKind, type ProbeWeights } from "./fuzz/probes.js";
export { HOSTILE_ACTIONS } from "./fuzz/hostile.js";
export { Rng } from "./fuzz/rng.js";
