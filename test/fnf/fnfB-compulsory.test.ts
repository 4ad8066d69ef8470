import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { historyOf } from "../fixtures/history.js";
import { advanceTo, brigade, fnfBattle, playWith, unit } from "./helpers.js";

function scene(frOver: Record<string, unknown>, bat?: Record<string, unknown>): BattleState {
  return advanceTo(
    fnfBattle({
      units: {
        fr1: brigade("fr1", "fr", 20, 20, frOver),
        ...(bat === undefined ? {} : { frb: { id: "frb", side: "fr", kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: bat, position: { x: 50, y: 20 }, facing: 90 } }),
        gb1: brigade("gb1", "gb", 20, 27),
      },
    }),
    "maneuver",
    "fr",
  );
}

const since = (before: BattleState, after: BattleState) => historyOf(after).slice(historyOf(before).length).map(({ seq: _s, gameTurn: _g, ...e }) => e);

describe("fnfB: a battery that already made its silenced move (FNF-ART-5)", () => {
  it("FNF-ART-5: silenced and withdrawn at the start of the maneuver phase: the status lifts, it neither limbers nor moves, and may roll", () => {
    const s = scene({}, { type: "FOOT", limbered: false, silenced: true, withdrawn: true });
    const started = historyOf(s).filter((e) => e.type === "fnf/silenceLifted" || e.type === "fnf/silencedMove");
    expect(started.map(({ seq: _s, gameTurn: _g, ...e }) => e)).toEqual([{ type: "fnf/silenceLifted", rule: "FNF-ART-5", unit: "frb" }]);
    expect(unit(s, "frb")).toMatchObject({ position: { x: 50, y: 20 }, battery: { type: "FOOT", limbered: false, silenced: false, damaged: false, withdrawn: false }, turn: { compulsoryMoved: false } });
  });
});

describe("fnfB: a disordered brigade low on ammunition (FNF-FIRE-9, FNF-MAN-3)", () => {
  const s = scene({ lowAmmo: true, disordered: true });
  it("FNF-FIRE-9: it rolls (no compulsory move while disordered); a result that allows a move becomes its ammunition withdrawal", () => {
    expect(unit(s, "fr1").turn.compulsoryMoved).toBe(false);
    const t = playWith(s, [4, 4], { type: "fnf/maneuver", unit: "fr1" });
    expect(since(s, t)).toEqual([
      { type: "fnf/maneuverRolled", rule: "FNF-MAN-2", unit: "fr1", dice: [4, 4], modifiers: [{ name: "fresh", value: 2 }], score: 10, result: "RALLY_HALF_MOVE", column: "disordered" },
      { type: "fnf/rallied", rule: "FNF-MAN-3", unit: "fr1", result: "RALLY_HALF_MOVE" },
      { type: "fnf/movedAway", rule: "FNF-FIRE-9", unit: "fr1", from: "gb1", distance: 0, direction: [0, -1], how: "disengage" },
    ]);
    expect(unit(t, "fr1").turn.maneuver).toEqual({ result: "RALLY_HALF_MOVE", score: 10, allowance: 0, mayChange: false, fullChangeAllowed: false, mayContact: false, badGoing: false, moved: true, changed: false });
  });
  it("FNF-FIRE-9, FNF-MAN-3: a Shaken result (no move) rallies it and makes no withdrawal", () => {
    const t = playWith(s, [2, 2], { type: "fnf/maneuver", unit: "fr1" });
    expect(since(s, t)).toEqual([
      { type: "fnf/maneuverRolled", rule: "FNF-MAN-2", unit: "fr1", dice: [2, 2], modifiers: [{ name: "fresh", value: 2 }], score: 6, result: "SHAKEN", column: "disordered" },
      { type: "fnf/rallied", rule: "FNF-MAN-3", unit: "fr1", result: "SHAKEN" },
    ]);
    expect(unit(t, "fr1").turn.maneuver).toEqual({ result: "SHAKEN", score: 6, allowance: 0, mayChange: false, fullChangeAllowed: false, mayContact: false, badGoing: false, moved: false, changed: false });
    expect(unit(t, "fr1").disordered).toBe(false);
  });
});
