/**
 * Invariants of every ruleset: the state's format, the events of a step, the turn sequence, the dice and the
 * pieces the engine lets act.
 */
import { BattleStateSchema, PHASES, MOVEMENT_STEPS, type BattleState } from "../../state/battle.js";
import { isRuleId } from "../../state/ids.js";
import { PLAYER_TURN } from "../../engine/sequence.js";
import { canonicalJson } from "../hash.js";
import { at, stateInvariant, stepInvariant, type Invariant } from "./types.js";
import { actionType, actorOf, decidingSide, firstNonJson, jsonEqual } from "./util.js";

const BOTH = ["whn", "fnf", "core"] as const;

/** Where a state stands in the sequence, as a tuple compared lexicographically. */
function position(s: BattleState): [number, number, number, number] {
  if (s.turn.phase === "finished") return [s.turn.gameTurn, 2, 99, 99];
  const player = s.turn.activeSide === s.turn.firstSide ? 0 : 1;
  const phase = PLAYER_TURN[s.ruleset].indexOf(s.turn.phase);
  const step = s.turn.step === null ? -1 : MOVEMENT_STEPS.indexOf(s.turn.step);
  return [s.turn.gameTurn, player, phase, step];
}

function before(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}

/** The side a WHN or FnF piece belongs to, or null if unknown. */
function sideOfPiece(s: BattleState, id: string): { side: string; removed: boolean } | null {
  if (Object.hasOwn(s.units, id)) {
    const u = s.units[id as keyof typeof s.units];
    if (u !== undefined) return { side: u.side, removed: u.removed !== null };
  }
  if (Object.hasOwn(s.characters, id)) {
    const c = s.characters[id as keyof typeof s.characters];
    if (c !== undefined) return { side: c.side, removed: c.removed !== null };
  }
  const f = s.fnf;
  if (f !== null) {
    const u = Object.hasOwn(f.units, id) ? f.units[id] : undefined;
    if (u !== undefined) return { side: u.side, removed: u.removed !== null };
    const l = Object.hasOwn(f.leaders, id) ? f.leaders[id] : undefined;
    if (l !== undefined) return { side: l.side, removed: l.lost !== null };
  }
  return null;
}

