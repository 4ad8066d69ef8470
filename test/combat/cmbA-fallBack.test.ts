import { describe, expect, it } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { cavalryFallBack, fallBack, fallBackDistance, flowPast, shifted, travel } from "../../src/rules/whn/combat/fallBack.js";
import { recorder, type Recorder } from "../../src/rules/whn/combat/recorder.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { forward } from "../../src/geometry/vec.js";
import { engaged, foot, horse } from "../fixtures/combat.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const W = 20 / 25.4;
const ev = (type: string, rule: string, d: Record<string, unknown>) => ({ ...d, type, rule, seq: 0, gameTurn: 0 });
const CAV = { troopType: "cavalry" as const, base: { w: 25 / 25.4, d: 50 / 25.4 }, formation: "CAV_LINE" as const, files: 5, figures: 5 };
const cavProfile = (M: number) => ({ M, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 });

function run(s: BattleState, f: (s: BattleState, r: Recorder) => BattleState, dice: number[] = []) {
  const m = makeContext(s, roller(scriptedDice(dice)));
  const out = f(s, recorder(m.ctx));
  return { out, events: m.sink.drafts };
}

describe("fallBackDistance and shifted (WHN-BREAK-2)", () => {
  it("WHN-BREAK-2: M, half M in square; the halfM option halves both", () => {
    const s = engaged({ profile: cavProfile(6) }, { formation: "SQUARE", files: 4, figures: 16, profile: cavProfile(6) });
    expect(fallBackDistance(s, unit(s, "a"))).toBe(6);
    expect(fallBackDistance(s, unit(s, "b"))).toBe(3);
    const h = engaged({ profile: cavProfile(6) }, { formation: "SQUARE", files: 4, figures: 16, profile: cavProfile(6) }, { options: { whn: { fallBackDistance: "halfM" } } });
    expect(fallBackDistance(h, unit(h, "a"))).toBe(3);
    expect(fallBackDistance(h, unit(h, "b"))).toBe(1.5);
  });

  it("WHN-BREAK-2: a unit is moved rigidly: its position and every placed model move by the same vector", () => {
    const u = unit(engaged(), "a");
    expect(shifted(u, { x: 1, y: -2 })).toEqual({ ...u, position: { x: 37, y: 22 } });
    const placed = { ...u, models: [{ x: 1, y: 2, facing: 90 }, { x: 3, y: 4, facing: 0 }] } as unknown as Unit;
    expect(shifted(placed, { x: 1, y: -2 }).models).toEqual([
      { x: 2, y: 0, facing: 90 },
      { x: 4, y: 2, facing: 0 },
    ]);
  });
});

