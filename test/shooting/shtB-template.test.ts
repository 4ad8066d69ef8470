/**
 * shtB, from the Stryker sample seed 102 on template.ts: a short-bow volley aimed just past half
 * range that scatters back onto the archers' own front rank touches no one else: the shooters are
 * never among the units touched (HR-VOLLEY-4 as the code reads it: the spec says "every unit (friend
 * or foe)" and is silent on the firing unit itself; see the shtB report), so nothing is rolled.
 */
import { describe, expect, it } from "vitest";
import type { BattleEvent } from "../../src/index.js";
import type { BattleSetup } from "../../src/state/setup.js";
import { battalion, play, shooterSetup, shootingBattle } from "../fixtures/shooting.js";

const plain = (events: readonly BattleEvent[]) => events.map(({ seq: _s, gameTurn: _g, ...e }) => e);

describe("HR-VOLLEY-4: the archers never count among the units the template touches", () => {
  it("HR-VOLLEY-4: aimed 8.05\" off with short bows, missed and scattered 6\" back: the template covers the front rank, yet no unit is touched", () => {
    const s = shootingBattle(
      [shooterSetup({ equipment: { missile: "shortBow", melee: "handWeapon" }, figures: 20, files: 10 }), battalion("gb-1", "gb", { figures: 10, files: 5, formation: "LINE", position: { x: 4, y: 40 }, facing: 270, command: {} })],
      { options: { hr: { volley: true } } } as Partial<BattleSetup>,
    );
    const r = play(s, { type: "shooting/volley", shooter: "fr-1", aim: { x: 36, y: 18.05 } }, [1, 6, 6], [270]);
    const ev = plain(r.events);
    expect(ev[0]).toEqual({ type: "shooting/volleyPlaced", rule: "HR-VOLLEY-3", shooter: "fr-1", aim: { x: 36, y: 18.05 }, need: 5, hit: false, scatter: { distance: 6, angle: 270 }, centre: { x: 36, y: 12.05 } });
    expect(ev.map((e) => e.type)).toEqual(["shooting/volleyPlaced", "shooting/volleyRolls"]);
    expect(ev[1]).toEqual({ type: "shooting/volleyRolls", rule: "HR-VOLLEY-6", shooter: "fr-1", shooters: 20, touched: [], allocation: [], mode: "roundRobin" });
  });
});
