/**
 * The plain tables of shooting, asserted whole: weapon bands and strength (weapons.ts), the to-hit
 * modifiers under WHN and the core rules (modifiers.ts), who fires (firers.ts) and the Panic
 * threshold (panic.ts). Every limit from both sides, every modifier alone and together.
 */
import { describe, expect, it } from "vitest";
import { WEAPONS, weaponStats, maxRange, rangeBand, hitStrength, BAND_MODIFIER } from "../../src/rules/whn/shooting/weapons.js";
import { toHitScore, isVeteranLights, type ToHitInput } from "../../src/rules/whn/shooting/modifiers.js";
import { firingModels, squareFaceFirers } from "../../src/rules/whn/shooting/firers.js";
import { panicThreshold } from "../../src/rules/whn/shooting/panic.js";
import type { RulesOptions } from "../../src/state/options.js";

const opts = (carbineLongRange: 9 | 12) => ({ whn: { carbineLongRange } }) as unknown as RulesOptions;

const plain: ToHitInput = {
  bs: 3, bsPenalty: false, band: "close", cover: "none", moved: false, standAndShoot: false, targetFormation: "LINE",
  veteranLights: false, mounted: false, initialVolley: false, loneCharacter: false,
};

describe("weapons (WHN-SHOOT-2, WHN-SHOOT-3, CORE-SHOOT-7)", () => {
  it("WHN-SHOOT-2: the weapon table, whole", () => {
    expect(WEAPONS).toEqual({
      rifle: { close: 12, long: 24, extreme: 36, strength: 3, coverKind: "firearms", firearm: true, bow: false },
      musket: { close: 8, long: 12, extreme: 24, strength: 3, coverKind: "firearms", firearm: true, bow: false },
      carbine: { close: 6, long: 9, extreme: 18, strength: 3, coverKind: "firearms", firearm: true, bow: false },
      pistol: { close: 1, long: 2, extreme: 4, strength: 3, coverKind: "firearms", firearm: true, bow: false },
      shortBow: { close: 8, long: 16, extreme: null, strength: 3, coverKind: "bows", firearm: false, bow: true },
      bow: { close: 12, long: 24, extreme: null, strength: 3, coverKind: "bows", firearm: false, bow: true },
      compositeBow: { close: 12, long: 24, extreme: null, strength: 3, coverKind: "bows", firearm: false, bow: true },
      longbow: { close: 15, long: 30, extreme: null, strength: 3, coverKind: "bows", firearm: false, bow: true },
      crossbow: { close: 15, long: 30, extreme: null, strength: 4, coverKind: "crossbows", firearm: false, bow: false },
      sling: { close: 9, long: 18, extreme: null, strength: 3, coverKind: "slings", firearm: false, bow: false },
      javelin: { close: 4, long: 8, extreme: null, strength: null, coverKind: "thrown", firearm: false, bow: false },
    });
    expect(BAND_MODIFIER).toEqual({ close: 0, long: -1, extreme: -2 });
  });

  it("WHN-SHOOT-2: the carbine's long band follows the option; other weapons are the table's own object", () => {
    expect(weaponStats("carbine", opts(12))).toEqual({ ...WEAPONS.carbine, long: 12 });
    expect(weaponStats("carbine", opts(9))).toEqual(WEAPONS.carbine);
    expect(weaponStats("musket", opts(12))).toBe(WEAPONS.musket);
    expect(weaponStats("rifle", opts(12))).toEqual(WEAPONS.rifle);
  });

  it("WHN-SHOOT-3: the maximum is the extreme band, or the long band without one", () => {
    expect(maxRange(WEAPONS.musket)).toBe(24);
    expect(maxRange(WEAPONS.bow)).toBe(24);
    expect(maxRange(WEAPONS.longbow)).toBe(30);
    expect(maxRange(WEAPONS.javelin)).toBe(8);
  });

  it("WHN-SHOOT-3: each band's limit from both sides, with the 0.001\" tolerance", () => {
    const m = WEAPONS.musket;
    expect(rangeBand(m, 0)).toBe("close");
    expect(rangeBand(m, 8)).toBe("close");
    expect(rangeBand(m, 8.0009)).toBe("close");
    expect(rangeBand(m, 8.002)).toBe("long");
    expect(rangeBand(m, 12.001)).toBe("long");
    expect(rangeBand(m, 12.01)).toBe("extreme");
    expect(rangeBand(m, 24)).toBe("extreme");
    expect(rangeBand(m, 24.01)).toBeNull();
    expect(rangeBand(m, 24.01, 0.02)).toBe("extreme");
    expect(rangeBand(m, 8.01, 0.02)).toBe("close");
    const b = WEAPONS.bow;
    expect(rangeBand(b, 12)).toBe("close");
    expect(rangeBand(b, 24)).toBe("long");
    expect(rangeBand(b, 24.01)).toBeNull();
  });

  it("CORE-SHOOT-7: a javelin hits with the thrower's Strength, other weapons with their own", () => {
    expect(hitStrength(WEAPONS.javelin, 5)).toBe(5);
    expect(hitStrength(WEAPONS.crossbow, 2)).toBe(4);
    expect(hitStrength(WEAPONS.musket, 6)).toBe(3);
  });
});

