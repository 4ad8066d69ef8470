import { describe, expect, it } from "vitest";
import { RULESETS } from "../../src/state/battle.js";
import { RULE_IDS } from "../../src/rules/ruleIds.js";
import { RULESET_TRAITS, traitsOf } from "../../src/rules/traits.js";

describe("ruleset traits", () => {
  it("WHN-GEN-1: CORE on its own lacks every WHN addition, WHN has them all", () => {
    const core = traitsOf({ ruleset: "core" });
    const whn = traitsOf({ ruleset: "whn" });
    expect([core.napoleonicFormations, core.cavalryLapping, core.disorderBeforeFlight, core.artilleryAndFires]).toEqual([false, false, false, false]);
    expect([whn.napoleonicFormations, whn.cavalryLapping, whn.disorderBeforeFlight, whn.artilleryAndFires]).toEqual([true, true, true, true]);
    expect([core.generalLendsLeadership, core.battleStandards, core.loserHolds, core.ralliedHoldFire]).toEqual([true, true, true, true]);
    expect([whn.generalLendsLeadership, whn.battleStandards, whn.loserHolds, whn.ralliedHoldFire]).toEqual([false, false, false, false]);
    expect([core.panicThresholdQuality, whn.panicThresholdQuality]).toEqual(["VETERAN", null]);
    expect([core.toHitModifiers, whn.toHitModifiers]).toEqual(["core", "whn"]);
  });

  it("WHN-GEN-1: every ruleset has traits, and each names rules of the spec from its own family", () => {
    const known = new Set<string>(RULE_IDS);
    for (const r of RULESETS) {
      const rules = Object.values(RULESET_TRAITS[r].rules);
      for (const id of rules) expect(known.has(id), `${r}: ${id}`).toBe(true);
      if (r === "core") for (const id of rules) expect(id.startsWith("CORE-"), id).toBe(true);
    }
  });

  it("WHN-GEN-1: FnF, which never reaches the figure-scale rules, answers as WHN without guns", () => {
    expect(RULESET_TRAITS.fnf).toEqual({ ...RULESET_TRAITS.whn, artilleryAndFires: false });
  });
});
