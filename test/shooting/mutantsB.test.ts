// Rule tests that kill the shooting mutants left alive by the seed-2 sampled mutation run (#17).
// Each case fails under the mutant named in its comment (checked by applying it by hand).
import { describe, expect, it } from "vitest";
import { play, unit, character, event, fire, shootingBattle, shooterSetup, targetSetup, battalion, leader, duel, SKIRMISHERS } from "../fixtures/shooting.js";
import { applyUnknown as apply, type BattleState, type UnitSetup } from "../../src/index.js";
import { toHitScore } from "../../src/rules/whn/shooting/modifiers.js";
import { allocateVolley } from "../../src/rules/whn/shooting/allocation.js";

describe("shooting mutants (seed 2)", () => {
  // resolve.ts: `s.characterScores ?? s.scores` → `&&` wounds the picked-out character with his unit's scores.
  it("CORE-LOS-2: a hit that the look-out roll gives to the joined character is wounded against his own Toughness, not his unit's", () => {
    const tough = { M: 4, WS: 4, BS: 4, S: 3, T: 5, W: 2, I: 4, A: 2, Ld: 8 };
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10)], {
      characters: [leader("ney", "gb", { joinedTo: "gb-1", position: { x: 36, y: 20 }, facing: 270, profile: tough })],
    });
    // 6 shots need 5: hits on 6, 6; look-out rolls 1 (him) and 3 (the unit); wound rolls 5 (him: S3 v T5 needs 6) and 6 (the unit).
    const r = play(s, fire("fr-1", "ney"), [6, 6, 1, 1, 1, 1, 1, 3, 5, 6, 2, 2]);
    const wounds = r.events.filter((e) => e.type === "shooting/wounds");
    expect(wounds.find((e) => e["character"] === "ney")).toMatchObject({ hits: 1, need: 6, wounds: 0 });
    expect(wounds.find((e) => e["unit"] === "gb-1")).toMatchObject({ hits: 1, need: 4, wounds: 1 });
    expect(character(r.state, "ney").woundsTaken).toBe(0);
    expect(unit(r.state, "gb-1").figures).toBe(9);
  });

  // situation.ts: `c.side !== s.side` → `true` counts the shooter's own lone characters as enemies nearer than the target.
  it("CORE-LOS-1: a friendly lone character nearer than the enemy lone character does not stop the shot", () => {
    const wel = leader("wel", "gb", { position: { x: 36, y: 18 }, facing: 270 });
    const own = leader("lannes", "fr", { position: { x: 40, y: 13 }, facing: 90 });
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(12)], { characters: [wel, own] });
    // As in the lone-character case: need 5, hits 5 and 6, wounds 4 and 4 slay his W2.
    const r = play(s, fire("fr-1", "wel"), [5, 6, 1, 1, 1, 1, 4, 4]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ target: "wel", need: 5 });
    expect(character(r.state, "wel").removed).toMatchObject({ reason: "destroyed" });
  });
});

describe("screening units (HR-COVER-3)", () => {
  // situation.ts: the id tie-break `a.u.id < b.u.id` → `true` sends the redirected hits to the later id.
  it("HR-COVER-3: of two screening units equally near the shooter, the lower id takes the redirected hits, whichever side it stands", () => {
    const w = 20 / 25.4;
    for (const [left, right] of [["gb-2", "gb-3"], ["gb-3", "gb-2"]] as const) {
      const screen = (id: string, x: number) => battalion(id, "gb", { figures: 2, files: 2, light: true, formation: "LINE", position: { x, y: 14 }, facing: 270, command: {} });
      const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10), screen(left, 36 - w), screen(right, 36 + w)], { options: { hr: { cover: true } } });
      // 6 shots: n1 = 7 (hard cover of the screens), n0 = 5; six 5s all land on the screen; wounds 4, 4, 1, 1, 1, 1.
      const r = play(s, fire("fr-1", "gb-1"), [5, 5, 5, 5, 5, 5, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
      expect(event(r.events, "shooting/hits")).toMatchObject({ hits: 0, screenHits: 6 });
      expect(event(r.events, "shooting/wounds")).toMatchObject({ unit: "gb-2", hits: 6, wounds: 2 });
      expect(event(r.events, "unit/destroyed")).toMatchObject({ unit: "gb-2" });
      expect(unit(r.state, "gb-2").figures).toBe(0);
      expect(unit(r.state, "gb-3").figures).toBe(2);
    }
  });
});

