/**
 * The WHN pack's fallback listing for close combat (FALLBACK_LISTINGS["whn/combat"]) answers the
 * owner's-choice decisions as `legalActions` does: attack split (CORE-CC-2), redress (CORE-REDR-1/2)
 * and casualty choice (WHN-FORM-8), each answer listed once, the default first.
 */
import { describe, expect, it } from "vitest";
import { apply, legalActions, withScriptedDice, type BattleState } from "../../src/index.js";
import { FALLBACK_LISTINGS } from "../../src/battle/legal/index.js";
import { listLegal } from "../../src/engine/module.js";
import { engaged, foot } from "../fixtures/combat.js";
import { LD6, mustApply } from "../fixtures/play.js";

const ASK = { core: { ownerChoices: "ask" as const } };
const W = 20 / 25.4;
const D = 20 / 25.4;
const fallback = (s: BattleState) => listLegal(s, FALLBACK_LISTINGS["whn/combat"]!);
const keys = (xs: readonly unknown[]) => xs.map((x) => JSON.stringify(x));

/** a (fr) 5 wide; b and c (gb) 2 wide each, side by side; a's middle model touches both: a split is asked. */
function splitDue(): BattleState {
  const s = engaged({ files: 5, figures: 10 }, { files: 2, figures: 4, position: { x: 36 - W, y: 24 } }, { units: [foot("c", "gb", { files: 2, figures: 4, position: { x: 36 + W, y: 24 }, facing: 270 })], options: ASK, combat: { units: ["a", "b", "c"] as never } });
  const r = apply(withScriptedDice({ ...s, turn: { ...s.turn, phase: "shooting" } }, Array.from({ length: 200 }, (_, i) => 1 + (i % 2))), { type: "turn/advance" });
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return r.state;
}

/** a (fr, 30 models 5 wide) has won against b (gb, 9 wide) and is still in contact: a redress is asked. */
function redressDue(): BattleState {
  const s = engaged({ files: 5, figures: 30, formation: "BLOCK" }, { files: 9, figures: 18 }, { options: ASK });
  return { ...s, pending: [{ kind: "redress", side: "fr" as never, unit: "a" as never, targets: ["b" as never], rule: "CORE-REDR-1" as never }] };
}

/** Six skirmishers lose 3 of 6 to a's blows: their owner picks which (a kills 3, b's survivors miss). */
function casualtiesDue(): BattleState {
  const skirmishers = { formation: "EXTENDED_ORDER", light: true, extendedOrderAllowed: true, figures: 6, files: 6, position: { x: 36, y: 24 }, models: Array.from({ length: 6 }, (_, i) => ({ x: 36 + (i - 2.5) * 0.8, y: 24 + D / 2, facing: 270 })) } as never;
  const s = withScriptedDice(engaged({ profile: LD6, figures: 10 }, skirmishers, { options: ASK }), [6, 6, 6, 1, 1, 6, 6, 6, 1, 1, 1, 1, 1]);
  return mustApply(s, { type: "combat/fight" }).state;
}

describe("FALLBACK_LISTINGS[\"whn/combat\"]: the owner's-choice decisions", () => {
  for (const [rule, kind, make, type] of [
    ["CORE-CC-2", "attackSplit", splitDue, "combat/splitAttacks"],
    ["CORE-REDR-1 / CORE-REDR-2", "redress", redressDue, "combat/redress"],
    ["WHN-FORM-8", "casualtyChoice", casualtiesDue, "casualties/choose"],
  ] as const) {
    it(`${rule}: a pending ${kind} decision is answered by the fallback listing exactly as legalActions lists it, the default first`, () => {
      const s = make();
      expect(s.pending[0]?.kind).toBe(kind);
      const listed = legalActions(s);
      expect(listed.length).toBeGreaterThan(1);
      expect(listed.every((a) => a.type === type)).toBe(true);
      const fb = fallback(s);
      expect(keys(fb)).toEqual(keys(listed));
      expect(new Set(keys(fb)).size).toBe(fb.length);
    });
  }
});
