/**
 * Issue 17, "one error type at the boundary": the argument checks at the entry of the public
 * functions the exotic-object catalogue found leaking raw errors (bots' seeds and contexts,
 * matches, the battle account, isLegal and applyTrusted's action), and the data-safety of records
 * (undo's options, copies on record and on save). Each test asserts the error code and the
 * argument named, that the state is left as it was, and that the caller's input is not mutated.
 */
import { describe, expect, it } from "vitest";
import { applyTrusted, battle, bots, createBattle, FusilladeError, isLegal, legalActions, saveState, apply, type BattleState } from "../../src/index.js";
import { deepFreeze, randomWhnBattle, stateHash } from "../../src/trust/index.js";
import { artilleryFaceOf, d3Of, DiceScriptExhaustedError, forkDice, pLeadershipPass, rollToHit, roller, scriptedDice, seedDice, toHitChance, withScriptedDice, presets, scenarios } from "../../src/index.js";
import { builtinScenario } from "../../src/scenarios/builtin.js";
import * as fnfEntry from "../../src/fnf.js";
import { firePoints as firePoints0 } from "../../src/rules/fnf/firePoints.js";
import { createBattleSlice } from "../../src/adapters/redux/index.js";
import { fusilladeGame, playerOf } from "../../src/adapters/boardgame-io/index.js";
import { fnfScenario } from "../../src/rules/fnf/scenarios.js";
import { smallBattle } from "../fixtures/setups.js";

const trap = (): never => {
  throw new Error("trap");
};
const proxy = (): object => new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap });
const cyclic = (): object => {
  const o: Record<string, unknown> = { type: "turn/advance" };
  o["a"] = o;
  o["b"] = { back: o };
  return o;
};

function state(): BattleState {
  const r = createBattle(smallBattle() as never);
  if (!r.ok) throw new Error("fixture");
  return deepFreeze(r.value);
}
function fnfState(): BattleState {
  const r = createBattle(fnfScenario("coa1811", 1, 4) as never);
  if (!r.ok) throw new Error("fixture");
  return deepFreeze(r.value);
}

/** The FusilladeError a call throws (fails the test when it returns or throws anything else). */
function misuse(f: () => unknown): FusilladeError {
  let thrown: unknown = "nothing";
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, String(thrown)).toBeInstanceOf(FusilladeError);
  const e = thrown as FusilladeError;
  expect(e.code).toBe("engine/misuse");
  return e;
}

const BAD_SEEDS: readonly [string, unknown][] = [["NaN", Number.NaN], ["0.5", 0.5], ["2^53", 2 ** 53], ["Infinity", Infinity], ["a string", "7"], ["an object", {}], ["a Proxy", proxy()], ["null", null]];

