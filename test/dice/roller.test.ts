import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FusilladeError } from "../../src/engine/violation.js";
import { ARTILLERY_FACES, forkDice, roller, scriptedDice, seedDice } from "../../src/dice/index.js";
import type { Dice, DiceState } from "../../src/dice/index.js";
import { fcParams } from "./fc-params.js";

const seedArb = fc.oneof(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.string());

function d6s(dice: Dice, n: number): number[] {
  return Array.from({ length: n }, () => dice.d6());
}

/** Recovers the raw uint32 behind a PRNG angle (angles are exact multiples of 45 / 2^29). */
function rawWord(dice: Dice): number {
  return (dice.angle() * 2 ** 29) / 45;
}

/** sfc32 transcribed from its C reference with BigInt, to check the int32 arithmetic. */
function* referenceSfc32(words: readonly number[]): Generator<number> {
  const M = 0xffffffffn;
  let [a, b, c, d] = words.map(BigInt) as [bigint, bigint, bigint, bigint];
  for (;;) {
    const t = (a + b + d) & M;
    d = (d + 1n) & M;
    a = b ^ (b >> 9n);
    b = (c + (c << 3n)) & M;
    c = ((((c << 21n) | (c >> 11n)) & M) + t) & M;
    yield Number(t);
  }
}

describe("PRNG dice", () => {
  it("implements sfc32 exactly as its reference", () => {
    for (const seed of [0, 1, 42, "fusillade", -7, 2 ** 52]) {
      const state = seedDice(seed);
      if (state.kind !== "prng") throw new Error("expected prng");
      const ref = referenceSfc32(state.s);
      const dice = roller(state);
      for (let i = 0; i < 1000; i++) expect(rawWord(dice)).toBe(ref.next().value);
    }
  });

  it("rolls each D6 face within a 99.9 % bound over 60 000 rolls (and passes chi-square)", () => {
    const n = 60_000;
    const counts = [0, 0, 0, 0, 0, 0];
    const dice = roller(seedDice("chi-square"));
    for (let i = 0; i < n; i++) {
      const face = dice.d6();
      counts[face - 1] = (counts[face - 1] ?? 0) + 1;
    }
    const expected = n / 6;
    const bound = 3.29 * Math.sqrt(n * (1 / 6) * (5 / 6));
    let chi2 = 0;
    for (const c of counts) {
      expect(Math.abs(c - expected)).toBeLessThanOrEqual(bound);
      chi2 += (c - expected) ** 2 / expected;
    }
    expect(chi2).toBeLessThan(20.515); // chi-square, 5 degrees of freedom, p = 0.001
  });

  it("CORE-GEO-30: draws angles uniformly on [0, 360)", () => {
    const n = 36_000;
    const bins = new Array<number>(36).fill(0);
    const dice = roller(seedDice("angles"));
    let outOfRange = 0;
    for (let i = 0; i < n; i++) {
      const a = dice.angle();
      if (!(a >= 0 && a < 360)) outOfRange++;
      const bin = Math.floor(a / 10);
      bins[bin] = (bins[bin] ?? 0) + 1;
    }
    expect(outOfRange).toBe(0);
    const chi2 = bins.reduce((sum, c) => sum + (c - 1000) ** 2 / 1000, 0);
    expect(chi2).toBeLessThan(66.62); // chi-square, 35 degrees of freedom, p = 0.001
  });

  it("the largest raw word still maps below 360 degrees", () => {
    expect(((2 ** 32 - 1) * 360) / 2 ** 32).toBeLessThan(360);
  });

  it("same seed → same sequence", () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        expect(d6s(roller(seedDice(seed)), 30)).toEqual(d6s(roller(seedDice(seed)), 30));
      }),
      fcParams(),
    );
  });

  it("nearby seeds give different sequences", () => {
    const seqs = new Set<string>();
    for (let seed = 0; seed < 200; seed++) seqs.add(d6s(roller(seedDice(seed)), 20).join(""));
    expect(seqs.size).toBe(200);
  });

  it("a snapshot continues the identical sequence, also after a JSON round trip", () => {
    fc.assert(
      fc.property(seedArb, fc.nat(40), fc.nat(40), (seed, before, after) => {
        const whole = roller(seedDice(seed));
        const split = roller(seedDice(seed));
        const head = [...d6s(whole, before), whole.angle()];
        expect([...d6s(split, before), split.angle()]).toEqual(head);
        const snap = split.snapshot();
        const tail = [...d6s(whole, after), whole.angle()];
        const resumed = roller(snap);
        expect([...d6s(resumed, after), resumed.angle()]).toEqual(tail);
        const revived = roller(JSON.parse(JSON.stringify(snap)) as DiceState);
        const again = roller(snap);
        expect(d6s(revived, after + 5)).toEqual(d6s(again, after + 5));
        expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);
      }),
      fcParams(),
    );
  });

  it("a seeded state is plain JSON data", () => {
    const state = seedDice(42);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(Object.keys(state).sort()).toEqual(["algorithm", "draws", "kind", "s"]);
  });

  it("the state advances only when dice are rolled, counting every draw", () => {
    const state = seedDice(7);
    const dice = roller(state);
    expect(dice.snapshot()).toEqual(state);
    dice.d6();
    expect(dice.draws).toBe(1);
    dice.nd6(3);
    expect(dice.draws).toBe(4);
    dice.angle();
    dice.artillery();
    dice.d3();
    expect(dice.draws).toBe(7);
    dice.twoD3();
    expect(dice.draws).toBe(9);
    expect(dice.snapshot().draws).toBe(9);
    expect(roller(dice.snapshot()).draws).toBe(9);
    expect(dice.snapshot()).not.toEqual(state);
    expect(state.draws).toBe(0); // the input state is untouched
  });

  it("scatter draws one D6, plus one angle for an ARROW; a roll-off draws pairs", () => {
    const dice = roller(seedDice("scatter"));
    for (let i = 0; i < 200; i++) {
      const before = dice.draws;
      const face = dice.scatter();
      expect(dice.draws - before).toBe(face.kind === "HIT" ? 1 : 2);
      const beforeRollOff = dice.draws;
      dice.rollOff();
      const used = dice.draws - beforeRollOff;
      expect(used >= 2 && used % 2 === 0).toBe(true);
    }
  });

  it("CORE-GEO-30: artillery, scatter, D3 and 2D3 only show their own faces", () => {
    const dice = roller(seedDice("faces"));
    const art = new Set<unknown>();
    const d3 = new Set<number>();
    const twoD3 = new Set<number>();
    let hits = 0;
    for (let i = 0; i < 3000; i++) {
      art.add(dice.artillery());
      d3.add(dice.d3());
      twoD3.add(dice.twoD3());
      if (dice.scatter().kind === "HIT") hits++;
    }
    expect([...art].sort()).toEqual([...ARTILLERY_FACES].sort());
    expect([...d3].sort()).toEqual([1, 2, 3]);
    expect([...twoD3].sort()).toEqual([2, 3, 4, 5, 6]);
    expect(Math.abs(hits / 3000 - 1 / 3)).toBeLessThan(3.29 * Math.sqrt((1 / 3) * (2 / 3) / 3000));
  });

  it("a roll-off favours neither side", () => {
    const dice = roller(seedDice("roll-off"));
    let first = 0;
    for (let i = 0; i < 20_000; i++) if (dice.rollOff() === "first") first++;
    expect(Math.abs(first / 20_000 - 0.5)).toBeLessThan(3.29 * Math.sqrt(0.25 / 20_000));
  });

  it("nd6(0) is 0 and rolls nothing; a bad count is a programmer error", () => {
    const dice = roller(seedDice(3));
    expect(dice.nd6(0)).toBe(0);
    expect(dice.draws).toBe(0);
    expect(() => dice.nd6(-1)).toThrow(FusilladeError);
    expect(() => dice.nd6(1.5)).toThrow(FusilladeError);
  });
});

