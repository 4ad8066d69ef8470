/**
 * The per-state tables behind the legal listing at the setup limits (issue 17): the sight field
 * (src/geometry/sightField.ts), the charge-threat table of formation changes, and the quick
 * declaration check. Each is held to the plain rule code it stands for, on the same inputs.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { BattleState, UnitSetup } from "../../src/index.js";
import { applyTrusted } from "../../src/engine/apply.js";
import { layoutUnit, type LayoutSpec, type UnitLayout } from "../../src/geometry/layout.js";
import { lineOfSight, type PlacedUnit } from "../../src/geometry/sight.js";
import { sightClear, sightField } from "../../src/geometry/sightField.js";
import { footprintInUnitArc } from "../../src/geometry/arcs.js";
import { footprintDistance } from "../../src/geometry/rect.js";
import { leq } from "../../src/geometry/vec.js";
import type { TerrainFeature } from "../../src/geometry/terrain.js";
import { chargeThreats, reformFrame } from "../../src/rules/whn/movement/changeFormation.js";
import { changeFormation } from "../../src/geometry/movement.js";
import type { BlockSpec, SquareSpec } from "../../src/geometry/layout.js";
import { chargeToDeclare, declarationApplies } from "../../src/rules/whn/movement/declare.js";
import { candidatesForDecidingSide } from "../../src/rules/whn/movement/legal.js";
import { baseMove } from "../../src/rules/whn/movement/common.js";
import type { DeclareChargeAction } from "../../src/rules/whn/movement/actions.js";
import { enemiesOf, footprintOf, layoutOf, unitsInPlay } from "../../src/rules/whn/unit.js";
import type { Unit } from "../../src/state/unit.js";
import { battleOf, fr, frCav, gb, gbCav, toStep } from "../fixtures/movement.js";

/** Inches in [min, max] in steps of 1/16. */
const inches = (min: number, max: number) => fc.integer({ min: min * 16, max: max * 16 }).map((n) => n / 16);

const box = (x: number, y: number, w: number, h: number) => [{ x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h }];

/** Woods that block sight, plain woods and hills of height 1 or 2 on a 72" × 48" table. */
const features = fc.array(
  fc.record({ x: inches(0, 66), y: inches(0, 42), w: inches(1, 10), h: inches(1, 10), kind: fc.constantFrom("blocks", "woods", "hill1", "hill2") }),
  { maxLength: 12 },
).map((fs) =>
  fs.map((f, i): TerrainFeature => {
    const tags = f.kind === "blocks" ? { blocksLos: true, softCover: true } : f.kind === "woods" ? { difficult: true, softCover: true } : { hill: f.kind === "hill1" ? 1 : 2 };
    return { id: `t${i}`, kind: f.kind.startsWith("hill") ? "hill" : "woods", polygon: box(f.x, f.y, f.w, f.h), tags } as TerrainFeature;
  }),
);

/** A unit's layout: a block (line or column), a square, or loose models. */
const layouts = fc.array(
  fc.record({ x: inches(2, 70), y: inches(2, 46), facing: fc.integer({ min: 0, max: 23 }).map((k) => k * 15), kind: fc.constantFrom("line", "column", "square", "loose") }),
  { minLength: 2, maxLength: 14 },
).map((us) =>
  us.map((u): UnitLayout => {
    const base = { w: 0.8, d: 0.8 };
    const spec: LayoutSpec =
      u.kind === "line"
        ? { kind: "block", files: 12, count: 24, base }
        : u.kind === "column"
          ? { kind: "block", files: 4, count: 24, base }
          : u.kind === "square"
            ? { kind: "square", count: 24, base }
            : { kind: "loose", base, models: [0, 1, 2, 3].map((k) => ({ x: u.x + 2 * k, y: u.y + (k % 2), facing: u.facing })) };
    return layoutUnit(spec, { p: { x: u.x, y: u.y }, facing: u.facing });
  }),
);

