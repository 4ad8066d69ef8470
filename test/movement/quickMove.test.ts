/**
 * The listing's yes/no check of moves and marches (`quickMoveCheck`, src/rules/whn/movement/legal.ts):
 * whenever it answers, the answer is the handler's (`move`/`march` applies or refuses), on random
 * battles with woods, impassable ground and narrow tables, move after move (so some units have moved,
 * wheeled or marched already). Both of its answers and its "ask the handler" must all be exercised.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { BattleState, UnitSetup } from "../../src/index.js";
import { applyTrusted } from "../../src/engine/apply.js";
import type { ActionContext } from "../../src/engine/context.js";
import { roller, seedDice } from "../../src/dice/index.js";
import type { TerrainFeature } from "../../src/geometry/terrain.js";
import { candidatesForDecidingSide, quickMoveCheck } from "../../src/rules/whn/movement/legal.js";
import { march, move } from "../../src/rules/whn/movement/moves.js";
import type { MarchAction, MoveAction } from "../../src/rules/whn/movement/actions.js";
import { battleOf, fr, frCav, gb, gbCav, toStep } from "../fixtures/movement.js";

/** Inches in [min, max] in steps of 1/16. */
const inches = (min: number, max: number) => fc.integer({ min: min * 16, max: max * 16 }).map((n) => n / 16);

const box = (x: number, y: number, w: number, h: number) => [{ x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h }];

/** Woods (difficult), very difficult ground and impassable ground on a 72" × 48" table. */
const features = fc.array(
  fc.record({ x: inches(0, 66), y: inches(0, 42), w: inches(1, 8), h: inches(1, 8), kind: fc.constantFrom("woods", "marsh", "lake") }),
  { minLength: 1, maxLength: 10 },
).map((fs) =>
  fs.map((f, i): TerrainFeature => {
    const tags = f.kind === "woods" ? { difficult: true } : f.kind === "marsh" ? { veryDifficult: true } : { impassable: true };
    return { id: `t${i}`, kind: f.kind === "lake" ? "lake" : "woods", polygon: box(f.x, f.y, f.w, f.h), tags } as TerrainFeature;
  }),
);

const battles = fc.record({
  frs: fc.array(fc.record({ x: inches(2, 70), y: inches(2, 24), facing: fc.integer({ min: 0, max: 359 }), cav: fc.boolean() }), { minLength: 1, maxLength: 4 }),
  gbs: fc.array(fc.record({ x: inches(2, 70), y: inches(14, 46), facing: fc.integer({ min: 0, max: 359 }), cav: fc.boolean() }), { minLength: 1, maxLength: 4 }),
  terrain: features,
  narrow: fc.boolean(),
  picks: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
});

type Drawn = typeof battles extends fc.Arbitrary<infer T> ? T : never;

/** The battle at the French remaining step, or null when the drawn spots are refused (overlaps, off the table). */
function remainingState(b: Drawn): BattleState | null {
  const units: UnitSetup[] = [];
  b.frs.forEach((u, i) => units.push(u.cav ? frCav(`fr-${i}`, u.x, u.y, { facing: u.facing }) : fr(`fr-${i}`, u.x, u.y, { facing: u.facing })));
  b.gbs.forEach((u, i) => units.push(u.cav ? gbCav(`gb-${i}`, u.x, u.y, { facing: u.facing }) : gb(`gb-${i}`, u.x, u.y, { facing: u.facing })));
  try {
    const s = battleOf(units, { terrain: b.terrain as never, table: b.narrow ? { width: 72, height: 30 } : { width: 72, height: 48 } });
    return toStep(s, "remaining");
  } catch {
    return null;
  }
}

const ctx = (state: BattleState): ActionContext => ({ dice: roller(seedDice(0)), options: state.options, emit: () => undefined });

describe("the listing's quick move check", () => {
  it("CORE-MOVE-1/2/4/5, WHN-MOVE-4: quickMoveCheck, when it answers, is whether move/march applies, move after move", () => {
    let yes = 0;
    let no = 0;
    let asked = 0;
    let states = 0;
    fc.assert(
      fc.property(battles, (b) => {
        let s = remainingState(b);
        if (s === null) return;
        for (const pick of b.picks) {
          states++;
          const cands = candidatesForDecidingSide(s).filter((a): a is MoveAction | MarchAction => a.type === "movement/move" || a.type === "movement/march");
          const legal: (MoveAction | MarchAction)[] = [];
          for (const a of cands) {
            const handler = a.type === "movement/move" ? move(s, a, ctx(s)).ok : march(s, a, ctx(s)).ok;
            // On the engine's own state (tables kept) and on a copy (tables not kept).
            for (const state of [s, { ...s }]) {
              const quick = quickMoveCheck(state, a, a.type === "movement/march");
              if (quick === null) asked++;
              else {
                expect(quick).toBe(handler);
                if (quick) yes++;
                else no++;
              }
            }
            if (handler) legal.push(a);
          }
          const next = legal[pick % Math.max(1, legal.length)];
          if (next === undefined) break;
          const r = applyTrusted(s, next);
          if (!r.ok) throw new Error(JSON.stringify(r.violation));
          s = r.state;
        }
      }),
      { seed: 2217, numRuns: 200 },
    );
    // 297 states, 8 310 yes, 12 044 no, 9 884 asked when written: each of the three answers must be
    // exercised for the property to say anything.
    expect(states).toBeGreaterThan(200);
    expect(yes).toBeGreaterThan(2000);
    expect(no).toBeGreaterThan(2000);
    expect(asked).toBeGreaterThan(1000);
  });
});
