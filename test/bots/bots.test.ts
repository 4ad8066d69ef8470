import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyTrusted, forkState, legalActions, reseed, withScriptedDice, type BattleState } from "../../src/index.js";
import { greedyBot, randomBot, searchBot, defaultContext, SEARCH_CANDIDATES, type SearchInfo } from "../../src/bots/index.js";
import type { Action } from "../../src/engine/actions.js";
import { objectiveHolder } from "../../src/battle/victory.js";
import { VictorySpecSchema } from "../../src/state/victory.js";
import { centreOf } from "../../src/rules/whn/morale/flee.js";
import { playBattle } from "../../src/battle/index.js";
import { scenarios } from "../../src/index.js";
import { advanceTo, chargeSetup, create } from "../battle/helpers.js";

/** Freezes an object graph so any mutation throws in strict mode. */
function deepFreeze<T>(o: T): T {
  if (o !== null && typeof o === "object" && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o as object)) deepFreeze(v);
  }
  return o;
}

/** The British line's shooting phase: it may fire at the hussars or end the phase. */
function shootingState(): BattleState {
  return advanceTo(create(chargeSetup({ firstSide: "gb" })), "shooting");
}

describe("bots", () => {
  it("the random bot picks a legal action, the same one for the same seed, without touching the state", () => {
    const s = deepFreeze(advanceTo(create(chargeSetup()), "movement", "remaining"));
    const legal = legalActions(s).map((a) => JSON.stringify(a));
    const picks = [1, 2, 3, 4, 5].map((seed) => JSON.stringify(randomBot(s, seed)));
    for (const p of picks) expect(legal).toContain(p);
    expect(JSON.stringify(randomBot(s, 3))).toBe(picks[2]);
    expect(new Set(picks).size).toBeGreaterThan(1);
  });

  it("the greedy bot fires when it can hurt the enemy, and is a pure function of (state, seed, budget)", () => {
    const s = deepFreeze(shootingState());
    const bot = greedyBot(defaultContext(s));
    const a = bot(s, 1, 8);
    expect(a).toEqual({ type: "shooting/fire", shooter: "gb-1", target: "fr-hus" });
    expect(bot(s, 1, 8)).toEqual(a);
  });

  it("the search bot's choice does not depend on the battle's own dice", () => {
    const s = deepFreeze(shootingState());
    const bot = searchBot(defaultContext(s), { rolloutSteps: 12 });
    const base = bot(s, 5, 6);
    expect(legalActions(s)).toContainEqual(base);
    const variants = [reseed(s, 999), reseed(s, "other"), forkState(s, 3), withScriptedDice(s, [1, 1, 1, 1, 1, 1])];
    for (const v of variants) expect(bot(v, 5, 6)).toEqual(base);
  });

  it("random bots finish every battle within the turn limit without an exception", () => {
    const unitArb = (side: "fr" | "gb", i: number) =>
      fc.record({
        kind: fc.constantFrom("lineBattalion", "hussars", "lightInfantry", "cuirassiers"),
        x: i === 1 ? fc.integer({ min: 6, max: 16 }) : fc.integer({ min: 28, max: 40 }), // apart: no overlap
        y: side === "fr" ? fc.integer({ min: 8, max: 16 }) : fc.integer({ min: 22, max: 28 }),
      }).map((u) => ({ id: `${side}-${i}`, kind: u.kind, at: { x: u.x, y: u.y }, facing: side === "fr" ? 90 : 270 }));
    const scenarioArb = fc.record({ fr: fc.tuple(unitArb("fr", 1), unitArb("fr", 2)), gb: fc.tuple(unitArb("gb", 1), unitArb("gb", 2)), turns: fc.integer({ min: 1, max: 2 }) });
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 1, max: 1_000_000 }), (g, seed) => {
        const parsed = scenarios.parseScenario({
          format: "fusillade-scenario",
          version: 1,
          id: "random",
          name: "random",
          table: { width: 48, height: 36 },
          maxTurns: g.turns,
          sides: [
            { id: "fr", name: "French", deployment: { x: 0, y: 0, width: 48, height: 18 }, units: [...g.fr] },
            { id: "gb", name: "British", deployment: { x: 0, y: 18, width: 48, height: 18 }, units: [...g.gb] },
          ],
          victory: { conditions: [{ kind: "armyBroken", winner: "fr" }, { kind: "armyBroken", winner: "gb" }] },
        });
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.error.issues));
        const out = playBattle(parsed.value, ["random", "random"], seed, { maxDecisions: 2000 });
        expect(out.stopped).toBe("finished");
        expect(out.state.turn.gameTurn).toBeLessThanOrEqual(g.turns);
        expect(out.result?.rule).toBe("CORE-TURN-1");
      }),
      { seed: 12, numRuns: 4 },
    );
  });
});