describe("sight field (the declaration listing's line of sight)", () => {
  it("CORE-GEO-16: sightClear is lineOfSight's `visible` for every viewer and target, with and without HR-COVER-1", () => {
    let blocked = 0;
    let clear = 0;
    fc.assert(
      fc.property(layouts, features, fc.boolean(), (ls, terrain, cover) => {
        const placed: PlacedUnit[] = ls.map((layout, i) => ({ id: `u${i}`, layout }));
        const field = sightField(placed, terrain);
        for (const a of placed) {
          for (const b of placed) {
            if (a === b) continue;
            const others = placed.filter((o) => o.id !== a.id && o.id !== b.id);
            const visible = lineOfSight(a.layout, b.layout, others, terrain, { unitsGiveCover: cover }).visible;
            expect(sightClear(a.layout, b.layout, field, a.id, b.id, cover)).toBe(visible);
            if (visible) clear++;
            else blocked++;
          }
        }
      }),
      { seed: 1717, numRuns: 120 },
    );
    // Both answers must be exercised for the property to say anything.
    expect(blocked).toBeGreaterThan(200);
    expect(clear).toBeGreaterThan(200);
  });
});

/** Two lines of battalions and cavalry facing each other across woods and hills, in random spots (the British `gap` farther). */
const battlesAt = (gap: number) =>
  fc.record({
    frs: fc.array(fc.record({ x: inches(4, 64), y: inches(4, 16), facing: fc.integer({ min: 60, max: 120 }), cav: fc.boolean() }), { minLength: 2, maxLength: 6 }),
    gbs: fc.array(fc.record({ x: inches(4, 64), y: inches(gap + 4, gap + 22), facing: fc.integer({ min: 240, max: 300 }), cav: fc.boolean() }), { minLength: 2, maxLength: 6 }),
    terrain: features,
    cover: fc.boolean(),
    flank: fc.boolean(),
    vsCav: fc.boolean(),
  });
const battles = battlesAt(20);

/** The battle at the French declare step, or null when the drawn spots overlap (refused setups). */
type Drawn = typeof battles extends fc.Arbitrary<infer T> ? T : never;
function declareState(b: Drawn): BattleState | null {
  const units: UnitSetup[] = [];
  b.frs.forEach((u, i) => units.push(u.cav ? frCav(`fr-${i}`, u.x, u.y, { facing: u.facing }) : fr(`fr-${i}`, u.x, u.y, { facing: u.facing })));
  b.gbs.forEach((u, i) => units.push(u.cav ? gbCav(`gb-${i}`, u.x, u.y, { facing: u.facing }) : gb(`gb-${i}`, u.x, u.y, { facing: u.facing })));
  // Terrain under a unit's start is allowed; hills change heights, blocking woods change sight.
  const terrain = b.terrain.filter((t) => t.tags.blocksLos !== true || units.every((u) => !inside(u.position, t)));
  try {
    const s = battleOf(units, { terrain: terrain as never, options: { hr: { cover: b.cover, flankChargeEngaged: b.flank }, whn: { fchgCheckVsCavalry: b.vsCav } } as never });
    return toStep(s, "declareCharges");
  } catch {
    return null;
  }
}

function inside(p: { x: number; y: number }, t: TerrainFeature): boolean {
  const xs = t.polygon.map((q) => q.x);
  const ys = t.polygon.map((q) => q.y);
  return p.x >= Math.min(...xs) - 8 && p.x <= Math.max(...xs) + 8 && p.y >= Math.min(...ys) - 8 && p.y <= Math.max(...ys) + 8;
}

/** The threats as the rule reads (WHN-FCHG-4), written out plainly: every enemy, every test. */
function plainThreats(state: BattleState, u: Unit): Unit[] {
  const fp = footprintOf(u);
  const vsCav = state.options.whn.fchgCheckVsCavalry;
  return enemiesOf(state, u.side).filter(
    (e) =>
      e.order !== "FLEEING" &&
      (e.troopType === "infantry" || (vsCav && e.troopType === "cavalry")) &&
      leq(footprintDistance(footprintOf(e), fp), 2 * baseMove(state, e)) &&
      footprintInUnitArc(layoutOf(e), fp),
  );
}

