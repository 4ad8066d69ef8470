import { CombatParams, combatState } from "../src/analysis/index.js";
import { combatGrid, playToDecision } from "../src/trust/fastPaths.js";
const grid = combatGrid();
for (const i of [0, 30, 70, 100, 140]) {
  const p = CombatParams.parse(grid[i]!);
  const st = combatState(p);
  const t = performance.now();
  let rounds = 0;
  for (let s = 0; s < 50; s++) rounds += playToDecision(st, s + 1, p.maxRounds).rounds;
  console.log(i, ((performance.now() - t) / 50).toFixed(1), "ms/seed", (rounds / 50).toFixed(2), "rounds");
}
