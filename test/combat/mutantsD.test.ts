/**
 * Rule tests for the open survivors of the seed-3 60-mutant extension of src/rules/whn/combat
 * (docs/guides/trust.md, "Seed 3: combat, morale, WHN top level, core"): each fails with its mutant
 * applied to the source by hand.
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, withScriptedDice, type BattleState, type BattleEvent } from "../../src/index.js";
import { engaged } from "../fixtures/combat.js";

const I2 = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 2, A: 1, Ld: 6 };
const WITH_LEADER = { leader: true, standard: false, musician: false };
const ONE_TWO = Array.from({ length: 200 }, (_, i) => 1 + (i % 2));
const hero = (id: string, side: string, joinedTo: string, profile: object) => ({ id, side, name: id, profile, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo });
const PIC = { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 6, A: 3, Ld: 9 };
const ok = (s: BattleState, action: unknown): { state: BattleState; events: readonly BattleEvent[] } => {
  const r = apply(s, action);
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return r;
};
const ev = (events: readonly BattleEvent[], type: string) => events.filter((e) => e.type === type);
const beforeCombat = (s: BattleState): BattleState => ({ ...s, turn: { ...s.turn, phase: "shooting" } });

describe("seed-3 open survivor: combat/fight.ts:125 (a champion wounded, not slain)", () => {
  it("CORE-CHAL-3 / CORE-LEAD-1: a champion of W 2 who takes one wound in a challenge lives, and his unit keeps its leader's model", () => {
    const champion2 = { M: 4, WS: 5, BS: 5, S: 4, T: 3, W: 2, I: 5, A: 3, Ld: 9 };
    const field = engaged({ command: WITH_LEADER, champion: champion2, profile: I2 }, { profile: I2 }, { characters: [hero("pic", "gb", "b", PIC)] });
    const r1 = ok(ok(beforeCombat(field), { type: "turn/advance" }).state, { type: "combat/challenge", combat: "c1", challenger: "a" });
    // pic (I 6) strikes first: one hit of three (6, 1, 1), one wound (6), no save. Then every other die misses.
    const r2 = ok(withScriptedDice(r1.state, [6, 1, 1, 6, ...ONE_TWO]), { type: "combat/answerChallenge", combat: "c1", champion: "pic" });
    expect(ev(r2.events, "combat/strike")[0]).toMatchObject({ strikers: ["pic>a*champion"], attacks: 3, hits: 1, unsaved: 1 });
    expect(ev(r2.events, "combat/casualties").filter((e) => e["unit"] === "a")).toEqual([]);
    const a = r2.state.units["a" as never]!;
    expect([a.figures, a.command.leader]).toEqual([20, true]);
  });
});
