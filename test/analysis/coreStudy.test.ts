/** Core rules in the study experiments: two-unit tables and combats built and fought under `ruleset: "core"`. */
import { describe, expect, it } from "vitest";
import { apply, reseed } from "../../src/index.js";
import { combatToDecision, twoUnitCombat, type TwoUnitCombatSpec } from "../../src/analysis/index.js";
import { checkCell } from "../../src/trust/fastPaths.js";

const FIGHT = {
  a: { troop: "heavyCavalry", figures: 8, files: 4 },
  b: { troop: "heavyInfantry", figures: 20, files: 5 },
  charger: "a",
  maxRounds: 8,
} as const satisfies TwoUnitCombatSpec;

describe("core two-unit combats", () => {
  it("CORE-BREAK-1: in a core two-unit combat the loser that passes its Break test holds, so the fight goes on: no fall backs, more breaks and longer fights than the same units under WHN", () => {
    const core = twoUnitCombat({ ...FIGHT, ruleset: "core" });
    const whn = twoUnitCombat({ ...FIGHT, ruleset: "whn" });
    expect(core.state.ruleset).toBe("core");
    expect(whn.state.ruleset).toBe("whn");
    expect(core.decision.loserHolds).toBe(true);
    const c = combatToDecision(core);
    const w = combatToDecision(whn);
    expect(c.fallsBack).toEqual([0, 0]);
    expect(w.fallsBack[0] + w.fallsBack[1]).toBeGreaterThan(0.1);
    // The first round is the same fight; only what follows a passed test differs, so CORE adds breaks on both sides.
    expect(c.breaks[0]).toBeGreaterThan(w.breaks[0] + 0.01);
    expect(c.breaks[1]).toBeGreaterThan(w.breaks[1] + 0.01);
    expect(c.meanRounds).toBeGreaterThan(w.meanRounds);
    // With one round only, the two chains break the same units; CORE carries on what WHN ends by a fall back.
    const c1 = combatToDecision(twoUnitCombat({ ...FIGHT, ruleset: "core", maxRounds: 1 }));
    const w1 = combatToDecision(twoUnitCombat({ ...FIGHT, ruleset: "whn", maxRounds: 1 }));
    expect(c1.breaks[0]).toBeCloseTo(w1.breaks[0], 12);
    expect(c1.breaks[1]).toBeCloseTo(w1.breaks[1], 12);
    expect(c1.undecided).toBeCloseTo(w1.undecided + w1.fallsBack[0] + w1.fallsBack[1], 12);
  });

  it("CORE-BREAK-1: played through apply, a core loser that holds stays in combat c1 (combat/holds), never falls back", () => {
    const core = twoUnitCombat({ ...FIGHT, ruleset: "core" });
    let held = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const r = apply(reseed(core.state, seed), { type: "combat/fight", combat: core.combat });
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.events.some((e) => e.type === "combat/fellBack" || e.type === "combat/fallBackDue")).toBe(false);
      if (r.events.some((e) => e.type === "combat/holds")) {
        held++;
        expect(r.state.combats[core.combat]).toBeDefined();
      }
    }
    expect(held).toBeGreaterThan(0);
  });

  it("CORE-CC-1 / CORE-CR-1 / CORE-BREAK-1: the core chain agrees with core combats played through apply (200 seeds, 99.9 % bounds)", () => {
    const c = checkCell({ ...FIGHT, ruleset: "core", maxRounds: 6 }, 200);
    expect(c.agrees, `exact ${c.exact.map((x) => x.toFixed(3))} played ${c.played}`).toBe(true);
  });

  it("CORE-MOVE-1: a core table takes core troop types only and stands them in a BLOCK; WHN stays the default", () => {
    expect(() => twoUnitCombat({ ruleset: "core" })).toThrow(RangeError);
    expect(() => twoUnitCombat({ ...FIGHT, ruleset: "core", b: { troop: "infantry" } })).toThrow(/core troop types/);
    const core = twoUnitCombat({ ...FIGHT, ruleset: "core" });
    expect(Object.values(core.state.units).map((u) => u.formation)).toEqual(["BLOCK", "BLOCK"]);
    // Core light infantry goes by its scenario name, javelinmen (WHN's lightInfantry stays a WHN unit).
    const jav = twoUnitCombat({ ruleset: "core", a: { troop: "javelinmen", figures: 10, files: 5 }, b: { troop: "spearmen", figures: 20, files: 5 }, charger: "a" });
    expect(jav.state.units["a" as never]?.equipment.missile).toBe("javelin");
    expect(() => twoUnitCombat({ ruleset: "core", a: { troop: "lightInfantry" }, b: { troop: "spearmen" } })).toThrow(/core troop types/);
    const dflt = twoUnitCombat({});
    expect(dflt.params.ruleset).toBe("whn");
    expect(dflt.state.ruleset).toBe("whn");
    expect(dflt.decision.loserHolds).toBeUndefined();
  });
});
