/**
 * Loose ends of situation.ts and template.ts: the reading's memory keeps a square's faces apart on
 * one state, refusals at a picked-out character name him, a volley's per-unit cover and a
 * disordered unit's Toughness under the template.
 */
import { describe, expect, it } from "vitest";
import type { BattleEvent, UnitSetup } from "../../src/index.js";
import type { BattleSetup } from "../../src/state/setup.js";
import { battalion, leader, play, shooterSetup, shootingBattle, targetSetup } from "../fixtures/shooting.js";
import { read, refusal, legal } from "../fixtures/shtA.js";

const plain = (events: readonly BattleEvent[]) => events.map(({ seq: _s, gameTurn: _g, ...e }) => e);

describe("the memory of readings on one state (WHN-SHOOT-10)", () => {
  it("WHN-SHOOT-10: an asked face and no face are read apart, in either order, on the same state", () => {
    const s = shootingBattle([shooterSetup({ formation: "SQUARE", figures: 16, files: 4, initialVolleyUsed: true }), targetSetup(10)]);
    expect(legal(read(s, "fr-1", "gb-1")).face).toBe(0);
    expect(refusal(read(s, "fr-1", "gb-1", { face: 1 }))).toMatchObject({ code: "shooting/not_in_arc", face: 1 });
    expect(legal(read(s, "fr-1", "gb-1", { face: 0 })).face).toBe(0);
    const t = shootingBattle([shooterSetup({ formation: "SQUARE", figures: 16, files: 4, initialVolleyUsed: true }), targetSetup(10)]);
    expect(refusal(read(t, "fr-1", "gb-1", { face: 3 })).code).toBe("shooting/not_in_arc");
    expect(legal(read(t, "fr-1", "gb-1")).face).toBe(0);
  });
});

describe("refusals at a picked-out character name him (CORE-LOS-1)", () => {
  const withNey = (gap: number, over: Partial<BattleSetup> = {}) =>
    shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(gap)], {
      characters: [leader("ney", "gb", { joinedTo: "gb-1", position: { x: 36, y: 10 + gap }, facing: 270 })],
      ...over,
    } as Partial<BattleSetup>);

  it("WHN-SHOOT-3: out of range", () => {
    const v = refusal(read(withNey(30), "fr-1", "ney"));
    expect(v).toEqual({ code: "shooting/out_of_range", rule: "WHN-SHOOT-3", unit: "fr-1", target: "ney", max: 24, actual: v["actual"] });
  });

  it("CORE-GEO-16: out of sight", () => {
    const wood = { id: "wood", kind: "woods", polygon: [{ x: 30, y: 14 }, { x: 42, y: 14 }, { x: 42, y: 16 }, { x: 30, y: 16 }], tags: { blocksLos: true } };
    expect(refusal(read(withNey(10, { terrain: [wood] } as never), "fr-1", "ney"))).toEqual({
      code: "shooting/no_line_of_sight", rule: "CORE-GEO-16", unit: "fr-1", target: "ney", blockedBy: ["wood"],
    });
  });

  it("CORE-GEO-15: out of arc", () => {
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true, facing: 270, position: { x: 36, y: 10 - (20 / 25.4) * 2 } }), targetSetup(10)], {
      characters: [leader("ney", "gb", { joinedTo: "gb-1", position: { x: 36, y: 20 }, facing: 270 })],
    } as Partial<BattleSetup>);
    expect(refusal(read(s, "fr-1", "ney"))).toEqual({ code: "shooting/not_in_arc", rule: "CORE-GEO-15", unit: "fr-1", target: "ney" });
  });

  it("CORE-LOS-2: a mounted character saves as a horseman; his unit's scores are its own", () => {
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10)], {
      characters: [leader("ney", "gb", { joinedTo: "gb-1", position: { x: 36, y: 20 }, facing: 270, mounted: true })],
    } as Partial<BattleSetup>);
    const r = legal(read(s, "fr-1", "ney"));
    expect(r.scores).toEqual({ woundNeed: 4, saveNeed: null });
    expect(r.characterScores).toEqual({ woundNeed: 4, saveNeed: 6 });
  });
});

describe("a volley's cover and a disordered unit under it (HR-VOLLEY-9, WHN-DIS-2)", () => {
  const BOWS = { equipment: { missile: "bow" as const, melee: "handWeapon" as const } };
  const archers = (over: Partial<UnitSetup> = {}) => shooterSetup({ ...BOWS, figures: 20, files: 10, ...over });
  const foot = (over: Partial<UnitSetup> = {}) =>
    battalion("gb-1", "gb", { figures: 10, files: 5, formation: "LINE", position: { x: 36, y: 26 }, facing: 270, command: {}, ...over });

  it("HR-VOLLEY-9: a hedge in front of the unit hit gives it soft cover against the volley's rolls", () => {
    const hedge = { id: "hedge", kind: "hedge", polygon: [{ x: 30, y: 25 }, { x: 42, y: 25 }, { x: 42, y: 25.5 }, { x: 30, y: 25.5 }], tags: { softCover: true } };
    const s = shootingBattle([archers(), foot()], { options: { hr: { volley: true } }, terrain: [hedge] } as Partial<BattleSetup>);
    const r = play(s, { type: "shooting/volley", shooter: "fr-1", aim: { x: 36, y: 26.8 } }, [6, ...new Array<number>(10).fill(1)]);
    expect(plain(r.events)[2]).toEqual({ type: "shooting/hits", rule: "HR-VOLLEY-9", shooter: "fr-1", unit: "gb-1", rolls: 10, need: 6, hits: 0 });
  });

  it("WHN-DIS-2: a disordered unit under the template is wounded on 3+", () => {
    const s = shootingBattle([archers(), foot({ order: "DISORDERED" })], { options: { hr: { volley: true } } } as Partial<BattleSetup>);
    const r = play(s, { type: "shooting/volley", shooter: "fr-1", aim: { x: 36, y: 26.8 } }, [6, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
    expect(plain(r.events).slice(2, 4)).toEqual([
      { type: "shooting/hits", rule: "HR-VOLLEY-9", shooter: "fr-1", unit: "gb-1", rolls: 10, need: 5, hits: 1 },
      { type: "shooting/wounds", rule: "CORE-WOUND-1", unit: "gb-1", hits: 1, need: 3, wounds: 0 },
    ]);
  });
});
