import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { apply, reseed, type BattleState } from "../../src/index.js";
import { roller, seedDice } from "../../src/dice/index.js";
import { buildRound, roundOdds } from "../../src/rules/whn/combat/index.js";
import { sampleOutcome } from "../../src/rules/whn/combat/odds.js";
import { footprintDistance } from "../../src/geometry/rect.js";
import { footprintOf } from "../../src/rules/whn/unit.js";
import { engaged } from "../fixtures/combat.js";
import { duelInput, duelMorale } from "../fixtures/combatPlain.js";

const FC = { seed: 42, numRuns: 12 };
const I4 = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 };
const base = engaged({ profile: I4 }, { profile: { ...I4, I: 3 }, files: 6, figures: 18 });
const squareBase = engaged({ formation: "SQUARE", profile: I4 });

/** Fights the combat (and pursues, if asked) on a re-seeded copy. */
function fightWith(s: BattleState, seed: number) {
  const r = apply(reseed(s, seed), { type: "combat/fight" });
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return r;
}

describe("combat invariants (fast-check)", () => {
  it("WHN-BREAK-1: a unit that passes a Break test is always DISORDERED (or fled) and never stays in contact", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const r = fightWith(base, seed);
        for (const e of r.events) {
          if (e.type !== "combat/breakTest" || !e.passed) continue;
          const u = r.state.units[e.unit]!;
          expect(u.order === "DISORDERED" || u.order === "FLEEING").toBe(true);
          for (const other of Object.values(r.state.units)) {
            if (other.side === u.side || other.removed !== null || u.removed !== null) continue;
            expect(footprintDistance(footprintOf(u), footprintOf(other))).toBeGreaterThan(0.001);
          }
        }
      }),
      FC,
    );
  });

  it("WHN-BREAK-5: a square never pursues", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const r = fightWith(squareBase, seed);
        expect(r.state.pending.some((d) => d.unit === "a")).toBe(false);
      }),
      FC,
    );
  });

  it("CORE-FLEE-1: a fleeing unit never strikes blows", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom("a", "b"), (seed, who) => {
        const s0 = base;
        const s = { ...s0, units: { ...s0.units, [who]: { ...s0.units[who as never]!, order: "FLEEING" } } } as BattleState;
        expect(buildRound(s, s.combats["c1" as never]!).input.strikers.some((x) => x.owner === who)).toBe(false);
        const r = apply(reseed(s, seed), { type: "combat/fight" });
        if (r.ok) for (const e of r.events.filter((x) => x.type === "combat/strike")) expect((e["strikers"] as string[]).some((id) => id.startsWith(`${who}>`))).toBe(false);
      }),
      { ...FC, numRuns: 6 },
    );
  });

  it("CORE-CC-6: combat never adds figures", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const r = fightWith(base, seed);
        for (const [id, u] of Object.entries(r.state.units)) expect(u.figures).toBeLessThanOrEqual(base.units[id as never]!.figures);
      }),
      FC,
    );
  });

  it("CORE-CR-1: the side with more combat result never takes the Break test", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const r = fightWith(base, seed);
        const fought = r.events.find((e) => e.type === "combat/roundFought")!;
        const tested = r.events.filter((e) => e.type === "combat/breakTest").map((e) => r.state.units[e["unit"] as never]!.side);
        if (fought["winner"] === null) expect(tested).toEqual([]);
        else expect(tested.every((side) => side !== fought["winner"])).toBe(true);
      }),
      FC,
    );
  });
});

describe("exact odds against sampling", () => {
  const N = 3000;
  const cases = [
    ["an even fight", duelInput({ initiative: 4 }, {}), duelMorale()],
    ["charging lancers", duelInput({ tier: 1, charged: true, hitNeed: 3, woundNeed: 3, attacks: 1, models: 6 }, { saveNeed: 6, models: 8, initiative: 2 }), duelMorale([{ pursuitDice: 3, fleeDice: 3 }, {}])],
    ["a roll-off and musicians", { ...duelInput({}, {}), victims: duelInput().victims.map((v) => ({ ...v, result: { ...v.result!, musicianFrom: 1 } })) }, duelMorale()],
  ] as const;
  for (const [name, input, morale] of cases) {
    it(`CORE-CR-1 / CORE-BREAK-1: exact outcome probabilities agree with ${N} sampled rounds within a 99.9 % bound (${name})`, () => {
      const odds = roundOdds(input, morale);
      const dice = roller(seedDice(`combat-${name}`));
      const count = { win0: 0, win1: 0, draw: 0, fallsBack: 0, flees: 0, destroyed: 0 };
      const margins = new Map<number, number>();
      for (let i = 0; i < N; i++) {
        const o = sampleOutcome(input, morale, dice);
        margins.set(o.signedMargin, (margins.get(o.signedMargin) ?? 0) + 1);
        if (o.winner === null) count.draw++;
        else count[o.winner === 0 ? "win0" : "win1"]++;
        if (o.fate === "fallsBack" || o.fate === "flees" || o.fate === "destroyed") count[o.fate]++;
      }
      const close = (p: number, k: number) => expect(Math.abs(k / N - p)).toBeLessThanOrEqual(3.29 * Math.sqrt((p * (1 - p)) / N) + 1e-9);
      close(odds.win[0], count.win0);
      close(odds.win[1], count.win1);
      close(odds.draw, count.draw);
      close(odds.loser.fallsBack[0] + odds.loser.fallsBack[1], count.fallsBack);
      close(odds.loser.flees[0] + odds.loser.flees[1], count.flees);
      close(odds.loser.destroyed[0] + odds.loser.destroyed[1], count.destroyed);
      for (const [m, p] of odds.margin.entries()) if (p > 0.02) close(p, margins.get(m) ?? 0);
      expect(odds.win[0] + odds.win[1] + odds.draw).toBeCloseTo(1, 12);
    });
  }
});
