import { describe, expect, it } from "vitest";
import { applyUnknown as apply, withScriptedDice, combatId, type BattleState, type BattleEvent } from "../../src/index.js";
import { buildRound } from "../../src/rules/whn/combat/index.js";
import { legalCombatActions } from "../../src/rules/whn/combat/legal.js";
import { engaged } from "../fixtures/combat.js";

const CHAMPION = { M: 4, WS: 5, BS: 5, S: 4, T: 3, W: 1, I: 5, A: 3, Ld: 9 };
const I2 = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 2, A: 1, Ld: 6 };
const WITH_LEADER = { leader: true, standard: false, musician: false };
const C1 = combatId("c1");
/** Misses with every 1 and 2 (hits need 4+), and roll-offs never tie. */
const ONE_TWO = Array.from({ length: 200 }, (_, i) => 1 + (i % 2));
const hero = (id: string, side: string, joinedTo: string, profile: object) => ({ id, side, name: id, profile, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo });
const PIC = { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 6, A: 3, Ld: 9 };

const ok = (s: BattleState, action: unknown): { state: BattleState; events: readonly BattleEvent[] } => {
  const r = apply(s, action);
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return r;
};
const ev = (events: readonly BattleEvent[], type: string) => events.filter((e) => e.type === type);
/** The battle at the end of fr's shooting phase, so the next advance opens the close combat phase. */
const beforeCombat = (s: BattleState): BattleState => ({ ...s, turn: { ...s.turn, phase: "shooting" } });
/** fr's unit `a` has a champion of its own; gb's unit `b` has the character "pic". */
const field = (): BattleState => engaged({ command: WITH_LEADER, champion: CHAMPION, profile: I2 }, { profile: I2 }, { characters: [hero("pic", "gb", "b", PIC)] });

