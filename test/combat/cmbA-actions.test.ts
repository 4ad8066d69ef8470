import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { answerChallenge, answerRedress, challenge, declareDisengage, fight, restrain, splitAttacks } from "../../src/rules/whn/combat/actions.js";
import { makeContext } from "../../src/engine/apply.js";
import { formatViolation } from "../../src/engine/format.js";
import type { Outcome } from "../../src/engine/context.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { engaged } from "../fixtures/combat.js";

type Handler = (s: BattleState, a: never, ctx: ReturnType<typeof makeContext>["ctx"]) => Outcome;
function call(h: Handler, s: BattleState, action: object, dice: number[] = []) {
  const m = makeContext(s, roller(scriptedDice(dice)));
  const out = h(s, action as never, m.ctx);
  return { out, events: m.sink.drafts };
}
/** A refusal, with its English text. */
function refused(h: Handler, s: BattleState, action: object, violation: Record<string, unknown>, text: string) {
  const { out, events } = call(h, s, action);
  expect(out).toEqual({ ok: false, violation });
  if (!out.ok) expect(formatViolation(out.violation)).toBe(text);
  expect(events).toEqual([]);
}
const withPending = (s: BattleState, ...pending: object[]) => ({ ...s, pending }) as unknown as BattleState;
const withFacts = (s: BattleState, step: object, movement: object = {}) => ({ ...s, facts: { ...s.facts, step: { ...s.facts.step, ...step }, movement: { ...s.facts.movement, ...movement } } }) as BattleState;
const inStep = (s: BattleState, phase: string, step: string | null) => ({ ...s, turn: { ...s.turn, phase, step } }) as BattleState;
const restraintFor = (unit: string, target: string) => ({ kind: "restraint", side: "fr", unit, targets: [target], rule: "CORE-PURS-1" });

