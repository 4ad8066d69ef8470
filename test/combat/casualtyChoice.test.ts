/**
 * The owner's choice of close-combat casualties (WHN-FORM-8, CORE-CC-6) with `core.ownerChoices:
 * "ask"`: the round is fought and scored, its summary waits on the combat, and the Break tests follow
 * the last answer. Played through `apply` with scripted dice.
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, legalActions, loadState, saveState, withScriptedDice, type BattleState } from "../../src/index.js";
import { randomBot } from "../../src/bots/index.js";
import { engaged, deepFreeze } from "../fixtures/combat.js";
import { LD6, ev, mustApply, unitOf } from "../fixtures/play.js";

const D = 20 / 25.4;
/** Six skirmishers in one row, 0.8" apart, all touching a's front (b's front edge at y 24). */
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
// a (I 4) strikes first: 5 to-hit (3 hit), 3 to-wound (3 wound), no save; b's 3 survivors miss (3 dice).
const A_KILLS_3 = [6, 6, 6, 1, 1, 6, 6, 6, 1, 1, 1];
/** a: 10 in 2 ranks (rank +1): wins 3 + 1 = 4, so b tests on Ld 6 − 4 = 2: 1 + 1 passes and falls back. */
const fight = (options: object = {}, dice: number[] = [...A_KILLS_3, 1, 1]): BattleState =>
  deepFreeze(withScriptedDice(engaged({ profile: LD6, figures: 10 }, SKIRMISHERS, { options }), dice));

