import { describe, expect, it } from "vitest";
import { apply, legalActions, withScriptedDice, combatId, DECISION_KINDS, type BattleState } from "../../src/index.js";
import { buildRound } from "../../src/rules/whn/combat/index.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller } from "../../src/dice/index.js";
import { finishAftermath } from "../../src/rules/whn/combat/aftermath.js";
import { emit, recorder } from "../../src/rules/whn/combat/recorder.js";
import { greedyBot, randomBot, searchBot } from "../../src/bots/index.js";
import { engaged, foot } from "../fixtures/combat.js";

const ASK = { core: { ownerChoices: "ask" } };
/** a (fr, 30 models 5 wide) has won against b (gb, 9 wide) and is still in contact. */
const won = (options: unknown = ASK): BattleState => engaged({ files: 5, figures: 30, formation: "BLOCK" }, { files: 9, figures: 18 }, { options });

/** The aftermath of a round fr won, as the phase finishes it. */
function aftermath(s: BattleState): { state: BattleState; events: readonly { type: string }[] } {
  const { ctx, sink } = makeContext(s, roller(s.dice));
  const r = recorder(ctx);
  emit(r, "combat/roundFought", "CORE-CR-1", { combat: "c1", winner: "fr", margin: 1 });
  return { state: finishAftermath(s, r), events: sink.drafts };
}

const pendingRedress = (s: BattleState): BattleState => ({ ...s, pending: [{ kind: "redress", side: "fr" as never, unit: "a" as never, targets: ["b" as never], rule: "CORE-REDR-1" as never }] });