describe("combat/fight refusals (CORE-CC-1, CORE-TURN-2)", () => {
  it("CORE-TURN-2: a pending decision must be made first, named by its kind", () => {
    refused(fight as Handler, withPending(engaged(), restraintFor("a", "b")), { type: "combat/fight", combat: "c1" }, { kind: "restraint", code: "combat/decision_pending", rule: "CORE-TURN-2" }, "A restraint decision is pending; make it first. [CORE-TURN-2]");
    refused(fight as Handler, withPending(engaged(), restraintFor("a", "b")), { type: "combat/fight" }, { kind: "restraint", code: "combat/decision_pending", rule: "CORE-TURN-2" }, "A restraint decision is pending; make it first. [CORE-TURN-2]");
  });

  it("CORE-CC-1: fighting all with nothing left to fight is refused", () => {
    refused(fight as Handler, withFacts(engaged(), { fought: ["c1"] }), { type: "combat/fight" }, { code: "combat/nothing_to_fight", rule: "CORE-CC-1" }, "Every combat has already fought this phase. [CORE-CC-1]");
    const none = { ...engaged(), combats: {} } as BattleState;
    refused(fight as Handler, none, { type: "combat/fight" }, { code: "combat/nothing_to_fight", rule: "CORE-CC-1" }, "Every combat has already fought this phase. [CORE-CC-1]");
  });

  it("CORE-CC-1: an unknown combat, and one that already fought, are refused", () => {
    refused(fight as Handler, engaged(), { type: "combat/fight", combat: "zz" }, { combat: "zz", code: "combat/unknown_combat", rule: null }, 'There is no combat "zz".');
    refused(fight as Handler, withFacts(engaged(), { fought: ["c1"] }), { type: "combat/fight", combat: "c1" }, { combat: "c1", code: "combat/already_fought", rule: "CORE-CC-1" }, "Combat c1 has already fought its round this phase. [CORE-CC-1]");
  });

  it("CORE-CC-1: fighting one named combat fights its round", () => {
    // fr won last round, so a strikes first and its 6s kill b's 5 fighters: b strikes back with none (CORE-CC-5).
    const { out, events } = call(fight as Handler, engaged({}, {}, { combat: { lastWinner: "fr" as never } }), { type: "combat/fight", combat: "c1" }, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    expect(out.ok).toBe(true);
    expect(events.slice(0, 2).map((e) => [e.type, e["side"], e["attacks"], e["unsaved"]])).toEqual([
      ["combat/strike", "fr", 5, 5],
      ["combat/strike", "gb", 0, 0],
    ]);
    const fought = call(fight as Handler, engaged({}, {}, { combat: { lastWinner: "fr" as never } }), { type: "combat/fight" }, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    expect(fought.events.slice(0, 2)).toEqual(events.slice(0, 2));
  });
});

describe("decision answers with nothing due (CORE-CHAL-1/2, CORE-PURS-1, CORE-REDR-1, CORE-CC-2)", () => {
  it("CORE-CHAL-1 / CORE-CHAL-2: a challenge or an answer with no challenge awaited is refused", () => {
    const s = engaged();
    refused(challenge as Handler, s, { type: "combat/challenge", combat: "c1", challenger: null }, { combat: "c1", code: "combat/no_challenge_due", rule: "CORE-CHAL-1" }, "No challenge is awaited in combat c1 now. [CORE-CHAL-1]");
    refused(answerChallenge as Handler, s, { type: "combat/answerChallenge", combat: "c1", champion: null }, { combat: "c1", code: "combat/no_challenge_due", rule: "CORE-CHAL-2" }, "No challenge is awaited in combat c1 now. [CORE-CHAL-2]");
    // A decision of another kind on top, or one naming units of another combat, is not a challenge due here.
    const other = withPending(s, { kind: "challenge", side: "fr", unit: null, targets: ["zz"], rule: "CORE-CHAL-1" });
    refused(challenge as Handler, other, { type: "combat/challenge", combat: "c1", challenger: null }, { combat: "c1", code: "combat/no_challenge_due", rule: "CORE-CHAL-1" }, "No challenge is awaited in combat c1 now. [CORE-CHAL-1]");
    const empty = withPending(s, { kind: "challenge", side: "fr", unit: null, targets: [], rule: "CORE-CHAL-1" });
    refused(challenge as Handler, empty, { type: "combat/challenge", combat: "c1", challenger: null }, { combat: "c1", code: "combat/no_challenge_due", rule: "CORE-CHAL-1" }, "No challenge is awaited in combat c1 now. [CORE-CHAL-1]");
    const wrongKind = withPending(s, restraintFor("a", "b"));
    refused(challenge as Handler, wrongKind, { type: "combat/challenge", combat: "c1", challenger: null }, { combat: "c1", code: "combat/no_challenge_due", rule: "CORE-CHAL-1" }, "No challenge is awaited in combat c1 now. [CORE-CHAL-1]");
    refused(answerChallenge as Handler, withPending(s, { kind: "challengeAnswer", side: "gb", unit: null, targets: ["a", "b"], rule: "CORE-CHAL-2" }), { type: "combat/answerChallenge", combat: "zz", champion: null }, { combat: "zz", code: "combat/no_challenge_due", rule: "CORE-CHAL-2" }, "No challenge is awaited in combat zz now. [CORE-CHAL-2]");
  });

  it("CORE-CHAL-1: a challenge decision naming a combat's units but with no challenge stage open is refused", () => {
    const s = withPending(engaged(), { kind: "challengeAnswer", side: "gb", unit: null, targets: ["a", "b"], rule: "CORE-CHAL-2" });
    refused(answerChallenge as Handler, s, { type: "combat/answerChallenge", combat: "c1", champion: null }, { combat: "c1", code: "combat/no_challenge_due", rule: "CORE-CHAL-2" }, "No challenge is awaited in combat c1 now. [CORE-CHAL-2]");
  });

  it("CORE-PURS-1: a restraint answer for a unit with no pursuit decision is refused; one whose unit left play too", () => {
    refused(restrain as Handler, engaged(), { type: "combat/restrain", unit: "a", pursue: true }, { unit: "a", code: "combat/no_restraint_due", rule: "CORE-PURS-1" }, "Unit a has no pursuit decision to make. [CORE-PURS-1]");
    refused(restrain as Handler, withPending(engaged(), restraintFor("b", "a")), { type: "combat/restrain", unit: "a", pursue: false }, { unit: "a", code: "combat/no_restraint_due", rule: "CORE-PURS-1" }, "Unit a has no pursuit decision to make. [CORE-PURS-1]");
    const s = engaged();
    const gone = withPending({ ...s, units: { ...s.units, a: { ...s.units["a" as never]!, removed: { reason: "destroyed", gameTurn: 1 } } } } as BattleState, restraintFor("a", "b"));
    refused(restrain as Handler, gone, { type: "combat/restrain", unit: "a", pursue: true }, { unit: "a", code: "combat/unknown_unit", rule: null }, 'There is no unit "a" in play.');
    refused(restrain as Handler, withPending(s, restraintFor("q", "b")), { type: "combat/restrain", unit: "q", pursue: true }, { unit: "q", code: "combat/unknown_unit", rule: null }, 'There is no unit "q" in play.');
  });

  it("CORE-REDR-1: a redress with none due is refused; files outside the choices are refused with the choices", () => {
    refused(answerRedress as Handler, engaged(), { type: "combat/redress", unit: "a", files: 5 }, { unit: "a", code: "combat/no_redress_due", rule: "CORE-REDR-1" }, "Unit a has no redress decision to make. [CORE-REDR-1]");
    const s = withPending(engaged(), { kind: "redress", side: "fr", unit: "a", targets: ["b"], rule: "CORE-REDR-1" });
    const { out } = call(answerRedress as Handler, s, { type: "combat/redress", unit: "a", files: 999 });
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.violation).toMatchObject({ unit: "a", files: 999, code: "combat/redress_not_allowed", rule: "CORE-REDR-1" });
      const allowed = out.violation["allowed"] as number[];
      expect(allowed).toContain(5);
      expect(formatViolation(out.violation)).toBe(`Unit a may not redress to 999 files (allowed: ${String(allowed)}). [CORE-REDR-1]`);
    }
  });

  it("CORE-REDR-1: redressing to the present frontage is allowed and, with nothing else pending, play goes on", () => {
    const s = withFacts(withPending(engaged(), { kind: "redress", side: "fr", unit: "a", targets: ["b"], rule: "CORE-REDR-1" }), { fought: ["c1"] });
    const { out } = call(answerRedress as Handler, s, { type: "combat/redress", unit: "a", files: 5 });
    expect(out.ok).toBe(true);
    if (out.ok) expect(out.state.pending).toEqual([]);
    const two = withPending(engaged(), { kind: "redress", side: "fr", unit: "a", targets: ["b"], rule: "CORE-REDR-1" }, restraintFor("a", "b"));
    const r2 = call(answerRedress as Handler, two, { type: "combat/redress", unit: "a", files: 5 });
    expect(r2.out).toMatchObject({ ok: true, state: { pending: [restraintFor("a", "b")] } });
  });

  it("CORE-CC-2: a split with no split decision on top for that unit is refused", () => {
    refused(splitAttacks as Handler, engaged(), { type: "combat/splitAttacks", unit: "a", split: {} }, { unit: "a", code: "combat/no_split_due", rule: "CORE-CC-2" }, "Unit a has no attack split to make now. [CORE-CC-2]");
    const other = withPending(engaged(), { kind: "attackSplit", side: "gb", unit: "b", targets: ["a"], rule: "CORE-CC-2" });
    refused(splitAttacks as Handler, other, { type: "combat/splitAttacks", unit: "a", split: {} }, { unit: "a", code: "combat/no_split_due", rule: "CORE-CC-2" }, "Unit a has no attack split to make now. [CORE-CC-2]");
    const wrongKind = withPending(engaged(), restraintFor("a", "b"));
    refused(splitAttacks as Handler, wrongKind, { type: "combat/splitAttacks", unit: "a", split: {} }, { unit: "a", code: "combat/no_split_due", rule: "CORE-CC-2" }, "Unit a has no attack split to make now. [CORE-CC-2]");
  });
});

