// A consumer of the per-ruleset engine entries (`fusillade/whn`, `fusillade/fnf`), type-checked
// and run by scripts/consumer-check.mjs like app.ts.
import * as whn from "fusillade/whn";
import * as fnf from "fusillade/fnf";

// A WHN battle, a few steps.
const w = whn.createBattle(whn.ridgeAction(7));
if (!w.ok) throw new Error(whn.formatInputError(w.error));
let ws: whn.BattleState = w.value;
for (let i = 0; i < 5; i++) {
  const actions: readonly whn.Action[] = whn.legalActions(ws);
  const r = whn.applyTrusted(ws, actions[actions.length - 1] ?? { type: "turn/advance" });
  if (!r.ok) throw new Error(whn.formatViolation(r.violation));
  ws = r.state;
}

// An FnF battle, a few steps.
const f = fnf.createBattle(fnf.scenario("coa1811", 3));
if (!f.ok) throw new Error(fnf.formatInputError(f.error));
let fs: fnf.BattleState = fnf.advance(f.value).state;
const pick = fnf.sampleLegalAction(fs, { int: (n: number) => n - 1 });
if (pick !== null) fs = pick.state;

const saved: string = whn.saveState(ws);
console.log(`consumer ok (rulesets) ${saved.length > 0} ${fs.turn.gameTurn}`);
