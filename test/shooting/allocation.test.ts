/** HR-VOLLEY-5/6 hand-out order and shares, pinned on ties (cases found by the sampled mutation run, #17). */
import { describe, expect, it } from "vitest";
import { allocateVolley, handOutOrder } from "../../src/rules/whn/shooting/allocation.js";

describe("volley roll allocation", () => {
  it("HR-VOLLEY-6: hand-out order is most models, then nearest the centre, then id; units with no model touched drop out", () => {
    const touched = [
      { id: "D", models: 0, distance: 0 },
      { id: "C", models: 3, distance: 1 },
      { id: "B", models: 3, distance: 1 },
      { id: "A", models: 3, distance: 2 },
      { id: "E", models: 5, distance: 9 },
    ];
    expect(handOutOrder(touched).map((t) => t.id)).toEqual(["E", "B", "C", "A"]);
    expect(handOutOrder([touched[1]!, touched[2]!]).map((t) => t.id)).toEqual(["B", "C"]);
    expect(handOutOrder([touched[2]!, touched[1]!]).map((t) => t.id)).toEqual(["B", "C"]);
  });

  it("HR-VOLLEY-5, HR-VOLLEY-6: with equal claims the odd roll goes to the first in hand-out order, in both modes", () => {
    const twins = [
      { id: "Y", models: 2, distance: 1 },
      { id: "X", models: 2, distance: 1 },
    ];
    expect(allocateVolley(3, twins, "roundRobin")).toEqual([{ id: "X", rolls: 2 }, { id: "Y", rolls: 1 }]);
    expect(allocateVolley(3, twins, "proportional")).toEqual([{ id: "X", rolls: 2 }, { id: "Y", rolls: 1 }]);
    expect(allocateVolley(9, twins, "proportional")).toEqual([{ id: "X", rolls: 2 }, { id: "Y", rolls: 2 }]);
    expect(allocateVolley(-1, twins, "roundRobin")).toEqual([]);
    expect(allocateVolley(1, twins, "proportional")).toEqual([{ id: "X", rolls: 1 }]);
  });
});