describe("per-state tables of the movement listing", () => {
  it("CORE-CHRG-1: declarationApplies is exactly 'chargeToDeclare refuses nothing', declaration after declaration", () => {
    let yes = 0;
    let no = 0;
    let states = 0;
    fc.assert(
      fc.property(battles, (b) => {
        let s = declareState(b);
        if (s === null) return;
        // Declare until no charge is left, checking every candidate of every state on the way,
        // on the engine's own state (tables kept) and on a copy (tables not kept).
        for (let k = 0; k < 8; k++) {
          states++;
          const cands = candidatesForDecidingSide(s).filter((a): a is DeclareChargeAction => a.type === "movement/declareCharge");
          let next: DeclareChargeAction | null = null;
          for (const a of cands) {
            const plain = !("code" in chargeToDeclare(s, a));
            expect(declarationApplies(s, a)).toBe(plain);
            expect(declarationApplies({ ...s }, a)).toBe(plain);
            if (plain) {
              yes++;
              next ??= a;
            } else no++;
          }
          if (next === null) break;
          const r = applyTrusted(s, next);
          if (!r.ok) throw new Error(JSON.stringify(r.violation));
          s = r.state;
        }
      }),
      { seed: 1718, numRuns: 120 },
    );
    expect(states).toBeGreaterThan(100);
    expect(yes).toBeGreaterThan(200);
    expect(no).toBeGreaterThan(200);
  });

  it("WHN-FCHG-4: chargeThreats (from the per-state table) is the plain measurement, for every unit, in order", () => {
    let threatened = 0;
    let units = 0;
    fc.assert(
      fc.property(battlesAt(10), (b) => {
        const s0 = declareState(b);
        if (s0 === null) return;
        const s = toStep(s0, "remaining");
        for (const u of unitsInPlay(s)) {
          units++;
          const plain = plainThreats(s, u).map((e) => e.id);
          // Twice on the engine's state (the second from the table), once on a copy (no table).
          expect(chargeThreats(s, u).map((e) => e.id)).toEqual(plain);
          expect(chargeThreats(s, u).map((e) => e.id)).toEqual(plain);
          expect(chargeThreats({ ...s }, u).map((e) => e.id)).toEqual(plain);
          if (plain.length > 0) threatened++;
        }
      }),
      { seed: 1719, numRuns: 120 },
    );
    expect(threatened).toBeGreaterThan(units / 10);
  });

  it("WHN-FCHG-4: the table follows the state: a unit that moves into an enemy's reach is threatened at once", () => {
    const s0 = toStep(battleOf([fr("fr-1", 36, 30), gb("gb-1", 36, 40)]), "remaining");
    // 10" apart: beyond the British line's 2 × M = 8".
    expect(chargeThreats(s0, s0.units["fr-1" as never] as Unit)).toEqual([]);
    const r = applyTrusted(s0, { type: "movement/move", unit: "fr-1" as never, path: [{ kind: "forward", distance: 3 }] });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    const u1 = r.state.units["fr-1" as never] as Unit;
    expect(chargeThreats(r.state, u1).map((e) => e.id)).toEqual(["gb-1"]);
    expect(chargeThreats(s0, s0.units["fr-1" as never] as Unit)).toEqual([]);
  });
});

describe("formation changes without placing models", () => {
  it("CORE-GEO-20: reformFrame is the frame changeFormation lays the new formation out at, bit for bit", () => {
    const base = { w: 0.8, d: 0.8 };
    const spec = fc.oneof(
      fc.record({ files: fc.integer({ min: 1, max: 40 }), count: fc.integer({ min: 1, max: 1000 }), gap: fc.constantFrom(0, 0.8, 1.2) }).map(
        (b): BlockSpec => ({ kind: "block", files: Math.min(b.files, b.count), count: b.count, base, gapX: b.gap, gapY: b.gap }),
      ),
      fc.integer({ min: 4, max: 1000 }).map((count): SquareSpec => ({ kind: "square", count, base })),
    );
    fc.assert(
      fc.property(layouts, spec, fc.integer({ min: -720, max: 720 }).map((k) => k / 2), (ls, next, facing) => {
        for (const old of ls) {
          const frame = reformFrame(old, next, facing);
          const laid = changeFormation(old, next, facing).frame;
          expect(frame.p.x).toBe(laid.p.x);
          expect(frame.p.y).toBe(laid.p.y);
          expect(frame.facing).toBe(laid.facing);
        }
      }),
      { seed: 1720, numRuns: 150 },
    );
  });
});