describe("fallBack (WHN-BREAK-2, AMB-29)", () => {
  it("WHN-BREAK-2: a clear path: M directly away from the enemy, facing and order kept", () => {
    const s = engaged({}, { order: "DISORDERED" });
    const { out, events } = run(s, (x, r) => fallBack(x, r, "b" as never, "a" as never));
    expect(events).toEqual([ev("combat/fellBack", "WHN-BREAK-2", { unit: "b", from: "a", to: { x: 36, y: 28 } })]);
    expect(unit(out, "b")).toEqual({ ...unit(s, "b"), position: { x: 36, y: 28 } });
  });

  it("WHN-BREAK-2: with no known enemy it falls back straight behind itself", () => {
    const { events } = run(engaged(), (x, r) => fallBack(x, r, "b" as never, "zz" as never));
    expect(events).toEqual([ev("combat/fellBack", "WHN-BREAK-2", { unit: "b", from: "zz", to: { x: 36, y: 28 } })]);
  });

  it("WHN-BREAK-2: a friend behind stops it 0.5\" short", () => {
    const s = engaged({}, {}, { units: [foot("f", "gb", { position: { x: 36, y: 24 + 4 * W + 2 }, facing: 270 })] });
    const { out, events } = run(s, (x, r) => fallBack(x, r, "b" as never, "a" as never));
    expect(events).toEqual([ev("combat/fellBack", "WHN-BREAK-2", { unit: "b", from: "a", to: { x: 36, y: 25.5 } })]);
    expect(unit(out, "b").position).toEqual({ x: 36, y: 25.5 });
  });

  it("WHN-BREAK-2 / CORE-GEO-28: a fall back stops at the table edge", () => {
    const s = engaged({ position: { x: 36, y: 42 } }, { position: { x: 36, y: 42 } });
    const { out } = run(s, (x, r) => fallBack(x, r, "b" as never, "a" as never));
    expect(unit(out, "b").position.y).toBeCloseTo(48 - 4 * W, 9);
    expect(unit(out, "b").removed).toBeNull();
  });

  it("AMB-29: a unit that cannot get clear of the enemy flees instead, its friends nearby testing for Panic", () => {
    const s = engaged({}, {}, { units: [foot("f", "gb", { position: { x: 36, y: 24 + 4 * W }, facing: 270 })] });
    const { out, events } = run(s, (x, r) => fallBack(x, r, "b" as never, "a" as never), [3, 4, 3, 4]);
    expect(events[0]).toEqual(ev("combat/fallBackBlocked", "WHN-BREAK-2", { unit: "b", from: "a" }));
    expect(events.map((e) => [e.type, e.rule])).toEqual([
      ["combat/fallBackBlocked", "WHN-BREAK-2"],
      ["morale/panicTest", "CORE-PANIC-5"],
      ["unit/disordered", "WHN-PANIC-3"],
      ["unit/fled", "WHN-BREAK-2"],
    ]);
    expect(events[3]).toMatchObject({ unit: "b", from: "a", cause: "WHN-BREAK-2", dice: [3, 4] });
    expect(unit(out, "b").order).toBe("FLEEING");
  });

  it("WHN-BREAK-2: a fleeing, removed, emptied or unknown unit does not fall back", () => {
    for (const b of [{ order: "FLEEING" as const }, { figures: 0 }]) {
      const s = engaged({}, b);
      const { out, events } = run(s, (x, r) => fallBack(x, r, "b" as never, "a" as never));
      expect(out).toBe(s);
      expect(events).toEqual([]);
    }
    const s = engaged();
    const gone = { ...s, units: { ...s.units, b: { ...unit(s, "b"), removed: { reason: "destroyed", gameTurn: 1 } } } } as BattleState;
    expect(run(gone, (x, r) => fallBack(x, r, "b" as never, "a" as never)).out).toBe(gone);
    expect(run(s, (x, r) => fallBack(x, r, "zz" as never, "a" as never)).out).toBe(s);
  });
});

describe("cavalryFallBack (WHN-BREAK-4)", () => {
  it("WHN-BREAK-4: winning cavalry touching no enemy falls back M directly away, facing and order kept", () => {
    const s = engaged({}, {}, { units: [horse("h", "fr", { position: { x: 20, y: 10 }, facing: 90 })] });
    const { out, events } = run(s, (x, r) => cavalryFallBack(x, r, "h" as never, "b" as never));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "combat/fellBack", rule: "WHN-BREAK-4", unit: "h", from: "b" });
    const to = unit(out, "h").position;
    expect(Math.hypot(to.x - 20, to.y - 10)).toBeCloseTo(8, 9);
    expect(to.x).toBeLessThan(20);
    expect(to.y).toBeLessThan(10);
    expect(unit(out, "h")).toEqual({ ...unit(s, "h"), position: to });
  });

  it("WHN-BREAK-4: cavalry still touching an enemy stays; a fleeing or unknown unit is left alone", () => {
    const s = engaged(CAV, {});
    expect(run(s, (x, r) => cavalryFallBack(x, r, "a" as never, "b" as never))).toEqual({ out: s, events: [] });
    const f = engaged({}, {}, { units: [horse("h", "fr", { position: { x: 20, y: 10 }, facing: 90, order: "FLEEING" })] });
    expect(run(f, (x, r) => cavalryFallBack(x, r, "h" as never, "b" as never)).out).toBe(f);
    expect(run(f, (x, r) => cavalryFallBack(x, r, "zz" as never, "b" as never)).out).toBe(f);
  });
});

