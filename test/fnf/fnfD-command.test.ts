// fnfD (seventh session, issue #17): command.ts and leaders.ts as wholes, by direct calls — command
// radius and standing at their limits (FNF-CMD-1/2/4), subordinates marked out of command superiors
// first (FNF-CMD-2/3), the turn reset (FNF-TURN-1), replacing lost leaders (FNF-LDR-3), moving and
// attaching leaders with every refusal (FNF-CMD-5), the Fallen Leaders table (FNF-LDR-1/2) and the
// officer at risk (FNF-FIRE-8).
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { commandStanding, leaderToUnit, markOutOfCommand, replaceLostLeaders, resetTurn } from "../../src/rules/fnf/command.js";
import { loseBrigadier, loseLeader, moveLeader, officerAtRisk, rollFallenLeader } from "../../src/rules/fnf/leaders.js";
import { FNF_BASES } from "../../src/rules/fnf/geometry/bases.js";
import { FRESH_TURN, type Leader } from "../../src/rules/fnf/units.js";
import { brigade, fnfBattle, unit } from "./helpers.js";
import { batteryInput, leaderInput, recorder, rounded, withLeaders, withUnits } from "../fixtures/fnfD.js";

const L = FNF_BASES.leader.d; // two leaders in a column: gap = centre distance − L
const leader = (s: BattleState, id: string): Leader => {
  const l = s.fnf?.leaders[id];
  if (l === undefined) throw new Error(`no leader ${id}`);
  return l;
};

describe("fnfD: a unit's command standing (FNF-CMD-4, AMB-82)", () => {
  // fr1 faces +y: its command base is behind it; the leader stands further behind on the same line.
  const at = (gap: number, rating = "normal", extra: Record<string, unknown> = {}) => {
    const make = (y: number) =>
      fnfBattle({ leaders: { d: leaderInput("d", "fr", "division", 20, y, { rating, ...extra }) }, units: { fr1: brigade("fr1", "fr", 20, 30, { division: "d" }), fr2: brigade("fr2", "fr", 60, 30) } });
    const probe = make(0);
    const u = unit(probe, "fr1");
    // The leader's y that puts him `gap` from the command base, by bisection (the gap shrinks as y grows).
    let [lo, hi] = [-40, 26];
    for (let i = 0; i < 80; i++) {
      const mid = (lo + hi) / 2;
      if (leaderToUnit({ ...leader(probe, "d"), position: { x: 20, y: mid } }, u) > gap) lo = mid;
      else hi = mid;
    }
    return make(hi);
  };
  it("FNF-CMD-4: within the radius (to 0.001\") the unit is in radius; just beyond, out of radius", () => {
    expect(leaderToUnit(leader(at(8), "d"), unit(at(8), "fr1"))).toBeCloseTo(8, 9);
    expect(commandStanding(at(8.0009), unit(at(8.0009), "fr1"))).toBe("inRadius");
    expect(commandStanding(at(8.002), unit(at(8.002), "fr1"))).toBe("outOfRadius");
    expect(commandStanding(at(12, "exceptional"), unit(at(12, "exceptional"), "fr1"))).toBe("inRadius");
    expect(commandStanding(at(7, "poor"), unit(at(7, "poor"), "fr1"))).toBe("outOfRadius");
    const seven = at(7);
    expect(commandStanding(seven, unit(seven, "fr1"))).toBe("inRadius");
    const out = withLeaders(seven, { ...leader(seven, "d"), outOfCommand: true }); // one grade lower: 6"
    expect(commandStanding(out, unit(out, "fr1"))).toBe("outOfRadius");
  });
  it("FNF-CMD-4 (AMB-82): more than a leader's move (18\") away is beyond the move; 18\" itself is only out of radius", () => {
    expect(commandStanding(at(18), unit(at(18), "fr1"))).toBe("outOfRadius");
    expect(commandStanding(at(18.002), unit(at(18.002), "fr1"))).toBe("beyondMove");
    expect(commandStanding(at(18.002, "exceptional"), unit(at(18.002), "fr1"))).toBe("beyondMove");
  });
  it("FNF-CMD-4: a unit under no division is always in radius; one whose leader is lost is out of radius", () => {
    const s = at(30);
    expect(commandStanding(s, unit(s, "fr2"))).toBe("inRadius");
    const lost = withLeaders(s, { ...leader(s, "d"), lost: "casualty" });
    expect(commandStanding(lost, unit(lost, "fr1"))).toBe("outOfRadius");
  });
});

