import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { fnfActingSide, fnfCandidates, legalFnfActions } from "../../src/rules/fnf/legal.js";
import { advanceTo, brigade, fnfBattle, playWith, unit } from "./helpers.js";

/** The listing's candidates, deferred ones resolved (null ones dropped). */
function listed(s: BattleState) {
  return fnfCandidates(s)
    .map((c) => (typeof c === "function" ? c() : c))
    .filter((a) => a !== null);
}

const leader = (id: string, side: "fr" | "gb", x: number, y: number, over: Record<string, unknown> = {}) => ({ id, side, rank: "corps", position: { x, y }, ...over });

function fnfState(s: BattleState) {
  if (s.fnf === null) throw new Error("not an FnF battle");
  return s.fnf;
}

/** Two French brigades and a French corps leader in the French maneuver phase; a British brigade far off. */
function twoBrigades(): BattleState {
  return advanceTo(
    fnfBattle({
      units: { fr1: brigade("fr1", "fr", 20, 10), fr2: brigade("fr2", "fr", 50, 10), gb1: brigade("gb1", "gb", 35, 44) },
      leaders: { frc: leader("frc", "fr", 30, 8) },
    }),
    "maneuver",
    "fr",
  );
}

describe("fnfE: leaders ride only before any unit of theirs rolled (FNF-CMD-5)", () => {
  it("FNF-CMD-5: before any roll the leader's rides and both brigades' rolls are listed", () => {
    const s = twoBrigades();
    // fr2's command base is beyond the leader's 18"; no bad-going variant on open ground.
    expect(listed(s)).toEqual([
      { type: "fnf/moveLeader", leader: "frc", to: { x: 24.72, y: 9.41 }, via: [], attachTo: "fr1" },
      { type: "fnf/maneuver", unit: "fr1", badGoing: false },
      { type: "fnf/maneuver", unit: "fr2", badGoing: false },
    ]);
  });

  it("FNF-CMD-5: once one brigade rolled (without a compulsory move), the leader is offered nothing while the other still rolls", () => {
    const s = playWith(twoBrigades(), [3, 4], { type: "fnf/maneuver", unit: "fr1", badGoing: false });
    expect(unit(s, "fr1").turn.maneuver).not.toBeNull();
    expect(unit(s, "fr1").turn.compulsoryMoved).toBe(false);
    const c = listed(s);
    expect(c.filter((a) => a.type === "fnf/moveLeader")).toEqual([]);
    expect(c.filter((a) => a.type === "fnf/maneuver")).toEqual([{ type: "fnf/maneuver", unit: "fr2", badGoing: false }]);
  });
});

describe("fnfE: nothing is listed while a decision is pending (FNF-TURN-1)", () => {
  it("FNF-TURN-1: a melee-phase state lists its melee answers, and none once a decision is pending", () => {
    const base = advanceTo(
      fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40) } }),
      "offensiveFire",
      "fr",
    );
    const fnf = fnfState(base);
    const m = { id: "m1", defender: "gb1", attackers: ["fr1"], breakthrough: [] };
    const at = { ...base, turn: { ...base.turn, phase: "melee" as const }, fnf: { ...fnf, melees: { m1: m } } } as BattleState;
    expect(fnfCandidates(at)).toEqual([
      { type: "fnf/resolveMelee", melee: "m1", lead: null, drivenBack: "carry", advance: true },
      { type: "fnf/resolveMelee", melee: "m1", lead: null, drivenBack: "carry", advance: false },
      { type: "fnf/resolveMelee", melee: "m1", lead: null, drivenBack: "breakthrough", advance: true },
    ]);
    const pending = { ...at, pending: [{ id: "d1" }] } as unknown as BattleState;
    expect(fnfCandidates(pending)).toEqual([]);
    expect(fnfCandidates({ ...at, turn: { ...at.turn, phase: "command" as const } })).toEqual([]);
  });

  it("FNF-TURN-1: a battle of another ruleset lists no FnF action", () => {
    const s = advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40) } }), "maneuver", "fr");
    expect(listed(s).length).toBeGreaterThan(0);
    expect(fnfCandidates({ ...s, ruleset: "whn" } as unknown as BattleState)).toEqual([]);
    expect(fnfCandidates({ ...s, fnf: null } as unknown as BattleState)).toEqual([]);
  });
});

/** French brigade fr1 at (20, 20) facing north in the French offensive fire phase, with the given leaders and British units. */
function fireScene(leaders: Record<string, unknown>, extra: Record<string, unknown> = {}, phase: "offensiveFire" | "defensiveFire" = "offensiveFire"): BattleState {
  return advanceTo(
    fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 60, 44), ...extra }, leaders }),
    phase,
    "fr",
  );
}

describe("fnfE: fire candidates at leaders (FNF-FIRE-1, FNF-FIRE-3)", () => {
  it("FNF-FIRE-1: an own lone leader beside the firer is no target; a lone enemy leader as near is", () => {
    const own = fireScene({ frc: leader("frc", "fr", 20, 23) });
    expect(listed(own)).toEqual([]);
    const enemy = fireScene({ gbc: leader("gbc", "gb", 20, 23) });
    expect(listed(enemy)).toEqual([{ type: "fnf/fire", firer: "fr1", target: "gbc" }]);
    expect(legalFnfActions(enemy)).toEqual([{ type: "fnf/fire", firer: "fr1", target: "gbc" }]);
  });

  it("FNF-FIRE-1: an enemy leader attached to his unit is not a target of his own; his unit is", () => {
    const s = fireScene({ gbc: leader("gbc", "gb", 20, 24, { attachedTo: "gb2" }) }, { gb2: brigade("gb2", "gb", 20, 24) });
    expect(fnfState(s).leaders["gbc"]?.attachedTo).toBe("gb2");
    expect(listed(s)).toEqual([{ type: "fnf/fire", firer: "fr1", target: "gb2" }]);
  });

  it("FNF-FIRE-1: in defensive fire the non-phasing side fires, and only at enemies within reach", () => {
    const s = fireScene({}, { gb2: brigade("gb2", "gb", 20, 24) }, "defensiveFire");
    expect(s.turn).toMatchObject({ phase: "defensiveFire", activeSide: "fr" });
    expect(fnfActingSide(s)).toBe("gb");
    expect(listed(s)).toEqual([{ type: "fnf/fire", firer: "gb2", target: "fr1" }]);
    const off = fireScene({}, { gb2: brigade("gb2", "gb", 20, 24) });
    expect(fnfActingSide(off)).toBe("fr");
    expect(listed(off)).toEqual([{ type: "fnf/fire", firer: "fr1", target: "gb2" }]);
  });

  it("FNF-FIRE-1: a unit that already fired this turn is no longer a firer", () => {
    const s = fireScene({}, { gb2: brigade("gb2", "gb", 20, 24) });
    const fr1 = unit(s, "fr1");
    const fnf = fnfState(s);
    const fired = { ...s, fnf: { ...fnf, units: { ...fnf.units, fr1: { ...fr1, turn: { ...fr1.turn, fired: true } } } } } as BattleState;
    expect(fnfCandidates(fired)).toEqual([]);
  });
});
