import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { burstMayStartFire, fireObstacles, flammabilityAt, footprintInFire, spreadFires, withoutCircle } from "../../src/rules/whn/artillery/fires.js";
import { battle, line } from "../fixtures/artillery.js";
import { feature, hook, rect } from "../fixtures/artB.js";

type Fires = BattleState["fires"];
const base = battle([line("gb-1", 44)], { phase: "movement", step: "remaining" });
const at = (terrain: BattleState["terrain"], fires: Fires = [], over: Partial<BattleState> = {}): BattleState => ({ ...base, terrain, fires, ...over });
const woods = feature("wood", rect(30, 20, 42, 30), { flammability: "woods" });
const field = feature("field", rect(10, 10, 20, 20), { flammability: "field" });
const circle = (x: number, y: number, terrain: Fires[number]["circles"][number]["terrain"] = "woods") => ({ centre: { x, y }, diameter: 2, terrain });
const sq = (x: number, y: number, half = 0.5) => ({ center: { x, y }, halfWidth: half, halfDepth: half, facing: 90 });

describe("flammabilityAt (CORE-GEO-31)", () => {
  it("CORE-GEO-31: the ground is the first flammable feature holding the point; other features and outside points are null", () => {
    const plain = feature("hill", rect(0, 0, 72, 48), { hill: true });
    const stone = feature("farm", rect(32, 22, 34, 24), { flammability: "stoneBuilding" });
    expect(flammabilityAt(at([plain, woods, stone]), { x: 33, y: 23 })).toBe("woods");
    expect(flammabilityAt(at([plain, stone, woods]), { x: 33, y: 23 })).toBe("stoneBuilding");
    expect(flammabilityAt(at([plain, stone, woods]), { x: 40, y: 28 })).toBe("woods");
    expect(flammabilityAt(at([plain, woods]), { x: 5, y: 5 })).toBeNull();
    expect(flammabilityAt(at([]), { x: 33, y: 23 })).toBeNull();
  });

  it("CORE-GEO-31: a flammable feature with fewer than three polygon points holds nothing", () => {
    const thin = feature("hedge", [{ x: 30, y: 20 }, { x: 42, y: 30 }], { flammability: "field" });
    expect(flammabilityAt(at([thin, woods]), { x: 36, y: 25 })).toBe("woods");
    expect(flammabilityAt(at([thin]), { x: 36, y: 25 })).toBeNull();
  });
});

describe("fireObstacles and footprintInFire (WHN-FIRE-5, AMB-50)", () => {
  it("WHN-FIRE-5: every circle of every fire, indexed within its own fire", () => {
    const s = at([], [
      { id: "a", circles: [circle(1, 2), circle(3, 4, "field")] },
      { id: "b", circles: [{ centre: { x: 5, y: 6 }, diameter: 2, terrain: "woodenBuilding" }] },
    ]);
    expect(fireObstacles(s)).toEqual([
      { fire: "a", index: 0, centre: { x: 1, y: 2 }, diameter: 2, terrain: "woods" },
      { fire: "a", index: 1, centre: { x: 3, y: 4 }, diameter: 2, terrain: "field" },
      { fire: "b", index: 0, centre: { x: 5, y: 6 }, diameter: 2, terrain: "woodenBuilding" },
    ]);
    expect(fireObstacles(at([]))).toEqual([]);
  });

  it("WHN-FIRE-5: a base overlapping the circle is in the fire; one touching the rim or farther is not", () => {
    const c = [{ fire: "f", index: 0, centre: { x: 0, y: 0 }, diameter: 2, terrain: "woods" as const }];
    // base edge 0.99" from the centre: 0.01" inside the 1" radius
    expect(footprintInFire([sq(0, 1.49)], c)).toBe(true);
    // exactly on the rim, and within the 0.001" tolerance of it
    expect(footprintInFire([sq(0, 1.5)], c)).toBe(false);
    expect(footprintInFire([sq(0, 1.4995)], c)).toBe(false);
    // 1.5" away: outside the radius (though inside the diameter)
    expect(footprintInFire([sq(0, 2)], c)).toBe(false);
    expect(footprintInFire([sq(0, 3), sq(0, 1.2)], c)).toBe(true);
    expect(footprintInFire([sq(0, 3)], [{ ...c[0]!, centre: { x: 9, y: 9 } }, ...c])).toBe(false);
    expect(footprintInFire([sq(0, 3)], [{ ...c[0]!, centre: { x: 0, y: 3 } }, ...c])).toBe(true);
    expect(footprintInFire([sq(0, 0)], [])).toBe(false);
    expect(footprintInFire([], c)).toBe(false);
  });
});

