import { describe, expect, it } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { defendsObstacle, mayEverPursue, obstacleBetween, pursue, restraint } from "../../src/rules/whn/combat/pursuit.js";
import { recorder, type Recorder } from "../../src/rules/whn/combat/recorder.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { engaged, foot } from "../fixtures/combat.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const ev = (type: string, rule: string, d: Record<string, unknown>) => ({ ...d, type, rule, seq: 0, gameTurn: 0 });
const W = 20 / 25.4;

function run(s: BattleState, f: (s: BattleState, r: Recorder) => BattleState, dice: number[] = []) {
  const m = makeContext(s, roller(scriptedDice(dice)));
  const out = f(s, recorder(m.ctx));
  return { out, events: m.sink.drafts };
}
const chase = (s: BattleState, fleeRoll: number, dice: number[] = [3, 4]) => run(s, (x, r) => pursue(x, r, "a" as never, "b" as never, fleeRoll), dice);

/** a (fr, facing north, front on y = 24) and b fleeing north, its rear edge 2.85" ahead of a. */
const fleeing = (extra: Parameters<typeof engaged>[2] = {}, a: object = {}) => engaged(a, { position: { x: 36, y: 30 }, facing: 90, order: "FLEEING" }, extra);
const WALL = { id: "wall", kind: "wall", polygon: [{ x: 30, y: 26.5 }, { x: 42, y: 26.5 }, { x: 42, y: 27 }, { x: 30, y: 27 }], tags: { obstacle: true } };

describe("who may pursue (WHN-BREAK-5, CORE-PURS-2)", () => {
  it("WHN-BREAK-5: squares and fleeing units never pursue; others may, disordered or not", () => {
    const u = unit(engaged(), "a");
    expect(mayEverPursue(u)).toBe(true);
    expect(mayEverPursue({ ...u, order: "DISORDERED" })).toBe(true);
    expect(mayEverPursue({ ...u, order: "FLEEING" })).toBe(false);
    expect(mayEverPursue({ ...u, formation: "SQUARE" })).toBe(false);
  });

  it("CORE-PURS-2: an obstacle lies between two points when the segment crosses its line or its area", () => {
    const s = fleeing({ terrain: [WALL] });
    expect(obstacleBetween(s, { x: 36, y: 20 }, { x: 36, y: 30 })).toBe(true);
    expect(obstacleBetween(s, { x: 36, y: 20 }, { x: 36, y: 26 })).toBe(false);
    expect(obstacleBetween(s, { x: 50, y: 20 }, { x: 50, y: 30 })).toBe(false);
    const hedge = { id: "h", kind: "hedge", polygon: [{ x: 30, y: 26.5 }, { x: 42, y: 26.5 }, { x: 42, y: 26.7 }, { x: 30, y: 26.7 }], polyline: [{ x: 30, y: 26.6 }, { x: 42, y: 26.6 }], tags: { obstacle: true } };
    expect(obstacleBetween(fleeing({ terrain: [hedge] }), { x: 36, y: 20 }, { x: 36, y: 30 })).toBe(true);
    const wood = { ...WALL, id: "wood", kind: "wood", tags: { obstacle: false } };
    expect(obstacleBetween(fleeing({ terrain: [wood] }), { x: 36, y: 20 }, { x: 36, y: 30 })).toBe(false);
    expect(defendsObstacle(s, unit(s, "a"), unit(s, "b"))).toBe(true);
    expect(defendsObstacle(fleeing(), unit(s, "a"), unit(s, "b"))).toBe(false);
  });
});

