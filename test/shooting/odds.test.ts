import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyUnknown as apply, roller, seedDice, scriptedDice, unitId, pLeadershipPass, type BattleState } from "../../src/index.js";
import { runStep } from "../../src/engine/apply.js";
import { shootingOdds, volleySpec, sampleVolley, volleyOdds, toHitScore, type ToHitInput, type PanicOutcome } from "../../src/rules/whn/shooting/index.js";
import { resolveShooting } from "../../src/rules/whn/shooting/index.js";
import { duel, unit, event, fire, patchUnit, shootingBattle, shooterSetup, targetSetup, battalion, leader } from "../fixtures/shooting.js";
import { FORMATIONS } from "../../src/state/unit.js";
import { legalShape } from "../fixtures/setups.js";

const req = { shooter: unitId("fr-1"), target: unitId("gb-1") };

describe("exact odds", () => {
  it("WHN-PANIC-2: exact odds of a duel: binomial casualties, the Panic test chance and its outcomes", () => {
    const r = shootingOdds(duel(10), req);
    if (!r.ok) throw new Error(r.violation.code);
    const o = r.odds;
    expect(o).toMatchObject({ shots: 6, need: 5 });
    expect(o.pHit).toBeCloseTo(1 / 3, 12);
    expect(o.target.casualties.pEqual(0)).toBeCloseTo((5 / 6) ** 6, 12);
    expect(o.target.pPanicTest).toBeCloseTo(1 - (5 / 6) ** 6, 12);
    expect(o.target.panic.passed).toBeCloseTo((1 - (5 / 6) ** 6) * pLeadershipPass(6), 12);
    expect(o.target.panic.disordered).toBeCloseTo((1 - (5 / 6) ** 6) * (1 - pLeadershipPass(6)), 12);
    expect(o.target.panic.fled).toBe(0);
  });

  it("CORE-LOS-2: odds of picking out a character split the hits one in six to him", () => {
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10)], { characters: [leader("ney", "gb", { joinedTo: "gb-1", position: { x: 36, y: 20 }, facing: 270 })] });
    const r = shootingOdds(s, { shooter: unitId("fr-1"), target: "ney" as never });
    if (!r.ok) throw new Error(r.violation.code);
    expect(r.odds.character?.pPerShot).toBeCloseTo((1 / 3) * (1 / 6) * (1 / 2), 12);
    expect(r.odds.target.pPerShot).toBeCloseTo((1 / 3) * (5 / 6) * (1 / 2), 12);
    expect(r.odds.character?.casualties.pEqual(1)).toBeCloseTo(r.odds.character?.unsaved.pAtLeast(2) ?? -1, 12);
  });

  it("HR-COVER-3: odds give the screening unit P(n0) − P(n1) of the shots", () => {
    const s = shootingBattle(
      [shooterSetup({ initialVolleyUsed: true }), targetSetup(10), battalion("gb-2", "gb", { figures: 6, files: 6, light: true, formation: "LINE", position: { x: 36, y: 15 }, facing: 270, command: {} })],
      { options: { hr: { cover: true } } },
    );
    const r = shootingOdds(s, req);
    if (!r.ok) throw new Error(r.violation.code);
    expect(r.odds.pHit).toBeCloseTo(1 / 12, 12);
    expect(r.odds.screen?.pPerShot).toBeCloseTo((1 / 3 - 1 / 12) / 2, 12);
  });

  it("an illegal shooting has no odds, only the violation", () => {
    const r = shootingOdds(duel(30), req);
    expect(r.ok).toBe(false);
  });
});

