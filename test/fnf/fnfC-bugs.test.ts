import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { baseCover, fnfKind } from "../../src/rules/fnf/geometry/terrain.js";

type Feature = BattleState["terrain"][number];
const area = (id: string, kind: string): Feature => ({ id, kind, polygon: [{ x: 0, y: 0 }, { x: 20, y: 0 }, { x: 20, y: 20 }, { x: 0, y: 20 }], tags: {} }) as unknown as Feature;

// A feature's kind is free text (TerrainFeatureSchema: z.string()), and FnF ignores kinds it does not
// know (FNF-GEO-6, AMB-91). terrain.ts fnfKind looks the kind up in a plain object literal of aliases,
// so a kind named after an Object.prototype member ("toString", "constructor", "valueOf", …) finds the
// inherited function instead of nothing.
describe("fnfC bugs: terrain kinds named after Object.prototype members", () => {
  it("AMB-91: a feature of kind \"toString\" or \"constructor\" is ignored by FnF (fnfKind null)", () => {
    expect(fnfKind(area("x", "toString"))).toBeNull();
    expect(fnfKind(area("y", "constructor"))).toBeNull();
  });
  it("FNF-GEO-7: such a feature gives no cover and does not throw (baseCover reads FNF_TERRAIN[k].shape of undefined)", () => {
    const enemy = [{ center: { x: 10, y: 30 }, halfWidth: 1, halfDepth: 0.5, facing: 270 }];
    expect(baseCover([area("x", "toString")], { x: 10, y: 10 }, enemy)).toBe("none");
  });
});
