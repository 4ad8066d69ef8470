import { describe, expect, it } from "vitest";
import { duel, play, unit, event, fire, patchUnit, shootingBattle, shooterSetup, targetSetup, regiment } from "../fixtures/shooting.js";
import { battalion } from "../fixtures/setups.js";


describe("who fires (WHN-SHOOT-9, WHN-SHOOT-11, CORE-SHOOT-2)", () => {
  it("WHN-SHOOT-9: a stationary LINE fires its front rank and half its second rank; WHN-SHOOT-1: one shot each", () => {
    // 8 models in 4 files: 4 + 2 = 6 shots at 10" (long, need 5).
    const r = play(duel(10), fire("fr-1", "gb-1"), [6, 5, 4, 3, 2, 1, 4, 4, 1, 6]);
    const e = event(r.events, "shooting/fired");
    expect(e["firers"]).toBe(6);
    expect(e["firersRule"]).toBe("WHN-SHOOT-9");
    expect(event(r.events, "shooting/hits")["hits"]).toBe(2);
  });

  it("WHN-SHOOT-9: a LINE that moved fires its front rank only, and AMB-22 rounds half a rank down", () => {
    const moved = patchUnit(duel(10), "fr-1", { flags: { ...unit(duel(10), "fr-1").flags, moved: true } });
    const r = play(moved, fire("fr-1", "gb-1"), [1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")["firers"]).toBe(4);
    // 7 models in 4 files: 4 + floor(3/2) = 5.
    const odd = play(duel(10, { figures: 7 }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1]);
    expect(event(odd.events, "shooting/fired")["firers"]).toBe(5);
  });

  it("WHN-SHOOT-9: MARCH_COLUMN and cavalry fire the front rank only; skirmishers fire with every model", () => {
    const mc = play(duel(10, { formation: "MARCH_COLUMN", files: 2 }), fire("fr-1", "gb-1"), [1, 1]);
    expect(event(mc.events, "shooting/fired")["firers"]).toBe(2);
    const cav = shootingBattle([regiment("fr-1", "fr", { equipment: { missile: "carbine", melee: "sabre" }, figures: 6, startingFigures: 12, files: 3, formation: "CAV_COLUMN", position: { x: 36, y: 10 }, facing: 90 }), targetSetup(5)]);
    const rc = play(cav, fire("fr-1", "gb-1"), [1, 1, 1]);
    expect(event(rc.events, "shooting/fired")["firers"]).toBe(3);
    const oo = play(duel(10, { formation: "OPEN_ORDER", light: true, files: 4 }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(event(oo.events, "shooting/fired")["firers"]).toBe(8);
  });

  it("WHN-SHOOT-11: a DISORDERED unit fires with its front rank only", () => {
    const r = play(duel(10, { order: "DISORDERED" }), fire("fr-1", "gb-1"), [1, 1, 1, 1]);
    const e = event(r.events, "shooting/fired");
    expect(e["firers"]).toBe(4);
    expect(e["firersRule"]).toBe("WHN-SHOOT-11");
  });

  it("CORE-SHOOT-2: a CORE block fires its front rank (WHN replaces this by WHN-SHOOT-9)", () => {
    const r = play(duel(10, { formation: "BLOCK" }), fire("fr-1", "gb-1"), [1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")["firersRule"]).toBe("CORE-SHOOT-2");
    expect(event(r.events, "shooting/fired")["firers"]).toBe(4);
  });
});

describe("range, to-hit and modifiers", () => {
  it("WHN-SHOOT-3: range bands by unit-to-unit range; CORE-GEO-13 one range for the whole unit", () => {
    const close = play(duel(8, { initialVolleyUsed: true }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(close.events, "shooting/fired")).toMatchObject({ band: "close", need: 4, range: 8 });
    const long = play(duel(12), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(long.events, "shooting/fired")).toMatchObject({ band: "long", need: 5 });
    const extreme = play(duel(24), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(extreme.events, "shooting/fired")).toMatchObject({ band: "extreme", need: 6 });
  });

  it("WHN-SHOOT-2: carbine bands are 6/9/18 by default; the option makes its long range 12 (AMB-18)", () => {
    const carb = { equipment: { missile: "carbine" as const, melee: "musketBayonet" as const } };
    const def = play(duel(10, carb), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(def.events, "shooting/fired")).toMatchObject({ band: "extreme", need: 6 });
    const opt = play(duel(10, carb, {}, { options: { whn: { carbineLongRange: 12 } } }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(opt.events, "shooting/fired")).toMatchObject({ band: "long", need: 5 });
  });

  it("WHN-SHOOT-4: the BS table (BS 1 → 6+, 5 → 2+) and CORE-SHOOT-3: 8+ is a 6 then a 5+", () => {
    const prof = (BS: number) => ({ profile: { M: 4, WS: 3, BS, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 6 }, initialVolleyUsed: true, figures: 2, files: 2, light: true });
    const bs5 = play(duel(6, prof(5)), fire("fr-1", "gb-1"), [2, 1, 1]);
    expect(event(bs5.events, "shooting/fired")["need"]).toBe(2);
    expect(event(bs5.events, "shooting/hits")["hits"]).toBe(1);
    // BS 1 at extreme range: 6 + 2 = 8 → a 6, then 5+ on the follow-up die, rolled right after it.
    const bs1 = play(duel(20, prof(1)), fire("fr-1", "gb-1"), [6, 5, 6, 4, 1]);
    expect(event(bs1.events, "shooting/fired")["need"]).toBe(8);
    expect(event(bs1.events, "shooting/hits")["hits"]).toBe(1);
  });

  it("WHN-SHOOT-5: target in OPEN_ORDER −1, EXTENDED_ORDER −2, shooter mounted −1 (CORE-SHOOT-4 is replaced)", () => {
    const oo = play(duel(8, { initialVolleyUsed: true }, { formation: "OPEN_ORDER", light: true }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(oo.events, "shooting/fired")["need"]).toBe(5);
    const eo = play(duel(8, { initialVolleyUsed: true }, { formation: "EXTENDED_ORDER", light: true, extendedOrderAllowed: true }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(eo.events, "shooting/fired")["need"]).toBe(6);
    const cav = shootingBattle([regiment("fr-1", "fr", { equipment: { missile: "carbine", melee: "sabre" }, figures: 2, files: 2, position: { x: 36, y: 10 }, facing: 90, initialVolleyUsed: true }), targetSetup(5)]);
    const rc = play(cav, fire("fr-1", "gb-1"), [1, 1]);
    expect(event(rc.events, "shooting/fired")).toMatchObject({ need: 5, modifiers: [{ key: "mounted", value: -1, rule: "WHN-SHOOT-5" }] });
  });

  it("WHN-SHOOT-6: the first shooting of the game at close range by formed troops gets +2, and any first shooting uses it up", () => {
    const r = play(duel(6), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")["need"]).toBe(2);
    expect(unit(r.state, "fr-1").initialVolleyUsed).toBe(true);
    const far = play(duel(10), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(far.events, "shooting/fired")["need"]).toBe(5);
    expect(unit(far.state, "fr-1").initialVolleyUsed).toBe(true);
    const skirm = play(duel(6, { formation: "OPEN_ORDER", light: true }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(event(skirm.events, "shooting/fired")["need"]).toBe(4);
  });

  it("WHN-SHOOT-7: veteran lights skirmishing get +1 against skirmishers; the option extends it to any formation", () => {
    const vet = { quality: "VETERAN" as const, light: true, formation: "OPEN_ORDER" as const, initialVolleyUsed: true };
    const r = play(duel(8, vet, { formation: "OPEN_ORDER", light: true }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")["need"]).toBe(4);
    const formedVet = { quality: "VETERAN" as const, light: true, initialVolleyUsed: true };
    const def = play(duel(8, formedVet, { formation: "OPEN_ORDER", light: true }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(def.events, "shooting/fired")["need"]).toBe(5);
    const opt = play(duel(8, formedVet, { formation: "OPEN_ORDER", light: true }, { options: { whn: { vetLightsBonusAnyFormation: true } } }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(opt.events, "shooting/fired")["need"]).toBe(4);
  });

  it("WHN-SHOOT-8: a unit that moved or changed formation (AMB-12) shoots at −1", () => {
    const s = duel(10);
    const changed = patchUnit(s, "fr-1", { flags: { ...unit(s, "fr-1").flags, formationChanges: 1 } });
    const r = play(changed, fire("fr-1", "gb-1"), [1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ need: 6, firers: 4 });
  });

  it("WHN-SHOOT-12: DISORDERED and rallied-this-turn units shoot at BS −1", () => {
    const dis = play(duel(10, { order: "DISORDERED" }), fire("fr-1", "gb-1"), [1, 1, 1, 1]);
    expect(event(dis.events, "shooting/fired")).toMatchObject({ bs: 2, need: 6 });
    const s = duel(10);
    const rallied = patchUnit(s, "fr-1", { flags: { ...unit(s, "fr-1").flags, rallied: true } });
    const r = play(rallied, fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ bs: 2, need: 6 });
  });

  it("CORE-SHOOT-7: a short bow reaches 16\" and is at long range (−1) beyond 8\"", () => {
    const bows = { equipment: { missile: "shortBow" as const, melee: "handWeapon" as const } };
    const r = play(duel(10, bows), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ band: "long", need: 5, weapon: "shortBow" });
    const close = play(duel(7, bows), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(close.events, "shooting/fired")).toMatchObject({ band: "close", need: 4 });
  });
});

describe("wounds, saves and casualties", () => {
  it("CORE-SHOOT-5 / CORE-WOUND-1: each hit rolls to wound (S3 v T3: 4+); unsaved wounds remove models", () => {
    // 6 shots need 5: hits 6, 5, 5; wounds need 4: 4, 3, 6 → 2 wounds; no save; 2 casualties.
    const r = play(duel(10, {}, { quality: "VETERAN", figures: 10 }), fire("fr-1", "gb-1"), [6, 5, 5, 4, 1, 2, 4, 3, 6]);
    expect(event(r.events, "shooting/wounds")).toMatchObject({ hits: 3, need: 4, wounds: 2 });
    expect(unit(r.state, "gb-1").figures).toBe(8);
    expect(unit(r.state, "gb-1").phase.casualties).toBe(2);
  });

  it("CORE-WOUND-1: a DISORDERED target has T −1 (WHN-DIS-2), so S3 wounds it on 3+", () => {
    const r = play(duel(10, {}, { order: "DISORDERED", quality: "VETERAN" }), fire("fr-1", "gb-1"), [6, 1, 1, 1, 1, 1, 3]);
    expect(event(r.events, "shooting/wounds")).toMatchObject({ need: 3, wounds: 1 });
  });

  it("CORE-SAVE-1: mounted troops in breastplates (heavy armour) save on 4+; S4 crossbows worsen it to 5+", () => {
    const cuir = regiment("gb-1", "gb", { equipment: { missile: null, melee: "sabre", armour: "heavy" }, position: { x: 36, y: 20 }, facing: 270, quality: "VETERAN", figures: 8, files: 4 });
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), cuir]);
    const r = play(s, fire("fr-1", "gb-1"), [6, 6, 1, 1, 1, 1, 5, 5, 4, 3]);
    expect(event(r.events, "shooting/saves")).toMatchObject({ need: 4, wounds: 2, saved: 1 });
    const xb = shootingBattle([shooterSetup({ initialVolleyUsed: true, equipment: { missile: "crossbow", melee: "handWeapon" } }), cuir]);
    const r2 = play(xb, fire("fr-1", "gb-1"), [6, 1, 1, 1, 1, 1, 3, 4]);
    expect(event(r2.events, "shooting/saves")).toMatchObject({ need: 5, saved: 0 });
  });

  it("CORE-SAVE-2: wounds on multi-wound models carry over; a model is removed at 0 W", () => {
    const s = duel(10, {}, { profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 2, I: 3, A: 1, Ld: 6 }, quality: "VETERAN" });
    const r = play(s, fire("fr-1", "gb-1"), [6, 6, 6, 1, 1, 1, 5, 5, 5]);
    expect(unit(r.state, "gb-1").figures).toBe(9);
    expect(unit(r.state, "gb-1").woundsTaken).toBe(1);
  });

  it("CORE-SHOOT-6 / WHN-FORM-8: casualties come off the rear of a column; leader, standard and musician last", () => {
    const col = duel(10, {}, { formation: "ATTACK_COLUMN", files: 3, figures: 9, quality: "VETERAN", command: { leader: true, standard: true, musician: true } });
    const r = play(col, fire("fr-1", "gb-1"), [6, 6, 1, 1, 1, 1, 6, 6]);
    expect(unit(r.state, "gb-1")).toMatchObject({ figures: 7, files: 3, command: { leader: true, standard: true, musician: true } });
    const last = duel(10, {}, { figures: 3, startingFigures: 10, files: 3, quality: "VETERAN", command: { leader: true, standard: true, musician: true } });
    const r2 = play(last, fire("fr-1", "gb-1"), [6, 1, 1, 1, 1, 1, 6, 1, 1]);
    expect(unit(r2.state, "gb-1").command).toEqual({ leader: true, standard: true, musician: false });
    expect(event(r2.events, "unit/casualties")["commandLost"]).toEqual(["musician"]);
  });

  it("CORE-SHOOT-5: a unit that loses its last model is destroyed", () => {
    const r = play(duel(10, {}, { figures: 1, startingFigures: 10, files: 1 }), fire("fr-1", "gb-1"), [6, 1, 1, 1, 1, 1, 6]);
    expect(unit(r.state, "gb-1").figures).toBe(0);
    expect(unit(r.state, "gb-1").removed).toMatchObject({ reason: "destroyed" });
    expect(r.events.some((e) => e.type === "morale/panicTest")).toBe(false);
  });
});

describe("Panic from shooting (WHN-PANIC-2)", () => {
  it("WHN-PANIC-2: a RAW unit tests after any casualty; a failed test disorders a GOOD unit (WHN-PANIC-3)", () => {
    const r = play(duel(10, {}, { quality: "RAW", figures: 20, files: 10 }), fire("fr-1", "gb-1"), [6, 1, 1, 1, 1, 1, 6, 5, 4]);
    expect(event(r.events, "morale/panicTest")).toMatchObject({ rule: "WHN-PANIC-2", total: 9, passed: false });
    expect(unit(r.state, "gb-1")).toMatchObject({ order: "DISORDERED", phase: { panicTested: true } });
  });

  it("WHN-PANIC-2: a REGULAR unit of 15 tests at 2 casualties, not at 1", () => {
    const one = play(duel(10, {}, { figures: 15, files: 8 }), fire("fr-1", "gb-1"), [6, 1, 1, 1, 1, 1, 6]);
    expect(one.events.some((e) => e.type === "morale/panicTest")).toBe(false);
    const two = play(duel(10, {}, { figures: 15, files: 8 }), fire("fr-1", "gb-1"), [6, 6, 1, 1, 1, 1, 6, 6, 3, 3]);
    expect(event(two.events, "morale/panicTest")).toMatchObject({ passed: true, total: 6 });
    expect(unit(two.state, "gb-1").order).toBe("GOOD");
  });

  it("WHN-PANIC-2: a VETERAN unit of 10 tests at 3 casualties (25 %), counting every shooting of the phase, once per phase", () => {
    const s = shootingBattle([shooterSetup(), shooterSetup({ id: "fr-2", position: { x: 30, y: 10 } } as never), targetSetup(10, { quality: "VETERAN" })]);
    const a = play(s, fire("fr-1", "gb-1"), [6, 6, 1, 1, 1, 1, 6, 6]);
    expect(a.events.some((e) => e.type === "morale/panicTest")).toBe(false);
    const b = play(a.state, fire("fr-2", "gb-1"), [6, 1, 1, 1, 1, 1, 6, 6, 6]);
    expect(event(b.events, "shooting/panicThreshold")).toMatchObject({ casualties: 3, figuresAtStart: 10 });
    expect(unit(b.state, "gb-1").order).toBe("DISORDERED");
    // Tested once this phase: more casualties trigger nothing more.
    const c = play(patchUnit(b.state, "fr-1", { flags: { ...unit(b.state, "fr-1").flags, shot: false } }), fire("fr-1", "gb-1"), [6, 1, 1, 1, 1, 1, 6]);
    expect(c.events.some((e) => e.type === "morale/panicTest")).toBe(false);
  });

  it("WHN-PANIC-2: a DISORDERED unit that fails flees at once (WHN-PANIC-3)", () => {
    const r = play(duel(10, {}, { quality: "RAW", order: "DISORDERED" }), fire("fr-1", "gb-1"), [6, 1, 1, 1, 1, 1, 6, 6, 6, 3, 3]);
    expect(unit(r.state, "gb-1").order).toBe("FLEEING");
  });

  it("WHN-PANIC-2, CORE-FLEE-3: a unit that flees from a failed shooting Panic test runs directly away from the nearest enemy, not the shooter", () => {
    // fr-2 stands 2" off gb-1's east end, facing west, centres level; the shooter fr-1 is 10" south.
    const near = battalion("fr-2", "fr", { figures: 8, files: 4, formation: "LINE", position: { x: 40, y: 20 + 20 / 25.4 }, facing: 180, command: {} });
    const s = shootingBattle([shooterSetup(), targetSetup(10, { quality: "RAW", order: "DISORDERED" }), near]);
    const r = play(s, fire("fr-1", "gb-1"), [6, 1, 1, 1, 1, 1, 6, 6, 6, 3, 3]);
    expect(event(r.events, "unit/fled")).toMatchObject({ unit: "gb-1", from: "fr-2", roll: 6, distance: 6 });
    expect(unit(r.state, "gb-1").facing).toBeCloseTo(180, 9);
  });
});

