/**
 * "No loadable state is stuck" (issue 17 item 2), for FnF and with stronger mutations: a state
 * reached by random legal play of an FnF battle (the built-in scenario and random orders of
 * battle), then edited by one or more FnF-specific mutations (bases, formations, flags, maneuver
 * allowances, melees, leaders, the phase, the turn), either fails to load with a typed error, or is
 * finished, or has a listed action that applies; and the random bot can move on it without a raw
 * error. The WHN property (test/trust/loadable.test.ts) runs too with more mutations at once.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { bots, createBattle, FusilladeError, loadState, saveState, type BattleState } from "../../src/index.js";
import { sampleLegalAction } from "../../src/engine/decisions.js";
import { randomFnfBattle } from "../../src/trust/index.js";
import { Rng } from "../../src/trust/fuzz/rng.js";
import { FNF_FORMATIONS, FNF_MANEUVER_RESULTS, FNF_REMOVALS } from "../../src/state/fnf.js";
import { MUTATIONS, isStuck, playedState } from "./stuckStates.js";

type Json = any;

/** A state after `steps` random legal actions of a random FnF battle (null if it will not start). */
function playedFnf(seed: number, steps: number): BattleState | null {
  const b = randomFnfBattle(seed);
  const r = createBattle(b.setup as never);
  if (!r.ok) return null;
  let s = r.value;
  const rng = new Rng(seed ^ 0x5f5f);
  for (let k = 0; k < steps && s.turn.phase !== "finished"; k++) {
    const pick = sampleLegalAction(s, { int: (n: number) => rng.int(n) });
    if (pick === null) break;
    s = pick.state;
  }
  return s;
}

const FNF_PHASES = ["command", "maneuver", "defensiveFire", "offensiveFire", "melee", "finished", "movement", "start"];

/** FnF-specific edits of a saved state (plain JSON, in place). */
export const FNF_MUTATIONS: readonly [string, (s: Json, rng: Rng) => void][] = [
  ["unit moved anywhere", (s, rng) => {
    const u = s.fnf.units[rng.pick(Object.keys(s.fnf.units)) ?? ""];
    if (u !== undefined) u.position = { x: rng.real(-10, s.table.width + 10), y: rng.real(-10, s.table.height + 10) };
  }],
  ["unit onto another", (s, rng) => {
    const ids = Object.keys(s.fnf.units);
    const a = s.fnf.units[rng.pick(ids) ?? ""];
    const b = s.fnf.units[rng.pick(ids) ?? ""];
    if (a !== undefined && b !== undefined) {
      a.position = { ...b.position };
      a.facing = rng.chance(0.5) ? b.facing : rng.int(360);
    }
  }],
  ["bases and detachments", (s, rng) => {
    const u = s.fnf.units[rng.pick(Object.keys(s.fnf.units)) ?? ""];
    if (u === undefined) return;
    u.bases = rng.int(8);
    if (rng.chance(0.5)) u.detached = rng.int(4);
    if (rng.chance(0.3)) u.startingBases = rng.int(8);
  }],
  ["formation and flags", (s, rng) => {
    const u = s.fnf.units[rng.pick(Object.keys(s.fnf.units)) ?? ""];
    if (u === undefined) return;
    u.formation = rng.pick([...FNF_FORMATIONS]);
    u.disordered = rng.chance(0.5);
    u.lowAmmo = rng.chance(0.5);
    u.skirmishing = rng.chance(0.3);
  }],
  ["unit removed", (s, rng) => {
    const u = s.fnf.units[rng.pick(Object.keys(s.fnf.units)) ?? ""];
    if (u !== undefined) u.removed = rng.pick([...FNF_REMOVALS]);
  }],
  ["every unit of a side removed", (s, rng) => {
    const side = Object.keys(s.sides)[rng.int(2)];
    for (const u of Object.values(s.fnf.units) as Json[]) if (u.side === side) u.removed = "eliminated";
  }],
  ["maneuver allowance", (s, rng) => {
    const u = s.fnf.units[rng.pick(Object.keys(s.fnf.units)) ?? ""];
    if (u === undefined) return;
    u.turn = { ...(u.turn ?? {}), maneuver: rng.chance(0.2) ? null : { result: rng.pick([...FNF_MANEUVER_RESULTS]), score: rng.int(21) - 10, allowance: rng.real(0, 20), mayChange: rng.chance(0.5), fullChangeAllowed: rng.chance(0.5), mayContact: rng.chance(0.5), badGoing: rng.chance(0.5), moved: rng.chance(0.5), changed: rng.chance(0.5) }, fired: rng.chance(0.5), compulsoryMoved: rng.chance(0.5) };
  }],
  ["battery status", (s, rng) => {
    const u = (Object.values(s.fnf.units) as Json[]).find((x) => x.battery !== null && x.battery !== undefined);
    if (u === undefined) return;
    u.battery = { ...u.battery, limbered: rng.chance(0.5), silenced: rng.chance(0.5), damaged: rng.chance(0.5), withdrawn: rng.chance(0.5) };
  }],
  ["melee between any two", (s, rng) => {
    const ids = Object.keys(s.fnf.units);
    const d = rng.pick(ids);
    const a = rng.pick(ids);
    if (d !== undefined && a !== undefined) s.fnf.melees[`m${rng.int(9)}`] = { id: "mx", defender: d, attackers: rng.chance(0.2) ? ["ghost"] : [a], breakthrough: [] };
  }],
  ["leader moved, lost or re-attached", (s, rng) => {
    const ls = Object.keys(s.fnf.leaders);
    const l = s.fnf.leaders[rng.pick(ls) ?? ""];
    if (l === undefined) return;
    if (rng.chance(0.4)) l.position = { x: rng.real(-10, s.table.width + 10), y: rng.real(-10, s.table.height + 10) };
    if (rng.chance(0.3)) l.lost = rng.pick(["casualty", "captured"]);
    if (rng.chance(0.3)) l.superior = rng.chance(0.5) ? null : (rng.pick(ls) ?? null);
    if (rng.chance(0.3)) l.attachedTo = rng.pick(Object.keys(s.fnf.units)) ?? null;
  }],
  ["phase and turn", (s, rng) => {
    s.turn.phase = rng.pick(FNF_PHASES);
    s.turn.step = null;
    if (rng.chance(0.3)) s.turn.gameTurn = rng.int(s.turn.maxTurns + 2);
    if (rng.chance(0.3)) s.turn.activeSide = rng.pick([...Object.keys(s.sides), "zz"]);
  }],
];