describe("restraint (CORE-PURS-1, CORE-PURS-2)", () => {
  it("CORE-PURS-1: a Leadership test: 7 against Ld 6 fails, 6 passes", () => {
    const s = fleeing();
    let passed: boolean | null = null;
    const failed = run(s, (x, r) => ((passed = restraint(x, r, unit(x, "a"), unit(x, "b"))), x), [3, 4]);
    expect(passed).toBe(false);
    expect(failed.events).toEqual([ev("combat/restraintTest", "CORE-PURS-1", { unit: "a", dice: [3, 4], total: 7, target: 6, passed: false })]);
    const held = run(s, (x, r) => ((passed = restraint(x, r, unit(x, "a"), undefined)), x), [2, 4]);
    expect(passed).toBe(true);
    expect(held.events).toEqual([ev("combat/restraintTest", "CORE-PURS-1", { unit: "a", dice: [2, 4], total: 6, target: 6, passed: true })]);
  });

  it("CORE-PURS-2: a unit defending an obstacle stays without a test", () => {
    const s = fleeing({ terrain: [WALL] });
    let passed: boolean | null = null;
    const out = run(s, (x, r) => ((passed = restraint(x, r, unit(x, "a"), unit(x, "b"))), x));
    expect(passed).toBe(true);
    expect(out.events).toEqual([ev("combat/restrained", "CORE-PURS-2", { unit: "a" })]);
  });
});