describe("flowPast (WHN-BREAK-3, AMB-30)", () => {
  it("WHN-BREAK-3: cavalry that lost to a square flows M straight ahead through it", () => {
    const s = engaged({ ...CAV, profile: cavProfile(8) }, { formation: "SQUARE", files: 2, figures: 8 });
    const { out, events } = run(s, (x, r) => flowPast(x, r, "a" as never, "b" as never));
    expect(events).toEqual([ev("combat/flowedPast", "WHN-BREAK-3", { unit: "a", square: "b", distance: 8 })]);
    expect(unit(out, "a")).toEqual({ ...unit(s, "a"), position: { x: 36, y: 32 } });
  });

  it("AMB-30: when M leaves it on the square, it goes on until clear of it", () => {
    const s = engaged({ ...CAV, profile: cavProfile(3) }, { formation: "SQUARE", files: 4, figures: 16 });
    const { out, events } = run(s, (x, r) => flowPast(x, r, "a" as never, "b" as never));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "combat/flowedPast", rule: "WHN-BREAK-3", unit: "a", square: "b" });
    const d = events[0]!["distance"] as number;
    expect(d).toBeGreaterThan(3);
    expect(unit(out, "a").position.y).toBeCloseTo(24 + d, 9);
    expect(unit(out, "a").removed).toBeNull();
  });

  it("WHN-BREAK-3: something beyond the square that stops it on the square destroys it", () => {
    const s = engaged({ ...CAV, profile: cavProfile(3) }, { formation: "SQUARE", files: 4, figures: 16 }, { units: [foot("f", "fr", { position: { x: 36, y: 24 + 5 * W + 1 }, facing: 270 })] });
    const { out, events } = run(s, (x, r) => flowPast(x, r, "a" as never, "b" as never));
    expect(events).toEqual([ev("unit/destroyed", "WHN-BREAK-3", { unit: "a", reason: "trapped on the square" })]);
    expect(unit(out, "a").removed).toMatchObject({ reason: "destroyed" });
    expect(unit(out, "a").position).toEqual({ x: 36, y: 24 });
  });

  it("WHN-BREAK-3: a removed, emptied or unknown unit does not flow", () => {
    const s0 = engaged({ ...CAV, profile: cavProfile(8) }, { formation: "SQUARE", files: 2, figures: 8 });
    const s = { ...s0, units: { ...s0.units, a: { ...unit(s0, "a"), figures: 0 } } } as BattleState;
    expect(run(s, (x, r) => flowPast(x, r, "a" as never, "b" as never))).toEqual({ out: s, events: [] });
    const gone = { ...s0, units: { ...s0.units, a: { ...unit(s0, "a"), removed: { reason: "destroyed", gameTurn: 1 } } } } as BattleState;
    expect(run(gone, (x, r) => flowPast(x, r, "a" as never, "b" as never)).out).toBe(gone);
    expect(run(s, (x, r) => flowPast(x, r, "zz" as never, "b" as never)).out).toBe(s);
  });
});

describe("travel (WHN-BREAK-2, CORE-GEO-28)", () => {
  it("CORE-GEO-28: travel is cut at the table edge and never negative; a short move is made as asked", () => {
    const s = engaged();
    // b's rear edge stands at y = 24 + its depth; the table is 48" deep.
    expect(travel(s, unit(s, "b"), forward(90), 30, new Set())).toBeCloseTo(48 - 24 - 4 * W, 9);
    expect(travel(s, unit(s, "b"), forward(90), 0.001, new Set())).toBe(0.001);
    expect(travel(s, unit(s, "b"), forward(90), 0, new Set())).toBe(0);
  });

  it("WHN-BREAK-2: a unit listed to ignore does not block", () => {
    const s = engaged({}, {}, { units: [foot("f", "gb", { position: { x: 36, y: 24 + 4 * W + 2 }, facing: 270 })] });
    expect(travel(s, unit(s, "b"), forward(90), 4, new Set())).toBeCloseTo(1.5, 9);
    expect(travel(s, unit(s, "b"), forward(90), 4, new Set(["f"]))).toBe(4);
  });
});
