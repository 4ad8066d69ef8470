import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { fireOddsFor, maneuverOddsFor, meleeOdds, meleeOddsFor } from "../../src/rules/fnf/odds.js";
import { meleeEnemies } from "../../src/rules/fnf/firePoints.js";
import { advanceTo, brigade, fnfBattle } from "./helpers.js";

const RESULTS = ["SWEPT", "DRIVEN_BACK", "HARD_PRESSED", "DESPERATE_STRUGGLE", "ASSAULT_CHECKED", "ASSAULT_FALTERS", "CHARGE_REPULSED"] as const;
type Row = Record<(typeof RESULTS)[number], number>;

const zeros = (): Row => ({ SWEPT: 0, DRIVEN_BACK: 0, HARD_PRESSED: 0, DESPERATE_STRUGGLE: 0, ASSAULT_CHECKED: 0, ASSAULT_FALTERS: 0, CHARGE_REPULSED: 0 });

/** The charge-table row of a difference, written out from FNF-MEL-5 (7+, 4–6, 1–3, 0, −1…−3, −4…−6, −7 or less). */
function row(x: number): keyof Row {
  if (x >= 7) return "SWEPT";
  if (x >= 4) return "DRIVEN_BACK";
  if (x >= 1) return "HARD_PRESSED";
  if (x === 0) return "DESPERATE_STRUGGLE";
  if (x >= -3) return "ASSAULT_CHECKED";
  if (x >= -6) return "ASSAULT_FALTERS";
  return "CHARGE_REPULSED";
}

/** One roll of (2D6 + a) − (2D6 + d), counted over all 1 296 dice faces. */
function oneRoll(a: number, d: number): Row {
  const out = zeros();
  for (let i = 1; i <= 6; i++) for (let j = 1; j <= 6; j++) for (let k = 1; k <= 6; k++) for (let l = 1; l <= 6; l++) out[row(i + j + a - (k + l + d))] += 1 / 1296;
  return out;
}

/** The chance of a tie with equal modifiers: the sum of the squared 2D6 counts over 1 296. */
const TIE = 146 / 1296;

function expectRow(actual: Row, expected: Row): void {
  for (const r of RESULTS) expect(actual[r], r).toBeCloseTo(expected[r], 12);
}

function expectStruggles(actual: { entries(): ReadonlyArray<readonly [number, number]> }, expected: [number, number][]): void {
  const got = actual.entries();
  expect(got.map(([k]) => k)).toEqual(expected.map(([k]) => k));
  got.forEach(([, p], i) => expect(p).toBeCloseTo(expected[i]?.[1] ?? Number.NaN, 12));
}

