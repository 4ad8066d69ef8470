import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { apply, characterId, reseed, unitId, withScriptedDice, type BattleState } from "../../src/index.js";
import { effectiveLeadership } from "../../src/rules/whn/leadership.js";
import { stationaryReason } from "../../src/rules/whn/morale/disorder.js";
import { panicTest, type PanicResult } from "../../src/rules/whn/morale/panic.js";
import { atStep, battalion, battle, leader, run, types, unit } from "../fixtures/morale.js";

const FR = unitId("fr-1");
const BASE = battle(
  [
    battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
    battalion("fr-2", "fr", { position: { x: 12, y: 30 }, facing: 90 }),
    battalion("gb-1", "gb", { position: { x: 36, y: 40 }, facing: 270, formation: "LINE", files: 12 }),
  ],
  {
    characters: [
      leader("l1", "fr", { position: { x: 60, y: 6 } }),
      leader("l2", "fr", { position: { x: 62, y: 6 } }),
      leader("l3", "fr", { position: { x: 64, y: 6 } }),
    ],
  },
);
const RUN = { seed: 42, numRuns: 40 } as const;
const die = fc.integer({ min: 1, max: 6 });

/** BASE with fr-1's Ld and order set and `near` free leaders moved within 12" of it. */
function setup(ldValue: number, order: "GOOD" | "DISORDERED", near: number, cumulative = false): BattleState {
  const u = unit(BASE, "fr-1");
  const characters = { ...BASE.characters };
  for (let i = 0; i < near; i++) {
    const id = characterId(`l${i + 1}`);
    const c = BASE.characters[id];
    if (c !== undefined) characters[id] = { ...c, position: { x: 40 + i, y: 28 } };
  }
  return {
    ...BASE,
    characters,
    options: { ...BASE.options, whn: { ...BASE.options.whn, leaderBonusCumulative: cumulative } },
    units: { ...BASE.units, [FR]: { ...u, order, profile: { ...u.profile, Ld: ldValue } } },
  };
}

function test(s: BattleState, dice: number[]) {
  let result: PanicResult = "notTested";
  const r = run(s, dice, (st, ctx) => {
    const out = panicTest(st, FR, ctx, { rule: "CORE-PANIC-5" });
    result = out.result;
    return out.state;
  });
  const ev = r.events.find((e) => e.type === "morale/panicTest");
  return { ...r, result, passed: ev?.["passed"] === true, target: Number(ev?.["target"]) };
}

const arb = fc.record({ ld: fc.integer({ min: 0, max: 10 }), near: fc.integer({ min: 0, max: 3 }), cumulative: fc.boolean(), dice: fc.array(die, { minLength: 5, maxLength: 5 }) });

describe("morale properties", () => {
  it("WHN-PANIC-3: a disordered unit that fails a panic test always flees", () => {
    fc.assert(
      fc.property(arb, ({ ld, near, cumulative, dice }) => {
        const r = test(setup(ld, "DISORDERED", near, cumulative), dice);
        if (!r.passed) {
          expect(r.result).toBe("fled");
          expect(unit(r.state, "fr-1").order).toBe("FLEEING");
          expect(types(r.events)).toContain("unit/fled");
        }
      }),
      RUN,
    );
  });

  it("WHN-PANIC-3: a good unit that fails a panic test is always disordered and never flees from it", () => {
    fc.assert(
      fc.property(arb, ({ ld, near, cumulative, dice }) => {
        const r = test(setup(ld, "GOOD", near, cumulative), dice);
        if (!r.passed) {
          expect(r.result).toBe("disordered");
          expect(unit(r.state, "fr-1").order).toBe("DISORDERED");
          expect(types(r.events)).not.toContain("unit/fled");
        }
      }),
      RUN,
    );
  });

  it("CORE-PANIC-1: a unit that passes a panic test never changes order state", () => {
    fc.assert(
      fc.property(arb, fc.constantFrom("GOOD" as const, "DISORDERED" as const), ({ ld, near, cumulative, dice }, order) => {
        const s = setup(ld, order, near, cumulative);
        const r = test(s, dice);
        if (r.passed) {
          expect(r.result).toBe("passed");
          expect(r.state.units).toEqual(s.units);
        }
      }),
      RUN,
    );
  });

  it("CORE-GEN-2: the Leadership tested is never above 10 after modifiers", () => {
    fc.assert(
      fc.property(arb, fc.constantFrom("GOOD" as const, "DISORDERED" as const), ({ ld, near, cumulative, dice }, order) => {
        const s = setup(ld, order, near, cumulative);
        expect(test(s, dice).target).toBeLessThanOrEqual(10);
        const rally = apply(withScriptedDice(atStep(setup(ld, "DISORDERED", near, cumulative), "fr", "rally"), dice), { type: "morale/rally", unit: "fr-1" });
        if (rally.ok) {
          const tested = rally.events[0];
          expect(tested?.type).toBe("morale/rallyTest");
          if (tested?.type === "morale/rallyTest") expect(tested.target).toBeLessThanOrEqual(10);
        }
      }),
      RUN,
    );
  });

  it("CORE-RALLY-2: a fleeing unit below five models never rallies", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 2, max: 10 }), fc.array(die, { minLength: 2, maxLength: 2 }), (figures, ldValue, dice) => {
        const s = setup(ldValue, "GOOD", 2);
        const small = atStep({ ...s, units: { ...s.units, [FR]: { ...unit(s, "fr-1"), order: "FLEEING", figures } } }, "fr", "rally");
        const r = apply(withScriptedDice(small, dice), { type: "morale/rally", unit: "fr-1" });
        expect(r.ok).toBe(false);
        expect(unit(small, "fr-1").order).toBe("FLEEING");
      }),
      RUN,
    );
  });

  it("WHN-DIS-4: a disordered unit that did not rally never moves", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.boolean(), (seed, tries) => {
        let s = reseed(atStep(setup(6, "DISORDERED", 0), "fr", "rally"), seed);
        if (tries) {
          const r = apply(s, { type: "morale/rally", unit: "fr-1" });
          if (!r.ok) throw new Error(JSON.stringify(r.violation));
          s = r.state;
        }
        if (unit(s, "fr-1").order !== "DISORDERED") return;
        const before = unit(s, "fr-1");
        for (let i = 0; i < 3; i++) {
          const r = apply(s, { type: "turn/advance" });
          if (!r.ok) throw new Error(JSON.stringify(r.violation));
          s = r.state;
        }
        expect(s.turn.step).toBe("remaining");
        const after = unit(s, "fr-1");
        expect(after.position).toEqual(before.position);
        expect(after.facing).toBe(before.facing);
        expect(stationaryReason(after, s.options)?.rule).toBe("WHN-DIS-4");
      }),
      { seed: 42, numRuns: 30 },
    );
  });

  it("WHN-LEAD-2: a leader who joined a unit never adds +1 to another unit", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 72, noNaN: true }), fc.double({ min: 0, max: 48, noNaN: true }), fc.constantFrom("fr-2", "gb-1"), (x, y, host) => {
        const c = BASE.characters[characterId("l1")];
        if (c === undefined) throw new Error("fixture");
        const side = host === "gb-1" ? unit(BASE, "gb-1").side : c.side;
        const s: BattleState = {
          ...BASE,
          characters: { [c.id]: { ...c, side, joinedTo: unitId(host), position: { x, y } } },
        };
        const ld = effectiveLeadership(s, unit(s, "fr-1"));
        expect(ld.leadersNear).toEqual([]);
        expect(ld.leaderBonus).toBe(0);
      }),
      RUN,
    );
  });
});
