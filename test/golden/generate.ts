/**
 * Regenerates the golden battles (`npx tsx test/golden/generate.ts`). Run it only on purpose: a
 * change to the goldens is a change to the dice sequence or the rules, a major version with a
 * changeset (docs/guides/trust.md § Stable replays).
 */
import { writeFileSync } from "node:fs";
import { playBattle, finalState, loadRecord, saveRecord, type BattleRecord } from "../../src/battle/index.js";
import { builtinScenario, BUILTIN_SCENARIO_IDS } from "../../src/scenarios/index.js";
import { fixedBattle, fuzzBattle, stateHash, Rng } from "../../src/trust/index.js";

function write(name: string, description: string, raw: BattleRecord): void {
  // Actions as the record format reads them back (defaults filled in): `replay` applies them trusted.
  const loaded = loadRecord(saveRecord(raw));
  if (!loaded.ok) throw new Error(`${name}: the record does not load: ${JSON.stringify(loaded.error)}`);
  const record = loaded.value;
  const final = finalState(record);
  if (!final.ok) throw new Error(`${name}: the record does not replay: ${JSON.stringify(final.error)}`);
  const golden = { name, description, record: JSON.parse(saveRecord(record)) as unknown, actions: record.actions.length, finalTurn: final.value.turn, finalHash: stateHash(final.value) };
  writeFileSync(new URL(`./${name}.json`, import.meta.url), `${JSON.stringify(golden, null, 1)}\n`);
  console.log(name, record.actions.length, "actions", golden.finalHash);
}

for (const [i, id] of BUILTIN_SCENARIO_IDS.entries()) {
  const out = playBattle(builtinScenario(id), ["random", "random"], 100 + i, { maxDecisions: 120 });
  write(`${id}-random`, `${id}, random bots, seed ${100 + i}, first 120 decisions`, out.record);
}

// FnF: bots have no FnF listing yet, so the golden comes from the fuzzer's applied actions.
const coa = fixedBattle("coa1811", 7);
const rng = new Rng(2024);
const fz = fuzzBattle(coa.setup, Array.from({ length: 600 }, () => rng.next()), { legalBudget: 0 });
const actions = fz.record.actions.filter((a) => JSON.stringify(a).length < 2000) as BattleRecord["actions"];
write("coa1811-fuzz", "FnF Coa 1811, seed 7, actions applied by the fuzzer (seed 2024)", { schemaVersion: 1, setup: coa.setup, victory: null, actions });
