/**
 * The quick-start job: builds the built-in "ridge action", walks its first player turn through the
 * turn sequence, and prints the exact odds of a musket volley beside a sampled estimate.
 * Run with `npm run demo`.
 */
import { createBattle, apply, formatInputError, formatViolation, scenarios, Dist, roller, seedDice, toHitChance } from "../src/index.js";

const created = createBattle(scenarios.ridgeAction(7));
if (!created.ok) {
  console.error(formatInputError(created.error));
  process.exit(2);
}
let state = created.value;
console.log(`fusillade demo — ${Object.keys(state.units).length} units, ${state.table.width}" × ${state.table.height}" table, wind ${state.wind.toFixed(0)}°\n`);
for (const u of Object.values(state.units)) {
  console.log(`  ${u.side}  ${u.name.padEnd(24)} ${u.formation.padEnd(14)} ${String(u.figures).padStart(3)} figures  at (${u.position.x}, ${u.position.y})`);
}

console.log("\nTurn sequence of the first player turn:");
for (let i = 0; i < 9; i++) {
  const r = apply(state, { type: "turn/advance" });
  if (!r.ok) {
    console.error(formatViolation(r.violation));
    process.exit(1);
  }
  state = r.state;
  for (const e of r.events) {
    const where = e.type === "turn/phaseStarted" || e.type === "turn/stepStarted" ? `${e.side} ${e.phase} ${e.step ?? ""}` : "";
    console.log(`  #${e.seq} ${e.type.padEnd(20)} [${e.rule}] ${where}`);
  }
}

// A musket volley: 20 shots at BS 3 (4+), S3 against T3 (4+), no save.
const pHit = toHitChance(4);
const pCasualty = pHit * (3 / 6);
const exact = Dist.binomial(20, pCasualty);
const dice = roller(seedDice("demo"));
const N = 20_000;
const counts = new Array<number>(21).fill(0);
for (let i = 0; i < N; i++) {
  let c = 0;
  for (let s = 0; s < 20; s++) if (dice.d6() >= 4 && dice.d6() >= 4) c++;
  counts[c] = (counts[c] ?? 0) + 1;
}
console.log("\nCasualties from a 20-musket volley (BS3 vs T3, no save): exact vs 20 000 samples");
for (const [k, p] of exact.entries()) {
  if (p < 0.005) continue;
  console.log(`  ${String(k).padStart(2)}  exact ${(p * 100).toFixed(2).padStart(6)} %   sampled ${(((counts[k] ?? 0) / N) * 100).toFixed(2).padStart(6)} %`);
}
console.log(`  mean ${exact.mean().toFixed(3)} (sampled ${(counts.reduce((a, c, k) => a + c * k, 0) / N).toFixed(3)})`);
