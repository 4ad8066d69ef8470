import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import type { CharacterId, UnitId } from "../../src/state/ids.js";
import { woundCharacter, woundUnit } from "../../src/rules/whn/shooting/damage.js";
import { battalion, battle, character, leader, run, unit } from "../fixtures/morale.js";

const FROM = { x: 36, y: 40 };

/** fr-1 (24 models, 4 files, full command) with Ney (W 2) 8" to its right; the British far off. */
function base(): BattleState {
  return battle(
    [battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 })],
    { characters: [leader("ney", "fr", { position: { x: 48, y: 24 } })] },
  );
}

const shootUnit = (s: BattleState, unsaved: number, id = "fr-1") => {
  let removed = -1;
  const r = run(s, [], (st, ctx) => {
    const w = woundUnit(st, ctx, id as UnitId, unsaved, FROM);
    removed = w.removed;
    return w.state;
  });
  return { ...r, removed };
};
const shootCharacter = (s: BattleState, unsaved: number, id = "ney") => run(s, [], (st, ctx) => woundCharacter(st, ctx, id as CharacterId, unsaved));

describe("shooting damage", () => {
  it("CORE-SHOOT-5: unsaved hits remove one model each and the loss is logged with what is left (WHN-FORM-8)", () => {
    const r = shootUnit(base(), 3);
    expect(r.removed).toBe(3);
    expect(unit(r.state, "fr-1").figures).toBe(21);
    expect(r.events.map((e) => [e.type, e.rule])).toEqual([["unit/casualties", "WHN-FORM-8"]]);
    expect(r.events[0]).toMatchObject({ unit: "fr-1", removed: 3, wounds: 3, figures: 21, commandLost: [] });
  });

  it("CORE-SHOOT-5: no unsaved hit (or a unit no longer there) changes nothing and logs nothing", () => {
    const s = base();
    for (const [n, id] of [[0, "fr-1"], [-1, "fr-1"], [2, "nobody"]] as const) {
      const r = shootUnit(s, n, id);
      expect(r.removed).toBe(0);
      expect(r.events).toEqual([]);
      expect(r.state.units).toEqual(s.units);
    }
  });

  it("CORE-SHOOT-5 and CORE-STD-3: a unit shot down to its last models loses its command last, then is destroyed", () => {
    const last = shootUnit(base(), 22);
    expect(last.events[0]).toMatchObject({ removed: 22, figures: 2, commandLost: ["musician"] });
    expect(unit(last.state, "fr-1").command).toMatchObject({ leader: true, standard: true, musician: false });
    expect(unit(last.state, "fr-1").removed).toBeNull();
    const gone = shootUnit(base(), 30);
    expect(gone.removed).toBe(24);
    expect(gone.events.map((e) => [e.type, e.rule])).toEqual([["unit/casualties", "WHN-FORM-8"], ["unit/destroyed", "CORE-SHOOT-5"]]);
    expect(gone.events[0]).toMatchObject({ removed: 24, wounds: 24, figures: 0, commandLost: ["musician", "standard", "leader"] });
    expect(gone.events[1]).toMatchObject({ unit: "fr-1" });
    expect(unit(gone.state, "fr-1").removed).toMatchObject({ reason: "destroyed" });
  });

  it("CORE-SHOOT-5 and CORE-SAVE-2: a character takes unsaved wounds up to W; at W he is slain and his wounds are cleared", () => {
    const one = shootCharacter(base(), 1);
    expect(character(one.state, "ney")).toMatchObject({ woundsTaken: 1, removed: null });
    expect(one.events).toEqual([expect.objectContaining({ type: "character/wounded", rule: "CORE-SHOOT-5", character: "ney", wounds: 1, woundsTaken: 1 })]);
    const two = shootCharacter(one.state, 1);
    expect(character(two.state, "ney")).toMatchObject({ woundsTaken: 0, removed: { reason: "destroyed", gameTurn: 1 } });
    expect(two.events).toEqual([expect.objectContaining({ type: "character/slain", rule: "CORE-SHOOT-5", character: "ney", general: false })]);
    // More wounds than he has left: slain at once.
    const three = shootCharacter(base(), 3);
    expect(character(three.state, "ney").removed).toMatchObject({ reason: "destroyed" });
    expect(three.events.map((e) => e.type)).toEqual(["character/slain"]);
  });

  it("CORE-SHOOT-5: no wound, an unknown character or one already slain changes nothing and logs nothing", () => {
    const s = base();
    const slain = shootCharacter(s, 2).state;
    for (const [st, n, id] of [[s, 0, "ney"], [s, -1, "ney"], [s, 1, "nobody"], [slain, 1, "ney"]] as const) {
      const r = shootCharacter(st, n, id);
      expect(r.events).toEqual([]);
      expect(r.state.characters).toEqual(st.characters);
    }
  });
});