describe("stand and shoot (resolveShooting)", () => {
  it("CORE-CHRG-3: stand and shoot is normal shooting at −1, in the enemy's turn, and the charger tests for Panic at once (WHN-PANIC-2)", () => {
    let s = duel(10, {}, { quality: "VETERAN", initialVolleyUsed: true });
    s = patchUnit(s, "gb-1", { flags: { ...unit(s, "gb-1").flags, moved: true, shot: true } });
    s = patchUnit(s, "fr-1", { quality: "RAW" });
    s = { ...s, turn: { ...s.turn, phase: "movement", step: "chargeResponses" }, dice: seedDice(0) };
    // gb-1 (10 in 5 files, stationary in the enemy's turn: 5 + 2 = 7 shots) at 10": 5 −1 = 6.
    const r = runStep({ ...s, dice: scriptedDice([6, 1, 1, 1, 1, 1, 1, 6, 6, 6]) }, (ctx) => resolveShooting(s, ctx, { shooter: unitId("gb-1"), target: unitId("fr-1"), standAndShoot: true }));
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(event(r.events, "shooting/fired")).toMatchObject({ firers: 7, need: 6, standAndShoot: true, modifiers: [{ key: "longRange" }, { key: "standAndShoot", value: -1, rule: "CORE-CHRG-3" }] });
    expect(unit(r.state, "fr-1")).toMatchObject({ figures: 7, order: "DISORDERED" });
    expect(unit(r.state, "gb-1").flags).toEqual(unit(s, "gb-1").flags);
  });
});

/** A random legal duel from plain parameters. */
const situation = fc.record({
  gap: fc.double({ min: 1, max: 23, noNaN: true }),
  shooterFigures: fc.integer({ min: 1, max: 16 }),
  shooterFormation: fc.constantFrom("LINE", "ATTACK_COLUMN", "OPEN_ORDER", "MARCH_COLUMN"),
  disordered: fc.boolean(),
  targetFigures: fc.integer({ min: 1, max: 12 }),
  targetFormation: fc.constantFrom("LINE", "ATTACK_COLUMN", "OPEN_ORDER"),
  quality: fc.constantFrom("RAW", "REGULAR", "VETERAN"),
  W: fc.integer({ min: 1, max: 3 }),
  armour: fc.constantFrom("none", "light", "heavy"),
  targetDisordered: fc.boolean(),
});

type Situation = typeof situation extends fc.Arbitrary<infer T> ? T : never;

function build(p: Situation): BattleState {
  return duel(
    p.gap,
    { ...legalShape(p.shooterFormation, p.shooterFigures), formation: p.shooterFormation as never, light: true, order: p.disordered ? "DISORDERED" : "GOOD" },
    {
      ...legalShape(p.targetFormation, p.targetFigures),
      formation: p.targetFormation as never,
      light: true,
      quality: p.quality as never,
      order: p.targetDisordered ? "DISORDERED" : "GOOD",
      profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: p.W, I: 3, A: 1, Ld: 7 },
      equipment: { missile: "musket", melee: "musketBayonet", armour: p.armour as never },
    },
  );
}

