import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { changedUnit } from "../../src/rules/fnf/formations.js";
import { advanceTo, brigade, fnfBattle, unit } from "./helpers.js";

const battery = (id: string, x: number, y: number, limbered: boolean) =>
  ({ id, side: "fr", kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", limbered }, position: { x, y }, facing: 90 }) as const;

/** Every kind of French unit this file changes: plain and light infantry, skirmishers, cavalry, two batteries. */
function scene(): BattleState {
  return advanceTo(
    fnfBattle({
      units: {
        inf: brigade("inf", "fr", 10, 10),
        lgt: brigade("lgt", "fr", 25, 10, { light: true }),
        skm: brigade("skm", "fr", 40, 10, { light: true, skirmishing: true }),
        cav: brigade("cav", "fr", 55, 10, { arm: "cavalry", bases: 4, formation: "SUPPORTED_LINE" }),
        lim: battery("lim", 10, 25, true),
        unl: battery("unl", 25, 25, false),
        gb1: brigade("gb1", "gb", 35, 44),
      },
    }),
    "maneuver",
    "fr",
  );
}

const S = scene();
const u = (id: string) => unit(S, id);
const refused = (id: string, to: string, rule: string) => ({ ok: false, violation: { code: "fnf/illegal_formation", rule, unit: id, to } });

describe("fnfE: formation changes of a unit (FNF-FORM-1, FNF-SKIRM-1, FNF-ART-1, FNF-DET-3)", () => {
  it("FNF-DET-3: a detachment never changes formation", () => {
    const d = { ...u("inf"), id: "inf-det1", kind: "detachment" as const, bases: 1 };
    expect(changedUnit(d, "COLUMN_OF_ATTACK", undefined)).toEqual(refused("inf-det1", "COLUMN_OF_ATTACK", "FNF-DET-3"));
  });

  it("FNF-ART-1: a limbered battery unlimbers (keeping or taking a facing) and may neither limber again nor pivot", () => {
    const b = u("lim");
    expect(changedUnit(b, "UNLIMBERED", undefined)).toEqual({ ok: true, unit: { ...b, battery: { ...b.battery, limbered: false } } });
    expect(changedUnit(b, "UNLIMBERED", 45)).toEqual({ ok: true, unit: { ...b, facing: 45, battery: { ...b.battery, limbered: false } } });
    expect(changedUnit(b, "LIMBERED", undefined)).toEqual(refused("lim", "LIMBERED", "FNF-ART-1"));
    expect(changedUnit(b, "PIVOT", 45)).toEqual(refused("lim", "PIVOT", "FNF-ART-1"));
    expect(changedUnit(b, "LINE", undefined)).toEqual(refused("lim", "LINE", "FNF-ART-1"));
  });

  it("FNF-ART-1: an unlimbered battery limbers, and pivots only when given a facing", () => {
    const b = u("unl");
    expect(changedUnit(b, "LIMBERED", 180)).toEqual({ ok: true, unit: { ...b, facing: 180, battery: { ...b.battery, limbered: true } } });
    expect(changedUnit(b, "PIVOT", 45)).toEqual({ ok: true, unit: { ...b, facing: 45 } });
    expect(changedUnit(b, "PIVOT", undefined)).toEqual(refused("unl", "PIVOT", "FNF-ART-1"));
    expect(changedUnit(b, "UNLIMBERED", undefined)).toEqual(refused("unl", "UNLIMBERED", "FNF-ART-1"));
    expect(changedUnit(b, "SKIRMISH", undefined)).toEqual(refused("unl", "SKIRMISH", "FNF-ART-1"));
  });

  it("FNF-SKIRM-1: only light infantry in close order goes skirmishing, into LINE", () => {
    const l = u("lgt");
    expect(changedUnit({ ...l, formation: "COLUMN_OF_ATTACK" }, "SKIRMISH", 120)).toEqual({ ok: true, unit: { ...l, facing: 120, skirmishing: true, formation: "LINE" } });
    expect(changedUnit(u("inf"), "SKIRMISH", undefined)).toEqual(refused("inf", "SKIRMISH", "FNF-SKIRM-1"));
    expect(changedUnit({ ...u("cav"), light: true }, "SKIRMISH", undefined)).toEqual(refused("cav", "SKIRMISH", "FNF-SKIRM-1"));
    expect(changedUnit(u("skm"), "SKIRMISH", undefined)).toEqual(refused("skm", "SKIRMISH", "FNF-SKIRM-1"));
  });

  it("FNF-SKIRM-1: skirmishers return to close order in LINE; a unit in close order cannot 'return'; skirmishers take no other formation", () => {
    const k = u("skm");
    expect(changedUnit(k, "CLOSE_ORDER", undefined)).toEqual({ ok: true, unit: { ...k, skirmishing: false, formation: "LINE" } });
    expect(changedUnit(k, "CLOSE_ORDER", 300)).toEqual({ ok: true, unit: { ...k, facing: 300, skirmishing: false, formation: "LINE" } });
    expect(changedUnit(u("lgt"), "CLOSE_ORDER", undefined)).toEqual(refused("lgt", "CLOSE_ORDER", "FNF-SKIRM-1"));
    expect(changedUnit(k, "COLUMN_OF_ROUTE", undefined)).toEqual(refused("skm", "COLUMN_OF_ROUTE", "FNF-SKIRM-1"));
  });

  it("FNF-ART-1: a brigade cannot take a battery's formations", () => {
    for (const to of ["LIMBERED", "UNLIMBERED", "PIVOT"] as const) expect(changedUnit(u("inf"), to, 45)).toEqual(refused("inf", to, "FNF-ART-1"));
  });

  it("FNF-FORM-1: cavalry take supported line and column of route only; infantry all four", () => {
    const c = u("cav");
    expect(changedUnit(c, "COLUMN_OF_ROUTE", undefined)).toEqual({ ok: true, unit: { ...c, formation: "COLUMN_OF_ROUTE" } });
    expect(changedUnit(c, "LINE", undefined)).toEqual(refused("cav", "LINE", "FNF-FORM-1"));
    expect(changedUnit(c, "COLUMN_OF_ATTACK", undefined)).toEqual(refused("cav", "COLUMN_OF_ATTACK", "FNF-FORM-1"));
    const i = u("inf");
    for (const to of ["SUPPORTED_LINE", "COLUMN_OF_ROUTE", "COLUMN_OF_ATTACK"] as const) expect(changedUnit(i, to, undefined)).toEqual({ ok: true, unit: { ...i, formation: to } });
  });

  it("FNF-FORM-2: the same formation is a change only when the facing changes", () => {
    const i = u("inf");
    expect(changedUnit(i, "LINE", undefined)).toEqual(refused("inf", "LINE", "FNF-FORM-2"));
    expect(changedUnit(i, "LINE", i.facing)).toEqual(refused("inf", "LINE", "FNF-FORM-2"));
    expect(changedUnit(i, "LINE", 100)).toEqual({ ok: true, unit: { ...i, facing: 100 } });
    expect(changedUnit(i, "COLUMN_OF_ATTACK", 100)).toEqual({ ok: true, unit: { ...i, facing: 100, formation: "COLUMN_OF_ATTACK" } });
  });
});