describe("fnfE: melee odds (FNF-MEL-5, FNF-MEL-8)", () => {
  it("FNF-MEL-8: an attacker gone before the first roll: no roll is made, the melee lapses as a desperate struggle after 0 struggles", () => {
    const o = meleeOdds(() => null, () => 0);
    expect(o.firstRoll).toEqual(zeros());
    expect(o.final).toEqual({ ...zeros(), DESPERATE_STRUGGLE: 1 });
    expect(o.struggles.entries()).toEqual([[0, 1]]);
  });

  it("FNF-MEL-8: a defender gone before the first roll (the attacker still there) lapses the same way", () => {
    const o = meleeOdds(() => 2, () => null);
    expect(o.firstRoll).toEqual(zeros());
    expect(o.final).toEqual({ ...zeros(), DESPERATE_STRUGGLE: 1 });
    expect(o.struggles.entries()).toEqual([[0, 1]]);
  });

  it("FNF-MEL-5: the first roll with modifiers +1 against −2 is the dice count of each row", () => {
    const o = meleeOdds(() => 1, () => -2, 0);
    expectRow(o.firstRoll, oneRoll(1, -2));
    const tie = oneRoll(1, -2).DESPERATE_STRUGGLE;
    expectRow(o.final, oneRoll(1, -2));
    expectStruggles(o.struggles, [[0, 1 - tie], [1, tie]]);
  });

  it("FNF-MEL-8: with no struggle allowed, a tie stays a desperate struggle; the first roll is counted once", () => {
    const o = meleeOdds(() => 0, () => 0, 0);
    expectRow(o.firstRoll, oneRoll(0, 0));
    expect(o.firstRoll.DESPERATE_STRUGGLE).toBeCloseTo(TIE, 12);
    expectRow(o.final, oneRoll(0, 0));
    expectStruggles(o.struggles, [[0, 1 - TIE], [1, TIE]]);
  });

  it("FNF-MEL-8: one struggle allowed: a tie is rolled again, the first roll still counted only from the first", () => {
    const o = meleeOdds(() => 0, () => 0, 1);
    expectRow(o.firstRoll, oneRoll(0, 0));
    const once = oneRoll(0, 0);
    const expected = zeros();
    for (const r of RESULTS) expected[r] = r === "DESPERATE_STRUGGLE" ? TIE * TIE : once[r] * (1 + TIE);
    expectRow(o.final, expected);
    expectStruggles(o.struggles, [[0, 1 - TIE], [1, TIE * (1 - TIE)], [2, TIE * TIE]]);
  });

  it("FNF-MEL-8: modifiers change after a struggle; a side gone at the second roll ends the chain there", () => {
    const o = meleeOdds((k) => (k === 0 ? 0 : 3), (k) => (k < 2 ? 0 : null), 5);
    const first = oneRoll(0, 0);
    const second = oneRoll(3, 0);
    const expected = zeros();
    for (const r of RESULTS) expected[r] = r === "DESPERATE_STRUGGLE" ? 0 : first[r] + TIE * second[r];
    expected.DESPERATE_STRUGGLE = TIE * second.DESPERATE_STRUGGLE;
    expectRow(o.final, expected);
    expectRow(o.firstRoll, first);
    expectStruggles(o.struggles, [[0, 1 - TIE], [1, TIE * (1 - second.DESPERATE_STRUGGLE)], [2, TIE * second.DESPERATE_STRUGGLE]]);
  });

  it("FNF-MEL-5: a difference no tie can reach ends at the first roll with no struggle left over", () => {
    const o = meleeOdds(() => 20, () => 0);
    expect(o.firstRoll).toEqual({ ...zeros(), SWEPT: 1 });
    expect(o.final).toEqual({ ...zeros(), SWEPT: 1 });
    expect(o.struggles.entries()).toEqual([[0, 1]]);
  });
});

/** French fr1 facing British gb1 and gb2 in the French offensive fire phase. */
function scene(): BattleState {
  return advanceTo(
    fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 10), fr2: brigade("fr2", "fr", 50, 10), gb1: brigade("gb1", "gb", 20, 30), gb2: brigade("gb2", "gb", 50, 30), gb3: brigade("gb3", "gb", 35, 40) } }),
    "offensiveFire",
    "fr",
  );
}

function withMelees(s: BattleState, melees: Record<string, { id: string; defender: string; attackers: string[]; breakthrough: string[] }>): BattleState {
  if (s.fnf === null) throw new Error("no fnf");
  return { ...s, fnf: { ...s.fnf, melees } } as BattleState;
}