describe("pursue (CORE-PURS-3…7, CORE-GEO-27)", () => {
  it("CORE-PURS-4: a pursuit roll above the flee roll catches and destroys the quarry; the pursuer moves its roll", () => {
    const { out, events } = chase(fleeing(), 6);
    expect(events).toEqual([
      ev("combat/pursuit", "CORE-PURS-3", { unit: "a", quarry: "b", dice: [3, 4], roll: 7, fleeRoll: 6, halved: false, caught: true }),
      ev("unit/destroyed", "CORE-PURS-4", { unit: "b", by: "a" }),
      ev("combat/pursued", "CORE-PURS-4", { unit: "a", distance: 7, to: { x: 36, y: 31 } }),
    ]);
    expect(unit(out, "b").removed).toEqual({ reason: "destroyed", gameTurn: 1 });
    expect(unit(out, "a")).toEqual({ ...unit(fleeing(), "a"), position: { x: 36, y: 31 } });
  });

  it("CORE-PURS-4: an equal roll does not catch; the pursuer stops 0.5\" short of the quarry (CORE-GEO-27)", () => {
    const { out, events } = chase(fleeing(), 7);
    expect(events[0]).toEqual(ev("combat/pursuit", "CORE-PURS-3", { unit: "a", quarry: "b", dice: [3, 4], roll: 7, fleeRoll: 7, halved: false, caught: false }));
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ type: "combat/pursued", rule: "CORE-PURS-4", unit: "a" });
    expect(events[1]!["distance"] as number).toBeCloseTo(30 - 4 * W - 24 - 0.5, 6);
    expect(unit(out, "b").removed).toBeNull();
    expect(unit(out, "a").position.y).toBeCloseTo(30 - 4 * W - 0.5, 6);
  });

  it("CORE-PURS-4: a quarry not fleeing is never caught, whatever the roll", () => {
    const s = engaged({}, { position: { x: 36, y: 30 }, facing: 90 });
    const { events } = chase(s, 0);
    expect(events[0]).toMatchObject({ caught: false, roll: 7 });
  });

  it("CORE-PURS-3: 3D6 above M 6", () => {
    const s = fleeing({}, { profile: { M: 7, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 6 } });
    const { events } = chase(s, 9, [3, 4, 2]);
    expect(events[0]).toEqual(ev("combat/pursuit", "CORE-PURS-3", { unit: "a", quarry: "b", dice: [3, 4, 2], roll: 9, fleeRoll: 9, halved: false, caught: false }));
  });

  it("CORE-PURS-5: across an obstacle the roll is halved, rounding up, only with the option", () => {
    const halves = chase(fleeing({ terrain: [WALL], options: { core: { pursuitObstacleHalvesRoll: true } } }), 3);
    expect(halves.events).toEqual([
      ev("combat/pursuit", "CORE-PURS-3", { unit: "a", quarry: "b", dice: [3, 4], roll: 4, fleeRoll: 3, halved: true, caught: true }),
      ev("unit/destroyed", "CORE-PURS-4", { unit: "b", by: "a" }),
      ev("combat/pursued", "CORE-PURS-4", { unit: "a", distance: 4, to: { x: 36, y: 28 } }),
    ]);
    const ceil = chase(fleeing({ terrain: [WALL], options: { core: { pursuitObstacleHalvesRoll: true } } }), 4);
    expect(ceil.events[0]).toMatchObject({ roll: 4, halved: true, caught: false });
    const whole = chase(fleeing({ terrain: [WALL], options: { core: { pursuitObstacleHalvesRoll: false } } }), 3);
    expect(whole.events[0]).toMatchObject({ roll: 7, halved: false, caught: true });
  });

  it("CORE-PURS-6: a fresh enemy in the path stops the pursuer in contact and starts a new combat with it as charger", () => {
    const s = fleeing({ units: [foot("g", "gb", { position: { x: 36, y: 30.5 }, facing: 270 })] });
    const { out, events } = chase(s, 2);
    expect(events.map((e) => e.type)).toEqual(["combat/pursuit", "unit/destroyed", "combat/pursued", "combat/pursuitCharge"]);
    expect(events[2]!["distance"] as number).toBeCloseTo(6.5, 6);
    expect(events[3]).toEqual(ev("combat/pursuitCharge", "CORE-PURS-6", { unit: "a", target: "g", combat: "c1-p1" }));
    expect(out.combats["c1-p1" as never]).toEqual({ id: "c1-p1", units: ["a", "g"], chargers: ["a"], lastWinner: null, rounds: 0, squareness: {} });
    // A pursuit combat of that turn already there: the next number.
    const taken = { ...s, combats: { ...s.combats, "c1-p1": { ...s.combats["c1" as never]!, id: "c1-p1" } } } as BattleState;
    expect(chase(taken, 2).events[3]).toMatchObject({ combat: "c1-p2" });
  });

  it("CORE-PURS-7: a pursuer carried over the table edge leaves it, to return where it crossed", () => {
    const s = engaged({ position: { x: 36, y: 42.5 } }, { position: { x: 36, y: 46 }, facing: 90, order: "FLEEING" });
    const { out, events } = chase(s, 2);
    expect(events.slice(2)).toEqual([ev("combat/pursuedOffTable", "CORE-PURS-7", { unit: "a" })]);
    expect(unit(out, "a").removed).toEqual({ reason: "offTable", gameTurn: 1 });
    expect(unit(out, "a").returnAt).toEqual({ x: 36, y: 48 });
  });

  it("CORE-PURS-7 / CORE-CHAR-5: a joined character is left where the unit crossed the edge", () => {
    const hero = { id: "ney", side: "fr", name: "ney", profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 9 }, base: { w: W, d: W }, position: { x: 1, y: 1 }, facing: 0, joinedTo: "a" };
    const s = engaged({ position: { x: 36, y: 42.5 } }, { position: { x: 36, y: 46 }, facing: 90, order: "FLEEING" }, { characters: [hero] });
    const { out } = chase(s, 2);
    expect(out.characters["ney" as never]).toMatchObject({ joinedTo: null, position: { x: 36, y: 48 }, facing: 90 });
  });

  it("CORE-PURS-3: an unknown pursuer or quarry, or a removed pursuer, changes nothing", () => {
    const s = fleeing();
    expect(run(s, (x, r) => pursue(x, r, "zz" as never, "b" as never, 2), [])).toEqual({ out: s, events: [] });
    expect(run(s, (x, r) => pursue(x, r, "a" as never, "zz" as never, 2), [])).toEqual({ out: s, events: [] });
    const gone = { ...s, units: { ...s.units, a: { ...unit(s, "a"), removed: { reason: "destroyed", gameTurn: 1 } } } } as BattleState;
    expect(run(gone, (x, r) => pursue(x, r, "a" as never, "b" as never, 2), [])).toEqual({ out: gone, events: [] });
  });
});
