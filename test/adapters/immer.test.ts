import { describe, expect, it } from "vitest";
import { castDraft, produce, original, isDraft } from "immer";
import { apply, legalActions, pendingDecision, decidingSide, saveState, firstLegalAction, type BattleState } from "../../src/index.js";
import { WHOLE_BATTLE_MS, picker, referencePlay, ridgeBattle } from "./helpers.js";

const MAX = 400;

describe("fusillade inside immer", () => {
  it("plays a whole battle with the state as a draft of produce, as plain play does", () => {
    const start = ridgeBattle(3);
    const reference = referencePlay(start, 11, MAX);
    const pick = picker(11);
    let store: { battle: BattleState; decisions: number } = { battle: start, decisions: 0 };
    while (store.battle.turn.phase !== "finished" && store.decisions < MAX) {
      store = produce(store, (d) => {
        expect(isDraft(d.battle)).toBe(true);
        const side = decidingSide(d.battle);
        expect(pendingDecision(d.battle).side).toBe(side);
        const r = apply(d.battle, pick(legalActions(d.battle)));
        if (!r.ok) throw new Error(JSON.stringify(r.violation));
        d.battle = castDraft(r.state);
        d.decisions++;
      });
      // The finalised state is frozen by immer: every entry point takes it as well.
      expect(Object.isFrozen(store.battle)).toBe(true);
      expect(firstLegalAction(store.battle) === undefined).toBe(store.battle.turn.phase === "finished");
    }
    expect(store.decisions).toBe(reference.decisions);
    expect(saveState(store.battle)).toBe(saveState(reference.state));
  }, WHOLE_BATTLE_MS);

  it("answers a draft that was changed inside the recipe from its new content, not a cached listing", () => {
    let start = ridgeBattle(4);
    // Advance to the first step where units have something to do.
    while (!legalActions(start).some((a) => "unit" in a)) {
      const r = apply(start, { type: "turn/advance" });
      if (!r.ok) throw new Error(JSON.stringify(r.violation));
      start = r.state;
    }
    produce({ battle: start }, (d) => {
      const before = legalActions(d.battle);
      expect(before.length).toBeGreaterThan(1);
      // Take one unit off the table inside the same recipe: its actions must disappear.
      const unit = Object.keys(d.battle.units).find((id) => before.some((a) => (a as { unit?: string }).unit === id)) as keyof BattleState["units"];
      expect(unit).toBeDefined();
      (d.battle.units[unit] as { figures: number }).figures = 0;
      const after = legalActions(d.battle);
      expect(after.some((a) => (a as { unit?: string }).unit === unit)).toBe(false);
      expect(legalActions(original(d.battle) as BattleState)).toEqual(before);
    });
  });

  it("keeps no revoked draft: states built inside a recipe serve later calls outside it", () => {
    const start = ridgeBattle(5);
    const pick = picker(2);
    let kept: BattleState | null = null;
    const next = produce({ battle: start }, (d) => {
      const r = apply(d.battle, pick(legalActions(d.battle)));
      if (!r.ok) throw new Error(JSON.stringify(r.violation));
      kept = r.state;
      d.battle = castDraft(r.state);
    });
    const k = kept as BattleState | null;
    if (k === null) throw new Error("no state kept");
    expect(saveState(k)).toBe(saveState(next.battle));
    for (let i = 0; i < 20 && k.turn.phase !== "finished"; i++) expect(() => legalActions(k)).not.toThrow();
    const r = apply(next.battle, pick(legalActions(next.battle)));
    expect(r.ok).toBe(true);
  });
});
