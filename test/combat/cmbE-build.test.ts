import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { buildRound } from "../../src/rules/whn/combat/build.js";
import { engaged, foot, horse } from "../fixtures/combat.js";

const INF = Number.POSITIVE_INFINITY;
const c1 = (s: BattleState) => s.combats["c1" as never]!;
const built = (s: BattleState) => buildRound(s, c1(s));
const result = (rankBonus: number[], over: Record<string, unknown> = {}) => ({ rankBonus, flankedBy: [], fightsFlank: false, fightsRear: false, standardFrom: INF, musicianFrom: INF, highGround: false, extraModels: 0, ...over });
const victim = (s: BattleState, id: string) => built(s).input.victims.find((v) => v.id === id);

describe("resultData of a unit in the combat that touches no enemy (CORE-CR-2, WHN-CC-2/3, CORE-CR-5)", () => {
  const HILL = { id: "h", kind: "hill", polygon: [{ x: 0, y: 0 }, { x: 20, y: 0 }, { x: 20, y: 20 }, { x: 0, y: 20 }], tags: { hill: 1 } };
  // s: a square and a cavalry line of gb listed in the combat but standing far off, touching nobody.
  const far = (terrain: unknown[] = []) =>
    engaged({}, {}, {
      units: [foot("sq", "gb", { formation: "SQUARE", files: 4, figures: 16, position: { x: 8, y: 8 }, facing: 0 }), horse("cv", "gb", { formation: "CAV_LINE", files: 4, figures: 8, position: { x: 60, y: 40 }, facing: 0 })],
      combat: { units: ["a", "b", "sq", "cv"] as never },
      terrain,
    });

  it("WHN-CC-2: a square with no enemy touching it keeps its own ranks (no enemy is not 'all cavalry')", () => {
    const s = far();
    expect(built(s).contacts.some((c) => c.unit === "sq" || c.enemy === "sq")).toBe(false);
    expect(victim(s, "sq")).toEqual({ id: "sq", side: 1, kind: "unit", models: 16, wounds: 1, woundsTaken: 0, result: result(new Array(17).fill(0)) });
  });

  it("WHN-CC-3: cavalry with no enemy touching it keeps its rank bonus (no enemy is not 'all squares')", () => {
    const s = far();
    const v = victim(s, "cv")!;
    expect(v.result).toEqual(result([0, 0, 0, 0, 0, 0, 0, 0, 1]));
  });

  it("CORE-CR-5: with no enemy touching, even a unit standing on a hill has no high ground", () => {
    const s = far([HILL]);
    expect(victim(s, "sq")!.result).toMatchObject({ highGround: false });
  });
});
