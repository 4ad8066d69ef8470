/**
 * Fast paths held against the engine itself (issue #18 item 6), a slice of the grid of
 * `npm run fuzz -- --mode fastpaths` (scripts/fuzz-fastpaths.ts, which runs it all): the exact
 * combat chain and one-round odds, the `whn/combat` and `whn/combatRound` samplers, a volley and the
 * dice-only odds kinds, each against the same situations played through `apply` (or its sampler)
 * over many seeds, by chi-square tests at a family-wise false-alarm rate of 0.001.
 */
import { describe, expect, it } from "vitest";
import { apply, reseed } from "../../src/index.js";
import { combatGrid, type CombatCell } from "../../src/trust/fastPaths.js";
import { gunFireSituation, gunFireSpec, specOdds } from "../../src/rules/whn/artillery/index.js";
import { combatCellChecks, FAMILY_ALPHA, kindCheck, kindQuestions, volleyCellCheck, volleyGrid, type Check } from "../../scripts/fuzz-fastpaths.js";
import { battle, gun, line } from "../fixtures/artillery.js";

const grid = combatGrid();
const slice = [grid[0], grid[Math.floor(grid.length / 2)], grid[grid.length - 1]].filter((c): c is CombatCell => c !== undefined);
const kinds = kindQuestions().filter((_, i) => i % 6 === 0);
// Distribution tests in this file: 4 per combat cell, 1 volley, the kinds: each at alpha / tests.
const ALPHA = FAMILY_ALPHA / (4 * slice.length + 1 + kinds.length);
const failures = (cs: readonly Check[]) => cs.filter((c) => !c.pass).map((c) => `${c.name}: ${c.stat} > ${c.critical} ${c.note ?? ""}`);

describe("fast paths against play through apply", () => {
  for (const [i, cell] of slice.entries()) {
    it(`CORE-CC-1 / CORE-CR-1 / CORE-BREAK-1 / WHN-BREAK-1: exact chain, round odds and samplers match combats played through apply (cell ${i}: ${cell.a?.formation} v ${cell.b?.formation}, charger ${cell.charger})`, () => {
      expect(failures(combatCellChecks(cell, 250, 10_000, ALPHA))).toEqual([]);
    }, 180_000);
  }

  it("CORE-SHOOT-3 / CORE-SHOOT-5: the exact volley casualties match shooting/fire played through apply", () => {
    expect(failures([volleyCellCheck(volleyGrid()[3]!, 400, 1, ALPHA)])).toEqual([]);
  }, 120_000);

  it("CORE-GEN-3 / CORE-BREAK-1 / CORE-PURS-4 / FNF-FIRE-5: the dice-only odds kinds match their samplers", () => {
    expect(failures(kinds.map((q, i) => kindCheck(q, 4000, 100 + i, ALPHA)))).toEqual([]);
  });

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
