import { describe, expect, it } from "vitest";
import { scenarios, type BattleState } from "../../src/index.js";
import { playBattle } from "../../src/battle/index.js";
import { movementCandidates } from "../../src/rules/whn/movement/legal.js";
import { checkPlacement, clearPathEnd, measurePath, pathLengths } from "../../src/rules/whn/movement/path.js";
import { baseMove, moveRate } from "../../src/rules/whn/movement/common.js";
import { getUnit } from "../../src/rules/whn/unit.js";
import type { Leg } from "../../src/rules/whn/movement/path.js";

/**
 * The states of random-bot battles in the remaining step (auto-advanced), where moves are listed,
 * on the scenario's table without its terrain (the shortcut only answers on open tables).
 */
function remainingStates(id: (typeof scenarios.BUILTIN_SCENARIO_IDS)[number], seed: number): BattleState[] {
  const states: BattleState[] = [];
  playBattle({ ...scenarios.builtinScenario(id), terrain: [] }, ["random", "random"], seed, { maxDecisions: 250, onDecision: (s) => void (s.turn.phase === "movement" && s.turn.step === "remaining" && s.pending.length === 0 && states.push(s)) });
  return states;
}

/** A path of legs and a few the listing does not make (backwards, long, a wheel then a turn). */
const EXTRA_PATHS: readonly (readonly Leg[])[] = [
  [{ kind: "forward", distance: 12 }],
  [{ kind: "forward", distance: -2 }],
  [{ kind: "wheel", degrees: 90, pivot: "right" }, { kind: "turn", degrees: -90 }, { kind: "forward", distance: 3 }],
  [{ kind: "wheel", degrees: -20, pivot: "left" }],
];

describe("clearPathEnd: moves certainly clear are not sampled", () => {
  it("CORE-MOVE-4: where it answers, the measured path ends there, costs its plain length, and every sample is placed (battle states of every built-in scenario, its terrain taken away)", () => {
    let answered = 0;
    let unsure = 0;
    for (const id of scenarios.BUILTIN_SCENARIO_IDS) {
      for (const seed of [1, 2]) {
        for (const s of remainingStates(id, seed)) {
          for (const u of Object.values(s.units)) {
            if (u.side !== s.turn.activeSide || u.removed !== null) continue;
            const listed = movementCandidates(s, u.id).flatMap((a) => (a.type === "movement/move" || a.type === "movement/march" ? [a.path] : []));
            for (const legs of [...listed, ...EXTRA_PATHS]) {
              const end = clearPathEnd(s, u, legs);
              if (end === null) {
                unsure++;
                continue;
              }
              answered++;
              const unit = getUnit(s, u.id);
              if (unit === undefined) throw new Error("unit");
              const rate = moveRate(s, unit);
              const path = measurePath(s, unit, legs, rate, baseMove(s, unit));
              const plain = pathLengths(unit, legs, rate);
              expect(end).toEqual(path.end);
              expect([path.cost, path.wheel, path.surcharge, path.entersImpassable]).toEqual([plain.cost, plain.wheel, 0, false]);
              expect(checkPlacement(s, unit, path.samples)).toBeNull();
            }
          }
        }
      }
    }
    expect(answered).toBeGreaterThan(1000);
    expect(unsure).toBeGreaterThan(100);
  });
});
