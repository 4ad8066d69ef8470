/**
 * Rule tests added for the surviving mutants of the sampled mutation runs of src/rules/whn/morale
 * (seed 2 and seed 3 of docs/guides/trust.md): each fails with its mutant applied to the source.
 */
import { describe, expect, it } from "vitest";
import { combatId, loadState, unitId, type BattleState } from "../../src/index.js";
import { leaveViolation } from "../../src/rules/whn/morale/characters.js";
import { formatViolation } from "../../src/engine/format.js";
import { fleeUnit } from "../../src/rules/whn/morale/flee.js";
import { mayPickOutJoinedCharacter, mayTargetLoneCharacter } from "../../src/rules/whn/morale/los.js";
import { isEngaged, panicForDestroyedFleeing, type TriggerOutcome } from "../../src/rules/whn/morale/triggers.js";
import { atStep, battalion, battle, character, leader, patchUnit, play, run, unit } from "../fixtures/morale.js";

const ENEMY = battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 });

/** fr-1 with Ney 2" to its right, in the French remaining-moves step; Ney's profile as given. */
function scene(ney: object = {}): BattleState {
  return atStep(battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), ENEMY], { characters: [leader("ney", "fr", { position: { x: 40, y: 22 }, ...ney })] }), "fr", "remaining");
}

describe("character moves (seed 2 survivor, morale/characters.ts spend)", () => {
  it("CORE-CHAR-1: a character with M 0 may turn where he stands; that spends his whole move (never a fraction 0 / 0), and he may turn again", () => {
    const s = scene({ profile: { M: 0, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 8 } });
    const r1 = play(s, [], { type: "morale/moveCharacter", character: "ney", to: { x: 40, y: 22 }, facing: 180 });
    expect(r1.events[0]).toMatchObject({ type: "character/moved", rule: "CORE-CHAR-1", distance: 0 });
    expect(character(r1.state, "ney")).toMatchObject({ position: { x: 40, y: 22 }, facing: 180, flags: { moved: true, moveUsed: 1 } });
    // The state stays loadable (a NaN fraction would not be).
    expect(loadState(JSON.stringify(r1.state)).ok).toBe(true);
    const r2 = play(r1.state, [], { type: "morale/moveCharacter", character: "ney", to: { x: 40, y: 22 }, facing: 270 });
    expect(character(r2.state, "ney")).toMatchObject({ facing: 270, flags: { moved: true, moveUsed: 1 } });
  });
});

describe("seed-3 survivors: characters (morale/characters.ts)", () => {
  it("CORE-CHAR-1: the character/moved event reports where he went", () => {
    const r = play(scene(), [], { type: "morale/moveCharacter", character: "ney", to: { x: 42, y: 21 } });
    expect(r.events).toMatchObject([{ type: "character/moved", rule: "CORE-CHAR-1", character: "ney", from: { x: 40, y: 22 }, to: { x: 42, y: 21 } }]);
  });

  it("CORE-CHAR-5: a character may not leave a FLEEING unit (its order alone forbids it, whatever its flags)", () => {
    const s0 = scene({ joinedTo: "fr-1", position: { x: 36, y: 24 } });
    const s = patchUnit({ ...s0, turn: { ...s0.turn, gameTurn: 2 } }, "fr-1", { order: "FLEEING" });
    expect(leaveViolation(s, character(s, "ney"))).toEqual({ code: "morale/cannot_leave", rule: "CORE-CHAR-5", character: "ney", unit: "fr-1", reason: "fleeing" });
  });
});

describe("seed-3 survivors: picking out characters (morale/los.ts)", () => {
  it("CORE-LOS-1: a slain character still listed as joined is never picked out", () => {
    const s = battle(
      [battalion("fr-2", "fr", { position: { x: 36, y: 34 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270, formation: "LINE", files: 12 })],
      { characters: [leader("lannes", "fr", { joinedTo: "fr-2" })] },
    );
    expect(mayPickOutJoinedCharacter(s, unit(s, "gb-1"), character(s, "lannes"))).toBe(true);
    const slain = { ...s, characters: { ...s.characters, lannes: { ...character(s, "lannes"), removed: { reason: "slain", gameTurn: 1 } } } } as BattleState;
    expect(mayPickOutJoinedCharacter(slain, unit(slain, "gb-1"), character(slain, "lannes"))).toBe(false);
  });

  it("CORE-LOS-1 / AMB-105: a friendly unit already removed does not screen a lone character from the shooters", () => {
    const screened = battle(
      [
        battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270, formation: "LINE", files: 12 }),
        battalion("gb-2", "gb", { position: { x: 36, y: 30 }, facing: 270, formation: "LINE", files: 12 }),
        battalion("fr-1", "fr", { position: { x: 60, y: 10 }, facing: 90 }),
      ],
      { characters: [leader("ney", "fr", { position: { x: 36, y: 24 } })] },
    );
    expect(mayTargetLoneCharacter(screened, unit(screened, "gb-1"), character(screened, "ney"))).toBe(false);
    const gone = patchUnit(screened, "gb-2", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(mayTargetLoneCharacter(gone, unit(gone, "gb-1"), character(gone, "ney"))).toBe(true);
  });
});

