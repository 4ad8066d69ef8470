import { describe, expect, it } from "vitest";
import { applyUnknown as apply } from "../../src/index.js";
import { fnfFirePoints } from "../../src/rules/fnf/index.js";
import { advanceTo, brigade, events, fnfBattle, play, playWith, unit } from "./helpers.js";

function battle(gb: Record<string, unknown> = {}, fr: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, terrain: unknown[] = [], leaders: Record<string, unknown> = {}) {
  return fnfBattle({ leaders, units: { fr1: brigade("fr1", "fr", 20, 20, fr), gb1: brigade("gb1", "gb", 20, 23, gb), ...extra } }, terrain);
}
const fired = (s: ReturnType<typeof battle>) => events(s, "fnf/fired").at(-1);
const offensive = (s: ReturnType<typeof battle>) => advanceTo(s, "offensiveFire");
const fireAt = (s: ReturnType<typeof battle>, dice: number[], firer = "fr1", target = "gb1") => playWith(s, dice, { type: "fnf/fire", firer, target });

describe("FnF fire", () => {
  it("FNF-FIRE-2 and FNF-FIRE-3: a LINE of 6 fires 6 points at 3\"; Lively then Telling on row 6–7 (FNF-FIRE-7)", () => {
    const s = offensive(battle());
    const lively = fireAt(s, [4, 4]);
    expect(fired(lively)).toMatchObject({ points: 6, score: 8, effect: "LIVELY", rule: "FNF-FIRE-6" });
    expect(unit(lively, "gb1")).toMatchObject({ disordered: true, bases: 6 });
    const telling = fireAt(s, [5, 4]);
    expect(fired(telling)).toMatchObject({ effect: "TELLING" });
    expect(unit(telling, "gb1")).toMatchObject({ disordered: true, bases: 5 });
  });

  it("FNF-FIRE-1: each unit fires once, on its own side's fire phase; cavalry do not fire (AMB-66)", () => {
    const s = offensive(battle({}, {}, { fr2: brigade("fr2", "fr", 40, 20, { arm: "cavalry", formation: "SUPPORTED_LINE" }) }));
    const once = fireAt(s, [1, 1]);
    const again = apply(once, { type: "fnf/fire", firer: "fr1", target: "gb1" });
    expect(again.ok ? null : again.violation).toMatchObject({ code: "fnf/already_fired", rule: "FNF-FIRE-1" });
    const cav = apply(s, { type: "fnf/fire", firer: "fr2", target: "gb1" });
    expect(cav.ok ? null : cav.violation).toMatchObject({ code: "fnf/cavalry_do_not_fire" });
    const wrong = apply(s, { type: "fnf/fire", firer: "gb1", target: "fr1" });
    expect(wrong.ok ? null : wrong.violation).toMatchObject({ code: "fnf/not_your_fire_phase", rule: "FNF-TURN-1" });
    const def = advanceTo(battle(), "defensiveFire");
    expect(apply(def, { type: "fnf/fire", firer: "gb1", target: "fr1" }).ok).toBe(true);
  });

  it("FNF-FIRE-2: a COLUMN OF ATTACK fires two bases, a COLUMN OF ROUTE one", () => {
    const ca = offensive(battle({ position: { x: 20, y: 22 } }, { formation: "COLUMN_OF_ATTACK" }));
    expect(fnfFirePoints(ca, unit(ca, "fr1"), "gb1").points).toBe(2);
    const cr = offensive(battle({ position: { x: 20, y: 22 } }, { formation: "COLUMN_OF_ROUTE" }));
    expect(fnfFirePoints(cr, unit(cr, "fr1"), "gb1").points).toBe(1);
  });

  it("FNF-FIRE-4: ×2 at a COLUMN OF ROUTE; ×½ when disordered, rounding down (AMB-67)", () => {
    const col = offensive(battle({ formation: "COLUMN_OF_ROUTE", position: { x: 20, y: 22 } }, { formation: "COLUMN_OF_ATTACK" }));
    expect(fnfFirePoints(col, unit(col, "fr1"), "gb1").points).toBe(4);
    const dis = offensive(battle({}, { bases: 5, startingBases: 6, disordered: true }));
    const fp = fnfFirePoints(dis, unit(dis, "fr1"), "gb1");
    expect(fp).toMatchObject({ halved: true, points: 2 });
    const half = offensive(battle({ position: { x: 20, y: 22 } }, { formation: "COLUMN_OF_ROUTE", disordered: true }));
    expect(fnfFirePoints(half, unit(half, "fr1"), "gb1").points).toBe(0.5);
  });

  it("FNF-FIRE-4 and FNF-GEO-4: only the bases on the target's flank count double (AMB-85)", () => {
    const s = offensive(battle({ position: { x: 21, y: 24 }, facing: 0, bases: 2, formation: "LINE" }, { bases: 3 }));
    const fp = fnfFirePoints(s, unit(s, "fr1"), "gb1");
    expect(fp.bases.some((b) => b.enfilade)).toBe(true);
    expect(fp.points).toBe(fp.bases.reduce((a, b) => a + (b.enfilade ? 2 : 1), 0));
  });

  it("FNF-FIRE-5: +1 at SUPPORTED LINE, +1 at cavalry, +1 British infantry in LINE", () => {
    const s = offensive(battle({ arm: "cavalry", formation: "SUPPORTED_LINE", bases: 4 }, { nation: "british" }));
    const r = fireAt(s, [1, 1]);
    expect(fired(r)?.["modifiers"]).toEqual([
      { name: "targetDeepOrChanged", value: 1 },
      { name: "targetCavalryOrLimbered", value: 1 },
      { name: "britishLine", value: 1 },
    ]);
  });

  it("FNF-FIRE-5 and FNF-SKIRM-3: skirmishers in the open −1; skirmish bases fire as infantry", () => {
    const s = offensive(battle({ light: true, skirmishing: true, bases: 4 }));
    const r = fireAt(s, [1, 1]);
    expect(fired(r)?.["modifiers"]).toEqual([{ name: "openGroundSmallTarget", value: -1 }]);
    const back = offensive(battle({}, { light: true, skirmishing: true, bases: 4 }));
    expect(fnfFirePoints(back, unit(back, "fr1"), "gb1").points).toBe(4);
  });

  it("FNF-FIRE-5: cover behind a stone wall is hard (−2), only the best cover counts", () => {
    const wall = { id: "w", kind: "stoneWall", polygon: [], polyline: [{ x: 0, y: 22.8 }, { x: 72, y: 22.8 }], tags: {} };
    const s = offensive(battle({}, {}, {}, [wall]));
    const r = fireAt(s, [1, 1]);
    expect(fired(r)?.["modifiers"]).toEqual([{ name: "hardCover", value: -2 }]);
  });

  it("FNF-FIRE-8: a natural 11 makes the firer LOW ON AMMO and the target rolls Fallen Leaders for its brigadier (FNF-LDR-3)", () => {
    const s = offensive(battle({ exceptionalBrigadier: true }));
    const r = fireAt(s, [5, 6, 3, 4]);
    expect(unit(r, "fr1").lowAmmo).toBe(true);
    expect(events(r, "fnf/fallenLeaders")[0]).toMatchObject({ roll: 7, casualty: true, brigadierOf: "gb1", rule: "FNF-LDR-1" });
    expect(unit(r, "gb1").exceptionalBrigadier).toBe(false);
  });

  it("FNF-FIRE-8: the senior attached leader is the one at risk; 8+ leaves him unhurt (FNF-LDR-2)", () => {
    const leaders = { gbc: { id: "gbc", side: "gb", rank: "corps", position: { x: 20, y: 25 }, attachedTo: "gb1" } };
    const s = offensive(battle({}, {}, {}, [], leaders));
    const r = fireAt(s, [6, 6, 4, 4]);
    expect(events(r, "fnf/fallenLeaders")[0]).toMatchObject({ roll: 8, casualty: false, leader: "gbc" });
    expect(r.fnf?.leaders["gbc"]?.lost).toBeNull();
  });

  it("FNF-FIRE-9: a low brigade fires at ×½, withdraws beyond musket range in its next maneuver phase, and recovers out of range", () => {
    let s = advanceTo(battle({ lowAmmo: true }), "defensiveFire");
    expect(fnfFirePoints(s, unit(s, "gb1"), "fr1").points).toBe(3);
    s = advanceTo(s, "maneuver", "gb");
    expect(events(s, "fnf/movedAway").at(-1)).toMatchObject({ unit: "gb1", rule: "FNF-FIRE-9" });
    expect(unit(s, "gb1").position.y).toBeCloseTo(24, 2);
    s = play(s, { type: "turn/advance" });
    expect(unit(s, "gb1").lowAmmo).toBe(false);
    expect(events(s, "fnf/ammoReplenished").at(-1)).toMatchObject({ unit: "gb1", rule: "FNF-FIRE-9" });
    const near = advanceTo(battle({}, { lowAmmo: true, disordered: true }), "defensiveFire");
    expect(unit(near, "fr1").lowAmmo).toBe(true);
  });

  it("FNF-ART-3 and FNF-ART-4: a battery is silenced by Lively, damaged by Telling, wrecked by Deadly; silenced guns do not fire", () => {
    const bat = { id: "gb2", side: "gb", kind: "battery", arm: "artillery", bases: 1, battery: { type: "FOOT" }, position: { x: 40, y: 24 }, facing: 270 };
    const guns = { id: "fr2", side: "fr", kind: "battery", arm: "artillery", bases: 1, battery: { type: "HEAVY" }, position: { x: 40, y: 14 }, facing: 90 };
    const s = offensive(battle({}, {}, { gb2: bat, fr2: guns }));
    const pts = fnfFirePoints(s, unit(s, "fr2"), "gb2").points;
    expect(pts).toBe(4);
    const lively = fireAt(s, [5, 4], "fr2", "gb2");
    expect(unit(lively, "gb2").battery).toMatchObject({ silenced: true, damaged: false });
    const telling = fireAt(s, [6, 6, 1, 1], "fr2", "gb2");
    expect(unit(telling, "gb2").battery).toMatchObject({ silenced: true, damaged: true });
    const def = advanceTo(battle({}, {}, { gb2: { ...bat, battery: { type: "FOOT", silenced: true } } }), "defensiveFire");
    const r = apply(def, { type: "fnf/fire", firer: "gb2", target: "fr1" });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/silenced", rule: "FNF-ART-4" });
  });

  it("FNF-LDR-4: a lone leader may be fired at (−1 in the open); a non-Desultory result makes him roll", () => {
    const leaders = { gbd: { id: "gbd", side: "gb", rank: "division", position: { x: 20, y: 23.8 } } };
    const s = offensive(battle({ position: { x: 60, y: 40 } }, {}, {}, [], leaders));
    const r = fireAt(s, [6, 5, 1, 1], "fr1", "gbd");
    expect(fired(r)?.["modifiers"]).toEqual([{ name: "openGroundSmallTarget", value: -1 }]);
    expect(events(r, "fnf/fallenLeaders")).toHaveLength(1);
    expect(r.fnf?.leaders["gbd"]?.lost).toBe("casualty");
  });

  it("FNF-DET-4: a detachment ignores Lively and is destroyed by Telling", () => {
    const det = { id: "gb3", side: "gb", kind: "detachment", arm: "infantry", bases: 1, position: { x: 20, y: 23 }, facing: 270 };
    const s = offensive(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20), gb3: det } }));
    const lively = fireAt(s, [1, 1], "fr1", "gb3");
    expect(unit(lively, "gb3").removed).toBeNull();
    const telling = fireAt(s, [6, 6, 6, 6], "fr1", "gb3");
    expect(unit(telling, "gb3").removed).toBe("destroyed");
  });
});
