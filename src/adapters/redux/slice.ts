/**
 * A battle for Redux apps: a reducer with action creators (`play`, `undo`, `redo`, `load`) whose
 * history is a stack of JSON patches rather than whole states. Built on plain Redux contracts, so
 * it plugs into Redux Toolkit's `configureStore` (its serialisability and immutability checks
 * pass) or `combineReducers` without importing either.
 */
import { applyPatches, enablePatches, type Patch } from "immer";
import type { Action, ActionInput } from "../../engine/actions.js";
import type { Violation } from "../../engine/violation.js";
import type { BattleEvent, BattleState } from "../../state/battle.js";
import { legalActions, pendingDecision, type PendingDecision } from "../../engine/decisions.js";
import { applyWithPatches, type JsonPatch } from "../patches.js";
import { numberArg, optionsArg } from "../../engine/args.js";

/** One played action with the patches it made and the inverse patches that undo it. */
export interface BattleStep {
  readonly action: ActionInput;
  readonly patches: readonly JsonPatch[];
  readonly inversePatches: readonly JsonPatch[];
}

/** The slice's state: the battle, its undo and redo stacks, and what the last action gave. */
export interface BattleSliceState {
  readonly battle: BattleState | null;
  /** Played steps, oldest first (at most `historyLimit`). */
  readonly past: readonly BattleStep[];
  /** Undone steps, the next one to redo last. */
  readonly future: readonly BattleStep[];
  /** Why the last `play` was refused (null after any action that applied). */
  readonly violation: Violation | null;
  /** The events of the last action played or redone. */
  readonly events: readonly BattleEvent[];
}

/** A Redux action of the slice. */
export type BattleSliceAction =
  | { readonly type: `${string}/load`; readonly payload: BattleState }
  | { readonly type: `${string}/play`; readonly payload: ActionInput }
  | { readonly type: `${string}/undo` }
  | { readonly type: `${string}/redo` };

/** An action creator with Redux Toolkit's `type` and `match` conventions. */
export interface BattleActionCreator<A extends BattleSliceAction, Args extends unknown[]> {
  (...args: Args): A;
  readonly type: A["type"];
  match(action: { readonly type: string }): action is A;
}

/** Options of {@link createBattleSlice}. */
export interface BattleSliceOptions {
  /** The action type prefix and the key apps mount the reducer under (default `"battle"`). */
  readonly name?: string;
  /** The battle the slice starts with (default none: dispatch `load`). */
  readonly initial?: BattleState | null;
  /** How many steps `undo` can go back (default 500; older steps are dropped). */
  readonly historyLimit?: number;
}

/** What {@link createBattleSlice} returns: Redux Toolkit's slice shape. */
export interface BattleSlice {
  readonly name: string;
  readonly reducer: (state: BattleSliceState | undefined, action: { readonly type: string }) => BattleSliceState;
  readonly getInitialState: () => BattleSliceState;
  readonly actions: {
    readonly load: BattleActionCreator<{ readonly type: `${string}/load`; readonly payload: BattleState }, [state: BattleState]>;
    readonly play: BattleActionCreator<{ readonly type: `${string}/play`; readonly payload: ActionInput }, [action: ActionInput | Action]>;
    readonly undo: BattleActionCreator<{ readonly type: `${string}/undo` }, []>;
    readonly redo: BattleActionCreator<{ readonly type: `${string}/redo` }, []>;
  };
  /** Selectors over the slice's own state. */
  readonly selectors: {
    readonly battle: (s: BattleSliceState) => BattleState | null;
    readonly pending: (s: BattleSliceState) => PendingDecision | null;
    readonly legalActions: (s: BattleSliceState) => Action[];
    readonly canUndo: (s: BattleSliceState) => boolean;
    readonly canRedo: (s: BattleSliceState) => boolean;
  };
}

function creator<A extends BattleSliceAction, Args extends unknown[]>(type: A["type"], make: (...args: Args) => A): BattleActionCreator<A, Args> {
  return Object.assign(make, { type, match: (action: { readonly type: string }): action is A => action.type === type });
}

/** Patches through immer (its patch support is switched on here, on first use, not at import). */
function patched(state: BattleState, patches: readonly JsonPatch[]): BattleState {
  enablePatches();
  return applyPatches(state, patches as Patch[]);
}

/**
 * A battle slice for Redux: a reducer whose state is the battle with undo/redo stacks of immer
 * patches, and its action creators. Refused actions leave the battle unchanged and put the
 * violation in `violation`.
 * @example
 * const battle = createBattleSlice({ initial: state });
 * const store = configureStore({ reducer: { battle: battle.reducer } });
 * store.dispatch(battle.actions.play({ type: "turn/advance" }));
 * store.dispatch(battle.actions.undo());
 */
export function createBattleSlice(input: BattleSliceOptions = {}): BattleSlice {
  const options = optionsArg("createBattleSlice", "options", input) ?? {};
  const name = String(options.name ?? "battle");
  const limit = Math.max(0, Math.floor(numberArg("createBattleSlice", "options.historyLimit", options.historyLimit ?? 500)));
  const initial: BattleSliceState = { battle: options.initial ?? null, past: [], future: [], violation: null, events: [] };
  const load = creator(`${name}/load`, (state: BattleState) => ({ type: `${name}/load` as const, payload: state }));
  const play = creator(`${name}/play`, (action: ActionInput | Action) => ({ type: `${name}/play` as const, payload: action as ActionInput }));
  const undo = creator(`${name}/undo`, () => ({ type: `${name}/undo` as const }));
  const redo = creator(`${name}/redo`, () => ({ type: `${name}/redo` as const }));

  const reducer = (state: BattleSliceState = initial, action: { readonly type: string }): BattleSliceState => {
    if (load.match(action)) return { battle: action.payload, past: [], future: [], violation: null, events: [] };
    if (state.battle === null) return state;
    if (play.match(action)) {
      const r = applyWithPatches(state.battle, action.payload);
      if (!r.ok) return { ...state, violation: r.violation };
      const step: BattleStep = { action: action.payload, patches: r.patches, inversePatches: r.inversePatches };
      const past = state.past.length >= limit ? [...state.past.slice(state.past.length - limit + 1), step] : [...state.past, step];
      return { battle: r.state, past: limit === 0 ? [] : past, future: [], violation: null, events: r.events };
    }
    if (undo.match(action)) {
      const step = state.past[state.past.length - 1];
      if (step === undefined) return state;
      return { battle: patched(state.battle, step.inversePatches), past: state.past.slice(0, -1), future: [...state.future, step], violation: null, events: [] };
    }
    if (redo.match(action)) {
      const step = state.future[state.future.length - 1];
      if (step === undefined) return state;
      return { battle: patched(state.battle, step.patches), past: [...state.past, step], future: state.future.slice(0, -1), violation: null, events: [] };
    }
    return state;
  };

  return {
    name,
    reducer,
    getInitialState: () => initial,
    actions: { load, play, undo, redo },
    selectors: {
      battle: (s) => s.battle,
      pending: (s) => (s.battle === null ? null : pendingDecision(s.battle)),
      legalActions: (s) => (s.battle === null ? [] : legalActions(s.battle)),
      canUndo: (s) => s.past.length > 0,
      canRedo: (s) => s.future.length > 0,
    },
  };
}
