import { describe, expect, it } from "vitest";
import { applyUnknown as apply, type BattleState } from "../../src/index.js";
import { formatViolation } from "../../src/engine/format.js";
import { advanceTo, brigade, fnfBattle } from "./helpers.js";

const scene = () => advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 30) } }), "maneuver", "fr");

function refusal(s: BattleState, action: unknown) {
  const r = apply(s, action);
  return r.ok ? null : r.violation;
}

describe("fnfE: the FnF module routes each action to its phases (FNF-TURN-1)", () => {
  const maneuver = scene();
  const fire = advanceTo(maneuver, "offensiveFire", "fr");
  const wrong = (type: string, phase: string, allowed: string[]) => ({ code: "action/wrong_phase", rule: "FNF-TURN-1", type, phase, allowed });

  it("FNF-TURN-1: the maneuver-phase actions are refused in a fire phase, each naming the maneuver phase", () => {
    expect(refusal(fire, { type: "fnf/maneuver", unit: "fr1" })).toEqual(wrong("fnf/maneuver", "offensiveFire", ["maneuver"]));
    expect(refusal(fire, { type: "fnf/move", unit: "fr1" })).toEqual(wrong("fnf/move", "offensiveFire", ["maneuver"]));
    expect(refusal(fire, { type: "fnf/moveLeader", leader: "l", to: { x: 1, y: 1 } })).toEqual(wrong("fnf/moveLeader", "offensiveFire", ["maneuver"]));
    expect(refusal(fire, { type: "fnf/detach", unit: "fr1", id: "d", position: { x: 1, y: 1 }, facing: 0 })).toEqual(wrong("fnf/detach", "offensiveFire", ["maneuver"]));
    expect(refusal(fire, { type: "fnf/rejoin", detachment: "d" })).toEqual(wrong("fnf/rejoin", "offensiveFire", ["maneuver"]));
  });

  it("FNF-TURN-1: fire belongs to both fire phases and melee resolution to the melee phase", () => {
    expect(refusal(maneuver, { type: "fnf/fire", firer: "fr1", target: "gb1" })).toEqual(wrong("fnf/fire", "maneuver", ["defensiveFire", "offensiveFire"]));
    expect(refusal(fire, { type: "fnf/resolveMelee", melee: "m" })).toEqual(wrong("fnf/resolveMelee", "offensiveFire", ["melee"]));
  });

  it("FNF-TURN-1: in its phase each action reaches its own handler (its refusals are the FnF ones)", () => {
    expect(refusal(maneuver, { type: "fnf/maneuver", unit: "zz" })).toEqual({ code: "fnf/unknown_unit", rule: "FNF-MAN-1", unit: "zz" });
    expect(refusal(maneuver, { type: "fnf/moveLeader", leader: "zz", to: { x: 1, y: 1 } })?.code).toBe("fnf/unknown_leader");
    expect(refusal(maneuver, { type: "fnf/rejoin", detachment: "zz" })?.code).toBe("fnf/cannot_rejoin");
    expect(refusal(fire, { type: "fnf/fire", firer: "zz", target: "gb1" })).toEqual({ code: "fnf/unknown_unit", rule: "FNF-FIRE-1", firer: "zz", target: "gb1" });
  });

  it("FNF-TURN-1: the FnF refusal texts are registered with the engine", () => {
    const v = refusal(maneuver, { type: "fnf/maneuver", unit: "zz" });
    if (v === null) throw new Error("not refused");
    expect(formatViolation(v)).toBe('There is no FnF unit "zz" on the table. [FNF-MAN-1]');
  });
});
