import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { BattleState } from "../../src/index.js";
import { fnfScenario } from "../../src/rules/fnf/index.js";
import { playSetup } from "../../src/battle/index.js";
import { randomBot } from "../../src/bots/index.js";
import { stateHash } from "../../src/trust/index.js";
import { layoutOf } from "../../src/rules/fnf/geometry/layout.js";
import { layoutDistance } from "../../src/rules/fnf/geometry/measure.js";
import { featureNearSegment, inArea, inStrip } from "../../src/rules/fnf/geometry/terrain.js";
import { activeUnits } from "../../src/rules/fnf/units.js";
import { layout, nearestEnemy, unitDistance, unitsWithin } from "../../src/rules/fnf/world.js";
import { tieKey } from "../../src/math/index.js";

/** States of a random-bot Coa 1811 battle, one per decision. */
function states(seed: number, n: number): BattleState[] {
  const out: BattleState[] = [];
  playSetup(fnfScenario("coa1811", seed), [randomBot, randomBot], seed, { maxDecisions: n, onDecision: (s) => out.push(s) });
  return out;
}

describe("FnF speed: the caches and broad phases change no answer", () => {
  it("FNF-GEO-2, FNF-GEO-3: remembered layouts and distances equal fresh ones, and the nearest enemy is the one a full scan finds", () => {
    let pairs = 0;
    for (const s of [...states(5, 80), ...states(6, 80)]) {
      const units = activeUnits(s);
      for (const u of units) {
        expect(layout(u)).toEqual(layoutOf(u));
        for (const e of units) {
          if (e.side === u.side) continue;
          const d = layoutDistance(layoutOf(u), layoutOf(e));
          expect(unitDistance(u, e)).toBe(d);
          for (const gap of [0, 2, 12, 24]) expect(unitsWithin(u, e, gap)).toBe(d <= gap);
          pairs++;
        }
        // The full scan, without the circle bound: first listed enemy with the least tie key.
        let best: string | undefined;
        let bestKey = Infinity;
        for (const e of units) {
          if (e.side === u.side) continue;
          const k = tieKey(layoutDistance(layoutOf(u), layoutOf(e)));
          if (k < bestKey) [best, bestKey] = [e.id, k];
        }
        expect(nearestEnemy(s, u)?.id).toBe(best);
      }
    }
    expect(pairs).toBeGreaterThan(1000);
  }, 120_000);

  it("FNF-MOVE-2: a terrain feature dropped for a leg has no point of the leg in its area or strip (property)", () => {
    const first = states(7, 1)[0];
    if (first === undefined) throw new Error("no state");
    const terrain = first.terrain;
    expect(terrain.length).toBeGreaterThan(4);
    const pt = fc.record({ x: fc.double({ min: -5, max: 77, noNaN: true }), y: fc.double({ min: -5, max: 53, noNaN: true }) });
    const step = fc.record({ x: fc.double({ min: -6, max: 6, noNaN: true }), y: fc.double({ min: -6, max: 6, noNaN: true }) });
    fc.assert(
      fc.property(pt, step, fc.integer({ min: 0, max: 40 }), (a, by, k) => {
        const b = { x: a.x + by.x, y: a.y + by.y };
        const t = k / 40;
        const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
        for (const f of terrain) if (!featureNearSegment(f, a, b)) expect(inArea(p, f) || inStrip(p, f)).toBe(false);
      }),
      { seed: 22, numRuns: 3000 },
    );
  });

  it("FNF-TURN-1: the same random-bot battle played twice (caches cold, then warm) ends in the same state", () => {
    const play = () => playSetup(fnfScenario("coa1811", 31), [randomBot, randomBot], 31, { maxDecisions: 2000 });
    const first = play();
    const second = play();
    expect(second.decisions).toBe(first.decisions);
    expect(stateHash(second.state)).toBe(stateHash(first.state));
  }, 60_000);
});