describe("combat/disengage (CORE-DISENG-1, WHN-DIS-4, AMB-107)", () => {
  const declare = (s: BattleState) => inStep(s, "movement", "declareCharges");
  const act = (unit: string) => ({ type: "combat/disengage", unit });

  it("CORE-DISENG-1: declared in the declare-charges step of its own side, for a unit in a combat, once", () => {
    const { out, events } = call(declareDisengage as Handler, declare(engaged()), act("a"));
    expect(out).toEqual({ ok: true, state: declare(engaged()) });
    expect(events).toEqual([{ unit: "a", type: "combat/disengageDeclared", rule: "CORE-DISENG-1", seq: 0, gameTurn: 0 }]);
  });

  it("CORE-DISENG-1: refused outside the declare-charges step, naming the step", () => {
    refused(declareDisengage as Handler, inStep(engaged(), "movement", "compulsory"), act("a"), { step: "compulsory", code: "combat/wrong_step", rule: "CORE-DISENG-1" }, "Disengagements are declared with charges, not in the compulsory step. [CORE-DISENG-1]");
    refused(declareDisengage as Handler, engaged(), act("a"), { step: null, code: "combat/wrong_step", rule: "CORE-DISENG-1" }, "Disengagements are declared with charges, not in the  step. [CORE-DISENG-1]");
  });

  it("CORE-DISENG-1: an unknown or removed unit, an enemy unit, a unit in no combat are refused", () => {
    refused(declareDisengage as Handler, declare(engaged()), act("zz"), { unit: "zz", code: "combat/unknown_unit", rule: null }, 'There is no unit "zz" in play.');
    const s = engaged();
    const gone = { ...s, units: { ...s.units, a: { ...s.units["a" as never]!, removed: { reason: "destroyed", gameTurn: 1 } } } } as BattleState;
    refused(declareDisengage as Handler, declare(gone), act("a"), { unit: "a", code: "combat/unknown_unit", rule: null }, 'There is no unit "a" in play.');
    refused(declareDisengage as Handler, declare(engaged()), act("b"), { unit: "b", code: "combat/not_your_unit", rule: "CORE-DISENG-1" }, "Unit b belongs to the other player. [CORE-DISENG-1]");
    refused(declareDisengage as Handler, declare({ ...engaged(), combats: {} } as BattleState), act("a"), { unit: "a", code: "combat/not_engaged", rule: "CORE-DISENG-1" }, "Unit a is not in a combat. [CORE-DISENG-1]");
  });

  it("WHN-DIS-4: only a unit in GOOD order may choose to disengage", () => {
    refused(declareDisengage as Handler, declare(engaged({ order: "DISORDERED" })), act("a"), { unit: "a", order: "DISORDERED", code: "combat/may_not_disengage", rule: "WHN-DIS-4" }, "Unit a is DISORDERED and may not choose to disengage. [WHN-DIS-4]");
  });

  it("CORE-DISENG-1: a second declaration of the same unit is refused", () => {
    refused(declareDisengage as Handler, withFacts(declare(engaged()), {}, { disengaging: ["a"] }), act("a"), { unit: "a", code: "combat/already_declared", rule: "CORE-DISENG-1" }, "Unit a has already declared its disengagement. [CORE-DISENG-1]");
  });
});

