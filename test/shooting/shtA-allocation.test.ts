/**
 * allocation.ts as a whole: the hand-out order of a template volley's rolls (HR-VOLLEY-6) and both
 * ways of sharing them (HR-VOLLEY-5: round robin by default, largest remainder as the option).
 */
import { describe, expect, it } from "vitest";
import { allocateVolley, handOutOrder } from "../../src/rules/whn/shooting/allocation.js";

const t = (id: string, models: number, distance: number) => ({ id, models, distance });

describe("hand-out order (HR-VOLLEY-6)", () => {
  it("HR-VOLLEY-6: most models first, then nearest the centre, then id; untouched units left out", () => {
    expect(handOutOrder([t("a", 3, 2), t("b", 3, 1), t("c", 5, 9), t("d", 0, 0)]).map((x) => x.id)).toEqual(["c", "b", "a"]);
    expect(handOutOrder([t("x", 2, 1), t("w", 2, 1), t("y", 2, 1)]).map((x) => x.id)).toEqual(["w", "x", "y"]);
    expect(handOutOrder([t("w", 2, 1), t("x", 2, 1)]).map((x) => x.id)).toEqual(["w", "x"]);
  });

  it("HR-VOLLEY-6: the input list is left as it was", () => {
    const list = [t("a", 1, 0), t("b", 4, 0)];
    handOutOrder(list);
    expect(list.map((x) => x.id)).toEqual(["a", "b"]);
  });
});

describe("sharing the rolls (HR-VOLLEY-5)", () => {
  it("HR-VOLLEY-5: seven archers on 9 and 4 models: 4 and 3, round robin", () => {
    expect(allocateVolley(7, [t("A", 9, 0), t("B", 4, 1)], "roundRobin")).toEqual([{ id: "A", rolls: 4 }, { id: "B", rolls: 3 }]);
  });

  it("HR-VOLLEY-5: round robin skips a unit once each of its touched models has a roll", () => {
    expect(allocateVolley(5, [t("A", 1, 0), t("B", 5, 1)], "roundRobin")).toEqual([{ id: "B", rolls: 4 }, { id: "A", rolls: 1 }]);
    expect(allocateVolley(7, [t("A", 9, 0), t("B", 4, 1), t("C", 2, 2)], "roundRobin")).toEqual([
      { id: "A", rolls: 3 }, { id: "B", rolls: 2 }, { id: "C", rolls: 2 },
    ]);
  });

  it("HR-VOLLEY-5: never more rolls than shooters or models touched; none for no shooters", () => {
    expect(allocateVolley(20, [t("A", 3, 0), t("B", 2, 1)], "roundRobin")).toEqual([{ id: "A", rolls: 3 }, { id: "B", rolls: 2 }]);
    expect(allocateVolley(20, [t("A", 3, 0), t("B", 2, 1)], "proportional")).toEqual([{ id: "A", rolls: 3 }, { id: "B", rolls: 2 }]);
    expect(allocateVolley(0, [t("A", 3, 0)], "roundRobin")).toEqual([]);
    expect(allocateVolley(-2, [t("A", 3, 0)], "proportional")).toEqual([]);
    expect(allocateVolley(4, [], "roundRobin")).toEqual([]);
  });

  it("HR-VOLLEY-5: proportional shares floor each share, then hand the rest by largest remainder", () => {
    // 7 × (9, 4, 2) / 15 = 4.2, 1.87, 0.93 → 4, 1, 0 and two more to C then B.
    expect(allocateVolley(7, [t("A", 9, 0), t("B", 4, 1), t("C", 2, 2)], "proportional")).toEqual([
      { id: "A", rolls: 4 }, { id: "B", rolls: 2 }, { id: "C", rolls: 1 },
    ]);
  });

  it("HR-VOLLEY-5: equal remainders go in hand-out order; a unit given nothing is left out", () => {
    expect(allocateVolley(1, [t("A", 2, 5), t("B", 2, 1)], "proportional")).toEqual([{ id: "B", rolls: 1 }]);
    expect(allocateVolley(2, [t("A", 9, 0), t("B", 1, 1)], "proportional")).toEqual([{ id: "A", rolls: 2 }]);
    expect(allocateVolley(2, [t("A", 9, 0), t("B", 1, 1)], "roundRobin")).toEqual([{ id: "A", rolls: 1 }, { id: "B", rolls: 1 }]);
  });
});