describe("properties", () => {
  it("the exact casualty distribution matches 20 000 sampled resolutions within a 99.9 % bound", () => {
    let used = 0;
    fc.assert(
      fc.property(situation, fc.integer({ min: 0, max: 1e9 }), (p, seed) => {
        const s = build(p);
        const spec = volleySpec(s, req);
        if (!spec.ok) return true;
        used++;
        const exact = volleyOdds(spec.spec);
        const N = 20_000;
        const dice = roller(seedDice(seed));
        const counts = new Map<number, number>();
        const panics = new Map<PanicOutcome, number>();
        for (let i = 0; i < N; i++) {
          const x = sampleVolley(dice, spec.spec);
          counts.set(x.casualties, (counts.get(x.casualties) ?? 0) + 1);
          panics.set(x.panic, (panics.get(x.panic) ?? 0) + 1);
        }
        const bins = exact.casualties.size + 5;
        const z = 3.29 + Math.log(bins); // 99.9 % two-sided, widened for the number of bins compared
        const check = (pExact: number, k: number) => {
          const sd = Math.sqrt(Math.max(pExact * (1 - pExact), 1 / N) / N);
          expect(Math.abs(k / N - pExact)).toBeLessThanOrEqual(z * sd + 1e-12);
        };
        for (const [c, pc] of exact.casualties.entries()) check(pc, counts.get(c) ?? 0);
        for (const [c] of counts) expect(exact.casualties.pEqual(c)).toBeGreaterThan(0);
        for (const o of ["notTested", "passed", "disordered", "fled", "destroyed"] as const) check(exact.panic[o], panics.get(o) ?? 0);
        return true;
      }),
      { seed: 42, numRuns: 12 },
    );
    expect(used).toBeGreaterThanOrEqual(10);
  });

  it("the reducer and the fast sampler agree roll for roll on the same dice", () => {
    let used = 0;
    fc.assert(
      fc.property(situation, fc.integer({ min: 0, max: 1e9 }), (p, seed) => {
        const s = build(p);
        const spec = volleySpec(s, req);
        if (!spec.ok) return true;
        used++;
        const fast = sampleVolley(roller(seedDice(seed)), spec.spec);
        const r = apply({ ...s, dice: seedDice(seed) }, fire("fr-1", "gb-1"));
        if (!r.ok) throw new Error(JSON.stringify(r.violation));
        const after = unit(r.state, "gb-1");
        expect(unit(s, "gb-1").figures - after.figures).toBe(fast.casualties);
        expect(after.woundsTaken).toBe(fast.woundsTaken);
        const was = unit(s, "gb-1").order;
        const expected = fast.panic === "disordered" ? "DISORDERED" : fast.panic === "fled" ? "FLEEING" : was;
        if (fast.panic !== "destroyed") expect(after.order).toBe(expected);
        return true;
      }),
      { seed: 42, numRuns: 150 },
    );
    expect(used).toBeGreaterThanOrEqual(120);
  });

  it("casualties never exceed the models that could be hit, and figures never go negative", () => {
    fc.assert(
      fc.property(situation, fc.integer({ min: 0, max: 1e9 }), (p, seed) => {
        const s = build(p);
        const r = apply({ ...s, dice: seedDice(seed) }, fire("fr-1", "gb-1"));
        if (!r.ok) return true;
        const before = unit(s, "gb-1");
        const after = unit(r.state, "gb-1");
        const shots = Number(event(r.events, "shooting/fired")["firers"]);
        expect(after.figures).toBeGreaterThanOrEqual(0);
        expect(before.figures - after.figures).toBeLessThanOrEqual(Math.min(before.figures, shots));
        const spec = volleySpec(s, req);
        if (spec.ok) expect(volleyOdds(spec.spec).casualties.max()).toBeLessThanOrEqual(Math.min(before.figures, shots));
        return true;
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it("WHN-SHOOT-5: a skirmishing target is never easier to hit than the same target formed", () => {
    const input = fc.record({
      bs: fc.integer({ min: 0, max: 10 }),
      bsPenalty: fc.boolean(),
      band: fc.constantFrom("close", "long", "extreme", null),
      cover: fc.constantFrom("none", "soft", "hard"),
      moved: fc.boolean(),
      standAndShoot: fc.boolean(),
      veteranLights: fc.boolean(),
      mounted: fc.boolean(),
      initialVolley: fc.boolean(),
      loneCharacter: fc.constant(false),
    });
    const formed = fc.constantFrom(...FORMATIONS.filter((f) => f !== "OPEN_ORDER" && f !== "EXTENDED_ORDER"));
    fc.assert(
      fc.property(input, formed, fc.constantFrom("OPEN_ORDER", "EXTENDED_ORDER"), (i, f, sk) => {
        const a = toHitScore({ ...(i as Omit<ToHitInput, "targetFormation">), targetFormation: f });
        const b = toHitScore({ ...(i as Omit<ToHitInput, "targetFormation">), targetFormation: sk as "OPEN_ORDER" });
        expect(b.need).toBeGreaterThanOrEqual(a.need);
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});
