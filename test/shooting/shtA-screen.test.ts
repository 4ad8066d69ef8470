/**
 * The two-score to-hit roll of HR-COVER-3 (damage.ts `rollShotAgainst`) die by die, the whole event
 * list of a fire whose misses a unit in the way catches, and a shooter that changed formation
 * (sightlines.ts `movedThisTurn`).
 */
import { describe, expect, it } from "vitest";
import type { BattleEvent } from "../../src/index.js";
import { roller, scriptedDice, type Dice } from "../../src/dice/index.js";
import { rollShotAgainst } from "../../src/rules/whn/shooting/damage.js";
import { movedThisTurn } from "../../src/rules/whn/shooting/sightlines.js";
import { battalion, duel, fire, patchUnit, play, shooterSetup, shootingBattle, targetSetup, unit } from "../fixtures/shooting.js";
import { legal, read } from "../fixtures/shtA.js";

const dice = (d6: readonly number[]): Dice => roller(scriptedDice([...d6, 2, 2, 2]));
const plain = (events: readonly BattleEvent[]) => events.map(({ seq: _s, gameTurn: _g, ...e }) => e);

describe("one roll against two scores (HR-COVER-3, AMB-52)", () => {
  it("HR-COVER-3: passing the score with cover hits the target; passing only the one without hits the screen", () => {
    const d = dice([6, 4, 6, 3, 5, 4]);
    expect(rollShotAgainst(d, 5, 7)).toBe("target");
    expect(rollShotAgainst(d, 5, 7)).toBe("screen");
    expect(rollShotAgainst(d, 5, 7)).toBe("screen");
    expect(rollShotAgainst(d, 5, 7)).toBe("miss");
    expect(d.d6()).toBe(2);
  });

  it("HR-COVER-3: with both scores above 6, the follow-up die decides target, screen or miss", () => {
    const d = dice([6, 5, 6, 4, 6, 3, 5]);
    expect(rollShotAgainst(d, 7, 8)).toBe("target");
    expect(rollShotAgainst(d, 7, 8)).toBe("screen");
    expect(rollShotAgainst(d, 7, 8)).toBe("miss");
    expect(rollShotAgainst(d, 7, 8)).toBe("miss");
    expect(d.d6()).toBe(2);
  });

  it("HR-COVER-3: a target out of reach (10+) leaves only the screen, with no follow-up die", () => {
    const d = dice([6, 4]);
    expect(rollShotAgainst(d, 5, 10)).toBe("screen");
    expect(rollShotAgainst(d, 5, 10)).toBe("miss");
    expect(d.d6()).toBe(2);
  });

  it("HR-COVER-3: when even the score without cover is out of reach, nothing is rolled", () => {
    const d = dice([6]);
    expect(rollShotAgainst(d, 10, 11)).toBe("miss");
    expect(d.d6()).toBe(6);
  });
});

describe("a fire with a unit in the way (HR-COVER-3)", () => {
  it("HR-COVER-3: the hits, wounds, saves and losses of the target and of the screen, in order", () => {
    const screen = battalion("gb-2", "gb", { figures: 6, files: 6, light: true, formation: "LINE", position: { x: 36, y: 15 }, facing: 270, command: {} });
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10), screen], { options: { hr: { cover: true } } } as never);
    const r = play(s, fire("fr-1", "gb-1"), [6, 4, 6, 3, 5, 4, 1, 1, 6, 6, 6, 1, 1, 1, 1]);
    const ev = plain(r.events);
    expect(ev.slice(1, 8)).toEqual([
      { type: "shooting/hits", rule: "CORE-SHOOT-3", shooter: "fr-1", rolls: 6, need: 7, hits: 1, screenHits: 2 },
      { type: "shooting/wounds", rule: "CORE-WOUND-1", unit: "gb-1", hits: 1, need: 4, wounds: 1 },
      { type: "shooting/wounds", rule: "CORE-WOUND-1", unit: "gb-2", hits: 2, need: 4, wounds: 2 },
      { type: "shooting/saves", rule: "CORE-SAVE-1", unit: "gb-1", wounds: 1, need: null, saved: 0 },
      { type: "shooting/saves", rule: "CORE-SAVE-1", unit: "gb-2", wounds: 2, need: null, saved: 0 },
      { type: "unit/casualties", rule: "WHN-FORM-8", unit: "gb-1", removed: 1, wounds: 1, figures: 9, commandLost: [] },
      { type: "unit/casualties", rule: "WHN-FORM-8", unit: "gb-2", removed: 2, wounds: 2, figures: 4, commandLost: [] },
    ]);
    expect(ev[0]).toMatchObject({ type: "shooting/fired", cover: "hard", need: 7 });
    expect(unit(r.state, "gb-2").figures).toBe(4);
  });
});

describe("moved this turn (WHN-SHOOT-8)", () => {
  it("WHN-SHOOT-8: a move, a formation change or a failed charge counts as moving; nothing else does", () => {
    const u = unit(duel(10), "fr-1");
    expect(movedThisTurn(u)).toBe(false);
    expect(movedThisTurn({ ...u, flags: { ...u.flags, moved: true } })).toBe(true);
    expect(movedThisTurn({ ...u, flags: { ...u.flags, formationChanges: 1 } })).toBe(true);
    expect(movedThisTurn({ ...u, flags: { ...u.flags, failedCharge: true } })).toBe(true);
  });

  it("WHN-SHOOT-8: a line that changed formation fires its front rank at −1", () => {
    const s = duel(10);
    const changed = patchUnit(s, "fr-1", { flags: { ...unit(s, "fr-1").flags, formationChanges: 1 } });
    const r = legal(read(changed, "fr-1", "gb-1"));
    expect(r.firers).toEqual({ count: 4, rule: "WHN-SHOOT-9" });
    expect(r.toHit.need).toBe(6);
  });
});
