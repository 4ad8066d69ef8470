import { describe, expect, it } from "vitest";
import { apply, combatId, type BattleState, type Unit } from "../../src/index.js";
import { buildRound } from "../../src/rules/whn/combat/index.js";
import { findContacts } from "../../src/rules/whn/combat/contacts.js";
import { engaged, foot } from "../fixtures/combat.js";

const W = 20 / 25.4;
const C1 = combatId("c1");
const CHAMPION = { M: 4, WS: 5, BS: 5, S: 4, T: 3, W: 1, I: 5, A: 3, Ld: 9 };
const HERO = { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 6, A: 2, Ld: 9 };
const WITH_LEADER = { leader: true, standard: false, musician: false };
const TWO_WEAPONS = { missile: null, melee: "twoHandWeapons" } as const;
const hero = (id: string, side: string, joinedTo: string, equipment: object = { missile: null, melee: "handWeapon" }) => ({ id, side, name: id, profile: HERO, equipment, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo });
const attacksOf = (s: BattleState) => Object.fromEntries(buildRound(s, s.combats[C1]!).input.strikers.map((x) => [x.id, [x.models, x.attacks, x.bonusAttacks]]));
const withDuel = (s: BattleState, a: string, b: string): BattleState => ({ ...s, facts: { ...s.facts, duels: { [C1]: { a, b } } } as BattleState["facts"] });

describe("CORE-WPN-2: an additional hand weapon adds one attack to every striker that carries it", () => {
  it("CORE-WPN-2 / CORE-LEAD-1 / AMB-111: the champion with his own profile strikes A + 1, his unit A + 1, a joined character A + 1", () => {
    const s = engaged({ command: WITH_LEADER, champion: CHAMPION, equipment: TWO_WEAPONS }, { equipment: TWO_WEAPONS }, { characters: [hero("h", "gb", "b", TWO_WEAPONS)] });
    expect(attacksOf(s)).toEqual({ "a*champion>b": [1, 4, 0], "a>b": [4, 2, 0], "b>a": [5, 2, 0], "h>a": [1, 3, 0] });
    const plain = engaged({ command: WITH_LEADER, champion: CHAMPION }, {}, { characters: [hero("h", "gb", "b")] });
    expect(attacksOf(plain)).toEqual({ "a*champion>b": [1, 3, 0], "a>b": [4, 1, 0], "b>a": [5, 1, 0], "h>a": [1, 2, 0] });
  });

  it("CORE-WPN-2 / CORE-CHAL-3: in a challenge the champion and the character each strike their own A + 1", () => {
    const s = withDuel(engaged({ command: WITH_LEADER, champion: CHAMPION, equipment: TWO_WEAPONS }, { equipment: TWO_WEAPONS }, { characters: [hero("h", "gb", "b", TWO_WEAPONS)] }), "a", "h");
    expect(attacksOf(s)).toEqual({ "a*champion>h": [1, 4, 0], "a>b": [4, 2, 0], "b>a": [5, 2, 0], "h>a*champion": [1, 3, 0] });
    const plain = withDuel(engaged({ command: WITH_LEADER, champion: CHAMPION }, {}, { characters: [hero("h", "gb", "b")] }), "a", "h");
    expect(attacksOf(plain)).toEqual({ "a*champion>h": [1, 3, 0], "a>b": [4, 1, 0], "b>a": [5, 1, 0], "h>a*champion": [1, 2, 0] });
  });
});

describe("CORE-CC-1 / CORE-CC-2: fighting one named combat with the owner asked for his split", () => {
  it("CORE-CC-2: combat/fight on c1 puts the split decision on the pending list and fights nothing yet", () => {
    const s = engaged({ files: 5, figures: 10 }, { files: 2, figures: 4, position: { x: 36 - W, y: 24 } }, { units: [foot("c", "gb", { files: 2, figures: 4, position: { x: 36 + W, y: 24 }, facing: 270 })], options: { core: { ownerChoices: "ask" } }, combat: { units: ["a", "b", "c"] as never } });
    const r = apply(s, { type: "combat/fight", combat: "c1" });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(r.state.pending).toEqual([{ kind: "attackSplit", side: "fr", unit: "a", targets: ["b", "c"], rule: "CORE-CC-2", batch: ["c1"], splits: [] }]);
    expect(r.state.units).toEqual(s.units);
    expect(r.state.combats).toEqual(s.combats);
    expect(r.state.turn).toEqual(s.turn);
    expect(r.events.map((e) => e.type)).toEqual([]);
  });
});
