import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { maneuverModifiers, total } from "../../src/rules/fnf/maneuverMods.js";
import { advanceTo, brigade, fnfBattle, unit } from "./helpers.js";

const battery = (id: string, x: number, y: number, over: Record<string, unknown> = {}) =>
  ({ id, side: "fr", kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT" }, position: { x, y }, facing: 90, ...over }) as const;

function scene(fnfExtra: Record<string, unknown> = {}): BattleState {
  return advanceTo(
    fnfBattle({
      units: { fr1: brigade("fr1", "fr", 20, 10), frb: battery("frb", 40, 10), gb1: brigade("gb1", "gb", 30, 44) },
      ...fnfExtra,
    }),
    "maneuver",
    "fr",
  );
}

const S = scene();
const mods = (s: BattleState, over: Record<string, unknown>, badGoing = false, id = "fr1") => maneuverModifiers(s, { ...unit(s, id), ...over } as never, badGoing);
const FRESH = { name: "fresh", value: 2 };

describe("fnfE: maneuver modifiers one by one (FNF-MAN-4)", () => {
  it("FNF-MAN-4: a fresh line in good going has only the fresh +2", () => {
    expect(mods(S, {})).toEqual([FRESH]);
  });

  it("FNF-MAN-4: either column gives +1, before fresh; a skirmishing or battery unit never counts as a column", () => {
    expect(mods(S, { formation: "COLUMN_OF_ROUTE" })).toEqual([{ name: "column", value: 1 }, FRESH]);
    expect(mods(S, { formation: "COLUMN_OF_ATTACK" })).toEqual([{ name: "column", value: 1 }, FRESH]);
    expect(mods(S, { formation: "SUPPORTED_LINE" })).toEqual([FRESH]);
    expect(mods(S, { formation: "COLUMN_OF_ATTACK", skirmishing: true })).toEqual([FRESH]);
    expect(mods(S, { formation: "COLUMN_OF_ATTACK" }, false, "frb")).toEqual([]);
  });

  it("FNF-MAN-4: Guard +1 and militia −1 for brigades only", () => {
    expect(mods(S, { quality: "GUARD" })).toEqual([{ name: "guard", value: 1 }, FRESH]);
    expect(mods(S, { quality: "MILITIA" })).toEqual([FRESH, { name: "militia", value: -1 }]);
    expect(mods(S, { quality: "GUARD" }, false, "frb")).toEqual([]);
    expect(mods(S, { quality: "MILITIA" }, false, "frb")).toEqual([]);
  });

  it("FNF-MAN-4, FNF-STAT-2: a brigade with losses is not fresh; at half its bases lost it is spent (−2)", () => {
    expect(mods(S, { bases: 5 })).toEqual([]);
    expect(mods(S, { bases: 3 })).toEqual([{ name: "spent", value: -2 }]);
  });

  it("FNF-MAN-4: an exceptional brigadier +1, for any unit", () => {
    expect(mods(S, { exceptionalBrigadier: true })).toEqual([FRESH, { name: "exceptionalBrigadier", value: 1 }]);
    expect(mods(S, { exceptionalBrigadier: true }, false, "frb")).toEqual([{ name: "exceptionalBrigadier", value: 1 }]);
  });

  it("FNF-MAN-5: close-order troops declaring bad going −2; skirmishers and batteries not", () => {
    expect(mods(S, {}, true)).toEqual([FRESH, { name: "closeOrderBadGoing", value: -2 }]);
    expect(mods(S, { skirmishing: true }, true)).toEqual([FRESH]);
    expect(mods(S, {}, true, "frb")).toEqual([]);
  });

  it("FNF-CLASS-2: Austrians −1 always; Prussians −1 up to 1808 and not after; French none", () => {
    expect(mods(S, { nation: "austrian" })).toEqual([FRESH, { name: "nation", value: -1 }]);
    expect(mods(S, { nation: "french" })).toEqual([FRESH]);
    const y1808 = scene({ year: 1808 });
    const y1809 = scene({ year: 1809 });
    expect(mods(y1808, { nation: "prussian" })).toEqual([FRESH, { name: "nation", value: -1 }]);
    expect(mods(y1809, { nation: "prussian" })).toEqual([FRESH]);
  });

  it("FNF-MAN-4: an attached leader +1, an exceptional one +2, each counted", () => {
    const s = scene({
      leaders: {
        a: { id: "a", side: "fr", rank: "division", position: { x: 20, y: 10 }, attachedTo: "fr1" },
        b: { id: "b", side: "fr", rank: "corps", position: { x: 20, y: 10 }, attachedTo: "fr1", rating: "exceptional" },
      },
    });
    const got = mods(s, {});
    expect(got.filter((m) => m.name !== "outOfRadius" && m.name !== "beyondLeaderMove")).toEqual([FRESH, { name: "attachedLeader", value: 1 }, { name: "attachedExceptionalLeader", value: 2 }]);
  });

  it("FNF-MAN-4: the total adds every value, negatives included", () => {
    expect(total([])).toBe(0);
    expect(total([{ name: "a", value: 2 }, { name: "b", value: -3 }, { name: "c", value: 1 }])).toBe(0);
    expect(total(mods(S, { formation: "COLUMN_OF_ATTACK", quality: "GUARD", exceptionalBrigadier: true }, true))).toBe(1 + 1 + 2 + 1 - 2);
  });
});
