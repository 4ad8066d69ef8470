import { describe, expect, it } from "vitest";
import { apply, createBattle } from "../../src/index.js";
import { fnfLayoutOf, fnfScenario } from "../../src/rules/fnf/index.js";
import { advanceTo, brigade, events, fnfBattle, play, playWith, unit } from "./helpers.js";

const village = { id: "v", kind: "buildings", polygon: [{ x: 26, y: 22 }, { x: 32, y: 22 }, { x: 32, y: 27 }, { x: 26, y: 27 }], tags: {} };

describe("FnF organisation and detachments", () => {
  it("FNF-GEN-1 and FNF-SCALE-1: FnF is its own ruleset of brigades, batteries, leaders and detachments; WHN actions are refused", () => {
    const r = createBattle(fnfScenario("coa1811", 3));
    if (!r.ok) throw new Error("scenario");
    const kinds = new Set(Object.values(r.value.fnf?.units ?? {}).map((u) => u.kind));
    expect([...kinds].sort()).toEqual(["battery", "brigade", "detachment"]);
    expect(Object.keys(r.value.fnf?.leaders ?? {})).toHaveLength(6);
    const whn = apply(r.value, { type: "fnf/maneuver", unit: "fr-sarrut" });
    expect(whn.ok ? null : whn.violation).toMatchObject({ code: "action/wrong_phase", rule: "FNF-TURN-1" });
  });

  it("FNF-ORG-3: a battery is one gun model, FOOT, HORSE or HEAVY, LIMBERED or UNLIMBERED", () => {
    const gun = (type: "FOOT" | "HORSE" | "HEAVY", limbered: boolean) =>
      fnfLayoutOf({ kind: "battery", arm: "artillery", bases: 1, formation: "LINE", skirmishing: false, battery: { type, limbered, silenced: false, damaged: false, withdrawn: false }, position: { x: 10, y: 10 }, facing: 90 }).bases;
    expect(gun("FOOT", false)).toHaveLength(1);
    expect(gun("HEAVY", false)[0]?.rect.halfDepth).toBeCloseTo(3.1496 / 2, 4);
    expect(gun("HORSE", true)[0]?.rect.halfDepth).toBeCloseTo(4.7244 / 2, 4);
    expect(gun("HEAVY", true)[0]?.rect.halfDepth).toBeCloseTo(3.1496 / 2, 4);
  });

  it("FNF-ORG-4: every brigade and battery belongs to a division; an unknown division is rejected", () => {
    const r = createBattle({ ruleset: "fnf", seed: 1, sides: [{ id: "fr", name: "F" }, { id: "gb", name: "B" }], units: [], fnf: { units: { a: brigade("a", "fr", 10, 10, { division: "nobody" }) } } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.issues.some((i) => i.path.join(".").includes("division"))).toBe(true);
  });

  it("FNF-DET-1 and FNF-DET-2: a brigade detaches a base into hard cover within one move as a half-move formation change", () => {
    let s = advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 44) } }, [village]), "maneuver");
    s = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    const open = apply(s, { type: "fnf/detach", unit: "fr1", id: "fr1d", position: { x: 20, y: 26 }, facing: 90 });
    expect(open.ok ? null : open.violation).toMatchObject({ code: "fnf/not_hard_cover", rule: "FNF-DET-1" });
    s = play(s, { type: "fnf/detach", unit: "fr1", id: "fr1d", position: { x: 29, y: 25 }, facing: 90 });
    expect(unit(s, "fr1")).toMatchObject({ bases: 5, detached: 1, turn: { changedFormation: true } });
    expect(unit(s, "fr1d")).toMatchObject({ kind: "detachment", parent: "fr1", bases: 1 });
    expect(unit(s, "fr1").turn.maneuver?.allowance).toBe(6);
  });

  it("FNF-DET-3 and FNF-SKIRM-2: detachments never roll or move; a temporary one may rejoin; a permanent one may not", () => {
    const det = { id: "gbr", side: "fr", kind: "detachment", arm: "infantry", rifles: true, skirmishing: true, bases: 1, position: { x: 29, y: 25 }, facing: 90 };
    let s = advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20), gbr: det, gb1: brigade("gb1", "gb", 20, 44) } }, [village]), "maneuver");
    const roll = apply(s, { type: "fnf/maneuver", unit: "gbr" });
    expect(roll.ok ? null : roll.violation).toMatchObject({ code: "fnf/detachment_no_maneuver", rule: "FNF-DET-3" });
    const perm = apply(s, { type: "fnf/rejoin", detachment: "gbr" });
    expect(perm.ok ? null : perm.violation).toMatchObject({ code: "fnf/cannot_rejoin", rule: "FNF-DET-3" });
    s = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    s = play(s, { type: "fnf/detach", unit: "fr1", id: "fr1d", position: { x: 27.5, y: 23 }, facing: 90 });
    s = advanceTo(play(s, { type: "turn/advance" }), "maneuver", "fr");
    s = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    s = play(s, { type: "fnf/rejoin", detachment: "fr1d" });
    expect(unit(s, "fr1")).toMatchObject({ bases: 6, detached: 0 });
    expect(unit(s, "fr1d").removed).toBe("rejoined");
    expect(events(s, "fnf/rejoined")[0]?.rule).toBe("FNF-DET-2");
  });

  it("FNF-DET-4: a destroyed temporary detachment is a base lost by its parent (no longer Fresh)", () => {
    let s = advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 29, 28) } }, [village]), "maneuver");
    s = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    s = play(s, { type: "fnf/detach", unit: "fr1", id: "fr1d", position: { x: 29, y: 26.5 }, facing: 90 });
    s = advanceTo(s, "defensiveFire");
    s = playWith(s, [6, 6], { type: "fnf/fire", firer: "gb1", target: "fr1d" });
    expect(events(s, "fnf/fired")[0]).toMatchObject({ points: 5, score: 10, effect: "TELLING", modifiers: [{ name: "hardCover", value: -2 }] });
    expect(unit(s, "fr1d").removed).toBe("destroyed");
    expect(unit(s, "fr1")).toMatchObject({ bases: 5, detached: 0 });
  });
});