describe("seed-3 survivors: Panic triggers (morale/triggers.ts)", () => {
  /** fr-1 … fr-3 in a row 8" apart; the British far off. */
  const row = (): BattleState =>
    battle([
      battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90, startingFigures: 24 }),
      battalion("fr-2", "fr", { position: { x: 28, y: 24 }, facing: 90 }),
      battalion("fr-3", "fr", { position: { x: 44, y: 24 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 28, y: 44 }, facing: 270, formation: "LINE", files: 12 }),
    ]);
  const trigger = (s: BattleState, dice: number[], ids: string[]) => {
    let out: TriggerOutcome = { state: s, tests: [] };
    const r = run(s, dice, (st, ctx) => {
      out = panicForDestroyedFleeing(st, ctx, ids.map(unitId));
      return out.state;
    });
    return { ...r, tests: out.tests };
  };

  it("CORE-PANIC-9 / CORE-PANIC-6: a destroyed fleeing skirmish screen does not panic the close-order friends near it", () => {
    const gone = patchUnit(row(), "fr-1", { figures: 13, formation: "OPEN_ORDER", files: 13, light: true, order: "FLEEING", removed: { reason: "destroyed", gameTurn: 1 }, position: { x: 24, y: 24 } });
    const r = trigger(gone, [], ["fr-1"]);
    expect(r.tests).toEqual([]);
    expect(r.events).toEqual([]);
  });

  it("CORE-PANIC-4: a unit whose only enemy in its combat record is gone is not engaged", () => {
    const s = row();
    const combats = { c1: { id: combatId("c1"), units: [unitId("fr-2"), unitId("gb-1")], chargers: [], lastWinner: null, rounds: 1, squareness: {} } };
    const live = { ...s, combats } as BattleState;
    expect(isEngaged(live, unit(live, "fr-2"))).toBe(true);
    const gone = patchUnit(live, "gb-1", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(isEngaged(gone, unit(gone, "fr-2"))).toBe(false);
  });
});

describe("seed-3 extension (60 a folder): morale", () => {
  it("CORE-PANIC-6: the exemption event names the destroyed friends it counted", () => {
    const s = battle([
      battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90, startingFigures: 24 }),
      battalion("fr-2", "fr", { position: { x: 28, y: 24 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 28, y: 44 }, facing: 270, formation: "LINE", files: 12 }),
    ]);
    const gone = patchUnit(s, "fr-1", { figures: 12, order: "FLEEING", removed: { reason: "destroyed", gameTurn: 1 }, position: { x: 24, y: 24 } });
    const r = run(gone, [], (st, ctx) => panicForDestroyedFleeing(st, ctx, [unitId("fr-1")]).state);
    expect(r.events).toMatchObject([{ type: "morale/panicExempt", rule: "CORE-PANIC-6", unit: "fr-2", destroyedModels: 12, destroyed: ["fr-1"] }]);
  });

  it("CORE-FLEE-4 / CORE-GEO-26: a unit destroyed because every way out is blocked ends FLEEING and moved", () => {
    const wall = (id: string, x: number, y: number, facing: number) => battalion(id, "gb", { position: { x, y }, facing, formation: "LINE", files: 20, figures: 20, light: true });
    const s = battle([
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
      wall("gb-1", 36, 30, 270),
      wall("gb-2", 36, 14, 90),
      battalion("gb-3", "gb", { position: { x: 28, y: 22 }, facing: 0, formation: "LINE", files: 20, figures: 20, light: true }),
      battalion("gb-4", "gb", { position: { x: 44, y: 22 }, facing: 180, formation: "LINE", files: 20, figures: 20, light: true }),
    ]);
    const r = run(s, [6, 6], (st, ctx) => fleeUnit(st, unitId("fr-1"), ctx, { from: unitId("gb-1"), rule: "WHN-PANIC-3" }).state);
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "FLEEING", removed: { reason: "destroyed", gameTurn: 1 }, flags: { moved: true } });
  });

  it("CORE-RALLY-3: a unit that failed its start-of-turn Panic test is told in words why it may not rally", () => {
    expect(formatViolation({ code: "morale/failed_start_panic", rule: "CORE-RALLY-3", unit: "fr-1" })).toBe("Unit fr-1 failed a Panic test at the start of this turn and may not rally this turn. [CORE-RALLY-3]");
  });
});