describe("volley mutants (seed 2)", () => {
  const BOWS = { equipment: { missile: "bow" as const, melee: "handWeapon" as const } };
  const foot = (id: string, x: number, y: number, over: Partial<UnitSetup> = {}) =>
    battalion(id, "gb", { figures: 10, files: 5, formation: "LINE", position: { x, y }, facing: 270, command: {}, ...over });

  // template.ts: `w > 0` → `true` reports saves for a unit that took no wound.
  it("CORE-SAVE-1 (HR-VOLLEY-9): a volley whose hits all fail to wound makes no save roll", () => {
    const s = shootingBattle([shooterSetup({ ...BOWS, figures: 20, files: 10 }), foot("gb-1", 36, 26)], { options: { hr: { volley: true } } });
    const r = play(s, { type: "shooting/volley", shooter: "fr-1", aim: { x: 36, y: 26.8 } }, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    // Placement 6 hits; 10 rolls at need 5 all hit; 10 wound rolls at need 4 all fail.
    expect(event(r.events, "shooting/hits")).toMatchObject({ unit: "gb-1", rolls: 10, hits: 10 });
    expect(event(r.events, "shooting/wounds")).toMatchObject({ unit: "gb-1", hits: 10, wounds: 0 });
    expect(r.events.filter((e) => e.type === "shooting/saves")).toEqual([]);
    expect(unit(r.state, "gb-1").figures).toBe(10);
  });
});

describe("more shooting mutants (seed 2, second pass)", () => {
  // modifiers.ts: the key "hardCover" → "" (the fired event names each modifier).
  it("WHN-SHOOT-5: hard cover is reported as the hardCover modifier, −2; soft cover as softCover, −1", () => {
    const base = { bs: 3, bsPenalty: false, band: "close", moved: false, standAndShoot: false, targetFormation: "LINE", veteranLights: false, mounted: false, initialVolley: false, loneCharacter: false } as const;
    expect(toHitScore({ ...base, cover: "hard" }).modifiers).toEqual([{ key: "hardCover", value: -2, rule: "WHN-SHOOT-5" }]);
    expect(toHitScore({ ...base, cover: "soft" }).modifiers).toEqual([{ key: "softCover", value: -1, rule: "WHN-SHOOT-5" }]);
  });

  // casualtyChoice.ts: the cause `{ kind: "missile" }` → `{}` when the owner's picked losses are shared with a merged detachment.
  it("WHN-FORM-8 / WHN-DET-5: casualties the owner picks are shared with a merged detachment as missile casualties", () => {
    const s = duel(8, { initialVolleyUsed: true }, SKIRMISHERS as never, { options: { core: { ownerChoices: "ask" } } });
    // 6 shots need 6: 3 hit; 2 wound; no save: the owner is asked for 2 models.
    const asked = play(s, fire("fr-1", "gb-1"), [6, 6, 6, 1, 1, 1, 6, 6, 1, 1, 1]);
    const g = unit(asked.state, "gb-1");
    const det = { ...g, id: "gb-d", name: "gb-d detachment", figures: 2, files: 2, models: undefined, mergedInto: g.id } as unknown as typeof g;
    const merged = { ...asked.state, units: { ...asked.state.units, ["gb-d"]: det } } as BattleState;
    const r = apply(merged, { type: "casualties/choose", unit: "gb-1", models: [0, 1] });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(event(r.events, "unit/casualties")).toMatchObject({ unit: "gb-1", removed: 2, chosen: [0, 1], rule: "WHN-FORM-8" });
    expect(event(r.events, "unit/combinedCasualties")).toMatchObject({ unit: "gb-1", cause: "missile", removed: 2 });
  });

  // allocation.ts: the remainder order `b.r - a.r || a.i - b.i` → `false` hands the spare roll out in hand-out order instead.
  it("HR-VOLLEY-6: proportionally, a spare roll goes to the largest remainder even when that unit comes later in the hand-out order", () => {
    // 4 rolls on 7 + 2 models: shares 3.11 and 0.89; the spare goes to the 2-model unit.
    expect(allocateVolley(4, [{ id: "A", models: 7, distance: 0 }, { id: "B", models: 2, distance: 1 }], "proportional")).toEqual([
      { id: "A", rolls: 3 },
      { id: "B", rolls: 1 },
    ]);
    // Equal remainders: hand-out order (most models first) breaks the tie.
    expect(allocateVolley(3, [{ id: "B", models: 3, distance: 0 }, { id: "A", models: 3, distance: 0 }], "proportional")).toEqual([
      { id: "A", rolls: 2 },
      { id: "B", rolls: 1 },
    ]);
  });
});
