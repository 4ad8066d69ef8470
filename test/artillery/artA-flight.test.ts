import { describe, expect, it } from "vitest";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { layoutUnit } from "../../src/geometry/layout.js";
import { scatter } from "../../src/geometry/templates.js";
import { bounceLine, burstHits, flightOutcomes, lineHits, rollFlight, targetsOf } from "../../src/rules/whn/artillery/flight.js";

const dice = (d6: number[], angles: number[] = []) => roller(scriptedDice(d6, angles));
const aim = { x: 10, y: 20 };
// A block of `files` × 1 bases 1" square, front edge centred at (x, y), facing north (+y).
const block = (id: string, x: number, y: number, files = 1) => ({ id, layout: layoutUnit({ kind: "block", files, count: files, base: { w: 1, d: 1 } }, { p: { x, y }, facing: 90 }) });

describe("rollFlight (WHN-ART-9)", () => {
  it("WHN-ART-9: a hit lands on the aim point with the artillery die as the bounce", () => {
    const d = dice([4, 3]);
    expect(rollFlight(d, 4, aim)).toEqual({ kind: "lands", onTarget: true, landing: aim, bounce: 6, scatter: null });
    expect(d.draws).toBe(2);
  });

  it("WHN-ART-9: a hit followed by MISFIRE is a dud at the hit", () => {
    expect(rollFlight(dice([6, 6]), 4, aim)).toEqual({ kind: "dud", onTarget: true, misfireAt: "hit" });
  });

  it("WHN-ART-9: a miss with MISFIRE is a dud before the scatter die", () => {
    const d = dice([3, 6]);
    expect(rollFlight(d, 4, aim)).toEqual({ kind: "dud", onTarget: false, misfireAt: "scatter" });
    expect(d.draws).toBe(2);
  });

  it("WHN-ART-9: a miss whose scatter die shows HIT (faces 1, 2) lands on the aim point; the bounce is the next artillery die", () => {
    for (const face of [1, 2]) {
      const d = dice([1, 5, face, 1]);
      expect(rollFlight(d, 4, aim)).toEqual({ kind: "lands", onTarget: false, landing: aim, bounce: 2, scatter: { distance: 10, face: "HIT", angle: null } });
      expect(d.draws).toBe(4);
    }
  });

  it("CORE-GEO-30: a miss with an arrow (face 3) moves the landing the first die's inches along the drawn angle", () => {
    const d = dice([1, 2, 3, 4], [180]);
    expect(rollFlight(d, 4, aim)).toEqual({ kind: "lands", onTarget: false, landing: scatter(aim, 4, 180), bounce: 8, scatter: { distance: 4, face: "ARROW", angle: 180 } });
    expect(scatter(aim, 4, 180).x).toBeCloseTo(6, 9);
    expect(scatter(aim, 4, 180).y).toBeCloseTo(20, 9);
  });

  it("WHN-ART-9: a miss whose bounce die is MISFIRE is a dud at the bounce", () => {
    expect(rollFlight(dice([1, 1, 6, 6], [45]), 4, aim)).toEqual({ kind: "dud", onTarget: false, misfireAt: "bounce" });
  });

  it("CORE-SHOOT-3: need 7 rolls a follow-up die: 6 then 4 hits, 6 then 3 misses", () => {
    expect(rollFlight(dice([6, 4, 1]), 7, aim)).toMatchObject({ kind: "lands", onTarget: true, bounce: 2 });
    expect(rollFlight(dice([6, 3, 1, 1, 1]), 7, aim)).toMatchObject({ kind: "lands", onTarget: false, bounce: 2 });
  });
});

