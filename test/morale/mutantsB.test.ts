/**
 * Morale rules pinned case by case: each case below was written against a mutant that the seed-2
 * sampled mutation run (#17, docs/guides/trust.md "Mutation score") left alive.
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, withScriptedDice, type BattleState } from "../../src/index.js";
import { runStep } from "../../src/engine/apply.js";
import { formatViolation } from "../../src/engine/format.js";
import { moveCharacter } from "../../src/rules/whn/morale/characters.js";
import { mayTargetLoneCharacter } from "../../src/rules/whn/morale/los.js";
import { panicOdds, rallyOdds } from "../../src/rules/whn/morale/odds.js";
import { fleeingFriendsNear } from "../../src/rules/whn/morale/start.js";
import { fleeUnit } from "../../src/rules/whn/morale/flee.js";
import { leadershipPassChance } from "../../src/rules/whn/leadership.js";
import { atStep, battalion, battle, character, deepFreeze, leader, patchUnit, run, unit } from "../fixtures/morale.js";

const ENEMY = battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 });

/** fr-1 with Ney 2" to its right, in the French remaining-moves step. */
function scene(neyOver: object = {}): BattleState {
  return atStep(battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), ENEMY], { characters: [leader("ney", "fr", { position: { x: 40, y: 22 }, ...neyOver })] }), "fr", "remaining");
}

function refusal(s: BattleState, action: unknown): unknown {
  deepFreeze(s);
  const r = apply(withScriptedDice(s, []), action);
  expect(r.ok).toBe(false);
  return r.ok ? null : r.violation;
}

describe("characters (seed-2 mutation cases)", () => {
  it("CORE-CHAR-1: a removed character cannot move (the rule's own check, behind the engine's action/removed)", () => {
    const s = scene({ removed: { reason: "destroyed", gameTurn: 1 } });
    expect(refusal(s, { type: "morale/moveCharacter", character: "ney", to: { x: 41, y: 22 } })).toMatchObject({ code: "action/removed", character: "ney" });
    const r = runStep(s, (ctx) => moveCharacter(s, { type: "morale/moveCharacter", character: "ney" as never, to: { x: 41, y: 22 } }, ctx));
    expect(r.ok ? null : r.violation).toEqual({ code: "morale/unknown_character", rule: "CORE-CHAR-1", character: "ney" });
  });

  it("CORE-CHAR-1: a move off the table is refused naming the character and the point", () => {
    const s = scene({ position: { x: 1, y: 22 } });
    expect(refusal(s, { type: "morale/moveCharacter", character: "ney", to: { x: -1, y: 22 } })).toEqual({ code: "morale/off_table", rule: "CORE-CHAR-1", character: "ney", x: -1, y: 22 });
  });

  it("CORE-CHAR-3: the refusal to join an engaged unit reads as a sentence naming the unit", () => {
    expect(formatViolation({ code: "morale/unit_engaged", rule: "CORE-CHAR-3", unit: "fr-1" })).toBe("Unit fr-1 is engaged; a character reaches it only by charging. [CORE-CHAR-3]");
  });

  it("CORE-CHAR-4: a joined character moves with his unit, not on his own", () => {
    const s = scene({ joinedTo: "fr-1", joinedOnTurn: 0, position: { x: 36, y: 24 } });
    expect(refusal(s, { type: "morale/moveCharacter", character: "ney", to: { x: 37, y: 20 } })).toMatchObject({ code: "morale/joined", rule: "CORE-CHAR-4", character: "ney", unit: "fr-1" });
  });
});

describe("shooting at characters (seed-2 mutation cases)", () => {
  it("CORE-LOS-1: a friend of the shooters standing in the way hides a lone character", () => {
    const open = battle([battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270, formation: "LINE", files: 12 }), battalion("fr-1", "fr", { position: { x: 60, y: 10 }, facing: 90 })], {
      characters: [leader("ney", "fr", { position: { x: 36, y: 24 } })],
    });
    expect(mayTargetLoneCharacter(open, unit(open, "gb-1"), character(open, "ney"))).toBe(true);
    const screened = battle(
      [
        battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270, formation: "LINE", files: 12 }),
        battalion("gb-2", "gb", { position: { x: 36, y: 30 }, facing: 270, formation: "LINE", files: 12 }),
        battalion("fr-1", "fr", { position: { x: 60, y: 10 }, facing: 90 }),
      ],
      { characters: [leader("ney", "fr", { position: { x: 36, y: 24 } })] },
    );
    expect(mayTargetLoneCharacter(screened, unit(screened, "gb-1"), character(screened, "ney"))).toBe(false);
  });

  it("CORE-LOS-1: a lone character outside the shooters' arc cannot be targeted even with no enemy nearer", () => {
    const s = battle([battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270, formation: "LINE", files: 12 }), battalion("fr-1", "fr", { position: { x: 60, y: 10 }, facing: 90 })], {
      characters: [leader("ney", "fr", { position: { x: 36, y: 42 } })],
    });
    expect(mayTargetLoneCharacter(s, unit(s, "gb-1"), character(s, "ney"))).toBe(false);
  });
});