describe("fnfD: marking leaders out of command (FNF-CMD-2, FNF-CMD-3)", () => {
  // Army a (normal, 18"), corps c 18.5" gaps away, division d 15" from c; all in a column along x = 10.
  const chain = (corpsGap: number, divGap: number, extraLeaders: Record<string, unknown> = {}) => {
    const cy = 10 + corpsGap + L;
    return fnfBattle({
      leaders: {
        d: leaderInput("d", "fr", "division", 10, cy + divGap + L, { superior: "c" }),
        c: leaderInput("c", "fr", "corps", 10, cy, { superior: "a" }),
        a: leaderInput("a", "fr", "army", 10, 10),
        ...extraLeaders,
      },
      units: { fr1: brigade("fr1", "fr", 40, 10) },
    });
  };
  it("FNF-CMD-2/3: a corps leader beyond the army commander's radius is out; his lowered radius (12\") then puts a division 15\" away out too", () => {
    const s = chain(18.5, 15);
    const { ctx, log } = recorder(s);
    const r = markOutOfCommand(s, ctx);
    expect(rounded(log)).toEqual([
      { type: "fnf/outOfCommand", rule: "FNF-CMD-2", leader: "c", superior: "a", distance: 18.5, radius: 18 },
      { type: "fnf/outOfCommand", rule: "FNF-CMD-2", leader: "d", superior: "c", distance: 15, radius: 12 },
    ]);
    expect([leader(r, "a").outOfCommand, leader(r, "c").outOfCommand, leader(r, "d").outOfCommand]).toEqual([false, true, true]);
  });
  it("FNF-CMD-2: exactly at the radius a leader is in command and nothing is said; the flag is cleared", () => {
    const s0 = chain(18, 18);
    const s = withLeaders(s0, { ...leader(s0, "c"), outOfCommand: true }, { ...leader(s0, "d"), outOfCommand: true });
    const { ctx, log } = recorder(s);
    const r = markOutOfCommand(s, ctx);
    expect(log).toEqual([]);
    expect([leader(r, "c").outOfCommand, leader(r, "d").outOfCommand]).toEqual([false, false]);
  });
  it("FNF-CMD-2: just past the radius (18.002\") the corps leader is out", () => {
    const s = chain(18.002, 1);
    const { ctx, log } = recorder(s);
    const r = markOutOfCommand(s, ctx);
    expect(rounded(log)).toEqual([{ type: "fnf/outOfCommand", rule: "FNF-CMD-2", leader: "c", superior: "a", distance: 18.002, radius: 18 }]);
    expect(leader(r, "d").outOfCommand).toBe(false);
  });
  it("FNF-CMD-2: a superior lost leaves his subordinate out of command (no distance, radius 0); a leader with no superior is left alone", () => {
    const s0 = chain(1, 1);
    const s = withLeaders(s0, { ...leader(s0, "c"), lost: "captured" }, { ...leader(s0, "a"), outOfCommand: true });
    const { ctx, log } = recorder(s);
    const r = markOutOfCommand(s, ctx);
    expect(log).toEqual([{ type: "fnf/outOfCommand", rule: "FNF-CMD-2", leader: "d", superior: "c", distance: null, radius: 0 }]);
    expect(leader(r, "d").outOfCommand).toBe(true);
    expect(leader(r, "a").outOfCommand).toBe(true);
  });
  it("FNF-CMD-2: only the phasing side's leaders are marked", () => {
    const s = chain(1, 1, { gc: leaderInput("gc", "gb", "corps", 60, 40), gd: leaderInput("gd", "gb", "division", 60, 10, { superior: "gc" }) });
    const { ctx, log } = recorder(s);
    const r = markOutOfCommand(s, ctx);
    expect(log).toEqual([]);
    expect(leader(r, "gd").outOfCommand).toBe(false);
  });
});