describe("flightOutcomes (WHN-ART-9, CORE-GEO-30)", () => {
  it("WHN-ART-9: need 4 — dud 1/6 + 1/2·1/6 + 1/2·5/6·1/6, five aim landings, 25·cells arrow landings, total 1", () => {
    const o = flightOutcomes(4, aim, 4);
    expect(o.pHit).toBe(0.5);
    expect(o.pDud).toBeCloseTo(0.5 / 6 + 0.5 / 6 + (0.5 * 5) / 36, 12);
    expect(o.landings).toHaveLength(5 + 5 * 4 * 5);
    const pAim = 0.5 / 6 + 0.5 * (5 / 6) * (2 / 6) * (1 / 6);
    expect(o.landings.slice(0, 5).map((l) => [l.landing, l.bounce])).toEqual([2, 4, 6, 8, 10].map((b) => [aim, b]));
    for (const l of o.landings.slice(0, 5)) expect(l.p).toBeCloseTo(pAim, 12);
    const pCell = (0.5 * (1 / 6) * (4 / 6) * (1 / 6)) / 4;
    for (const l of o.landings.slice(5)) expect(l.p).toBeCloseTo(pCell, 12);
    const total = o.pDud + o.landings.reduce((a, l) => a + l.p, 0);
    expect(total).toBeCloseTo(1, 12);
  });

  it("CORE-GEO-30: the arrow landings use cell midpoints (i + ½)·360/cells for each distance, each with every bounce", () => {
    const o = flightOutcomes(4, aim, 2);
    const arrows = o.landings.slice(5);
    // distance 2, cell 0 (φ = 90°), bounces 2…10; then cell 1 (φ = 270°).
    expect(arrows.slice(0, 5).map((l) => l.bounce)).toEqual([2, 4, 6, 8, 10]);
    expect(arrows[0]?.landing).toEqual(scatter(aim, 2, 90));
    expect(arrows[5]?.landing).toEqual(scatter(aim, 2, 270));
    expect(arrows[10]?.landing).toEqual(scatter(aim, 4, 90));
    expect(arrows[45]?.landing).toEqual(scatter(aim, 10, 270));
  });

  it("WHN-ART-9: need 2 (5/6 to hit) weighs the arrow cells by the 1/6 miss; an impossible shot lands only by scatter", () => {
    const sure = flightOutcomes(2, aim, 3);
    expect(sure.pHit).toBeCloseTo(5 / 6, 12);
    expect(sure.pDud).toBeCloseTo(5 / 36 + 1 / 36 + 5 / 216, 12);
    for (const l of sure.landings.slice(5)) expect(l.p).toBeCloseTo(((1 / 6) * (1 / 6) * (4 / 6) * (1 / 6)) / 3, 12);
    const never = flightOutcomes(10, aim, 3);
    expect(never.pHit).toBe(0);
    expect(never.pDud).toBeCloseTo(1 / 6 + 5 / 36, 12);
  });
});

describe("targets, bounce lines and bursts (CORE-GEO-29, CORE-GEO-32)", () => {
  it("targetsOf: centre of the footprint and a radius reaching its far corner", () => {
    const [t] = targetsOf([block("a", 0, 10, 3)]);
    expect(t?.centre.x).toBeCloseTo(0, 9);
    expect(t?.centre.y).toBeCloseTo(9.5, 9);
    expect(t?.radius).toBeCloseTo(Math.hypot(1.5, 0.5), 9);
  });

  it("CORE-GEO-32: the bounce line runs from the landing `bounce` inches directly away from the muzzle", () => {
    const seg = bounceLine({ x: 0, y: 0 }, { x: 0, y: 10 }, { x: 3, y: 4 }, 5);
    expect(seg.from).toEqual({ x: 3, y: 4 });
    expect(seg.to.x).toBeCloseTo(6, 9);
    expect(seg.to.y).toBeCloseTo(8, 9);
    // landing on the muzzle: the aim direction is used.
    const onMuzzle = bounceLine({ x: 0, y: 0 }, { x: 0, y: 10 }, { x: 0, y: 0 }, 4);
    expect(onMuzzle.to.x).toBeCloseTo(0, 9);
    expect(onMuzzle.to.y).toBeCloseTo(4, 9);
  });

  it("CORE-GEO-32: lineHits orders units along the line, not by input order, and skips units off the line", () => {
    const ts = targetsOf([block("far", 0, 20), block("near", 0, 10), block("aside", 30, 15)]);
    expect(lineHits({ from: { x: 0, y: 0 }, to: { x: 0, y: 30 } }, ts)).toEqual([
      { id: "near", hits: 1, models: [0] },
      { id: "far", hits: 1, models: [0] },
    ]);
    expect(lineHits({ from: { x: 0, y: 0 }, to: { x: 0, y: 5 } }, ts)).toEqual([]);
  });

  it("CORE-GEO-32: two units met at the same point are ordered by id, whatever the input order", () => {
    const seg = { from: { x: 0, y: 0 }, to: { x: 0, y: 30 } };
    const want = [
      { id: "a", hits: 1, models: [0] },
      { id: "b", hits: 1, models: [0] },
    ];
    expect(lineHits(seg, targetsOf([block("a", 0, 10), block("b", 0, 10)]))).toEqual(want);
    expect(lineHits(seg, targetsOf([block("b", 0, 10), block("a", 0, 10)]))).toEqual(want);
  });

  it("CORE-GEO-29: burstHits lists touched models, nearest unit first; ties by id; untouched units left out", () => {
    const ts = targetsOf([block("far", 0, 2.2, 3), block("near", 0, 1, 1), block("away", 20, 20)]);
    expect(burstHits({ x: 0, y: 0.5 }, 2, ts)).toEqual([
      { id: "near", hits: 1, models: [0] },
      { id: "far", hits: 3, models: [0, 1, 2] },
    ]);
    const want = [
      { id: "a", hits: 1, models: [0] },
      { id: "b", hits: 1, models: [0] },
    ];
    expect(burstHits({ x: 0, y: 0 }, 2, targetsOf([block("a", 0, 1), block("b", 0, 1)]))).toEqual(want);
    expect(burstHits({ x: 0, y: 0 }, 2, targetsOf([block("b", 0, 1), block("a", 0, 1)]))).toEqual(want);
    expect(burstHits({ x: 0, y: -5 }, 2, ts)).toEqual([]);
  });
});
