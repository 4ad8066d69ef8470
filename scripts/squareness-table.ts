/**
 * Balance table for the squareness house rule (HR-SQUARE-3…5): the exact chance that a 7×7 block
 * beats a 5-wide unit of the same 49 models, under each `hr.squareness` variant, computed by the
 * library's own odds (combatRoundOdds, combatToDecision). Run: `npx tsx scripts/squareness-table.ts`.
 */
import { createBattleUnknown as createBattle, combatId, unitId, type BattleState, type Combat } from "../src/index.js";
import { combatRoundOdds, combatToDecision } from "../src/rules/whn/combat/index.js";

const FOOT = { w: 20 / 25.4, d: 20 / 25.4 };
const PROFILE = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 };
const VARIANTS = ["off", "direct", "tieOnly", "modelCount"] as const;

function battle(variant: (typeof VARIANTS)[number], formation: "BLOCK" | "ATTACK_COLUMN"): BattleState {
  const unit = (id: string, side: string, files: number, facing: number) => ({
    id, side, name: id, troopType: "infantry" as const, profile: PROFILE, base: FOOT, figures: 49, files, formation,
    equipment: { missile: null, melee: "musketBayonet" }, position: { x: 36, y: 24 }, facing,
  });
  const r = createBattle({
    seed: 1,
    sides: [{ id: "blue", name: "7×7 block" }, { id: "red", name: "5-wide unit" }],
    units: [unit("block", "blue", 7, 90), unit("deep", "red", 5, 270)],
    options: { hr: { squareness: variant } },
  });
  if (!r.ok) throw new Error(JSON.stringify(r.error.issues));
  const combat = { id: combatId("c1"), units: [unitId("block"), unitId("deep")], chargers: [], lastWinner: null, rounds: 1, squareness: {} } as unknown as Combat;
  return { ...r.value, turn: { ...r.value.turn, phase: "combat", step: null }, combats: { c1: combat } } as BattleState;
}

const pct = (p: number): string => `${(100 * p).toFixed(1)} %`;
for (const formation of ["BLOCK", "ATTACK_COLUMN"] as const) {
  console.log(`\n${formation === "BLOCK" ? "CORE blocks (rank bonus up to +3)" : "WHN attack columns (rank bonus up to +3, 4+ files)"}\n`);
  console.log("| `hr.squareness` | 7×7 wins the round | draw | 5-wide wins | 5-wide breaks within 3 rounds | 7×7 breaks within 3 rounds |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const v of VARIANTS) {
    const s = battle(v, formation);
    const odds = combatRoundOdds(s, combatId("c1"));
    const chain = combatToDecision(s, combatId("c1"), 3);
    console.log(`| \`${v}\` | ${pct(odds.win[0])} | ${pct(odds.draw)} | ${pct(odds.win[1])} | ${pct(chain.breaks[1])} | ${pct(chain.breaks[0])} |`);
  }
}