describe("decision listers", () => {
  it("every declared decision kind has a lister that answers it", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { DECISION_KINDS } = await import("../../src/state/battle.js");
    // The listers: the WHN fallbacks and every rules module's own legal.ts.
    const dirs = ["../../src/battle/legal/", "../../src/rules/whn/combat/", "../../src/rules/whn/movement/", "../../src/rules/fnf/"].map((d) => new URL(d, import.meta.url));
    const source = dirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith(".ts") && (dir.pathname.includes("battle/legal") || f === "legal.ts")).map((f) => readFileSync(new URL(f, dir), "utf8"))).join("\n");
    for (const k of DECISION_KINDS) expect(source, k).toMatch(new RegExp(`kind (===|!==) "${k}"|case "${k}"`));
  });
});

describe("bots in FnF", () => {
  it("FNF-TURN-1: the FnF evaluation counts bases as the judged result does, and disorder against a side", async () => {
    const { evaluateFnf, FNF_EVAL_WEIGHTS } = await import("../../src/bots/index.js");
    const { createBattle } = await import("../../src/index.js");
    const { fnfScenario } = await import("../../src/rules/fnf/index.js");
    const r = createBattle(fnfScenario("coa1811", 1));
    if (!r.ok) throw new Error("no battle");
    const s = r.value;
    const ctx = { victory: null, posture: { fr: "defend", al: "defend" } } as const;
    expect(evaluateFnf(s, "fr" as never, ctx)).toBeCloseTo(-evaluateFnf(s, "al" as never, ctx), 9);
    const fnf = s.fnf as NonNullable<typeof s.fnf>;
    const frId = Object.values(fnf.units).find((u) => u.side === "fr" && u.kind === "brigade")?.id as string;
    const hit = { ...s, fnf: { ...fnf, units: { ...fnf.units, [frId]: { ...(fnf.units[frId] as (typeof fnf.units)[string]), bases: (fnf.units[frId]?.bases ?? 2) - 1 } } } };
    const dis = { ...s, fnf: { ...fnf, units: { ...fnf.units, [frId]: { ...(fnf.units[frId] as (typeof fnf.units)[string]), disordered: true } } } };
    expect(evaluateFnf(hit, "fr" as never, ctx)).toBeLessThan(evaluateFnf(s, "fr" as never, ctx));
    expect(evaluateFnf(dis, "fr" as never, ctx)).toBeLessThan(evaluateFnf(s, "fr" as never, ctx));
    expect(evaluateFnf(dis, "al" as never, ctx)).toBeGreaterThan(evaluateFnf(s, "al" as never, ctx));
    const won = { ...s, result: { winner: "fr" as never, reason: "x", rule: "FNF-TURN-1" as never } };
    expect(evaluateFnf(won, "fr" as never, ctx)).toBeGreaterThan(FNF_EVAL_WEIGHTS.win - 1);
  });

  it("FNF-TURN-1: the greedy bot moves on in FnF (it is not stuck on ending the phase) and the search bot's choice ignores the battle's future dice", async () => {
    const { createBattle } = await import("../../src/index.js");
    const { fnfScenario } = await import("../../src/rules/fnf/index.js");
    const r = createBattle(fnfScenario("coa1811", 1));
    if (!r.ok) throw new Error("no battle");
    let s = r.value;
    for (let i = 0; i < 10 && s.turn.phase !== "maneuver"; i++) {
      const next = applyTrusted(s, { type: "turn/advance" });
      if (next.ok) s = next.state;
    }
    expect(s.turn.phase).toBe("maneuver");
    deepFreeze(s);
    const ctx = { victory: null, posture: { fr: "attack", al: "defend" } } as const;
    const g = greedyBot(ctx)(s, 1, 12);
    expect(g.type).not.toBe("turn/advance");
    const bot = searchBot(ctx, { rolloutSteps: 8 });
    const base = bot(s, 5, 6);
    expect(legalActions(s)).toContainEqual(base);
    for (const v of [reseed(s, 999), forkState(s, 3), withScriptedDice(s, [6, 6, 6, 6, 1, 1, 1, 1])]) expect(bot(v, 5, 6)).toEqual(base);
  }, 60_000);

  it("the search bot stops at its time budget, read from the clock it is given", () => {
    const s = deepFreeze(shootingState());
    let t = 0;
    let calls = 0;
    const clock = (): number => {
      calls++;
      t += 10;
      return t;
    };
    let playouts = -1;
    const bot = searchBot(defaultContext(s), { rolloutSteps: 12, timeMs: 35, clock, onSearch: (i) => (playouts = i.playouts) });
    expect(legalActions(s)).toContainEqual(bot(s, 5, 1000));
    // One reading sets the deadline (10 → 45), then one before each playout after the first: the
    // fifth reading (50) is past it, so four playouts ran.
    expect(calls).toBe(5);
    expect(playouts).toBe(4);
  });
});