describe("fnfD: the start of a player turn (FNF-TURN-1, FNF-LDR-3)", () => {
  it("FNF-TURN-1: every unit's turn flags are fresh and every leader unmoved; out-of-command marks clear for the phasing side only", () => {
    const s0 = fnfBattle({
      leaders: { fd: leaderInput("fd", "fr", "division", 5, 5, { moved: true, outOfCommand: true }), gd: leaderInput("gd", "gb", "division", 60, 40, { moved: true, outOfCommand: true }) },
      units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40) },
    });
    const fr1 = unit(s0, "fr1");
    const gb1 = unit(s0, "gb1");
    const s = withUnits(s0, { ...fr1, turn: { ...fr1.turn, fired: true, basesLost: 2, breakthrough: true } }, { ...gb1, turn: { ...gb1.turn, compulsoryMoved: true, changedFormation: true } });
    const r = resetTurn(s);
    expect(unit(r, "fr1")).toEqual({ ...fr1, turn: FRESH_TURN });
    expect(unit(r, "gb1")).toEqual({ ...gb1, turn: FRESH_TURN });
    expect(leader(r, "fd")).toEqual({ ...leader(s, "fd"), moved: false, outOfCommand: false });
    expect(leader(r, "gd")).toEqual({ ...leader(s, "gd"), moved: false, outOfCommand: true });
  });
  it("FNF-LDR-3: a lost division leader returns, ordinary, beside a unit of his division; a corps leader beside one of his division leaders", () => {
    const s0 = fnfBattle({
      leaders: {
        fd: leaderInput("fd", "fr", "division", 5, 5, { rating: "exceptional", attachedTo: "fr1", superior: "fc" }),
        fc: leaderInput("fc", "fr", "corps", 8, 5, { rating: "poor" }),
        fe: leaderInput("fe", "fr", "division", 9, 5),
        fx: leaderInput("fx", "fr", "division", 11, 5),
        gd: leaderInput("gd", "gb", "division", 60, 40),
      },
      units: { fr1: brigade("fr1", "fr", 20, 10, { division: "fd" }), fr2: brigade("fr2", "fr", 40, 12, { division: "fe" }), gb1: brigade("gb1", "gb", 20, 40, { division: "gd" }) },
    });
    const lose = (l: Leader, how: "casualty" | "captured"): Leader => ({ ...l, lost: how, outOfCommand: true });
    const s = withLeaders(s0, lose(leader(s0, "fc"), "captured"), lose(leader(s0, "fx"), "casualty"), lose(leader(s0, "gd"), "casualty"), { ...leader(s0, "fd"), lost: "casualty" });
    const { ctx, log } = recorder(s);
    const r = replaceLostLeaders(s, ctx);
    expect(log).toEqual([
      { type: "fnf/leaderReplaced", rule: "FNF-LDR-3", leader: "fd", position: [20, 10] },
      { type: "fnf/leaderReplaced", rule: "FNF-LDR-3", leader: "fc", position: [20, 10] },
    ]);
    expect(leader(r, "fd")).toEqual({ ...leader(s, "fd"), lost: null, rating: "normal", position: { x: 20, y: 10 }, attachedTo: null, outOfCommand: false });
    // fc's anchor is fd, a leader of his, where fd has just been placed.
    expect(leader(r, "fc")).toEqual({ ...leader(s, "fc"), lost: null, rating: "normal", position: { x: 20, y: 10 }, attachedTo: null, outOfCommand: false });
    // fx has no unit in his division: he waits; gb's leader waits for gb's turn; fe was never lost.
    expect(leader(r, "fx")).toEqual(leader(s, "fx"));
    expect(leader(r, "gd")).toEqual(leader(s, "gd"));
    expect(leader(r, "fe")).toEqual(leader(s, "fe"));
  });
});

