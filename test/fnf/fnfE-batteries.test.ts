import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import type { ActionContext } from "../../src/engine/context.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { damageBattery, limberForRetreat, silenceBattery } from "../../src/rules/fnf/batteries.js";
import { applyFireEffect } from "../../src/rules/fnf/fire.js";
import { advanceTo, brigade, fnfBattle, unit } from "./helpers.js";

const battery = (id: string, x: number, y: number, gun: Record<string, unknown> = {}) =>
  ({ id, side: "fr", kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", ...gun }, position: { x, y }, facing: 90 }) as const;

const S = advanceTo(
  fnfBattle({
    units: {
      fb: battery("fb", 20, 10),
      fd: battery("fd", 30, 10, { damaged: true }),
      fl: battery("fl", 40, 10, { limbered: true }),
      fr1: brigade("fr1", "fr", 55, 10),
      det: { ...brigade("det", "fr", 65, 10), kind: "detachment", bases: 1, parent: "fr1" },
      gb1: brigade("gb1", "gb", 30, 44),
    },
  }),
  "offensiveFire",
  "fr",
);

function ctxFor(s: BattleState) {
  const log: { type: string; rule: string; [k: string]: unknown }[] = [];
  const ctx: ActionContext = { dice: roller(scriptedDice([])), options: s.options, emit: (type, rule, details = {}) => void log.push({ type, rule: rule as string, ...details }) };
  return { ctx, log };
}

const gun = (over: Record<string, unknown>) => ({ type: "FOOT", limbered: false, silenced: false, damaged: false, withdrawn: false, ...over });

describe("fnfE: battery damage, silence and limbering (FNF-ART-4, FNF-ART-5)", () => {
  it("FNF-ART-5: a first damage marks the battery DAMAGED and counts a stand lost this turn, under the caller's rule", () => {
    const { ctx, log } = ctxFor(S);
    const s = damageBattery(S, "fb", "FNF-MEL-8", ctx);
    expect(unit(s, "fb").battery).toEqual(gun({ damaged: true }));
    expect(unit(s, "fb").turn.basesLost).toBe(1);
    expect(unit(s, "fb").removed).toBeNull();
    expect(log).toEqual([{ type: "fnf/damaged", rule: "FNF-MEL-8", unit: "fb" }]);
    const twice = damageBattery(s, "fb", "FNF-MEL-8", ctx);
    expect(unit(twice, "fb").removed).toBe("wrecked");
  });

  it("FNF-ART-4: a second damage wrecks the battery (removed), under the battery rule", () => {
    const { ctx, log } = ctxFor(S);
    const s = damageBattery(S, "fd", "FNF-FIRE-7", ctx);
    expect(unit(s, "fd").removed).toBe("wrecked");
    expect(log).toEqual([{ type: "fnf/unitRemoved", rule: "FNF-ART-4", unit: "fd", reason: "wrecked" }]);
  });

  it("FNF-ART-4: damage, silence and limbering leave a brigade or an unknown unit as it was, silently", () => {
    const { ctx, log } = ctxFor(S);
    expect(damageBattery(S, "fr1", "FNF-MEL-8", ctx)).toBe(S);
    expect(damageBattery(S, "zz", "FNF-MEL-8", ctx)).toBe(S);
    expect(silenceBattery(S, "fr1", false, "FNF-MEL-8", ctx)).toBe(S);
    expect(silenceBattery(S, "zz", false, "FNF-MEL-8", ctx)).toBe(S);
    expect(limberForRetreat(S, "fr1")).toBe(S);
    expect(limberForRetreat(S, "zz")).toBe(S);
    expect(log).toEqual([]);
  });

  it("FNF-ART-4, FNF-ART-5: silencing records whether the battery already made its silenced move", () => {
    const { ctx, log } = ctxFor(S);
    expect(unit(silenceBattery(S, "fb", false, "FNF-FIRE-7", ctx), "fb").battery).toEqual(gun({ silenced: true, withdrawn: false }));
    expect(unit(silenceBattery(S, "fb", true, "FNF-MEL-8", ctx), "fb").battery).toEqual(gun({ silenced: true, withdrawn: true }));
    expect(log).toEqual([
      { type: "fnf/silenced", rule: "FNF-FIRE-7", unit: "fb" },
      { type: "fnf/silenced", rule: "FNF-MEL-8", unit: "fb" },
    ]);
  });

  it("FNF-ART-5: a battery limbers free before it retreats; one already limbered is left as it is", () => {
    expect(unit(limberForRetreat(S, "fb"), "fb").battery).toEqual(gun({ limbered: true }));
    expect(limberForRetreat(S, "fl")).toBe(S);
  });
});

describe("fnfE: fire effects on batteries and detachments (FNF-FIRE-7, FNF-DET-4)", () => {
  it("FNF-FIRE-7: Desultory does nothing to anyone", () => {
    const { ctx, log } = ctxFor(S);
    for (const id of ["fb", "fr1", "det"]) expect(applyFireEffect(S, unit(S, id), "DESULTORY", ctx)).toBe(S);
    expect(log).toEqual([]);
  });

  it("FNF-FIRE-7: on a battery Lively silences, Telling silences and damages, Deadly wrecks", () => {
    const lively = ctxFor(S);
    expect(unit(applyFireEffect(S, unit(S, "fb"), "LIVELY", lively.ctx), "fb").battery).toEqual(gun({ silenced: true }));
    expect(lively.log).toEqual([{ type: "fnf/silenced", rule: "FNF-FIRE-7", unit: "fb" }]);
    const telling = ctxFor(S);
    const t = applyFireEffect(S, unit(S, "fb"), "TELLING", telling.ctx);
    expect(unit(t, "fb").battery).toEqual(gun({ silenced: true, damaged: true }));
    expect(telling.log).toEqual([
      { type: "fnf/silenced", rule: "FNF-FIRE-7", unit: "fb" },
      { type: "fnf/damaged", rule: "FNF-FIRE-7", unit: "fb" },
    ]);
    const deadly = ctxFor(S);
    expect(unit(applyFireEffect(S, unit(S, "fb"), "DEADLY", deadly.ctx), "fb").removed).toBe("wrecked");
    expect(deadly.log).toEqual([{ type: "fnf/unitRemoved", rule: "FNF-FIRE-7", unit: "fb", reason: "wrecked" }]);
  });

  it("FNF-FIRE-7: a battery that was withdrawn-silenced and is hit again loses the withdrawn mark", () => {
    const { ctx } = ctxFor(S);
    const marked = silenceBattery(S, "fb", true, "FNF-MEL-8", ctx);
    expect(unit(applyFireEffect(marked, unit(marked, "fb"), "LIVELY", ctx), "fb").battery).toEqual(gun({ silenced: true, withdrawn: false }));
    expect(unit(applyFireEffect(marked, unit(marked, "fb"), "TELLING", ctx), "fb").battery).toEqual(gun({ silenced: true, withdrawn: false, damaged: true }));
  });

  it("FNF-DET-4: a detachment shrugs off Lively fire and is destroyed by anything worse", () => {
    const lively = ctxFor(S);
    expect(applyFireEffect(S, unit(S, "det"), "LIVELY", lively.ctx)).toBe(S);
    expect(lively.log).toEqual([]);
    const telling = ctxFor(S);
    const s = applyFireEffect(S, unit(S, "det"), "TELLING", telling.ctx);
    expect(unit(s, "det").removed).toBe("destroyed");
    expect(telling.log).toEqual([{ type: "fnf/unitRemoved", rule: "FNF-DET-4", unit: "det", reason: "destroyed" }]);
  });

  it("FNF-FIRE-7: a brigade is disordered by Lively and loses bases by Telling (1)", () => {
    const lively = ctxFor(S);
    const l = applyFireEffect(S, unit(S, "fr1"), "LIVELY", lively.ctx);
    expect([unit(l, "fr1").disordered, unit(l, "fr1").bases]).toEqual([true, 6]);
    expect(lively.log).toEqual([{ type: "fnf/disordered", rule: "FNF-FIRE-7", unit: "fr1", effect: "LIVELY" }]);
    const telling = ctxFor(S);
    const t = applyFireEffect(S, unit(S, "fr1"), "TELLING", telling.ctx);
    expect([unit(t, "fr1").disordered, unit(t, "fr1").bases]).toEqual([true, 5]);
    expect(telling.log).toEqual([
      { type: "fnf/disordered", rule: "FNF-FIRE-7", unit: "fr1", effect: "TELLING" },
      { type: "fnf/basesLost", rule: "FNF-FIRE-7", unit: "fr1", bases: 1, how: "lost", left: 5 },
    ]);
  });
});
