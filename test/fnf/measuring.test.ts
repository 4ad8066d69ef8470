import { describe, expect, it } from "vitest";
import { FusilladeError, createBattle, fnf, scenarios } from "../../src/index.js";
import { brigade, fnfBattle } from "./helpers.js";

const leaders = {
  c1: { id: "c1", side: "fr", rank: "corps", position: { x: 20, y: 12 } },
  d1: { id: "d1", side: "fr", rank: "division", superior: "c1", position: { x: 20, y: 16 } },
} as const;

function battle(gbY = 40, d1: Record<string, unknown> = {}, terrain: unknown[] = []) {
  return fnfBattle(
    {
      leaders: { ...leaders, d1: { ...leaders.d1, ...d1 } },
      units: { fr1: brigade("fr1", "fr", 20, 20, { division: "d1" }), gb1: brigade("gb1", "gb", 20, gbY), gb2: brigade("gb2", "gb", 60, 30) },
    },
    terrain,
  );
}

// A wood 8" deep across the table between the lines (more than 2" of woods blocks sight, FNF-GEO-8).
const wood = { id: "w", kind: "woods", polygon: [{ x: 0, y: 26 }, { x: 40, y: 26 }, { x: 40, y: 34 }, { x: 0, y: 34 }], tags: {} };

describe("FnF measuring helpers", () => {
  it("FNF-GEO-3: distanceBetween measures front edge to front edge, both ways, 0 in contact", () => {
    const s = battle(40);
    expect(fnf.distanceBetween(s, "fr1", "gb1")).toBeCloseTo(20, 9);
    expect(fnf.distanceBetween(s, "gb1", "fr1")).toBeCloseTo(20, 9);
    expect(fnf.distanceBetween(battle(23), "fr1", "gb1")).toBeCloseTo(3, 9);
    expect(fnf.distanceBetween(battle(20), "fr1", "gb1")).toBeCloseTo(0, 9);
  });

  it("FNF-CMD-1 and FNF-CMD-4: commandOf gives the standing, the leader, the distance and his radius", () => {
    const near = fnf.commandOf(battle(), "fr1");
    expect(near).toMatchObject({ standing: "inRadius", inCommand: true, leader: "d1", radius: fnf.COMMAND_RADIUS.division.normal });
    expect(near.distance).not.toBeNull();
    expect(near.distance ?? Infinity).toBeLessThanOrEqual(near.radius ?? 0);
    const out = fnf.commandOf(battle(40, { position: { x: 20, y: 8 } }), "fr1");
    expect(out).toMatchObject({ standing: "outOfRadius", inCommand: false, leader: "d1" });
    expect(out.distance ?? 0).toBeGreaterThan(out.radius ?? Infinity);
    expect(fnf.commandOf(battle(40, { position: { x: 60, y: 20 } }), "fr1").standing).toBe("beyondMove");
    expect(fnf.inCommand(battle(), "fr1")).toBe(true);
    expect(fnf.inCommand(battle(40, { position: { x: 20, y: 8 } }), "fr1")).toBe(false);
  });

  it("FNF-CMD-4: a unit with no division is in command with no leader", () => {
    expect(fnf.commandOf(battle(), "gb1")).toEqual({ standing: "inRadius", inCommand: true, leader: null, distance: null, radius: null });
  });

  it("FNF-GEO-8: sees and visibleUnits: open ground sees (nearest first), a deep wood blocks, the front arc narrows", () => {
    const open = battle(40);
    expect(fnf.sees(open, "fr1", "gb1")).toBe(true);
    expect(fnf.visibleUnits(open, "fr1")).toEqual(["gb2", "gb1"].sort((a, b) => fnf.distanceBetween(open, "fr1", a) - fnf.distanceBetween(open, "fr1", b)));
    const wooded = battle(40, {}, [wood]);
    expect(fnf.sees(wooded, "fr1", "gb1")).toBe(false);
    expect(fnf.visibleUnits(wooded, "fr1")).not.toContain("gb1");
    // gb2 stands well off to the flank: seen, but outside every base's front arc.
    expect(fnf.sees(open, "fr1", "gb2")).toBe(true);
    expect(fnf.visibleUnits(open, "fr1", { inArc: true })).toEqual(["gb1"]);
  });

  it("FNF-GEO-3: unknown ids and WHN battles are a FusilladeError, the state untouched", () => {
    const s = battle();
    const before = JSON.stringify(s);
    expect(() => fnf.distanceBetween(s, "fr1", "nope")).toThrow(FusilladeError);
    expect(() => fnf.commandOf(s, "nope")).toThrow(/no unit "nope"/);
    expect(() => fnf.sees(s, "nope", "gb1")).toThrow(FusilladeError);
    const whn = createBattle(scenarios.ridgeAction(1));
    if (!whn.ok) throw new Error("setup");
    expect(() => fnf.inCommand(whn.value, "fr-1e")).toThrow(/needs an FnF battle/);
    expect(JSON.stringify(s)).toBe(before);
  });

  it("FNF-GEO-2: the deprecated stuttering names are the same functions", () => {
    expect(fnf.fnfFirePoints).toBe(fnf.firePoints);
    expect(fnf.fnfScenario).toBe(fnf.scenario);
    expect(fnf.fnfStands).toBe(fnf.stands);
    expect(fnf.fnfLayoutOf).toBe(fnf.layoutOf);
  });
});
