import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { battleStandardReroll, leaderExtraAttacks, leaderFile, mayTakeFightingPlace, usesGeneralLeadership } from "../../src/rules/whn/morale/leaders.js";
import { battalion, battle, leader, patchUnit, unit } from "../fixtures/morale.js";

/** fr-1 (attack column, 4 files) front to front with gb-1. */
function scene(over: object = {}, chars: object[] = []): BattleState {
  return battle(
    [battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90, ...over }), battalion("gb-1", "gb", { position: { x: 36, y: 24 }, facing: 270 })],
    { characters: chars as never },
  );
}

describe("morA: unit leaders and the General (leaders.ts)", () => {
  it("CORE-LEAD-1: the leader stands in the middle file, the left one of the two middles on an even front", () => {
    const u = unit(scene(), "fr-1");
    expect(leaderFile(u)).toBe(1); // 4 files: 0 1 | 2 3
    expect(leaderFile({ ...u, files: 5 })).toBe(2);
    expect(leaderFile({ ...u, files: 6 })).toBe(2);
    expect(leaderFile({ ...u, files: 1 })).toBe(0);
    expect(leaderFile({ ...u, command: { ...u.command, leader: false } })).toBeNull();
  });

  it("CORE-LEAD-2: one extra attack while the leader lives, none without one or with no models left", () => {
    const u = unit(scene(), "fr-1");
    expect(leaderExtraAttacks(u)).toBe(1);
    expect(leaderExtraAttacks({ ...u, figures: 1 })).toBe(1);
    expect(leaderExtraAttacks({ ...u, figures: 0 })).toBe(0);
    expect(leaderExtraAttacks({ ...u, command: { ...u.command, leader: false } })).toBe(0);
  });

  it("CORE-LEAD-4, CORE-CHAR-7: a fighting place only for an engaged, not fleeing unit with a leader or a joined character", () => {
    const s = scene();
    expect(mayTakeFightingPlace(s, unit(s, "fr-1"))).toBe(true);
    const fleeing = patchUnit(s, "fr-1", { order: "FLEEING" });
    expect(mayTakeFightingPlace(fleeing, unit(fleeing, "fr-1"))).toBe(false);
    const apart = patchUnit(s, "gb-1", { position: { x: 36, y: 40 } });
    expect(mayTakeFightingPlace(apart, unit(apart, "fr-1"))).toBe(false);
    const noLeader = scene({ command: { leader: false, standard: true, musician: true } });
    expect(mayTakeFightingPlace(noLeader, unit(noLeader, "fr-1"))).toBe(false);
    const rider = scene({ command: { leader: false, standard: true, musician: true } }, [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 24 } })]);
    expect(mayTakeFightingPlace(rider, unit(rider, "fr-1"))).toBe(true);
  });

  it("CORE-GNRL-1 with WHN-LEAD-5, CORE-BSB-1 with WHN-GEN-3: WHN lends no General's Ld and has no battle standard; the core rules do", () => {
    const s = scene();
    expect([usesGeneralLeadership(s), battleStandardReroll(s)]).toEqual([false, false]);
    const core = { ...s, ruleset: "core" } as BattleState;
    expect([usesGeneralLeadership(core), battleStandardReroll(core)]).toEqual([true, true]);
  });
});
