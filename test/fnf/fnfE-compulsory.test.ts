import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { advanceTo, brigade, events, fnfBattle, unit } from "./helpers.js";

const battery = (id: string, x: number, y: number, gun: Record<string, unknown> = {}, over: Record<string, unknown> = {}) =>
  ({ id, side: "fr", kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", ...gun }, position: { x, y }, facing: 90, ...over }) as const;

const gun = (over: Record<string, unknown>) => ({ type: "FOOT", limbered: false, silenced: false, damaged: false, withdrawn: false, ...over });

/** Three French batteries owing (or not) a compulsory move, a British brigade to the north. */
function scene(withEnemy = true): BattleState {
  return advanceTo(
    fnfBattle({
      units: {
        fa: battery("fa", 10, 20, { silenced: true, withdrawn: true }),
        fb: battery("fb", 30, 20, {}, { lowAmmo: true }),
        fc: battery("fc", 50, 20, { silenced: true }),
        ...(withEnemy ? { gb1: brigade("gb1", "gb", 30, 40) } : {}),
      },
    }),
    "maneuver",
    "fr",
  );
}

const turn = (compulsoryMoved: boolean) => ({ maneuver: null, changedFormation: false, fired: false, basesLost: 0, breakthrough: false, compulsoryMoved });

describe("fnfE: compulsory moves at the start of the maneuver phase (FNF-ART-4, FNF-ART-5, FNF-FIRE-9)", () => {
  const s = scene();

  it("FNF-ART-5: a battery that already made its silenced move in a melee stays put; the status lifts, with an event", () => {
    expect(unit(s, "fa")).toMatchObject({ position: { x: 10, y: 20 }, battery: gun({}), turn: turn(false) });
    expect(events(s, "fnf/silenceLifted")).toEqual([{ type: "fnf/silenceLifted", rule: "FNF-ART-5", seq: expect.any(Number), gameTurn: 1, unit: "fa" }]);
  });

  it("FNF-FIRE-9: a battery low on ammunition limbers and moves a full move (8\" for foot guns) straight away from the enemy", () => {
    const b = unit(s, "fb");
    expect(b).toMatchObject({ lowAmmo: true, battery: gun({ limbered: true }), turn: turn(true) });
    expect(b.position.x).toBe(30);
    expect(b.position.y).toBeCloseTo(12, 6);
  });

  it("FNF-ART-4: a silenced battery limbers, moves a full move away from the nearest enemy and is silenced no longer", () => {
    const c = unit(s, "fc");
    expect(c).toMatchObject({ battery: gun({ limbered: true }), turn: turn(true) });
    const moved = Math.hypot(c.position.x - 50, c.position.y - 20);
    expect(moved).toBeCloseTo(8, 3);
    expect(c.position.y).toBeLessThan(20);
  });

  it("FNF-ART-4, FNF-FIRE-9: each compulsory battery move is announced under its own rule; the lifted one is not", () => {
    expect(events(s, "fnf/silencedMove").map((e) => ({ ...e, seq: 0 }))).toEqual([
      { type: "fnf/silencedMove", rule: "FNF-FIRE-9", seq: 0, gameTurn: 1, unit: "fb" },
      { type: "fnf/silencedMove", rule: "FNF-ART-4", seq: 0, gameTurn: 1, unit: "fc" },
    ]);
  });

  it("FNF-ART-4: with no enemy on the table, a silenced battery still limbers and loses the status but does not move", () => {
    const lone = scene(false);
    expect(unit(lone, "fc")).toMatchObject({ position: { x: 50, y: 20 }, battery: gun({ limbered: true }), turn: turn(true) });
    expect(unit(lone, "fb")).toMatchObject({ position: { x: 30, y: 20 }, battery: gun({ limbered: true }), turn: turn(true) });
  });

  it("FNF-FIRE-9: a low brigade in good order moves away and is marked; a disordered low one is not moved", () => {
    const b = advanceTo(
      fnfBattle({
        units: {
          fr1: brigade("fr1", "fr", 20, 20, { lowAmmo: true }),
          fr2: brigade("fr2", "fr", 36, 21, { lowAmmo: true, disordered: true }),
          gb1: brigade("gb1", "gb", 20, 24),
        },
      }),
      "maneuver",
      "fr",
    );
    expect(unit(b, "fr1").turn).toEqual(turn(true));
    expect(unit(b, "fr1").position.y).toBeLessThan(20);
    expect(unit(b, "fr1").position.x).toBeCloseTo(20, 6);
    expect(unit(b, "fr2").turn).toEqual(turn(false));
    expect(unit(b, "fr2").position).toEqual({ x: 36, y: 21 });
  });

  it("FNF-FIRE-9: the British side's low units are not moved in the French maneuver phase", () => {
    const b = advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 30, { lowAmmo: true }) } }), "maneuver", "fr");
    expect(unit(b, "gb1")).toMatchObject({ position: { x: 20, y: 30 }, turn: turn(false) });
  });
});
