import { describe, expect, it } from "vitest";
import { combatId, type BattleState } from "../../src/index.js";
import { buildRound } from "../../src/rules/whn/combat/index.js";
import { engaged } from "../fixtures/combat.js";

const C1 = combatId("c1");
const CHAMPION = { M: 8, WS: 5, BS: 5, S: 4, T: 3, W: 1, I: 5, A: 3, Ld: 9 };
const HERO = { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 6, A: 2, Ld: 9 };
const HORSE = { troopType: "cavalry" as const, base: { w: 25 / 25.4, d: 50 / 25.4 }, formation: "CAV_LINE" as const, files: 5, figures: 10, profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 } };
const WITH_LEADER = { leader: true, standard: false, musician: false };
const hero = (id: string, side: string, joinedTo: string | null) => ({ id, side, name: id, profile: HERO, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo });
const withDuel = (s: BattleState, a: string, b: string): BattleState => ({ ...s, facts: { ...s.facts, duels: { [C1]: { a, b } } } as BattleState["facts"] });
const strikers = (s: BattleState) => buildRound(s, s.combats[C1]!).input.strikers;

describe("characters in a challenge (CORE-CHAL-3, WHN-CC-4)", () => {
  it("CORE-CHAL-3 / WHN-CC-4: a foot character duelling a horse regiment's champion strikes in the plain tier (he is no square)", () => {
    const s = withDuel(engaged({ ...HORSE, command: WITH_LEADER, champion: CHAMPION }, {}, { characters: [hero("h", "gb", "b")] }), "a", "h");
    const h = strikers(s).find((x) => x.id === "h>a*champion");
    expect(h).toMatchObject({ owner: "h", target: "a*champion", models: 1, attacks: 2, bonusAttacks: 0, initiative: 6, tier: 2 });
  });

  it("CORE-CHAL-3: a duel whose other party is with no unit is no duel: the character fights beside his unit", () => {
    const s = withDuel(engaged({}, {}, { characters: [hero("h", "gb", "b"), hero("gone", "fr", null)] }), "gone", "h");
    expect(strikers(s).map((x) => x.id)).toEqual(["a>b", "b>a", "h>a"]);
  });

  it("WHN-CC-4: a foot character beside his unit against horse strikes in the plain tier too", () => {
    const s = engaged({ ...HORSE }, {}, { characters: [hero("h", "gb", "b")] });
    expect(strikers(s).find((x) => x.id === "h>a")).toMatchObject({ owner: "h", target: "a", models: 1, attacks: 2, initiative: 6, tier: 2 });
  });
});
