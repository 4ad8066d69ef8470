import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyUnknown as apply, createBattleUnknown as createBattle, parseState, saveState, type BattleState } from "../../src/index.js";
import { battalion, legalShape, regiment } from "../fixtures/setups.js";

/** Freezes an object graph so any mutation throws in strict mode. */
function deepFreeze<T>(o: T): T {
  if (o !== null && typeof o === "object" && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o as object)) deepFreeze(v);
  }
  return o;
}

const FORMATIONS = ["ATTACK_COLUMN", "LINE", "MARCH_COLUMN", "SQUARE", "OPEN_ORDER"] as const;

/** Arbitrary valid battle setups: 1–6 units a side with random sizes, formations and places. */
const setupArb = fc
  .record({
    seed: fc.oneof(fc.nat(), fc.string({ minLength: 1, maxLength: 12 })),
    maxTurns: fc.integer({ min: 1, max: 4 }),
    units: fc.array(
      fc.record({
        side: fc.constantFrom("fr", "gb"),
        cavalry: fc.boolean(),
        figures: fc.integer({ min: 1, max: 32 }),
        files: fc.integer({ min: 4, max: 8 }),
        formation: fc.constantFrom(...FORMATIONS),
        dx: fc.double({ min: -1, max: 1, noNaN: true }),
        dy: fc.double({ min: -1, max: 1, noNaN: true }),
        facing: fc.double({ min: 0, max: 359, noNaN: true }),
        quality: fc.constantFrom("RAW", "REGULAR", "VETERAN"),
      }),
      { minLength: 0, maxLength: 8 },
    ),
    hr: fc.record({ squareness: fc.constantFrom("off", "direct", "tieOnly", "modelCount"), volley: fc.boolean() }),
  })
  // Units stand on a grid of 14" × 22" cells (jittered by up to 1"), so footprints never overlap.
  .map((g) => ({
    seed: g.seed,
    maxTurns: g.maxTurns,
    sides: [
      { id: "fr", name: "French" },
      { id: "gb", name: "British" },
    ],
    options: { hr: g.hr },
    units: g.units.map((raw, i) => ({ ...raw, x: 8 + (i % 4) * 18 + raw.dx, y: 12 + Math.floor(i / 4) * 24 + raw.dy })).map((u, i) =>
      u.cavalry
        ? // A cavalry line is one or two ranks deep (WHN-FORM-7).
          regiment(`u${i}`, u.side, { figures: u.figures, files: Math.max(u.files, Math.ceil(u.figures / 2)), position: { x: u.x, y: u.y }, facing: u.facing, quality: u.quality })
        : // Setups are held to the formation's shape (WHN-FORM-2…5): a legal width for the drawn count; skirmishers are light.
          battalion(`u${i}`, u.side, { ...legalShape(u.formation, u.figures), light: u.formation === "OPEN_ORDER", formation: u.formation, position: { x: u.x, y: u.y }, facing: u.facing, quality: u.quality }),
    ),
  }));

function create(setup: unknown): BattleState {
  const r = createBattle(setup);
  if (!r.ok) throw new Error(JSON.stringify(r.error.issues));
  return r.value;
}

/** Plays `n` turn/advance actions, returning every state on the way. */
function play(s: BattleState, n: number): BattleState[] {
  const out = [s];
  for (let i = 0; i < n; i++) {
    const r = apply(out[out.length - 1] as BattleState, { type: "turn/advance" });
    if (!r.ok) break;
    out.push(r.state);
  }
  return out;
}

describe("engine properties", () => {
  it("the same setup, seed and actions give the same states and events", () => {
    fc.assert(
      fc.property(setupArb, fc.integer({ min: 0, max: 40 }), (setup, n) => {
        const a = play(create(setup), n);
        const b = play(create(setup), n);
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      }),
      { seed: 42, numRuns: 60 },
    );
  });

  it("no input state is ever mutated (inputs deep-frozen)", () => {
    fc.assert(
      fc.property(setupArb, fc.integer({ min: 0, max: 30 }), (setup, n) => {
        let s = deepFreeze(create(setup));
        for (let i = 0; i < n; i++) {
          const before = JSON.stringify(s);
          const r = apply(s, { type: "turn/advance" });
          expect(JSON.stringify(s)).toBe(before);
          if (!r.ok) break;
          s = deepFreeze(r.state);
        }
      }),
      { seed: 7, numRuns: 60 },
    );
  });

  it("any generated state survives a JSON round trip and validates again, equal", () => {
    fc.assert(
      fc.property(setupArb, fc.integer({ min: 0, max: 30 }), (setup, n) => {
        const states = play(create(setup), n);
        const last = states[states.length - 1] as BattleState;
        const back = parseState(JSON.parse(saveState(last)));
        expect(back.ok).toBe(true);
        if (back.ok) expect(back.value).toEqual(last);
      }),
      { seed: 11, numRuns: 60 },
    );
  });

  it("the dice state advances only when dice are rolled, and draws never go back", () => {
    fc.assert(
      fc.property(setupArb, (setup) => {
        const states = play(create(setup), 20);
        for (let i = 1; i < states.length; i++) {
          const a = (states[i - 1] as BattleState).dice;
          const b = (states[i] as BattleState).dice;
          expect(b.draws).toBeGreaterThanOrEqual(a.draws);
          if (b.draws === a.draws) expect(b).toEqual(a);
        }
      }),
      { seed: 3, numRuns: 30 },
    );
  });
});