describe("champions in challenges (CORE-CHAL-1…3, CORE-LEAD-1, AMB-111)", () => {
  it("CORE-CHAL-1 / AMB-111: a champion with a profile of his own may issue a challenge, named by his unit's id; CORE-CHAL-2: a character accepts", () => {
    const r0 = ok(beforeCombat(field()), { type: "turn/advance" });
    expect(r0.state.pending[0]).toMatchObject({ kind: "challenge", side: "fr", rule: "CORE-CHAL-1" });
    expect(legalCombatActions(r0.state)).toContainEqual({ type: "combat/challenge", combat: "c1", challenger: "a" });
    const r1 = ok(r0.state, { type: "combat/challenge", combat: "c1", challenger: "a" });
    expect(ev(r1.events, "combat/challengeIssued")[0]).toMatchObject({ challenger: "a" });
    expect(r1.state.pending[0]).toMatchObject({ kind: "challengeAnswer", side: "gb" });
    const r2 = ok(withScriptedDice(r1.state, ONE_TWO), { type: "combat/answerChallenge", combat: "c1", champion: "pic" });
    expect(ev(r2.events, "combat/challengeAccepted")[0]).toMatchObject({ challenger: "a", champion: "pic" });
    expect(r2.state.facts.duels[C1]).toEqual({ a: "a", b: "pic" });
  });

  it("CORE-CHAL-3 / AMB-111: in a challenge the champion strikes only his foe with his own WS, S, A and I, is hit with his own T, and his unit fights on without him", () => {
    const s0 = field();
    const s: BattleState = { ...s0, facts: { ...s0.facts, duels: { [C1]: { a: "a", b: "pic" } } } as BattleState["facts"] };
    const built = buildRound(s, s.combats[C1]!).input;
    const byId = new Map(built.strikers.map((x) => [x.id, x]));
    // WS 5 against WS 5 hits on 4+; S 4 against T 4 wounds on 4+; three attacks at I 5 (CORE-LEAD-2's +1 is not his: he has a line of his own).
    expect(byId.get("a*champion>pic")).toMatchObject({ owner: "a*champion", target: "pic", models: 1, attacks: 3, bonusAttacks: 0, initiative: 5, hitNeed: 4, woundNeed: 4 });
    // The character hits the champion with S 4 against the champion's T 3: 3+.
    expect(byId.get("pic>a*champion")).toMatchObject({ target: "a*champion", attacks: 3, initiative: 6, hitNeed: 4, woundNeed: 3 });
    // Five of a's models touch b: the champion is one of them, so four strike b, with no leader's bonus.
    expect(byId.get("a>b")).toMatchObject({ models: 4, attacks: 1, bonusAttacks: 0 });
    expect(built.strikers.filter((x) => x.target === "a*champion" || x.owner === "pic" || x.target === "pic").map((x) => x.id).sort()).toEqual(["a*champion>pic", "pic>a*champion"]);
    expect(built.victims.filter((v) => v.id.startsWith("a"))).toMatchObject([
      { id: "a*champion", kind: "character", models: 1, wounds: 1 },
      { id: "a", kind: "unit", models: 19 },
    ]);
  });

  it("CORE-CHAL-3 / CORE-LEAD-1: a champion slain in a challenge takes his unit's leader off, and the wounds count for the result", () => {
    const r1 = ok(ok(beforeCombat(field()), { type: "turn/advance" }).state, { type: "combat/challenge", combat: "c1", challenger: "a" });
    // pic (I 6) strikes first: three hits (4+), three wounds (3+), no armour to save. The champion dies before he strikes;
    // the rank and file of both sides (I 2) then miss with 1s, and a passes its Break test with 1, 1.
    const r2 = ok(withScriptedDice(r1.state, [6, 6, 6, 6, 6, 6, ...ONE_TWO]), { type: "combat/answerChallenge", combat: "c1", champion: "pic" });
    const strikes = ev(r2.events, "combat/strike").map((e) => [e["strikers"], e["attacks"], e["hits"], e["unsaved"]]);
    expect(strikes.slice(0, 2)).toEqual([
      [["pic>a*champion"], 3, 3, 3],
      [["a*champion>pic"], 0, 0, 0],
    ]);
    expect(ev(r2.events, "combat/casualties")[0]).toMatchObject({ unit: "a", removed: 1, figures: 19, commandLost: ["leader"] });
    const a = r2.state.units["a" as never]!;
    expect([a.figures, a.command.leader]).toEqual([19, false]);
    expect(ev(r2.events, "combat/roundFought")[0]).toMatchObject({ winner: "gb", margin: 1 });
    // His one wound counts (no overkill beyond his W), against ranks equal on both sides.
    const fought = ev(r2.events, "combat/roundFought")[0]!;
    expect((fought["scores"] as { wounds: number; ranks: number }[]).map((x) => [x.wounds, x.ranks])).toEqual([[0, 3], [1, 3]]);
  });

  it("CORE-CHAL-1 / AMB-111: a character's challenge may be accepted by an enemy champion, and a unit leader without a profile of his own never fights one", () => {
    const s = engaged({ profile: I2 }, { command: WITH_LEADER, champion: CHAMPION, profile: I2 }, { characters: [hero("ney", "fr", "a", PIC)] });
    const r1 = ok(ok(beforeCombat(s), { type: "turn/advance" }).state, { type: "combat/challenge", combat: "c1", challenger: "ney" });
    expect(legalCombatActions(r1.state)).toContainEqual({ type: "combat/answerChallenge", combat: "c1", champion: "b" });
    // Leaders with the unit's own profile: no challenge step, the round is fought at once.
    const plain = engaged({ command: WITH_LEADER, profile: I2 }, { command: WITH_LEADER, profile: I2 });
    const r = ok(withScriptedDice(beforeCombat(plain), ONE_TWO), { type: "turn/advance" });
    expect(r.state.pending.filter((d) => d.kind === "challenge")).toEqual([]);
    expect(ev(r.events, "combat/roundFought")).toHaveLength(1);
  });
});
