import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyUnknown as apply, type BattleState } from "../../src/index.js";
import { legalMovementActions, shapeOk } from "../../src/rules/whn/movement/index.js";
import { footprintOf } from "../../src/rules/whn/unit.js";
import { rectsOverlap } from "../../src/geometry/rect.js";
import { battleOf, deepFreeze, fr, frCav, gb, patch, toStep, unitOf, type AnyAction } from "../fixtures/movement.js";

/** A small French force in its remaining-moves step, British well away, positions drawn by fast-check. */
const setups = fc
  .record({
    x1: fc.double({ min: 8, max: 20, noNaN: true }),
    y1: fc.double({ min: 8, max: 16, noNaN: true }),
    x2: fc.double({ min: 28, max: 40, noNaN: true }),
    f2: fc.constantFrom(60, 90, 120),
    x3: fc.double({ min: 50, max: 64, noNaN: true }),
    quality: fc.constantFrom("RAW", "REGULAR", "VETERAN"),
    by: fc.double({ min: 26, max: 40, noNaN: true }),
  })
  .map((p) =>
    toStep(
      battleOf([
        fr("fr-1", p.x1, p.y1, { quality: p.quality }),
        fr("fr-2", p.x2, 12, { formation: "LINE", files: 12, facing: p.f2, light: true }),
        frCav("fr-c", p.x3, 12, { formation: "CAV_COLUMN", files: 4 }),
        gb("gb-1", 36, p.by),
      ]),
      "remaining",
    ),
  );

const picks = fc.array(fc.tuple(fc.constantFrom("fr-1", "fr-2", "fr-c"), fc.nat()), { minLength: 1, maxLength: 2 });

function noOverlaps(s: BattleState): boolean {
  const us = Object.values(s.units);
  for (let i = 0; i < us.length; i++)
    for (let j = i + 1; j < us.length; j++) {
      const a = us[i];
      const b = us[j];
      if (a !== undefined && b !== undefined && footprintOf(a).some((r) => footprintOf(b).some((q) => rectsOverlap(r, q)))) return false;
    }
  return true;
}

describe("movement invariants (fast-check)", () => {
  it("WHN-FORM-1: every listed legal action applies; units keep legal shapes, their figures and wounds, and never overlap", () => {
    fc.assert(
      fc.property(setups, picks, (start, choices) => {
        let s = start;
        for (const [id, n] of choices) {
          const legal = legalMovementActions(s, id as never);
          if (legal.length === 0) continue;
          const a = legal[n % legal.length];
          const r = apply(s, a);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          for (const u of Object.values(r.state.units)) {
            const before = unitOf(s, u.id);
            expect(u.figures).toBe(before.figures);
            expect(u.woundsTaken).toBe(before.woundsTaken);
            expect(shapeOk(u)).toBe(true);
          }
          expect(noOverlaps(r.state)).toBe(true);
          s = r.state;
        }
      }),
      { seed: 42, numRuns: 12 },
    );
  });

  it("CORE-MOVE-1 / CORE-MOVE-4 / CORE-MOVE-2 / WHN-FCHG-1 / WHN-CHRG-5: illegal actions return a violation with its rule and change nothing", () => {
    const illegal = fc.oneof(
      // Too far: more than M forward.
      fc.double({ min: 4.01, max: 30, noNaN: true }).map((d) => ({ kind: "tooFar", d }) as const),
      // Through a unit: a friend stands straight ahead.
      fc.double({ min: 2.5, max: 3.5, noNaN: true }).map((gap) => ({ kind: "through", gap }) as const),
      // March within 8" of a (march-column) enemy.
      fc.double({ min: 1.5, max: 7.5, noNaN: true }).map((gap) => ({ kind: "march8", gap }) as const),
      // A raw unit changes formation, then moves.
      fc.double({ min: 0.1, max: 4, noNaN: true }).map((d) => ({ kind: "rawMove", d }) as const),
      // A disordered unit declares a charge.
      fc.double({ min: 10, max: 20, noNaN: true }).map((gap) => ({ kind: "disorderedCharge", gap }) as const),
    );
    fc.assert(
      fc.property(illegal, (c) => {
        let s: BattleState;
        let action: AnyAction;
        let rule: string;
        switch (c.kind) {
          case "tooFar":
            s = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 46)]), "remaining");
            action = { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: c.d }] };
            rule = "CORE-MOVE-1";
            break;
          case "through":
            s = toStep(battleOf([fr("fr-1", 36, 10), fr("fr-2", 36, 10 + c.gap + 4.73), gb("gb-1", 36, 46)]), "remaining");
            action = { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: 4 }] };
            rule = "CORE-MOVE-4";
            break;
          case "march8":
            s = toStep(battleOf([fr("fr-1", 36, 10, { formation: "MARCH_COLUMN", files: 3 }), gb("gb-1", 37.2 + c.gap, 7, { facing: 180 })]), "remaining");
            action = { type: "movement/march", unit: "fr-1", path: [{ kind: "forward", distance: 1 }] };
            rule = "WHN-MOVE-1";
            break;
          case "rawMove": {
            const t = toStep(battleOf([fr("fr-1", 36, 10, { quality: "RAW" }), gb("gb-1", 36, 46)]), "remaining");
            const r = apply(t, { type: "movement/changeFormation", unit: "fr-1", formation: "LINE", files: 12 });
            if (!r.ok) throw new Error("change refused");
            s = r.state;
            action = { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: c.d }] };
            rule = "CORE-MOVE-1";
            break;
          }
          case "disorderedCharge":
            s = patch(toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 10 + c.gap)]), "declareCharges"), "fr-1", { order: "DISORDERED" });
            action = { type: "movement/declareCharge", unit: "fr-1", target: "gb-1" };
            rule = "WHN-CHRG-5";
            break;
        }
        const frozen = deepFreeze(s);
        const before = JSON.stringify(frozen);
        const r = apply(frozen, action);
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.violation.rule).toBe(rule);
        expect(JSON.stringify(frozen)).toBe(before);
      }),
      { seed: 42, numRuns: 40 },
    );
  });
});