/** Loads an edited state; a refusal must be the typed InputError (never a throw). */
function load(json: Json): BattleState | null {
  const r = loadState(JSON.stringify(json));
  return r.ok ? r.value : null;
}

/** The random bot moves on a loaded state that is not finished, or refuses with a FusilladeError. */
function botMoves(s: BattleState, seed: number): void {
  if (s.turn.phase === "finished") return;
  try {
    bots.randomBot(s, seed, 0);
  } catch (e) {
    expect(e).toBeInstanceOf(FusilladeError);
  }
}

describe("no loadable FnF state is stuck", () => {
  it("FNF-TURN-1: a state of random FnF play, edited by up to three FnF mutations, fails to load, or is finished, or has an action that applies", () => {
    let loaded = 0;
    let edited = 0;
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(60), fc.array(fc.nat(FNF_MUTATIONS.length - 1), { minLength: 1, maxLength: 3 }), (seed, steps, ms) => {
        const s = playedFnf(seed, steps);
        if (s === null) return;
        const json = JSON.parse(saveState(s)) as Json;
        const rng = new Rng(seed);
        for (const m of ms) FNF_MUTATIONS[m]?.[1](json, rng);
        const r = load(json);
        if (r === null) return;
        loaded++;
        if (saveState(r) !== saveState(s)) edited++;
        expect(isStuck(r), `${ms.map((m) => FNF_MUTATIONS[m]?.[0]).join(", ")}: ${r.turn.phase} ${JSON.stringify(r.pending)}`).toBe(false);
        botMoves(r, seed);
      }),
      { seed: 1811, numRuns: 60 },
    );
    // The property saw states that loaded after a real edit, not only refusals and untouched states.
    expect(loaded).toBeGreaterThan(15);
    expect(edited).toBeGreaterThan(10);
  }, 240_000);

  it("CORE-TURN-2: WHN, CORE and FnF campaign states, edited by two or three mutations at once, are never stuck once loaded", () => {
    let loaded = 0;
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(40), fc.array(fc.nat(MUTATIONS.length - 1), { minLength: 2, maxLength: 3 }), fc.nat(1_000_000), (battle, steps, ms, seed) => {
        const s = playedState(battle, seed, steps);
        if (s === null) return;
        const json = JSON.parse(saveState(s)) as Json;
        const rng = new Rng(seed);
        for (const m of ms) MUTATIONS[m]?.[1](json, rng);
        const r = load(json);
        if (r === null) return;
        loaded++;
        expect(isStuck(r), `${ms.map((m) => MUTATIONS[m]?.[0]).join(", ")}: ${r.turn.phase}/${String(r.turn.step)} ${JSON.stringify(r.pending)}`).toBe(false);
        botMoves(r, seed);
      }),
      { seed: 2026, numRuns: 40 },
    );
    expect(loaded).toBeGreaterThan(8);
  }, 240_000);
});
