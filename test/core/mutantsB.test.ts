/**
 * CORE setup and formation checks pinned case by case: each case below was written against a mutant
 * that the seed-2 sampled mutation run (#17, docs/guides/trust.md "Mutation score") left alive.
 */
import { describe, expect, it } from "vitest";
import { presets, type BattleState, type Unit } from "../../src/index.js";
import { coreFormationRefusal } from "../../src/rules/core/formations.js";
import { coreSetupIssues } from "../../src/rules/core/setup.js";
import { coreBattle, foot } from "./fixtures.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const base = (): BattleState => coreBattle([foot("a", "fr", { position: { x: 36, y: 10 } }), foot("b", "gb", { position: { x: 36, y: 40 }, facing: 270 })]);
const withUnits = (s: BattleState, ...us: Unit[]): BattleState => ({ ...s, units: { ...s.units, ...Object.fromEntries(us.map((u) => [u.id, u])) } }) as BattleState;

describe("CORE setup issues (seed-2 mutation cases)", () => {
  it("CORE-MOVE-1: a WHN formation is named on the formation path with the refusal's reason in the message", () => {
    const s = base();
    const odd = withUnits(s, { ...unit(s, "b"), formation: "LINE" });
    expect(coreSetupIssues(odd, ["a", "b"], [])).toEqual([
      { path: ["units", 1, "formation"], message: "CORE units stand in blocks or skirmish (CORE-MOVE-1)", code: "not_in_core" },
    ]);
    expect(coreFormationRefusal(unit(odd, "b"), "LINE")).toEqual({ code: "movement/formation_not_allowed", rule: "CORE-MOVE-1", unit: "b", formation: "LINE", why: "CORE units stand in blocks or skirmish" });
  });

  it("CORE-MOVE-1: a gun in a CORE battle is named on the troopType path, not the formation", () => {
    const s = base();
    const odd = withUnits(s, { ...unit(s, "a"), troopType: "artillery" });
    expect(coreSetupIssues(odd, ["a", "b"], [])).toEqual([
      { path: ["units", 0, "troopType"], message: "the CORE rules have no artillery (CORE-MOVE-1)", code: "not_in_core" },
    ]);
  });

  it("WHN-DET-5: a unit merged into another (mergedInto alone) is refused in a CORE battle", () => {
    const s = base();
    const odd = withUnits(s, { ...unit(s, "b"), mergedInto: "a" as never });
    expect(coreSetupIssues(odd, ["a", "b"], [])).toEqual([
      { path: ["units", 1, "detachmentOf"], message: "the CORE rules have no detachments (WHN-DET)", code: "not_in_core" },
    ]);
  });

  it("CORE-BSB-1: a second battle standard of one side is named, with its side, on the second bearer only", () => {
    const bsb = presets.coreCharacter({ kind: "battleStandard", id: "bsb", side: "fr", at: { x: 30, y: 6 } });
    const other = presets.coreCharacter({ kind: "battleStandard", id: "bsc", side: "gb", at: { x: 30, y: 50 } });
    const s = coreBattle([foot("a", "fr", { position: { x: 36, y: 10 } }), foot("b", "gb", { position: { x: 36, y: 40 }, facing: 270 })], { characters: [bsb, other] });
    expect(coreSetupIssues(s, ["a", "b"], ["bsb", "bsc"])).toEqual([]);
    const two = { ...s, characters: { ...s.characters, bsd: { ...bsb, id: "bsd" } } } as BattleState;
    expect(coreSetupIssues(two, ["a", "b"], ["bsb", "bsc", "bsd"])).toEqual([
      { path: ["characters", 2, "battleStandard"], message: 'side "fr" has more than one battle standard (CORE-BSB-1)', code: "custom" },
    ]);
  });
});
