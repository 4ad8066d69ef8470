/**
 * Where a random-bot bench battle spends its time, per phase and step: the auto-advance test
 * (`isForcedStep`, split by its answer) and the bot's draw, as `playBattle` runs them.
 * Usage (after `node bench/build.mjs`): node bench/.out/stepProbe.js [battles=20]
 */
import { isForcedStep } from "../src/engine/advance.js";
import { playAction, playApplied } from "../src/battle/game.js";
import { randomBot } from "../src/bots/random.js";
import { mixSeed } from "../src/bots/rng.js";
import { createBattle } from "../src/engine/create.js";
import { scenarioSetup } from "../src/scenarios/load.js";
import { registerAllRulesets } from "../src/engine/all.js";
import type { BattleState } from "../src/state/battle.js";
import { now } from "./harness.js";
import { benchScenario } from "./scenes.js";

registerAllRulesets();
const battles = Number(process.argv[2] ?? 20);
const scenario = benchScenario();
const rows = new Map<string, { n: number; ms: number }>();
const add = (k: string, ms: number) => {
  const r = rows.get(k) ?? { n: 0, ms: 0 };
  r.n++;
  r.ms += ms;
  rows.set(k, r);
};
const where = (s: BattleState) => `${s.turn.phase}/${s.turn.step ?? "-"}${s.pending.length > 0 ? `+${s.pending[0]?.kind}` : ""}`;
let total = 0;
for (let pass = 0; pass < 2; pass++) {
  rows.clear();
  total = 0;
  for (let seed = 1; seed <= battles; seed++) {
    const c = createBattle({ ...scenarioSetup(scenario, seed), victory: scenario.victory });
    if (!c.ok) throw new Error("setup");
    let s = c.value;
    let decisions = 0;
    const t0 = now("cpu");
    while (s.turn.phase !== "finished" && decisions < 5000) {
      const a = now("cpu");
      const forced = isForcedStep(s);
      add(`test ${forced ? "forced" : "choice"} ${where(s)}`, now("cpu") - a);
      if (forced) {
        const b = now("cpu");
        const r = playAction(s, { type: "turn/advance" }, scenario.victory, true);
        add(`advance ${where(s)}`, now("cpu") - b);
        if (!r.ok) throw new Error("advance refused");
        s = r.state;
        continue;
      }
      const b = now("cpu");
      const d = randomBot.decide(s, mixSeed(seed, decisions));
      if (d === null) break;
      const r = playApplied(s, d, scenario.victory);
      add(`draw ${where(s)} ${d.action.type}`, now("cpu") - b);
      if (!r.ok) throw new Error("refused");
      s = r.state;
      decisions++;
    }
    total += now("cpu") - t0;
  }
}
console.log(`${battles} battles, ${(total / battles).toFixed(1)} ms each`);
for (const [k, r] of [...rows].sort((x, y) => y[1].ms - x[1].ms).slice(0, 45)) {
  console.log(`${((100 * r.ms) / total).toFixed(1).padStart(5)} %  ${String(r.n).padStart(6)}  ${((1000 * r.ms) / r.n).toFixed(0).padStart(6)} µs  ${k}`);
}
