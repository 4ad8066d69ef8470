/**
 * odds.ts and panic.ts as a whole: the volley spec and exact odds read from a battle state (every
 * body: target unit, picked-out character, lone character), the Panic facts for fire at a unit
 * (trigger, Leadership, what a failure does) under WHN and the core rules, and `panicDue`.
 */
import { describe, expect, it } from "vitest";
import { unitId, type BattleState } from "../../src/index.js";
import { shootingOdds, volleySpec } from "../../src/rules/whn/shooting/odds.js";
import { panicDue, panicSpecFor, shootingPanic } from "../../src/rules/whn/shooting/panic.js";
import { duel, leader, patchUnit, shooterSetup, shootingBattle, targetSetup, unit, play, fire, battalion } from "../fixtures/shooting.js";
import { req, refusal, read } from "../fixtures/shtA.js";

const core = (s: BattleState): BattleState => ({ ...s, ruleset: "core" }) as BattleState;
const phase = (s: BattleState, id: string, p: Partial<{ figuresAtStart: number; casualties: number; panicTested: boolean }>) =>
  patchUnit(s, id, { phase: { ...unit(s, id).phase, ...p } });
const withNey = () =>
  shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10)], { characters: [leader("ney", "gb", { joinedTo: "gb-1", position: { x: 36, y: 20 }, facing: 270 })] });

describe("the volley spec of a shooting (WHN-SHOOT-1, WHN-PANIC-2)", () => {
  it("WHN-PANIC-2: a duel at 10\": six shots needing 5, wound 4, no save, ten models, test at the first loss", () => {
    expect(volleySpec(duel(10), req("fr-1", "gb-1"))).toEqual({
      ok: true,
      spec: { shots: 6, need: 5, woundNeed: 4, saveNeed: null, W: 1, woundsTaken: 0, figures: 10, panic: { trigger: 1, ld: 6, disordered: false } },
    });
  });

  it("CORE-LOS-2: only fire at one unit has a plain spec; refusals pass through", () => {
    expect(volleySpec(withNey(), req("fr-1", "ney"))).toEqual({
      ok: false,
      violation: { code: "shooting/odds_single_body_only", rule: "CORE-SHOOT-1", target: "ney" },
    });
    expect(volleySpec(duel(10), req("fr-9", "gb-1"))).toEqual({ ok: false, violation: { code: "shooting/unknown_unit", rule: "CORE-SHOOT-1", unit: "fr-9" } });
  });
});

describe("exact odds from the state (CORE-SHOOT-3, CORE-LOS-2)", () => {
  it("CORE-SHOOT-3: at one unit, the whole record", () => {
    const r = shootingOdds(duel(10), req("fr-1", "gb-1"));
    if (!r.ok) throw new Error("refused");
    const o = r.odds;
    expect([o.shots, o.need, o.character, o.screen]).toEqual([6, 5, null, null]);
    expect(o.pHit).toBeCloseTo(1 / 3, 12);
    expect(o.target.kind).toBe("unit");
    expect(o.target.id).toBe("gb-1");
    expect(o.target.pPerShot).toBeCloseTo(1 / 6, 12);
    expect(o.target.hits.mean()).toBeCloseTo(2, 12);
    expect(o.target.pPanicTest).toBeCloseTo(1 - (5 / 6) ** 6, 12);
    expect(o.target.panic.passed).toBeCloseTo((1 - (5 / 6) ** 6) * (15 / 36), 12);
    expect(o.target.panic.disordered).toBeCloseTo((1 - (5 / 6) ** 6) * (21 / 36), 12);
  });

  it("CORE-LOS-2: a picked-out character takes a sixth of the hits, his unit the other five sixths", () => {
    const r = shootingOdds(withNey(), req("fr-1", "ney"));
    if (!r.ok) throw new Error("refused");
    const o = r.odds;
    expect(o.target.id).toBe("gb-1");
    expect(o.target.kind).toBe("unit");
    expect(o.target.pPerShot).toBeCloseTo((1 / 3) * (5 / 6) * (1 / 2), 12);
    expect(o.target.hits.mean()).toBeCloseTo(6 * (1 / 3) * (5 / 6), 12);
    expect(o.character?.kind).toBe("character");
    expect(o.character?.id).toBe("ney");
    expect(o.character?.pPerShot).toBeCloseTo((1 / 18) * (1 / 2), 12);
    expect(o.character?.pPanicTest).toBe(0);
    // Two wounds slay Ney (W2, a single body).
    expect(o.character?.casualties.max()).toBe(1);
  });

  it("CORE-LOS-1: a lone character is the target body, as a character", () => {
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(12)], { characters: [leader("wel", "gb", { position: { x: 36, y: 18 }, facing: 270 })] });
    const r = shootingOdds(s, req("fr-1", "wel"));
    if (!r.ok) throw new Error("refused");
    expect(r.odds.need).toBe(5);
    expect(r.odds.target.kind).toBe("character");
    expect(r.odds.target.id).toBe("wel");
    expect(r.odds.character).toBeNull();
    expect(r.odds.target.pPerShot).toBeCloseTo((1 / 3) * (1 / 2), 12);
  });

  it("CORE-SHOOT-1: a refused shooting gives the refusal", () => {
    expect(shootingOdds(duel(30), req("fr-1", "gb-1"))).toEqual({ ok: false, violation: refusal(read(duel(30), "fr-1", "gb-1")) });
  });
});

