/**
 * A template volley that kills some skirmishers when their owner picks the losses (WHN-FORM-8,
 * HR-VOLLEY-9, `core.ownerChoices: "ask"`): the fire stops with one decision naming the archers,
 * no model removed and no Panic test yet.
 */
import { describe, expect, it } from "vitest";
import type { BattleSetup } from "../../src/state/setup.js";
import { play, shooterSetup, shootingBattle, battalion, unit } from "../fixtures/shooting.js";

const far = {
  formation: "EXTENDED_ORDER",
  light: true,
  extendedOrderAllowed: true,
  position: { x: 36, y: 27 },
  models: Array.from({ length: 10 }, (_, i) => ({ x: 36 + ((i % 5) - 2) * 1.6, y: 27.35 + Math.floor(i / 5) * 1.6, facing: 270 })),
} as const;

describe("volley losses picked by the owner (WHN-FORM-8, HR-VOLLEY-9)", () => {
  it("WHN-FORM-8: the volley pauses with the decision; nothing removed, no Panic test", () => {
    const s = shootingBattle(
      [shooterSetup({ equipment: { missile: "bow", melee: "handWeapon" }, figures: 20, files: 10 }), battalion("gb-1", "gb", { figures: 10, files: 5, command: {}, facing: 270, ...far } as never)],
      { options: { hr: { volley: true }, core: { ownerChoices: "ask" } } } as Partial<BattleSetup>,
    );
    const r = play(s, { type: "shooting/volley", shooter: "fr-1", aim: { x: 36, y: 28 } }, [6, 6, 4, 6, 4, 1, 1, 1, 1, 6, 6]);
    const rolls = r.events.find((e) => e.type === "shooting/volleyRolls") as unknown as { allocation: { unit: string; rolls: number }[] };
    expect(rolls.allocation).toEqual([{ unit: "gb-1", rolls: 6 }]);
    expect(r.state.pending).toEqual([
      { kind: "casualtyChoice", side: "gb", unit: "gb-1", targets: ["fr-1"], rule: "WHN-FORM-8", casualties: 2, from: { x: 36, y: 10 }, panic: ["gb-1"] },
    ]);
    expect(unit(r.state, "gb-1").figures).toBe(10);
    expect(unit(r.state, "fr-1").flags.shot).toBe(true);
    expect(r.events.some((e) => e.type === "unit/casualties" || e.type === "morale/panicTest")).toBe(false);
  });
});