describe("the search bot", () => {
  /**
   * The French column's remaining moves in the second player turn of a game turn, with an objective
   * that only a full march forward reaches (centre within 1"), judged at the end of every game turn.
   */
  function objectivePosition() {
    const gbFirst = advanceTo(create(chargeSetup({ firstSide: "gb" })), "shooting");
    const s = deepFreeze(advanceTo(gbFirst, "movement", "remaining"));
    expect(s.turn.activeSide).toBe("fr");
    const march = applyTrusted(s, { type: "movement/march", unit: "fr-1" as never, path: [{ kind: "forward", distance: 7.999999 }] });
    if (!march.ok) throw new Error("the march does not apply");
    const victory = VictorySpecSchema.parse({
      objectives: [{ id: "hill", name: "The hill", at: centreOf(march.state.units["fr-1" as never] as never), radius: 1 }],
      conditions: [{ kind: "objectiveHeld", winner: "fr", objective: "hill", when: "anyTurnEnd" }],
      otherwise: "gb",
    });
    const ctx = { victory, posture: { fr: "attack", gb: "defend" } } as const;
    const hill = victory.objectives[0] as NonNullable<(typeof victory.objectives)[0]>;
    return { s, ctx, holds: (a: Action) => {
      const r = applyTrusted(s, a);
      return r.ok && objectiveHolder(r.state, hill) === "fr";
    } };
  }

  it("takes the one move that wins the battle at the end of the turn (holding the objective) among the many listed", () => {
    const { s, ctx, holds } = objectivePosition();
    const listed = legalActions(s);
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.filter(holds).length).toBeGreaterThan(0);
    expect(listed.filter(holds).length).toBeLessThan(listed.length / 4);
    for (const seed of [1, 2, 3]) expect(holds(searchBot(ctx)(s, seed, 8))).toBe(true);
  }, 60_000);

  it("with a playout budget and no clock, is a pure function of (state, seed, budget) and reports what it did", () => {
    const { s, ctx } = objectivePosition();
    const infos: SearchInfo[] = [];
    const bot = searchBot(ctx, { onSearch: (i) => infos.push(i) });
    const a = bot(s, 9, 10);
    expect(bot(s, 9, 10)).toEqual(a);
    expect(bot(reseed(s, 4), 9, 10)).toEqual(a);
    expect(infos).toHaveLength(3);
    expect(infos[0]).toEqual(infos[1]);
    expect(infos[0]?.actions).toBe(legalActions(s).length);
    expect(infos[0]?.playouts).toBe(10);
    expect(infos[0]?.candidates).toBeLessThanOrEqual(SEARCH_CANDIDATES + 1);
  }, 60_000);
});