describe("forkDice", () => {
  it("forks with different indices differ; the same fork is reproducible", () => {
    fc.assert(
      fc.property(seedArb, fc.nat(1000), fc.nat(1000), (seed, i, j) => {
        fc.pre(i !== j);
        const parent = seedDice(seed);
        const a = d6s(roller(forkDice(parent, i)), 32);
        expect(d6s(roller(forkDice(parent, i)), 32)).toEqual(a);
        expect(d6s(roller(forkDice(parent, j)), 32)).not.toEqual(a);
      }),
      fcParams(),
    );
  });

  it("a fork depends on the parent's state, not on what the parent rolls afterwards", () => {
    const parent = seedDice("parent");
    const child = forkDice(parent, 3);
    const busy = roller(parent);
    busy.nd6(100);
    expect(forkDice(parent, 3)).toEqual(child);
    expect(d6s(roller(child), 32)).not.toEqual(d6s(roller(parent), 32));
    expect(d6s(roller(forkDice(busy.snapshot(), 3)), 32)).not.toEqual(d6s(roller(child), 32));
    expect(child.draws).toBe(0);
  });

  it("sibling streams are uncorrelated enough for Monte Carlo (pairwise equal-face rate ≈ 1/6)", () => {
    const parent = seedDice(2024);
    const a = roller(forkDice(parent, 0));
    const b = roller(forkDice(parent, 1));
    let same = 0;
    const n = 30_000;
    for (let i = 0; i < n; i++) if (a.d6() === b.d6()) same++;
    expect(Math.abs(same / n - 1 / 6)).toBeLessThan(3.29 * Math.sqrt((1 / 6) * (5 / 6) / n));
  });

  it("rejects a bad stream index", () => {
    expect(() => forkDice(seedDice(1), -1)).toThrow(FusilladeError);
    expect(() => forkDice(seedDice(1), 0.5)).toThrow(FusilladeError);
  });

  it("a scripted state forks into its remaining script", () => {
    const dice = roller(scriptedDice([1, 2, 3], [90]));
    dice.d6();
    expect(forkDice(dice.snapshot(), 5)).toEqual(scriptedDice([2, 3], [90]));
  });
});

describe("seedDice and roller validation", () => {
  it("rejects number seeds that are not safe integers", () => {
    for (const bad of [1.5, Number.NaN, Infinity, 2 ** 53]) expect(() => seedDice(bad)).toThrow(FusilladeError);
  });

  it("rejects malformed states (programmer errors)", () => {
    const bad = [
      { kind: "prng", algorithm: "sfc32", s: [1, 2, 3], draws: 0 },
      { kind: "prng", algorithm: "sfc32", s: [1, 2, 3, -1], draws: 0 },
      { kind: "prng", algorithm: "sfc32", s: [1, 2, 3, 2 ** 32], draws: 0 },
      { kind: "prng", algorithm: "mt19937", s: [1, 2, 3, 4], draws: 0 },
      { kind: "prng", algorithm: "sfc32", s: [1, 2, 3, 4], draws: -1 },
      { kind: "scripted", d6: [7], angles: [], draws: 0 },
      { kind: "scripted", d6: [], angles: [360], draws: 0 },
      { kind: "dice", draws: 0 },
    ];
    for (const state of bad) expect(() => roller(state as unknown as DiceState)).toThrow(FusilladeError);
  });
});
