/**
 * Whole-file tests (#17, cmbB) of the combat module's wiring (index.ts: routes, refusal texts, enter
 * hooks), the legal-action listing (legal.ts) and the phase driver (drive.ts).
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { combatModule } from "../../src/rules/whn/combat/index.js";
import { legalCombatActions } from "../../src/rules/whn/combat/legal.js";
import { challengeDecision, drive, unfoughtCombats } from "../../src/rules/whn/combat/drive.js";
import { fight, challenge, answerChallenge, restrain, answerRedress, splitAttacks, declareDisengage } from "../../src/rules/whn/combat/actions.js";
import { chooseAnyCasualties } from "../../src/rules/whn/combat/casualties.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { engaged, foot } from "../fixtures/combat.js";
import { A_WINS_B_HOLDS, LD6 } from "../fixtures/play.js";
import { scripted, u } from "../fixtures/cmbB.js";
import { emit } from "../../src/rules/whn/combat/recorder.js";

const hero = (id: string, side: string, joinedTo: string | null, Ld: number) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 30, y: 20 }, facing: 0, joinedTo });
const withHeroes = () => engaged({}, {}, { characters: [hero("ney", "fr", "a", 9), hero("pic", "gb", "b", 8), hero("hill", "gb", "b", 7)] });
const step = (s: BattleState, facts: object): BattleState => ({ ...s, facts: { ...s.facts, step: { ...s.facts.step, ...facts } } }) as unknown as BattleState;
const declare = (s: BattleState): BattleState => ({ ...s, turn: { ...s.turn, phase: "movement", step: "declareCharges" } }) as unknown as BattleState;

describe("the combat module's wiring (combat/index.ts)", () => {
  it("CORE-CC-1: each action is routed in its phases, for WHN and CORE battles, to its handler", () => {
    const both = ["whn", "core"];
    expect(combatModule.name).toBe("whn/combat");
    expect(combatModule.routes).toEqual({
      "combat/fight": { rulesets: both, phases: ["combat"], handler: fight },
      "combat/challenge": { rulesets: both, phases: ["combat"], handler: challenge },
      "combat/answerChallenge": { rulesets: both, phases: ["combat"], handler: answerChallenge },
      "combat/restrain": { rulesets: both, phases: ["combat", "movement"], handler: restrain },
      "combat/redress": { rulesets: both, phases: ["combat"], handler: answerRedress },
      "combat/splitAttacks": { rulesets: both, phases: ["combat"], handler: splitAttacks },
      "combat/disengage": { rulesets: both, phases: ["movement"], handler: declareDisengage },
      "casualties/choose": { rulesets: both, phases: ["shooting", "movement", "combat"], handler: chooseAnyCasualties },
    });
    expect(combatModule.actions.length).toBe(8);
    expect(Object.keys(combatModule.enter ?? {}).sort()).toEqual(["core:combat", "core:movement.compulsory", "whn:combat", "whn:movement.compulsory"]);
    expect(combatModule.legal).toBe(legalCombatActions);
  });

  it("every refusal text, each field given its own value", () => {
    const m = combatModule.messages!;
    const v = { code: "x", rule: "CORE-CC-1", kind: "K1", combat: "C2", step: "S3", character: "H4", unit: "U5", split: "P6", files: "F7", allowed: "A8", order: "O9", asked: "N10", of: "M11", models: "L12" } as never;
    const texts = Object.fromEntries(Object.keys(m).map((k) => [k, m[k]!(v)]));
    expect(texts).toEqual({
      "combat/decision_pending": "A K1 decision is pending; make it first.",
      "combat/nothing_to_fight": "Every combat has already fought this phase.",
      "combat/unknown_combat": 'There is no combat "C2".',
      "combat/already_fought": "Combat C2 has already fought its round this phase.",
      "combat/no_challenge_due": "No challenge is awaited in combat C2 now.",
      "combat/not_in_combat": "Character H4 is not fighting in combat C2 on that side.",
      "combat/no_restraint_due": "Unit U5 has no pursuit decision to make.",
      "combat/no_split_due": "Unit U5 has no attack split to make now.",
      "combat/split_not_allowed": "That split of unit U5's attacks is not possible: P6.",
      "combat/no_redress_due": "Unit U5 has no redress decision to make.",
      "combat/redress_not_allowed": "Unit U5 may not redress to F7 files (allowed: A8).",
      "combat/unknown_unit": 'There is no unit "U5" in play.',
      "combat/wrong_step": "Disengagements are declared with charges, not in the S3 step.",
      "combat/not_your_unit": "Unit U5 belongs to the other player.",
      "combat/not_engaged": "Unit U5 is not in a combat.",
      "combat/may_not_disengage": "Unit U5 is O9 and may not choose to disengage.",
      "combat/already_declared": "Unit U5 has already declared its disengagement.",
      "casualties/no_choice_due": "Unit U5 has no casualties to choose now.",
      "casualties/choice_not_allowed": "Unit U5 must remove exactly N10 different models of its M11 (given: L12).",
    });
    // A missing field reads as empty, not "undefined".
    expect(m["combat/unknown_unit"]!({ code: "x", rule: "CORE-CC-1" } as never)).toBe('There is no unit "" in play.');
  });

  it("CORE-CC-1 / CORE-DISENG-1: entering the phase fights ready combats; the compulsory step makes every declared disengagement", () => {
    const s = engaged({ profile: LD6 });
    const hook = combatModule.enter!["whn:combat"]!;
    const { ctx, sink } = makeContext(s, roller(scriptedDice([...A_WINS_B_HOLDS, 1, 1, 1, 1, 1, 1])));
    hook(s, ctx);
    expect(sink.drafts.some((d) => d.type === "combat/roundFought")).toBe(true);
    const mv = { ...s, turn: { ...s.turn, phase: "movement", step: "compulsory" }, facts: { ...s.facts, movement: { ...s.facts.movement, disengaging: ["a"] } } } as unknown as BattleState;
    const m = makeContext(mv, roller(scriptedDice([2, 2])));
    const out = combatModule.enter!["core:movement.compulsory"]!(mv, m.ctx);
    expect(out.combats).toEqual({});
    expect(m.sink.drafts.map((d) => d.type)).toEqual(["combat/disengageTest", "combat/disengaged", "combat/ended"]);
    const none = { ...mv, facts: s.facts } as unknown as BattleState;
    const n = makeContext(none, roller(scriptedDice([])));
    expect(combatModule.enter!["whn:movement.compulsory"]!(none, n.ctx)).toBe(none);
  });
});

describe("the legal combat actions (combat/legal.ts)", () => {
  it("CORE-CC-1: in the close combat phase, a fight for each combat not yet fought (and not made by a pursuit this phase), in id order", () => {
    const s0 = engaged();
    const c1 = s0.combats["c1" as never]!;
    const s = { ...s0, combats: { c3: { ...c1, id: "c3" }, c1, c2: { ...c1, id: "c2" } } } as unknown as BattleState;
    expect(legalCombatActions(s)).toEqual([
      { type: "combat/fight", combat: "c1" },
      { type: "combat/fight", combat: "c2" },
      { type: "combat/fight", combat: "c3" },
    ]);
    expect(unfoughtCombats(step(s, { fought: ["c2"], pursuitCharges: [{ combat: "c3", target: "b" }] }))).toEqual(["c1"]);
    expect(legalCombatActions(step(s, { fought: ["c1", "c2", "c3"] }))).toEqual([]);
    expect(legalCombatActions({ ...s, turn: { ...s.turn, phase: "shooting" } } as unknown as BattleState)).toEqual([]);
  });

  it("CORE-DISENG-1: in the declare-charges step, the active side's engaged units in good order not yet declared may disengage", () => {
    const s0 = engaged({}, {}, { units: [foot("c", "fr", { position: { x: 10, y: 10 } }), foot("d", "fr", { position: { x: 60, y: 24 }, facing: 90 }), foot("e", "gb", { position: { x: 60, y: 24 }, facing: 270 })] });
    const s = declare({ ...s0, combats: { ...s0.combats, c2: { ...s0.combats["c1" as never]!, id: "c2", units: ["d", "e"] } } } as unknown as BattleState);
    expect(legalCombatActions(s)).toEqual([
      { type: "combat/disengage", unit: "a" },
      { type: "combat/disengage", unit: "d" },
    ]);
    const declared = { ...s, facts: { ...s.facts, movement: { ...s.facts.movement, disengaging: ["a"] } } } as unknown as BattleState;
    expect(legalCombatActions(declared)).toEqual([{ type: "combat/disengage", unit: "d" }]);
    const shaken = { ...s, units: { ...s.units, d: { ...u(s, "d"), order: "DISORDERED" } } } as unknown as BattleState;
    expect(legalCombatActions(shaken)).toEqual([{ type: "combat/disengage", unit: "a" }]);
    const gbTurn = { ...s, turn: { ...s.turn, activeSide: "gb" } } as unknown as BattleState;
    expect(legalCombatActions(gbTurn)).toEqual([
      { type: "combat/disengage", unit: "b" },
      { type: "combat/disengage", unit: "e" },
    ]);
    expect(legalCombatActions({ ...s, turn: { ...s.turn, step: "compulsory" } } as unknown as BattleState)).toEqual([]);
  });

  it("CORE-PURS-1: a restraint decision offers pursuit, then holding", () => {
    const s = engaged();
    const p = { ...s, pending: [{ kind: "restraint", side: "gb", unit: "b", targets: ["a"], rule: "CORE-PURS-1" }] } as unknown as BattleState;
    expect(legalCombatActions(p)).toEqual([
      { type: "combat/restrain", unit: "b", pursue: true },
      { type: "combat/restrain", unit: "b", pursue: false },
    ]);
  });

  it("CORE-CHAL-1 / CORE-CHAL-2: a challenge offers none then each of the side's characters; an answer likewise", () => {
    const s = withHeroes();
    const offer = { ...s, pending: [{ kind: "challenge", side: "fr", unit: null, targets: ["a", "b"], rule: "CORE-CHAL-1" }] } as unknown as BattleState;
    expect(legalCombatActions(offer)).toEqual([
      { type: "combat/challenge", combat: "c1", challenger: null },
      { type: "combat/challenge", combat: "c1", challenger: "ney" },
    ]);
    const answer = { ...s, pending: [{ kind: "challengeAnswer", side: "gb", unit: null, targets: ["a", "b"], rule: "CORE-CHAL-2" }] } as unknown as BattleState;
    expect(legalCombatActions(answer)).toEqual([
      { type: "combat/answerChallenge", combat: "c1", champion: null },
      { type: "combat/answerChallenge", combat: "c1", champion: "hill" },
      { type: "combat/answerChallenge", combat: "c1", champion: "pic" },
    ]);
    // A decision naming units of no combat, or no units, or of another kind: nothing to offer.
    expect(legalCombatActions({ ...offer, pending: [{ ...offer.pending[0]!, targets: ["a", "zz"] }] } as unknown as BattleState)).toEqual([]);
    expect(legalCombatActions({ ...offer, pending: [{ ...offer.pending[0]!, targets: [] }] } as unknown as BattleState)).toEqual([]);
    expect(legalCombatActions({ ...offer, pending: [{ ...offer.pending[0]!, kind: "chargeResponse" }] } as unknown as BattleState)).toEqual([]);
    expect(legalCombatActions({ ...offer, pending: [{ ...offer.pending[0]!, kind: "restraint", unit: null }] } as unknown as BattleState)).toEqual([]);
    // The combat is found by its units wherever it stands in the record.
    const c1 = s.combats["c1" as never]!;
    const two = { ...offer, combats: { c0: { ...c1, id: "c0", units: ["a", "x"] }, c1 } } as unknown as BattleState;
    expect(legalCombatActions(two)).toEqual(legalCombatActions(offer));
  });

  it("CORE-REDR-1 / CORE-CC-2: redress and split decisions list their answers for the deciding unit, the default first", () => {
    const s = engaged();
    const r = { ...s, pending: [{ kind: "redress", side: "fr", unit: "a", targets: ["b"], rule: "CORE-REDR-1" }] } as unknown as BattleState;
    expect(legalCombatActions(r)).toEqual([9, 8, 7, 6, 5].map((files) => ({ type: "combat/redress", unit: "a", files })));
    expect(legalCombatActions({ ...r, pending: [{ ...r.pending[0]!, unit: null }] } as unknown as BattleState)).toEqual([]);
    const s0 = engaged({}, { files: 3, figures: 12, position: { x: 36 - 1.2, y: 24 } }, { units: [foot("c", "gb", { files: 3, figures: 12, position: { x: 36 + 1.2, y: 24 }, facing: 270 })], options: { core: { ownerChoices: "ask" } } });
    const three = { ...s0, combats: { c1: { ...s0.combats["c1" as never]!, units: ["a", "b", "c"] } } } as unknown as BattleState;
    const sp = { ...three, pending: [{ kind: "attackSplit", side: "fr", unit: "a", targets: ["b", "c"], rule: "CORE-CC-2", batch: ["c1"], splits: [] }] } as unknown as BattleState;
    expect(legalCombatActions(sp)).toEqual([
      { type: "combat/splitAttacks", unit: "a", split: { b: 1, c: 0 } },
      { type: "combat/splitAttacks", unit: "a", split: { b: 0, c: 1 } },
    ]);
    expect(legalCombatActions({ ...sp, pending: [{ ...sp.pending[0]!, unit: null }] } as unknown as BattleState)).toEqual([]);
    const cc = { ...s, pending: [{ kind: "casualtyChoice", side: "fr", unit: null, targets: [], rule: "WHN-FORM-8", casualties: 1, batch: [] }] } as unknown as BattleState;
    expect(legalCombatActions(cc)).toEqual([]);
  });
});

describe("the phase driver (combat/drive.ts)", () => {
  it("CORE-CHAL-1: a combat with characters on both sides waits for the active side's challenge", () => {
    const s = withHeroes();
    expect(challengeDecision(s, "c1" as never)).toEqual({ kind: "challenge", side: "fr", unit: null, targets: ["a", "b"], rule: "CORE-CHAL-1" });
    expect(challengeDecision(s, "c9" as never)).toBeNull();
    expect(challengeDecision(engaged(), "c1" as never)).toBeNull();
    const x = scripted(s, []);
    const out = drive(s, x.r);
    expect(out.pending).toEqual([{ kind: "challenge", side: "fr", unit: null, targets: ["a", "b"], rule: "CORE-CHAL-1" }]);
    expect(x.events()).toEqual([]);
  });

  it("CORE-CHAL-2: once fr has issued, gb is asked to answer", () => {
    const s = step(withHeroes(), { challenges: { c1: { settled: false, issued: { side: "fr", challenger: "ney", retireIfRefused: "pic" }, declined: [], retired: [] } } });
    expect(challengeDecision(s, "c1" as never)).toEqual({ kind: "challengeAnswer", side: "gb", unit: null, targets: ["a", "b"], rule: "CORE-CHAL-2" });
  });

  it("CORE-CC-1: outside the phase, with a decision pending, or with nothing left to fight, the driver leaves the state alone", () => {
    const s = engaged();
    const x = scripted(s, []);
    const shooting = { ...s, turn: { ...s.turn, phase: "shooting" } } as unknown as BattleState;
    expect(drive(shooting, x.r)).toBe(shooting);
    const waiting = { ...s, pending: [{ kind: "restraint", side: "gb", unit: "b", targets: ["a"], rule: "CORE-PURS-1" }] } as unknown as BattleState;
    expect(drive(waiting, x.r)).toBe(waiting);
    const done = step(s, { fought: ["c1"] });
    expect(drive(done, x.r)).toBe(done);
    expect(x.events()).toEqual([]);
  });

  it("CORE-CC-1: a combat this very action already fought (its event recorded, not yet committed) is not fought again", () => {
    const s = engaged();
    const x = scripted(s, []);
    emit(x.r, "combat/roundFought", "CORE-CR-1", { combat: "c1", winner: "fr" });
    expect(drive(s, x.r)).toBe(s);
    // A challenge step already settled by an event of this action is not asked again either.
    const h = withHeroes();
    const y = scripted(h, []);
    emit(y.r, "combat/challengeAccepted", "CORE-CHAL-2", { combat: "c1", challenger: "ney", champion: "pic" });
    emit(y.r, "combat/roundFought", "CORE-CR-1", { combat: "c1", winner: "fr" });
    expect(drive(h, y.r)).toBe(h);
  });

  it("CORE-CC-1: a ready combat is fought at once", () => {
    const s = engaged({ profile: LD6 });
    const x = scripted(s, [...A_WINS_B_HOLDS, 1, 1, 1, 1, 1, 1]);
    const out = drive(s, x.r);
    expect(out).not.toBe(s);
    expect(x.events().filter((e) => e["type"] === "combat/roundFought")).toEqual([expect.objectContaining({ rule: "CORE-CR-1", combat: "c1" })]);
  });

  it("CORE-CC-2: with core.ownerChoices ask, a unit whose models touch two enemies is asked for its split before any blow", () => {
    const s0 = engaged({}, { files: 3, figures: 12, position: { x: 36 - 1.2, y: 24 } }, { units: [foot("c", "gb", { files: 3, figures: 12, position: { x: 36 + 1.2, y: 24 }, facing: 270 })], options: { core: { ownerChoices: "ask" } } });
    const s = { ...s0, combats: { c1: { ...s0.combats["c1" as never]!, units: ["a", "b", "c"] } } } as unknown as BattleState;
    const x = scripted(s, []);
    const out = drive(s, x.r);
    expect(out.pending).toEqual([{ kind: "attackSplit", side: "fr", unit: "a", targets: ["b", "c"], rule: "CORE-CC-2", batch: ["c1"], splits: [] }]);
    expect(x.events()).toEqual([]);
  });
});
