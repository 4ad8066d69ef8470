/**
 * The search bot's look-ahead (issue 22): how near a side is to winning by the scenario's own
 * conditions (the playouts' leaf term), and the playout policies it can use.
 */
import { describe, expect, it } from "vitest";
import { FusilladeError, legalActions, reseed, withScriptedDice } from "../../src/index.js";
import { searchBot, type SearchInfo } from "../../src/bots/index.js";
import { leafOddsFeatures, victoryProgress } from "../../src/bots/mcts.js";
import { decider } from "../../src/bots/types.js";
import { playBattle, scenarioContext } from "../../src/battle/play.js";
import { builtinScenario } from "../../src/scenarios/builtin.js";
import type { BattleState } from "../../src/state/battle.js";
import type { SideId } from "../../src/state/ids.js";
import type { Unit } from "../../src/state/unit.js";

const fr = "fr" as SideId;
const gb = "gb" as SideId;

/** The first decision state of a quatre-bras battle (greedy bots). */
function opening(): BattleState {
  let first: BattleState | undefined;
  playBattle(builtinScenario("quatre-bras"), ["greedy", "greedy"], 1, { maxDecisions: 1, onDecision: (s) => void (first ??= s) });
  if (first === undefined) throw new Error("no decision");
  return first;
}

/** The message of the engine/misuse error `f` throws, or "no error". */
function misuseMessage(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof FusilladeError && e.code === "engine/misuse") return e.message;
    throw e;
  }
  return "no error";
}

const withUnits = (s: BattleState, edit: (u: Unit) => Unit | undefined): BattleState => ({ ...s, units: Object.fromEntries(Object.values(s.units).map((u) => [u.id, edit(u) ?? u])) }) as BattleState;

