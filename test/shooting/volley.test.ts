import { describe, expect, it } from "vitest";
import { allocateVolley } from "../../src/rules/whn/shooting/index.js";
import { play, refuse, unit, event, shootingBattle, shooterSetup, battalion, regiment, leader } from "../fixtures/shooting.js";
import type { BattleSetup } from "../../src/state/setup.js";
import type { UnitSetup } from "../../src/index.js";

const BOWS = { equipment: { missile: "bow" as const, melee: "handWeapon" as const } };
const archers = (over: Partial<UnitSetup> = {}) => shooterSetup({ ...BOWS, figures: 20, files: 10, ...over });
const foot = (id: string, x: number, y: number, over: Partial<UnitSetup> = {}) =>
  battalion(id, "gb", { figures: 10, files: 5, formation: "LINE", position: { x, y }, facing: 270, command: {}, ...over });
const field = (units: UnitSetup[], over: Partial<BattleSetup> = {}) => shootingBattle(units, { options: { hr: { volley: true } }, ...over });
const volley = (shooter: string, aim: unknown) => ({ type: "shooting/volley", shooter, aim });

describe("archer volley fire (HR-VOLLEY)", () => {
  it("HR-VOLLEY-1: only formed bow-armed units may shoot a volley", () => {
    expect(refuse(field([shooterSetup(), foot("gb-1", 36, 26)]), volley("fr-1", { x: 36, y: 27 }))).toMatchObject({ code: "shooting/volley_not_bows", rule: "HR-VOLLEY-1" });
    expect(refuse(field([archers({ formation: "OPEN_ORDER", light: true }), foot("gb-1", 36, 26)]), volley("fr-1", { x: 36, y: 27 }))).toMatchObject({
      code: "shooting/volley_skirmishing",
      rule: "HR-VOLLEY-1",
    });
  });

  it("HR-VOLLEY-2: the aim point lies beyond short range, within maximum range and in the arc; a hidden unit cannot be aimed at but a point can", () => {
    const s = field([archers(), foot("gb-1", 36, 26)]);
    expect(refuse(s, volley("fr-1", { x: 36, y: 21 }))).toMatchObject({ code: "shooting/volley_range", rule: "HR-VOLLEY-2", min: 12, max: 24 });
    expect(refuse(s, volley("fr-1", { x: 36, y: 35 }))).toMatchObject({ code: "shooting/volley_range" });
    expect(refuse(s, volley("fr-1", { x: 56, y: 12 }))).toMatchObject({ code: "shooting/volley_arc", rule: "HR-VOLLEY-2" });
    const wood = { id: "wood", kind: "woods", polygon: [{ x: 20, y: 18 }, { x: 52, y: 18 }, { x: 52, y: 20 }, { x: 20, y: 20 }], tags: { blocksLos: true } };
    const hidden = field([archers(), foot("gb-1", 36, 26)], { terrain: [wood], options: { hr: { volley: true } } });
    expect(refuse(hidden, volley("fr-1", { unit: "gb-1" }))).toMatchObject({ code: "shooting/volley_unseen_unit", rule: "HR-VOLLEY-2" });
    // A guessed range at a point: placement 6 hits; 10 models touched, 10 rolls all missing.
    const r = play(hidden, volley("fr-1", { x: 36, y: 26.8 }), [6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/volleyRolls")["allocation"]).toEqual([{ unit: "gb-1", rolls: 10 }]);
  });

  it("HR-VOLLEY-3: the placement roll uses the leader's best BS at long range; a miss scatters 2D3\" in a random direction", () => {
    const s = field([archers(), foot("gb-1", 36, 26)], { characters: [leader("robin", "fr", { joinedTo: "fr-1", profile: { M: 4, WS: 4, BS: 5, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 8 }, position: { x: 36, y: 10 } })] });
    const hit = play(s, volley("fr-1", { unit: "gb-1" }), [3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(event(hit.events, "shooting/volleyPlaced")).toMatchObject({ need: 3, hit: true, scatter: null });
    const miss = play(field([archers(), foot("gb-1", 36, 26)]), volley("fr-1", { unit: "gb-1" }), [4, 6, 5], [0]);
    const placed = event(miss.events, "shooting/volleyPlaced");
    expect(placed).toMatchObject({ need: 5, hit: false, scatter: { distance: 6, angle: 0 } });
    expect((placed["centre"] as { x: number })["x"]).toBeCloseTo(42, 9);
    expect(event(miss.events, "shooting/volleyRolls")["allocation"]).toEqual([]);
  });

  it("HR-VOLLEY-4 / HR-VOLLEY-5: models touched are counted per unit, friend or foe; rolls are the lesser of shooters and models touched", () => {
    const s = field([archers(), foot("gb-1", 36, 26, { figures: 1, startingFigures: 10, files: 1 })]);
    const r = play(s, volley("fr-1", { x: 36, y: 26.4 }), [6, 6, 6]);
    expect(event(r.events, "shooting/volleyRolls")).toMatchObject({ shooters: 20, touched: [{ unit: "gb-1", models: 1 }], allocation: [{ unit: "gb-1", rolls: 1 }] });
    const friend = battalion("fr-2", "fr", { figures: 4, files: 4, light: true, formation: "LINE", position: { x: 36, y: 29.5 }, facing: 270, command: {} });
    const both = play(field([archers(), foot("gb-1", 36, 26), friend]), volley("fr-1", { x: 36, y: 28 }), [6, ...new Array<number>(14).fill(1)]);
    expect(event(both.events, "shooting/volleyRolls")["touched"]).toEqual([{ unit: "fr-2", models: 4 }, { unit: "gb-1", models: 10 }]);
  });

  it("HR-VOLLEY-6: rolls are handed out round-robin by default (7 archers on 9 + 4 → 4 and 3; 20 → 9 and 4), proportionally as the option (5 and 2)", () => {
    const touched = [{ id: "A", models: 9, distance: 1 }, { id: "B", models: 4, distance: 0 }];
    expect(allocateVolley(7, touched, "roundRobin")).toEqual([{ id: "A", rolls: 4 }, { id: "B", rolls: 3 }]);
    expect(allocateVolley(20, touched, "roundRobin")).toEqual([{ id: "A", rolls: 9 }, { id: "B", rolls: 4 }]);
    expect(allocateVolley(7, touched, "proportional")).toEqual([{ id: "A", rolls: 5 }, { id: "B", rolls: 2 }]);
    expect(allocateVolley(20, touched, "proportional")).toEqual([{ id: "A", rolls: 9 }, { id: "B", rolls: 4 }]);
    const s = field([archers({ figures: 7, files: 7, light: true }), foot("gb-1", 36, 26), battalion("fr-2", "fr", { figures: 4, files: 4, light: true, formation: "LINE", position: { x: 36, y: 29.5 }, facing: 270, command: {} })], {
      options: { hr: { volley: true, volleyAllocation: "proportional" } },
    });
    const r = play(s, volley("fr-1", { x: 36, y: 28 }), [6, 1, 1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/volleyRolls")["allocation"]).toEqual([{ unit: "gb-1", rolls: 5 }, { unit: "fr-2", rolls: 2 }]);
  });

  it("HR-VOLLEY-7: every bow-armed model shoots by default (AMB-56); the option limits it to the normal firing models", () => {
    const s = field([archers({ figures: 6, files: 3 }), foot("gb-1", 36, 26)]);
    const all = play(s, volley("fr-1", { x: 36, y: 26.8 }), [6, 1, 1, 1, 1, 1, 1]);
    expect(event(all.events, "shooting/volleyRolls")).toMatchObject({ shooters: 6 });
    const opt = field([archers({ figures: 6, files: 3 }), foot("gb-1", 36, 26)], { options: { hr: { volley: true, volleyAllRanks: false } } });
    const few = play(opt, volley("fr-1", { x: 36, y: 26.8 }), [6, 1, 1, 1, 1]);
    expect(event(few.events, "shooting/volleyRolls")).toMatchObject({ shooters: 4, allocation: [{ unit: "gb-1", rolls: 4 }] });
  });

  it("HR-VOLLEY-8: a Large Target counts the 20 mm bases its base holds (50 × 100 mm → 10); cavalry bases are not large", () => {
    const beast = regiment("gb-1", "gb", { figures: 1, files: 1, base: { w: 50 / 25.4, d: 100 / 25.4 }, position: { x: 36, y: 26 }, facing: 270 });
    const r = play(field([archers(), beast]), volley("fr-1", { x: 36, y: 27 }), [6, ...new Array<number>(10).fill(1)]);
    expect(event(r.events, "shooting/volleyRolls")).toMatchObject({ touched: [{ unit: "gb-1", models: 10 }], allocation: [{ unit: "gb-1", rolls: 10 }] });
    const cav = regiment("gb-1", "gb", { figures: 2, files: 2, position: { x: 36, y: 26 }, facing: 270 });
    const r2 = play(field([archers(), cav]), volley("fr-1", { x: 36, y: 27 }), [6, 1, 1]);
    expect(event(r2.events, "shooting/volleyRolls")).toMatchObject({ touched: [{ unit: "gb-1", models: 2 }] });
  });

  it("HR-VOLLEY-9: each roll uses the shooters' BS and the target's modifiers, at long range beyond short range; hits wound, save and remove casualties", () => {
    const s = field([archers(), foot("gb-1", 36, 26, { formation: "OPEN_ORDER", light: true, quality: "VETERAN" })]);
    // Placement 6; the template on the open-order unit's centre: 10 rolls needing 5 + 1 (open order) = 6.
    const dice = [6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 4, 5, 1, 1];
    const r = play(s, volley("fr-1", { unit: "gb-1" }), dice);
    expect(event(r.events, "shooting/hits")).toMatchObject({ rule: "HR-VOLLEY-9", need: 6, hits: 2 });
    expect(unit(r.state, "gb-1").figures).toBe(8);
    expect(unit(r.state, "fr-1").flags.shot).toBe(true);
    // Within short range of the template's final centre: no range modifier.
    const near = field([archers(), foot("gb-1", 36, 19.5)]);
    const r2 = play(near, volley("fr-1", { x: 36, y: 22.5 }), [1, 1, 1, ...new Array<number>(10).fill(1)], [270]);
    expect(event(r2.events, "shooting/hits")).toMatchObject({ need: 4 });
  });

  it("HR-GEN-1: template volleys are refused while the switch is off", () => {
    const s = shootingBattle([archers(), foot("gb-1", 36, 26)]);
    expect(refuse(s, volley("fr-1", { x: 36, y: 27 }))).toMatchObject({ code: "shooting/volley_off", rule: "HR-GEN-1" });
  });
});
