/**
 * casualtyChoice.ts as a whole: when the owner is asked (each condition from both sides), the
 * decision and the pause it makes, the answers listed (default first, nearest second, then subsets
 * in index order, at most 32 more), and every refusal of an answer compared complete.
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, unitId, type BattleState } from "../../src/index.js";
import { asksCasualties, casualtyAnswers, casualtyDecision, checkChoice, pauseForCasualties, withWoundsOnly } from "../../src/rules/whn/shooting/casualtyChoice.js";
import { duel, play, SKIRMISHERS, unit } from "../fixtures/shooting.js";

const ASK = { options: { core: { ownerChoices: "ask" as const } } };
const screen = (over: object = {}): BattleState => duel(8, { initialVolleyUsed: true }, SKIRMISHERS as never, over);
const fire = { type: "shooting/fire", shooter: "fr-1", target: "gb-1" };
/** 6 shots need 6: three hits; two wound; no save: two models to pick. */
const TWO_DOWN = [6, 6, 6, 1, 1, 1, 6, 6, 1];
const paused = () => play(screen(ASK), fire, [...TWO_DOWN, 1, 1]).state;
const choose = (models: number[], u = "gb-1") => ({ type: "casualties/choose", unit: unitId(u), models });

describe("when the owner is asked (WHN-FORM-8, CORE-UNIT-2)", () => {
  it("WHN-FORM-8: only with \"ask\", only in extended order, only for some but not all of its models", () => {
    const s = screen(ASK);
    const u = unit(s, "gb-1");
    expect(asksCasualties(s, u, 1)).toBe(true);
    expect(asksCasualties(s, u, 9)).toBe(true);
    expect(asksCasualties(s, u, 0)).toBe(false);
    expect(asksCasualties(s, u, 10)).toBe(false);
    expect(asksCasualties(screen(), unit(screen(), "gb-1"), 1)).toBe(false);
    expect(asksCasualties(s, { ...u, formation: "OPEN_ORDER" }, 1)).toBe(false);
    expect(asksCasualties(s, { ...u, models: null }, 1)).toBe(false);
  });

  it("WHN-FORM-8: the decision names the owner, the unit, the cause and where the default measures from", () => {
    const u = unit(screen(), "gb-1");
    expect(casualtyDecision(u, 3, { x: 1.5, y: 2.5 }, unitId("fr-1"))).toEqual({
      kind: "casualtyChoice", side: "gb", unit: "gb-1", targets: ["fr-1"], rule: "WHN-FORM-8", casualties: 3, from: { x: 1.5, y: 2.5 },
    });
    expect(casualtyDecision(u, 2, undefined, null)).toEqual({ kind: "casualtyChoice", side: "gb", unit: "gb-1", targets: [], rule: "WHN-FORM-8", casualties: 2 });
  });

  it("WHN-FORM-8: the pause puts the decisions first, each carrying the units to test", () => {
    const s = screen();
    const d = casualtyDecision(unit(s, "gb-1"), 2, undefined, null);
    const older = { ...d, unit: unitId("gb-9") };
    const p = pauseForCasualties({ ...s, pending: [older] }, [d], [unitId("gb-1"), unitId("gb-2")]);
    expect(p.pending).toEqual([{ ...d, panic: ["gb-1", "gb-2"] }, older]);
  });

  it("WHN-FORM-8: wounds alone change the unit only when they differ", () => {
    const s = screen();
    const u = unit(s, "gb-1");
    expect(withWoundsOnly(s, u, u.woundsTaken)).toBe(s);
    expect(unit(withWoundsOnly(s, u, 1), "gb-1").woundsTaken).toBe(1);
    expect(unit(withWoundsOnly(s, u, 1), "gb-1").figures).toBe(10);
  });
});

