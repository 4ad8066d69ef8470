/**
 * The CORE ruleset on its own (`ruleset: "core"`): every place where the core rules differ from WHN,
 * played through `apply` with scripted dice.
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, createBattleUnknown, loadState, saveState, withScriptedDice, presets, type BattleEvent, type BattleState } from "../../src/index.js";
import { panicTest } from "../../src/rules/whn/morale/panic.js";
import { panicOdds } from "../../src/rules/whn/morale/odds.js";
import { toHitScore } from "../../src/rules/whn/shooting/modifiers.js";
import { run } from "../fixtures/morale.js";
import { coreBattle, coreEngaged, foot } from "./fixtures.js";
import { A_KILLS_3, LD6, ev, mustApply as ok, unitOf as unit } from "../fixtures/play.js";


describe("CORE setups", () => {
  it("CORE-TURN-2: createBattle accepts ruleset core and plays the CORE turn sequence; saves round-trip", () => {
    const s = coreBattle([foot("a", "fr", { position: { x: 36, y: 10 } }), foot("b", "gb", { position: { x: 36, y: 40 }, facing: 270 })]);
    expect(s.ruleset).toBe("core");
    expect(s.turn).toMatchObject({ phase: "start", step: null });
    const loaded = loadState(saveState(s));
    expect(loaded.ok && loaded.value.ruleset).toBe("core");
    let t = s;
    const steps: string[] = [];
    for (let i = 0; i < 10; i++) {
      t = ok(t, { type: "turn/advance" }).state;
      steps.push(`${t.turn.phase}${t.turn.step === null ? "" : `.${t.turn.step}`}`);
    }
    expect(steps).toEqual(["movement.declareCharges", "movement.chargeResponses", "movement.rally", "movement.compulsory", "movement.chargeMoves", "movement.remaining", "shooting", "combat", "start", "movement.declareCharges"]);
  });

  it("CORE-MOVE-1: a CORE battle refuses WHN formations, guns, firearms and detachments with typed issues", () => {
    const bad = createBattleUnknown({
      ruleset: "core",
      seed: 1,
      sides: [{ id: "fr", name: "A" }, { id: "gb", name: "B" }],
      units: [foot("a", "fr", { formation: "LINE", files: 10, position: { x: 20, y: 10 } }), foot("b", "gb", { position: { x: 50, y: 40 }, equipment: { missile: "musket", melee: "musketBayonet" } })],
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error.issues.map((i) => i.path.join("."))).toEqual(["units.0.formation", "units.1.equipment.missile", "units.1.equipment.melee"]);
  });

  it("CORE-BSB-1: a battle standard bearer is refused in a WHN battle (WHN-GEN-3) and accepted, one a side, in a CORE battle", () => {
    const units = [foot("a", "fr", { position: { x: 20, y: 10 } }), foot("b", "gb", { position: { x: 50, y: 40 }, facing: 270 })];
    const bsb = presets.coreCharacter({ kind: "battleStandard", id: "bsb", side: "fr", at: { x: 30, y: 6 } });
    const whn = createBattleUnknown({ ruleset: "whn", seed: 1, sides: [{ id: "fr", name: "A" }, { id: "gb", name: "B" }], units, characters: [bsb] });
    expect(whn.ok).toBe(false);
    if (!whn.ok) expect(whn.error.issues[0]).toMatchObject({ path: ["characters", 0, "battleStandard"] });
    const two = createBattleUnknown({ ruleset: "core", seed: 1, sides: [{ id: "fr", name: "A" }, { id: "gb", name: "B" }], units, characters: [bsb, { ...bsb, id: "bsb2" }] });
    expect(two.ok).toBe(false);
    expect(coreBattle(units, { characters: [bsb] }).characters["bsb" as never]).toMatchObject({ battleStandard: true });
  });
});

describe("CORE close combat", () => {
  it("CORE-BREAK-1: under the core rules a unit that passes its Break test stays in the combat, in good order, and fights the next round", () => {
    const s = withScriptedDice(coreEngaged({ profile: LD6 }), [...A_KILLS_3, 1, 1]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/breakTest")[0]).toMatchObject({ unit: "b", target: 2, total: 2, passed: true, rule: "CORE-BREAK-1" });
    expect(ev(r.events, "combat/holds")[0]).toMatchObject({ unit: "b", rule: "CORE-BREAK-1" });
    expect(ev(r.events, "unit/disordered")).toEqual([]);
    expect(ev(r.events, "unit/fellBack")).toEqual([]);
    const b = unit(r.state, "b");
    expect(b).toMatchObject({ order: "GOOD", figures: 17, position: { x: 36, y: 24 } });
    expect(r.state.combats["c1" as never]?.units).toEqual(["a", "b"]);
  });

  it("CORE-BREAK-1: the same round under WHN makes the loser fall back DISORDERED and ends the combat (WHN-BREAK-1)", () => {
    const s = withScriptedDice(coreEngaged({ profile: LD6 }, {}, { ruleset: "whn" }), [...A_KILLS_3, 1, 1]);
    const r = ok(s, { type: "combat/fight" });
    expect(unit(r.state, "b").order).toBe("DISORDERED");
    expect(r.state.combats).toEqual({});
  });

  it("CORE-REDR-1: the winner of a round whose loser held redresses while still engaged, widening by up to 2 files a flank", () => {
    const s = withScriptedDice(coreEngaged({ profile: LD6 }), [...A_KILLS_3, 1, 1]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/redressed")[0]).toMatchObject({ unit: "a", was: 5, files: 9, rule: "CORE-REDR-1" });
    expect(unit(r.state, "a").files).toBe(9);
  });

  it("CORE-REDR-2: the redressed, wider unit has shorter ranks and so a lower rank bonus", () => {
    const s = withScriptedDice(coreEngaged({ profile: LD6 }), [...A_KILLS_3, 1, 1]);
    const a = unit(ok(s, { type: "combat/fight" }).state, "a");
    // 20 models: 5 files → 4 ranks (+3); 9 files → 3 ranks, the last of 2 models (+1).
    expect(Math.ceil(a.figures / a.files)).toBe(3);
  });

  it("CORE-BSB-1: a battle standard within 12\" re-rolls a failed Break test; the re-roll's result stands", () => {
    const bsb = presets.coreCharacter({ kind: "battleStandard", id: "bsb", side: "gb", at: { x: 44, y: 30 } });
    const s = withScriptedDice(coreEngaged({ profile: LD6 }, {}, { characters: [bsb] }), [...A_KILLS_3, 6, 6, 1, 1]);
    const r = ok(s, { type: "combat/fight" });
    const tests = ev(r.events, "combat/breakTest");
    expect(tests).toHaveLength(2);
    expect(tests[0]).toMatchObject({ rule: "CORE-BREAK-1", passed: false, total: 12 });
    expect(tests[1]).toMatchObject({ rule: "CORE-BSB-1", passed: true, total: 2, battleStandard: "bsb" });
    expect(unit(r.state, "b").order).toBe("GOOD");
  });

  it("CORE-BSB-1: no re-roll when the bearer is more than 12\" away or fleeing", () => {
    for (const over of [{ at: { x: 60, y: 44 } }, { at: { x: 44, y: 30 }, fleeing: true }]) {
      const bsb = { ...presets.coreCharacter({ kind: "battleStandard", id: "bsb", side: "gb", at: over.at }), ...(over.fleeing === true ? { order: "FLEEING" } : {}) };
      const s = withScriptedDice(coreEngaged({ profile: LD6 }, {}, { characters: [bsb] }), [...A_KILLS_3, 6, 6, 3, 4]);
      const r = ok(s, { type: "combat/fight" });
      expect(ev(r.events, "combat/breakTest")).toHaveLength(1);
      expect(unit(r.state, "b").order).toBe("FLEEING");
    }
  });

  it("CORE-GNRL-1: a unit within 12\" of its General takes its Break test on his Leadership; beyond 12\" on its own", () => {
    const near = presets.coreCharacter({ kind: "general", id: "gen", side: "gb", at: { x: 44, y: 30 } });
    const r = ok(withScriptedDice(coreEngaged({ profile: LD6 }, {}, { characters: [near] }), [...A_KILLS_3, 2, 3]), { type: "combat/fight" });
    // General's Ld 9 − margin 4 = 5: a roll of 5 holds.
    expect(ev(r.events, "combat/breakTest")[0]).toMatchObject({ leadership: 9, target: 5, total: 5, passed: true, leadersNear: ["gen"] });
    const far = { ...near, position: { x: 70, y: 46 } };
    const r2 = ok(withScriptedDice(coreEngaged({ profile: LD6 }, {}, { characters: [far] }), [...A_KILLS_3, 2, 3, 3, 4]), { type: "combat/fight" });
    expect(ev(r2.events, "combat/breakTest")[0]).toMatchObject({ leadership: 6, target: 2, passed: false, leadersNear: [] });
  });

  it("CORE-GNRL-1: a fleeing General lends no Leadership; WHN's +1 for a nearby leader does not apply under CORE (WHN-LEAD-1)", () => {
    const hero = presets.coreCharacter({ kind: "hero", id: "hero", side: "gb", at: { x: 44, y: 30 } });
    const fleeing = { ...presets.coreCharacter({ kind: "general", id: "gen", side: "gb", at: { x: 40, y: 30 } }), order: "FLEEING" };
    const r = ok(withScriptedDice(coreEngaged({ profile: LD6 }, {}, { characters: [hero, fleeing] }), [...A_KILLS_3, 1, 1]), { type: "combat/fight" });
    expect(ev(r.events, "combat/breakTest")[0]).toMatchObject({ leadership: 6, target: 2 });
  });
});

describe("CORE panic", () => {
  const face = (): BattleState => coreBattle([foot("a", "fr", { position: { x: 36, y: 20 }, profile: LD6 }), foot("b", "gb", { position: { x: 36, y: 34 }, facing: 270 })]);

  it("CORE-PANIC-1: under the core rules a GOOD unit that fails a Panic test flees at once, with no disorder step", () => {
    const r = run(face(), [4, 3, 3, 3], (st, ctx) => panicTest(st, "a" as never, ctx, { rule: "CORE-PANIC-5" }).state);
    expect(ev(r.events, "morale/panicTest")[0]).toMatchObject({ test: "CORE-PANIC-1", total: 7, target: 6, passed: false });
    expect(ev(r.events, "unit/disordered")).toEqual([]);
    expect(ev(r.events, "unit/fled")[0]).toMatchObject({ unit: "a", rule: "CORE-PANIC-1", from: "b", roll: 6 });
    expect(unit(r.state, "a").order).toBe("FLEEING");
  });

  it("CORE-PANIC-1: the exact odds of a Panic test put every failure into flight (none into disorder)", () => {
    const s = face();
    const o = panicOdds(s, unit(s, "a"));
    expect(o.disordered).toBe(0);
    expect(o.fled).toBeCloseTo(1 - 15 / 36, 12);
    expect(o.order.FLEEING).toBeCloseTo(1 - 15 / 36, 12);
  });

  it("CORE-PANIC-8: shooting casualties trigger a Panic test at 25% of the models, whatever the unit's quality (WHN-PANIC-2 is by quality)", () => {
    const archers = presets.coreUnit({ kind: "archers", id: "arc", side: "fr", at: { x: 36, y: 10 } });
    const target = foot("b", "gb", { figures: 10, files: 5, quality: "RAW", position: { x: 36, y: 20 }, facing: 270 });
    const s0 = coreBattle([archers, target]);
    const s = { ...s0, turn: { ...s0.turn, phase: "shooting", step: null } } as BattleState;
    // 8 bows (front rank, CORE-SHOOT-2) at 4+: 2 hits, 2 wounds, no saves: 2 of 10 < 25 %.
    const r = ok(withScriptedDice(s, [4, 4, 1, 1, 1, 1, 1, 1, 4, 4]), { type: "shooting/fire", shooter: "arc", target: "b" });
    expect(unit(r.state, "b").figures).toBe(8);
    expect(ev(r.events, "morale/panicTest")).toEqual([]);
    // A third casualty reaches 25 % (3 of 10): test, fail, flee (CORE-PANIC-1).
    const r3 = ok(withScriptedDice(s, [4, 4, 4, 1, 1, 1, 1, 1, 4, 4, 4, 6, 6, 3, 3]), { type: "shooting/fire", shooter: "arc", target: "b" });
    expect(ev(r3.events, "shooting/panicThreshold")[0]).toMatchObject({ rule: "CORE-PANIC-8", casualties: 3 });
    expect(unit(r3.state, "b").order).toBe("FLEEING");
  });
});

describe("CORE shooting and rallying", () => {
  it("CORE-SHOOT-4: the core modifiers: long range −1, skirmishers −1 (open or extended), no WHN mounted, initial volley or veteran-lights modifiers", () => {
    const base = { bs: 3, bsPenalty: false, band: "long", cover: "none", moved: false, standAndShoot: false, targetFormation: "EXTENDED_ORDER", veteranLights: true, mounted: true, initialVolley: true, loneCharacter: false } as const;
    const core = toHitScore({ ...base, core: true });
    expect(core.need).toBe(6);
    expect(core.modifiers.map((m) => [m.key, m.rule])).toEqual([["longRange", "CORE-SHOOT-4"], ["targetSkirmishing", "CORE-SHOOT-4"]]);
    expect(toHitScore(base).need).not.toBe(6);
    expect(toHitScore({ ...base, core: true, band: "close", cover: "hard", moved: true, targetFormation: "BLOCK" }).need).toBe(7);
  });

  it("CORE-SHOOT-2: a block shoots with its front rank only (8 of 16 archers roll)", () => {
    const archers = presets.coreUnit({ kind: "archers", id: "arc", side: "fr", at: { x: 36, y: 10 } });
    const s0 = coreBattle([archers, foot("b", "gb", { position: { x: 36, y: 30 }, facing: 270 })]);
    const s = { ...s0, turn: { ...s0.turn, phase: "shooting", step: null } } as BattleState;
    const r = ok(withScriptedDice(s, [1, 1, 1, 1, 1, 1, 1, 1]), { type: "shooting/fire", shooter: "arc", target: "b" });
    expect(ev(r.events, "shooting/hits")[0]).toMatchObject({ hits: 0 });
    expect(JSON.stringify(ev(r.events, "shooting/hits")[0])).toContain("8");
  });

  it("CORE-RALLY-4: a unit that rallied this turn may not shoot under the core rules (WHN-RALLY-3 lets it shoot at BS −1)", () => {
    const archers = presets.coreUnit({ kind: "archers", id: "arc", side: "fr", at: { x: 36, y: 10 } });
    const s0 = coreBattle([archers, foot("b", "gb", { position: { x: 36, y: 30 }, facing: 270 })]);
    const s = { ...s0, turn: { ...s0.turn, phase: "shooting", step: null }, units: { ...s0.units, arc: { ...unit(s0, "arc"), flags: { ...unit(s0, "arc").flags, rallied: true, ralliedFromFleeing: true } } } } as BattleState;
    const r = apply(s, { type: "shooting/fire", shooter: "arc", target: "b" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation).toMatchObject({ code: "shooting/rallied", rule: "CORE-RALLY-4" });
  });

  it("CORE-RALLY-1: a fleeing unit rallies on a passed test and may re-form as a block (CORE-RALLY-4), not in a WHN formation", () => {
    const s0 = coreBattle([foot("a", "fr", { position: { x: 36, y: 10 }, order: "FLEEING" }), foot("b", "gb", { position: { x: 36, y: 40 }, facing: 270 })]);
    const s = { ...s0, turn: { ...s0.turn, phase: "movement", step: "rally" } } as BattleState;
    const refused = apply(s, { type: "morale/rally", unit: "a", reform: { formation: "LINE", files: 10 } });
    expect(refused.ok).toBe(false);
    const r = ok(withScriptedDice(s, [3, 3]), { type: "morale/rally", unit: "a", reform: { formation: "BLOCK", files: 4 } });
    expect(ev(r.events, "morale/rallyTest")[0]).toMatchObject({ rule: "CORE-RALLY-1", passed: true });
    expect(unit(r.state, "a")).toMatchObject({ order: "GOOD", formation: "BLOCK", files: 4 });
  });
});

describe("CORE movement", () => {
  const remaining = (): BattleState => {
    const s0 = coreBattle([foot("a", "fr", { position: { x: 36, y: 10 } }), presets.coreUnit({ kind: "slingers", id: "sl", side: "fr", at: { x: 10, y: 10 } }), foot("b", "gb", { position: { x: 36, y: 40 }, facing: 270 })]);
    return { ...s0, turn: { ...s0.turn, phase: "movement", step: "remaining" } } as BattleState;
  };

  it("CORE-MOVE-1: a reform (new files and facing about the unit) is the unit's whole move; no move after it", () => {
    const s = remaining();
    const r = ok(s, { type: "movement/changeFormation", unit: "a", formation: "BLOCK", files: 10 });
    expect(ev(r.events, "unit/formationChanged")[0]).toMatchObject({ rule: "CORE-MOVE-1", from: "BLOCK", to: "BLOCK", files: 10 });
    expect(unit(r.state, "a").flags.moveUsed).toBe(1);
    expect(apply(r.state, { type: "movement/move", unit: "a", path: [{ kind: "forward", distance: 1 }] }).ok).toBe(false);
  });

  it("CORE-MOVE-1: a unit that has moved may not reform; WHN formations (square, line, column) do not exist under CORE", () => {
    const s = remaining();
    const moved = ok(s, { type: "movement/move", unit: "a", path: [{ kind: "forward", distance: 1 }] }).state;
    const late = apply(moved, { type: "movement/changeFormation", unit: "a", formation: "BLOCK", files: 10 });
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.violation).toMatchObject({ code: "movement/reform_after_moving", rule: "CORE-MOVE-1" });
    for (const formation of ["SQUARE", "LINE", "ATTACK_COLUMN"]) {
      const r = apply(s, { type: "movement/changeFormation", unit: "a", formation, files: 5 });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.violation).toMatchObject({ code: "movement/formation_not_allowed", rule: "CORE-MOVE-1" });
    }
  });

  it("CORE-PANIC-9: light troops may skirmish in open order under CORE; heavy troops may not", () => {
    const s = remaining();
    expect(ok(s, { type: "movement/changeFormation", unit: "sl", formation: "OPEN_ORDER", files: 5 }).state.units["sl" as never]?.formation).toBe("OPEN_ORDER");
    expect(apply(s, { type: "movement/changeFormation", unit: "a", formation: "OPEN_ORDER", files: 10 }).ok).toBe(false);
  });

  it("CORE-CHRG-2: a charged CORE unit may hold, flee or stand and shoot, never form square (WHN-CHRG-1)", async () => {
    const { allowedResponses } = await import("../../src/rules/whn/movement/respond.js");
    const s = coreBattle([foot("a", "fr", { position: { x: 36, y: 20 } }), foot("b", "gb", { position: { x: 36, y: 28 }, facing: 270 })]);
    expect(allowedResponses(s, unit(s, "b"), [])).toEqual(["hold", "flee"]);
  });
});