describe("morale odds (seed-2 mutation cases)", () => {
  const s0 = battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), ENEMY]);
  const P = leadershipPassChance;

  it("WHN-PANIC-3: a FLEEING unit is not tested: it stays FLEEING with certainty", () => {
    const f = patchUnit(s0, "fr-1", { order: "FLEEING" });
    expect(panicOdds(f, unit(f, "fr-1"))).toEqual({ target: 6, notTested: 1, passed: 0, disordered: 0, fled: 0, order: { GOOD: 0, DISORDERED: 0, FLEEING: 1 } });
  });

  it("WHN-RALLY-2: a FLEEING unit that fails its rally test stays FLEEING, never DISORDERED", () => {
    const f = patchUnit(s0, "fr-1", { order: "FLEEING" });
    expect(rallyOdds(f, unit(f, "fr-1"))).toEqual({ target: 6, allowed: true, rallied: P(6), failed: 1 - P(6), order: { GOOD: P(6), DISORDERED: 0, FLEEING: 1 - P(6) } });
  });
});

describe("start of turn (seed-2 mutation cases)", () => {
  it("CORE-PANIC-3: only fleeing friends within 4\" count, never a friend in good order nor the unit itself", () => {
    const s = battle([
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
      battalion("fr-2", "fr", { position: { x: 42, y: 24 }, facing: 90 }),
      battalion("fr-3", "fr", { position: { x: 30, y: 24 }, facing: 90, order: "FLEEING" }),
      ENEMY,
    ]);
    expect(fleeingFriendsNear(s, unit(s, "fr-1")).map((u) => u.id)).toEqual(["fr-3"]);
  });
});

describe("flight (seed-2 mutation cases)", () => {
  const flee = (s: BattleState, dice: number[]) => run(s, dice, (st, ctx) => fleeUnit(st, "fr-1" as never, ctx, { from: "gb-1" as never, rule: "WHN-PANIC-3" }).state);

  it("WHN-DET-5: a unit fleeing off the table takes the detachment merged into it out of play too", () => {
    const s0 = battle([
      battalion("fr-1", "fr", { position: { x: 36, y: 8 }, facing: 90 }),
      battalion("fr-d", "fr", { position: { x: 60, y: 30 }, facing: 90, figures: 16 }),
      battalion("gb-1", "gb", { position: { x: 36, y: 20 }, facing: 270, formation: "LINE", files: 12 }),
    ]);
    const s = { ...s0, units: { ...s0.units, "fr-d": { ...unit(s0, "fr-d"), figures: 4, detachmentOf: "fr-1", mergedInto: "fr-1" } } } as BattleState;
    const r = flee(s, [6, 6]);
    expect(r.events.find((e) => e.type === "unit/leftTable")).toMatchObject({ unit: "fr-1", rule: "CORE-FLEE-5" });
    expect(unit(r.state, "fr-1").removed).toEqual({ reason: "fledTable", gameTurn: 1 });
    expect(unit(r.state, "fr-d").removed).toEqual({ reason: "fledTable", gameTurn: 1 });
  });

  it("CORE-FLEE-2: a flight through a wood (difficult ground, no obstacle) is shortened by its cost", () => {
    const wood = { id: "wood", kind: "wood", polygon: [{ x: 20, y: 2 }, { x: 52, y: 2 }, { x: 52, y: 19 }, { x: 20, y: 19 }], tags: { difficult: true } };
    const open = battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 34 }, facing: 270, formation: "LINE", files: 12 })]);
    const wooded = { ...open, terrain: [wood] } as BattleState;
    const d = (s: BattleState): number => flee(s, [3, 4]).events.find((e) => e.type === "unit/fled")?.["distance"] as number;
    expect(d(open)).toBe(7);
    expect(d(wooded)).toBeGreaterThan(0);
    expect(d(wooded)).toBeLessThan(7);
  });
});