describe("burstMayStartFire (WHN-FIRE-1, WHN-FIRE-2)", () => {
  const gt3 = (s: BattleState): BattleState => ({ ...s, turn: { ...s.turn, gameTurn: 3 } });

  it("WHN-FIRE-1: a burst on non-flammable ground rolls nothing and starts nothing", () => {
    const s = gt3(at([woods]));
    const r = hook(s, (st, ctx) => burstMayStartFire(st, ctx, { x: 5, y: 5 }), []);
    expect(r.events).toEqual([]);
    expect(r.state.fires).toEqual([]);
  });

  it("WHN-FIRE-1, WHN-FIRE-2: a field burst lights a 2\" circle on 4 or more, named f<gameTurn>-<n>", () => {
    const s = gt3(at([field]));
    const p = { x: 12, y: 13 };
    const r = hook(s, (st, ctx) => burstMayStartFire(st, ctx, p), [4]);
    expect(r.events).toEqual([
      { type: "fire/startRoll", rule: "WHN-FIRE-1", at: { x: 12, y: 13 }, terrain: "field", roll: 4, need: 4, started: true },
      { type: "fire/started", rule: "WHN-FIRE-2", fire: "f3-1", at: { x: 12, y: 13 }, terrain: "field", diameter: 2 },
    ]);
    expect(r.state.fires).toEqual([{ id: "f3-1", circles: [{ centre: { x: 12, y: 13 }, diameter: 2, terrain: "field" }] }]);
  });

  it("WHN-FIRE-1: a roll below the start score (3 on field, 4 on woods) starts no fire", () => {
    const r = hook(gt3(at([field])), (st, ctx) => burstMayStartFire(st, ctx, { x: 12, y: 13 }), [3]);
    expect(r.events).toEqual([{ type: "fire/startRoll", rule: "WHN-FIRE-1", at: { x: 12, y: 13 }, terrain: "field", roll: 3, need: 4, started: false }]);
    expect(r.state.fires).toEqual([]);
    const w = hook(gt3(at([woods])), (st, ctx) => burstMayStartFire(st, ctx, { x: 36, y: 25 }), [4]);
    expect(w.events).toEqual([{ type: "fire/startRoll", rule: "WHN-FIRE-1", at: { x: 36, y: 25 }, terrain: "woods", roll: 4, need: 5, started: false }]);
    expect(hook(gt3(at([woods])), (st, ctx) => burstMayStartFire(st, ctx, { x: 36, y: 25 }), [5]).state.fires).toHaveLength(1);
  });

  it("WHN-FIRE-2: a new fire takes the first free number of its game turn and goes after the fires there", () => {
    const old = [
      { id: "f3-1", circles: [circle(1, 1)] },
      { id: "f2-2", circles: [circle(2, 2)] },
      { id: "f3-2", circles: [circle(3, 3)] },
    ];
    const r = hook(gt3(at([field], old)), (st, ctx) => burstMayStartFire(st, ctx, { x: 15, y: 15 }), [6]);
    expect(r.state.fires.map((f) => f.id)).toEqual(["f3-1", "f2-2", "f3-2", "f3-3"]);
    expect(r.state.fires[3]).toEqual({ id: "f3-3", circles: [{ centre: { x: 15, y: 15 }, diameter: 2, terrain: "field" }] });
    const gap = hook(gt3(at([field], [{ id: "f3-2", circles: [circle(3, 3)] }])), (st, ctx) => burstMayStartFire(st, ctx, { x: 15, y: 15 }), [6]);
    expect(gap.state.fires.map((f) => f.id)).toEqual(["f3-2", "f3-1"]);
  });
});