describe("the owner's choices as decisions (core.ownerChoices)", () => {
  it("CORE-REDR-1: by default the winner redresses at once to the widest frontage it may (no decision)", () => {
    const out = aftermath(won({}));
    expect(out.state.pending).toEqual([]);
    expect(out.state.units["a" as never]!.files).toBe(9);
  });

  it("CORE-REDR-1 / CORE-REDR-2: with \"ask\" the winner still engaged is asked; nothing is re-laid until it answers", () => {
    const out = aftermath(won());
    expect(out.state.pending).toEqual([{ kind: "redress", side: "fr", unit: "a", targets: ["b"], rule: "CORE-REDR-1" }]);
    expect(out.state.units["a" as never]!.files).toBe(5);
  });

  it("CORE-REDR-1: legalActions lists every frontage, the default (widest) first and no redress last", () => {
    const s = pendingRedress(won());
    expect(legalActions(s)).toEqual([5 + 4, 8, 7, 6, 5].map((files) => ({ type: "combat/redress", unit: "a", files })));
  });

  it("CORE-REDR-2: an answer re-lays the unit that wide (its ranks shorten) and ends the decision", () => {
    const r = apply(pendingRedress(won()), { type: "combat/redress", unit: "a", files: 7 });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(r.state.units["a" as never]!.files).toBe(7);
    expect(r.state.pending).toEqual([]);
    expect(r.events.find((e) => e.type === "combat/redressed")).toMatchObject({ unit: "a", files: 7, was: 5, rule: "CORE-REDR-1" });
    const none = apply(pendingRedress(won()), { type: "combat/redress", unit: "a", files: 5 });
    expect(none.ok && none.state.units["a" as never]!.files).toBe(5);
  });

  it("CORE-REDR-1: a frontage beyond 2 files a flank, or with no decision due, is refused and nothing changes", () => {
    const s = pendingRedress(won());
    const r = apply(s, { type: "combat/redress", unit: "a", files: 11 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation).toMatchObject({ code: "combat/redress_not_allowed", rule: "CORE-REDR-1", files: 11, allowed: [9, 8, 7, 6, 5] });
    const none = apply(won(), { type: "combat/redress", unit: "a", files: 7 });
    expect(!none.ok && none.violation.code).toBe("combat/no_redress_due");
  });

  it("CORE-REDR-1: the bots answer a redress decision with a listed answer", () => {
    const s = pendingRedress(won());
    const listed = legalActions(s).map((a) => JSON.stringify(a));
    for (const bot of [randomBot, greedyBot(), searchBot()]) expect(listed).toContain(JSON.stringify(bot(s, 1, 8)));
  });

  it("the owner's choices are decision kinds (casualtyChoice: test/shooting/casualtyChoice.test.ts)", () => {
    expect(DECISION_KINDS).toContain("casualtyChoice");
    expect(DECISION_KINDS).toContain("redress");
    expect(DECISION_KINDS).toContain("attackSplit");
  });
});

describe("splitting attacks between enemy units (CORE-CC-2)", () => {
  const W = 20 / 25.4;
  /** a (fr) 5 wide; b and c (gb) 2 wide each, side by side: a's middle model touches both. */
  const twoFoes = (options: unknown = ASK): BattleState => {
    const s = engaged({ files: 5, figures: 10 }, { files: 2, figures: 4, position: { x: 36 - W, y: 24 } }, { units: [foot("c", "gb", { files: 2, figures: 4, position: { x: 36 + W, y: 24 }, facing: 270 })], options, combat: { units: ["a", "b", "c"] as never } });
    return { ...s, turn: { ...s.turn, phase: "shooting" } };
  };
  const enter = (s: BattleState) => {
    const r = apply(withScriptedDice(s, Array.from({ length: 200 }, (_, i) => 1 + (i % 2))), { type: "turn/advance" });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    return r;
  };

  it("CORE-CC-2: by default a model touching two enemy units attacks the one with most of its unit's contacts, no decision", () => {
    const r = enter(twoFoes({}));
    // (A loser's blocked fall back may leave a pursuit decision, WHN-BREAK-1; no split is asked.)
    expect(r.state.pending.filter((d) => d.kind === "attackSplit")).toEqual([]);
    expect(r.events.some((e) => e.type === "combat/roundFought")).toBe(true);
  });

  it("CORE-CC-2: with core.ownerChoices \"ask\" the owner is asked before the blows; the default split is listed first", () => {
    const r = enter(twoFoes());
    expect(r.events.some((e) => e.type === "combat/roundFought")).toBe(false);
    expect(r.state.pending).toEqual([{ kind: "attackSplit", side: "fr", unit: "a", targets: ["b", "c"], rule: "CORE-CC-2", batch: ["c1"], splits: [] }]);
    expect(legalActions(r.state)).toEqual([
      { type: "combat/splitAttacks", unit: "a", split: { b: 1, c: 0 } },
      { type: "combat/splitAttacks", unit: "a", split: { b: 0, c: 1 } },
    ]);
  });

  it("CORE-CC-2: the answer decides whom the shared model attacks, then the combat is fought", () => {
    const s = twoFoes();
    const c1 = s.combats[combatId("c1")]!;
    const count = (b: ReturnType<typeof buildRound>, id: string) => b.input.strikers.find((x) => x.id === id)?.models ?? 0;
    const byDefault = buildRound(s, c1);
    const toC = buildRound(s, c1, new Map([["a", new Map([["b", 0], ["c", 1]])]]));
    expect([count(toC, "a>b"), count(toC, "a>c")]).toEqual([count(byDefault, "a>b") - 1, count(byDefault, "a>c") + 1]);
    const asked = enter(s).state;
    const r = apply(withScriptedDice(asked, Array.from({ length: 200 }, (_, i) => 1 + (i % 2))), { type: "combat/splitAttacks", unit: "a", split: { b: 0, c: 1 } });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(r.events.find((e) => e.type === "combat/attacksSplit")).toMatchObject({ unit: "a", split: { b: 0, c: 1 }, rule: "CORE-CC-2" });
    expect(r.events.some((e) => e.type === "combat/roundFought")).toBe(true);
    expect(r.state.pending.filter((d) => d.kind === "attackSplit")).toEqual([]);
  });

  it("CORE-CC-2: the bots answer a split decision with a listed answer", () => {
    const asked = enter(twoFoes()).state;
    const listed = legalActions(asked).map((a) => JSON.stringify(a));
    for (const bot of [randomBot, greedyBot(), searchBot()]) expect(listed).toContain(JSON.stringify(bot(asked, 2, 8)));
  });

  it("CORE-CC-2: a split that does not add up, or names a unit not touched, is refused", () => {
    const asked = enter(twoFoes()).state;
    for (const split of [{ b: 1, c: 1 }, { b: 0, c: 0 }, { d: 1 }]) {
      const r = apply(asked, { type: "combat/splitAttacks", unit: "a", split });
      expect(!r.ok && r.violation).toMatchObject({ code: "combat/split_not_allowed", rule: "CORE-CC-2" });
    }
  });
});
