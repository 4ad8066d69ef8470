import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { findContacts } from "../../src/rules/whn/combat/contacts.js";
import { engaged, foot } from "../fixtures/combat.js";

const W = 20 / 25.4;

/**
 * b (gb, 3 files × 3 ranks) faces south with its front edge on y = 24; c (fr, one rank of 4) stands
 * along one of b's sides facing it, its front rank shifted by `dy` along that side. (a is far away.)
 */
function alongside(side: "east" | "west", dy: number): BattleState {
  const x = side === "east" ? 36 + 1.5 * W : 36 - 1.5 * W;
  return engaged({ position: { x: 10, y: 10 } }, { files: 3, figures: 9 }, { units: [foot("c", "fr", { files: 4, figures: 4, position: { x, y: 24 + dy }, facing: side === "east" ? 180 : 0 })] });
}
const contactsOf = (s: BattleState) => findContacts([s.units["b" as never]!, s.units["c" as never]!]);

describe("findContacts: a unit wrapped round an enemy's corner (CORE-GEO-14, CORE-REDR-3)", () => {
  it("CORE-GEO-14: one model ahead of b's front edge and three beside its left side lap round: fought on the front, lapping", () => {
    expect(contactsOf(alongside("east", W))).toEqual([
      { unit: "b", enemy: "c", models: [0, 3, 6], enemyFace: "front", ownFace: "left", lapping: false },
      { unit: "c", enemy: "b", models: [0, 1, 2, 3], enemyFace: "front", ownFace: "front", lapping: true },
    ]);
  });

  it("CORE-GEO-14: the same on b's right side laps too", () => {
    expect(contactsOf(alongside("west", W))).toEqual([
      { unit: "b", enemy: "c", models: [2, 5, 8], enemyFace: "front", ownFace: "right", lapping: false },
      { unit: "c", enemy: "b", models: [0, 1, 2, 3], enemyFace: "front", ownFace: "front", lapping: true },
    ]);
  });

  it("CORE-GEO-14: beside the side and past the rear corner, but not ahead of the front, is a flank contact, no lap", () => {
    expect(contactsOf(alongside("east", 2 * W))).toEqual([
      { unit: "b", enemy: "c", models: [0, 3, 6], enemyFace: "front", ownFace: "left", lapping: false },
      { unit: "c", enemy: "b", models: [0, 1, 2, 3], enemyFace: "left", ownFace: "front", lapping: false },
    ]);
  });
});
