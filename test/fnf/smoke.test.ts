import { describe, expect, it } from "vitest";
import { apply, createBattle } from "../../src/index.js";
import { fnfScenario } from "../../src/rules/fnf/index.js";
import { advanceTo, play } from "./helpers.js";

describe("FnF scenario", () => {
  it("FNF-TURN-1: the built-in scenario creates and runs through a turn", () => {
    const r = createBattle(fnfScenario("coa1811", 1));
    if (!r.ok) throw new Error(JSON.stringify(r.error.issues));
    let s = r.value;
    expect(s.turn.phase).toBe("command");
    s = advanceTo(s, "maneuver");
    const m = apply(s, { type: "fnf/maneuver", unit: "fr-sarrut" });
    expect(m.ok).toBe(true);
    if (m.ok) s = m.state;
    const mv = apply(s, { type: "fnf/move", unit: "fr-sarrut", path: [{ x: 26, y: 17 }] });
    s = advanceTo(s, "defensiveFire");
    const f = apply(s, { type: "fnf/fire", firer: "al-horse-guns", target: "fr-sarrut" });
    for (let i = 0; i < 100 && s.turn.phase !== "finished"; i++) s = play(s, { type: "turn/advance" });
    expect(s.turn.phase).toBe("finished");
  });
});
