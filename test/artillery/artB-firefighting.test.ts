import { describe, expect, it } from "vitest";
import { withScriptedDice, type BattleState } from "../../src/index.js";
import { runStep } from "../../src/engine/apply.js";
import { formatViolation } from "../../src/engine/format.js";
import type { Violation } from "../../src/engine/violation.js";
import { distanceToWater, extinguish, leaveFires } from "../../src/rules/whn/artillery/firefighting.js";
import { footprintOf } from "../../src/rules/whn/unit.js";
import { battalion, battle, gun, line, patch, play, refuse, unit } from "../fixtures/artillery.js";
import { bareAll, feature, hook, rect } from "../fixtures/artB.js";

type Fires = BattleState["fires"];
const W = 50 / 25.4; // an unlimbered gun's footprint: W wide, D deep
const D = 80 / 25.4;
// A French foot gun with its front edge centred at (36, 20), facing north: x 36 ± W/2, y 20 − D … 20.
const frGun = (over = {}) => gun("fr-art", "fr", {}, { position: { x: 36, y: 20 }, ...over });
const stream = (y: number) => feature("stream", [], { water: true }, { kind: "stream", polyline: [{ x: 0, y }, { x: 72, y }] });
const fireAt = (x: number, y: number, terrain: Fires[number]["circles"][number]["terrain"] = "woods"): Fires => [{ id: "f1", circles: [{ centre: { x, y }, diameter: 2, terrain }] }];
const table = (units = [frGun(), line("gb-1", 44)], terrain: BattleState["terrain"] = [stream(28)], fires: Fires = fireAt(36, 22), at: Parameters<typeof battle>[1] = { phase: "movement", step: "remaining" }): BattleState =>
  ({ ...battle(units, at), terrain, fires });
const act = (over = {}) => ({ type: "artillery/extinguish", unit: "fr-art", fire: "f1", circle: 0, ...over });
/** A refusal with its English text. */
const refusal = (s: BattleState, a: unknown): Violation & { text: string } => {
  const v = refuse(s, a) as unknown as Violation;
  return { ...v, text: formatViolation(v) };
};
/** The handler called directly, as the engine would after routing. */
const direct = (s: BattleState, a: ReturnType<typeof act>, dice: number[] = []) => runStep(withScriptedDice(s, dice), (ctx) => extinguish(s, a as never, ctx));
/** The handler's own refusal (past the engine's checks), with its English text. */
const handlerRefusal = (s: BattleState, a: ReturnType<typeof act>): (Violation & { text: string }) | null => {
  const r = direct(s, a);
  return r.ok ? null : { ...r.violation, text: formatViolation(r.violation) };
};

describe("distanceToWater (WHN-FIRE-4)", () => {
  it("WHN-FIRE-4: the nearest water feature's distance, by polyline for a stream and by polygon for a pond; dry features do not count", () => {
    const s = table();
    const fp = footprintOf(unit(s, "fr-art"));
    expect(distanceToWater({ ...s, terrain: [stream(28)] }, fp)).toBeCloseTo(8, 9);
    const pond = feature("pond", rect(30, 23, 42, 30), { water: true });
    expect(distanceToWater({ ...s, terrain: [stream(28), pond] }, fp)).toBeCloseTo(3, 9);
    expect(distanceToWater({ ...s, terrain: [pond, stream(28)] }, fp)).toBeCloseTo(3, 9);
    // a polygon of three or more points wins over a polyline on the same feature
    const both = feature("lake", rect(30, 25, 42, 30), { water: true }, { polyline: [{ x: 0, y: 40 }, { x: 72, y: 40 }] });
    expect(distanceToWater({ ...s, terrain: [both] }, fp)).toBeCloseTo(5, 9);
    const dry = feature("wood", rect(30, 21, 42, 30), { water: false });
    const woods = feature("wood2", rect(30, 21, 42, 30), { flammability: "woods" });
    expect(distanceToWater({ ...s, terrain: [dry, woods] }, fp)).toBe(Infinity);
    expect(distanceToWater({ ...s, terrain: [dry, stream(28)] }, fp)).toBeCloseTo(8, 9);
  });

  it("WHN-FIRE-4: every base of a footprint counts; the nearest one gives the distance", () => {
    const s = { ...table(), terrain: [stream(28)] };
    const sq = (y: number) => ({ center: { x: 10, y }, halfWidth: 0.5, halfDepth: 0.5, facing: 90 });
    expect(distanceToWater(s, [sq(10), sq(20)])).toBeCloseTo(7.5, 9);
    expect(distanceToWater(s, [sq(20), sq(10)])).toBeCloseTo(7.5, 9);
    expect(distanceToWater(s, [])).toBe(Infinity);
  });
});

