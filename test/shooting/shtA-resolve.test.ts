/**
 * resolve.ts and damage.ts as a whole: the complete event list of a fire (fired, hits, "Look out,
 * sir", wounds, saves, casualties, destruction, the Panic threshold), the shooter's flags after it,
 * and characters wounded and slain. Dice are scripted; every event is compared whole.
 */
import { describe, expect, it } from "vitest";
import type { BattleEvent } from "../../src/index.js";
import { character, duel, fire, leader, play, regiment, shooterSetup, shootingBattle, targetSetup, unit } from "../fixtures/shooting.js";

/** The events without their sequence numbers. */
const plain = (events: readonly BattleEvent[]) => events.map(({ seq: _s, ...e }) => e);
const LONG = [{ key: "longRange", value: -1, rule: "WHN-SHOOT-3" }];
const fired = (over: Record<string, unknown> = {}) => ({
  type: "shooting/fired", rule: "CORE-SHOOT-1", gameTurn: 1, shooter: "fr-1", target: "gb-1", face: null, weapon: "musket", firers: 6,
  firersRule: "WHN-SHOOT-9", range: 10, band: "long", bs: 3, need: 5, modifiers: LONG, cover: "none", standAndShoot: false, ...over,
});

describe("one unit's fire, event by event (CORE-SHOOT-1 … 6, WHN-FORM-8)", () => {
  it("CORE-SHOOT-3: six misses give the fired and hits events only, and the shooter is marked as having shot", () => {
    const r = play(duel(10), fire("fr-1", "gb-1"), [1, 2, 3, 4, 1, 2]);
    expect(plain(r.events)).toEqual([
      fired(),
      { type: "shooting/hits", rule: "CORE-SHOOT-3", gameTurn: 1, shooter: "fr-1", rolls: 6, need: 5, hits: 0, screenHits: 0 },
    ]);
    expect(unit(r.state, "fr-1").flags.shot).toBe(true);
    expect(unit(r.state, "fr-1").initialVolleyUsed).toBe(true);
    expect(unit(r.state, "gb-1").figures).toBe(10);
  });

  it("CORE-WOUND-1: two hits, one wound, no save for infantry, one casualty, then the Panic threshold and test", () => {
    const r = play(duel(10), fire("fr-1", "gb-1"), [5, 6, 1, 2, 3, 4, 4, 3, 3, 3]);
    expect(plain(r.events).slice(0, 6)).toEqual([
      fired(),
      { type: "shooting/hits", rule: "CORE-SHOOT-3", gameTurn: 1, shooter: "fr-1", rolls: 6, need: 5, hits: 2, screenHits: 0 },
      { type: "shooting/wounds", rule: "CORE-WOUND-1", gameTurn: 1, unit: "gb-1", hits: 2, need: 4, wounds: 1 },
      { type: "shooting/saves", rule: "CORE-SAVE-1", gameTurn: 1, unit: "gb-1", wounds: 1, need: null, saved: 0 },
      { type: "unit/casualties", rule: "WHN-FORM-8", gameTurn: 1, unit: "gb-1", removed: 1, wounds: 1, figures: 9, commandLost: [] },
      { type: "shooting/panicThreshold", rule: "WHN-PANIC-2", gameTurn: 1, unit: "gb-1", casualties: 1, figuresAtStart: 10, quality: "REGULAR" },
    ]);
    expect(plain(r.events)[6]).toMatchObject({ type: "morale/panicTest", unit: "gb-1", target: 6, passed: true });
    expect(unit(r.state, "gb-1").figures).toBe(9);
    expect(unit(r.state, "gb-1").phase).toEqual({ figuresAtStart: 10, casualties: 1, panicTested: true });
  });

  it("CORE-SAVE-1: armoured cavalry save on 5+; one saved, one lost; 12 models need 2 losses to test", () => {
    const s = shootingBattle([shooterSetup(), regiment("gb-1", "gb", { position: { x: 36, y: 20 + 50 / 25.4 }, facing: 270, equipment: { missile: null, melee: "sabre", armour: "light" } })]);
    const r = play(s, fire("fr-1", "gb-1"), [5, 6, 1, 2, 3, 4, 4, 4, 5, 4]);
    const range = (plain(r.events)[0] as unknown as { range: number }).range;
    expect(range).toBeCloseTo(11.9685039, 6);
    expect(plain(r.events)).toEqual([
      fired({ range }),
      { type: "shooting/hits", rule: "CORE-SHOOT-3", gameTurn: 1, shooter: "fr-1", rolls: 6, need: 5, hits: 2, screenHits: 0 },
      { type: "shooting/wounds", rule: "CORE-WOUND-1", gameTurn: 1, unit: "gb-1", hits: 2, need: 4, wounds: 2 },
      { type: "shooting/saves", rule: "CORE-SAVE-1", gameTurn: 1, unit: "gb-1", wounds: 2, need: 5, saved: 1 },
      { type: "unit/casualties", rule: "WHN-FORM-8", gameTurn: 1, unit: "gb-1", removed: 1, wounds: 1, figures: 11, commandLost: [] },
    ]);
    expect(unit(r.state, "gb-1").phase).toEqual({ figuresAtStart: 12, casualties: 1, panicTested: false });
  });

  it("CORE-SHOOT-5: a unit that loses its last models is destroyed and takes no Panic test", () => {
    const r = play(duel(10, {}, { figures: 2, files: 1 }), fire("fr-1", "gb-1"), [5, 6, 1, 1, 1, 1, 4, 4]);
    expect(plain(r.events).slice(2)).toEqual([
      { type: "shooting/wounds", rule: "CORE-WOUND-1", gameTurn: 1, unit: "gb-1", hits: 2, need: 4, wounds: 2 },
      { type: "shooting/saves", rule: "CORE-SAVE-1", gameTurn: 1, unit: "gb-1", wounds: 2, need: null, saved: 0 },
      { type: "unit/casualties", rule: "WHN-FORM-8", gameTurn: 1, unit: "gb-1", removed: 2, wounds: 2, figures: 0, commandLost: [] },
      { type: "unit/destroyed", rule: "CORE-SHOOT-5", gameTurn: 1, unit: "gb-1" },
    ]);
  });

  it("CORE-WOUND-1: hits that all fail to wound give no saves event and no casualties", () => {
    const r = play(duel(10), fire("fr-1", "gb-1"), [6, 1, 1, 1, 1, 1, 3]);
    expect(plain(r.events).slice(2)).toEqual([{ type: "shooting/wounds", rule: "CORE-WOUND-1", gameTurn: 1, unit: "gb-1", hits: 1, need: 4, wounds: 0 }]);
    expect(unit(r.state, "gb-1").figures).toBe(10);
  });

  it("WHN-SHOOT-6: the initial volley is announced and used; bows never use it up", () => {
    const r = play(duel(8), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(plain(r.events)).toEqual([
      fired({ range: 8, band: "close", need: 2, modifiers: [{ key: "initialVolley", value: 2, rule: "WHN-SHOOT-6" }] }),
      { type: "shooting/hits", rule: "CORE-SHOOT-3", gameTurn: 1, shooter: "fr-1", rolls: 6, need: 2, hits: 0, screenHits: 0 },
      { type: "shooting/initialVolley", rule: "WHN-SHOOT-6", gameTurn: 1, unit: "fr-1" },
    ]);
    const bows = play(duel(8, { equipment: { missile: "bow", melee: "handWeapon" } }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(unit(bows.state, "fr-1").initialVolleyUsed).toBe(false);
    expect(unit(bows.state, "fr-1").flags.shot).toBe(true);
    expect(bows.events.map((e) => e.type)).toEqual(["shooting/fired", "shooting/hits"]);
  });
});

describe("characters (CORE-LOS-1, CORE-LOS-2, CORE-SHOOT-5)", () => {
  const withNey = () =>
    shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10)], { characters: [leader("ney", "gb", { joinedTo: "gb-1", position: { x: 36, y: 20 }, facing: 270 })] });

  it("CORE-LOS-2: each hit on a picked-out joined character rolls \"Look out, sir\": a 1 is his, the rest his unit's", () => {
    // 6 shots need 5: three hits (6, 6, 6); look-out 1, 3, 2 → one on Ney, two on the unit;
    // wounds: Ney 5 (T3 needs 4), unit 6 and 2 → one.
    const r = play(withNey(), fire("fr-1", "ney"), [6, 6, 6, 1, 1, 1, 1, 3, 2, 5, 6, 2, 4, 4]);
    const ev = plain(r.events);
    expect(ev.slice(0, 5)).toEqual([
      fired({ target: "ney" }),
      { type: "shooting/hits", rule: "CORE-SHOOT-3", gameTurn: 1, shooter: "fr-1", rolls: 6, need: 5, hits: 3, screenHits: 0 },
      { type: "shooting/lookOutSir", rule: "CORE-LOS-2", gameTurn: 1, character: "ney", unit: "gb-1", rolls: [1, 3, 2], characterHits: 1 },
      { type: "shooting/wounds", rule: "CORE-WOUND-1", gameTurn: 1, character: "ney", hits: 1, need: 4, wounds: 1 },
      { type: "shooting/wounds", rule: "CORE-WOUND-1", gameTurn: 1, unit: "gb-1", hits: 2, need: 4, wounds: 1 },
    ]);
    expect(ev.slice(5, 8)).toEqual([
      { type: "shooting/saves", rule: "CORE-SAVE-1", gameTurn: 1, character: "ney", wounds: 1, need: null, saved: 0 },
      { type: "shooting/saves", rule: "CORE-SAVE-1", gameTurn: 1, unit: "gb-1", wounds: 1, need: null, saved: 0 },
      { type: "character/wounded", rule: "CORE-SHOOT-5", gameTurn: 1, character: "ney", wounds: 1, woundsTaken: 1 },
    ]);
    expect(character(r.state, "ney").woundsTaken).toBe(1);
    expect(unit(r.state, "gb-1").figures).toBe(9);
  });

  it("CORE-LOS-2: with no hits there is no \"Look out, sir\" roll", () => {
    const r = play(withNey(), fire("fr-1", "ney"), [1, 1, 1, 1, 1, 1]);
    expect(r.events.map((e) => e.type)).toEqual(["shooting/fired", "shooting/hits"]);
  });

  it("CORE-SHOOT-5: a lone character is slain at his last wound; the wounds beyond it are lost", () => {
    const wel = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(12)], { characters: [leader("wel", "gb", { position: { x: 36, y: 18 }, facing: 270 })] });
    const r = play(wel, fire("fr-1", "wel"), [5, 6, 6, 1, 1, 1, 4, 4, 4]);
    expect(plain(r.events).slice(1)).toEqual([
      { type: "shooting/hits", rule: "CORE-SHOOT-3", gameTurn: 1, shooter: "fr-1", rolls: 6, need: 5, hits: 3, screenHits: 0 },
      { type: "shooting/wounds", rule: "CORE-WOUND-1", gameTurn: 1, character: "wel", hits: 3, need: 4, wounds: 3 },
      { type: "shooting/saves", rule: "CORE-SAVE-1", gameTurn: 1, character: "wel", wounds: 3, need: null, saved: 0 },
      { type: "character/slain", rule: "CORE-SHOOT-5", gameTurn: 1, character: "wel", general: false },
    ]);
    expect(character(r.state, "wel")).toMatchObject({ woundsTaken: 0, removed: { reason: "destroyed", gameTurn: 1 } });
  });

  it("CORE-SHOOT-5: one wound on a lone W2 character wounds him; a second fire's wound slays him", () => {
    const wel = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(12)], { characters: [leader("wel", "gb", { position: { x: 36, y: 18 }, facing: 270 })] });
    const r = play(wel, fire("fr-1", "wel"), [5, 1, 1, 1, 1, 1, 4]);
    expect(plain(r.events).at(-1)).toEqual({ type: "character/wounded", rule: "CORE-SHOOT-5", gameTurn: 1, character: "wel", wounds: 1, woundsTaken: 1 });
    expect(character(r.state, "wel")).toMatchObject({ woundsTaken: 1, removed: null });
  });
});
