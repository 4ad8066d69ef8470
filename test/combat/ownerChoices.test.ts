import { describe, expect, it } from "vitest";
import { apply, legalActions, DECISION_KINDS, type BattleState } from "../../src/index.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller } from "../../src/dice/index.js";
import { finishAftermath } from "../../src/rules/whn/combat/aftermath.js";
import { emit, recorder } from "../../src/rules/whn/combat/recorder.js";
import { greedyBot, randomBot, searchBot } from "../../src/bots/index.js";
import { engaged } from "../fixtures/combat.js";

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

  it("casualtyChoice is no longer a decision kind (no rule pushed it)", () => {
    expect(DECISION_KINDS).not.toContain("casualtyChoice");
    expect(DECISION_KINDS).toContain("redress");
  });
});