describe("bots: seeds, states and contexts", () => {
  for (const [what, seed] of BAD_SEEDS) {
    it(`botRng, mixSeed and randomBot refuse a seed of ${what}, naming the argument`, () => {
      expect(misuse(() => bots.botRng(seed as number)).message).toMatch(/^botRng: seed must be a safe integer/);
      expect(misuse(() => bots.mixSeed(seed as number, 1)).message).toMatch(/^mixSeed: seed must be a safe integer/);
      expect(misuse(() => bots.mixSeed(1, seed as number)).message).toMatch(/^mixSeed: index must be a safe integer/);
      const s = state();
      const h = stateHash(s);
      expect(misuse(() => bots.randomBot(s, seed as number, 0)).message).toMatch(/^randomBot: seed must be a safe integer/);
      expect(stateHash(s)).toBe(h);
    });
  }

  it("a negative safe-integer seed is a seed (its low 32 bits): botRng(-1) is botRng(2^32 − 1)", () => {
    const a = bots.botRng(-1);
    const b = bots.botRng(2 ** 32 - 1);
    expect([a.int(1000), a.int(1000), a.float()]).toEqual([b.int(1000), b.int(1000), b.float()]);
    expect(bots.mixSeed(-1, 3)).toBe(bots.mixSeed(2 ** 32 - 1, 3));
  });

  it("decider, defaultContext, evaluate and evaluateFnf refuse what is not a state, side or context", () => {
    for (const bad of [null, proxy(), [1, 2], cyclic(), 5]) {
      misuse(() => bots.decider(bad as never));
      misuse(() => bots.defaultContext(bad as never));
      misuse(() => bots.evaluate(bad as never, "fr" as never, { victory: null, posture: {} }));
      misuse(() => bots.evaluateFnf(bad as never, "fr" as never, { victory: null, posture: {} }));
    }
    const s = state();
    const ctx = bots.defaultContext(s);
    expect(misuse(() => bots.evaluate(s, 5 as never, ctx)).message).toBe("evaluate: side must be a side id, got 5");
    expect(misuse(() => bots.evaluate(s, "fr" as never, null as never)).message).toBe("evaluate: ctx must be an object, got null");
    expect(misuse(() => bots.evaluate(s, "fr" as never, proxy() as never)).message).toMatch(/^evaluate: ctx could not be read \(Error: trap\)/);
    expect(misuse(() => bots.evaluate(s, "fr" as never, { victory: null, posture: null } as never)).message).toMatch(/^evaluate: ctx could not be read/);
    const f = fnfState();
    expect(misuse(() => bots.evaluateFnf(f, "fr" as never, bots.defaultContext(f), proxy() as never)).message).toMatch(/^evaluateFnf: ctx or weights could not be read/);
    // A sound call still evaluates, and the same as before the checks.
    const v = bots.evaluate(s, "fr" as never, ctx);
    expect(Number.isFinite(v)).toBe(true);
    expect(bots.evaluate(s, "fr" as never, JSON.parse(JSON.stringify(ctx)) as never)).toBe(v);
    expect(Number.isFinite(bots.evaluateFnf(f, "fr" as never, bots.defaultContext(f)))).toBe(true);
  });
});

describe("playMatchGame checks every argument before it plays", () => {
  const ok = [{ kind: "random" }, { kind: "random" }] as const;
  const cases: readonly [string, () => unknown, string][] = [
    ["a scenario that is not text", () => bots.playMatchGame(5 as never, ok, 1, 0), "playMatchGame: scenario must be"],
    ["a fractional seed", () => bots.playMatchGame("fnf:coa1811", ok, 0.5, 0), "playMatchGame: seed must be an integer"],
    ["a negative seed", () => bots.playMatchGame("fnf:coa1811", ok, -1, 0), "playMatchGame: seed must be an integer"],
    ["a seat of 2", () => bots.playMatchGame("fnf:coa1811", ok, 1, 2 as never), "playMatchGame: firstSeat must be 0 or 1, got 2"],
    ["one bot", () => bots.playMatchGame("fnf:coa1811", [{ kind: "random" }] as never, 1, 0), "playMatchGame: bots must be a pair of bot specs"],
    ["an unknown bot kind", () => bots.playMatchGame("fnf:coa1811", [{ kind: "random" }, { kind: "clever" }] as never, 1, 0), 'playMatchGame: bots[1].kind must be "random", "greedy" or "search", got "clever"'],
    ["a Proxy for a bot", () => bots.playMatchGame("fnf:coa1811", [proxy(), { kind: "random" }] as never, 1, 0), "playMatchGame: bots could not be read"],
    ["a NaN budget", () => bots.playMatchGame("fnf:coa1811", [{ kind: "greedy", budget: Number.NaN }, { kind: "random" }], 1, 0), "playMatchGame: bots[0].budget must be an integer"],
    ["a negative decision cap", () => bots.playMatchGame("fnf:coa1811", ok, 1, 0, { maxDecisions: -1 }), "playMatchGame: options.maxDecisions must be an integer"],
    ["null options", () => bots.playMatchGame("fnf:coa1811", ok, 1, 0, null as never), "playMatchGame: options must be an object, got null"],
    ["a Proxy for options", () => bots.playMatchGame("fnf:coa1811", ok, 1, 0, proxy() as never), "playMatchGame: options could not be read"],
  ];
  for (const [what, call, message] of cases) {
    it(`refuses ${what}`, () => {
      expect(misuse(call).message.startsWith(message), misuse(call).message).toBe(true);
    });
  }
  it("a sound call still plays", () => {
    const g = bots.playMatchGame("fnf:coa1811", ok, 1, 0, { maxDecisions: 5, fnfTurns: 1 });
    expect(g.decisions).toBeLessThanOrEqual(5);
  });
});

