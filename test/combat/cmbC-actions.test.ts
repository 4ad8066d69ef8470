import { describe, expect, it } from "vitest";
import { apply, withScriptedDice, combatId, type BattleState, type BattleEvent } from "../../src/index.js";
import { engaged, foot } from "../fixtures/combat.js";

const W = 20 / 25.4;
const C1 = combatId("c1");
const ASK = { core: { ownerChoices: "ask" } };
const MISS = Array.from({ length: 200 }, (_, i) => 1 + (i % 2));
const CHAMPION = { M: 4, WS: 5, BS: 5, S: 4, T: 3, W: 1, I: 5, A: 3, Ld: 9 };
const PIC = { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 6, A: 3, Ld: 9 };
const hero = (id: string, side: string, joinedTo: string, profile: object) => ({ id, side, name: id, profile, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo });
const ok = (s: BattleState, action: unknown): { state: BattleState; events: readonly BattleEvent[] } => {
  const r = apply(s, action as never);
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return r;
};
const types = (events: readonly BattleEvent[]) => events.map((e) => e.type);

describe("combat/fight on a named combat (CORE-CC-1, CORE-CHAL-1)", () => {
  it("CORE-CHAL-1: a challenge still to offer is declined by each side in turn, then the combat is fought", () => {
    const s = engaged({ command: { leader: true, standard: false, musician: false }, champion: CHAMPION }, {}, { characters: [hero("pic", "gb", "b", PIC)] });
    const r = ok(withScriptedDice(s, MISS), { type: "combat/fight", combat: "c1" });
    const declined = r.events.filter((e) => e.type === "combat/challengeDeclined");
    expect(declined.map((e) => [e.rule, e["combat"], e["side"]])).toEqual([
      ["CORE-CHAL-1", "c1", "fr"],
      ["CORE-CHAL-1", "c1", "gb"],
    ]);
    expect(types(r.events).indexOf("combat/challengeDeclined")).toBe(0);
    expect(types(r.events)).toContain("combat/roundFought");
  });
});

describe("combat/splitAttacks with a second split still to answer (CORE-CC-2)", () => {
  const twoFoes = (): BattleState => engaged({ files: 5, figures: 10 }, { files: 2, figures: 4, position: { x: 36 - W, y: 24 } }, { units: [foot("c", "gb", { files: 2, figures: 4, position: { x: 36 + W, y: 24 }, facing: 270 })], options: ASK, combat: { units: ["a", "b", "c"] as never } });

  it("CORE-CC-2: the answer is carried onto the next split decision and nothing is fought until the last answer", () => {
    const asked = ok(twoFoes(), { type: "combat/fight", combat: "c1" }).state;
    const first = asked.pending[0]!;
    const second = { kind: "attackSplit", side: "gb", unit: "c", targets: ["a"], rule: "CORE-CC-2", batch: ["c1"], splits: [] };
    const s = { ...asked, pending: [first, second] } as BattleState;
    const r = ok(withScriptedDice(s, MISS), { type: "combat/splitAttacks", unit: "a", split: { b: 0, c: 1 } });
    expect(r.state.pending).toEqual([{ ...second, splits: [{ unit: "a", enemy: "b", models: 0 }, { unit: "a", enemy: "c", models: 1 }] }]);
    expect(types(r.events)).toEqual(["combat/attacksSplit"]);
    expect(r.state.units).toEqual(s.units);
    expect(r.state.combats).toEqual(s.combats);
  });
});

describe("combat/splitAttacks for a combat fought meanwhile (CORE-CC-1, CORE-CC-2)", () => {
  it("CORE-CC-1: the last split answer fights only the combats of its batch not yet fought this phase", () => {
    const s0 = engaged({ files: 5, figures: 10 }, { files: 2, figures: 4, position: { x: 36 - W, y: 24 } }, { units: [foot("c", "gb", { files: 2, figures: 4, position: { x: 36 + W, y: 24 }, facing: 270 })], options: ASK, combat: { units: ["a", "b", "c"] as never } });
    const asked = ok(s0, { type: "combat/fight", combat: "c1" }).state;
    // A hand-made state: c1 is listed as fought this phase while the split decision is still pending.
    const s = { ...asked, facts: { ...asked.facts, step: { ...asked.facts.step, fought: ["c1"] } } } as unknown as BattleState;
    const r = ok(withScriptedDice(s, MISS), { type: "combat/splitAttacks", unit: "a", split: { b: 0, c: 1 } });
    expect(types(r.events)).toEqual(["combat/attacksSplit", "combat/aftermathDone"]);
    expect(r.state.pending).toEqual([]);
    expect(r.state.units).toEqual(s.units);
  });
});

describe("combat/redress answered (CORE-REDR-1/2)", () => {
  const won = (): BattleState => engaged({ files: 5, figures: 30, formation: "BLOCK" }, { files: 9, figures: 18 }, { options: ASK });
  const redress = (unit: string, target: string) => ({ kind: "redress", side: "fr", unit, targets: [target], rule: "CORE-REDR-1" });

  // A hand-made list of two decisions (both fr's to answer): only the one answered goes.
  it("CORE-REDR-1: answering the second of two redress decisions removes that one and leaves the first, the phase waiting", () => {
    const s = { ...won(), pending: [redress("b", "a"), redress("a", "b")] } as unknown as BattleState;
    const r = ok(s, { type: "combat/redress", unit: "a", files: 9 });
    expect(r.state.pending).toEqual([redress("b", "a")]);
    expect(r.state.units["a" as never]!.files).toBe(9);
    expect(r.state.turn).toEqual(s.turn);
  });

  it("CORE-REDR-1: answering the last redress decision lets the phase go on", () => {
    const s = { ...won(), pending: [redress("a", "b")] } as unknown as BattleState;
    const r = ok(withScriptedDice(s, MISS), { type: "combat/redress", unit: "a", files: 9 });
    // The round is fought on at once (blows, result, break test, the loser falls back) and the aftermath is done.
    expect(types(r.events)).toEqual(["combat/redressed", "combat/strike", "combat/strike", "combat/roundFought", "combat/breakTest", "unit/disordered", "combat/fallBackDue", "combat/holds", "combat/fellBack", "combat/ended", "combat/aftermathDone"]);
    expect(r.state.pending).toEqual([]);
  });
});
