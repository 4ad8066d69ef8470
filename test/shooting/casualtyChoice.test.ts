import { describe, expect, it } from "vitest";
import { applyUnknown as apply, legalActions, DECISION_KINDS, type BattleState } from "../../src/index.js";
import { greedyBot, randomBot, searchBot } from "../../src/bots/index.js";
import { duel, play, unit, event, deepFreeze } from "../fixtures/shooting.js";
import { battle, gun, line } from "../fixtures/artillery.js";
import { battleOf, fr, gb, must, toStep } from "../fixtures/movement.js";
import { shootingBattle, shooterSetup, battalion, SKIRMISHERS } from "../fixtures/shooting.js";

const fire = { type: "shooting/fire", shooter: "fr-1", target: "gb-1" };
const ASK = { options: { core: { ownerChoices: "ask" as const } } };
/** 6 shots need 6 (extended order −2): 3 hit; S3 v T3 4+: 2 wound; no save. Then the Panic test's 2D6 (1+1 passes). */
const TWO_DOWN = [6, 6, 6, 1, 1, 1, 6, 6, 1];
const PANIC = [1, 1];

const skirmishScreen = (over: object = {}): BattleState => duel(8, { initialVolleyUsed: true }, SKIRMISHERS as never, over);
const positions = (s: BattleState) => unit(s, "gb-1").models!.map((m) => ({ x: m.x, y: m.y }));

