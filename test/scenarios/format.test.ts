import { describe, expect, it } from "vitest";
import { createBattle, formatInputError, FusilladeError, scenarios } from "../../src/index.js";

const { builtinScenario, BUILTIN_SCENARIO_IDS, BUILTIN_SCENARIO_FILES, parseScenario, parseScenarioText, scenarioSetup, createScenarioBattle } = scenarios;

describe("scenario files", () => {
  it.each(BUILTIN_SCENARIO_IDS)("the built-in scenario %s validates and creates a battle", (id) => {
    const s = builtinScenario(id);
    expect(s.id).toBe(id);
    expect(s.sides.map((x) => x.id)).toEqual(["fr", "gb"]);
    expect(s.victory.conditions.length).toBeGreaterThan(0);
    const r = createBattle(scenarioSetup(s, 42));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const units = s.sides.flatMap((x) => x.units);
    expect(Object.keys(r.value.units)).toEqual(units.map((u) => u.id));
    expect(r.value.turn).toMatchObject({ maxTurns: s.maxTurns, firstSide: "fr", phase: "start" });
    const joined = s.sides.flatMap((x) => x.characters).filter((c) => c.joinedTo !== undefined);
    for (const c of joined) expect(r.value.characters[c.id as keyof typeof r.value.characters]?.joinedTo).toBe(c.joinedTo);
  });

  it("the three scenarios are the three episodes: cavalry against squares, line against columns on a reverse slope, a skirmish screen", () => {
    const qb = builtinScenario("quatre-bras");
    expect(qb.sides[0].units.filter((u) => ["cuirassiers", "lancers", "hussars"].includes(u.kind)).length).toBeGreaterThanOrEqual(2);
    expect(qb.sides[1].units.filter((u) => u.formation === "SQUARE").length).toBeGreaterThanOrEqual(2);
    const rs = builtinScenario("reverse-slope");
    expect(rs.sides[0].units.filter((u) => (u.formation ?? "ATTACK_COLUMN") === "ATTACK_COLUMN" && u.kind === "lineBattalion").length).toBe(3);
    expect(rs.sides[1].units.filter((u) => u.formation === "LINE").length).toBe(2);
    expect(rs.terrain.some((t) => t.tags.hill !== undefined)).toBe(true);
    const sk = builtinScenario("skirmish-screen");
    expect(sk.sides[0].units.filter((u) => u.kind === "lightInfantry").length).toBe(2);
  });

  it("reports every problem with its path and a message", () => {
    const raw = structuredClone(BUILTIN_SCENARIO_FILES["quatre-bras"]) as { sides: { units: { at: { x: number; y: number }; kind: string; id: string }[] }[]; victory: { conditions: { winner: string }[] }; maxTurns: unknown };
    const units = raw.sides[0]?.units ?? [];
    (units[0] as { at: { x: number; y: number } }).at = { x: 30, y: 40 };
    (units[1] as { kind: string }).kind = "dragoonGuards";
    (units[2] as { id: string }).id = "gb-42";
    (raw.victory.conditions[0] as { winner: string }).winner = "prussia";
    raw.maxTurns = 0;
    const r = parseScenario(raw);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const text = formatInputError(r.error);
    expect(text).toMatch(/^maxTurns: /m);
    expect(text).toMatch(/^sides\.0\.units\.1\.kind: /m);
    const again = parseScenario({ ...raw, maxTurns: 6, sides: raw.sides.map((s, i) => (i === 0 ? { ...s, units: s.units.map((u, j) => (j === 1 ? { ...u, kind: "hussars" } : u)) } : s)) });
    expect(again.ok).toBe(false);
    if (again.ok) return;
    const msgs = formatInputError(again.error);
    expect(msgs).toContain("sides.0.units.0.at: (30, 40) is outside fr's deployment zone");
    expect(msgs).toContain('sides.1.units.0.id: duplicate id "gb-42"');
    expect(msgs).toContain('victory.conditions.0.winner: unknown side "prussia"');
  });

  it("reports malformed JSON text, and creates a battle straight from a scenario object", () => {
    const bad = parseScenarioText("{ nope");
    expect(bad.ok ? null : bad.error.code).toBe("json/invalid");
    const r = createScenarioBattle(BUILTIN_SCENARIO_FILES["skirmish-screen"], 3);
    expect(r.ok).toBe(true);
  });
});

describe("builtinScenario with an id that is not built in", () => {
  it("throws one FusilladeError (scenario/unknown) that lists the built-in ids", () => {
    let caught: unknown;
    try {
      scenarios.builtinScenario("nope" as scenarios.BuiltinScenarioId);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(FusilladeError);
    expect(caught).toMatchObject({ code: "scenario/unknown", message: expect.stringContaining("built-in: quatre-bras, reverse-slope, skirmish-screen") });
    expect(() => scenarios.builtinScenario("toString" as scenarios.BuiltinScenarioId)).toThrow(/no built-in scenario "toString"/);
  });
});
