import { applyUnknown as apply, createBattleWithEvents, withScriptedDice, type BattleState } from "../../src/index.js";
import { historyOf, remember } from "../fixtures/history.js";

/** Creates an FnF battle or throws with the issues. */
export function mustCreate(setup: unknown): BattleState {
  const r = createBattleWithEvents(setup);
  if (!r.ok) throw new Error(JSON.stringify(r.error.issues));
  return remember(r.value.state, r.value.state, r.value.events);
}

/** A small FnF battle on an open 72" × 48" table: French (fr) below, British (gb) above. */
export function fnfBattle(fnf: Record<string, unknown>, terrain: unknown[] = [], options: unknown = {}): BattleState {
  return mustCreate({
    ruleset: "fnf",
    seed: 7,
    sides: [
      { id: "fr", name: "French" },
      { id: "gb", name: "British" },
    ],
    units: [],
    wind: 0,
    terrain,
    options,
    fnf,
  });
}

/** Plays an action or throws with the violation. */
export function play(state: BattleState, action: unknown): BattleState {
  const r = apply(state, action);
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return remember(state, r.state, r.events);
}

/** Advances to a phase of the current or following player turns. */
export function advanceTo(state: BattleState, phase: BattleState["turn"]["phase"], side?: string): BattleState {
  let s = state;
  for (let i = 0; i < 40 && !(s.turn.phase === phase && (side === undefined || s.turn.activeSide === side)); i++) s = play(s, { type: "turn/advance" });
  return s;
}

/** Plays an action with scripted dice. */
export function playWith(state: BattleState, dice: number[], action: unknown): BattleState {
  return play(remember(state, withScriptedDice(state, dice), []), action);
}

/** The FnF unit, or throws. */
export function unit(state: BattleState, id: string) {
  const u = state.fnf?.units[id];
  if (u === undefined) throw new Error(`no unit ${id}`);
  return u;
}

/** Events of a type in the steps the helpers played to reach `state`. */
export function events(state: BattleState, type: string) {
  return historyOf(state).filter((e) => e.type === type);
}

/** A brigade with defaults. */
export function brigade(id: string, side: "fr" | "gb", x: number, y: number, over: Record<string, unknown> = {}) {
  return { id, side, kind: "brigade", arm: "infantry", bases: 6, formation: "LINE", position: { x, y }, facing: side === "fr" ? 90 : 270, ...over } as const;
}