describe("the owner's choice of close-combat casualties (WHN-FORM-8, core.ownerChoices)", () => {
  it("WHN-FORM-8 / CORE-CC-6: with \"ask\" the round is fought and scored, then the owner is asked; no model goes and no Break test is taken yet", () => {
    const r = mustApply(fight(ASK), { type: "combat/fight" });
    expect(ev(r.events, "combat/roundFought")[0]).toMatchObject({ winner: "fr", margin: 4 });
    expect(ev(r.events, "combat/casualties")).toEqual([]);
    expect(ev(r.events, "combat/breakTest")).toEqual([]);
    expect(r.state.pending).toEqual([{ kind: "casualtyChoice", side: "gb", unit: "b", targets: ["a"], rule: "WHN-FORM-8", casualties: 3, wounds: 3, from: { x: 36, y: 24 - D }, batch: ["c1"] }]);
    expect(unitOf(r.state, "b").figures).toBe(6);
    // The round's summary waits on the combat entry; the state still saves and loads.
    expect(r.state.combats["c1" as never]!.round).toEqual({ winner: "fr", margin: 4, units: ["a", "b"], contacts: [{ unit: "a", enemy: "b", models: 5 }, { unit: "b", enemy: "a", models: 6 }] });
    const loaded = loadState(saveState(r.state));
    expect(loaded.ok && loaded.value.combats["c1" as never]!.round).toEqual(r.state.combats["c1" as never]!.round);
    expect(apply(r.state, { type: "turn/advance" }).ok).toBe(false);
    expect(apply(r.state, { type: "combat/fight" }).ok).toBe(false);
  });

  it("WHN-FORM-8: legalActions lists the default (the models farthest from the enemy) first, then the nearest, each exactly 3 distinct models", () => {
    const r = mustApply(fight(ASK), { type: "combat/fight" });
    const listed = legalActions(r.state);
    // The two ends of the row are farthest from a's centre (x 36); on a tie the later model goes first.
    expect(listed[0]).toEqual({ type: "casualties/choose", unit: "b", models: [0, 4, 5] });
    expect(listed[1]).toEqual({ type: "casualties/choose", unit: "b", models: [1, 2, 3] });
    expect(listed.length).toBe(20);
    for (const a of listed) expect(new Set((a as { models: number[] }).models).size).toBe(3);
  });

  it("WHN-FORM-8 / WHN-BREAK-1: the answer removes the models picked, then the Break test, fall back and aftermath follow; the summary is gone", () => {
    const r1 = mustApply(fight(ASK), { type: "combat/fight" });
    const r2 = mustApply(r1.state, { type: "casualties/choose", unit: "b", models: [3, 4, 5] });
    expect(ev(r2.events, "combat/casualties")[0]).toMatchObject({ unit: "b", wounds: 3, removed: 3, figures: 3, chosen: [3, 4, 5], rule: "CORE-CC-6" });
    expect(ev(r2.events, "combat/breakTest")[0]).toMatchObject({ unit: "b", target: 2, dice: [1, 1], passed: true });
    expect(ev(r2.events, "combat/fellBack")[0]).toMatchObject({ unit: "b", rule: "WHN-BREAK-2" });
    // Models 0, 1 and 2 stay and fall back together: each moved by the same step.
    const before = unitOf(r1.state, "b").models!;
    const after = unitOf(r2.state, "b").models!;
    const step = { x: after[0]!.x - before[0]!.x, y: after[0]!.y - before[0]!.y };
    expect(Math.hypot(step.x, step.y)).toBeGreaterThan(1);
    after.forEach((m, i) => expect([m.x - before[i]!.x, m.y - before[i]!.y]).toEqual([expect.closeTo(step.x, 9), expect.closeTo(step.y, 9)]));
    expect(unitOf(r2.state, "b")).toMatchObject({ figures: 3, order: "DISORDERED" });
    expect(r2.state.pending).toEqual([]);
    expect(r2.state.combats).toEqual({});
  });

  it("WHN-FORM-8: answering with the listed default gives the very units, dice and events that \"auto\" gives", () => {
    const auto = mustApply(fight(), { type: "combat/fight" });
    const asked = mustApply(fight(ASK), { type: "combat/fight" });
    const answered = mustApply(asked.state, legalActions(asked.state)[0]!);
    expect(answered.state.units).toEqual(auto.state.units);
    expect(answered.state.dice).toEqual(auto.state.dice);
    expect(answered.state.combats).toEqual(auto.state.combats);
    const strip = (e: object) => ({ ...e, seq: 0, chosen: undefined });
    const types = (es: readonly object[]) => es.map((e) => JSON.stringify(strip(e))).sort();
    expect(types([...asked.events, ...answered.events])).toEqual(types(auto.events));
  });

  it("CORE-BREAK-1 / CORE-PURS-1: a loser that fails after the choice breaks and flees; the winner's pursuit decision comes next", () => {
    // a in 4 ranks (+3): margin 6, b tests on 0 and fails; flees 2D6 (3 + 4).
    const s = deepFreeze(withScriptedDice(engaged({ profile: LD6 }, SKIRMISHERS, { options: ASK }), [...A_KILLS_3, 6, 6, 3, 4]));
    const r1 = mustApply(s, { type: "combat/fight" });
    expect(r1.state.pending.map((d) => d.kind)).toEqual(["casualtyChoice"]);
    const r2 = mustApply(r1.state, { type: "casualties/choose", unit: "b", models: [0, 1, 2] });
    expect(ev(r2.events, "combat/broke")[0]).toMatchObject({ unit: "b", from: "a" });
    expect(ev(r2.events, "unit/fled")[0]).toMatchObject({ unit: "b", roll: 7 });
    expect(r2.state.pending).toEqual([{ kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "CORE-PURS-1" }]);
    expect(r2.state.combats["c1" as never]!.round).toBeUndefined();
  });

  it("WHN-FORM-8: a wrong count, a model twice, an unknown model or another unit is refused, nothing changed", () => {
    const r = mustApply(fight(ASK), { type: "combat/fight" });
    const frozen = deepFreeze(r.state);
    for (const [models, code] of [[[0, 1], "casualties/choice_not_allowed"], [[0, 0, 1], "casualties/choice_not_allowed"], [[0, 1, 6], "casualties/choice_not_allowed"]] as const) {
      const bad = apply(frozen, { type: "casualties/choose", unit: "b", models });
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.violation).toMatchObject({ code, rule: "WHN-FORM-8" });
    }
    expect(apply(frozen, { type: "casualties/choose", unit: "a", models: [0, 1, 2] }).ok).toBe(false);
  });

  it("WHN-FORM-8: formed units are never asked; a draw with extended-order losses still waits for the choice, then ends drawn (CORE-CR-1)", () => {
    // a (5, one rank) kills 1 (one hit, one wound); b's 5 survivors hit once and wound once: 1 to 1, a draw.
    const formed = mustApply(withScriptedDice(engaged({ profile: LD6, figures: 10 }, {}, { options: ASK }), [...A_KILLS_3, 1, 1]), { type: "combat/fight" });
    expect(formed.state.pending.some((d) => d.kind === "casualtyChoice")).toBe(false);
    const r = mustApply(withScriptedDice(engaged({ profile: LD6, figures: 5 }, SKIRMISHERS, { options: ASK }), [6, 1, 1, 1, 1, 6, 6, 1, 1, 1, 1, 6]), { type: "combat/fight" });
    expect(ev(r.events, "combat/roundFought")[0]).toMatchObject({ winner: null });
    expect(r.state.pending).toMatchObject([{ kind: "casualtyChoice", unit: "b", casualties: 1 }]);
    const r2 = mustApply(r.state, legalActions(r.state)[0]!);
    expect(ev(r2.events, "combat/drawn")[0]).toMatchObject({ combat: "c1" });
    expect(unitOf(r2.state, "b").figures).toBe(5);
    expect(r2.state.combats["c1" as never]).toMatchObject({ units: ["a", "b"] });
    expect(r2.state.combats["c1" as never]!.round).toBeUndefined();
  });

  it("WHN-FORM-8: a random bot plays through the choice (every listed answer applies)", () => {
    const r = mustApply(fight(ASK), { type: "combat/fight" });
    const listed = legalActions(r.state);
    for (const a of listed) expect(apply(r.state, a).ok).toBe(true);
    expect(listed.map((a) => JSON.stringify(a))).toContain(JSON.stringify(randomBot(r.state, 1, 8)));
  });
});
