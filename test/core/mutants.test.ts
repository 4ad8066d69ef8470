/**
 * CORE rule helpers pinned case by case: each case below was written against a mutant that the
 * sampled mutation run (#17, docs/guides/trust.md "Mutation score") found surviving.
 */
import { describe, expect, it } from "vitest";
import { presets, type BattleState, type Unit } from "../../src/index.js";
import { coreFormationRefusal, coreReformCost } from "../../src/rules/core/formations.js";
import { traitsOf } from "../../src/rules/traits.js";
import { battleStandardNear, coreLeadership } from "../../src/rules/core/leadership.js";
import { coreSetupIssues } from "../../src/rules/core/setup.js";
import { coreBattle, foot } from "./fixtures.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const LD6 = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 6 };
const withFlags = (u: Unit, flags: Partial<Unit["flags"]>): Unit => ({ ...u, flags: { ...u.flags, ...flags } });

describe("CORE formations (mutation-found cases)", () => {
  const s = coreBattle([foot("a", "fr", { position: { x: 36, y: 10 } }), foot("b", "gb", { position: { x: 36, y: 40 }, facing: 270 })]);
  const a = unit(s, "a");

  it("CORE-MOVE-1: a reform is the whole move: refused after any move, any move used or a formation change, payload names the unit", () => {
    expect(coreReformCost(a)).toBe(1);
    for (const flags of [{ moved: true }, { moveUsed: 0.5 }, { formationChanges: 1 }]) {
      expect([flags, coreReformCost(withFlags(a, flags))]).toEqual([
        flags,
        { code: "movement/reform_after_moving", rule: "CORE-MOVE-1", unit: "a", moveUsed: flags.moveUsed ?? 0 },
      ]);
    }
  });

  it("CORE-MOVE-1: CORE has no artillery and no WHN formations; open order is for light troops only", () => {
    expect(coreFormationRefusal({ ...a, troopType: "artillery" }, "BLOCK")).toEqual({ code: "movement/formation_not_allowed", rule: "CORE-MOVE-1", unit: "a", formation: "BLOCK", why: "the CORE rules have no artillery" });
    expect(coreFormationRefusal(a, "LINE")).toMatchObject({ code: "movement/formation_not_allowed", formation: "LINE" });
    expect(coreFormationRefusal({ ...a, light: false }, "OPEN_ORDER")).toMatchObject({ code: "movement/formation_not_allowed", formation: "OPEN_ORDER", why: "only light troops skirmish" });
    expect(coreFormationRefusal({ ...a, light: true }, "OPEN_ORDER")).toBeNull();
    expect(coreFormationRefusal(a, "BLOCK")).toBeNull();
  });

  it("CORE-TURN-2: the traits tell a CORE battle from a WHN one (no Napoleonic formations in CORE)", () => {
    expect([traitsOf({ ruleset: "core" }).napoleonicFormations, traitsOf({ ruleset: "whn" }).napoleonicFormations]).toEqual([false, true]);
  });
});

describe("CORE leadership (mutation-found cases)", () => {
  const units = [foot("a", "fr", { position: { x: 36, y: 10 }, profile: LD6 }), foot("b", "gb", { position: { x: 36, y: 44 }, facing: 270, profile: LD6 })];

  it("CORE-GNRL-1: only the General lends his Leadership; a hero or a battle standard bearer within 12\" does not", () => {
    const hero = presets.coreCharacter({ kind: "hero", id: "h", side: "fr", at: { x: 36, y: 18 } });
    const bsb = presets.coreCharacter({ kind: "battleStandard", id: "bsb", side: "fr", at: { x: 40, y: 18 } });
    const s = coreBattle(units, { characters: [hero, bsb] });
    expect(coreLeadership(s, unit(s, "a"))).toMatchObject({ base: 6, value: 6, leadersNear: [] });
    const general = presets.coreCharacter({ kind: "general", id: "g", side: "fr", at: { x: 36, y: 18 } });
    const t = coreBattle(units, { characters: [hero, general] });
    expect(coreLeadership(t, unit(t, "a"))).toMatchObject({ base: 9, value: 9, leadersNear: ["g"] });
  });

  it("CORE-BSB-1: only the battle standard bearer offers the re-roll; a General or hero within 12\" does not", () => {
    const hero = presets.coreCharacter({ kind: "hero", id: "h", side: "fr", at: { x: 36, y: 18 } });
    const general = presets.coreCharacter({ kind: "general", id: "g", side: "fr", at: { x: 40, y: 18 } });
    const s = coreBattle(units, { characters: [hero, general] });
    expect(battleStandardNear(s, unit(s, "a"))).toBeNull();
    const bsb = presets.coreCharacter({ kind: "battleStandard", id: "bsb", side: "fr", at: { x: 36, y: 18 } });
    const t = coreBattle(units, { characters: [hero, bsb] });
    expect(battleStandardNear(t, unit(t, "a"))?.id).toBe("bsb");
  });
});

describe("CORE setup limits (mutation-found cases)", () => {
  it("CORE-MOVE-1 / WHN-DET / WHN-FIRE: a CORE battle has no detachments and no fires; a WHN one may", () => {
    const s = coreBattle([foot("a", "fr", { position: { x: 36, y: 10 } }), foot("b", "gb", { position: { x: 36, y: 40 }, facing: 270 })]);
    const odd = { ...s, units: { ...s.units, b: { ...unit(s, "b"), detachmentOf: "a" } }, fires: [{} as never] } as BattleState;
    expect(coreSetupIssues(odd, ["a", "b"], [])).toEqual([
      { path: ["units", 1, "detachmentOf"], message: "the CORE rules have no detachments (WHN-DET)", code: "not_in_core" },
      { path: ["fires"], message: "the CORE rules have no fires (WHN-FIRE)", code: "not_in_core" },
    ]);
    expect(coreSetupIssues({ ...odd, ruleset: "whn" }, ["a", "b"], [])).toEqual([]);
  });
});