describe("the Panic facts of fire at a unit (WHN-PANIC-2, CORE-PANIC-8, WHN-DET-3)", () => {
  it("WHN-PANIC-2: the trigger is what is left of the threshold, never below one", () => {
    const s = phase(duel(10), "gb-1", { figuresAtStart: 20 });
    const gb = (x: BattleState) => panicSpecFor(x, unit(x, "gb-1"));
    expect(gb(s)).toEqual({ trigger: 2, ld: 6, disordered: false });
    expect(gb(phase(s, "gb-1", { casualties: 1 }))).toEqual({ trigger: 1, ld: 6, disordered: false });
    expect(gb(phase(s, "gb-1", { casualties: 5 }))).toEqual({ trigger: 1, ld: 6, disordered: false });
  });

  it("WHN-PANIC-3: a disordered unit (Ld −1) would flee on a failure; a tested or fleeing unit has no test left", () => {
    const s = duel(10, {}, { order: "DISORDERED" });
    expect(panicSpecFor(s, unit(s, "gb-1"))).toEqual({ trigger: 1, ld: 5, disordered: true });
    const tested = phase(duel(10), "gb-1", { panicTested: true });
    expect(panicSpecFor(tested, unit(tested, "gb-1"))).toBeNull();
    const fleeing = duel(10, {}, { order: "FLEEING" });
    expect(panicSpecFor(fleeing, unit(fleeing, "gb-1"))).toBeNull();
  });

  it("CORE-PANIC-8: under the core rules every unit tests at a quarter, and a failure is flight", () => {
    const s = core(phase(duel(10, {}, { quality: "RAW" }), "gb-1", { figuresAtStart: 20 }));
    expect(panicSpecFor(s, unit(s, "gb-1"))).toEqual({ trigger: 5, ld: 6, disordered: true });
  });

  it("WHN-PANIC-2: panicDue is true only at the threshold, with a test still to take", () => {
    const s = phase(duel(10), "gb-1", { figuresAtStart: 20 });
    const due = (x: BattleState) => panicDue(x, unit(x, "gb-1"));
    expect(due(s)).toBe(false);
    expect(due(phase(s, "gb-1", { casualties: 1 }))).toBe(false);
    expect(due(phase(s, "gb-1", { casualties: 2 }))).toBe(true);
    expect(due(phase(s, "gb-1", { casualties: 2, panicTested: true }))).toBe(false);
    const raw = phase(duel(10, {}, { quality: "RAW" }), "gb-1", { figuresAtStart: 20 });
    expect(due(raw)).toBe(false);
    expect(due(phase(raw, "gb-1", { casualties: 1 }))).toBe(true);
    const fleeing = phase(duel(10, {}, { order: "FLEEING" }), "gb-1", { casualties: 5 });
    expect(due(fleeing)).toBe(false);
  });

  it("WHN-DET-3: a detachment counts its losses with its parent's and is due when the group is", () => {
    const s = shootingBattle([
      shooterSetup(),
      targetSetup(10),
      battalion("gb-2", "gb", { figures: 4, files: 4, formation: "LINE", light: true, position: { x: 50, y: 20 }, facing: 270, command: {}, detachmentOf: "gb-1" } as never),
    ]);
    const mixed = phase(phase(s, "gb-1", { casualties: 1 }), "gb-2", { casualties: 0 });
    // 14 models at the start: threshold 2; one loss on the parent is not enough.
    expect(panicDue(mixed, unit(mixed, "gb-2"))).toBe(false);
    const both = phase(mixed, "gb-2", { casualties: 1 });
    expect(panicDue(both, unit(both, "gb-2"))).toBe(true);
    expect(panicSpecFor(mixed, unit(mixed, "gb-2"))).toEqual({ trigger: 1, ld: 6, disordered: false });
    const tested = phase(both, "gb-1", { panicTested: true });
    expect(panicDue(tested, unit(tested, "gb-2"))).toBe(false);
  });

  it("WHN-PANIC-2: shootingPanic on an id naming no unit in play takes no test", () => {
    const s = duel(10);
    const emitted: unknown[] = [];
    const ctx = { emit: (...a: unknown[]) => emitted.push(a) } as never;
    expect(shootingPanic(s, unitId("gb-9"), ctx)).toEqual({ state: s, result: "notTested" });
    expect(shootingPanic(s, unitId("gb-1"), ctx)).toEqual({ state: s, result: "notTested" });
    expect(emitted).toEqual([]);
  });

  it("WHN-PANIC-2: under the core rules the threshold event names CORE-PANIC-8", () => {
    const s = core(duel(10, {}, { figures: 4, files: 2 }));
    const r = play(s, fire("fr-1", "gb-1"), [5, 1, 1, 1, 1, 1, 4, 3, 3]);
    expect(r.events.find((e) => e.type === "shooting/panicThreshold")).toMatchObject({ rule: "CORE-PANIC-8", unit: "gb-1", casualties: 1, figuresAtStart: 4, quality: "REGULAR" });
  });
});
