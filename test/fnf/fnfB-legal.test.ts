import { describe, expect, it } from "vitest";
import { applyUnknown as apply, type BattleState } from "../../src/index.js";
import { fnfCandidates } from "../../src/rules/fnf/legal.js";
import { layout } from "../../src/rules/fnf/world.js";
import { leaderRect } from "../../src/rules/fnf/geometry/layout.js";
import { basesDistance, rectsOf } from "../../src/rules/fnf/geometry/measure.js";
import { advanceTo, brigade, fnfBattle, unit } from "./helpers.js";

/** The listing's candidates, deferred ones resolved (null ones dropped). */
function listed(s: BattleState) {
  return fnfCandidates(s)
    .map((c) => (typeof c === "function" ? c() : c))
    .filter((a) => a !== null);
}

const corps = (id: string, side: "fr" | "gb", x: number, y: number) => ({ id, side, rank: "corps", position: { x, y } });

/** French fr1 (optionally low on ammunition) and a French corps leader near it; a British brigade far off. */
function maneuverScene(lowAmmo: boolean): BattleState {
  return advanceTo(
    fnfBattle({
      units: { fr1: brigade("fr1", "fr", 20, 20, { lowAmmo }), gb1: brigade("gb1", "gb", 60, 44) },
      leaders: { frc: corps("frc", "fr", 32, 12) },
    }),
    "maneuver",
    "fr",
  );
}

describe("fnfB: leaders move before any unit of theirs (FNF-CMD-5)", () => {
  it("FNF-CMD-5: with no unit rolled nor moved, the corps leader is offered rides", () => {
    const s = maneuverScene(false);
    const c = listed(s);
    expect(c.some((a) => a.type === "fnf/moveLeader" && a.leader === "frc")).toBe(true);
    expect(c.some((a) => a.type === "fnf/maneuver" && a.unit === "fr1")).toBe(true);
  });

  it("FNF-CMD-5, FNF-FIRE-9: a brigade's compulsory low-ammo move counts as its maneuver: no leader ride nor roll is listed, and a ride is refused", () => {
    const s = maneuverScene(true);
    expect(unit(s, "fr1").turn).toEqual({ maneuver: null, changedFormation: false, fired: false, basesLost: 0, breakthrough: false, compulsoryMoved: true });
    expect(fnfCandidates(s)).toEqual([]);
    const r = apply(s, { type: "fnf/moveLeader", leader: "frc", to: { x: 33, y: 12 } });
    expect(r.ok ? null : r.violation).toEqual({ code: "fnf/leaders_move_first", rule: "FNF-CMD-5", leader: "frc", unit: "fr1" });
  });
});

/** The French brigade fr1 in the offensive fire phase, a lone British corps leader `gbc` at y. */
function fireScene(leaderY: number, leaderX = 20): BattleState {
  return advanceTo(
    fnfBattle({
      units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 60, 44) },
      leaders: { gbc: corps("gbc", "gb", leaderX, leaderY) },
    }),
    "offensiveFire",
    "fr",
  );
}

/** The leader's distance from fr1's bases as the listing measures it. */
function leaderGap(s: BattleState): number {
  const l = s.fnf?.leaders.gbc;
  if (l === undefined) throw new Error("no gbc");
  return basesDistance(rectsOf(layout(unit(s, "fr1"))), [leaderRect(l.position)]);
}

/** A leader y at which its gap to fr1 is exactly `gap` (stepping by the float grain from an estimate). */
function yAtGap(gap: number): number {
  const base = fireScene(30);
  let y = 30 - leaderGap(base) + gap;
  for (let i = 0; i < 200; i++) {
    const d = leaderGap(fireScene(y));
    if (d === gap) return y;
    y += (gap - d) * 0.5 + (d < gap ? 1e-15 : -1e-15) * Math.max(1, Math.abs(y));
  }
  throw new Error(`no y at gap ${gap}`);
}

describe("fnfB: fire candidates at lone leaders (FNF-FIRE-3)", () => {
  const fireAtLeader = { type: "fnf/fire", firer: "fr1", target: "gbc" };

  it("FNF-FIRE-3: a lone enemy leader exactly at the musket reach (4\" band + 0.5\") is a fire candidate", () => {
    const y = yAtGap(4.5);
    const s = fireScene(y);
    expect(leaderGap(s)).toBe(4.5);
    expect(listed(s)).toEqual([fireAtLeader]);
  });

  it("FNF-FIRE-3: a lone enemy leader just beyond the reach is not a candidate; well inside it is", () => {
    expect(listed(fireScene(yAtGap(4.5) + 1e-6))).toEqual([]);
    expect(listed(fireScene(yAtGap(2)))).toEqual([fireAtLeader]);
  });

  it("FNF-FIRE-3: a cavalry brigade lists no fire at all, even at an enemy leader in reach", () => {
    const s = advanceTo(
      fnfBattle({
        units: { fr1: brigade("fr1", "fr", 20, 20, { arm: "cavalry", bases: 4 }), gb1: brigade("gb1", "gb", 60, 44) },
        leaders: { gbc: corps("gbc", "gb", 20, 23) },
      }),
      "offensiveFire",
      "fr",
    );
    expect(listed(s)).toEqual([]);
  });
});

describe("fnfB: candidates by phase (FNF-TURN-1)", () => {
  it("FNF-TURN-1: phases with no FnF choice (command, finished) list nothing", () => {
    const s = fireScene(30);
    expect(fnfCandidates({ ...s, turn: { ...s.turn, phase: "command" } })).toEqual([]);
    expect(fnfCandidates({ ...s, turn: { ...s.turn, phase: "finished" } })).toEqual([]);
  });

  it("FNF-MEL-1a, FNF-MEL-2: a melee with two attackers lists the three choices for no lead and for each attacker as lead", () => {
    const s = fireScene(30);
    const fnf = s.fnf;
    if (fnf === null) throw new Error("no fnf");
    const m = { id: "m1", defender: "gb1", attackers: ["fr1", "fr2"], breakthrough: [] };
    const at = { ...s, turn: { ...s.turn, phase: "melee" as const }, fnf: { ...fnf, melees: { m1: m } } };
    const three = (lead: string | null) => [
      { type: "fnf/resolveMelee", melee: "m1", lead, drivenBack: "carry", advance: true },
      { type: "fnf/resolveMelee", melee: "m1", lead, drivenBack: "carry", advance: false },
      { type: "fnf/resolveMelee", melee: "m1", lead, drivenBack: "breakthrough", advance: true },
    ];
    expect(fnfCandidates(at)).toEqual([...three(null), ...three("fr1"), ...three("fr2")]);
    const one = { ...at, fnf: { ...fnf, melees: { m1: { ...m, attackers: ["fr1"] } } } };
    expect(fnfCandidates(one)).toEqual(three(null));
  });
});
