/**
 * The event catalogue is complete: whole battles of every built-in scenario of both rulesets, played
 * by bots, emit only events that the catalogue declares, each with exactly its declared fields and
 * one of its rule ids. Events are taken from the results of `apply` (as an app sees them).
 */
import { describe, expect, it } from "vitest";
import {
  EVENT_CATALOGUE,
  EVENT_TYPES,
  EngineEventSchema,
  battle,
  legalActions,
  bots,
  createBattle,
  describeEvent,
  fnf,
  parseEvent,
  scenarios,
  type Action,
  type BattleState,
  type EngineEvent,
} from "../../src/index.js";
import type * as Bots from "../../src/bots/index.js";
import { RULE_IDS } from "../../src/rules/ruleIds.js";

type Bot = Bots.Bot;

/**
 * Plays a battle to the end (or a cap) with one bot choosing for both sides, through `playAction`
 * (apply plus the victory rules), collecting every event the results carried.
 */
function playCollecting(state0: BattleState, bot: Bot, seed: number, budget: number, cap: number): EngineEvent[] {
  const events: EngineEvent[] = [];
  let state = state0;
  for (let i = 0; i < cap && state.turn.phase !== "finished"; i++) {
    let action: Action;
    if (bot.decide !== undefined) {
      const d = bot.decide(state, bots.mixSeed(seed, i), budget);
      if (d === null) break;
      action = d.action;
    } else {
      if (legalActions(state).length === 0) break;
      action = bot(state, bots.mixSeed(seed, i), budget);
    }
    const r = battle.playAction(state, action, null, true);
    if (!r.ok) throw new Error(`illegal bot action ${JSON.stringify(action)}`);
    events.push(...r.events);
    state = r.state;
  }
  return events;
}

function check(events: readonly EngineEvent[], seen: Set<string>): string[] {
  const issues: string[] = [];
  for (const e of events) {
    seen.add(e.type);
    const r = parseEvent(e);
    if (!r.ok) issues.push(...r.issues.map((i) => `${i} in ${JSON.stringify(e)}`));
    const prose = describeEvent(e);
    if (!/^[^{}[\]]+$/.test(prose) || /undefined|NaN|\d\.\d\d/.test(prose)) issues.push(`${e.type}: prose "${prose}"`);
  }
  return issues;
}

const seen = new Set<string>();

describe("event catalogue", () => {
  it("declares every event type once, with known rule ids", () => {
    const known = new Set<string>(RULE_IDS);
    for (const [type, spec] of Object.entries(EVENT_CATALOGUE)) {
      expect(type).toMatch(/^[a-z]+\/[a-zA-Z]+$/);
      if (spec.rules !== "cause") {
        expect(spec.rules.length, type).toBeGreaterThan(0);
        for (const r of spec.rules) expect(known.has(r), `${type}: ${r}`).toBe(true);
      }
      expect(spec.about.length, type).toBeGreaterThan(5);
    }
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
  });

  it("refuses an unknown type, a missing field, an extra field and a rule the type may not carry", () => {
    const ok = { type: "unit/disordered", rule: "WHN-PANIC-3", seq: 3, gameTurn: 1, unit: "u1", cause: "WHN-PANIC-2" };
    expect(parseEvent(ok).ok).toBe(true);
    expect(EngineEventSchema.safeParse(ok).success).toBe(true);
    expect(parseEvent({ ...ok, type: "unit/vanished" }).ok).toBe(false);
    const { cause: _c, ...missing } = ok;
    expect(parseEvent(missing).ok).toBe(false);
    expect(parseEvent({ ...ok, colour: "red" }).ok).toBe(false);
    expect(parseEvent({ ...ok, rule: "CORE-CC-1" }).ok).toBe(false);
    expect(parseEvent({ ...ok, unit: 7 }).ok).toBe(false);
    expect(EngineEventSchema.safeParse({ ...ok, colour: "red" }).success).toBe(false);
  });

  for (const id of scenarios.BUILTIN_SCENARIO_IDS) {
    for (const bot of ["random", "greedy"] as const) {
      it(`every event of a whole ${id} battle (${bot} bots) matches its schema`, () => {
        const scenario = scenarios.builtinScenario(id);
        const first = battle.startBattle(scenarios.scenarioSetup(scenario, 11), scenario.victory);
        if (!first.ok) throw new Error("scenario does not start");
        const events = playCollecting(first.value, battle.namedBot(bot, scenario), 11, bot === "greedy" ? 8 : 0, 4000);
        expect(events.length).toBeGreaterThan(100);
        expect(check(events, seen)).toEqual([]);
        expect(events.some((e) => e.type === "battle/ended")).toBe(true);
      });
    }
  }

  it("every event of a whole FnF battle (random bots) matches its schema", () => {
    for (const seed of [3, 4]) {
      const first = createBattle(fnf.fnfScenario("coa1811", seed));
      if (!first.ok) throw new Error("scenario does not start");
      const events = playCollecting(first.value, bots.randomBot, seed, 0, 4000);
      expect(events.length).toBeGreaterThan(100);
      expect(check(events, seen)).toEqual([]);
      expect(events.some((e) => e.type === "fnf/battleJudged")).toBe(true);
    }
  });

  it("the battles above emit a broad share of the catalogue", () => {
    // Not every type shows up in a few bot battles (fires, challenges…), but most should.
    expect(seen.size).toBeGreaterThan(60);
  });
});