describe("search bot", () => {
  const sc = builtinScenario("quatre-bras");
  const ctx = scenarioContext(sc);

  it("victoryProgress: the share of a side's nearest condition already met (units lost or fleeing, army loss), capped at 1", () => {
    const s = opening();
    expect(victoryProgress(s, fr, ctx)).toBe(0);
    expect(victoryProgress(s, gb, ctx)).toBe(0);
    const gbIds = Object.values(s.units).filter((u) => u.side === "gb").map((u) => u.id);
    // quatre-bras: fr wins when 2 British units are lost or fleeing.
    const flee = (n: number): BattleState => withUnits(s, (u) => (gbIds.slice(0, n).includes(u.id) ? { ...u, order: "FLEEING" } : undefined));
    expect(victoryProgress(flee(1), fr, ctx)).toBeCloseTo(0.5, 9);
    expect(victoryProgress(flee(2), fr, ctx)).toBe(1);
    expect(victoryProgress(flee(3), fr, ctx)).toBe(1);
    expect(victoryProgress(flee(3), gb, ctx)).toBe(0);
    // gb wins when the French army is broken (50 % of its figures lost or fleeing): a quarter lost is half way.
    const frUnits = Object.values(s.units).filter((u) => u.side === "fr");
    const start = frUnits.reduce((n, u) => n + u.startingFigures, 0);
    const victim = frUnits.reduce((a, b) => (b.figures > a.figures ? b : a));
    const lose = Math.min(victim.figures, Math.round(start / 4));
    const hurt = withUnits(s, (u) => (u.id === victim.id ? { ...u, figures: u.figures - lose } : undefined));
    expect(victoryProgress(hurt, gb, ctx)).toBeCloseTo(lose / start / 0.5, 9);
    // No victory rules, no progress.
    expect(victoryProgress(flee(2), fr, { ...ctx, victory: null })).toBe(0);
  });

  it("keepPrior: sequential halving keeps the greedy choice of a move, so the tolerance is measured against it at any budget", () => {
    // Move decisions (the remaining-moves step) of a greedy battle, each with several listed moves.
    const moves: BattleState[] = [];
    playBattle(sc, ["greedy", "greedy"], 1, { maxDecisions: 60, onDecision: (x) => void (x.turn.step === "remaining" && legalActions(x).length >= 8 && moves.length < 4 ? moves.push(x) : undefined) });
    expect(moves).toHaveLength(4);
    // With a tolerance no playout difference can exceed, a move is always the greedy choice when it is kept…
    const kept: SearchInfo[] = [];
    for (const s of moves) searchBot(ctx, { tolerance: 100, keepPrior: true, onSearch: (i) => void kept.push(i) })(s, 5, 40);
    expect(kept.map((i) => i.overruled)).toEqual([false, false, false, false]);
    expect(kept.every((i) => i.playouts === 40)).toBe(true);
    // …while halving on the playout means alone (the default) drops it from some decisions.
    const dropped: SearchInfo[] = [];
    for (const s of moves) searchBot(ctx, { tolerance: 100, onSearch: (i) => void dropped.push(i) })(s, 5, 40);
    expect(dropped.map((i) => i.overruled)).toEqual([true, false, true, true]);
  }, 120_000);

  it("decisions: a decision of a kind left out takes the greedy choice without playouts; answerTolerance keeps the greedy charge or shot", () => {
    const answers: BattleState[] = [];
    playBattle(sc, ["greedy", "greedy"], 1, { maxDecisions: 200, onDecision: (x) => void ((x.turn.step === "declareCharges" || x.turn.phase === "shooting") && x.pending.length === 0 && legalActions(x).length >= 3 && answers.length < 2 ? answers.push(x) : undefined) });
    expect(answers).toHaveLength(2);
    for (const s of answers) {
      const infos: SearchInfo[] = [];
      const a = searchBot(ctx, { decisions: ["pending:"], onSearch: (i) => void infos.push(i) })(s, 5, 16);
      expect(infos.map((i) => [i.playouts, i.candidates, i.overruled])).toEqual([[0, 0, false]]);
      const kept: SearchInfo[] = [];
      expect(searchBot(ctx, { answerTolerance: 100, keepPrior: true, onSearch: (i) => void kept.push(i) })(s, 5, 16)).toEqual(a);
      expect(kept.map((i) => [i.playouts, i.overruled])).toEqual([[16, false]]);
    }
  }, 120_000);

  it("pick paired: an unreachable confidence plays the greedy choice at every decision, after its playouts; a low one overrules it on some", () => {
    const states: BattleState[] = [];
    playBattle(sc, ["greedy", "greedy"], 2, { maxDecisions: 120, onDecision: (x) => void (legalActions(x).length >= 4 && states.length < 6 ? states.push(x) : undefined) });
    expect(states).toHaveLength(6);
    const strict: SearchInfo[] = [];
    const loose: SearchInfo[] = [];
    for (const s of states) {
      // The greedy choice: the prior's best, taken without playouts when the decision is not searched.
      const greedy = searchBot(ctx, { decisions: [] })(s, 9, 16);
      expect(searchBot(ctx, { pick: "paired", confidence: 1e9, candidates: 3, onSearch: (i) => void strict.push(i) })(s, 9, 16)).toEqual(greedy);
      const a = searchBot(ctx, { pick: "paired", confidence: -1e9, candidates: 3, onSearch: (i) => void loose.push(i) })(s, 9, 16);
      expect(legalActions(s)).toContainEqual(a);
    }
    expect(strict.every((i) => i.playouts === 16 && !i.overruled)).toBe(true);
    // Any challenger with three rounds clears a bound that low: every decision with one is overruled.
    expect(loose.some((i) => i.overruled)).toBe(true);
  }, 120_000);

  it("pick and confidence are checked when the bot is made", () => {
    expect(misuseMessage(() => searchBot(ctx, { pick: "best" } as never))).toMatch(/^searchBot: options\.pick must be "mean" or "paired"/);
    expect(misuseMessage(() => searchBot(ctx, { pick: "paired", confidence: "2" } as never))).toMatch(/^searchBot: options\.confidence must be a finite number/);
    expect(misuseMessage(() => searchBot(ctx, { pick: "paired", confidence: 1.5 }))).toBe("no error");
  });

  it("decisions is checked when the bot is made: not an array of strings, or unreadable, is engine/misuse", () => {
    const misuse = (f: () => unknown): FusilladeError => {
      try {
        f();
      } catch (e) {
        if (e instanceof FusilladeError && e.code === "engine/misuse") return e;
        throw e;
      }
      throw new Error("no error");
    };
    expect(misuse(() => searchBot(ctx, { decisions: "movement" as never })).message).toMatch(/^searchBot: options\.decisions must be an array of strings/);
    expect(misuse(() => searchBot(ctx, { decisions: [1] as never })).message).toMatch(/^searchBot: options\.decisions must be an array of strings/);
    const hostile = new Proxy([], { get: () => { throw new Error("no"); } });
    expect(misuse(() => searchBot(ctx, { decisions: hostile })).message).toMatch(/^searchBot: options\.decisions could not be read/);
  });

  it("numeric options, rollout and keepPrior are checked when the bot is made (a string or NaN would switch an option off unseen)", () => {
    for (const name of ["candidates", "horizon", "rolloutSteps", "victoryWeight", "replyWidth", "tolerance", "playoutMoves", "answerTolerance"]) {
      expect(misuseMessage(() => searchBot(ctx, { [name]: "4" } as never))).toMatch(new RegExp(`^searchBot: options\\.${name} must be a finite number`));
      expect(misuseMessage(() => searchBot(ctx, { [name]: Number.NaN } as never))).toMatch(new RegExp(`^searchBot: options\\.${name} must be a finite number`));
    }
    // playoutMoves is checked under the cheap rollout too, where it is not used.
    expect(misuseMessage(() => searchBot(ctx, { rollout: "cheap", playoutMoves: "x" } as never))).toMatch(/^searchBot: options\.playoutMoves must be a finite number/);
    expect(misuseMessage(() => searchBot(ctx, { rollout: "deep" } as never))).toMatch(/^searchBot: options\.rollout must be "reply" or "cheap"/);
    expect(misuseMessage(() => searchBot(ctx, { keepPrior: 1 } as never))).toMatch(/^searchBot: options\.keepPrior must be a boolean/);
    expect(misuseMessage(() => searchBot(ctx, { candidates: 3, playoutMoves: 2, rollout: "cheap", keepPrior: true }))).toBe("no error");
  });

  it("both playout policies pick a legal action, deterministically for a seed", () => {
    let s: BattleState | undefined;
    playBattle(sc, ["greedy", "greedy"], 1, { maxDecisions: 40, onDecision: (x) => void (s ??= x.turn.step === "remaining" && legalActions(x).length >= 5 ? x : undefined) });
    if (s === undefined) throw new Error("no move decision");
    for (const rollout of ["cheap", "reply"] as const) {
      const infos: SearchInfo[] = [];
      const bot = searchBot(ctx, { rollout, onSearch: (i) => void infos.push(i) });
      const a = bot(s as BattleState, 3, 8);
      expect(legalActions(s as BattleState)).toContainEqual(a);
      expect(bot(s as BattleState, 3, 8)).toEqual(a);
      expect(infos[0]?.playouts).toBeGreaterThan(0);
    }
  }, 60_000);

  it("playoutMoves: with units moving inside the playouts the pick is legal, a pure function of (state, seed, budget), blind to the battle's dice, and differs from the still playouts' on some move decision", () => {
    const moves: BattleState[] = [];
    playBattle(sc, ["greedy", "greedy"], 1, { maxDecisions: 80, onDecision: (x) => void (x.turn.step === "remaining" && legalActions(x).length >= 8 && moves.length < 4 ? moves.push(x) : undefined) });
    expect(moves).toHaveLength(4);
    const moving = searchBot(ctx, { playoutMoves: 4, rolloutSteps: 60 });
    const still = searchBot(ctx, { playoutMoves: 0, rolloutSteps: 60 });
    const picks = moves.map((s) => {
      const a = moving(s, 5, 8);
      expect(legalActions(s)).toContainEqual(a);
      expect(moving(s, 5, 8)).toEqual(a);
      expect(moving(withScriptedDice(s, Array(40).fill(6)), 5, 8)).toEqual(a);
      expect(moving(reseed(s, 99), 5, 8)).toEqual(a);
      return JSON.stringify(a) === JSON.stringify(still(s, 5, 8));
    });
    expect(picks).toContain(false);
  }, 180_000);

  it("leafOddsFeatures: who keeps the field at the turn limit and how late it is, the progress difference and its squares, antisymmetric by side", () => {
    const s = opening();
    // quatre-bras: gb keeps the field when no condition is met by the turn limit (6 turns).
    const start = leafOddsFeatures(s, gb, ctx);
    expect(start).toMatchObject({ progress: 0, progressSquared: 0, keepsField: 1, keepsFieldLate: 0 });
    expect(leafOddsFeatures(s, fr, ctx)).toMatchObject({ keepsField: -1, keepsFieldLate: -0 });
    const gbIds = Object.values(s.units).filter((u) => u.side === "gb").map((u) => u.id);
    const later = { ...withUnits(s, (u) => (u.id === gbIds[0] ? { ...u, order: "FLEEING" } : undefined)), turn: { ...s.turn, gameTurn: 4 } } as BattleState;
    const f = leafOddsFeatures(later, fr, ctx);
    const g = leafOddsFeatures(later, gb, ctx);
    // One British unit fleeing: fr is halfway to its 2 units; 3 turns of 6 have begun before turn 4.
    expect(f.progress).toBeCloseTo(0.5 - victoryProgress(later, gb, ctx), 9);
    expect(f.progressSquared).toBeCloseTo(0.25 - victoryProgress(later, gb, ctx) ** 2, 9);
    expect(f.keepsFieldLate).toBe(-0.5);
    for (const k of ["eval", "progress", "progressSquared", "keepsField", "keepsFieldLate"] as const) expect(g[k]).toBeCloseTo(-f[k], 9);
  });

  it("leaf odds: the pick is legal, a pure function of (state, seed, budget), blind to the battle's dice, and differs from the linear leaf's on some decision", () => {
    const states: BattleState[] = [];
    playBattle(sc, ["greedy", "greedy"], 1, { maxDecisions: 120, onDecision: (x, _a, i) => void (i % 2 === 0 && legalActions(x).length >= 3 && states.length < 8 ? states.push(x) : undefined) });
    expect(states.length).toBeGreaterThanOrEqual(6);
    expect(() => searchBot(ctx, { leaf: "deep" } as never)).toThrow(/^searchBot: options\.leaf must be "linear", "odds" or "keeper"/);
    const odds = searchBot(ctx, { leaf: "odds", rolloutSteps: 60 });
    const linear = searchBot(ctx, { rolloutSteps: 60 });
    const same = states.map((s) => {
      const a = odds(s, 5, 8);
      expect(legalActions(s)).toContainEqual(a);
      expect(odds(s, 5, 8)).toEqual(a);
      expect(odds(withScriptedDice(s, Array(40).fill(6)), 5, 8)).toEqual(a);
      expect(odds(reseed(s, 99), 5, 8)).toEqual(a);
      return JSON.stringify(a) === JSON.stringify(linear(s, 5, 8));
    });
    expect(same).toContain(false);
    // keeper: the odds leaf for gb (who keeps the field in quatre-bras), the linear one for fr.
    const keeper = searchBot(ctx, { leaf: "keeper", rolloutSteps: 60 });
    const byLeaf = states.map((s, i) => (same[i] === true ? null : JSON.stringify(keeper(s, 5, 8)) === JSON.stringify((decider(s) === gb ? odds : linear)(s, 5, 8))));
    expect(byLeaf).not.toContain(false);
    expect(byLeaf.some((x) => x !== null)).toBe(true);
  }, 240_000);
});
