/**
 * shtB, from the Stryker sample seed 101 on situation.ts: a joined character in a square shows no
 * flank (CORE-LOS-1 with WHN-SHOOT-10's squares), and a formed target's terrain cover is read model
 * by model, not from its block's centre (CORE-GEO-17).
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { leader, shooterSetup, shootingBattle, targetSetup } from "../fixtures/shooting.js";
import { legal, read, refusal } from "../fixtures/shtA.js";

describe("CORE-LOS-1: a joined character's unit must face the shooters, unless it is a square", () => {
  const ney = leader("ney", "gb", { joinedTo: "gb-1", position: { x: 36, y: 22 }, facing: 0 });
  it("CORE-LOS-1: ney's unit turned side-on is refused naming the side; the same unit in square, turned the same way, is not", () => {
    const line = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10, { facing: 0, position: { x: 34, y: 22 } })], { characters: [ney] });
    expect(refusal(read(line, "fr-1", "ney"))).toEqual({ code: "shooting/character_not_exposed", rule: "CORE-LOS-1", character: "ney", side: "right" });
    const sq = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10, { facing: 0, formation: "SQUARE", figures: 16, files: 4, position: { x: 36, y: 22 } })], { characters: [ney] });
    expect(legal(read(sq, "fr-1", "ney")).target).toMatchObject({ kind: "joinedCharacter", unit: { id: "gb-1" }, character: { id: "ney" } });
  });
});

describe("CORE-GEO-17: a formed target's cover is counted model by model", () => {
  // Soft cover (a hedge) only around the middle file of gb-1's two ranks: 2 of its 10 models.
  const HEDGE = { id: "hedge", kind: "hedge", polygon: [{ x: 35.7, y: 19.5 }, { x: 36.3, y: 19.5 }, { x: 36.3, y: 22 }, { x: 35.7, y: 22 }], tags: { softCover: true } };
  it("CORE-GEO-17: 2 of 10 models behind the hedge give no cover; the whole front behind it gives soft cover", () => {
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10)], { terrain: [HEDGE] } as never) as BattleState;
    expect(legal(read(s, "fr-1", "gb-1")).cover).toEqual({ terrain: "none", units: "none", screening: [] });
    const WIDE = { ...HEDGE, polygon: [{ x: 30, y: 19.5 }, { x: 42, y: 19.5 }, { x: 42, y: 19.9 }, { x: 30, y: 19.9 }] };
    const t = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10)], { terrain: [WIDE] } as never) as BattleState;
    expect(legal(read(t, "fr-1", "gb-1")).cover).toEqual({ terrain: "soft", units: "none", screening: [] });
  });
});