describe("the answers listed (WHN-FORM-8)", () => {
  it("WHN-FORM-8: default first, nearest second, then 2-subsets in index order, 32 of them at most", () => {
    const s = paused();
    const d = s.pending[0]!;
    const list = casualtyAnswers(s, d);
    expect(list[0]).toEqual([5, 9]);
    expect(list[1]?.length).toBe(2);
    expect(list.slice(2, 5)).toEqual([[0, 1], [0, 2], [0, 3]]);
    const keys = list.map((x) => x.join(","));
    expect(new Set(keys).size).toBe(list.length);
    // 32 subsets ([0,1] … [4,6]) plus the default, which is not among them; the nearest is.
    expect(list.length).toBe(33);
    expect(list.at(-1)).toEqual([4, 6]);
    for (const a of list) expect(a).toEqual([...a].sort((x, y) => x - y));
  });

  it("WHN-FORM-8: no answers without a unit, models, or a count in range", () => {
    const s = paused();
    const d = s.pending[0]!;
    expect(casualtyAnswers(s, { ...d, unit: null })).toEqual([]);
    expect(casualtyAnswers(s, { ...d, unit: unitId("gb-9") })).toEqual([]);
    expect(casualtyAnswers(s, { ...d, casualties: 0 })).toEqual([]);
    expect(casualtyAnswers(s, { ...d, casualties: 11 })).toEqual([]);
    expect(casualtyAnswers(s, { ...d, casualties: 10 })).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]);
    const { casualties: _c, ...noCount } = d;
    expect(casualtyAnswers(s, noCount as typeof d)).toEqual([]);
    const lineUp = { ...s, units: { ...s.units, "gb-1": { ...unit(s, "gb-1"), models: null } } } as BattleState;
    expect(casualtyAnswers(lineUp, d)).toEqual([]);
  });
});

describe("checking an answer (WHN-FORM-8)", () => {
  it("WHN-FORM-8: an answer for another unit, or with no decision due, is refused", () => {
    const s = paused();
    expect(apply(s, choose([0, 1], "fr-1"))).toMatchObject({ ok: false });
    expect(checkChoice(s, choose([0, 1], "fr-1") as never)).toEqual({ ok: false, violation: { code: "casualties/no_choice_due", rule: "WHN-FORM-8", unit: "fr-1" } });
    expect(checkChoice(screen(), choose([0, 1]) as never)).toEqual({ ok: false, violation: { code: "casualties/no_choice_due", rule: "WHN-FORM-8", unit: "gb-1" } });
    const noModels = { ...s, units: { ...s.units, "gb-1": { ...unit(s, "gb-1"), models: null } } } as BattleState;
    expect(checkChoice(noModels, choose([0, 1]) as never)).toEqual({ ok: false, violation: { code: "casualties/no_choice_due", rule: "WHN-FORM-8", unit: "gb-1" } });
  });

  it("WHN-FORM-8: the wrong count, a model twice, or a model the unit lacks is refused with the sorted pick", () => {
    const s = paused();
    const no = (models: number[]) => ({ ok: false, violation: { code: "casualties/choice_not_allowed", rule: "WHN-FORM-8", unit: "gb-1", asked: 2, models, of: 10 } });
    expect(checkChoice(s, choose([4]) as never)).toEqual(no([4]));
    expect(checkChoice(s, choose([7, 1, 4]) as never)).toEqual(no([1, 4, 7]));
    expect(checkChoice(s, choose([3, 3]) as never)).toEqual(no([3, 3]));
    expect(checkChoice(s, choose([10, 0]) as never)).toEqual(no([0, 10]));
    const ok = checkChoice(s, choose([9, 0]) as never);
    expect(ok).toMatchObject({ picked: [0, 9], unit: { id: "gb-1" }, decision: { kind: "casualtyChoice", casualties: 2 } });
  });

  it("WHN-FORM-8: the answer removes the picked models with a whole casualties event, then the Panic test follows", () => {
    const r = apply(paused(), choose([9, 0]));
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    const cas = r.events.find((e) => e.type === "unit/casualties");
    const { seq: _s, ...rest } = cas as unknown as Record<string, unknown>;
    expect(rest).toEqual({ type: "unit/casualties", rule: "WHN-FORM-8", gameTurn: 1, unit: "gb-1", removed: 2, figures: 8, commandLost: [], chosen: [0, 9] });
    expect(r.events.map((e) => e.type)).toContain("shooting/panicThreshold");
    expect(r.state.pending).toEqual([]);
  });
});
