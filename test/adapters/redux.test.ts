import { describe, expect, it } from "vitest";
import { configureStore, createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { applyPatches, castDraft, enablePatches } from "immer";
import { apply, legalActions, saveState, type Action, type BattleState } from "../../src/index.js";
import { applyWithPatches, createBattleSlice } from "../../src/adapters/redux/index.js";
import { WHOLE_BATTLE_MS, picker, referencePlay, ridgeBattle } from "./helpers.js";

const MAX = 400;

describe("fusillade inside Redux Toolkit", () => {
  it("plays a whole battle in an app's own createSlice reducer (state as a draft), default middleware on", () => {
    const start = ridgeBattle(3);
    const reference = referencePlay(start, 11, MAX);
    const slice = createSlice({
      name: "game",
      initialState: { battle: start, decisions: 0 },
      reducers: {
        act(state, action: PayloadAction<Action>) {
          const r = apply(state.battle, action.payload);
          if (r.ok) {
            state.battle = castDraft(r.state);
            state.decisions++;
          }
        },
      },
    });
    // configureStore's default middleware checks serialisability and immutability in development.
    const store = configureStore({ reducer: { game: slice.reducer }, middleware: (gdm) => gdm({ serializableCheck: { warnAfter: 10_000 }, immutableCheck: { warnAfter: 10_000 } }) });
    const pick = picker(11);
    for (let i = 0; i < MAX && store.getState().game.battle.turn.phase !== "finished"; i++) {
      store.dispatch(slice.actions.act(pick(legalActions(store.getState().game.battle))));
    }
    expect(store.getState().game.decisions).toBe(reference.decisions);
    expect(saveState(store.getState().game.battle)).toBe(saveState(reference.state));
  }, WHOLE_BATTLE_MS);

  it("fusillade/redux: a battle slice plays a whole battle with undo/redo from patches, default middleware on", () => {
    const start = ridgeBattle(3);
    const reference = referencePlay(start, 11, MAX);
    const UNDO = 40;
    // A bounded history keeps the middleware's whole-state checks affordable over a battle.
    const battle = createBattleSlice({ initial: start, historyLimit: UNDO });
    const store = configureStore({ reducer: { battle: battle.reducer }, middleware: (gdm) => gdm({ serializableCheck: { warnAfter: 10_000 }, immutableCheck: { warnAfter: 10_000 } }) });
    const pick = picker(11);
    const current = (): BattleState => store.getState().battle.battle as BattleState;
    let played = 0;
    while (current().turn.phase !== "finished" && played < MAX) {
      store.dispatch(battle.actions.play(pick(battle.selectors.legalActions(store.getState().battle))));
      expect(store.getState().battle.violation).toBeNull();
      played++;
    }
    expect(played).toBe(reference.decisions);
    const end = saveState(current());
    expect(end).toBe(saveState(reference.state));
    expect(store.getState().battle.past).toHaveLength(UNDO);

    for (let back = 1; back <= UNDO; back++) {
      store.dispatch(battle.actions.undo());
      expect(saveState(current())).toBe(saveState(reference.states[played - back] as BattleState));
    }
    expect(battle.selectors.canUndo(store.getState().battle)).toBe(false);
    while (battle.selectors.canRedo(store.getState().battle)) store.dispatch(battle.actions.redo());
    expect(saveState(current())).toBe(end);
    // An undone battle plays on from where it was taken back to.
    for (let back = 0; back < 3; back++) store.dispatch(battle.actions.undo());
    const again = legalActions(current());
    store.dispatch(battle.actions.play(again[0] as Action));
    expect(store.getState().battle.violation).toBeNull();
    expect(battle.selectors.canRedo(store.getState().battle)).toBe(false);
  }, WHOLE_BATTLE_MS);

  it("fusillade/redux: a refused action leaves the battle as it was and says why", () => {
    const start = ridgeBattle(3);
    const battle = createBattleSlice({ initial: start });
    const store = configureStore({ reducer: { battle: battle.reducer } });
    store.dispatch(battle.actions.play({ type: "movement/move", unit: "no-such-unit", path: [{ x: 1, y: 1 }] } as never));
    const s = store.getState().battle;
    expect(s.battle).toBe(start);
    expect(s.violation?.code).toMatch(/^action\//);
    expect(s.past).toHaveLength(0);
    // Undo with nothing played, and a later valid action, behave.
    store.dispatch(battle.actions.undo());
    store.dispatch(battle.actions.play({ type: "turn/advance" }));
    expect(store.getState().battle.violation).toBeNull();
    expect(store.getState().battle.past).toHaveLength(1);
  });

  it("applyWithPatches: immer's applyPatches turns each state into the next and back, with far fewer bytes than the state", () => {
    enablePatches();
    let state = ridgeBattle(6);
    const pick = picker(21);
    let patchBytes = 0;
    let stateBytes = 0;
    let steps = 0;
    for (; steps < MAX && state.turn.phase !== "finished"; steps++) {
      const r = applyWithPatches(state, pick(legalActions(state)));
      if (!r.ok) throw new Error(JSON.stringify(r.violation));
      expect(saveState(applyPatches(state, r.patches))).toBe(saveState(r.state));
      expect(saveState(applyPatches(r.state, r.inversePatches))).toBe(saveState(state));
      patchBytes += JSON.stringify(r.patches).length;
      stateBytes += saveState(r.state).length;
      state = r.state;
    }
    const perAction = patchBytes / steps;
    const statePerAction = stateBytes / steps;
    console.log(`applyWithPatches: ${steps} actions, ${perAction.toFixed(0)} B of patches per action against ${statePerAction.toFixed(0)} B per full state (${((100 * perAction) / statePerAction).toFixed(1)} %)`);
    expect(perAction).toBeLessThan(statePerAction / 5);
  }, WHOLE_BATTLE_MS);
});
