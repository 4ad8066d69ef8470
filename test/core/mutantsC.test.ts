/**
 * CORE rule cases written against the surviving mutants of the seed-3 sampled mutation run of
 * src/rules/core (#17, docs/guides/trust.md "Seed 3"): each fails with its mutant applied.
 */
import { describe, expect, it } from "vitest";
import { presets, type BattleState, type Unit } from "../../src/index.js";
import { coreFormationRefusal } from "../../src/rules/core/formations.js";
import { coreLeadership } from "../../src/rules/core/leadership.js";
import { coreSetupIssues } from "../../src/rules/core/setup.js";
import { coreBattle, foot } from "./fixtures.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const LD6 = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 6 };

describe("CORE seed-3 mutation cases", () => {
  it("CORE-MOVE-1: only light troops skirmish; the refusal names the rule", () => {
    const s = coreBattle([foot("a", "fr", { position: { x: 36, y: 10 } }), foot("b", "gb", { position: { x: 36, y: 40 }, facing: 270 })]);
    expect(coreFormationRefusal(unit(s, "a"), "OPEN_ORDER")).toEqual({ code: "movement/formation_not_allowed", rule: "CORE-MOVE-1", unit: "a", formation: "OPEN_ORDER", why: "only light troops skirmish" });
    expect(coreFormationRefusal({ ...unit(s, "a"), light: true }, "OPEN_ORDER")).toBeNull();
  });

  it("CORE-SHOOT-7: a musket in a CORE battle is an issue on the missile path with the not_in_core code", () => {
    const s = coreBattle([foot("a", "fr", { position: { x: 36, y: 10 } }), foot("b", "gb", { position: { x: 36, y: 40 }, facing: 270 })]);
    const a = unit(s, "a");
    const odd = { ...s, units: { ...s.units, a: { ...a, equipment: { ...a.equipment, missile: "musket" } } } } as BattleState;
    expect(coreSetupIssues(odd, ["a", "b"], [])).toEqual([{ path: ["units", 0, "equipment", "missile"], message: "musket: the CORE rules have no firearms (CORE-SHOOT-7)", code: "not_in_core" }]);
  });

  it("CORE-CHAR-4: a unit uses the best Leadership among itself and its joined characters (a hero's Ld 9 over the unit's Ld 6)", () => {
    const hero = { ...presets.coreCharacter({ kind: "hero", id: "h", side: "fr", at: { x: 36, y: 10 } }), joinedTo: "a" };
    const s = coreBattle([foot("a", "fr", { position: { x: 36, y: 10 }, profile: LD6 }), foot("b", "gb", { position: { x: 36, y: 44 }, facing: 270, profile: LD6 })], { characters: [hero] });
    expect(s.characters["h" as never]!.joinedTo).toBe("a");
    expect(s.characters["h" as never]!.profile.Ld).toBeGreaterThan(6);
    expect(coreLeadership(s, unit(s, "a"))).toMatchObject({ base: s.characters["h" as never]!.profile.Ld, leadersNear: [] });
  });
});
