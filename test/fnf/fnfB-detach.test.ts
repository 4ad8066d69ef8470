import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { fnfCandidates } from "../../src/rules/fnf/legal.js";
import { sees } from "../../src/rules/fnf/measuring.js";
import { advanceTo, brigade, fnfBattle, playWith } from "./helpers.js";

const wall = { id: "sw", kind: "stoneWall", polygon: [], polyline: [{ x: 10, y: 30 }, { x: 20, y: 30 }, { x: 20, y: 40.005 }], tags: {} };
const farWorks = { id: "wk", kind: "works", polygon: [], polyline: [{ x: 60, y: 0 }, { x: 70, y: 0 }], tags: {} };
const hedge = { id: "hd", kind: "hedge", polygon: [], polyline: [{ x: 20, y: 26 }, { x: 30, y: 26 }], tags: {} };

function scene(): BattleState {
  return advanceTo(
    fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 40, 44) } }, [wall, farWorks, hedge]),
    "maneuver",
    "fr",
  );
}

describe("fnfB: detachment spots on walls and works (FNF-DET-1)", () => {
  it("FNF-DET-1: each stone-wall leg's middle (rounded to 0.01\") within reach is offered, faced to the nearest enemy; a hedge and far works are not", () => {
    const s = playWith(scene(), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    const detach = fnfCandidates(s).filter((a) => typeof a !== "function" && a.type === "fnf/detach");
    expect(detach).toEqual([
      { type: "fnf/detach", unit: "fr1", id: "fr1-det1", position: { x: 15, y: 30 }, facing: 29 },
      { type: "fnf/detach", unit: "fr1", id: "fr1-det1", position: { x: 20, y: 35 }, facing: 24 },
    ]);
  });
  it("FNF-DET-1: before a roll that allows a change, no detachment is offered", () => {
    expect(fnfCandidates(scene()).filter((a) => typeof a !== "function" && a.type === "fnf/detach")).toEqual([]);
  });
});

describe("fnfB: sight queries refuse unknown targets (FNF-GEO-8)", () => {
  it("FNF-GEO-8: sees() with no such unit or lone leader throws a typed misuse error", () => {
    const s = scene();
    expect(() => sees(s, "fr1", "nobody")).toThrow(expect.objectContaining({ code: "engine/misuse", message: 'fusillade: fnf.sees: no unit or lone leader "nobody" on the table' }));
    expect(sees(s, "fr1", "gb1")).toBe(true);
  });
});
