import { describe, expect, it } from "vitest";
import { apply, sideId, withScriptedDice, type BattleState } from "../../src/index.js";
import { FIRE_SCORES, fireObstacles, leaveFires, spreadFires } from "../../src/rules/whn/artillery/index.js";
import { battalion, battle, event, gun, line, play, rect, refuse, step, unit } from "../fixtures/artillery.js";

const woods = { id: "wood", kind: "woods", polygon: rect(30, 20, 42, 30), tags: { flammability: "woods" as const } };
const river = { id: "river", kind: "stream", polygon: rect(0, 34, 72, 36), tags: { water: true } };
const burning = (centre: { x: number; y: number }, units = [line("gb-1", 44)], at: Parameters<typeof battle>[1] = { phase: "movement", step: "remaining" }): BattleState =>
  battle(units, at, { terrain: [woods, river], fires: [{ id: "f1", circles: [{ centre, diameter: 2, terrain: "woods" }] }] });

describe("fires (WHN-FIRE-3, WHN-FIRE-4, WHN-FIRE-5)", () => {
  it("WHN-FIRE-1: the fire table of start, spread and extinguish scores", () => {
    expect(FIRE_SCORES).toEqual({
      woods: { start: 5, spread: 4, extinguish: 5 },
      field: { start: 4, spread: 2, extinguish: 4 },
      woodenBuilding: { start: 5, spread: 5, extinguish: 5 },
      stoneBuilding: { start: 6, spread: 5, extinguish: 4 },
    });
  });

  it("WHN-FIRE-3: at the end of the game turn a fire spreads 2\" downwind on its terrain's score, only into flammable ground", () => {
    const s = burning({ x: 36, y: 24 });
    const spread = step(s, spreadFires, [4]);
    expect(spread.state.fires[0]?.circles.map((c) => c.centre)).toEqual([{ x: 36, y: 24 }, { x: expect.closeTo(36, 9), y: 26 }]);
    expect(event(spread.events, "fire/spread")).toMatchObject({ rule: "WHN-FIRE-3", roll: 4, need: 4, terrain: "woods", wind: 90 });
    expect(step(s, spreadFires, [3]).state.fires[0]?.circles).toHaveLength(1);
    const edge = burning({ x: 36, y: 29 });
    const out = step(edge, spreadFires, [6]);
    expect(out.state.fires[0]?.circles).toHaveLength(1);
    expect(event(out.events, "fire/didNotSpread")["reason"]).toBe("notFlammable");
  });

  it("WHN-FIRE-3: the engine spreads fires when the game turn ends", () => {
    const s = burning({ x: 36, y: 24 }, [line("gb-1", 44)], { phase: "shooting" });
    const last: BattleState = { ...s, turn: { ...s.turn, activeSide: sideId("gb"), phase: "combat", step: null } };
    const r = apply(withScriptedDice(last, [5]), { type: "turn/advance" });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(r.state.fires[0]?.circles).toHaveLength(2);
    expect(r.state.turn.gameTurn).toBe(2);
  });

  it("WHN-FIRE-4: a unit within 8\" of water and 1\" of a fire puts a circle out on the extinguish score, instead of moving", () => {
    const fr = battalion("fr-1", "fr", { position: { x: 36, y: 27 }, facing: 90, formation: "LINE", files: 8, figures: 8, light: true });
    const s = burning({ x: 36, y: 28.5 }, [fr, line("gb-1", 44)]);
    const act = { type: "artillery/extinguish", unit: "fr-1", fire: "f1" };
    const out = play(s, act, [5]);
    expect(event(out.events, "fire/extinguished")).toMatchObject({ rule: "WHN-FIRE-4", roll: 5, need: 5 });
    expect(out.state.fires).toEqual([]);
    const failed = play(s, act, [4]);
    expect(failed.state.fires).toHaveLength(1);
    expect(unit(failed.state, "fr-1").flags).toMatchObject({ extinguishAttempted: true, moveUsed: 1 });
    expect(refuse(failed.state, act)).toMatchObject({ code: "artillery/already_fought_fire", rule: "WHN-FIRE-4" });
    const dry = battle([fr, line("gb-1", 44)], { phase: "movement", step: "remaining" }, { terrain: [woods], fires: s.fires as never });
    expect(refuse(dry, act)).toMatchObject({ code: "artillery/no_water_near", rule: "WHN-FIRE-4" });
  });

  it("WHN-FIRE-3 and WHN-FIRE-4: a fire that spreads and is put out", () => {
    const fr = battalion("fr-1", "fr", { position: { x: 36, y: 27 }, facing: 90, formation: "LINE", files: 8, figures: 8, light: true });
    const s = burning({ x: 36, y: 24 }, [fr, line("gb-1", 44)]);
    const spread = step(s, spreadFires, [6]).state;
    expect(fireObstacles(spread).map((c) => c.index)).toEqual([0, 1]);
    const one = play(spread, { type: "artillery/extinguish", unit: "fr-1", fire: "f1", circle: 1 }, [6]).state;
    expect(one.fires[0]?.circles).toEqual([{ centre: { x: 36, y: 24 }, diameter: 2, terrain: "woods" }]);
  });

  it("WHN-FIRE-5: fire circles are impassable (AMB-50): a gun may not move into one", () => {
    const s = burning({ x: 36, y: 10.5 }, [gun("fr-art", "fr", {}, { position: { x: 36, y: 8 } }), line("gb-1", 44)]);
    expect(fireObstacles(s)).toEqual([{ fire: "f1", index: 0, centre: { x: 36, y: 10.5 }, diameter: 2, terrain: "woods" }]);
    expect(refuse(s, { type: "artillery/move", unit: "fr-art", path: [{ kind: "forward", distance: 2 }] })).toMatchObject({ code: "artillery/into_fire", rule: "WHN-FIRE-5" });
  });

  it("WHN-FIRE-5: a unit a circle overlaps steps out of it in its compulsory moves and does nothing else", () => {
    const fr = battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90, formation: "LINE", files: 8, figures: 8, light: true });
    const s = burning({ x: 36, y: 23 }, [fr, line("gb-1", 44)], { phase: "movement", step: "compulsory" });
    const r = step(s, leaveFires, []);
    const u = unit(r.state, "fr-1");
    expect(event(r.events, "fire/leftFire")["rule"]).toBe("WHN-FIRE-5");
    expect(u.flags).toMatchObject({ moved: true, moveUsed: 1 });
    expect(fireObstacles(r.state).length).toBe(1);
    expect(u.position.y).toBeGreaterThan(24);
  });
});
