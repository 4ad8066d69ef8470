// The per-ruleset entries register only their own rules: this file imports `fusillade/fnf`'s
// source alone (vitest gives each test file its own module registry), never the root entry.
import { describe, expect, it } from "vitest";
import { actionTypes, apply, createBattle, FusilladeError, legalActions, parseAction } from "../../src/fnf.js";
import { fnfScenario } from "../../src/rules/fnf/scenarios.js";
import { isRegistered } from "../../src/engine/modules.js";

describe("ruleset registration (fusillade/fnf)", () => {
  it("CORE-TURN-1: the FnF entry plays an FnF battle and registers the FnF rules only", () => {
    const c = createBattle(fnfScenario("coa1811", 1));
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(isRegistered("fnf")).toBe(true);
    expect(isRegistered("whn")).toBe(false);
    expect(isRegistered("core")).toBe(false);
    const types = actionTypes();
    expect(types).toContain("fnf/move");
    expect(types.some((t) => t.startsWith("movement/"))).toBe(false);
    const r = apply(c.value, { type: "turn/advance" });
    expect(r.ok).toBe(true);
    expect(legalActions(c.value).length).toBeGreaterThan(0);
  });

  it("CORE-TURN-1: a WHN setup is refused with a FusilladeError naming the entry to import", () => {
    const setup = { ...fnfScenario("coa1811", 1), ruleset: "whn" as const, fnf: undefined };
    let caught: unknown;
    try {
      createBattle(setup);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(FusilladeError);
    expect((caught as FusilladeError).code).toBe("engine/misuse");
    expect((caught as FusilladeError).message).toContain("fusillade/whn");
    expect(isRegistered("whn")).toBe(false);
  });

  it("CORE-TURN-2: an action of an unregistered ruleset does not parse (its type is unknown here)", () => {
    const p = parseAction({ type: "movement/changeFormation", unit: "u", formation: "LINE" });
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.violation.code).toBe("action/invalid");
    expect(parseAction({ type: "turn/advance" }).ok).toBe(true);
  });
});