describe("fnfE: a unit's melee enemies (FNF-FIRE-1, FNF-MEL-1a)", () => {
  const melees = {
    m1: { id: "m1", defender: "gb1", attackers: ["fr1"], breakthrough: [] },
    m2: { id: "m2", defender: "fr2", attackers: ["gb2", "gb3"], breakthrough: [] },
  };

  it("FNF-FIRE-1: a defender's enemies are all its attackers; an attacker's enemy is its own melee's defender", () => {
    const s = withMelees(scene(), melees);
    expect(meleeEnemies(s, "gb1")).toEqual(["fr1"]);
    expect(meleeEnemies(s, "fr1")).toEqual(["gb1"]);
    expect(meleeEnemies(s, "fr2")).toEqual(["gb2", "gb3"]);
    expect(meleeEnemies(s, "gb3")).toEqual(["fr2"]);
    expect(meleeEnemies(s, "gb2")).toEqual(["fr2"]);
  });

  it("FNF-FIRE-1: a unit in no melee has none, even while other melees are pending", () => {
    const s = withMelees(scene(), { m1: melees.m1 });
    expect(meleeEnemies(s, "gb2")).toBeNull();
    expect(meleeEnemies(s, "fr2")).toBeNull();
    expect(meleeEnemies(scene(), "fr1")).toBeNull();
  });

  it("FNF-MEL-1a: the list given back is a copy; changing it leaves the melee as it was", () => {
    const s = withMelees(scene(), melees);
    const got = meleeEnemies(s, "fr2");
    got?.push("zz");
    expect(s.fnf?.melees["m2"]?.attackers).toEqual(["gb2", "gb3"]);
  });
});

describe("fnfE: odds helpers for a state (FNF-MAN-2, FNF-FIRE-6, FNF-MEL-8)", () => {
  it("FNF-MAN-2, FNF-FIRE-6: an unknown unit has no odds", () => {
    const s = scene();
    expect(maneuverOddsFor(s, "nobody")).toBeNull();
    expect(fireOddsFor(s, "nobody", "gb1")).toBeNull();
  });

  it("FNF-FIRE-6: a firer out of range of its target scores no points: every outcome desultory, low ammunition still 3/36", () => {
    const s = scene();
    expect(fireOddsFor(s, "fr1", "gb3")).toEqual({
      points: 0,
      modifier: 0,
      effects: { DESULTORY: expect.closeTo(1, 12), LIVELY: 0, TELLING: 0, DEADLY: 0, WITHERING: 0 },
      lowAmmo: 3 / 36,
    });
  });

  it("FNF-MEL-8: odds of a melee that does not exist lapse at once", () => {
    const o = meleeOddsFor(scene(), "m9");
    expect(o.final).toEqual({ ...zeros(), DESPERATE_STRUGGLE: 1 });
    expect(o.struggles.entries()).toEqual([[0, 1]]);
  });
});

describe("fnfE: odds of a melee in a state (FNF-MEL-8, FNF-DET-4)", () => {
  /** French fr1 attacking British `def` (a brigade or a detachment) in melee m1. */
  function meleeScene(detachment: boolean): BattleState {
    const def = detachment ? { ...brigade("def", "gb", 20, 20), kind: "detachment", bases: 1 } : brigade("def", "gb", 20, 20);
    const s = advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 10), def } }), "offensiveFire", "fr");
    return withMelees(s, { m1: { id: "m1", defender: "def", attackers: ["fr1"], breakthrough: [] } });
  }

  it("FNF-DET-4, FNF-MEL-8: a detachment defending fights one roll only: a tie ends the melee there", () => {
    const o = meleeOddsFor(meleeScene(true), "m1");
    const tie = o.firstRoll.DESPERATE_STRUGGLE;
    expect(tie).toBeGreaterThan(0);
    expect(o.final.DESPERATE_STRUGGLE).toBeCloseTo(tie, 12);
    expectStruggles(o.struggles, [[0, 1 - tie], [1, tie]]);
  });

  it("FNF-MEL-8: a brigade defending fights on after a tie, so a tie after the first roll is rarer than the first roll's", () => {
    const o = meleeOddsFor(meleeScene(false), "m1");
    expect(o.struggles.entries().map(([k]) => k).slice(0, 3)).toEqual([0, 1, 2]);
    expect(o.final.DESPERATE_STRUGGLE).toBeLessThan(o.firstRoll.DESPERATE_STRUGGLE * o.firstRoll.DESPERATE_STRUGGLE);
    const none = meleeOddsFor(meleeScene(false), "m1", null, 0);
    expectStruggles(none.struggles, [[0, 1 - none.firstRoll.DESPERATE_STRUGGLE], [1, none.firstRoll.DESPERATE_STRUGGLE]]);
  });
});