describe("combat/challenge with a challenge due (CORE-CHAL-1)", () => {
  const due = () => withPending(engaged({}, {}, { combat: { lastWinner: "fr" as never } }), { kind: "challenge", side: "fr", unit: null, targets: ["a", "b"], rule: "CORE-CHAL-1" });

  it("CORE-CHAL-1: declining takes the decision off and the combat is fought", () => {
    const { out, events } = call(challenge as Handler, due(), { type: "combat/challenge", combat: "c1", challenger: null }, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(events[0]).toEqual({ combat: "c1", side: "fr", type: "combat/challengeDeclined", rule: "CORE-CHAL-1", seq: 0, gameTurn: 0 });
    expect(events.map((e) => e.type)).toContain("combat/roundFought");
    expect(out).toMatchObject({ ok: true, state: { pending: [] } });
  });

  it("CORE-CHAL-1: a challenger who is not a character of that side in the combat is refused", () => {
    refused(challenge as Handler, due(), { type: "combat/challenge", combat: "c1", challenger: "ney" }, { character: "ney", combat: "c1", code: "combat/not_in_combat", rule: "CORE-CHAL-1" }, "Character ney is not fighting in combat c1 on that side. [CORE-CHAL-1]");
  });
});

describe("combat/challenge with characters (CORE-CHAL-1/2, AMB-07)", () => {
  const hero = (id: string, side: string, joinedTo: string, Ld: number) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo });
  const due = () =>
    withPending(engaged({}, {}, { characters: [hero("ney", "fr", "a", 9), hero("pic", "gb", "b", 8), hero("hill", "gb", "b", 7)], combat: { lastWinner: "fr" as never } }), { kind: "challenge", side: "fr", unit: null, targets: ["a", "b"], rule: "CORE-CHAL-1" });

  it("CORE-CHAL-1: a challenge by a character of the side is issued, naming the one to retire if refused", () => {
    const { out, events } = call(challenge as Handler, due(), { type: "combat/challenge", combat: "c1", challenger: "ney", retireIfRefused: "hill" });
    expect(events[0]).toEqual({ combat: "c1", side: "fr", challenger: "ney", retireIfRefused: "hill", type: "combat/challengeIssued", rule: "CORE-CHAL-1", seq: 0, gameTurn: 0 });
    expect(out.ok).toBe(true);
    const plain = call(challenge as Handler, due(), { type: "combat/challenge", combat: "c1", challenger: "ney" });
    expect(plain.events[0]).toMatchObject({ type: "combat/challengeIssued", retireIfRefused: "" });
  });

  it("CORE-CHAL-2: the character to retire if refused must be an enemy character in the combat", () => {
    refused(challenge as Handler, due(), { type: "combat/challenge", combat: "c1", challenger: "ney", retireIfRefused: "ney" }, { character: "ney", combat: "c1", code: "combat/not_in_combat", rule: "CORE-CHAL-2" }, "Character ney is not fighting in combat c1 on that side. [CORE-CHAL-2]");
    refused(challenge as Handler, due(), { type: "combat/challenge", combat: "c1", challenger: "pic" }, { character: "pic", combat: "c1", code: "combat/not_in_combat", rule: "CORE-CHAL-1" }, "Character pic is not fighting in combat c1 on that side. [CORE-CHAL-1]");
  });
});

