import { describe, expect, it } from "vitest";
import { apply, createBattleUnknown as createBattle, withScriptedDice, combatId, type BattleState, type BattleEvent } from "../../src/index.js";
import { buildRound } from "../../src/rules/whn/combat/index.js";
import { effectiveLeadership } from "../../src/rules/whn/leadership.js";
import { engaged } from "../fixtures/combat.js";
import { play, event, shootingBattle, shooterSetup, battalion, leader } from "../fixtures/shooting.js";

const CHAMPION = { M: 4, WS: 5, BS: 5, S: 4, T: 3, W: 1, I: 5, A: 3, Ld: 9 };
const I2 = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 2, A: 1, Ld: 6 };
const WITH_LEADER = { leader: true, standard: false, musician: false };
const strikes = (events: readonly BattleEvent[]) => events.filter((e) => e.type === "combat/strike");

describe("champions with their own profile (CORE-LEAD-1, AMB-111)", () => {
  it("CORE-LEAD-1 / CORE-LEAD-2: without a profile of his own the champion adds one attack to his unit's blows", () => {
    const s = engaged({ command: WITH_LEADER }, { profile: I2 });
    const st = buildRound(s, s.combats[combatId("c1")]!).input.strikers.filter((x) => x.owner === "a");
    expect(st).toMatchObject([{ id: "a>b", models: 5, attacks: 1, bonusAttacks: 1 }]);
  });

  it("CORE-LEAD-1 / AMB-111: a champion's own profile strikes as one model with his WS, S, A and I, and his unit's losses reach him last (CORE-LEAD-3)", () => {
    const s = engaged({ command: WITH_LEADER, champion: CHAMPION }, { profile: I2 });
    const st = buildRound(s, s.combats[combatId("c1")]!).input.strikers.filter((x) => x.owner === "a");
    // WS 5 against WS 3 hits on 3+; S 4 against T 3 wounds on 3+.
    expect(st).toMatchObject([
      { id: "a*champion>b", models: 1, attacks: 3, bonusAttacks: 0, initiative: 5, hitNeed: 3, woundNeed: 3 },
      { id: "a>b", models: 4, attacks: 1, bonusAttacks: 0, initiative: 3, hitNeed: 4, woundNeed: 4 },
    ]);
    // The champion (I5) strikes alone first: 6, 6, 1 to hit; 6, 1 to wound; no armour. Then the rank and file (I3) miss
    // with four 1s, and b's five fighters, one of them slain, strike four times (I2) and miss.
    const r = apply(withScriptedDice(s, [6, 6, 1, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, ...new Array<number>(30).fill(3)]), { type: "combat/fight" });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(strikes(r.events).map((e) => [e["strikers"], e["initiative"], e["attacks"], e["hits"], e["unsaved"]])).toEqual([
      [["a*champion>b"], 5, 3, 2, 1],
      [["a>b"], 3, 4, 0, 0],
      [["b>a"], 2, 4, 0, 0],
    ]);
  });

  it("WHN-LEAD-3 / AMB-111: the unit's Leadership is the best of its models, the champion's own line included", () => {
    const s = engaged({ command: WITH_LEADER, champion: CHAMPION }, {});
    expect(effectiveLeadership(s, s.units["a" as never]!).base).toBe(9);
    const none = engaged({ command: { leader: false, standard: false, musician: false }, champion: CHAMPION }, {});
    expect(effectiveLeadership(none, none.units["a" as never]!).base).toBe(6);
  });

  it("HR-VOLLEY-3 / AMB-93: the placement roll uses the champion's own BS", () => {
    const bows = { equipment: { missile: "bow" as const, melee: "handWeapon" as const }, figures: 20, files: 10 };
    const target = battalion("gb-1", "gb", { figures: 10, files: 5, formation: "LINE", position: { x: 36, y: 26 }, facing: 270, command: {} });
    const volley = { type: "shooting/volley", shooter: "fr-1", aim: { unit: "gb-1" } };
    const field = (over: object, characters: unknown[] = []): BattleState => shootingBattle([shooterSetup({ ...bows, ...over }), target], { options: { hr: { volley: true } }, characters: characters as never });
    // BS 5 at long range (−1): 3+.
    expect(event(play(field({ command: WITH_LEADER, champion: CHAMPION }), volley, [3, ...new Array<number>(10).fill(1)]).events, "shooting/volleyPlaced")).toMatchObject({ need: 3, hit: true });
    // A champion without a line of his own has the unit's BS 3: 5+.
    expect(event(play(field({ command: WITH_LEADER }), volley, [5, ...new Array<number>(10).fill(1)]).events, "shooting/volleyPlaced")).toMatchObject({ need: 5, hit: true });
    // Champion and a joined character: the best BS among them (the champion's 5 over the character's 4).
    const robin = leader("robin", "fr", { joinedTo: "fr-1", profile: { M: 4, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 8 }, position: { x: 36, y: 10 } });
    expect(event(play(field({ command: WITH_LEADER, champion: CHAMPION }, [robin]), volley, [3, ...new Array<number>(10).fill(1)]).events, "shooting/volleyPlaced")).toMatchObject({ need: 3 });
  });

  it("CORE-LEAD-1: a unit setup's champion defaults to null and must be a full profile", () => {
    const setup = (champion: unknown) => ({ seed: 1, sides: [{ id: "fr", name: "F" }, { id: "gb", name: "B" }], units: [battalion("fr-1", "fr", champion === undefined ? {} : { champion } as never)] });
    const ok = createBattle(setup(undefined));
    expect(ok.ok && ok.value.units["fr-1" as never]!.champion).toBe(null);
    expect(createBattle(setup({ WS: 5 })).ok).toBe(false);
  });
});
