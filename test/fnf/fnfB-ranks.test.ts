import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { firingBases } from "../../src/rules/fnf/firePoints.js";
import { layout } from "../../src/rules/fnf/world.js";
import { brigade, fnfBattle, unit } from "./helpers.js";

function scene(formation: string, allEligible: boolean, melee: boolean): BattleState {
  const s = fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20, { formation }), gb1: brigade("gb1", "gb", 20, 30), gb2: brigade("gb2", "gb", 50, 30) } }, [], { fnf: { preMeleeFireAllEligible: allEligible } });
  const fnf = s.fnf;
  if (fnf === null) throw new Error("no fnf");
  return melee ? { ...s, fnf: { ...fnf, melees: { m1: { id: "m1", defender: "gb1", attackers: ["fr1"], breakthrough: [] } } } } : s;
}

/** fr1's non-command base rects whose fire rank passes `keep`, in layout order. */
function ranks(s: BattleState, keep: (rank: number) => boolean) {
  return layout(unit(s, "fr1"))
    .bases.filter((b) => !b.command && keep(b.fireRank))
    .map((b) => b.rect);
}

describe("fnfB: which ranks fire (FNF-FIRE-2, AMB-84)", () => {
  it("FNF-FIRE-2: out of melee only the first rank fires (column of attack: 2 of 6 bases)", () => {
    const s = scene("COLUMN_OF_ATTACK", false, false);
    const fired = firingBases(s, unit(s, "fr1"), "gb1");
    expect(fired).toHaveLength(2);
    expect(fired).toEqual(ranks(s, (r) => r === 1));
  });
  it("AMB-84: at its melee enemy the first two ranks fire (4 of 6); at another unit still only the first", () => {
    const s = scene("COLUMN_OF_ATTACK", false, true);
    expect(firingBases(s, unit(s, "fr1"), "gb1")).toEqual(ranks(s, (r) => r >= 1 && r <= 2));
    expect(firingBases(s, unit(s, "fr1"), "gb1")).toHaveLength(4);
    expect(firingBases(s, unit(s, "fr1"), "gb2")).toEqual(ranks(s, (r) => r === 1));
  });
  it("AMB-84 (option preMeleeFireAllEligible): every counted base fires at the melee enemy; column of route keeps ranks 1 and 2", () => {
    const s = scene("COLUMN_OF_ATTACK", true, true);
    expect(firingBases(s, unit(s, "fr1"), "gb1")).toEqual(ranks(s, () => true));
    expect(firingBases(s, unit(s, "fr1"), "gb2")).toEqual(ranks(s, (r) => r === 1));
    const route = scene("COLUMN_OF_ROUTE", true, true);
    expect(firingBases(route, unit(route, "fr1"), "gb1")).toEqual(ranks(route, (r) => r <= 2));
    expect(firingBases(route, unit(route, "fr1"), "gb1")).toHaveLength(2);
  });
});
