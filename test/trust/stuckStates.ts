/**
 * States for the "no loadable state is stuck" property: reached by random legal play from the
 * fuzz battles, then mutated by one of a set of targeted edits (the classes of issue #17 item 2).
 */
import { createBattle, legalActions, applyTrusted, type BattleState } from "../../src/index.js";
import { sampleLegalAction } from "../../src/engine/decisions.js";
import { campaignBattle } from "../../src/trust/index.js";
import { Rng } from "../../src/trust/fuzz/rng.js";

type Json = any;

/** A state after `steps` random legal actions of the i-th campaign battle (or null if it will not start). */
export function playedState(i: number, seed: number, steps: number): BattleState | null {
  const b = campaignBattle(i, seed);
  const r = createBattle(b.victory === null ? b.setup : { ...b.setup, victory: b.victory });
  if (!r.ok) return null;
  let s = r.value;
  const rng = new Rng(seed ^ (i * 7919));
  for (let k = 0; k < steps && s.turn.phase !== "finished"; k++) {
    const pick = sampleLegalAction(s, { int: (n: number) => rng.int(n) });
    if (pick === null) break;
    s = pick.state;
  }
  return s;
}

const PHASES = ["start", "movement", "shooting", "combat", "command", "maneuver", "defensiveFire", "offensiveFire", "melee", "finished"];
const STEPS = [null, "declareCharges", "chargeResponses", "rally", "compulsory", "chargeMoves", "remaining"];
const KINDS = ["chargeResponse", "restraint", "challenge", "challengeAnswer"];

/** Named mutations of a saved state (plain JSON, edited in place). */
export const MUTATIONS: readonly [string, (s: Json, rng: Rng) => void][] = [
  ["unit moved anywhere", (s, rng) => {
    const ids = Object.keys(s.units);
    const u = s.units[rng.pick(ids) ?? ""];
    if (u !== undefined) u.position = { x: rng.real(-20, s.table.width + 20), y: rng.real(-20, s.table.height + 20) };
  }],
  ["unit onto another", (s, rng) => {
    const ids = Object.keys(s.units);
    const a = s.units[rng.pick(ids) ?? ""];
    const b = s.units[rng.pick(ids) ?? ""];
    if (a !== undefined && b !== undefined) a.position = { ...b.position };
  }],
  ["combat of one side", (s, rng) => {
    const ids = Object.keys(s.units);
    const side = Object.keys(s.sides)[rng.int(2)];
    const mine = ids.filter((id) => s.units[id].side === side);
    if (mine.length >= 2) s.combats["c-x"] = { id: "c-x", units: mine.slice(0, 2), chargers: [], lastWinner: null, rounds: 0, squareness: {} };
    const c = Object.values(s.combats)[0] as Json;
    if (c !== undefined) for (const id of c.units) s.units[id].side = s.units[c.units[0]].side;
  }],
  ["pending decision", (s, rng) => {
    const ids = Object.keys(s.units);
    const unit = rng.chance(0.3) ? null : rng.chance(0.2) ? "ghost" : (rng.pick(ids) ?? null);
    s.pending.push({ kind: rng.pick(KINDS), side: Object.keys(s.sides)[rng.int(2)], unit, targets: ids.filter(() => rng.chance(0.2)), rule: "CORE-TURN-2" });
  }],
  ["phase and step", (s, rng) => {
    s.turn.phase = rng.pick(PHASES);
    s.turn.step = rng.pick(STEPS);
  }],
  ["character joined elsewhere", (s, rng) => {
    const cs = Object.keys(s.characters);
    const c = s.characters[rng.pick(cs) ?? ""];
    const ids = Object.keys(s.units);
    if (c !== undefined) c.joinedTo = rng.pick(ids) ?? null;
    const u = s.units[rng.pick(ids) ?? ""];
    if (u !== undefined && rng.chance(0.5)) u.removed = { reason: "destroyed", gameTurn: 1 };
  }],
  ["result while pending", (s, rng) => {
    s.result = { winner: rng.chance(0.5) ? null : Object.keys(s.sides)[0], reason: "x", rule: null };
    if (rng.chance(0.5)) s.turn.phase = "finished";
  }],
  ["unit removed", (s, rng) => {
    const ids = Object.keys(s.units);
    const u = s.units[rng.pick(ids) ?? ""];
    if (u !== undefined) u.removed = { reason: rng.pick(["destroyed", "offTable", "fled"]), gameTurn: s.turn.gameTurn };
  }],
  ["fnf unit side", (s, rng) => {
    if (s.fnf === null) return;
    const ids = Object.keys(s.fnf.units);
    const u = s.fnf.units[rng.pick(ids) ?? ""];
    if (u !== undefined) u.side = rng.chance(0.5) ? "zz" : Object.keys(s.sides)[rng.int(2)];
    const ls = Object.keys(s.fnf.leaders);
    const l = s.fnf.leaders[rng.pick(ls) ?? ""];
    if (l !== undefined && rng.chance(0.5)) l.side = rng.chance(0.5) ? "zz" : Object.keys(s.sides)[rng.int(2)];
  }],
  ["fnf melee", (s, rng) => {
    if (s.fnf === null) return;
    const ids = Object.keys(s.fnf.units);
    const d = rng.pick(ids);
    const a = rng.pick(ids);
    if (d !== undefined && a !== undefined) s.fnf.melees["m-x"] = { id: "m-x", defender: d, attackers: [a], breakthrough: [] };
  }],
  ["leader superior cycle", (s, rng) => {
    if (s.fnf === null) return;
    const ls = Object.keys(s.fnf.leaders);
    const a = rng.pick(ls);
    const b = rng.pick(ls);
    if (a !== undefined && b !== undefined) {
      s.fnf.leaders[a].superior = b;
      s.fnf.leaders[b].superior = a;
    }
  }],
];

/** Whether a state that is not finished has no action that applies. */
export function isStuck(s: BattleState): boolean {
  if (s.turn.phase === "finished") return false;
  for (const a of legalActions(s)) if (applyTrusted(s, a).ok) return false;
  return true;
}
