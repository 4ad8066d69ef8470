/**
 * Rule tests for the open survivors of the seed-3 60-mutant extension of src/rules/whn/combat
 * (docs/guides/trust.md, "Seed 3: combat, morale, WHN top level, core"): each fails with its mutant
 * applied to the source by hand.
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, withScriptedDice, combatId, type BattleState, type BattleEvent } from "../../src/index.js";
import { buildRound } from "../../src/rules/whn/combat/index.js";
import { roundBuilder } from "../../src/rules/whn/combat/markov.js";
import { engaged, foot } from "../fixtures/combat.js";
import { footprintOf } from "../../src/rules/whn/unit.js";
import { A_KILLS_3, LD6, ev as evOf, mustApply, unitOf } from "../fixtures/play.js";

const I2 = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 2, A: 1, Ld: 6 };
const WITH_LEADER = { leader: true, standard: false, musician: false };
const ONE_TWO = Array.from({ length: 200 }, (_, i) => 1 + (i % 2));
const hero = (id: string, side: string, joinedTo: string, profile: object) => ({ id, side, name: id, profile, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo });
const PIC = { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 6, A: 3, Ld: 9 };
const ok = (s: BattleState, action: unknown): { state: BattleState; events: readonly BattleEvent[] } => {
  const r = apply(s, action);
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return r;
};
const ev = (events: readonly BattleEvent[], type: string) => events.filter((e) => e.type === type);
const beforeCombat = (s: BattleState): BattleState => ({ ...s, turn: { ...s.turn, phase: "shooting" } });

describe("seed-3 open survivor: combat/fight.ts:125 (a champion wounded, not slain)", () => {
  it("CORE-CHAL-3 / CORE-LEAD-1: a champion of W 2 who takes one wound in a challenge lives, and his unit keeps its leader's model", () => {
    const champion2 = { M: 4, WS: 5, BS: 5, S: 4, T: 3, W: 2, I: 5, A: 3, Ld: 9 };
    const field = engaged({ command: WITH_LEADER, champion: champion2, profile: I2 }, { profile: I2 }, { characters: [hero("pic", "gb", "b", PIC)] });
    const r1 = ok(ok(beforeCombat(field), { type: "turn/advance" }).state, { type: "combat/challenge", combat: "c1", challenger: "a" });
    // pic (I 6) strikes first: one hit of three (6, 1, 1), one wound (6), no save. Then every other die misses.
    const r2 = ok(withScriptedDice(r1.state, [6, 1, 1, 6, ...ONE_TWO]), { type: "combat/answerChallenge", combat: "c1", champion: "pic" });
    expect(ev(r2.events, "combat/strike")[0]).toMatchObject({ strikers: ["pic>a*champion"], attacks: 3, hits: 1, unsaved: 1 });
    expect(ev(r2.events, "combat/casualties").filter((e) => e["unit"] === "a")).toEqual([]);
    const a = r2.state.units["a" as never]!;
    expect([a.figures, a.command.leader]).toEqual([20, true]);
  });
});

/**
 * As test/combat/blockedFallBack.test.ts: a (fr) beats b (gb), whose fall back is blocked by its friend c
 * so it flees; c, DISORDERED and fighting d (fr) in a combat fr won earlier this phase, fails its Panic
 * test and flees: a is asked about b (WHN-BREAK-1), d about c (CORE-PANIC-10). Far to the west, in
 * the same batch, g (fr) beats h (gb), which falls back clear.
 */
function friendInItsOwnFight(): BattleState {
  const base = engaged({ profile: LD6 }, {}, {
    units: [
      foot("c", "gb", { position: { x: 36, y: 27.5 }, facing: 270 }),
      foot("d", "fr", { position: { x: 36, y: 27.5 + 3.15 }, facing: 270 }),
      foot("g", "fr", { position: { x: 8, y: 24 }, facing: 90, profile: LD6 }),
      foot("h", "gb", { position: { x: 8, y: 24 }, facing: 270 }),
    ],
  });
  const c = base.units["c" as never]!;
  const d = base.units["d" as never]!;
  const cRear = Math.max(...footprintOf(c).flatMap((r) => [r.center.y + r.halfDepth, r.center.y - r.halfDepth]));
  const dd = { ...d, position: { ...d.position, y: cRear }, models: null };
  const c2 = { id: "c2", units: ["c", "d"], chargers: [], lastWinner: "fr", rounds: 1, squareness: {} };
  const c3 = { id: "c3", units: ["g", "h"], chargers: [], lastWinner: null, rounds: 1, squareness: {} };
  return { ...base, units: { ...base.units, c: { ...c, order: "DISORDERED" }, d: dd }, combats: { ...base.combats, c2, c3 }, facts: { ...base.facts, step: { ...base.facts.step, fought: ["c2"] } } } as unknown as BattleState;
}