describe("to-hit score, WHN (WHN-SHOOT-4, WHN-SHOOT-5)", () => {
  it("WHN-SHOOT-4: BS 3 at close range, nothing else: 4+, no modifiers", () => {
    expect(toHitScore(plain)).toEqual({ bs: 3, need: 4, modifiers: [] });
  });

  it("WHN-SHOOT-12: the BS penalty lowers BS by one, clamped at 1 and 10", () => {
    expect(toHitScore({ ...plain, bsPenalty: true })).toEqual({ bs: 2, need: 5, modifiers: [] });
    expect(toHitScore({ ...plain, bs: 1, bsPenalty: true })).toEqual({ bs: 1, need: 6, modifiers: [] });
    expect(toHitScore({ ...plain, bs: 12 })).toEqual({ bs: 10, need: -3, modifiers: [] });
  });

  it("WHN-SHOOT-5: every modifier alone, with its key, value and rule", () => {
    const one = (over: Partial<ToHitInput>) => toHitScore({ ...plain, ...over });
    expect(one({ cover: "soft" })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "softCover", value: -1, rule: "WHN-SHOOT-5" }] });
    expect(one({ cover: "hard" })).toEqual({ bs: 3, need: 6, modifiers: [{ key: "hardCover", value: -2, rule: "WHN-SHOOT-5" }] });
    expect(one({ band: "long" })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "longRange", value: -1, rule: "WHN-SHOOT-3" }] });
    expect(one({ band: "extreme" })).toEqual({ bs: 3, need: 6, modifiers: [{ key: "extremeRange", value: -2, rule: "WHN-SHOOT-3" }] });
    expect(one({ band: null })).toEqual({ bs: 3, need: 4, modifiers: [] });
    expect(one({ band: "extreme", fixedRange: -1 })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "range", value: -1, rule: "HR-VOLLEY-3" }] });
    expect(one({ fixedRange: 0 })).toEqual({ bs: 3, need: 4, modifiers: [] });
    expect(one({ moved: true })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "moved", value: -1, rule: "WHN-SHOOT-8" }] });
    expect(one({ standAndShoot: true })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "standAndShoot", value: -1, rule: "CORE-CHRG-3" }] });
    expect(one({ targetFormation: "OPEN_ORDER" })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "targetOpenOrder", value: -1, rule: "WHN-SHOOT-5" }] });
    expect(one({ targetFormation: "EXTENDED_ORDER" })).toEqual({ bs: 3, need: 6, modifiers: [{ key: "targetExtendedOrder", value: -2, rule: "WHN-SHOOT-5" }] });
    expect(one({ mounted: true })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "mounted", value: -1, rule: "WHN-SHOOT-5" }] });
    expect(one({ initialVolley: true })).toEqual({ bs: 3, need: 2, modifiers: [{ key: "initialVolley", value: 2, rule: "WHN-SHOOT-6" }] });
    expect(one({ loneCharacter: true })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "loneCharacter", value: -1, rule: "CORE-LOS-1" }] });
  });

  it("WHN-SHOOT-7: veteran lights +1 only against a skirmishing target", () => {
    expect(toHitScore({ ...plain, veteranLights: true })).toEqual({ bs: 3, need: 4, modifiers: [] });
    expect(toHitScore({ ...plain, veteranLights: true, targetFormation: null })).toEqual({ bs: 3, need: 4, modifiers: [] });
    expect(toHitScore({ ...plain, veteranLights: true, targetFormation: "OPEN_ORDER" })).toEqual({
      bs: 3,
      need: 4,
      modifiers: [
        { key: "targetOpenOrder", value: -1, rule: "WHN-SHOOT-5" },
        { key: "veteranLights", value: 1, rule: "WHN-SHOOT-7" },
      ],
    });
    expect(toHitScore({ ...plain, veteranLights: false, targetFormation: "EXTENDED_ORDER" }).need).toBe(6);
    expect(toHitScore({ ...plain, veteranLights: true, targetFormation: "EXTENDED_ORDER" }).need).toBe(5);
  });

  it("WHN-SHOOT-5: every modifier together sums, in the table's order", () => {
    const all = toHitScore({
      bs: 4, bsPenalty: true, band: "extreme", cover: "hard", moved: true, standAndShoot: true, targetFormation: "EXTENDED_ORDER",
      veteranLights: true, mounted: true, initialVolley: true, loneCharacter: true, core: false,
    });
    expect(all.modifiers.map((m) => m.key)).toEqual([
      "hardCover", "extremeRange", "moved", "standAndShoot", "targetExtendedOrder", "veteranLights", "mounted", "initialVolley", "loneCharacter",
    ]);
    // 7 − 3 − (−2 −2 −1 −1 −2 +1 −1 +2 −1) = 4 + 7
    expect(all).toMatchObject({ bs: 3, need: 11 });
  });

  it("WHN-SHOOT-7: veteran lights are VETERAN and light, skirmishing unless the option lifts that", () => {
    expect(isVeteranLights("VETERAN", true, "OPEN_ORDER", false)).toBe(true);
    expect(isVeteranLights("VETERAN", true, "EXTENDED_ORDER", false)).toBe(true);
    expect(isVeteranLights("VETERAN", true, "LINE", false)).toBe(false);
    expect(isVeteranLights("VETERAN", true, "LINE", true)).toBe(true);
    expect(isVeteranLights("VETERAN", false, "OPEN_ORDER", true)).toBe(false);
    expect(isVeteranLights("REGULAR", true, "OPEN_ORDER", true)).toBe(false);
  });
});

