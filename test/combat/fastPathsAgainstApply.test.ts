/**
 * Fast paths held against the engine itself (issue #18 item 6): the `whn/combat` experiment's
 * sampler and the artillery exact odds, each against the same situations played through `apply`
 * with real dice over many seeds. The suite runs a slice; `FAST_PATHS_FULL=1` runs the whole combat
 * grid (`npx vitest run test/combat/fastPathsAgainstApply.test.ts`). The exact combat chain has its
 * own grid (test/analysis/fastPaths.test.ts, `npm run fuzz -- --fast-paths`).
 */
import { describe, expect, it } from "vitest";
import { apply, reseed, roller, seedDice } from "../../src/index.js";
import { CombatParams, combatInput, combatState, DECISION_LABELS } from "../../src/analysis/index.js";
import { sampleCombatToDecision } from "../../src/analysis/combatChain.js";
import { combatGrid, playToDecision, type CombatCell } from "../../src/trust/fastPaths.js";
import { gunFireSituation, gunFireSpec, specOdds } from "../../src/rules/whn/artillery/index.js";
import { battle, gun, line } from "../fixtures/artillery.js";

/** Two shares of n draws each agree within a two-sided 99.9 % bound (Bonferroni over `k` outcomes). */
function agree(a: number, b: number, n: number, k: number): boolean {
  const z = k <= 1 ? 3.29 : k <= 5 ? 3.89 : 4.1;
  const p = (a + b) / 2;
  return Math.abs(a - b) <= z * Math.sqrt((2 * Math.max(p * (1 - p), 1 / n)) / n) + 2 / n;
}

/** The sampler's and `apply`'s outcome shares for one grid cell. */
function samplerAgainstApply(cell: CombatCell, n: number): { sampled: number[]; played: number[] } {
  const p = CombatParams.parse(cell);
  const input = combatInput(p);
  const start = combatState(p);
  const sampled = DECISION_LABELS.map(() => 0);
  const played = DECISION_LABELS.map(() => 0);
  const dice = roller(seedDice(4242));
  for (let s = 0; s < n; s++) {
    const a = sampleCombatToDecision(input, dice).result;
    sampled[a] = (sampled[a] ?? 0) + 1 / n;
    const b = playToDecision(start, 10_000 + s, p.maxRounds).result;
    played[b] = (played[b] ?? 0) + 1 / n;
  }
  return { sampled, played };
}

const FULL = process.env["FAST_PATHS_FULL"] === "1";
const grid = combatGrid();
const slice = FULL ? grid : [grid[0], grid[Math.floor(grid.length / 2)], grid[grid.length - 1]].filter((c): c is CombatCell => c !== undefined);

describe("fast paths against play through apply", () => {
  for (const [i, cell] of slice.entries()) {
    it(`CORE-CC-1 / CORE-BREAK-1 / WHN-BREAK-1: the whn/combat sampler's outcomes match combats played through apply (cell ${i}: ${cell.a?.formation} v ${cell.b?.formation}, charger ${cell.charger})`, () => {
      const n = FULL ? 1000 : 250;
      const { sampled, played } = samplerAgainstApply(cell, n);
      DECISION_LABELS.forEach((label, k) => expect(agree(sampled[k] ?? 0, played[k] ?? 0, n, DECISION_LABELS.length), `${label}: sampled ${sampled[k]} v played ${played[k]}`).toBe(true));
    }, 120_000);
  }

  it("WHN-ART-9: the exact round-shot odds match gun fire played through apply (casualties per unit)", () => {
    const N = 600;
    const s = battle([gun("fr-art", "fr", { british: true }), line("gb-1", 20), line("gb-2", 28)]);
    const read = gunFireSituation(s, { unit: "fr-art" as never, target: "gb-1" as never, ammunition: "shot" });
    if (!read.ok) throw new Error(JSON.stringify(read.violation));
    const exact = specOdds(gunFireSpec(s, read.situation), 120);
    const counts = new Map<string, Map<number, number>>();
    for (let seed = 1; seed <= N; seed++) {
      const r = apply(reseed(s, seed), { type: "artillery/fire", unit: "fr-art", target: "gb-1", ammunition: "shot" });
      if (!r.ok) throw new Error(JSON.stringify(r.violation));
      for (const id of ["gb-1", "gb-2"]) {
        const lost = s.units[id as never]!.figures - r.state.units[id as never]!.figures;
        const m = counts.get(id) ?? new Map<number, number>();
        m.set(lost, (m.get(lost) ?? 0) + 1);
        counts.set(id, m);
      }
    }
    expect(exact.units.map((u) => u.id)).toContain("gb-1");
    for (const u of exact.units) {
      const m = counts.get(u.id) ?? new Map<number, number>();
      for (const [k, p] of u.casualties.entries()) {
        const got = (m.get(k) ?? 0) / N;
        // The exact odds integrate the flight on a 120-cell grid: 0.004 of quadrature slack.
        expect(Math.abs(p - got) <= 3.29 * Math.sqrt(Math.max(p * (1 - p), 1 / N) / N) + 0.004, `${u.id} k=${k}: exact ${p} v played ${got}`).toBe(true);
      }
    }
  }, 120_000);
});