describe("fnfD: moving a leader (FNF-CMD-5)", () => {
  const base = (units: Record<string, unknown> = {}) =>
    fnfBattle({
      leaders: { fd: leaderInput("fd", "fr", "division", 10, 10), gd: leaderInput("gd", "gb", "division", 60, 40) },
      units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 44), ...units },
    });
  const mv = (over: Record<string, unknown>) => ({ type: "fnf/moveLeader", leader: "fd", to: { x: 10, y: 20 }, via: [], attachTo: null, ...over }) as never;
  const refuse = (s: BattleState, over: Record<string, unknown>) => {
    const { ctx, log } = recorder(s);
    const r = moveLeader(s, mv(over), ctx);
    expect(log).toEqual([]);
    return r;
  };
  it("FNF-CMD-5: an unknown or lost leader, or the other side's, is refused", () => {
    const s = base();
    expect(refuse(s, { leader: "zz" })).toEqual({ ok: false, violation: { leader: "zz", code: "fnf/unknown_leader", rule: "FNF-CMD-5" } });
    const lost = withLeaders(s, { ...leader(s, "fd"), lost: "captured" });
    expect(refuse(lost, {})).toEqual({ ok: false, violation: { leader: "fd", code: "fnf/unknown_leader", rule: "FNF-CMD-5" } });
    expect(refuse(s, { leader: "gd" })).toEqual({ ok: false, violation: { leader: "gd", code: "fnf/not_your_leader", rule: "FNF-CMD-5" } });
  });
  it("FNF-CMD-5: a leader moves once a phase, and only before any unit of his side has rolled or made a compulsory move", () => {
    const s = base();
    expect(refuse(withLeaders(s, { ...leader(s, "fd"), moved: true }), {})).toEqual({ ok: false, violation: { leader: "fd", code: "fnf/leader_already_moved", rule: "FNF-CMD-5" } });
    const fr1 = unit(s, "fr1");
    const compulsory = withUnits(s, { ...fr1, turn: { ...fr1.turn, compulsoryMoved: true } });
    expect(refuse(compulsory, {})).toEqual({ ok: false, violation: { leader: "fd", unit: "fr1", code: "fnf/leaders_move_first", rule: "FNF-CMD-5" } });
    const gb1 = unit(s, "gb1");
    const enemyMoved = withUnits(s, { ...gb1, turn: { ...gb1.turn, compulsoryMoved: true } });
    const { ctx } = recorder(enemyMoved);
    expect(moveLeader(enemyMoved, mv({}), ctx).ok).toBe(true);
  });
  it("FNF-CMD-5: 18\" is the most a leader goes; 18.01\" is refused with the cost and the limit", () => {
    const s = base();
    const { ctx, log } = recorder(s);
    const r = moveLeader(s, mv({ to: { x: 10, y: 28 } }), ctx);
    expect(r.ok).toBe(true);
    expect(log).toEqual([{ type: "fnf/leaderMoved", rule: "FNF-CMD-5", leader: "fd", to: [10, 28], cost: log[0]?.["cost"], attachedTo: null }]);
    expect(log[0]?.["cost"]).toBeCloseTo(18, 9);
    if (r.ok) expect(leader(r.state, "fd")).toEqual({ ...leader(s, "fd"), position: { x: 10, y: 28 }, attachedTo: null, moved: true });
    const far = refuse(s, { to: { x: 10, y: 28.01 } });
    expect(far.ok).toBe(false);
    if (!far.ok) {
      expect(far.violation).toMatchObject({ leader: "fd", code: "fnf/leader_too_far", rule: "FNF-CMD-5", max: 18 });
      expect(far.violation["cost"]).toBeGreaterThan(18);
    }
    const via = refuse(s, { to: { x: 10, y: 20 }, via: [{ x: 20, y: 10 }] });
    expect(via.ok ? null : via.violation["code"]).toBe("fnf/leader_too_far");
  });
  it("FNF-CMD-5: attaching needs a friendly unit on the table whose base the leader's base touches", () => {
    const s = base();
    expect(refuse(s, { attachTo: "zz" })).toEqual({ ok: false, violation: { leader: "fd", unit: "zz", code: "fnf/bad_attachment", rule: "FNF-CMD-5" } });
    expect(refuse(s, { attachTo: "gb1" })).toEqual({ ok: false, violation: { leader: "fd", unit: "gb1", code: "fnf/bad_attachment", rule: "FNF-CMD-5" } });
    const gap = refuse(s, { attachTo: "fr1", to: { x: 20, y: 17 } });
    expect(gap.ok ? null : { ...gap.violation, distance: Math.round((gap.violation["distance"] as number) * 1e6) / 1e6 }).toMatchObject({ leader: "fd", unit: "fr1", code: "fnf/not_in_contact", rule: "FNF-CMD-5" });
    const gone = withUnits(s, { ...unit(s, "fr1"), removed: "eliminated" });
    expect(refuse(gone, { attachTo: "fr1" })).toEqual({ ok: false, violation: { leader: "fd", unit: "fr1", code: "fnf/bad_attachment", rule: "FNF-CMD-5" } });
  });
  it("FNF-CMD-5: a leader placed touching his unit's bases is attached to it", () => {
    const s = base();
    // fr1's bases lie between y = 18.82 and 20 (one base deep behind its front): a leader centred on y = 18.82 − L/2 touches them.
    const y = 20 - FNF_BASES.infantry.d - L / 2;
    const { ctx, log } = recorder(s);
    const r = moveLeader(s, mv({ to: { x: 20, y }, attachTo: "fr1" }), ctx);
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(log).toEqual([{ type: "fnf/leaderMoved", rule: "FNF-CMD-5", leader: "fd", to: [20, y], cost: log[0]?.["cost"], attachedTo: "fr1" }]);
    expect(leader(r.state, "fd")).toEqual({ ...leader(s, "fd"), position: { x: 20, y }, attachedTo: "fr1", moved: true });
  });
});