describe("to-hit score, core rules (CORE-SHOOT-3, CORE-SHOOT-4)", () => {
  const core = (over: Partial<ToHitInput>) => toHitScore({ ...plain, core: true, ...over });
  it("CORE-SHOOT-4: each modifier alone, with the core rule ids", () => {
    expect(core({})).toEqual({ bs: 3, need: 4, modifiers: [] });
    expect(core({ bsPenalty: true })).toEqual({ bs: 2, need: 5, modifiers: [] });
    expect(core({ cover: "soft" })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "softCover", value: -1, rule: "CORE-SHOOT-4" }] });
    expect(core({ cover: "hard" })).toEqual({ bs: 3, need: 6, modifiers: [{ key: "hardCover", value: -2, rule: "CORE-SHOOT-4" }] });
    expect(core({ band: "long" })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "longRange", value: -1, rule: "CORE-SHOOT-4" }] });
    expect(core({ band: "extreme" })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "longRange", value: -1, rule: "CORE-SHOOT-4" }] });
    expect(core({ band: null })).toEqual({ bs: 3, need: 4, modifiers: [] });
    expect(core({ band: "long", fixedRange: -2 })).toEqual({ bs: 3, need: 6, modifiers: [{ key: "range", value: -2, rule: "HR-VOLLEY-3" }] });
    expect(core({ moved: true })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "moved", value: -1, rule: "CORE-SHOOT-4" }] });
    expect(core({ standAndShoot: true })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "standAndShoot", value: -1, rule: "CORE-CHRG-3" }] });
    expect(core({ targetFormation: "OPEN_ORDER" })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "targetSkirmishing", value: -1, rule: "CORE-SHOOT-4" }] });
    expect(core({ targetFormation: "EXTENDED_ORDER" })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "targetSkirmishing", value: -1, rule: "CORE-SHOOT-4" }] });
    expect(core({ targetFormation: null })).toEqual({ bs: 3, need: 4, modifiers: [] });
    expect(core({ loneCharacter: true })).toEqual({ bs: 3, need: 5, modifiers: [{ key: "loneCharacter", value: -1, rule: "CORE-LOS-1" }] });
  });

  it("CORE-SHOOT-4: the WHN-only modifiers do not apply", () => {
    expect(core({ mounted: true, initialVolley: true, veteranLights: true, targetFormation: "LINE" })).toEqual({ bs: 3, need: 4, modifiers: [] });
  });
});

