/**
 * Whole-file tests (#17, cmbB) of Break tests (breakTest.ts), the combat result (score.ts), the
 * event recorder (recorder.ts) and disengaging (disengage.ts), each on scripted dice with whole events.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { breakTest, breaksWithoutTest, loseStandard } from "../../src/rules/whn/combat/breakTest.js";
import { scoreSides, settle, FLANK_MIN_MODELS } from "../../src/rules/whn/combat/score.js";
import { emit, recorder, view } from "../../src/rules/whn/combat/recorder.js";
import { combatOfUnit, declaredDisengagements, disengage, disengagesFreely, foesOf } from "../../src/rules/whn/combat/disengage.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import type { RoundInput, SideScore } from "../../src/rules/whn/combat/types.js";
import { duelInput, plainResult, victim } from "../fixtures/combatPlain.js";
import { engaged, foot, horse } from "../fixtures/combat.js";
import { scripted, u } from "../fixtures/cmbB.js";

const hero = (id: string, side: string, joinedTo: string | null, Ld: number) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 30, y: 20 }, facing: 0, joinedTo });
const withOption = (s: BattleState, core: object): BattleState => ({ ...s, options: { ...s.options, core: { ...s.options.core, ...core } } }) as BattleState;

describe("Break tests (combat/breakTest.ts)", () => {
  it("WHN-BREAK-1: a unit that passes (2D6 ≤ Ld − margin) is DISORDERED and falls back", () => {
    const s = engaged();
    const x = scripted(s, [2, 2]);
    const out = breakTest(s, x.r, "a" as never, 2, "b" as never, false);
    expect(out.verdict).toEqual({ unit: "a", outcome: "fallBack", from: "b" });
    expect(u(out.state, "a").order).toBe("DISORDERED");
    expect(x.events()).toEqual([
      { type: "combat/breakTest", rule: "CORE-BREAK-1", unit: "a", margin: 2, dice: [2, 2], total: 4, leadership: 6, target: 4, passed: true, leadersNear: [] },
      { type: "unit/disordered", rule: "WHN-BREAK-1", unit: "a", cause: "fallBack" },
    ]);
  });

  it("CORE-BREAK-1 / CORE-BREAK-3: one over Ld − margin breaks; its standard goes to the enemy it lost to", () => {
    const s = engaged({ command: { leader: false, standard: true, musician: false } });
    const x = scripted(s, [2, 3]);
    const out = breakTest(s, x.r, "a" as never, 2, "b" as never, false);
    expect(out.verdict).toEqual({ unit: "a", outcome: "broke", from: "b" });
    expect(u(out.state, "a")).toMatchObject({ order: "GOOD", standardLost: true, command: { standard: false } });
    expect(u(out.state, "b").standardsCaptured).toEqual(["a"]);
    expect(x.events()).toEqual([
      { type: "combat/breakTest", rule: "CORE-BREAK-1", unit: "a", margin: 2, dice: [2, 3], total: 5, leadership: 6, target: 4, passed: false, leadersNear: [] },
      { type: "combat/broke", rule: "CORE-BREAK-1", unit: "a", from: "b" },
      { type: "combat/standardCaptured", rule: "CORE-STD-4", unit: "a", by: "b" },
    ]);
  });

  it("WHN-BREAK-3: cavalry that fail against squares only flow past, DISORDERED; against others they break", () => {
    const s = engaged({}, {}, { units: [horse("h", "fr", { position: { x: 10, y: 10 }, facing: 90 })] });
    const x = scripted(s, [6, 6, 6, 6]);
    const out = breakTest(s, x.r, "h" as never, 1, "b" as never, true);
    expect(out.verdict).toEqual({ unit: "h", outcome: "flowPast", from: "b" });
    expect(u(out.state, "h").order).toBe("DISORDERED");
    expect(x.events()[1]).toEqual({ type: "unit/disordered", rule: "WHN-BREAK-3", unit: "h", cause: "flowPast" });
    const y = scripted(s, [6, 6]);
    expect(breakTest(s, y.r, "h" as never, 1, "b" as never, false).verdict.outcome).toBe("broke");
    const z = scripted(s, [6, 6]);
    expect(breakTest(s, z.r, "a" as never, 1, "b" as never, true).verdict.outcome).toBe("broke");
  });

  it("CORE-BREAK-4: with core.autoBreakBelowQuarter a unit at a quarter of its models or fewer breaks untested", () => {
    const s = withOption(engaged(), { autoBreakBelowQuarter: true });
    const quarter = { ...s, units: { ...s.units, a: { ...u(s, "a"), figures: 5 } } } as BattleState;
    expect(breaksWithoutTest(quarter, u(quarter, "a"))).toBe(true);
    expect(breaksWithoutTest(quarter, { ...u(quarter, "a"), figures: 6 })).toBe(false);
    expect(breaksWithoutTest(engaged(), { ...u(quarter, "a"), figures: 5 })).toBe(false);
    const x = scripted(quarter, []);
    const out = breakTest(quarter, x.r, "a" as never, 1, "b" as never, false);
    expect(out.verdict).toEqual({ unit: "a", outcome: "broke", from: "b" });
    expect(x.events()).toEqual([
      { type: "combat/breakTest", rule: "CORE-BREAK-4", unit: "a", margin: 1, auto: true, figures: 5, startingFigures: 20, passed: false },
      { type: "combat/broke", rule: "CORE-BREAK-1", unit: "a", from: "b" },
    ]);
  });

  it("CORE-BREAK-1 / CORE-BSB-1: under CORE a battle standard near re-rolls a failure, and a unit that holds stays in the fight in good order", () => {
    const s0 = engaged({}, {}, { characters: [hero("bsb", "fr", null, 8)] });
    const s = { ...s0, ruleset: "core", characters: { bsb: { ...s0.characters["bsb" as never]!, battleStandard: true } } } as BattleState;
    const x = scripted(s, [6, 6, 1, 2]);
    const out = breakTest(s, x.r, "a" as never, 2, "b" as never, false);
    expect(out.verdict).toEqual({ unit: "a", outcome: "held", from: "b" });
    expect(out.state).toBe(s);
    expect(x.events()).toEqual([
      { type: "combat/breakTest", rule: "CORE-BREAK-1", unit: "a", margin: 2, dice: [6, 6], total: 12, leadership: 6, target: 4, passed: false, leadersNear: [] },
      { type: "combat/breakTest", rule: "CORE-BSB-1", unit: "a", margin: 2, dice: [1, 2], total: 3, leadership: 6, target: 4, passed: true, leadersNear: [], battleStandard: "bsb" },
    ]);
    // A pass needs no re-roll; a failed re-roll breaks.
    const y = scripted(s, [1, 1]);
    breakTest(s, y.r, "a" as never, 2, "b" as never, false);
    expect(y.events().map((e) => e["rule"])).toEqual(["CORE-BREAK-1"]);
    const z = scripted(s, [6, 6, 4, 1]);
    expect(breakTest(s, z.r, "a" as never, 2, "b" as never, false).verdict.outcome).toBe("broke");
    // WHN has no battle standards (WHN-GEN-3): the same character re-rolls nothing.
    const w = { ...s, ruleset: "whn" } as BattleState;
    const v = scripted(w, [6, 6, 1, 2]);
    expect(breakTest(w, v.r, "a" as never, 2, "b" as never, false).verdict.outcome).toBe("broke");
  });

  it("CORE-STD-4: a unit without a standard, or one already lost, gives nothing", () => {
    const s = engaged();
    const x = scripted(s, []);
    expect(loseStandard(s, x.r, u(s, "a"), "b" as never)).toBe(s);
    const lost = { ...u(s, "a"), command: { ...u(s, "a").command, standard: true }, standardLost: true };
    expect(loseStandard(s, x.r, lost, "b" as never)).toBe(s);
    expect(x.events()).toEqual([]);
    // A taker no longer on the table: the standard is still lost.
    const held = { ...u(s, "a"), command: { ...u(s, "a").command, standard: true } };
    const out = loseStandard(s, x.r, held, "zz" as never);
    expect(u(out, "a").standardLost).toBe(true);
    expect(u(out, "b").standardsCaptured).toEqual([]);
  });
});

const score = (over: Partial<SideScore>): SideScore => ({ wounds: 0, ranks: 0, flank: 0, rear: 0, highGround: 0, standard: 0, outnumber: 0, squareness: 0, total: 0, musician: false, models: 10, ...over });

describe("the combat result (combat/score.ts)", () => {
  const input = (victims: RoundInput["victims"], over: Partial<RoundInput> = {}): RoundInput => ({ ...duelInput(), victims, ...over });

  it("CORE-CR-1…8: wounds, best rank bonus, flank, rear, high ground and standard add up per side", () => {
    const a = victim("a", 0, 20, { result: plainResult(20, { rankBonus: [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3], fightsFlank: true, fightsRear: true, highGround: true, standardFrom: 6, musicianFrom: 7, extraModels: 3 }) });
    const a2 = victim("a2", 0, 10, { result: plainResult(10, { rankBonus: [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }) });
    const b = victim("b", 1, 20);
    const [sa, sb] = scoreSides(input([a, a2, b]), [12, 10, 20], [2, 1]);
    expect(sa).toEqual({ wounds: 2, ranks: 2, flank: 1, rear: 2, highGround: 1, standard: 1, outnumber: 0, squareness: 0, total: 9, musician: true, models: 25 });
    expect(sb).toEqual({ wounds: 1, ranks: 0, flank: 0, rear: 0, highGround: 0, standard: 0, outnumber: 0, squareness: 0, total: 1, musician: false, models: 20 });
    // The limits: 4 models fight no flank or rear; the standard and musician need their counts.
    const [low] = scoreSides(input([a, b]), [4, 20], [0, 0]);
    expect(low).toEqual({ wounds: 0, ranks: 0, flank: 0, rear: 0, highGround: 1, standard: 0, outnumber: 0, squareness: 0, total: 1, musician: false, models: 7 });
    const [five] = scoreSides(input([a, b]), [FLANK_MIN_MODELS, 20], [0, 0]);
    expect(five).toMatchObject({ flank: 1, rear: 2, standard: 0, musician: false });
    const [six] = scoreSides(input([a, b]), [6, 20], [0, 0]);
    expect(six).toMatchObject({ ranks: 1, standard: 1, musician: false });
    const [seven] = scoreSides(input([a, b]), [7, 20], [0, 0]);
    expect(seven).toMatchObject({ musician: true });
  });

  it("CORE-CR-2: the rank table's last entry serves a unit grown past it; a unit with no models scores nothing", () => {
    const a = victim("a", 0, 3, { result: plainResult(3, { rankBonus: [0, 1, 2, 3], highGround: true }) });
    expect(scoreSides(input([a, victim("b", 1, 5)]), [9, 5], [0, 0])[0]).toMatchObject({ ranks: 3, models: 9 });
    expect(scoreSides(input([a, victim("b", 1, 5)]), [0, 5], [1, 0])[0]).toEqual(score({ wounds: 1, total: 1, models: 0 }));
  });

  it("CORE-CR-3: a flank attack of 5 models or more cancels the ranks; 4 do not", () => {
    const a = victim("a", 0, 20, { result: plainResult(20, { rankBonus: new Array(21).fill(2), flankedBy: ["c"] }) });
    const c = victim("c", 1, 10);
    expect(scoreSides(input([a, victim("b", 1, 20), c]), [20, 20, 5], [0, 0])[0].ranks).toBe(0);
    expect(scoreSides(input([a, victim("b", 1, 20), c]), [20, 20, 4], [0, 0])[0].ranks).toBe(2);
    expect(scoreSides(input([a, victim("b", 1, 20)]), [20, 20], [0, 0])[0].ranks).toBe(2);
  });

  it("CORE-CR-3: a flanker no longer in the round cancels nothing; an empty rank table gives no ranks", () => {
    const a = victim("a", 0, 20, { result: plainResult(20, { rankBonus: new Array(21).fill(2), flankedBy: ["zz"] }) });
    expect(scoreSides(input([a, victim("b", 1, 20)]), [20, 20], [0, 0])[0].ranks).toBe(2);
    const bare = victim("a", 0, 20, { result: plainResult(20, { rankBonus: [] }) });
    expect(scoreSides(input([bare, victim("b", 1, 20)]), [20, 20], [0, 0])[0]).toEqual(score({ models: 20 }));
    // Fewer models-left entries than victims: the missing ones count as none.
    expect(scoreSides(input([victim("a", 0, 20), victim("b", 1, 20)]), [20], [0, 0])[1]).toEqual(score({ models: 0 }));
  });

  it("CORE-CR-1: characters and victims without result data add no models or bonuses", () => {
    const ch = victim("ney", 0, 1, { kind: "character", result: plainResult(1, { highGround: true }) });
    const bare = victim("x", 0, 10, { result: null });
    expect(scoreSides(input([ch, bare, victim("b", 1, 5)]), [1, 10, 5], [0, 0])[0]).toEqual(score({ models: 0 }));
  });

  it("CORE-CR-8 / HR-SQUARE-3: outnumbering gives +1 to the side with more models (none when equal); the direct squareness variant adds each side's bonus", () => {
    const on = { ...duelInput().options, outnumberBonus: true };
    const [a, b] = scoreSides(input([victim("a", 0, 20), victim("b", 1, 20)], { options: on }), [20, 19], [1, 1]);
    expect(a).toEqual(score({ wounds: 1, outnumber: 1, total: 2, models: 20 }));
    expect(b).toEqual(score({ wounds: 1, total: 1, models: 19 }));
    const [c, d] = scoreSides(input([victim("a", 0, 20), victim("b", 1, 20)], { options: on }), [18, 19], [1, 1]);
    expect(c.outnumber).toBe(0);
    expect(d).toEqual(score({ wounds: 1, outnumber: 1, total: 2, models: 19 }));
    const [e, f] = scoreSides(input([victim("a", 0, 20), victim("b", 1, 20)], { options: on }), [19, 19], [0, 0]);
    expect([e.outnumber, f.outnumber]).toEqual([0, 0]);
    const [g] = scoreSides(input([victim("a", 0, 20), victim("b", 1, 20)]), [20, 19], [0, 0]);
    expect(g.outnumber).toBe(0);
    const direct = { ...duelInput().options, squareness: "direct" as const };
    const sides = [{ squareness: 2 }, { squareness: 1 }] as const;
    const [h, i] = scoreSides(input([victim("a", 0, 20), victim("b", 1, 20)], { options: direct, sides }), [20, 20], [1, 0]);
    expect([h.squareness, h.total, i.squareness, i.total]).toEqual([2, 3, 1, 1]);
    const [j] = scoreSides(input([victim("a", 0, 20), victim("b", 1, 20)], { options: { ...direct, squareness: "tieOnly" }, sides }), [20, 20], [1, 0]);
    expect([j.squareness, j.total]).toEqual([0, 1]);
  });

  it("CORE-CR-1 / CORE-MUS-2 / CORE-MUS-3: the higher total wins by the difference; a lone musician settles a draw by 1; two roll off (or draw)", () => {
    const base = duelInput();
    const a = score({ total: 3 });
    const b = score({ total: 5 });
    expect(settle([a, b], base)).toEqual({ kind: "decided", verdict: { scores: [a, b], winner: 1, margin: 2, settledBy: "totals" } });
    expect(settle([b, a], base)).toEqual({ kind: "decided", verdict: { scores: [b, a], winner: 0, margin: 2, settledBy: "totals" } });
    const m = score({ total: 3, musician: true });
    expect(settle([m, a], base)).toEqual({ kind: "decided", verdict: { scores: [m, a], winner: 0, margin: 1, settledBy: "musician" } });
    expect(settle([a, m], base)).toEqual({ kind: "decided", verdict: { scores: [a, m], winner: 1, margin: 1, settledBy: "musician" } });
    expect(settle([m, m], base)).toEqual({ kind: "rollOff", ifFirst: { scores: [m, m], winner: 0, margin: 1, settledBy: "musicianRollOff" }, ifSecond: { scores: [m, m], winner: 1, margin: 1, settledBy: "musicianRollOff" } });
    const noRoll = { ...base, options: { ...base.options, bothMusiciansRollOff: false } };
    expect(settle([m, m], noRoll)).toEqual({ kind: "decided", verdict: { scores: [m, m], winner: null, margin: 0, settledBy: "draw" } });
    expect(settle([a, a], base)).toEqual({ kind: "decided", verdict: { scores: [a, a], winner: null, margin: 0, settledBy: "draw" } });
  });

  it("HR-SQUARE-4 / HR-SQUARE-5: in the tie-only variants the loser's squareness bonus takes off the margin, to a draw at most", () => {
    const a = score({ total: 6 });
    const b = score({ total: 3 });
    const tie = (variant: "tieOnly" | "modelCount" | "direct" | "off", sides: readonly [number, number]): RoundInput => {
      const base = duelInput();
      return { ...base, sides: [{ squareness: sides[0] }, { squareness: sides[1] }], options: { ...base.options, squareness: variant } };
    };
    expect(settle([a, b], tie("tieOnly", [0, 2]))).toEqual({ kind: "decided", verdict: { scores: [a, b], winner: 0, margin: 1, settledBy: "totals" } });
    expect(settle([a, b], tie("modelCount", [0, 3]))).toEqual({ kind: "decided", verdict: { scores: [a, b], winner: null, margin: 0, settledBy: "squareness" } });
    expect(settle([a, b], tie("tieOnly", [0, 5]))).toEqual({ kind: "decided", verdict: { scores: [a, b], winner: null, margin: 0, settledBy: "squareness" } });
    expect(settle([b, a], tie("tieOnly", [2, 0]))).toEqual({ kind: "decided", verdict: { scores: [b, a], winner: 1, margin: 1, settledBy: "totals" } });
    // The winner's own bonus, no bonus, or another variant: unchanged.
    expect(settle([a, b], tie("tieOnly", [2, 0]))).toEqual({ kind: "decided", verdict: { scores: [a, b], winner: 0, margin: 3, settledBy: "totals" } });
    expect(settle([a, b], tie("direct", [0, 2]))).toEqual({ kind: "decided", verdict: { scores: [a, b], winner: 0, margin: 3, settledBy: "totals" } });
    expect(settle([a, b], tie("off", [0, 2]))).toEqual({ kind: "decided", verdict: { scores: [a, b], winner: 0, margin: 3, settledBy: "totals" } });
    // Roll-offs are cut as well.
    const m = score({ total: 3, musician: true });
    expect(settle([m, m], tie("tieOnly", [1, 0]))).toEqual({ kind: "rollOff", ifFirst: { scores: [m, m], winner: 0, margin: 1, settledBy: "musicianRollOff" }, ifSecond: { scores: [m, m], winner: null, margin: 0, settledBy: "squareness" } });
  });
});

describe("the event recorder (combat/recorder.ts)", () => {
  it("passes events on and keeps them readable; the view folds them into the turn facts only when there are any", () => {
    const s = engaged();
    const { ctx, sink } = makeContext(s, roller(scriptedDice([4])));
    const r = recorder(ctx);
    expect(r.ctx.dice.d6()).toBe(4);
    expect(r.ctx.options).toBe(s.options);
    expect(view(s, r)).toBe(s);
    emit(r, "combat/ended", "CORE-CC-1", { combat: "c1" });
    emit(r, "combat/noPursuit", "WHN-BREAK-5");
    expect(r.recent).toEqual([
      { combat: "c1", type: "combat/ended", rule: "CORE-CC-1", seq: -1, gameTurn: -1 },
      { type: "combat/noPursuit", rule: "WHN-BREAK-5", seq: -1, gameTurn: -1 },
    ]);
    expect(sink.drafts.map((d) => d.type)).toEqual(["combat/ended", "combat/noPursuit"]);
    const seen = view(s, r);
    expect(seen).not.toBe(s);
    expect(seen.units).toBe(s.units);
  });

  it("CORE-CC-1: a round fought shows in the viewed facts", () => {
    const s = engaged();
    const { ctx } = makeContext(s, roller(scriptedDice([])));
    const r = recorder(ctx);
    ctx.emit("x/raw", "CORE-CC-1");
    expect(r.recent).toEqual([]);
    emit(r, "combat/roundFought", "CORE-CC-1", { combat: "c1", round: 1, winner: "fr", loser: "gb", margin: 1 });
    expect(view(s, r).facts).not.toEqual(s.facts);
  });
});

describe("disengaging (combat/disengage.ts)", () => {
  it("CORE-DISENG-1 / CORE-DISENG-4: a pass turns the unit about and moves it 2×M straight away, unpursued; the combat ends", () => {
    const s = engaged();
    const x = scripted(s, [3, 3]);
    const out = disengage(s, x.r, "a" as never);
    const depth = 4 * (20 / 25.4);
    expect(u(out, "a").facing).toBe(270);
    expect(u(out, "a").position.x).toBe(36);
    expect(u(out, "a").position.y).toBeCloseTo(24 - depth - 8, 9);
    expect(out.combats).toEqual({});
    expect(x.events()).toEqual([
      { type: "combat/disengageTest", rule: "CORE-DISENG-1", unit: "a", dice: [3, 3], total: 6, target: 6, passed: true },
      { type: "combat/disengaged", rule: "CORE-DISENG-1", unit: "a", to: { x: 36, y: u(out, "a").position.y }, pursuable: false, rule4: "CORE-DISENG-4" },
      { type: "combat/ended", rule: "CORE-CC-1", combat: "c1" },
    ]);
  });

  it("CORE-DISENG-2: a failed test breaks the unit; it flees and its foe, fighting nobody else, is asked whether to pursue", () => {
    const s = engaged();
    const x = scripted(s, [3, 4, 3, 4]);
    const out = disengage(s, x.r, "a" as never);
    expect(u(out, "a").order).toBe("FLEEING");
    expect(out.pending).toEqual([{ kind: "restraint", side: "gb", unit: "b", targets: ["a"], rule: "CORE-DISENG-2" }]);
    expect(out.combats).toEqual({});
    expect(x.events().slice(0, 2)).toEqual([
      { type: "combat/disengageTest", rule: "CORE-DISENG-1", unit: "a", dice: [3, 4], total: 7, target: 6, passed: false },
      { type: "combat/broke", rule: "CORE-DISENG-2", unit: "a", from: "b" },
    ]);
    expect(x.events()[2]).toMatchObject({ type: "unit/fled", rule: "CORE-DISENG-2", unit: "a", from: "b", dice: [3, 4] });
  });

  it("CORE-DISENG-2 / WHN-BREAK-5: a foe still fighting another enemy, or one that may never pursue, is not asked", () => {
    const s0 = engaged({}, {}, { units: [foot("c", "fr", { position: { x: 50, y: 24 }, facing: 90 }), foot("d", "gb", { position: { x: 50, y: 24 }, facing: 270 })] });
    const s = { ...s0, combats: { c1: { ...s0.combats["c1" as never]!, units: ["a", "c", "b", "d"] } } } as BattleState;
    const x = scripted(s, [6, 6, 3, 4]);
    const out = disengage(s, x.r, "a" as never);
    expect(u(out, "a").order).toBe("FLEEING");
    expect(out.pending).toEqual([]);
    expect(Object.values(out.combats).map((c) => c.units)).toEqual([["c", "b", "d"]]);
    const sq = { ...s0, units: { ...s0.units, b: { ...u(s0, "b"), formation: "SQUARE" } } } as BattleState;
    const y = scripted(sq, [6, 6, 3, 4]);
    expect(disengage(sq, y.r, "a" as never).pending).toEqual([]);
  });

  it("CORE-DISENG-3: cavalry facing nothing faster leave without a test; a faster foe or foot make them test", () => {
    const s = engaged(horse("a", "fr", { position: { x: 36, y: 24 }, facing: 90, profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 } }));
    const x = scripted(s, []);
    const out = disengage(s, x.r, "a" as never);
    expect(x.events()[0]).toEqual({ type: "combat/disengageTest", rule: "CORE-DISENG-3", unit: "a", free: true });
    expect(x.events()[1]).toMatchObject({ type: "combat/disengaged", unit: "a" });
    expect(out.combats).toEqual({});
    const cav = u(s, "a");
    expect(disengagesFreely(cav, [u(s, "b")])).toBe(true);
    expect(disengagesFreely(cav, [{ ...u(s, "b"), profile: { ...u(s, "b").profile, M: 8 } }])).toBe(true);
    expect(disengagesFreely(cav, [u(s, "b"), { ...u(s, "b"), profile: { ...u(s, "b").profile, M: 9 } }])).toBe(false);
    expect(disengagesFreely({ ...cav, troopType: "infantry" }, [u(s, "b")])).toBe(false);
  });

  it("CORE-DISENG-1: a unit gone, fleeing or without foes does not disengage (nothing rolled, the same state)", () => {
    const s = engaged();
    const x = scripted(s, []);
    expect(disengage(s, x.r, "zz" as never)).toBe(s);
    const fleeing = { ...s, units: { ...s.units, a: { ...u(s, "a"), order: "FLEEING" } } } as BattleState;
    expect(disengage(fleeing, x.r, "a" as never)).toBe(fleeing);
    const foeFled = { ...s, units: { ...s.units, b: { ...u(s, "b"), order: "FLEEING" } } } as BattleState;
    expect(disengage(foeFled, x.r, "a" as never)).toBe(foeFled);
    const none = { ...s, combats: {} } as BattleState;
    expect(disengage(none, x.r, "a" as never)).toBe(none);
    expect(x.events()).toEqual([]);
  });

  it("CORE-CC-1: a unit's combat and its foes in play; the declared list comes from the movement facts", () => {
    const s = engaged();
    expect(combatOfUnit(s, "a")?.id).toBe("c1");
    expect(combatOfUnit(s, "zz")).toBeUndefined();
    expect(foesOf(s, u(s, "a")).map((f) => f.id)).toEqual(["b"]);
    expect(foesOf({ ...s, combats: {} } as BattleState, u(s, "a"))).toEqual([]);
    expect(declaredDisengagements(s)).toBe(s.facts.movement.disengaging);
  });
});
