import { describe, expect, it } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { fightBatch, resumeAfterCasualties, tidyCombats } from "../../src/rules/whn/combat/aftermath.js";
import { recorder } from "../../src/rules/whn/combat/recorder.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { engaged, foot } from "../fixtures/combat.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const ev = (type: string, rule: string, d: Record<string, unknown> = {}) => ({ ...d, type, rule, seq: 0, gameTurn: 0 });
const CAV = { troopType: "cavalry" as const, base: { w: 25 / 25.4, d: 50 / 25.4 }, formation: "CAV_LINE" as const, files: 5, figures: 10, profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 } };
/** a strikes first (fr won last round): 1 hit of 5, it wounds; b's 4 remaining fighters miss. */
const A_WINS_BY_1 = [6, 1, 1, 1, 1, 6, 1, 1, 1, 1];
const score = (side: string, wounds: number, ranks: number) => ({ side, wounds, ranks, flank: 0, rear: 0, highGround: 0, standard: 0, outnumber: 0, squareness: 0, total: wounds + ranks, musician: false });

function batch(s: BattleState, dice: number[], ids: string[] = ["c1", "zz"]) {
  const m = makeContext(s, roller(scriptedDice(dice)));
  const out = fightBatch(s, recorder(m.ctx), ids as never);
  return { out, events: m.sink.drafts };
}
const won = (a: object = {}, b: object = {}) => engaged(a, b, { combat: { lastWinner: "fr" as never } });

