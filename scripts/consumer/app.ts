// A small consumer app, type-checked by scripts/consumer-check.mjs against the packed package
// (strict, exactOptionalPropertyTypes, nodenext, skipLibCheck false) as ESM and as CommonJS.
import {
  apply,
  createBattle,
  formatInputError,
  formatViolation,
  legalActions,
  pendingDecision,
  saveState,
  loadState,
  pLeadershipPass,
  toHitChance,
  Dist,
  withScriptedDice,
  scenarios,
  fnf,
  bots,
  battle,
  analysis,
  type Action,
  type BattleState,
  type BattleEvent,
  type Violation,
} from "fusillade";

function must<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(typeof r.error === "object" ? JSON.stringify(r.error) : String(r.error));
  return r.value;
}

// --- a WHN battle, one step at a time --------------------------------------------------------------
const created = createBattle(scenarios.ridgeAction(42));
if (!created.ok) throw new Error(formatInputError(created.error));
let state: BattleState = created.value;
const log: string[] = [];
for (let i = 0; i < 20; i++) {
  const actions: readonly Action[] = legalActions(state);
  const first = actions[0];
  if (first === undefined) break;
  const r = apply(state, first);
  if (!r.ok) {
    const v: Violation = r.violation;
    log.push(formatViolation(v));
    break;
  }
  state = r.state;
  for (const e of r.events as readonly BattleEvent[]) log.push(`${e.type} ${e.rule}`);
}
const pending = pendingDecision(state);
const saved = saveState(state);
const reloaded = must(loadState(saved));
if (reloaded.turn.gameTurn !== state.turn.gameTurn) throw new Error("save/load changed the state");

// --- exact odds ----------------------------------------------------------------------------------
const pLd8: number = pLeadershipPass(8);
const hit: number = toHitChance(4);
const twoD6 = Dist.nd6(2);
const p7: number = twoD6.pAtMost(7);

// --- scripted dice ---------------------------------------------------------------------------------
const scripted = withScriptedDice(state, [6, 6, 6]);

// --- the FnF ruleset ---------------------------------------------------------------------------------
const fnfState = must(createBattle(fnf.scenario("coa1811", 7)));
const fnfUnits = Object.values(fnfState.units).length;

// --- a whole battle with bots ----------------------------------------------------------------------
const outcome = battle.playBattle(scenarios.builtinScenario("reverse-slope"), [bots.randomBot, "greedy"], 3, { maxDecisions: 30 });

// --- a study question --------------------------------------------------------------------------------
const answer = analysis.odds({ kind: "breakTest", ld: 7, margin: 2 });

console.log(
  JSON.stringify({
    events: log.length,
    pending: pending.kind,
    pLd8,
    hit,
    p7,
    scripted: scripted.dice.kind,
    fnfUnits,
    decisions: outcome.decisions,
    answer: Object.keys(answer).length > 0,
  }),
);
console.log("consumer ok");
