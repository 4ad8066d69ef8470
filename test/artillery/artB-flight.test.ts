import { describe, expect, it } from "vitest";
import { layoutUnit } from "../../src/geometry/layout.js";
import { lineHits, targetsOf } from "../../src/rules/whn/artillery/flight.js";

// Blocks of 1" bases facing north (+y): front edge centred at (x, y), ranks behind it (−y).
const block = (id: string, x: number, y: number, files: number, count: number) => ({ id, layout: layoutUnit({ kind: "block", files, count, base: { w: 1, d: 1 } }, { p: { x, y }, facing: 90 }) });

describe("lineHits ordering (CORE-GEO-32)", () => {
  it("CORE-GEO-32: a unit is placed on the line by the first of its models the ball meets, not its last", () => {
    // a five-deep column spanning y 1 … 6 (models at 1.5 … 5.5) and a single base at y 3 … 4 (3.5)
    const ts = targetsOf([block("mid", 0, 4, 1, 1), block("col", 0, 6, 1, 5)]);
    const hits = lineHits({ from: { x: 0, y: 0 }, to: { x: 0, y: 30 } }, ts);
    expect(hits.map((h) => h.id)).toEqual(["col", "mid"]);
    expect(hits[1]).toEqual({ id: "mid", hits: 1, models: [0] });
  });

  it("CORE-GEO-32: the line's direction sets the order (coming from the far end reverses it)", () => {
    const ts = targetsOf([block("mid", 0, 4, 1, 1), block("col", 0, 6, 1, 5)]);
    // from y 30 down: col's model at 5.5 (24.5 along) is met before mid's at 3.5 (26.5 along)
    const hits = lineHits({ from: { x: 0, y: 30 }, to: { x: 0, y: 0 } }, ts);
    expect(hits.map((h) => h.id)).toEqual(["col", "mid"]);
    const single = targetsOf([block("a", 0, 4, 1, 1), block("b", 0, 10, 1, 1)]);
    expect(lineHits({ from: { x: 0, y: 30 }, to: { x: 0, y: 0 } }, single).map((h) => h.id)).toEqual(["b", "a"]);
  });

  it("CORE-GEO-32: a unit within its bounding radius of the line but with no base on it is not hit", () => {
    const ts = targetsOf([block("wide", 0.9, 5, 3, 3)]);
    expect(lineHits({ from: { x: -0.65, y: 0 }, to: { x: -0.65, y: 30 } }, ts)).toEqual([]);
  });
});