describe("artillery/extinguish refusals (WHN-FIRE-4, CORE-TURN-2)", () => {
  it("WHN-FIRE-4: only in the remaining-moves step of the movement phase", () => {
    const s = table(undefined, undefined, undefined, { phase: "movement", step: "compulsory" });
    expect(refusal(s, act())).toEqual({
      code: "artillery/wrong_step", rule: "WHN-FIRE-4", phase: "movement", step: "compulsory", allowed: ["remaining"],
      text: "This is done in the movement phase's remaining step, not now. [WHN-FIRE-4]",
    });
    const shooting = table(undefined, undefined, undefined, { phase: "shooting" });
    const r = direct(shooting, act(), [6]);
    expect(r.ok ? null : r.violation).toEqual({ code: "artillery/wrong_step", rule: "WHN-FIRE-4", phase: "shooting", step: null, allowed: ["remaining"] });
  });

  it("WHN-FIRE-4: an unknown unit, or one removed from play, is refused without a rule", () => {
    expect(handlerRefusal(table(), act({ unit: "nobody" }))).toEqual({ code: "artillery/unknown_unit", rule: null, unit: "nobody", text: 'There is no unit "nobody" in play.' });
    const gone = patch(table(), "fr-art", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(handlerRefusal(gone, act())).toEqual({ code: "artillery/unknown_unit", rule: null, unit: "fr-art", text: 'There is no unit "fr-art" in play.' });
  });

  it("CORE-TURN-2: the other side's unit may not fight a fire in this player's turn", () => {
    const s = table([frGun(), gun("gb-art", "gb", {}, { position: { x: 40, y: 20 } })]);
    expect(handlerRefusal(s, act({ unit: "gb-art" }))).toEqual({ code: "artillery/not_your_unit", rule: "CORE-TURN-2", unit: "gb-art", text: "Unit gb-art is not the active player's. [CORE-TURN-2]" });
  });

  it("WHN-FIRE-4: a fleeing unit may not fight a fire", () => {
    const s = patch(table(), "fr-art", { order: "FLEEING" });
    expect(refusal(s, act())).toEqual({ code: "artillery/fleeing", rule: "WHN-FIRE-4", unit: "fr-art", text: "Unit fr-art is fleeing. [WHN-FIRE-4]" });
  });

  it("WHN-FIRE-4: a unit touching an enemy, or in a combat, may not fight a fire", () => {
    const touching = table([frGun(), gun("gb-art", "gb", {}, { position: { x: 36 + W, y: 20 } })]);
    const text = "Unit fr-art is in close combat. [WHN-FIRE-4]";
    expect(refusal(touching, act())).toEqual({ code: "artillery/engaged", rule: "WHN-FIRE-4", unit: "fr-art", text });
    const apart = table([frGun(), gun("gb-art", "gb", {}, { position: { x: 36 + W + 0.01, y: 20 } })]);
    expect(play(apart, act(), [6]).state.fires).toEqual([]);
    const s = table();
    const inCombat = { ...s, combats: { c1: { units: ["fr-art", "gb-1"] } } } as unknown as BattleState;
    expect(refusal(inCombat, act())).toEqual({ code: "artillery/engaged", rule: "WHN-FIRE-4", unit: "fr-art", text });
  });

  it("WHN-FIRE-4: once a turn, and not after moving or marching", () => {
    const s = table();
    const flags = unit(s, "fr-art").flags;
    expect(refusal(patch(s, "fr-art", { flags: { ...flags, extinguishAttempted: true } }), act())).toEqual({
      code: "artillery/already_fought_fire", rule: "WHN-FIRE-4", unit: "fr-art", text: "Unit fr-art has already fought a fire this turn. [WHN-FIRE-4]",
    });
    const moved = { code: "artillery/already_moved", rule: "WHN-FIRE-4", unit: "fr-art", text: "Unit fr-art has moved; fighting a fire takes the place of its move. [WHN-FIRE-4]" };
    expect(refusal(patch(s, "fr-art", { flags: { ...flags, moved: true } }), act())).toEqual(moved);
    expect(refusal(patch(s, "fr-art", { flags: { ...flags, moveUsed: 0.5 } }), act())).toEqual(moved);
    expect(refusal(patch(s, "fr-art", { flags: { ...flags, marched: true } }), act())).toEqual(moved);
  });

  it("WHN-FIRE-4: the fire and circle must exist", () => {
    const s = table();
    expect(refusal(s, act({ fire: "f9" }))).toEqual({ code: "artillery/unknown_fire", rule: "WHN-FIRE-4", fire: "f9", circle: 0, text: "There is no circle 0 of fire f9. [WHN-FIRE-4]" });
    expect(refusal(s, act({ circle: 1 }))).toEqual({ code: "artillery/unknown_fire", rule: "WHN-FIRE-4", fire: "f1", circle: 1, text: "There is no circle 1 of fire f1. [WHN-FIRE-4]" });
  });

  it("WHN-FIRE-4: water must be within 8\" (8\" is enough, 8.01\" is not; no water at all gives a null distance)", () => {
    expect(play(table(), act(), [5]).state.fires).toEqual([]);
    const far = refusal(table(undefined, [stream(28.01)]), act());
    expect(far).toEqual({ code: "artillery/no_water_near", rule: "WHN-FIRE-4", unit: "fr-art", distance: expect.closeTo(8.01, 9), text: 'Unit fr-art is not within 8" of water. [WHN-FIRE-4]' });
    expect(refusal(table(undefined, []), act())).toEqual({ code: "artillery/no_water_near", rule: "WHN-FIRE-4", unit: "fr-art", distance: null, text: 'Unit fr-art is not within 8" of water. [WHN-FIRE-4]' });
  });

  it("WHN-FIRE-4: the circle must be within 1\" (1\" from its rim is enough, 1.01\" is not)", () => {
    expect(play(table(undefined, undefined, fireAt(36, 22)), act(), [5]).state.fires).toEqual([]);
    const r = refusal(table(undefined, undefined, fireAt(36, 22.01)), act());
    expect(r).toEqual({ code: "artillery/fire_too_far", rule: "WHN-FIRE-4", unit: "fr-art", distance: expect.closeTo(1.01, 9), text: 'Unit fr-art is 1.01" from the fire; it must be within 1". [WHN-FIRE-4]' });
    // a circle over the unit is within reach
    expect(play(table(undefined, undefined, fireAt(36, 19.5)), act(), [5]).state.fires).toEqual([]);
  });
});

describe("artillery/extinguish (WHN-FIRE-4, AMB-49)", () => {
  it("WHN-FIRE-4: a roll at the terrain's extinguish score puts the circle out and uses the unit's move", () => {
    const s = table(undefined, undefined, [
      { id: "f1", circles: [{ centre: { x: 36, y: 22 }, diameter: 2, terrain: "woods" }, { centre: { x: 37, y: 21.5 }, diameter: 2, terrain: "field" }] },
      { id: "f2", circles: [{ centre: { x: 10, y: 10 }, diameter: 2, terrain: "field" }] },
    ]);
    const r = play(s, act({ circle: 1 }), [4]);
    expect(bareAll(r.events)).toEqual([{ type: "fire/extinguished", rule: "WHN-FIRE-4", unit: "fr-art", fire: "f1", circle: 1, terrain: "field", roll: 4, need: 4 }]);
    expect(r.state.fires).toEqual([
      { id: "f1", circles: [{ centre: { x: 36, y: 22 }, diameter: 2, terrain: "woods" }] },
      { id: "f2", circles: [{ centre: { x: 10, y: 10 }, diameter: 2, terrain: "field" }] },
    ]);
    expect(unit(r.state, "fr-art").flags).toEqual({ ...unit(s, "fr-art").flags, extinguishAttempted: true, moveUsed: 1 });
    expect(unit(r.state, "fr-art").position).toEqual({ x: 36, y: 20 });
  });

  it("WHN-FIRE-4: one short of the score leaves the fire burning but still uses the attempt", () => {
    const s = table();
    const r = play(s, act(), [4]);
    expect(bareAll(r.events)).toEqual([{ type: "fire/notExtinguished", rule: "WHN-FIRE-4", unit: "fr-art", fire: "f1", circle: 0, terrain: "woods", roll: 4, need: 5 }]);
    expect(r.state.fires).toEqual(s.fires);
    expect(unit(r.state, "fr-art").flags).toEqual({ ...unit(s, "fr-art").flags, extinguishAttempted: true, moveUsed: 1 });
    const stone = play(table(undefined, undefined, fireAt(36, 22, "stoneBuilding")), act(), [4]);
    expect(bareAll(stone.events)[0]).toMatchObject({ type: "fire/extinguished", need: 4 });
  });
});

describe("leaveFires (WHN-FIRE-5, AMB-50)", () => {
  const comp = { phase: "movement", step: "compulsory" } as const;

  it("WHN-FIRE-5: nothing happens in a ruleset without fires, or with no fire on the table", () => {
    const s = table(undefined, undefined, fireAt(36, 19.5), comp);
    const core = { ...s, ruleset: "core" } as BattleState;
    const r = hook(core, leaveFires);
    expect(r.events).toEqual([]);
    expect(unit(r.state, "fr-art").position).toEqual({ x: 36, y: 20 });
    expect(hook(table(undefined, undefined, [], comp), leaveFires).events).toEqual([]);
  });

  it("WHN-FIRE-5: a unit the circle overlaps steps directly away from its centre by the shortest clear distance", () => {
    // the circle (radius 1) centred 0.8" beyond the front edge overlaps it by 0.2": out after 0.2" (0.05" steps), southward
    const s = table(undefined, undefined, fireAt(36, 20.8), comp);
    const r = hook(s, leaveFires);
    const u = unit(r.state, "fr-art");
    expect(u.position).toEqual({ x: expect.closeTo(36, 9), y: expect.closeTo(19.8, 9) });
    expect(r.events).toEqual([{ type: "fire/leftFire", rule: "WHN-FIRE-5", unit: "fr-art", from: { x: 36, y: 20 }, to: { x: expect.closeTo(36, 9), y: expect.closeTo(19.8, 9) } }]);
    expect(u.flags).toEqual({ ...unit(s, "fr-art").flags, moved: true, moveUsed: 1 });
    expect(u.facing).toBe(90);
    expect(r.state.fires).toEqual(s.fires);
  });

  it("WHN-FIRE-5: a fire centred on the unit's centre counts 'away' as −y; too deep to go back in 2 inches, the gun goes sideways (+90° first)", () => {
    const s = table(undefined, undefined, fireAt(36, 20 - D / 2), comp);
    const u = unit(hook(s, leaveFires).state, "fr-art");
    expect(u.position).toEqual({ x: expect.closeTo(38, 9), y: expect.closeTo(20, 9) });
  });

  it("WHN-FIRE-5: the enemy's units, fleeing units, engaged units and units clear of the fire stay where they are", () => {
    const fire = fireAt(36, 20.8);
    const enemy = table([gun("gb-art", "gb", {}, { position: { x: 36, y: 20 } }), battalion("fr-1", "fr", { position: { x: 10, y: 10 } })], undefined, fire, comp);
    expect(hook(enemy, leaveFires).events).toEqual([]);
    const fleeing = patch(table(undefined, undefined, fire, comp), "fr-art", { order: "FLEEING" });
    expect(hook(fleeing, leaveFires).events).toEqual([]);
    const engaged = table([frGun(), gun("gb-art", "gb", {}, { position: { x: 36 + W, y: 20 } })], undefined, fire, comp);
    const e = hook(engaged, leaveFires);
    expect(e.events).toEqual([]);
    expect(unit(e.state, "fr-art").position).toEqual({ x: 36, y: 20 });
    const clear = table(undefined, undefined, fireAt(36, 21), comp);
    expect(hook(clear, leaveFires).events).toEqual([]);
    expect(hook(table(undefined, undefined, fireAt(36, 20.99), comp), leaveFires).events).toEqual([{ type: "fire/leftFire", rule: "WHN-FIRE-5", unit: "fr-art", from: { x: 36, y: 20 }, to: { x: expect.closeTo(36, 9), y: expect.closeTo(19.95, 9) } }]);
  });

  it("WHN-FIRE-5: a foot unit steps by its profile move; with none it is trapped and stays", () => {
    const foot = (M: number) => battalion("fr-1", "fr", { position: { x: 36, y: 20 }, facing: 90, formation: "LINE", files: 4, figures: 8, profile: { M, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 6 } });
    const s = table([foot(0), line("gb-1", 44)], undefined, fireAt(36, 20.8), comp);
    const r = hook(s, leaveFires);
    expect(r.events).toEqual([{ type: "fire/trapped", rule: "WHN-FIRE-5", unit: "fr-1" }]);
    expect(unit(r.state, "fr-1")).toEqual(unit(s, "fr-1"));
    const free = hook(table([foot(4), line("gb-1", 44)], undefined, fireAt(36, 20.8), comp), leaveFires);
    expect(free.events).toEqual([{ type: "fire/leftFire", rule: "WHN-FIRE-5", unit: "fr-1", from: { x: 36, y: 20 }, to: { x: expect.closeTo(36, 9), y: expect.closeTo(19.8, 9) } }]);
  });

  it("WHN-FIRE-5: a gun steps by its gun's rate, not its crew's profile move", () => {
    const crew0 = frGun({ profile: { M: 0, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 } });
    const s = table([crew0, line("gb-1", 44)], undefined, fireAt(36, 20.8), comp);
    const r = hook(s, leaveFires);
    expect(r.events.map((e) => e["type"])).toEqual(["fire/leftFire"]);
    // a disabled limber leaves a limbered gun no move: trapped
    const stuck = patch(s, "fr-art", { formation: "LIMBERED", artillery: { ...unit(s, "fr-art").artillery!, limberDisabled: true } });
    expect(hook(stuck, leaveFires).events).toEqual([{ type: "fire/trapped", rule: "WHN-FIRE-5", unit: "fr-art" }]);
  });

  it("WHN-FIRE-5: the step goes round a friend standing in the way: the shortest clear step is 1.6 inches to the side", () => {
    const friend = gun("fr-2", "fr", {}, { position: { x: 36, y: 20 - D - 0.1 } });
    const s = table([frGun(), friend, line("gb-1", 44)], undefined, fireAt(36, 20.8), comp);
    const r = hook(s, leaveFires);
    expect(unit(r.state, "fr-art").position).toEqual({ x: expect.closeTo(37.6, 9), y: expect.closeTo(20, 9) });
    expect(unit(r.state, "fr-2").position).toEqual({ x: 36, y: 20 - D - 0.1 });
    expect(r.events.map((e) => e["unit"])).toEqual(["fr-art"]);
  });

  it("WHN-FIRE-5: the step may not cross the table edge", () => {
    const y = D + 0.01;
    const s = table([gun("fr-art", "fr", {}, { position: { x: 36, y } }), line("gb-1", 44)], undefined, fireAt(36, y + 0.8), comp);
    const r = hook(s, leaveFires);
    expect(unit(r.state, "fr-art").position).toEqual({ x: expect.closeTo(37.6, 9), y: expect.closeTo(y, 9) });
  });
});