describe("who fires (WHN-SHOOT-9, WHN-SHOOT-10, WHN-SHOOT-11, HR-HILL-1, CORE-SHOOT-2)", () => {
  const base = { figures: 12, ranks: [6, 5, 1], order: "GOOD", moved: false } as const;
  it("WHN-SHOOT-9: a stationary line or attack column fires its front rank and half its second, rounded down", () => {
    expect(firingModels({ ...base, formation: "LINE" })).toEqual({ count: 8, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...base, formation: "ATTACK_COLUMN" })).toEqual({ count: 8, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...base, formation: "LINE", moved: true })).toEqual({ count: 6, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...base, formation: "MARCH_COLUMN" })).toEqual({ count: 6, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...base, formation: "LINE", ranks: [4] })).toEqual({ count: 4, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...base, formation: "LINE", ranks: [] })).toEqual({ count: 0, rule: "WHN-SHOOT-9" });
  });

  it("WHN-SHOOT-10: a square fires a quarter of its models per face, rounded down", () => {
    expect(firingModels({ ...base, formation: "SQUARE", figures: 15 })).toEqual({ count: 3, rule: "WHN-SHOOT-10" });
    expect(firingModels({ ...base, formation: "SQUARE", figures: 16, order: "DISORDERED" })).toEqual({ count: 4, rule: "WHN-SHOOT-10" });
    expect(squareFaceFirers(7)).toBe(1);
    expect(squareFaceFirers(8)).toBe(2);
  });

  it("WHN-SHOOT-9: skirmishers fire all; disordered open order its front rank only (WHN-SHOOT-11)", () => {
    expect(firingModels({ ...base, formation: "EXTENDED_ORDER", order: "DISORDERED" })).toEqual({ count: 12, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...base, formation: "OPEN_ORDER" })).toEqual({ count: 12, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...base, formation: "OPEN_ORDER", order: "DISORDERED" })).toEqual({ count: 6, rule: "WHN-SHOOT-11" });
  });

  it("WHN-SHOOT-11: a disordered formed unit fires its front rank only, even on a hill", () => {
    expect(firingModels({ ...base, formation: "LINE", order: "DISORDERED", onHillTwoRanks: true })).toEqual({ count: 6, rule: "WHN-SHOOT-11" });
  });

  it("HR-HILL-1: on a hill the first two ranks fire in full, moved or not", () => {
    expect(firingModels({ ...base, formation: "LINE", onHillTwoRanks: true, moved: true })).toEqual({ count: 11, rule: "HR-HILL-1" });
    expect(firingModels({ ...base, formation: "BLOCK", onHillTwoRanks: true })).toEqual({ count: 11, rule: "HR-HILL-1" });
    expect(firingModels({ ...base, formation: "LINE", onHillTwoRanks: false })).toEqual({ count: 8, rule: "WHN-SHOOT-9" });
  });

  it("CORE-SHOOT-2: a block fires its front rank", () => {
    expect(firingModels({ ...base, formation: "BLOCK" })).toEqual({ count: 6, rule: "CORE-SHOOT-2" });
  });

  it("WHN-SHOOT-9: a unit with no models fires none", () => {
    expect(firingModels({ ...base, formation: "SQUARE", figures: 0 })).toEqual({ count: 0, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...base, formation: "EXTENDED_ORDER", figures: 0 })).toEqual({ count: 0, rule: "WHN-SHOOT-9" });
  });
});

describe("Panic threshold (WHN-PANIC-2)", () => {
  it("WHN-PANIC-2: RAW any casualty, REGULAR a tenth, VETERAN a quarter, rounded up, at least one", () => {
    expect(panicThreshold("RAW", 40)).toBe(1);
    expect(panicThreshold("REGULAR", 20)).toBe(2);
    expect(panicThreshold("REGULAR", 21)).toBe(3);
    expect(panicThreshold("REGULAR", 0)).toBe(1);
    expect(panicThreshold("VETERAN", 12)).toBe(3);
    expect(panicThreshold("VETERAN", 13)).toBe(4);
    expect(panicThreshold("VETERAN", 0)).toBe(1);
  });
});