describe("the owner's choice of casualties (WHN-FORM-8, core.ownerChoices)", () => {
  it("WHN-FORM-8: by default an extended-order unit loses the models farthest from the shooter at once (no decision)", () => {
    const s = skirmishScreen();
    const before = positions(s);
    const r = play(s, fire, [...TWO_DOWN, ...PANIC]);
    expect(r.state.pending).toEqual([]);
    expect(unit(r.state, "gb-1").figures).toBe(8);
    const far = before.map((p, i) => ({ i, d: Math.hypot(p.x - 36, p.y - 10) })).sort((a, b) => b.d - a.d || b.i - a.i).slice(0, 2).map((x) => x.i);
    expect(positions(r.state)).toEqual(before.filter((_, i) => !far.includes(i)));
    expect(event(r.events, "morale/panicTest")).toMatchObject({ unit: "gb-1", passed: true });
  });

  it("WHN-FORM-8: with \"ask\" the fire stops once the losses are known; the owner is asked and no model goes, no Panic test yet", () => {
    const s = deepFreeze(skirmishScreen(ASK));
    const r = play(s, fire, [...TWO_DOWN, ...PANIC]);
    expect(r.state.pending).toEqual([{ kind: "casualtyChoice", side: "gb", unit: "gb-1", targets: ["fr-1"], rule: "WHN-FORM-8", casualties: 2, from: { x: 36, y: 10 }, panic: ["gb-1"] }]);
    expect(unit(r.state, "gb-1").figures).toBe(10);
    expect(r.events.some((e) => e.type === "unit/casualties" || e.type === "morale/panicTest")).toBe(false);
    expect(apply(r.state, { type: "turn/advance" }).ok).toBe(false);
  });

  it("WHN-FORM-8: legalActions lists the default (farthest) first, then the nearest, every answer of exactly 2 distinct models", () => {
    const r = play(skirmishScreen(ASK), fire, [...TWO_DOWN, ...PANIC]);
    const listed = legalActions(r.state);
    const auto = play(skirmishScreen(), fire, [...TWO_DOWN, ...PANIC]);
    const kept = positions(auto.state).map((p) => JSON.stringify(p));
    const farthest = positions(r.state).flatMap((p, i) => (kept.includes(JSON.stringify(p)) ? [] : [i]));
    expect(listed[0]).toEqual({ type: "casualties/choose", unit: "gb-1", models: farthest });
    for (const a of listed) {
      expect(a).toMatchObject({ type: "casualties/choose", unit: "gb-1" });
      const m = (a as { models: number[] }).models;
      expect(new Set(m).size).toBe(2);
    }
    expect(listed.length).toBeGreaterThan(2);
  });

  it("WHN-FORM-8 / WHN-PANIC-2: the answer removes the models picked, then the fire ends as by default (the Panic test)", () => {
    const r1 = play(skirmishScreen(ASK), fire, [...TWO_DOWN, ...PANIC]);
    const before = positions(r1.state);
    const r2 = apply(r1.state, { type: "casualties/choose", unit: "gb-1", models: [0, 1] });
    if (!r2.ok) throw new Error(JSON.stringify(r2.violation));
    expect(positions(r2.state)).toEqual(before.slice(2));
    expect(unit(r2.state, "gb-1").figures).toBe(8);
    expect(r2.events.find((e) => e.type === "unit/casualties")).toMatchObject({ unit: "gb-1", removed: 2, figures: 8, chosen: [0, 1], rule: "WHN-FORM-8" });
    expect(r2.events.find((e) => e.type === "morale/panicTest")).toMatchObject({ unit: "gb-1", dice: [1, 1], passed: true });
    expect(r2.state.pending).toEqual([]);
  });

  it("WHN-FORM-8: answering with the default gives the very state the default removal gives", () => {
    const asked = play(skirmishScreen(ASK), fire, [...TWO_DOWN, ...PANIC]);
    const first = legalActions(asked.state)[0]!;
    const r = apply(asked.state, first);
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    const auto = play(skirmishScreen(), fire, [...TWO_DOWN, ...PANIC]);
    expect(r.state.units).toEqual(auto.state.units);
    expect(r.state.dice).toEqual(auto.state.dice);
    expect([...asked.events, ...r.events].map((e) => e.type)).toEqual(auto.events.map((e) => e.type));
  });

  it("WHN-FORM-8: a choice of the wrong number of models, a model twice, one it does not have, or none due is refused and nothing changes", () => {
    const r1 = deepFreeze(play(skirmishScreen(ASK), fire, [...TWO_DOWN, ...PANIC]).state);
    for (const models of [[0], [0, 0], [0, 10], [0, 1, 2]]) {
      const r = apply(r1, { type: "casualties/choose", unit: "gb-1", models });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.violation).toMatchObject({ code: "casualties/choice_not_allowed", rule: "WHN-FORM-8", asked: 2, of: 10 });
    }
    const none = apply(skirmishScreen(ASK), { type: "casualties/choose", unit: "gb-1", models: [0, 1] });
    expect(!none.ok && none.violation.code).toBe("action/not_your_turn");
  });

  it("WHN-FORM-8: a formed unit (losses by its formation's rule) is never asked", () => {
    const formed = play(duel(8, { initialVolleyUsed: true }, {}, ASK), fire, [6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(formed.state.pending).toEqual([]);
  });

  it("WHN-FORM-8 / WHN-ART-11: canister that kills some skirmishers pauses the gun's fire the same way", () => {
    const models = Array.from({ length: 10 }, (_, i) => ({ x: 36 + ((i % 5) - 2) * 1.6, y: 14.35 + Math.floor(i / 5) * 1.6, facing: 270 }));
    const s = battle([gun("fr-art", "fr"), line("gb-1", 14, { ...SKIRMISHERS, position: { x: 36, y: 14 }, models } as never)], { phase: "shooting" }, ASK);
    // 6 shots need 6 (extended order −2): 2 hit; S4 v T3 3+: 2 wound; no save. Then the Panic test.
    const r1 = play(s, { type: "artillery/fire", unit: "fr-art", target: "gb-1", ammunition: "canister" }, [6, 6, 1, 1, 1, 1, 3, 3, ...PANIC]);
    expect(r1.state.pending).toMatchObject([{ kind: "casualtyChoice", unit: "gb-1", targets: ["fr-art"], casualties: 2, panic: ["gb-1"] }]);
    expect(r1.events.some((e) => e.type === "morale/panicTest")).toBe(false);
    const r2 = apply(r1.state, { type: "casualties/choose", unit: "gb-1", models: [3, 4] });
    if (!r2.ok) throw new Error(JSON.stringify(r2.violation));
    expect(unit(r2.state, "gb-1").figures).toBe(8);
    expect(r2.events.find((e) => e.type === "morale/panicTest")).toMatchObject({ unit: "gb-1", passed: true });
  });

  it("WHN-FORM-8: the bots answer a casualty decision with a listed answer", () => {
    const s = play(skirmishScreen(ASK), fire, [...TWO_DOWN, ...PANIC]).state;
    const listed = legalActions(s).map((a) => JSON.stringify(a));
    for (const bot of [randomBot, greedyBot(), searchBot()]) expect(listed).toContain(JSON.stringify(bot(s, 1, 8)));
  });

  it("WHN-FORM-8 / HR-VOLLEY-9: a volley that kills some skirmishers pauses for the owner's choice; the Panic test follows the answer", () => {
    const BOWS = { equipment: { missile: "bow" as const, melee: "handWeapon" as const } };
    const cluster = { ...SKIRMISHERS, figures: 10, files: 5, position: { x: 36, y: 26 }, models: Array.from({ length: 10 }, (_, i) => ({ x: 36 + ((i % 5) - 2) * 0.8, y: 26.4 + Math.floor(i / 5) * 0.8, facing: 270 })) };
    const field = (over: object) => shootingBattle([shooterSetup({ ...BOWS, figures: 20, files: 10 }), battalion("gb-1", "gb", { command: {}, ...cluster } as never)], { options: { hr: { volley: true }, ...over } } as never);
    const volley = { type: "shooting/volley", shooter: "fr-1", aim: { unit: "gb-1" } };
    // Placement 6 then its follow-up 6 (need 7); 10 rolls: two 6s with follow-ups 6 hit, 8 miss; 2 wounds (6, 6), no save; Panic 1 + 1.
    const dice = [6, 6, 6, 6, 6, 6, ...Array<number>(8).fill(1), 6, 6, ...PANIC];
    const auto = play(field({}), volley, dice);
    const r1 = play(deepFreeze(field({ core: { ownerChoices: "ask" } })), volley, dice);
    expect(event(r1.events, "shooting/wounds")).toMatchObject({ unit: "gb-1", wounds: 2 });
    expect(r1.state.pending).toEqual([{ kind: "casualtyChoice", side: "gb", unit: "gb-1", targets: ["fr-1"], rule: "WHN-FORM-8", casualties: 2, from: { x: 36, y: 10 }, panic: ["gb-1"] }]);
    expect(r1.events.some((e) => e.type === "unit/casualties" || e.type === "morale/panicTest")).toBe(false);
    expect(unit(r1.state, "gb-1").figures).toBe(10);
    const r2 = apply(r1.state, { type: "casualties/choose", unit: "gb-1", models: [0, 9] });
    if (!r2.ok) throw new Error(JSON.stringify(r2.violation));
    expect(unit(r2.state, "gb-1").models).toEqual(unit(r1.state, "gb-1").models!.slice(1, 9));
    expect(event(r2.events, "unit/casualties")).toMatchObject({ unit: "gb-1", removed: 2, chosen: [0, 9] });
    expect(event(r2.events, "morale/panicTest")).toMatchObject({ unit: "gb-1", dice: [1, 1], passed: true });
    // The listed default answer gives what "auto" gives.
    const d = apply(r1.state, legalActions(r1.state)[0]!);
    if (!d.ok) throw new Error(JSON.stringify(d.violation));
    expect(d.state.units).toEqual(auto.state.units);
    expect(d.state.dice).toEqual(auto.state.dice);
  });

  it("WHN-FORM-8 / CORE-CHRG-3: stand and shoot at charging skirmishers pauses for the charger's owner before its Panic test (CORE-PANIC-8); the charge goes on after", () => {
    const charging = { formation: "EXTENDED_ORDER", light: true, extendedOrderAllowed: true, figures: 6, files: 6, command: {}, models: Array.from({ length: 6 }, (_, i) => ({ x: 36 + (i - 2.5) * 1.6, y: 19.4, facing: 270 })) } as never;
    const responding = (options: object): BattleState => {
      let s = toStep(battleOf([fr("fr-1", 36, 12, { formation: "LINE", files: 4, figures: 8, command: {} }), gb("gb-s", 36, 19, charging)], { firstSide: "gb", options } as never), "declareCharges");
      s = must(s, { type: "movement/declareCharge", unit: "gb-s", target: "fr-1" });
      return must(s, { type: "turn/advance" });
    };
    const respond = { type: "movement/respond", unit: "fr-1", response: "standAndShoot" };
    // 6 muskets need 5: two 6s hit; 2 wounds (6, 6), no save; the charger's Panic test 1 + 1.
    const dice = [6, 6, 1, 1, 1, 1, 6, 6, ...PANIC];
    const auto = play(responding({}), respond, dice);
    expect(event(auto.events, "unit/casualties")).toMatchObject({ unit: "gb-s", removed: 2 });
    const r1 = play(deepFreeze(responding(ASK.options)), respond, dice);
    expect(r1.state.turn.step).toBe("chargeResponses");
    expect(r1.state.pending).toMatchObject([{ kind: "casualtyChoice", side: "gb", unit: "gb-s", targets: ["fr-1"], casualties: 2, panic: ["gb-s"] }]);
    expect(r1.events.some((e) => e.type === "unit/casualties" || e.type === "morale/panicTest")).toBe(false);
    expect(apply(r1.state, { type: "turn/advance" }).ok).toBe(false);
    const listed = legalActions(r1.state);
    expect(listed.every((a) => a.type === "casualties/choose")).toBe(true);
    const r2 = apply(r1.state, { type: "casualties/choose", unit: "gb-s", models: [2, 3] });
    if (!r2.ok) throw new Error(JSON.stringify(r2.violation));
    expect(unit(r2.state, "gb-s").models!.map((m) => m.x)).toEqual([32, 33.6, 38.4, 40].map((x) => expect.closeTo(x, 9)));
    expect(event(r2.events, "morale/panicTest")).toMatchObject({ unit: "gb-s", passed: true });
    expect(r2.state.pending).toEqual([]);
    const d = apply(r1.state, listed[0]!);
    if (!d.ok) throw new Error(JSON.stringify(d.violation));
    expect(d.state.units).toEqual(auto.state.units);
    expect(d.state.dice).toEqual(auto.state.dice);
    // The charge move follows as usual once the responses are done.
    expect(apply(r2.state, { type: "turn/advance" }).ok).toBe(true);
  });

  it("casualtyChoice is a decision kind", () => {
    expect(DECISION_KINDS).toContain("casualtyChoice");
  });
});