describe("combat/answerChallenge (CORE-CHAL-2, AMB-07)", () => {
  const hero = (id: string, side: string, joinedTo: string, Ld: number) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo });
  const answering = (retireIfRefused = "", options: object = {}) => {
    const s = engaged({}, {}, { characters: [hero("ney", "fr", "a", 9), hero("pic", "gb", "b", 8), hero("hill", "gb", "b", 7)], combat: { lastWinner: "fr" as never }, options });
    const facts = { ...s.facts, step: { ...s.facts.step, challenges: { c1: { settled: false, issued: { side: "fr", challenger: "ney", retireIfRefused }, declined: [], retired: [] } } } };
    return withPending({ ...s, facts } as BattleState, { kind: "challengeAnswer", side: "gb", unit: null, targets: ["a", "b"], rule: "CORE-CHAL-2" });
  };
  const answer = (champion: string | null, retire?: string) => ({ type: "combat/answerChallenge", combat: "c1", champion, ...(retire === undefined ? {} : { retire }) });
  const first = (s: BattleState, a: object) => call(answerChallenge as Handler, s, a, new Array<number>(40).fill(1)).events[0];

  it("CORE-CHAL-2: accepting with a character of the challenged side", () => {
    expect(first(answering(), answer("hill"))).toEqual({ combat: "c1", challenger: "ney", champion: "hill", type: "combat/challengeAccepted", rule: "CORE-CHAL-2", seq: 0, gameTurn: 0 });
    refused(answerChallenge as Handler, answering(), answer("ney"), { character: "ney", combat: "c1", code: "combat/not_in_combat", rule: "CORE-CHAL-2" }, "Character ney is not fighting in combat c1 on that side. [CORE-CHAL-2]");
  });

  it("AMB-07: refused, the challenger's named character retires; with none named, the highest Leadership", () => {
    const byChallenger = { core: { challengeRefuserChooses: false } };
    expect(first(answering("hill", byChallenger), answer(null))).toEqual({ combat: "c1", challenger: "ney", retired: "hill", chosenBy: "challenger", type: "combat/challengeRefused", rule: "CORE-CHAL-2", seq: 0, gameTurn: 0 });
    expect(first(answering("", byChallenger), answer(null))).toMatchObject({ retired: "pic", chosenBy: "challenger" });
    // The refuser's own pick is ignored when the challenger chooses.
    expect(first(answering("hill", byChallenger), answer(null, "pic"))).toMatchObject({ retired: "hill", chosenBy: "challenger" });
  });

  it("AMB-07: with the refuser choosing, his pick retires, and a pick not his is refused", () => {
    const opts = { core: { challengeRefuserChooses: true } };
    expect(first(answering("pic", opts), answer(null, "hill"))).toMatchObject({ type: "combat/challengeRefused", retired: "hill", chosenBy: "refuser" });
    expect(first(answering("hill", opts), answer(null))).toMatchObject({ retired: "pic", chosenBy: "refuser" });
    refused(answerChallenge as Handler, answering("", opts), answer(null, "ney"), { character: "ney", combat: "c1", code: "combat/not_in_combat", rule: "CORE-CHAL-2" }, "Character ney is not fighting in combat c1 on that side. [CORE-CHAL-2]");
  });
});

