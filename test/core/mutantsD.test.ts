/**
 * Rule tests for the open survivors of the seed-3 60-mutant extension of src/rules/core
 * (docs/guides/trust.md, "Seed 3: combat, morale, WHN top level, core"): each fails with its mutant
 * applied to the source by hand.
 */
import { describe, expect, it } from "vitest";
import { loadState, presets, type BattleState, type Unit } from "../../src/index.js";
import { battleStandardNear } from "../../src/rules/core/leadership.js";
import { coreBattle, foot } from "./fixtures.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;

describe("seed-3 open survivor: core/leadership.ts:31 (characters taken in id order, not record order)", () => {
  it("CORE-BSB-1: with two bearers of one side in range (a state setup and loadState both refuse, core.oneBattleStandard), the one named is still the same whatever the order of the characters record", () => {
    const units = [foot("a", "fr", { position: { x: 36, y: 10 } }), foot("b", "gb", { position: { x: 36, y: 40 }, facing: 270 })];
    const zz = presets.coreCharacter({ kind: "battleStandard", id: "zz", side: "fr", at: { x: 36, y: 18 } });
    const s = coreBattle(units, { characters: [zz] });
    const first = s.characters["zz" as never]!;
    const second = { ...first, id: "aa", position: { x: 40, y: 18 } };
    const zFirst = { ...s, characters: { zz: first, aa: second } } as unknown as BattleState;
    const aFirst = { ...s, characters: { aa: second, zz: first } } as unknown as BattleState;
    expect(Object.keys(zFirst.characters)).toEqual(["zz", "aa"]);
    // Since the fifth session loadState refuses this state too; the function still answers the same for either record order.
    const loaded = loadState(JSON.stringify(zFirst));
    expect(loaded.ok ? null : loaded.error.issues.map((i) => i.invariant)).toContain("core.oneBattleStandard");
    expect(battleStandardNear(zFirst, unit(zFirst, "a"))?.id).toBe("aa");
    expect(battleStandardNear(aFirst, unit(aFirst, "a"))?.id).toBe("aa");
  });
});

describe("seed-3 open survivor: core/leadership.ts:22 (a character joined to the unit)", () => {
  it("CORE-BSB-1: a battle standard bearer joined to the unit itself offers it the Break test re-roll", () => {
    const units = [foot("a", "fr", { position: { x: 36, y: 10 } }), foot("b", "gb", { position: { x: 36, y: 40 }, facing: 270 })];
    const bsb = presets.coreCharacter({ kind: "battleStandard", id: "bsb", side: "fr", at: { x: 36, y: 10 } });
    const s = coreBattle(units, { characters: [{ ...bsb, joinedTo: "a" }] });
    expect(s.characters["bsb" as never]?.joinedTo).toBe("a");
    expect(battleStandardNear(s, unit(s, "a"))?.id).toBe("bsb");
  });
});
