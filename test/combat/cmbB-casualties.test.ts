/**
 * Whole-file tests (#17, cmbB) of the owner's choice of close-combat casualties
 * (combat/casualties.ts, WHN-FORM-8, CORE-CC-6) played through `apply` with scripted dice.
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, withScriptedDice, type BattleState } from "../../src/index.js";
import { legalCombatActions } from "../../src/rules/whn/combat/legal.js";
import { chooseAnyCasualties, chooseCombatCasualties } from "../../src/rules/whn/combat/casualties.js";
import { chooseCasualties } from "../../src/rules/whn/shooting/casualtyChoice.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller } from "../../src/dice/index.js";
import { engaged, deepFreeze } from "../fixtures/combat.js";
import { LD6, ev, mustApply, unitOf } from "../fixtures/play.js";

const D = 20 / 25.4;
const SKIRMISHERS = {
  formation: "EXTENDED_ORDER",
  light: true,
  extendedOrderAllowed: true,
  figures: 6,
  files: 6,
  position: { x: 36, y: 24 },
  models: Array.from({ length: 6 }, (_, i) => ({ x: 36 + (i - 2.5) * 0.8, y: 24 + D / 2, facing: 270 })),
} as never;
const ASK = { core: { ownerChoices: "ask" as const } };
// a (I 4) kills 3 of b's skirmishers; b's survivors miss; b's Break test (Ld 6 − 4 = 2) rolls 1 + 1 and passes.
const DICE = [6, 6, 6, 1, 1, 6, 6, 6, 1, 1, 1, 1, 1];
const asked = (): BattleState => mustApply(deepFreeze(withScriptedDice(engaged({ profile: LD6, figures: 10 }, SKIRMISHERS, { options: ASK }), DICE)), { type: "combat/fight" }).state;

describe("choosing close-combat casualties (combat/casualties.ts)", () => {
  it("WHN-FORM-8 / CORE-CC-6: the whole casualties event, then the Break test of the batch", () => {
    const s = asked();
    const r = mustApply(s, { type: "casualties/choose", unit: "b", models: [5, 3, 4] });
    const { seq: _s, gameTurn: _g, ...cas } = ev(r.events, "combat/casualties")[0] as unknown as Record<string, unknown>;
    expect(cas).toEqual({ type: "combat/casualties", rule: "CORE-CC-6", unit: "b", wounds: 3, removed: 3, figures: 3, commandLost: [], chosen: [3, 4, 5] });
    expect(ev(r.events, "combat/breakTest")).toHaveLength(1);
    expect(r.state.pending).toEqual([]);
  });

  it("WHN-FORM-8: the casualty decision is listed as a legal combat action, the default first", () => {
    const listed = legalCombatActions(asked());
    expect(listed[0]).toEqual({ type: "casualties/choose", unit: "b", models: [0, 4, 5] });
    expect(listed[1]).toEqual({ type: "casualties/choose", unit: "b", models: [1, 2, 3] });
  });

  it("WHN-FORM-8: while another choice of the batch is pending, the Break tests wait", () => {
    const s = asked();
    const d = s.pending[0]!;
    const two = { ...s, pending: [d, { ...d, casualties: 1 }] } as BattleState;
    const r = mustApply(two, { type: "casualties/choose", unit: "b", models: [3, 4, 5] });
    expect(ev(r.events, "combat/casualties")).toHaveLength(1);
    expect(ev(r.events, "combat/breakTest")).toEqual([]);
    expect(r.state.pending).toEqual([{ ...d, casualties: 1 }]);
    expect(unitOf(r.state, "b").figures).toBe(3);
  });

  it("WHN-FORM-8: without the wounds on the decision the event counts the models removed; without a batch nothing is resumed", () => {
    const s = asked();
    const { wounds: _w, batch: _b, ...d } = s.pending[0]!;
    const r = mustApply({ ...s, pending: [d] } as BattleState, { type: "casualties/choose", unit: "b", models: [0, 1, 2] });
    expect(ev(r.events, "combat/casualties")[0]).toMatchObject({ wounds: 3, removed: 3 });
    expect(ev(r.events, "combat/breakTest")).toEqual([]);
  });

  it("WHN-FORM-8: outside the close combat phase the choice goes to the shooting rules, in it to the combat rules", () => {
    const s = asked();
    const action = { type: "casualties/choose", unit: "b", models: [3, 4, 5] } as never;
    const run = (st: BattleState, f: typeof chooseAnyCasualties) => {
      const { ctx, sink } = makeContext(st, roller(st.dice));
      const out = f(st, action, ctx);
      return { out, types: sink.drafts.map((d) => d.type) };
    };
    const shooting = { ...s, turn: { ...s.turn, phase: "shooting" } } as BattleState;
    expect(run(shooting, chooseAnyCasualties)).toEqual(run(shooting, chooseCasualties as never));
    expect(run(shooting, chooseAnyCasualties).types).not.toContain("combat/casualties");
    expect(run(s, chooseAnyCasualties).types).toContain("combat/casualties");
    expect(run(s, chooseAnyCasualties)).toEqual(run(s, chooseCombatCasualties));
  });

  it("WHN-FORM-8: a refused choice changes nothing and says why", () => {
    const s = asked();
    const bad = apply(s, { type: "casualties/choose", unit: "b", models: [0, 1] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.violation).toMatchObject({ code: "casualties/choice_not_allowed", rule: "WHN-FORM-8", unit: "b", asked: 3, models: [0, 1], of: 6 });
    expect(apply(s, { type: "casualties/choose", unit: "a", models: [0, 1, 2] }).ok).toBe(false);
  });
});