describe("combat/restrain answered (CORE-PURS-1, CORE-PURS-4)", () => {
  const due = () => {
    const s = engaged({}, { position: { x: 36, y: 30 }, facing: 90, order: "FLEEING" }, { combat: { rounds: 2, lastWinner: "fr" as never } });
    return withFacts(withPending({ ...s, facts: { ...s.facts, fleeRolls: { b: 6 } } } as BattleState, restraintFor("a", "b")), { fought: ["c1"] });
  };

  it("CORE-PURS-1: choosing to stay takes the restraint test; passed, the unit stays and the decision is gone", () => {
    const { out, events } = call(restrain as Handler, due(), { type: "combat/restrain", unit: "a", pursue: false }, [2, 3]);
    expect(events.slice(0, 2)).toEqual([
      { unit: "a", dice: [2, 3], total: 5, target: 6, passed: true, type: "combat/restraintTest", rule: "CORE-PURS-1", seq: 0, gameTurn: 0 },
      { unit: "a", type: "combat/restrained", rule: "CORE-PURS-1", seq: 0, gameTurn: 0 },
    ]);
    expect(out.ok).toBe(true);
    if (out.ok) {
      expect(out.state.pending).toEqual([]);
      expect(out.state.units["a" as never]!.position).toEqual({ x: 36, y: 24 });
    }
  });

  it("CORE-PURS-4: pursuing rolls against the quarry's flee roll of this turn", () => {
    const { out, events } = call(restrain as Handler, due(), { type: "combat/restrain", unit: "a", pursue: true }, [3, 4]);
    expect(events[0]).toEqual({ unit: "a", quarry: "b", dice: [3, 4], roll: 7, fleeRoll: 6, halved: false, caught: true, type: "combat/pursuit", rule: "CORE-PURS-3", seq: 0, gameTurn: 0 });
    expect(out.ok && out.state.units["b" as never]!.removed).toEqual({ reason: "destroyed", gameTurn: 1 });
    // Without a flee roll recorded, any roll catches it.
    const s = due();
    const noRoll = { ...s, facts: { ...s.facts, fleeRolls: {} } } as BattleState;
    expect(call(restrain as Handler, noRoll, { type: "combat/restrain", unit: "a", pursue: true }, [1, 1]).events[0]).toMatchObject({ roll: 2, fleeRoll: 0, caught: true });
  });

  it("CORE-PURS-1: a failed restraint test means the unit pursues", () => {
    const { events } = call(restrain as Handler, due(), { type: "combat/restrain", unit: "a", pursue: false }, [6, 6, 3, 4]);
    expect(events.map((e) => e.type).slice(0, 2)).toEqual(["combat/restraintTest", "combat/pursuit"]);
    expect(events[1]).toMatchObject({ dice: [3, 4], fleeRoll: 6, caught: true });
  });
});

describe("combat/restrain in the movement phase (CORE-PURS-1, CORE-PANIC-10)", () => {
  it("CORE-PURS-1: a pursuit answered outside the combat phase ends the combat it emptied, with no aftermath", () => {
    const s0 = engaged({}, { position: { x: 36, y: 30 }, facing: 90, order: "FLEEING" }, { combat: { rounds: 2, lastWinner: "fr" as never } });
    const s = withPending(inStep({ ...s0, facts: { ...s0.facts, fleeRolls: { b: 6 } } } as BattleState, "movement", "compulsory"), restraintFor("a", "b"));
    const { out, events } = call(restrain as Handler, s, { type: "combat/restrain", unit: "a", pursue: true }, [3, 4]);
    expect(events.map((e) => e.type)).toEqual(["combat/pursuit", "unit/destroyed", "combat/pursued", "combat/ended"]);
    expect(events[3]).toEqual({ combat: "c1", type: "combat/ended", rule: "CORE-CC-1", seq: 0, gameTurn: 0 });
    expect(out).toMatchObject({ ok: true, state: { pending: [], combats: {} } });
  });
});