/** Invariants shared by both rulesets. */
export const COMMON_INVARIANTS: readonly Invariant[] = [
  stateInvariant({
    id: "state.schema",
    rule: "CORE-GEN-1",
    doc: "Every state the engine returns passes BattleStateSchema (ids match keys, references resolve, numbers in range).",
    rulesets: BOTH,
    cost: "full",
    check: (s) => {
      const r = BattleStateSchema.safeParse(s);
      return r.success ? null : r.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    },
  }),
  stateInvariant({
    id: "state.plainJson",
    rule: "CORE-GEN-1",
    doc: "A state is plain JSON data: finite numbers, no undefined values, no class instances.",
    rulesets: BOTH,
    cost: "full",
    check: (s) => firstNonJson(s),
  }),
  stateInvariant({
    id: "state.jsonRoundTrip",
    rule: "CORE-GEN-1",
    doc: "Saving a state as JSON and loading it back through the schema gives the same state.",
    rulesets: BOTH,
    cost: "full",
    check: (s) => {
      const r = BattleStateSchema.safeParse(JSON.parse(JSON.stringify(s)));
      if (!r.success) return "the saved JSON no longer parses";
      return canonicalJson(r.data) === canonicalJson(s) ? null : "the state read back differs from the state saved";
    },
  }),
  stateInvariant({
    id: "turn.inSequence",
    rule: "CORE-TURN-2",
    doc: "The phase belongs to the ruleset's player turn (or is finished); a movement step is set exactly in the WHN movement phase; 1 ≤ game turn ≤ limit.",
    rulesets: BOTH,
    cost: "cheap",
    check: (s) => {
      const t = s.turn;
      if (!PHASES.includes(t.phase)) return at(["turn", "phase"], `unknown phase "${t.phase}"`);
      if (t.phase !== "finished" && !PLAYER_TURN[s.ruleset].includes(t.phase)) return at(["turn", "phase"], `phase "${t.phase}" is not a ${s.ruleset} phase`);
      if ((t.step !== null) !== (s.ruleset !== "fnf" && t.phase === "movement")) return at(["turn", "step"], `step ${String(t.step)} in phase ${t.phase}`);
      if (t.gameTurn < 1 || t.gameTurn > t.maxTurns) return at(["turn", "gameTurn"], `game turn ${t.gameTurn} outside 1…${t.maxTurns}`);
      if (!Object.hasOwn(s.sides, t.activeSide) || !Object.hasOwn(s.sides, t.firstSide)) return at(["turn"], "active or first side unknown");
      return null;
    },
  }),
  stateInvariant({
    id: "result.iffFinished",
    rule: "CORE-TURN-1",
    doc: "A battle has a result exactly when it is finished, and a finished battle waits for no decision.",
    rulesets: BOTH,
    cost: "cheap",
    check: (s) => {
      const done = s.turn.phase === "finished";
      if (done !== (s.result !== null)) return at(["result"], done ? "finished without a result" : `a result (${s.result?.reason ?? ""}) before the end`);
      if (done && s.pending.length > 0) return at(["pending"], `finished with ${s.pending.length} pending decision(s)`);
      if (s.result !== null && s.result.winner !== null && !Object.hasOwn(s.sides, s.result.winner)) return at(["result", "winner"], `unknown winner "${s.result.winner}"`);
      return null;
    },
  }),
  stateInvariant({
    id: "pending.wellFormed",
    rule: "CORE-TURN-2",
    doc: "Every pending decision belongs to a side of the battle and names only units that exist.",
    rulesets: BOTH,
    cost: "cheap",
    check: (s) => {
      for (const [i, d] of s.pending.entries()) {
        if (!Object.hasOwn(s.sides, d.side)) return at(["pending", i, "side"], `pending[${i}] for unknown side "${d.side}"`);
        if (d.unit !== null && !Object.hasOwn(s.units, d.unit)) return at(["pending", i, "unit"], `pending[${i}] names unknown unit "${d.unit}"`);
        for (const [j, id] of d.targets.entries()) if (!Object.hasOwn(s.units, id)) return at(["pending", i, "targets", j], `pending[${i}] names unknown unit "${id}"`);
      }
      return null;
    },
  }),
  stepInvariant({
    id: "events.numbered",
    rule: "CORE-TURN-1",
    doc: "A step's events are numbered on from the state's event count (seq 0, 1, 2, … over the battle, no gap), and the count grows by exactly their number.",
    rulesets: BOTH,
    cost: "cheap",
    check: ({ before: b, after: a, events }) => {
      if (a.eventSeq !== b.eventSeq + events.length) return `event count went from ${b.eventSeq} to ${a.eventSeq} with ${events.length} event(s)`;
      for (const [i, e] of events.entries()) if (e.seq !== b.eventSeq + i) return `event ${i} (${e.type}) has seq ${e.seq}, expected ${b.eventSeq + i}`;
      return null;
    },
  }),
  stepInvariant({
    id: "events.citeRules",
    rule: "CORE-TURN-1",
    doc: "Every event has a non-empty type and cites an existing rule id (isRuleId), and its game turn is the step's.",
    rulesets: BOTH,
    cost: "cheap",
    check: ({ before: b, after: a, events }) => {
      for (const e of events) {
        if (typeof e.type !== "string" || e.type.length === 0) return `an event without a type (seq ${e.seq})`;
        if (typeof e.rule !== "string" || !isRuleId(e.rule)) return `event ${e.type} cites "${String(e.rule)}", not a rule id`;
        if (e.gameTurn < b.turn.gameTurn || e.gameTurn > a.turn.gameTurn) return `event ${e.type} dated turn ${e.gameTurn}, step ran ${b.turn.gameTurn}…${a.turn.gameTurn}`;
      }
      return null;
    },
  }),
  stepInvariant({
    id: "turn.forwardOnly",
    rule: "CORE-TURN-2",
    doc: "The turn sequence (game turn, player, phase, step) only moves forward, and only turn/advance or a victory moves it.",
    rulesets: BOTH,
    cost: "cheap",
    check: ({ before: b, action, after: a, events }) => {
      const pb = position(b);
      const pa = position(a);
      if (before(pa, pb)) return `moved back from ${pb.join(".")} to ${pa.join(".")}`;
      const moved = before(pb, pa);
      if (moved && actionType(action) !== "turn/advance" && !events.some((e) => e.type === "battle/ended")) return `${actionType(action)} moved the turn sequence`;
      if (b.turn.maxTurns !== a.turn.maxTurns || b.turn.firstSide !== a.turn.firstSide) return "the turn limit or first side changed";
      return null;
    },
  }),
  stepInvariant({
    id: "pending.blocksAdvance",
    rule: "CORE-TURN-2",
    doc: "turn/advance is never accepted while a decision is pending.",
    rulesets: BOTH,
    cost: "cheap",
    check: ({ before: b, action }) => (actionType(action) === "turn/advance" && b.pending.length > 0 ? `advanced past a pending ${b.pending[0]?.kind ?? ""}` : null),
  }),
  stepInvariant({
    id: "dice.onlyWhenRolled",
    rule: "CORE-GEO-30",
    doc: "The dice state advances only when dice are rolled: draws never go back, and unchanged draws mean an unchanged dice state.",
    rulesets: BOTH,
    cost: "cheap",
    check: ({ before: b, after: a }) => {
      if (a.dice.kind !== b.dice.kind) return `dice kind changed from ${b.dice.kind} to ${a.dice.kind}`;
      if (a.dice.draws < b.dice.draws) return `draws went back from ${b.dice.draws} to ${a.dice.draws}`;
      if (a.dice.draws === b.dice.draws && !jsonEqual(a.dice, b.dice)) return "the dice state changed with no draw";
      return null;
    },
  }),
  stepInvariant({
    id: "dice.rollsAreLogged",
    rule: "CORE-GEO-30",
    doc: "A step that rolls dice reports at least one event, so every roll is explained by the events it returns.",
    rulesets: BOTH,
    cost: "cheap",
    check: ({ before: b, after: a, events }) => (a.dice.draws > b.dice.draws && events.length === 0 ? `${a.dice.draws - b.dice.draws} draw(s) with no event` : null),
  }),
  stepInvariant({
    id: "battle.staticUnchanged",
    rule: "CORE-GEN-1",
    doc: "The ruleset, table, sides, rules options and schema version never change during a battle.",
    rulesets: BOTH,
    cost: "cheap",
    check: ({ before: b, after: a }) => {
      if (a.ruleset !== b.ruleset || a.schemaVersion !== b.schemaVersion) return "ruleset or schema version changed";
      for (const k of ["table", "sides", "options"] as const) if (!jsonEqual(a[k], b[k])) return `${k} changed`;
      return null;
    },
  }),
  stepInvariant({
    id: "ids.neverVanish",
    rule: "CORE-GEN-1",
    doc: "Pieces never disappear from the state: a unit, character, FnF unit or leader, once listed, stays listed (removed ones are marked, not deleted).",
    rulesets: BOTH,
    cost: "cheap",
    check: ({ before: b, after: a }) => {
      for (const id of Object.keys(b.units)) if (!Object.hasOwn(a.units, id)) return `unit "${id}" vanished`;
      for (const id of Object.keys(b.characters)) if (!Object.hasOwn(a.characters, id)) return `character "${id}" vanished`;
      if (b.fnf !== null && a.fnf !== null) {
        for (const id of Object.keys(b.fnf.units)) if (!Object.hasOwn(a.fnf.units, id)) return `FnF unit "${id}" vanished`;
        for (const id of Object.keys(b.fnf.leaders)) if (!Object.hasOwn(a.fnf.leaders, id)) return `leader "${id}" vanished`;
      }
      return null;
    },
  }),
  stepInvariant({
    id: "actor.decidingSide",
    rule: "CORE-TURN-2",
    doc: "An accepted action's acting piece exists and belongs to the deciding side (in FnF defensive fire, to the side not moving).",
    rulesets: BOTH,
    cost: "cheap",
    check: ({ before: b, action }) => {
      const actor = actorOf(action);
      if (actor === null) return null;
      const piece = sideOfPiece(b, actor.id);
      if (piece === null) return `${actor.field} "${actor.id}" does not exist`;
      let expected = decidingSide(b);
      if (b.ruleset === "fnf" && b.turn.phase === "defensiveFire") expected = Object.keys(b.sides).find((k) => k !== b.turn.activeSide) ?? expected;
      return piece.side === expected ? null : `${actor.field} "${actor.id}" of side ${piece.side} acted; the deciding side is ${expected}`;
    },
  }),
  stepInvariant({
    id: "actor.notRemoved",
    rule: "CORE-GEN-1",
    doc: "Removed units, characters and lost leaders never act.",
    rulesets: BOTH,
    cost: "cheap",
    check: ({ before: b, action }) => {
      const actor = actorOf(action);
      if (actor === null) return null;
      return sideOfPiece(b, actor.id)?.removed === true ? `removed ${actor.field} "${actor.id}" acted (${actionType(action)})` : null;
    },
  }),
];