describe("spreadFires (WHN-FIRE-3, AMB-49, CORE-GEO-33)", () => {
  const wind90 = { wind: 90 };

  it("WHN-FIRE-3: a ruleset without fires, or a table with none, is returned as it is and rolls nothing", () => {
    const core = at([woods], [{ id: "f1", circles: [circle(36, 24)] }], { ruleset: "core" });
    const r = hook(core, spreadFires, []);
    expect(r.events).toEqual([]);
    expect(r.state.fires).toEqual(core.fires);
    const none = at([woods]);
    expect(hook(none, spreadFires, []).events).toEqual([]);
  });

  it("WHN-FIRE-3: each fire rolls against its newest circle's spread score; a success adds a 2\" circle 2\" downwind", () => {
    const s = at([woods, field], [
      { id: "a", circles: [circle(12, 12, "field"), circle(36, 24, "woods")] },
      { id: "b", circles: [circle(12, 14, "field")] },
    ], wind90);
    const r = hook(s, spreadFires, [4, 1]);
    expect(r.events).toEqual([
      { type: "fire/spread", rule: "WHN-FIRE-3", fire: "a", roll: 4, need: 4, at: { x: expect.closeTo(36, 9), y: 26 }, terrain: "woods", wind: 90 },
      { type: "fire/didNotSpread", rule: "WHN-FIRE-3", fire: "b", roll: 1, need: 2, terrain: "field" },
    ]);
    expect(r.state.fires[0]?.circles).toEqual([circle(12, 12, "field"), circle(36, 24, "woods"), { centre: { x: expect.closeTo(36, 9), y: 26 }, diameter: 2, terrain: "woods" }]);
    expect(r.state.fires[1]).toEqual({ id: "b", circles: [circle(12, 14, "field")] });
  });

  it("WHN-FIRE-3: a roll one short of the spread score leaves the fire as it is", () => {
    const s = at([woods], [{ id: "a", circles: [circle(36, 24)] }], wind90);
    const r = hook(s, spreadFires, [3]);
    expect(r.events).toEqual([{ type: "fire/didNotSpread", rule: "WHN-FIRE-3", fire: "a", roll: 3, need: 4, terrain: "woods" }]);
    expect(r.state.fires).toEqual([{ id: "a", circles: [circle(36, 24)] }]);
  });

  it("WHN-FIRE-3: the new circle takes the terrain under its centre (field spreading into woods)", () => {
    const f = feature("field2", rect(30, 10, 42, 20), { flammability: "field" });
    const s = at([f, woods], [{ id: "a", circles: [circle(36, 19, "field")] }], wind90);
    const r = hook(s, spreadFires, [2]);
    expect(r.events).toEqual([{ type: "fire/spread", rule: "WHN-FIRE-3", fire: "a", roll: 2, need: 2, at: { x: expect.closeTo(36, 9), y: 21 }, terrain: "woods", wind: 90 }]);
    expect(r.state.fires[0]?.circles[1]?.terrain).toBe("woods");
  });

  it("WHN-FIRE-3: a spread whose centre falls on ground that does not burn is recorded and adds nothing", () => {
    const s = at([woods], [{ id: "a", circles: [circle(36, 29)] }], { wind: 90 });
    const r = hook(s, spreadFires, [6]);
    expect(r.events).toEqual([{ type: "fire/didNotSpread", rule: "WHN-FIRE-3", fire: "a", roll: 6, need: 4, terrain: "woods", at: { x: expect.closeTo(36, 9), y: 31 }, reason: "notFlammable" }]);
    expect(r.state.fires).toEqual([{ id: "a", circles: [circle(36, 29)] }]);
  });

  it("WHN-FIRE-3: the wind sets the direction (270°: south)", () => {
    const s = at([woods], [{ id: "a", circles: [circle(36, 26)] }], { wind: 270 });
    const r = hook(s, spreadFires, [5]);
    expect(r.state.fires[0]?.circles[1]?.centre).toEqual({ x: expect.closeTo(36, 9), y: expect.closeTo(24, 9) });
    expect(r.events[0]).toMatchObject({ wind: 270 });
  });

  it("WHN-FIRE-3: a fire with no circles rolls nothing and is dropped", () => {
    const s = at([woods], [{ id: "empty", circles: [] }, { id: "a", circles: [circle(36, 24)] }], wind90);
    const r = hook(s, spreadFires, [1]);
    expect(r.events).toEqual([{ type: "fire/didNotSpread", rule: "WHN-FIRE-3", fire: "a", roll: 1, need: 4, terrain: "woods" }]);
    expect(r.state.fires.map((f) => f.id)).toEqual(["a"]);
  });
});

describe("withoutCircle (WHN-FIRE-4)", () => {
  const s = at([], [
    { id: "a", circles: [circle(1, 1), circle(2, 2), circle(3, 3)] },
    { id: "b", circles: [circle(9, 9)] },
    { id: "c", circles: [circle(7, 7)] },
  ]);

  it("WHN-FIRE-4: removes only the named circle of the named fire", () => {
    expect(withoutCircle(s, "a", 1).fires).toEqual([
      { id: "a", circles: [circle(1, 1), circle(3, 3)] },
      { id: "b", circles: [circle(9, 9)] },
      { id: "c", circles: [circle(7, 7)] },
    ]);
  });

  it("WHN-FIRE-4: a fire whose last circle is put out is gone; an unknown fire changes nothing", () => {
    expect(withoutCircle(s, "b", 0).fires.map((f) => f.id)).toEqual(["a", "c"]);
    expect(withoutCircle(s, "zz", 0).fires).toEqual(s.fires);
  });
});