describe("fnfD: losing leaders and the Fallen Leaders table (FNF-LDR-1/2/3, FNF-FIRE-8)", () => {
  const s = fnfBattle({
    leaders: { fd: leaderInput("fd", "fr", "division", 20, 18, { attachedTo: "fr1" }), fc: leaderInput("fc", "fr", "corps", 21, 18, { attachedTo: "fr1" }) },
    units: { fr1: brigade("fr1", "fr", 20, 20, { exceptionalBrigadier: true }), fr2: brigade("fr2", "fr", 40, 20), frb: batteryInput("frb", "fr", 60, 20) },
  });
  it("FNF-LDR-3: a lost leader is marked and detached; a lost brigadier is replaced at once by an ordinary one", () => {
    const { ctx, log } = recorder(s);
    const r = loseLeader(s, leader(s, "fd"), "casualty", ctx);
    expect(leader(r, "fd")).toEqual({ ...leader(s, "fd"), lost: "casualty", attachedTo: null });
    const b = loseBrigadier(r, "fr1", "captured", ctx);
    expect(unit(b, "fr1")).toEqual({ ...unit(s, "fr1"), exceptionalBrigadier: false });
    expect(loseBrigadier(b, "zz", "casualty", ctx)).toBe(b);
    expect(log).toEqual([
      { type: "fnf/leaderLost", rule: "FNF-LDR-3", leader: "fd", how: "casualty" },
      { type: "fnf/brigadierLost", rule: "FNF-LDR-3", unit: "fr1", how: "captured", wasExceptional: true },
    ]);
  });
  it("FNF-LDR-1/2: a roll of 7 or less on 2D6 fells the leader; 8 or more spares him; each roll is logged with its text", () => {
    const fell = recorder(s, [3, 4]);
    const r7 = rollFallenLeader(s, { leader: leader(s, "fc") }, fell.ctx);
    expect(fell.log).toEqual([
      { type: "fnf/fallenLeaders", rule: "FNF-LDR-1", roll: 7, text: "Disabled", casualty: true, leader: "fc" },
      { type: "fnf/leaderLost", rule: "FNF-LDR-3", leader: "fc", how: "casualty" },
    ]);
    expect(leader(r7, "fc").lost).toBe("casualty");
    const spared = recorder(s, [4, 4]);
    expect(rollFallenLeader(s, { leader: leader(s, "fc") }, spared.ctx)).toBe(s);
    expect(spared.log).toEqual([{ type: "fnf/fallenLeaders", rule: "FNF-LDR-1", roll: 8, text: "Coolly ignores the fire", casualty: false, leader: "fc" }]);
    const brig = recorder(s, [1, 1]);
    const r2 = rollFallenLeader(s, { brigadierOf: "fr1" }, brig.ctx);
    expect(brig.log).toEqual([
      { type: "fnf/fallenLeaders", rule: "FNF-LDR-1", roll: 2, text: "Felled by a sniper", casualty: true, brigadierOf: "fr1" },
      { type: "fnf/brigadierLost", rule: "FNF-LDR-3", unit: "fr1", how: "casualty", wasExceptional: true },
    ]);
    expect(unit(r2, "fr1").exceptionalBrigadier).toBe(false);
  });
  it("FNF-FIRE-8 (AMB-87): the officer at risk is the most senior attached leader, else a brigade's brigadier; a battery or unknown unit has none", () => {
    expect(officerAtRisk(s, "fr1")).toEqual({ leader: leader(s, "fc") });
    expect(officerAtRisk(s, "fr2")).toEqual({ brigadierOf: "fr2" });
    expect(officerAtRisk(s, "frb")).toBeNull();
    expect(officerAtRisk(s, "zz")).toBeNull();
  });
});