describe("fightBatch: Break tests and what follows (CORE-BREAK-1, WHN-BREAK-1/2/4/5/6, CORE-PURS-1)", () => {
  it("WHN-BREAK-1/2/6: the loser passes and falls back DISORDERED; the winning foot holds; the combat ends", () => {
    const { out, events } = batch(won(), [...A_WINS_BY_1, 1, 1]);
    expect(events).toEqual([
      ev("combat/strike", "CORE-CC-4", { combat: "c1", side: "fr", tier: 2, charged: false, initiative: 3, strikers: ["a>b"], attacks: 5, hits: 1, wounds: 1, unsaved: 1 }),
      ev("combat/strike", "CORE-CC-4", { combat: "c1", side: "gb", tier: 2, charged: false, initiative: 3, strikers: ["b>a"], attacks: 4, hits: 0, wounds: 0, unsaved: 0 }),
      ev("combat/casualties", "CORE-CC-6", { unit: "b", wounds: 1, removed: 1, figures: 19, commandLost: [] }),
      ev("combat/roundFought", "CORE-CR-1", { combat: "c1", winner: "fr", margin: 1, settledBy: "totals", scores: [score("fr", 1, 3), score("gb", 0, 3)], squareness: [0, 0] }),
      ev("combat/breakTest", "CORE-BREAK-1", { unit: "b", margin: 1, dice: [1, 1], total: 2, leadership: 6, target: 5, passed: true, leadersNear: [] }),
      ev("unit/disordered", "WHN-BREAK-1", { unit: "b", cause: "fallBack" }),
      ev("combat/fallBackDue", "WHN-BREAK-2", { unit: "b", from: "a", combat: "c1" }),
      ev("combat/holds", "WHN-BREAK-6", { unit: "a", combat: "c1" }),
      ev("combat/fellBack", "WHN-BREAK-2", { unit: "b", from: "a", to: { x: 36, y: 28 } }),
      ev("combat/ended", "CORE-CC-1", { combat: "c1" }),
      ev("combat/aftermathDone", "CORE-REDR-1"),
    ]);
    expect(out.combats).toEqual({});
    expect(out.pending).toEqual([]);
    expect(unit(out, "b")).toMatchObject({ order: "DISORDERED", position: { x: 36, y: 28 }, figures: 19 });
  });

  it("CORE-BREAK-1 / CORE-PURS-1: a loser that fails breaks and flees; the winner is asked whether to pursue", () => {
    const { out, events } = batch(won(), [...A_WINS_BY_1, 6, 6, 3, 4]);
    expect(events.map((e) => e.type)).toEqual(["combat/strike", "combat/strike", "combat/casualties", "combat/roundFought", "combat/breakTest", "combat/broke", "unit/fled"]);
    expect(events[5]).toEqual(ev("combat/broke", "CORE-BREAK-1", { unit: "b", from: "a" }));
    expect(events[6]).toMatchObject({ unit: "b", from: "a", dice: [3, 4], cause: "CORE-BREAK-1" });
    expect(out.pending).toEqual([{ kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "CORE-PURS-1" }]);
    // The combat waits for the decision.
    expect(out.combats["c1" as never]).toEqual({ id: "c1", units: ["a", "b"], chargers: [], lastWinner: "fr", rounds: 2, squareness: {} });
    expect(unit(out, "b").order).toBe("FLEEING");
  });

  it("WHN-BREAK-5: a winning square whose enemy broke never pursues", () => {
    // a (square, 4 files a face) kills 3 with its first three blows; b's 2 left in contact miss; b fails and flees.
    const { out, events } = batch(won({ formation: "SQUARE", files: 4, figures: 16 }), [6, 6, 6, 1, 1, 6, 6, 6, 1, 1, 6, 6, 3, 4]);
    expect(events.filter((e) => e.type === "combat/noPursuit")).toEqual([ev("combat/noPursuit", "WHN-BREAK-5", { unit: "a" })]);
    expect(out.pending).toEqual([]);
    expect(events.at(-1)).toEqual(ev("combat/aftermathDone", "CORE-REDR-1"));
  });

  it("WHN-BREAK-4: winning cavalry whose enemy fell back falls back too, M directly away", () => {
    const { out, events } = batch(won(CAV, { figures: 5 }), [...A_WINS_BY_1, 1, 1]);
    expect(events.filter((e) => ["combat/cavalryFallBackDue", "combat/fellBack", "combat/holds"].includes(e.type))).toEqual([
      ev("combat/cavalryFallBackDue", "WHN-BREAK-4", { unit: "a", from: "b", combat: "c1" }),
      ev("combat/fellBack", "WHN-BREAK-2", { unit: "b", from: "a", to: { x: 36, y: 28 } }),
      ev("combat/fellBack", "WHN-BREAK-4", { unit: "a", from: "b", to: { x: 36, y: 16 } }),
    ]);
    expect(unit(out, "a").position).toEqual({ x: 36, y: 16 });
  });

  it("WHN-BREAK-6: a drawn round tests nobody; the combat goes on", () => {
    const { out, events } = batch(won(), [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(events.slice(2)).toEqual([
      ev("combat/roundFought", "CORE-CR-1", { combat: "c1", winner: null, margin: 0, settledBy: "draw", scores: [score("fr", 0, 3), score("gb", 0, 3)], squareness: [0, 0] }),
      ev("combat/drawn", "WHN-BREAK-6", { combat: "c1" }),
      ev("combat/aftermathDone", "CORE-REDR-1"),
    ]);
    expect(out.combats["c1" as never]).toEqual({ id: "c1", units: ["a", "b"], chargers: [], lastWinner: null, rounds: 2, squareness: {} });
  });

  it("CORE-CC-1: a combat id not in the state is skipped", () => {
    const s = won();
    const { out, events } = batch(s, [], ["zz"]);
    expect(events).toEqual([ev("combat/aftermathDone", "CORE-REDR-1")]);
    expect(out.combats).toEqual(s.combats);
  });
});

describe("tidyCombats (CORE-CC-1)", () => {
  const run = (s: BattleState, left: string[] = []) => {
    const m = makeContext(s, roller(scriptedDice([])));
    const out = tidyCombats(s, recorder(m.ctx), new Set(left));
    return { out, events: m.sink.drafts };
  };
  const withUnits = (s: BattleState, over: Record<string, object>) => ({ ...s, units: Object.fromEntries(Object.entries(s.units).map(([k, u]) => [k, { ...u, ...(over[k] ?? {}) }])) }) as BattleState;
  const three = () => engaged({}, {}, { combat: { units: ["a", "b"] as never, chargers: ["a", "b"] as never } });

  it("CORE-CC-1: a combat with both sides still fighting is left as it is (the same state)", () => {
    const s = engaged();
    expect(run(s)).toEqual({ out: s, events: [] });
    expect(run(s).out).toBe(s);
  });

  it("CORE-CC-1: a combat with one side left fighting ends: fleeing, removed or moved-out units do not count", () => {
    for (const s of [withUnits(engaged(), { b: { order: "FLEEING" } }), withUnits(engaged(), { b: { removed: { reason: "destroyed", gameTurn: 1 } } })]) {
      const { out, events } = run(s);
      expect(events).toEqual([ev("combat/ended", "CORE-CC-1", { combat: "c1" })]);
      expect(out.combats).toEqual({});
    }
    const left = run(engaged(), ["b"]);
    expect(left.events).toEqual([ev("combat/ended", "CORE-CC-1", { combat: "c1" })]);
  });

  it("CORE-CC-1: a combat not yet fought keeps a unit that moved; an unknown unit id does not count", () => {
    const fresh = engaged({}, {}, { combat: { rounds: 0 } });
    expect(run(fresh, ["b"]).out).toBe(fresh);
    const ghost = engaged({}, {}, { combat: { units: ["a", "zz"] as never } });
    expect(run(ghost).events).toEqual([ev("combat/ended", "CORE-CC-1", { combat: "c1" })]);
  });

  it("CORE-CC-1: a combat losing one of its units but keeping both sides drops it from units and chargers", () => {
    const base = three();
    const s = { ...base, units: { ...base.units, c: { ...unit(base, "a"), id: "c", position: { x: 10, y: 10 }, order: "FLEEING" } }, combats: { c1: { ...base.combats["c1" as never]!, units: ["a", "b", "c"], chargers: ["a", "c"] } } } as unknown as BattleState;
    const { out, events } = run(s);
    expect(events).toEqual([]);
    expect(out.combats["c1" as never]).toEqual({ ...s.combats["c1" as never]!, units: ["a", "b"], chargers: ["a"] });
  });
});

describe("resumeAfterCasualties (WHN-FORM-8, CORE-TURN-2)", () => {
  const kept = () => {
    const s = engaged({}, {}, { combat: { rounds: 2, lastWinner: "fr" as never } });
    const round = { winner: "fr", margin: 1, units: ["a", "b"], contacts: [{ unit: "a", enemy: "b", models: 5 }, { unit: "b", enemy: "a", models: 5 }] };
    return { ...s, combats: { c1: { ...s.combats["c1" as never]!, round } } } as unknown as BattleState;
  };
  const resume = (s: BattleState, dice: number[], ids: string[]) => {
    const m = makeContext(s, roller(scriptedDice(dice)));
    const out = resumeAfterCasualties(s, recorder(m.ctx), ids as never);
    return { out, events: m.sink.drafts };
  };

  it("CORE-BREAK-1: the kept round summary drives the Break tests once the choices are made, and is taken off the combat", () => {
    const { out, events } = resume(kept(), [6, 6, 3, 4], ["c1"]);
    expect(events.slice(0, 2)).toEqual([
      ev("combat/breakTest", "CORE-BREAK-1", { unit: "b", margin: 1, dice: [6, 6], total: 12, leadership: 6, target: 5, passed: false, leadersNear: [] }),
      ev("combat/broke", "CORE-BREAK-1", { unit: "b", from: "a" }),
    ]);
    expect(out.combats["c1" as never]).toEqual({ id: "c1", units: ["a", "b"], chargers: [], lastWinner: "fr", rounds: 2, squareness: {} });
    expect(out.pending).toEqual([{ kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "CORE-PURS-1" }]);
  });

  it("CORE-TURN-2: a combat of the batch without a kept summary, or not in the state, is skipped", () => {
    const s = engaged();
    const { out, events } = resume(s, [], ["c1", "zz"]);
    expect(events).toEqual([ev("combat/aftermathDone", "CORE-REDR-1")]);
    expect(out.combats).toEqual(s.combats);
  });
});

describe("a blocked fall back (WHN-BREAK-1, AMB-29)", () => {
  it("AMB-29: a loser that cannot fall back clear flees, and its winner is asked whether to pursue it", () => {
    const W = 20 / 25.4;
    const s = engaged({}, {}, { combat: { lastWinner: "fr" as never }, units: [foot("f", "gb", { position: { x: 36, y: 24 + 4 * W }, facing: 270 })] });
    // a wins by 1; b passes its Break test (1, 1) but f stands right behind it; f passes Panic (1, 1); b flees 3 + 4.
    const { out, events } = batch(s, [...A_WINS_BY_1, 1, 1, 1, 1, 3, 4]);
    expect(events.map((e) => e.type)).toEqual([
      "combat/strike",
      "combat/strike",
      "combat/casualties",
      "combat/roundFought",
      "combat/breakTest",
      "unit/disordered",
      "combat/fallBackDue",
      "combat/holds",
      "combat/fallBackBlocked",
      "morale/panicTest",
      "unit/fled",
    ]);
    expect(out.pending).toEqual([{ kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "WHN-BREAK-1" }]);
    expect(unit(out, "b").order).toBe("FLEEING");
  });
});