describe("seed-3 open survivor: combat/actions.ts:207 (the CORE-PANIC-10 decision answered last)", () => {
  it("CORE-PANIC-10 / WHN-BREAK-2: when the pursuit decision for a friend panicked out of its own combat is the last answered, no fall back of the batch is made a second time", () => {
    // c1 and c3 each: 3 kills to none. b and h pass their Break tests (1 + 1) and must fall back; b is
    // blocked: c fails its Panic test (6 + 6); b flees 3 + 4, c flees 2 + 2; h falls back 4" to y 28.
    const r1 = mustApply(withScriptedDice(friendInItsOwnFight(), [...A_KILLS_3, ...A_KILLS_3, 1, 1, 1, 1, 6, 6, 3, 4, 2, 2]), { type: "combat/fight" });
    expect(evOf(r1.events, "combat/fellBack")).toMatchObject([{ unit: "h", from: "g", to: { x: 8, y: 28 } }]);
    expect(r1.state.pending.map((d) => [d.unit, d.rule])).toEqual([["a", "WHN-BREAK-1"], ["d", "CORE-PANIC-10"]]);
    // a stays (restraint test 1 + 1), then d stays (1 + 1): d's answer is the last.
    const r2 = mustApply(withScriptedDice(r1.state, [1, 1]), { type: "combat/restrain", unit: "a", pursue: false });
    expect(r2.state.pending.map((d) => [d.unit, d.rule])).toEqual([["d", "CORE-PANIC-10"]]);
    const r3 = mustApply(withScriptedDice(r2.state, [1, 1]), { type: "combat/restrain", unit: "d", pursue: false });
    expect(evOf(r3.events, "combat/restraintTest")[0]).toMatchObject({ unit: "d", passed: true });
    expect(evOf(r3.events, "combat/fellBack")).toEqual([]);
    expect(evOf(r3.events, "combat/aftermathDone")).toHaveLength(1);
    expect(r3.state.pending).toEqual([]);
    expect(unitOf(r3.state, "h").position).toEqual({ x: 8, y: 28 });
  });
});

describe("seed-3 open survivor: combat/markov.ts:110 (the last winner carried into the chain's later rounds)", () => {
  const C1 = combatId("c1");
  const later = (lastWinner: 0 | 1 | null) => {
    const start = engaged({ profile: LD6 }, { profile: LD6 });
    const models = new Map([["a", 18], ["b", 17]]);
    const taken = new Map([["a", 0], ["b", 0]]);
    return { start, b: roundBuilder(start, C1)({ models, taken, lastWinner, round: 1 }) };
  };

  it("CORE-CC-4: in the exact chain's second round, the side that won the first strikes first on tied Initiative, as in the engine's build of a combat whose last round it won", () => {
    for (const w of [0, 1] as const) {
      const { start, b } = later(w);
      expect(b.input.lastWinner).toBe(w);
      // The engine's own build of that combat, last won by the same side, says the same.
      const side = b.sides[w];
      const engine = buildRound(start, { ...start.combats[C1]!, lastWinner: side });
      expect(engine.sides[engine.input.lastWinner as 0 | 1]).toBe(side);
    }
  });

  it("CORE-CC-4: after a drawn round the chain's next round has no last winner (a roll-off decides tied steps)", () => {
    const { b } = later(null);
    expect(b.input.lastWinner).toBeNull();
  });
});

describe("seed-3 open survivor: combat/pursuit.ts:100 (a fresh enemy met exactly at the end of the pursuit)", () => {
  it("CORE-PURS-6: a pursuer whose full move ends exactly touching a fresh enemy has charged it: a new combat, not a unit left in contact outside any", () => {
    // a's front is at y 24 and it pursues along +y; f's front (facing a) is at y 36, exactly 12" on, overlapping a's path.
    const s0 = engaged({ profile: LD6 }, {}, { units: [foot("f", "gb", { position: { x: 37, y: 36 }, facing: 270 })] });
    // a kills 3; b fails its Break test (6 + 6); f passes its Panic test (1 + 1); b flees 3 + 4.
    const r1 = mustApply(withScriptedDice(s0, [...A_KILLS_3, 6, 6, 1, 1, 3, 4]), { type: "combat/fight", combat: "c1" });
    expect(r1.state.pending).toEqual([{ kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "CORE-PURS-1" }]);
    // a pursues with 6 + 6 = 12 > 7: b is caught; a goes the full 12".
    const r2 = mustApply(withScriptedDice(r1.state, [6, 6]), { type: "combat/restrain", unit: "a", pursue: true });
    expect(evOf(r2.events, "combat/pursued")[0]).toMatchObject({ unit: "a", distance: 12, to: { x: 36, y: 36 } });
    expect(evOf(r2.events, "combat/pursuitCharge")).toMatchObject([{ unit: "a", target: "f", combat: "c1-p1", rule: "CORE-PURS-6" }]);
    expect(r2.state.combats["c1-p1" as never]).toMatchObject({ units: ["a", "f"], chargers: ["a"] });
  });
});
