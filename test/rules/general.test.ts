import { describe, expect, it } from "vitest";
import {
  createBattle,
  roller,
  rollToHit,
  scriptedDice,
  toHitChance,
  unitId,
  whn,
  presets,
} from "../../src/index.js";
import { battalion, smallBattle } from "../fixtures/setups.js";

const { panicThreshold, firingModels } = whn.shooting;
const { saveNeed, toWoundNeed } = whn.tables;

describe("general rules", () => {
  it("CORE-GEN-4: a natural 1 always fails to hit, to wound and to save", () => {
    // To hit: even a needed score of 1 or less counts as 2+.
    expect(toHitChance(0)).toBeCloseTo(5 / 6, 12);
    expect(rollToHit(roller(scriptedDice([1])), 0)).toBe(false);
    expect(rollToHit(roller(scriptedDice([2])), 0)).toBe(true);
    // To wound: S far above T still needs 2+; a save never drops below 2+.
    expect(toWoundNeed(10, 1)).toBe(2);
    expect(saveNeed({ equipment: { armour: "heavy", shield: true, barding: true }, mounted: true }, 3)).toBe(2);
  });

  it("CORE-GEN-5: fractions of models round down, thresholds compare casualties with X% of N", () => {
    // Half of a second rank of 7 is 3 (AMB-22).
    expect(firingModels({ formation: "LINE", ranks: [7, 7], figures: 14, order: "GOOD", moved: false }).count).toBe(7 + 3);
    // 10 % of 15 models is 1.5: the second casualty reaches it.
    expect(panicThreshold("REGULAR", 15)).toBe(2);
    expect(panicThreshold("VETERAN", 10)).toBe(3);
  });

  it("CORE-GEN-6: a failed Leadership test is not re-rolled: it consumes exactly its two dice", () => {
    const dice = roller(scriptedDice([6, 6, 1, 1]));
    const t = whn.leadership.leadershipTest(dice, 7);
    expect(t).toMatchObject({ total: 12, passed: false });
    expect(dice.draws).toBe(2);
  });

  it("WHN-QUAL-1: quality sets the Panic threshold from shooting: raw any casualty, regular 10 %, veteran 25 %", () => {
    expect([panicThreshold("RAW", 20), panicThreshold("REGULAR", 20), panicThreshold("VETERAN", 20)]).toEqual([1, 2, 5]);
    expect([panicThreshold("REGULAR", 5), panicThreshold("VETERAN", 4)]).toEqual([1, 1]);
  });

  it("WHN-GEN-1 / WHN-GEN-2: WHN replaces CORE where they disagree: the 25 % shooting trigger becomes 10 % for regulars", () => {
    // CORE-PANIC-8 would test a 20-model unit at 5 casualties; WHN-PANIC-2 tests a regular at 2.
    expect(panicThreshold("REGULAR", 20)).toBe(2);
    expect(panicThreshold("REGULAR", 20)).toBeLessThan(Math.ceil(0.25 * 20));
  });

  it("WHN-GEN-2: a good unit that fails a Panic test is disordered, not put to flight (CORE-PANIC-1 replaced by WHN-PANIC-3)", () => {
    const r = createBattle(smallBattle());
    if (!r.ok) throw new Error("fixture");
    // The morale module is driven directly, as the shooting phase does; the unit rolls 6 and 6.
    const dice = roller(scriptedDice([6, 6]));
    const events: string[] = [];
    const ctx = { dice, options: r.value.options, emit: (t: string) => void events.push(t) };
    const res = whn.morale.panicTest(r.value, unitId("fr-1"), ctx, { rule: "WHN-PANIC-2" });
    expect(res.result).toBe("disordered");
    expect(res.state.units[unitId("fr-1")]?.order).toBe("DISORDERED");
    expect(events).toContain("unit/disordered");
  });

  it("WHN-GEN-4: victory points and psychology other than Panic are not part of a unit: such fields are refused", () => {
    const r = createBattle(smallBattle({ units: [{ ...battalion("fr-1", "fr"), frenzy: true } as never] }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.issues.map((i) => i.path)).toContainEqual(["units", 0]);
  });

  it("WHN-PROF-2: line troops carry muskets with bayonets; cavalry sabres or lances", () => {
    const inf = presets.infantryBattalion({ nation: "french", side: "fr", id: "i", at: { x: 10, y: 10 } });
    expect(inf.equipment).toMatchObject({ missile: "musket", melee: "musketBayonet" });
    const hus = presets.cavalryRegiment({ nation: "french", side: "fr", id: "h", at: { x: 10, y: 10 } });
    const lan = presets.cavalryRegiment({ nation: "french", side: "fr", id: "l", kind: "lancers", at: { x: 10, y: 10 } });
    expect(hus.equipment?.melee).toBe("sabre");
    expect(lan.equipment?.melee).toBe("lance");
  });
});