describe("battleAccount, isLegal and applyTrusted", () => {
  it("battleAccount refuses events that are not an array or cannot be read, and options that are not an object", () => {
    const s = state();
    expect(misuse(() => battle.battleAccount(s, null as never)).message).toBe("battleAccount: events must be an array of events, got null");
    expect(misuse(() => battle.battleAccount(s, [proxy()] as never)).message).toMatch(/^battleAccount: events or options could not be read/);
    expect(misuse(() => battle.battleAccount(s, [], 5 as never)).message).toBe("battleAccount: options must be an object, got 5");
    expect(battle.battleAccount(s, [])).toContain("French against British");
  });

  it("CORE-TURN-2: isLegal is false for anything that is not an action (null, a Proxy, a cycle, a huge array), and leaves the state as it was", () => {
    const s = state();
    const h = stateHash(s);
    for (const bad of [null, undefined, proxy(), cyclic(), new Array(1_000_000).fill(0), Object.defineProperty({ type: "turn/advance" }, "x", { get: trap, enumerable: true }), "turn/advance"]) {
      expect(isLegal(s, bad as never)).toBe(false);
    }
    expect(isLegal(s, legalActions(s)[0] as never)).toBe(true);
    expect(stateHash(s)).toBe(h);
    misuse(() => isLegal(null as never, { type: "turn/advance" }));
  });

  it("applyTrusted refuses an action that is not an object, or whose fields throw as they are read", () => {
    const s = state();
    expect(misuse(() => applyTrusted(s, null as never)).message).toBe("applyTrusted: action must be an action object (parseAction makes one), got null");
    expect(misuse(() => applyTrusted(s, proxy() as never)).message).toMatch(/^applyTrusted: the action could not be read \(Error: trap\)/);
    const a = legalActions(s).find((x) => "unit" in x);
    if (a !== undefined) {
      const hostile = Object.defineProperty({ ...a }, "unit", { get: trap, enumerable: true });
      misuse(() => applyTrusted(s, hostile as never));
    }
  });

  it("apply refuses an action that contains itself at once, as action/invalid with the path where it loops", () => {
    const s = state();
    const t0 = performance.now();
    const r = apply(s, cyclic() as never);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.violation.code).toBe("action/invalid");
    expect(JSON.stringify(r.violation)).toContain("contains itself");
  });
});

