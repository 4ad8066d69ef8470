import { describe, expect, it } from "vitest";
import { maneuverModifiers, meleeModifiers } from "../../src/rules/fnf/public.js";
import { FNF_SCENARIOS, fnfScenario } from "../../src/rules/fnf/scenarios.js";
import { advanceTo, brigade, fnfBattle, mustCreate, unit } from "./helpers.js";

function thrown(f: () => unknown): { name: string; code: unknown; message: string } | null {
  try {
    f();
    return null;
  } catch (e) {
    return { name: (e as Error).name, code: (e as { code?: unknown }).code, message: (e as Error).message };
  }
}

const misuse = (message: string) => ({ name: "FusilladeError", code: "engine/misuse", message });

describe("fnfE: fnf.meleeModifiers checks its arguments (FNF-MEL-3)", () => {
  const s = advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40) } }), "maneuver", "fr");
  const f = unit(s, "fr1");
  const g = unit(s, "gb1");
  const side = (lead: unknown, units: unknown, attacking = true) => ({ lead, units, attacking, breakthrough: false }) as never;

  it("FNF-MEL-3: well-formed sides give the modifiers", () => {
    expect(meleeModifiers(s, side(f, [f]), side(g, [g], false))).toEqual([{ name: "fresh", value: 2 }]);
  });

  it("FNF-MEL-3: each side, its lead and its unit list are checked, on either side, naming what is wrong", () => {
    expect(thrown(() => meleeModifiers(s, null as never, side(g, [g])))).toEqual(misuse("fnf.meleeModifiers: me must be an object, got null"));
    expect(thrown(() => meleeModifiers(s, side(f, [f]), "t" as never))).toEqual(misuse('fnf.meleeModifiers: them must be an object, got "t"'));
    expect(thrown(() => meleeModifiers(s, side(null, [f]), side(g, [g])))).toEqual(misuse("fnf.meleeModifiers: a side's lead must be an object, got null"));
    expect(thrown(() => meleeModifiers(s, side(f, [f]), side(7, [g])))).toEqual(misuse("fnf.meleeModifiers: a side's lead must be an object, got 7"));
    expect(thrown(() => meleeModifiers(s, side(f, 3), side(g, [g])))).toEqual(misuse("fnf.meleeModifiers: a side's units must be an array, got 3"));
    expect(thrown(() => meleeModifiers(s, side(f, [f]), side(g, "x")))).toEqual(misuse('fnf.meleeModifiers: a side\'s units must be an array, got "x"'));
    expect(thrown(() => meleeModifiers(s, side({ ...f, bases: 1e9 }, [f]), side(g, [g])))).toEqual(
      misuse("fnf.meleeModifiers: a side's lead.bases must be an integer in [0, 24], got 1000000000"),
    );
  });

  it("FNF-MEL-3: a side whose reading throws is refused as misuse, not a raw error", () => {
    const bad = {
      get lead(): never {
        throw new Error("boom");
      },
      units: [],
      attacking: true,
      breakthrough: false,
    } as never;
    const e = thrown(() => meleeModifiers(s, side(f, [f]), bad));
    expect(e?.name).toBe("FusilladeError");
    expect(e?.code).toBe("engine/misuse");
    expect(e?.message).toContain("me or them");
  });
});

describe("fnfE: fnf.maneuverModifiers checks its arguments (FNF-MAN-4)", () => {
  const s = advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 10, { bases: 3, startingBases: 6 }), gb1: brigade("gb1", "gb", 20, 40) } }), "maneuver", "fr");
  const u = unit(s, "fr1");

  it("FNF-MAN-4: bad going must be a boolean and options an object", () => {
    expect(thrown(() => maneuverModifiers(s, u, "yes" as never))).toEqual(misuse('fnf.maneuverModifiers: badGoing must be a boolean, got "yes"'));
    expect(thrown(() => maneuverModifiers(s, u, false, 5 as never))).toEqual(misuse("fnf.maneuverModifiers: options must be an object, got 5"));
    expect(thrown(() => maneuverModifiers(s, null as never, false))).toEqual(misuse("fnf.maneuverModifiers: u must be an object, got null"));
  });

  it("FNF-MAN-4, FNF-STAT-2: the battle's options by default, the caller's when given (a more lenient spent fraction)", () => {
    expect(maneuverModifiers(s, u, true)).toEqual([{ name: "spent", value: -2 }, { name: "closeOrderBadGoing", value: -2 }]);
    const lenient = { ...s.options, fnf: { ...s.options.fnf, spentFractions: { VETERAN: 0.9, AVERAGE: 0.9, RAW: 0.9 } } };
    expect(maneuverModifiers(s, u, false, lenient as never)).toEqual([]);
  });
});

describe("fnfE: the built-in FnF scenario (FNF-TURN-1)", () => {
  it("FNF-TURN-1: an unknown name, or no name, is refused listing the known ones", () => {
    expect(thrown(() => fnfScenario("nope" as never, 1))).toEqual({ name: "FusilladeError", code: "scenario/unknown", message: 'fnf.scenario: no built-in scenario "nope" (known: coa1811)' });
    expect(thrown(() => fnfScenario(5 as never, 1))).toEqual({ name: "FusilladeError", code: "scenario/unknown", message: "fnf.scenario: no built-in scenario 5 (known: coa1811)" });
    expect(thrown(() => fnfScenario("toString" as never, 1))?.code).toBe("scenario/unknown");
  });

  it("FNF-TURN-1: The Coa, 1811 is an 8-turn French-first battle on a 72\" × 48\" table with its own orders of battle", () => {
    const setup = fnfScenario("coa1811", 42);
    expect({ ...setup, terrain: undefined, fnf: undefined }).toEqual({
      ruleset: "fnf",
      seed: 42,
      table: { width: 72, height: 48 },
      sides: [
        { id: "fr", name: "French", nation: "french" },
        { id: "al", name: "Anglo-Portuguese", nation: "british" },
      ],
      firstSide: "fr",
      maxTurns: 8,
      wind: 0,
      units: [],
      terrain: undefined,
      fnf: undefined,
    });
    expect(setup.fnf).toBe(FNF_SCENARIOS.coa1811);
    expect((setup.terrain ?? []).map((t) => [t.id, t.kind])).toEqual([
      ["ridge", "hill"],
      ["village", "buildings"],
      ["wood", "woods"],
      ["coa", "stream"],
      ["ford", "ford"],
      ["road", "road"],
    ]);
    expect(fnfScenario("coa1811", "s", 3)).toMatchObject({ seed: "s", maxTurns: 3 });
    const s = mustCreate(setup);
    expect([s.ruleset, s.turn.activeSide, Object.keys(s.sides)]).toEqual(["fnf", "fr", ["fr", "al"]]);
  });
});
