// fnfA (sixth session, sprint on issue #17): batteries.ts, the battery statuses called by fire and melee,
// each helper called directly with a recording context.
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import type { ActionContext } from "../../src/engine/context.js";
import { roller, seedDice } from "../../src/dice/index.js";
import { damageBattery, limberForRetreat, silenceBattery } from "../../src/rules/fnf/batteries.js";
import { brigade, fnfBattle, unit } from "./helpers.js";

const battery = (id: string, side: "fr" | "gb", x: number, y: number, gun: Record<string, unknown> = {}) =>
  ({ id, side, kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", ...gun }, position: { x, y }, facing: side === "fr" ? 90 : 270 }) as const;

function recorder(state: BattleState): { ctx: ActionContext; log: unknown[] } {
  const log: unknown[] = [];
  return { log, ctx: { dice: roller(seedDice(0)), options: state.options, emit: (type, rule, details = {}) => void log.push({ type, rule, ...details }) } };
}

const s0 = fnfBattle({
  leaders: {},
  units: { frb: battery("frb", "fr", 20, 10), frd: battery("frd", "fr", 40, 10, { damaged: true }), frl: battery("frl", "fr", 60, 10, { limbered: true }), fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 44) },
});

describe("fnfA: battery statuses (batteries.ts)", () => {
  it("FNF-ART-4 and FNF-ART-5: a first damage makes the battery DAMAGED and counts one stand lost this turn, under the caller's rule", () => {
    const { ctx, log } = recorder(s0);
    const s = damageBattery(s0, "frb", "FNF-FIRE-7", ctx);
    expect(log).toEqual([{ type: "fnf/damaged", rule: "FNF-FIRE-7", unit: "frb" }]);
    expect(unit(s, "frb").battery).toEqual({ ...unit(s0, "frb").battery, damaged: true });
    expect(unit(s, "frb").turn).toEqual({ ...unit(s0, "frb").turn, basesLost: unit(s0, "frb").turn.basesLost + 1 });
    expect(unit(s, "frb").removed).toBeNull();
  });

  it("FNF-ART-4: a DAMAGED battery damaged again is WRECKED and removed (rule FNF-ART-4 whatever the caller's)", () => {
    const { ctx, log } = recorder(s0);
    const s = damageBattery(s0, "frd", "FNF-FIRE-7", ctx);
    expect(log).toEqual([{ type: "fnf/unitRemoved", rule: "FNF-ART-4", unit: "frd", reason: "wrecked" }]);
    expect(unit(s, "frd")).toEqual({ ...unit(s0, "frd"), removed: "wrecked" });
  });

  it("FNF-ART-4: damage and silence do nothing to a brigade or an unknown id", () => {
    const { ctx, log } = recorder(s0);
    expect(damageBattery(s0, "fr1", "FNF-FIRE-7", ctx)).toBe(s0);
    expect(damageBattery(s0, "nobody", "FNF-FIRE-7", ctx)).toBe(s0);
    expect(silenceBattery(s0, "fr1", false, "FNF-FIRE-7", ctx)).toBe(s0);
    expect(silenceBattery(s0, "nobody", true, "FNF-FIRE-7", ctx)).toBe(s0);
    expect(limberForRetreat(s0, "fr1")).toBe(s0);
    expect(log).toEqual([]);
  });

  it("FNF-ART-4 and FNF-ART-5: silencing sets SILENCED and records whether the silenced move was already made", () => {
    const { ctx, log } = recorder(s0);
    const a = silenceBattery(s0, "frb", false, "FNF-FIRE-7", ctx);
    const b = silenceBattery(s0, "frb", true, "FNF-MEL-5", ctx);
    expect(log).toEqual([
      { type: "fnf/silenced", rule: "FNF-FIRE-7", unit: "frb" },
      { type: "fnf/silenced", rule: "FNF-MEL-5", unit: "frb" },
    ]);
    expect(unit(a, "frb")).toEqual({ ...unit(s0, "frb"), battery: { ...unit(s0, "frb").battery, silenced: true, withdrawn: false } });
    expect(unit(b, "frb")).toEqual({ ...unit(s0, "frb"), battery: { ...unit(s0, "frb").battery, silenced: true, withdrawn: true } });
  });

  it("FNF-ART-5: a battery limbers at no cost before it retreats; one already limbered is left as it is", () => {
    const s = limberForRetreat(s0, "frb");
    expect(unit(s0, "frb").battery?.limbered).toBe(false);
    expect(unit(s, "frb")).toEqual({ ...unit(s0, "frb"), battery: { ...unit(s0, "frb").battery, limbered: true } });
    expect(limberForRetreat(s0, "frl")).toBe(s0);
  });
});
