import { describe, expect, it } from "vitest";
import { fnfLayoutOf } from "../../src/rules/fnf/index.js";
import { withBases } from "../../src/rules/fnf/geometry/layout.js";
import { commandRect } from "../../src/rules/fnf/geometry/layout.js";
import { advanceTo, brigade, fnfBattle, playWith, unit } from "./helpers.js";

type Placeable = Parameters<typeof withBases>[0];
const INF_W = 40 / 25.4; // an infantry base's frontage

/** The front-right corner of a unit's footprint. */
function frontRight(u: Placeable) {
  const fp = fnfLayoutOf(u).footprint;
  const f = { x: Math.cos((fp.facing * Math.PI) / 180), y: Math.sin((fp.facing * Math.PI) / 180) };
  const r = { x: f.y, y: -f.x };
  return { x: fp.center.x + r.x * fp.halfWidth + f.x * fp.halfDepth, y: fp.center.y + r.y * fp.halfWidth + f.y * fp.halfDepth };
}

describe("an FnF brigade that loses stands (FNF-GEO-2)", () => {
  it("FNF-GEO-2, FNF-DET-2: in every formation the front-right corner and the command base stay put; bases come off (or join) at the left and rear", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20) } });
    const base = unit(s, "fr1") as unknown as Placeable;
    for (const formation of ["LINE", "SUPPORTED_LINE", "COLUMN_OF_ROUTE", "COLUMN_OF_ATTACK"] as const) {
      for (const facing of [90, 270, 30]) {
        const u = { ...base, formation, facing } as Placeable;
        for (const left of [7, 5, 4, 3, 1]) {
          const after = withBases(u, left);
          expect(after.bases).toBe(left);
          const a = frontRight(after);
          const b = frontRight(u);
          expect(a.x).toBeCloseTo(b.x, 9);
          expect(a.y).toBeCloseTo(b.y, 9);
          const ca = commandRect(fnfLayoutOf(after)).center;
          const cb = commandRect(fnfLayoutOf(u)).center;
          expect(ca.x).toBeCloseTo(cb.x, 9);
          expect(ca.y).toBeCloseTo(cb.y, 9);
        }
      }
    }
  });

  it("FNF-GEO-2, FNF-FIRE-7: a LINE hit by Telling fire loses a stand off its left; its command base does not move", () => {
    const s = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 23) } }), "offensiveFire");
    const before = unit(s, "gb1");
    const after = playWith(s, [5, 4], { type: "fnf/fire", firer: "fr1", target: "gb1" });
    const gb1 = unit(after, "gb1");
    expect(gb1.bases).toBe(5);
    // gb1 faces south, so its right is west: the front-edge centre moves half a base west.
    expect(gb1.position.x).toBeCloseTo(before.position.x - INF_W / 2, 9);
    expect(gb1.position.y).toBeCloseTo(before.position.y, 9);
    const cmd = (u: typeof gb1) => commandRect(fnfLayoutOf(u as unknown as Placeable)).center;
    expect(cmd(gb1).x).toBeCloseTo(cmd(before).x, 9);
    expect(cmd(gb1).y).toBeCloseTo(cmd(before).y, 9);
  });
});