describe("records: undo's options, copies, saving", () => {
  function recorded(): { record: battle.BattleRecord; setup: ReturnType<typeof smallBattle> } {
    const setup = smallBattle();
    let record = battle.newRecord(setup as never);
    let s = state();
    for (let i = 0; i < 3; i++) {
      const a = legalActions(s)[0];
      if (a === undefined) break;
      const r = apply(s, a);
      if (!r.ok) throw new Error("fixture");
      s = r.state;
      record = battle.recordAction(record, a);
    }
    return { record: deepFreeze(record), setup };
  }

  for (const [what, options] of [["a side given as text, not as { side }", "fr"], ["null", null], ["a Proxy", proxy()], ["options whose side getter throws", Object.defineProperty({}, "side", { get: trap, enumerable: true })]] as const) {
    it(`undo refuses ${what} rather than taking back the last action of either side`, () => {
      const { record } = recorded();
      const before = battle.saveRecord(record);
      const e = misuse(() => battle.undo(record, options as never));
      expect(e.message).toMatch(/^undo: options /);
      expect(battle.saveRecord(record)).toBe(before);
    });
  }

  it("recordAction and newRecord copy what they keep: editing the action or the setup afterwards changes nothing", () => {
    const { record, setup } = recorded();
    const action: { type: string } = { type: "turn/advance" };
    const next = battle.recordAction(record, action as never);
    action.type = "shooting/fire";
    expect(next.actions.at(-1)).toEqual({ type: "turn/advance" });
    expect(record.actions.length + 1).toBe(next.actions.length);
    const r = battle.newRecord(setup as never);
    setup.seed = 999;
    expect(r.setup.seed).toBe(42);
  });

  it("recordAction, newRecord, saveRecord and saveState refuse what they cannot read, as engine/misuse", () => {
    const { record } = recorded();
    expect(misuse(() => battle.recordAction(null as never, { type: "turn/advance" })).message).toBe("recordAction: record must be an object, got null");
    expect(misuse(() => battle.recordAction(record, proxy() as never)).message).toMatch(/^recordAction: action could not be read/);
    expect(misuse(() => battle.newRecord(null as never)).message).toBe("newRecord: setup must be a battle setup object, got null");
    expect(misuse(() => battle.saveRecord({ ...record, self: cyclic() } as never)).message).toMatch(/^saveRecord: not a battle record/);
    expect(misuse(() => battle.saveRecord({ ...record, big: 1n } as never)).message).toMatch(/^saveRecord: record could not be read \(TypeError/);
    expect(misuse(() => saveState({ ...state(), self: cyclic() } as never)).message).toMatch(/^fusillade: not a battle state/);
    expect(JSON.parse(battle.saveRecord(record))).toEqual(JSON.parse(JSON.stringify(record)));
  });
});

describe("the former open tier: named arguments, one error type, nothing changed", () => {
  it("the dice helpers that threw RangeError throw engine/misuse naming the argument", () => {
    expect(misuse(() => artilleryFaceOf(7)).message).toBe("artilleryFaceOf: d6 must be an integer 1..6, got 7");
    expect(misuse(() => d3Of(proxy() as never)).message).toBe("d3Of: d6 must be an integer 1..6, got an object");
    expect(misuse(() => toHitChance(0.5)).message).toBe("toHitChance: need must be an integer, got 0.5");
    expect(misuse(() => pLeadershipPass(Number.NaN)).message).toBe("pLeadershipPass: ld must be a whole number, got NaN");
    expect(misuse(() => seedDice(2 ** 53)).message).toMatch(/^seedDice: seed must be a string or a safe integer/);
    expect(misuse(() => scriptedDice(null as never)).message).toBe("scriptedDice: d6 must be an array, got null");
    expect(misuse(() => scriptedDice([1, 9])).message).toBe("scriptedDice: d6[1] must be an integer 1..6, got 9");
    expect(misuse(() => roller(proxy() as never)).message).toMatch(/^roller: the dice state could not be read \(Error: trap\)/);
    expect(misuse(() => forkDice(seedDice(1), -1)).message).toMatch(/^forkDice: streamIndex must be/);
    expect(misuse(() => rollToHit({} as never, 4)).message).toMatch(/^rollToHit: dice must be a roller/);
    const s = state();
    const h = stateHash(s);
    expect(misuse(() => withScriptedDice(s, "66" as never)).message).toBe("withScriptedDice: d6 must be an array, got \"66\"");
    misuse(() => withScriptedDice(null as never, [6]));
    expect(stateHash(s)).toBe(h);
    // A sound roll still rolls, and a script that runs out still says so (not misuse).
    expect(rollToHit(roller(scriptedDice([6, 6])), 7)).toBe(true);
    expect(() => rollToHit(roller(scriptedDice([6])), 7)).toThrow(DiceScriptExhaustedError);
  });

  it("fusillade/fnf's rule helpers name the argument; the rules' own results are unchanged", () => {
    const f = fnfState();
    const h = stateHash(f);
    const firer = Object.values(f.fnf?.units ?? {})[0] as never;
    expect(misuse(() => fnfEntry.firePoints(null as never, firer, "x")).message).toMatch(/not a battle state/);
    expect(misuse(() => fnfEntry.firePoints(state(), firer, "x")).message).toMatch(/fnf\.firePoints needs an FnF battle/);
    expect(misuse(() => fnfEntry.firePoints(f, firer, 5 as never)).message).toBe("fnf.firePoints: targetId must be a string, got 5");
    expect(misuse(() => fnfEntry.fireModifiers(f, proxy() as never, "x")).message).toMatch(/^fnf\.fireModifiers: firer could not be read/);
    expect(misuse(() => fnfEntry.layoutOf({ kind: "brigade", bases: 1e9 } as never)).message).toMatch(/^fnf\.layoutOf: u\.bases must be an integer in \[0, 24\]/);
    expect(misuse(() => fnfEntry.meleeOdds(null as never, () => 0)).message).toBe("fnf.meleeOdds: attacker must be a function, got null");
    expect(misuse(() => fnfEntry.meleeOdds(() => "x" as never, () => 0)).message).toMatch(/^fnf\.meleeOdds: attacker\(k\) must be a finite number or null/);
    expect(misuse(() => fnfEntry.fireOdds(proxy() as never, 0)).message).toBe("fnf.fireOdds: points must be a finite number, got an object");
    const viewer = (firer as { id: string }).id;
    expect(misuse(() => fnfEntry.sees(f, viewer, viewer, proxy() as never)).message).toMatch(/^fnf\.sees: options could not be read/);
    expect(() => fnfEntry.scenario("nowhere" as never, 1)).toThrow(expect.objectContaining({ code: "scenario/unknown" }));
    expect(stateHash(f)).toBe(h);
    // The checked helper gives what the rules compute.
    const units = Object.values(f.fnf?.units ?? {});
    const a = units[0] as never;
    const target = (units[units.length - 1] as { id: string }).id;
    expect(fnfEntry.firePoints(f, a, target)).toEqual(firePoints0(f, a, target));
  });

  it("battle, presets, scenarios and adapters refuse what they cannot read, naming it", () => {
    const s = state();
    const h = stateHash(s);
    expect(misuse(() => battle.judge(s, null as never, "final")).message).toBe("judge: spec must be an object, got null");
    expect(misuse(() => battle.objectiveHolder(s, { at: null, radius: 3 } as never)).message).toMatch(/^objectiveHolder: o could not be read/);
    expect(misuse(() => battle.namedBot("clever" as never, builtinScenario("quatre-bras"))).message).toBe('namedBot: name must be one of random, greedy, search, got "clever"');
    expect(misuse(() => battle.playBattle(builtinScenario("quatre-bras"), ["random", "random"], 0.5)).message).toBe("playBattle: seed must be a safe integer, got 0.5");
    expect(misuse(() => battle.playBattle(builtinScenario("quatre-bras"), ["random", "lazy" as never], 1)).message).toMatch(/^playBattle: the bot of side "\w+" must be random, greedy, search or a bot function/);
    expect(misuse(() => battle.playApplied(s, proxy() as never, null)).message).toMatch(/^playApplied: applied could not be read/);
    expect(misuse(() => battle.actingSide(null as never)).message).toMatch(/not a battle state/);
    expect(misuse(() => presets.infantryBattalion({ nation: "french", kind: "toString" } as never)).message).toMatch(/^infantryBattalion: kind must be one of line, light/);
    expect(misuse(() => presets.coreUnit(proxy() as never)).message).toMatch(/^coreUnit: o could not be read/);
    expect(misuse(() => scenarios.scenarioSetup(s as never, 1)).message).toMatch(/^scenarioSetup: s \(a scenario from parseScenario\) could not be read/);
    const r = scenarios.parseScenario(proxy());
    expect(r.ok ? null : r.error.issues[0]?.code).toBe("unreadable");
    expect(() => scenarios.builtinScenario(proxy() as never)).toThrow(expect.objectContaining({ code: "scenario/unknown" }));
    expect(misuse(() => createBattleSlice(proxy() as never)).message).toMatch(/^createBattleSlice: options could not be read/);
    expect(misuse(() => playerOf(null as never, "fr" as never)).message).toMatch(/^playerOf: G could not be read/);
    expect(misuse(() => fusilladeGame({} as never)).message).toBe("fusilladeGame: options must have a scenario or a setup");
    expect(misuse(() => deepFreeze(proxy())).message).toMatch(/^deepFreeze: value could not be read/);
    expect(misuse(() => randomWhnBattle(0.5)).message).toBe("randomWhnBattle: seed must be a safe integer, got 0.5");
    expect(stateHash(s)).toBe(h);
  });

  it("searchBot checks its options when it is made: a clock that is not a function is misuse, not a TypeError at the first decision", () => {
    expect(misuse(() => bots.searchBot(undefined, { clock: 5 as never, timeMs: 10 })).message).toBe("searchBot: options.clock must be a function, got 5");
    expect(misuse(() => bots.searchBot(undefined, { clock: () => 0, timeMs: -1 })).message).toMatch(/^searchBot: options\.timeMs must be a number ≥ 0/);
    expect(misuse(() => bots.searchBot(undefined, proxy() as never)).message).toMatch(/^searchBot: options could not be read/);
    const s = state();
    const a = bots.searchBot(undefined, { clock: () => 0, timeMs: 1_000_000 })(s, 3, 2);
    expect(isLegal(s, a)).toBe(true);
  });
});
