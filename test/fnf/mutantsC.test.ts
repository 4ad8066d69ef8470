// Rule tests that kill FnF mutants left alive by the sampled mutation runs of #17: the open survivors of
// the seed-2 sample (third session) and the survivors of the seed-3 sample (fourth session).
// Each case names the mutant it answers; each was checked by applying that mutant to the source by
// hand, running this file (the case fails) and restoring the source.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { FusilladeError, applyUnknown as apply, createBattle, fnf, formatViolation, legalActions, reseed, type BattleState } from "../../src/index.js";
import { fnfCandidates } from "../../src/rules/fnf/legal.js";
import { pathCost } from "../../src/rules/fnf/geometry/pricing.js";
import { moveAway } from "../../src/rules/fnf/geometry/away.js";
import { mostlyIn } from "../../src/rules/fnf/geometry/terrain.js";
import { sightLineBlocked } from "../../src/rules/fnf/geometry/sight.js";
import { bottleneckTravel } from "../../src/rules/fnf/geometry/formationChange.js";
import { basesDistance } from "../../src/rules/fnf/geometry/measure.js";
import { rectDistance } from "../../src/rules/fnf/geometry/prims.js";
import type { OrientedRect } from "../../src/rules/fnf/geometry/prims.js";
import { MOVE_RATES } from "../../src/rules/fnf/tables/maneuver.js";
import { smallBattle } from "../fixtures/setups.js";
import { advanceTo, brigade, events, fnfBattle, mustCreate, play, playWith, unit } from "./helpers.js";
import { layout } from "../../src/rules/fnf/world.js";
import { fnfLayoutOf } from "../../src/rules/fnf/index.js";

type S = BattleState;
const square = (x0: number, y0: number, x1: number, y1: number) => [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
const battery = (id: string, side: "fr" | "gb", x: number, y: number, gun: Record<string, unknown> = {}) =>
  ({ id, side, kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", ...gun }, position: { x, y }, facing: side === "fr" ? 90 : 270 }) as const;

/** fr1 (French LINE 6 at y 20) contacts gb1 (LINE 6 at y 30) on a Well handled roll; the melee phase starts. */
function contact(terrain: unknown[] = [], gb: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): S {
  let s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20, { nation: "french" }), gb1: brigade("gb1", "gb", 20, 30, gb), ...extra } }, terrain);
  s = advanceTo(s, "maneuver");
  s = playWith(s, [6, 6], { type: "fnf/maneuver", unit: "fr1" });
  s = play(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 30 }], target: "gb1" });
  return advanceTo(s, "melee");
}

const resolve = (melee: string, drivenBack: "carry" | "breakthrough", advance: boolean) => ({ type: "fnf/resolveMelee", melee, lead: null, drivenBack, advance });

describe("FnF mutants (seed 2, open survivors)", () => {
  // meleeMods.ts:55 the sort's comparator → `() => undefined` keeps the first line found (the hill, +1).
  it("FNF-MEL-3: a defender holding a hill in buildings takes the best defensive-terrain line only (+2, not +1 and not both)", () => {
    const terrain = [
      { id: "hill", kind: "hill", polygon: square(0, 30.2, 40, 44), tags: { hill: 1 } },
      { id: "town", kind: "buildings", polygon: square(0, 30.2, 40, 44), tags: {} },
    ];
    const s = playWith(contact(terrain), [3, 3, 3, 3], resolve("melee-1", "carry", false));
    const rolled = events(s, "fnf/meleeRolled")[0];
    const terrainMods = (rolled?.["defenderModifiers"] as { name: string; value: number }[]).filter((m) => m.name.startsWith("terrain:"));
    expect(terrainMods).toEqual([{ name: "terrain:buildings", value: 2 }]);
  });

  // formations.ts:23 `to === "PIVOT" && !u.battery.limbered` → `true` turns any battery change with a facing into a pivot.
  it("FNF-ART-1: only an unlimbered battery pivots; a limbered battery asked to pivot, or any battery asked for a brigade formation, is refused", () => {
    const open = (limbered: boolean) => playWith(advanceTo(fnfBattle({ leaders: {}, units: { frb: battery("frb", "fr", 30, 10, { limbered }), gb1: brigade("gb1", "gb", 30, 40) } }), "maneuver"), [3, 3], { type: "fnf/maneuver", unit: "frb" });
    const change = (s: S, to: string) => apply(s, { type: "fnf/move", unit: "frb", path: [], change: { to, facing: 45 } });
    const limbered = change(open(true), "PIVOT");
    expect(limbered.ok ? null : limbered.violation).toMatchObject({ code: "fnf/illegal_formation", rule: "FNF-ART-1" });
    for (const to of ["UNLIMBERED", "COLUMN_OF_ROUTE"]) {
      const r = change(open(false), to);
      expect(r.ok ? null : r.violation, to).toMatchObject({ code: "fnf/illegal_formation", rule: "FNF-ART-1" });
    }
    const pivot = change(open(false), "PIVOT");
    expect(pivot.ok).toBe(true);
    if (pivot.ok) expect(unit(pivot.state, "frb")).toMatchObject({ facing: 45, battery: { limbered: false } });
  });

  // legal.ts:224 `rec === null || rec.moved || !rec.mayChange` → `(rec === null || rec.moved) && !rec.mayChange`
  // lists formation changes the engine must then refuse one by one.
  it("FNF-FORM-4: the lister offers formation changes only to a unit that has not moved and whose result allows one", () => {
    const s0 = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40) } }), "maneuver");
    const changes = (s: S) => fnfCandidates(s).filter((c) => typeof c !== "function" && c.type === "fnf/move" && c.unit === "fr1" && c.change !== null);
    const rolled = playWith(s0, [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    expect(unit(rolled, "fr1").turn.maneuver).toMatchObject({ mayChange: true, moved: false });
    expect(changes(rolled).length).toBeGreaterThan(0);
    const moved = play(rolled, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 12 }] });
    expect(unit(moved, "fr1").turn.maneuver).toMatchObject({ mayChange: true, moved: true });
    expect(changes(moved)).toEqual([]);
    const again = apply(moved, { type: "fnf/move", unit: "fr1", path: [], change: { to: "COLUMN_OF_ATTACK" } });
    expect(again.ok).toBe(false);
    const noChange = playWith(s0, [1, 1], { type: "fnf/maneuver", unit: "fr1" });
    expect(unit(noChange, "fr1").turn.maneuver).toMatchObject({ mayChange: false, moved: false });
    expect(changes(noChange)).toEqual([]);
  });

  // legal.ts:320 the carry-without-advancing answer → `{}` (refused, so never listed).
  it("FNF-MEL-7: a pending melee is listed with its three answers: carry and advance, carry and stay, break through", () => {
    // The scripted dice of the contact roll are used up: real dice again for the dry runs.
    const s = reseed(contact(), 5);
    expect(legalActions(s)).toEqual([resolve("melee-1", "carry", true), resolve("melee-1", "carry", false), resolve("melee-1", "breakthrough", true), { type: "turn/advance" }]);
  });

  // maneuver.ts:107 the silenced move's event payload → `{}`.
  it("FNF-ART-4: a silenced battery limbers and moves a full move away at the start of its maneuver phase; the event names it", () => {
    const s = advanceTo(fnfBattle({ leaders: {}, units: { frb: battery("frb", "fr", 30, 20, { silenced: true }), gb1: brigade("gb1", "gb", 30, 30) } }), "maneuver");
    expect(events(s, "fnf/silencedMove")).toEqual([expect.objectContaining({ type: "fnf/silencedMove", rule: "FNF-ART-4", unit: "frb" })]);
    expect(unit(s, "frb").battery).toMatchObject({ limbered: true, silenced: false });
  });

  // movement.ts:182 the impassable code → "" (no coverage before).
  it("FNF-GEO-6: a move across a deep stream away from a bridge or ford, or into impassable ground, is refused as impassable", () => {
    const deep = { id: "d", kind: "deepStream", polygon: [], polyline: [{ x: 0, y: 12 }, { x: 72, y: 12 }], tags: {} };
    const lake = { id: "l", kind: "impassable", polygon: square(0, 11.5, 72, 12.5), tags: {} };
    for (const t of [deep, lake]) {
      const s = playWith(advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40) } }, [t]), "maneuver"), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
      const r = apply(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 14 }] });
      expect(r.ok ? null : r.violation, t.kind).toMatchObject({ code: "fnf/impassable", rule: "FNF-GEO-6" });
    }
  });
});

const total = (mods: unknown) => (mods as { value: number }[]).reduce((a, m) => a + m.value, 0);
const rect = (x: number, y: number, w = 1, d = 1, facing = 90): OrientedRect => ({ center: { x, y }, halfWidth: w / 2, halfDepth: d / 2, facing });
const rolled = (s: S, id: string, dice: number[]) => playWith(advanceTo(s, "maneuver"), dice, { type: "fnf/maneuver", unit: id });

describe("FnF mutants (seed 3)", () => {
  // odds.ts:117 `x.kind === "brigade"` → `false`: the odds forget that a desperate struggle disorders a brigade.
  it("FNF-MEL-8: the exact odds recompute both sides after a desperate struggle as play does (the attacker newly disordered, the defender already so)", () => {
    const s = contact([], { disordered: true });
    const played = playWith(s, [1, 1, 2, 2, 6, 6, 1, 1], resolve("melee-1", "carry", false));
    const rolls = events(played, "fnf/meleeRolled");
    expect(rolls.map((e) => e["result"])).toEqual(["DESPERATE_STRUGGLE", "SWEPT"]);
    expect(rolls[1]?.["attackerModifiers"]).toContainEqual({ name: "disordered", value: -1 });
    const att = rolls.map((e) => total(e["attackerModifiers"]));
    const def = rolls.map((e) => total(e["defenderModifiers"]));
    expect(att).toEqual([3, -1]);
    expect(def).toEqual([1, -2]);
    const odds = fnf.meleeOddsFor(s, "melee-1", null, 1);
    const byHand = fnf.meleeOdds((k) => att[k] ?? null, (k) => def[k] ?? null, 1);
    expect(odds.final).toEqual(byHand.final);
    expect(odds.firstRoll).toEqual(byHand.firstRoll);
  });

  // messages.ts:12 the unit named in the "leaders move first" text → `v[""]`.
  it("FNF-CMD-5: a leader who would move after a unit of his side rolled is refused, and the message names that unit", () => {
    const s = rolled(fnfBattle({ leaders: { frd: { id: "frd", side: "fr", rank: "division", position: { x: 30, y: 8 } } }, units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40) } }), "fr1", [3, 3]);
    const r = apply(s, { type: "fnf/moveLeader", leader: "frd", to: { x: 32, y: 8 } });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/leaders_move_first", rule: "FNF-CMD-5", unit: "fr1" });
    if (!r.ok) expect(formatViolation(r.violation)).toContain('"fr1" already has');
  });

  // fire.ts:29 the rule of the damage done by fire → "".
  it("FNF-FIRE-7: a battery hit by Telling fire is silenced and damaged, both events citing the fire effects rule", () => {
    const bat = battery("gb2", "gb", 40, 24);
    const guns = { ...battery("fr2", "fr", 40, 14), battery: { type: "HEAVY" } };
    const s = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 10, 10), gb1: brigade("gb1", "gb", 10, 40), gb2: bat, fr2: guns } }), "offensiveFire");
    const telling = playWith(s, [6, 6, 1, 1], { type: "fnf/fire", firer: "fr2", target: "gb2" });
    expect(events(telling, "fnf/fired").at(-1)).toMatchObject({ effect: "TELLING" });
    expect(events(telling, "fnf/silenced")).toEqual([expect.objectContaining({ unit: "gb2", rule: "FNF-FIRE-7" })]);
    expect(events(telling, "fnf/damaged")).toEqual([expect.objectContaining({ unit: "gb2", rule: "FNF-FIRE-7" })]);
  });

  // geometry/pricing.ts:48 the fords → `[]`: a crossing at a ford pays the stream as well, and a deep stream is impassable there.
  it("FNF-GEO-6 and FNF-MOVE-2: crossing a stream at its ford costs the ford once; a deep stream is crossed only at a ford", () => {
    const p = { rate: MOVE_RATES.infantry, roads: false, roughFree: false };
    const line = (id: string, kind: string, x0: number, x1: number) => ({ id, kind, polygon: [], polyline: [{ x: x0, y: 12 }, { x: x1, y: 12 }], tags: {} }) as never;
    const across = [{ x: 10, y: 11 }, { x: 10, y: 13 }];
    for (const kind of ["stream", "deepStream"]) {
      expect(pathCost([line("s", kind, 0, 20), line("f", "ford", 8, 12)], across, p), kind).toBeCloseTo(2 + MOVE_RATES.infantry.obstacle, 9);
    }
    expect(pathCost([line("s", "deepStream", 0, 20), line("f", "ford", 8, 12)], [{ x: 16, y: 11 }, { x: 16, y: 13 }], p)).toBe(Infinity);
    expect(pathCost([line("s", "stream", 0, 20), line("f", "ford", 8, 12)], [{ x: 16, y: 11 }, { x: 16, y: 13 }], p)).toBeCloseTo(2 + MOVE_RATES.infantry.obstacle, 9);
  });

  // geometry/away.ts:104 the impassable kind → "": moves away walk through lakes.
  it("FNF-GEO-9: a move away does not enter impassable ground: it turns aside, or stops 0.5\" short when boxed in", () => {
    const me = [rect(20, 20, 2, 1)];
    const world = (terrain: unknown[]) => ({ terrain: terrain as never, table: { width: 72, height: 48 }, enemies: [], friends: [] });
    const lake = (id: string, x0: number, y0: number, x1: number, y1: number) => ({ id, kind: "lake", polygon: square(x0, y0, x1, y1), tags: {} });
    const boxed = moveAway(me, { x: 0, y: -1 }, { kind: "fixed", length: 5 }, world([lake("a", 0, 15, 72, 16.5), lake("b", 16, 15, 16.5, 35), lake("c", 23.5, 15, 24, 35)]));
    expect(boxed.stoppedBy).toBe("terrain");
    expect(boxed.distance).toBeCloseTo(2.5, 2);
    const aside = moveAway(me, { x: 0, y: -1 }, { kind: "fixed", length: 5 }, world([lake("a", 17, 13, 23, 16)]));
    expect(aside.stoppedBy).toBe("none");
    expect(aside.direction.x).not.toBeCloseTo(0, 3);
    expect(aside.distance).toBeCloseTo(5, 9);
  });

  // movement.ts:151 the "roll first" code → "" (no coverage before).
  it("FNF-MAN-1: a brigade that has not rolled on the maneuver table may not move", () => {
    const s = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40) } }), "maneuver");
    const r = apply(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 12 }] });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/must_roll_first", rule: "FNF-MAN-1", unit: "fr1" });
  });

  // legal.ts:111 `((to.x - from.x) * len) / d` → `(to.x - from.x) * len * d`: the approach points leave the line to the enemy.
  it("FNF-MAN-3: the listed approach moves go straight toward the nearest enemy, the full allowance and half of it", () => {
    const s = rolled(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 6), gb1: brigade("gb1", "gb", 44, 38) } }), "fr1", [3, 3]);
    const allowance = unit(s, "fr1").turn.maneuver?.allowance ?? 0;
    expect(allowance).toBeGreaterThan(0);
    const d = Math.sqrt(24 * 24 + 32 * 32);
    const at = (len: number) => ({ x: Math.round((20 + (24 * len) / d) * 100) / 100, y: Math.round((6 + (32 * len) / d) * 100) / 100 });
    const paths = legalActions(reseed(s, 3)).flatMap((a) => (a.type === "fnf/move" && a.unit === "fr1" && a.change === null && a.path.length === 1 ? [a.path[0]] : []));
    expect(paths).toEqual([at(allowance), at(allowance / 2)]);
  });

  // leaders.ts:32 `u.side !== l.side` → `false`: a leader could attach to an enemy unit he touches.
  it("FNF-CMD-5: a leader attaches only to a unit of his own side", () => {
    const s = advanceTo(fnfBattle({ leaders: { frd: { id: "frd", side: "fr", rank: "division", position: { x: 20, y: 8 } } }, units: { fr1: brigade("fr1", "fr", 40, 10), gb1: brigade("gb1", "gb", 20, 20) } }), "maneuver");
    const touch = fnf.layoutOf(unit(s, "gb1")).bases[0]?.rect.center ?? { x: 0, y: 0 };
    const r = apply(s, { type: "fnf/moveLeader", leader: "frd", to: touch, attachTo: "gb1" });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/bad_attachment", rule: "FNF-CMD-5", unit: "gb1" });
    const own = fnf.layoutOf(unit(s, "fr1")).bases[0]?.rect.center ?? { x: 0, y: 0 };
    const mine = apply(s, { type: "fnf/moveLeader", leader: "frd", to: own, attachTo: "fr1" });
    expect(mine.ok ? mine.state.fnf?.leaders["frd"]?.attachedTo : mine.violation).toBe("fr1");
  });

  // legal.ts:226 `e === undefined` → `false`: the lister throws when no enemy unit is left on the table.
  it("FNF-FORM-4: with no enemy unit on the table, formation changes are listed keeping the facing", () => {
    const s = rolled(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10) } }), "fr1", [3, 3]);
    const changes = legalActions(reseed(s, 3)).flatMap((a) => (a.type === "fnf/move" && a.change !== null ? [a.change] : []));
    expect(changes).toEqual([{ to: "SUPPORTED_LINE", when: "after" }, { to: "COLUMN_OF_ROUTE", when: "after" }, { to: "COLUMN_OF_ATTACK", when: "after" }]);
  });

  // odds.ts:139 `u.kind === "brigade"` → `!==` (no coverage before): a disordered brigade's odds read from the good-order column.
  it("FNF-MAN-2: maneuver odds of a disordered brigade come from the disordered column, as its roll does", () => {
    const s = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10, { disordered: true }), fr2: brigade("fr2", "fr", 50, 10), gb1: brigade("gb1", "gb", 20, 40) } }), "maneuver");
    const mods = (id: string) => total(fnf.maneuverModifiers(s, unit(s, id), false));
    expect(fnf.maneuverOddsFor(s, "fr1")).toEqual(fnf.maneuverOdds(mods("fr1"), true));
    expect(fnf.maneuverOddsFor(s, "fr2")).toEqual(fnf.maneuverOdds(mods("fr2"), false));
    expect(fnf.maneuverOdds(mods("fr1"), true)).not.toEqual(fnf.maneuverOdds(mods("fr1"), false));
  });

  // geometry/terrain.ts:158 `inside * 2 > n` → `>=`: half the bases would count as "in".
  it("FNF-GEO-7: a unit is in woods or buildings only when more than half of its counted bases are", () => {
    const woods = [{ id: "w", kind: "woods", polygon: square(0, 0, 10, 10), tags: {} }] as never;
    const c = (x: number) => ({ x, y: 5 });
    expect(mostlyIn(woods, "woods", [c(2), c(4), c(12), c(14)])).toBe(false);
    expect(mostlyIn(woods, "woods", [c(2), c(4), c(6), c(14)])).toBe(true);
    expect(mostlyIn(woods, "woods", [c(2), c(14)])).toBe(false);
  });

  // formations.ts:35 the skirmisher's refusal → `false`: a skirmishing brigade could form column.
  it("FNF-SKIRM-1: a skirmishing brigade stays in LINE: a column is refused until it returns to close order", () => {
    const s = rolled(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10, { light: true, skirmishing: true }), gb1: brigade("gb1", "gb", 20, 40) } }), "fr1", [3, 3]);
    for (const to of ["COLUMN_OF_ATTACK", "SUPPORTED_LINE"]) {
      const r = apply(s, { type: "fnf/move", unit: "fr1", path: [], change: { to } });
      expect(r.ok ? null : r.violation, to).toMatchObject({ code: "fnf/illegal_formation", rule: "FNF-SKIRM-1" });
    }
    const close = apply(s, { type: "fnf/move", unit: "fr1", path: [], change: { to: "CLOSE_ORDER" } });
    expect(close.ok ? unit(close.state, "fr1") : close.violation).toMatchObject({ skirmishing: false, formation: "LINE" });
  });

  // measuring.ts:100 the function named in the misuse message → "".
  it("FNF-GEO-8: fnf.sees refuses a battle of another ruleset with engine/misuse, naming itself", () => {
    const whn = createBattle(smallBattle());
    if (!whn.ok) throw new Error("setup");
    let caught: unknown = null;
    try {
      fnf.sees(whn.value, "fr-1", "gb-1");
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(FusilladeError);
    expect((caught as FusilladeError).code).toBe("engine/misuse");
    expect((caught as Error).message).toContain("fnf.sees needs an FnF battle");
  });

  // firePoints.ts:73 `firer.battery !== null` → `=== null`: low guns fire at any range, low rifles only at canister range.
  it("FNF-FIRE-9: a battery low on ammunition fires canister only (4\"), halved; low rifles still fire to 6\", halved", () => {
    const far = advanceTo(fnfBattle({ leaders: {}, units: { fr2: battery("fr2", "fr", 40, 14, {}), gb1: brigade("gb1", "gb", 40, 19.5) } }), "offensiveFire");
    const low = (s: S, id: string) => ({ ...unit(s, id), lowAmmo: true });
    const points = (s: S, id: string, target: string) => fnf.firePoints(s, low(s, id), target);
    const guns = points(far, "fr2", "gb1");
    expect(guns.bases).toEqual([]);
    expect(guns.points).toBe(0);
    const near = advanceTo(fnfBattle({ leaders: {}, units: { fr2: battery("fr2", "fr", 40, 14, {}), gb1: brigade("gb1", "gb", 40, 17) } }), "offensiveFire");
    expect(points(near, "fr2", "gb1")).toMatchObject({ halved: true, points: 5 });
    const rifles = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 14, { rifles: true }), gb1: brigade("gb1", "gb", 20, 19.5) } }), "offensiveFire");
    const r = points(rifles, "fr1", "gb1");
    expect(r.bases.length).toBe(6);
    expect(r).toMatchObject({ halved: true, points: 3 });
  });
});

describe("FnF mutants (seed 3, the sample extended to 80)", () => {
  // leaders.ts:21 `l.side !== state.turn.activeSide` → `false`: the other side's leader could be moved.
  it("FNF-CMD-5: a side moves only its own leaders, in its own maneuver phase", () => {
    const s = advanceTo(fnfBattle({ leaders: { gbd: { id: "gbd", side: "gb", rank: "division", position: { x: 20, y: 44 } } }, units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40) } }), "maneuver", "fr");
    const r = apply(s, { type: "fnf/moveLeader", leader: "gbd", to: { x: 22, y: 44 } });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/not_your_leader", rule: "FNF-CMD-5", leader: "gbd" });
  });

  // movement.ts:148 the "not your unit" code → "" (no coverage before).
  it("FNF-MAN-1: a side may not move the other side's brigade", () => {
    const s = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40) } }), "maneuver", "fr");
    const r = apply(s, { type: "fnf/move", unit: "gb1", path: [{ x: 20, y: 38 }] });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/not_your_unit", rule: "FNF-MAN-1", unit: "gb1" });
  });

  // fire.ts:77 `lone !== undefined` → `false`: a lone leader hit without a natural 11 or 12 would not roll.
  it("FNF-LDR-4: a lone leader hit by any result but Desultory rolls on the Fallen Leaders table, whatever the natural roll", () => {
    const leaders = { gbd: { id: "gbd", side: "gb", rank: "division", position: { x: 20, y: 23.8 } } };
    const s = advanceTo(fnfBattle({ leaders, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 60, 40) } }), "offensiveFire");
    const hit = playWith(s, [5, 4, 1, 1], { type: "fnf/fire", firer: "fr1", target: "gbd" });
    expect(events(hit, "fnf/fired").at(-1)).toMatchObject({ dice: [5, 4], effect: expect.not.stringMatching(/^DESULTORY$/) });
    expect(events(hit, "fnf/lowOnAmmo")).toEqual([]);
    expect(events(hit, "fnf/fallenLeaders")).toEqual([expect.objectContaining({ roll: 2, casualty: true, leader: "gbd" })]);
    expect(hit.fnf?.leaders["gbd"]?.lost).toBe("casualty");
    const miss = playWith(s, [1, 1], { type: "fnf/fire", firer: "fr1", target: "gbd" });
    expect(events(miss, "fnf/fired").at(-1)).toMatchObject({ effect: "DESULTORY" });
    expect(events(miss, "fnf/fallenLeaders")).toEqual([]);
  });

  // firePoints.ts:70 `kind !== null && trg.length > 0` → `true`: cavalry would be priced as firers (and throw).
  it("FNF-FIRE-1: cavalry score no fire points, even at close range", () => {
    const s = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20, { arm: "cavalry", formation: "SUPPORTED_LINE" }), gb1: brigade("gb1", "gb", 20, 23) } }), "offensiveFire");
    expect(fnf.firePoints(s, unit(s, "fr1"), "gb1")).toEqual({ bases: [], doubledAll: false, halved: false, points: 0 });
  });

  // legal.ts:231 `to !== "PIVOT"` → `to !== ""`: a pivot without a facing would be listed (and refused).
  it("FNF-ART-1: the lister offers an unlimbered battery a pivot only toward the enemy, and limbering either way", () => {
    const s = rolled(fnfBattle({ leaders: {}, units: { frb: battery("frb", "fr", 30, 10, { limbered: false }), gb1: brigade("gb1", "gb", 50, 40) } }), "frb", [3, 3]);
    const changes = fnfCandidates(s).flatMap((c) => (typeof c !== "function" && c.type === "fnf/move" && c.unit === "frb" && c.change !== null ? [c.change] : []));
    const face = changes.find((c) => c.to === "PIVOT")?.facing;
    expect(face).toBeTypeOf("number");
    expect(face).not.toBe(90);
    expect(changes).toEqual([{ to: "LIMBERED", when: "after" }, { to: "LIMBERED", facing: face, when: "after" }, { to: "PIVOT", facing: face, when: "after" }]);
  });

  // messages.ts:36 the 2" rule text → `` (no coverage before).
  it("FNF-MAN-3: the 2\" rule refusal reads as a sentence naming the enemy approached", () => {
    const s = rolled(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 32) } }), "fr1", [3, 3]);
    const r = apply(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 30.5 }] });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/two_inch_rule", rule: "FNF-MAN-3", enemy: "gb1" });
    if (!r.ok) expect(formatViolation(r.violation)).toMatch(/^The move brings a base to [0-9.]+" of "gb1" without contacting it \(the 2" rule\)\./);
  });

  // public.ts:36 fnf.stands → `() => undefined` (no coverage before).
  it("FNF-MEL-2: stands counted in melee: every non-command base in line or attack column, two in column of route, one for a battery or detachment", () => {
    const s = fnfBattle({
      leaders: {},
      units: {
        l: brigade("l", "fr", 10, 10),
        r: brigade("r", "fr", 30, 10, { formation: "COLUMN_OF_ROUTE" }),
        a: brigade("a", "fr", 50, 10, { formation: "COLUMN_OF_ATTACK", bases: 5 }),
        b: battery("b", "gb", 10, 40),
        d: { id: "d", side: "gb", kind: "detachment", arm: "infantry", bases: 1, position: { x: 40, y: 40 }, facing: 270 },
      },
    });
    expect(["l", "r", "a", "b", "d"].map((id) => fnf.stands(unit(s, id)))).toEqual([6, 2, 5, 1, 1]);
  });

  // geometry/measure.ts:9 the half-diagonal `hw² + hd²` → `hw² − hd²`: the pruning bound skips pairs that are nearer.
  it("FNF-GEO-3: the distance between two sets of bases is the least distance between any base of one and any base of the other", () => {
    const r = fc.record({ x: fc.integer({ min: 0, max: 200 }), y: fc.integer({ min: 0, max: 200 }), w: fc.integer({ min: 1, max: 40 }), d: fc.integer({ min: 1, max: 40 }), f: fc.integer({ min: 0, max: 359 }) });
    const toRect = (v: { x: number; y: number; w: number; d: number; f: number }): OrientedRect => ({ center: { x: v.x / 10, y: v.y / 10 }, halfWidth: v.w / 10, halfDepth: v.d / 10, facing: v.f });
    fc.assert(
      fc.property(fc.array(r, { minLength: 1, maxLength: 4 }), fc.array(r, { minLength: 1, maxLength: 6 }), (a0, b0) => {
        const a = a0.map(toRect);
        const b = b0.map(toRect);
        const brute = Math.min(...a.flatMap((x) => b.map((y) => rectDistance(x, y))));
        expect(basesDistance(a, b)).toBe(brute);
      }),
      { seed: 17, numRuns: 400 },
    );
    // A wide base whose corner is nearest: the pair must be measured although another pair was met first.
    const wide = rect(0, 0, 4, 1, 90);
    const ahead = rect(0, 1.56, 0.02, 0.02, 90);
    const corner = rect(2 + 1 / Math.SQRT2, 0.5 + 1 / Math.SQRT2, 0.02, 0.02, 90);
    expect(basesDistance([wide], [ahead, corner])).toBe(Math.min(rectDistance(wide, ahead), rectDistance(wide, corner)));
  });
});

/** The misuse error a call throws, or null. */
function misuse(f: () => unknown): FusilladeError | null {
  try {
    f();
  } catch (e) {
    if (e instanceof FusilladeError) return e;
    throw e;
  }
  return null;
}

describe("FnF mutants (seed 3, the sample extended to 120)", () => {
  // odds.ts:31, odds.ts:66 and measuring.ts:103: the argument named in a misuse message → "".
  it("FNF-FIRE-6, FNF-MEL-8 and FNF-GEO-8: the odds and sight helpers name the argument they refuse", () => {
    expect(misuse(() => fnf.fireOdds(6, Number.NaN))?.message).toContain("fnf.fireOdds: modifier must be a finite number");
    expect(misuse(() => fnf.meleeOdds(() => 0, () => 0, -1))?.message).toContain("fnf.meleeOdds: maxStruggles must be an integer in [0, 1000000]");
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40) } });
    const e = misuse(() => fnf.sees(s, "fr1", "gb1", 5 as never));
    expect(e?.code).toBe("engine/misuse");
    expect(e?.message).toContain("fnf.sees: options must be an object");
    const getter = {
      get inArc(): boolean {
        throw new Error("a hostile getter");
      },
    };
    expect(misuse(() => fnf.sees(s, "fr1", "gb1", getter))?.message).toContain("fnf.sees: options could not be read (");
  });

  // world.ts:49 `p.gun === …` → `!==` and world.ts:65 the search of recent layouts → `{}`: a unit new only by a flag
  // gets a new layout object instead of the one already made (and the distances remembered for it are lost).
  it("FNF-GEO-2: a unit new only by a status flag keeps its very layout; a change of placement lays it out afresh", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10), frb: battery("frb", "fr", 40, 10, { type: "HEAVY" }), gb1: brigade("gb1", "gb", 20, 40) } });
    for (const id of ["fr1", "frb"]) {
      const u = unit(s, id);
      const l = layout({ ...u });
      expect(l).toEqual(fnfLayoutOf(u));
      expect(layout({ ...u, disordered: !u.disordered })).toBe(l);
      const moved = { ...u, position: { x: u.position.x + 1, y: u.position.y } };
      expect(layout(moved)).not.toBe(l);
      expect(layout(moved)).toEqual(fnfLayoutOf(moved));
      expect(layout({ ...u, lowAmmo: true })).toBe(l);
    }
  });

  // phases.ts:64 the rule of the battle's result → "".
  it("FNF-TURN-1: at the end of the last turn the side that lost fewer bases wins, the result citing the turn rule", () => {
    let s = mustCreate({ ruleset: "fnf", seed: 7, maxTurns: 1, sides: [{ id: "fr", name: "French" }, { id: "gb", name: "British" }], units: [], wind: 0, terrain: [], fnf: { leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40, { bases: 5, startingBases: 6 }) } } });
    for (let i = 0; i < 40 && s.turn.phase !== "finished"; i++) s = play(s, { type: "turn/advance" });
    expect(s.turn.phase).toBe("finished");
    expect(s.result).toEqual({ winner: "fr", reason: "bases lost: fr 0, gb 1", rule: "FNF-TURN-1" });
  });

  // firePoints.ts:64 the target's bases `?? []` → `?? ["Stryker was here"]` (no coverage before).
  it("FNF-FIRE-1: an id that is neither a unit nor a lone leader scores no fire points", () => {
    const s = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 23) } }), "offensiveFire");
    expect(fnf.firePoints(s, unit(s, "fr1"), "gb9")).toEqual({ bases: [], doubledAll: false, halved: false, points: 0 });
  });

  // firePoints.ts:55 `(b) => b.fireRank <= 2` → `() => undefined` (no coverage before): with every eligible stand
  // firing before a melee, a column of route would fire none.
  it("FNF-FIRE-2: before its melee a column of route fires its two leading stands, under either reading of AMB-84", () => {
    for (const all of [false, true]) {
      let s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20, { nation: "french" }), gb1: brigade("gb1", "gb", 20, 30, { formation: "COLUMN_OF_ROUTE" }) } }, [], { fnf: { preMeleeFireAllEligible: all } });
      s = playWith(advanceTo(s, "maneuver"), [6, 6], { type: "fnf/maneuver", unit: "fr1" });
      s = advanceTo(play(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 30 }], target: "gb1" }), "defensiveFire");
      const fp = fnf.firePoints(s, unit(s, "gb1"), "fr1");
      expect(fp.bases.length, String(all)).toBe(2);
      expect(fp.points, String(all)).toBe(2);
    }
  });

  // firePoints.ts:109 the entrenchments grade → "": fire at a unit behind works would lose its −3.
  it("FNF-FIRE-5 and FNF-GEO-7: fire at a brigade behind works takes the entrenchments modifier", () => {
    const works = { id: "w", kind: "works", polygon: [], polyline: [{ x: 0, y: 29.9 }, { x: 72, y: 29.9 }], tags: {} };
    const s = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 27), gb1: brigade("gb1", "gb", 20, 30) } }, [works]), "offensiveFire");
    expect(fnf.fireModifiers(s, unit(s, "fr1"), "gb1")).toEqual([{ name: "entrenchments", value: -3 }]);
  });

  // fire.ts:43 the unknown firer's code → "" (no coverage before).
  it("FNF-FIRE-1: a fire by an id that is no unit is refused as an unknown unit", () => {
    const s = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 23) } }), "offensiveFire");
    const r = apply(s, { type: "fnf/fire", firer: "fr9", target: "gb1" });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/unknown_unit", rule: "FNF-FIRE-1" });
  });

  // messages.ts:25 the battery named in the "limber first" text → `v[""]` (no coverage before).
  it("FNF-ART-1: an unlimbered battery may not move; the refusal names the battery", () => {
    const s = rolled(fnfBattle({ leaders: {}, units: { frb: battery("frb", "fr", 30, 10, { limbered: false }), gb1: brigade("gb1", "gb", 30, 40) } }), "frb", [3, 3]);
    const r = apply(s, { type: "fnf/move", unit: "frb", path: [{ x: 30, y: 12 }] });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/unlimbered_cannot_move", rule: "FNF-ART-1", unit: "frb" });
    if (!r.ok) expect(formatViolation(r.violation)).toContain('Battery "frb" must limber before it moves.');
  });
});

describe("FnF mutants (seed 3, the sample extended to 160)", () => {
  // legal.ts:101 the far end of the bad-going look-ahead, `u.y + (e.y − u.y)·t` → `u.y − …`: woods on the way went unseen.
  it("FNF-MAN-5: a brigade with woods on its way to the nearest enemy is also offered the roll declaring bad going", () => {
    const woods = { id: "w", kind: "woods", polygon: square(10, 16, 30, 20), tags: {} };
    const s = reseed(advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40) } }, [woods]), "maneuver"), 3);
    const rolls = legalActions(s).filter((a) => a.type === "fnf/maneuver" && a.unit === "fr1");
    expect(rolls).toEqual([{ type: "fnf/maneuver", unit: "fr1", badGoing: false }, { type: "fnf/maneuver", unit: "fr1", badGoing: true }]);
  });

  // geometry/sight.ts:59 `Math.max(ea, eb)` → `Math.min`: a viewer on a hill would be blinded by his own hill.
  it("FNF-GEO-8: a crest blocks sight only where it stands higher than both ends; looking down from a hill is clear", () => {
    const hill = { id: "h", kind: "hill", polygon: square(0, 0, 10, 12), tags: { hill: 1 } } as never;
    expect(sightLineBlocked({ x: 5, y: 5 }, { x: 5, y: 20 }, [hill], [])).toBe(false);
    expect(sightLineBlocked({ x: 5, y: -5 }, { x: 5, y: 20 }, [hill], [])).toBe(true);
  });

  // legal.ts:287 the rejoin filter's `d.kind !== "detachment"` → `false`: equivalent since a brigade
  // naming a parent is refused at setup and load (FNF-DET-1); the setup check is held here instead.
  it("FNF-DET-1: only a detachment names a parent brigade: a brigade with a parent is refused at setup; the lister offers no rejoin to brigades", () => {
    const setup = (fr2: unknown) => createBattle({ ruleset: "fnf", seed: 7, sides: [{ id: "fr", name: "French" }, { id: "gb", name: "British" }], units: [], wind: 0, terrain: [], options: {},
      fnf: { leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10), fr2, gb1: brigade("gb1", "gb", 20, 40) } } } as never);
    const r = setup(brigade("fr2", "fr", 50, 10, { parent: "fr1" }));
    expect(r.ok ? [] : r.error.issues.map((i) => i.message)).toContainEqual(expect.stringContaining('only a detachment has a parent brigade (FNF-DET-1); "fr2" is a brigade'));
    const s = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10), fr2: brigade("fr2", "fr", 50, 10), frb: battery("frb", "fr", 40, 10), gb1: brigade("gb1", "gb", 20, 40) } }), "maneuver");
    expect(fnfCandidates(s).filter((c) => typeof c !== "function" && c.type === "fnf/rejoin")).toEqual([]);
  });

  // geometry/formationChange.ts:39 the allowed places `[j]` → `["Stryker was here"]`: the matching breaks.
  it("FNF-FORM-3: the travel of a formation change is the least possible longest distance a base must move", () => {
    expect(bottleneckTravel([{ x: 0, y: 0 }, { x: 10, y: 0 }], [{ x: 10, y: 1 }, { x: 0, y: 1 }])).toBe(1);
    expect(bottleneckTravel([{ x: 0, y: 0 }, { x: 3, y: 0 }], [{ x: 3, y: 4 }, { x: 6, y: 0 }])).toBe(5);
  });

  // movement.ts:188 the code of a move too far once passage of lines is paid → "".
  it("FNF-MOVE-3: a move that fits its allowance on the ground but not with the 3\" of a passage of lines is too far", () => {
    const s = rolled(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10), fr2: brigade("fr2", "fr", 20, 16), gb1: brigade("gb1", "gb", 20, 44) } }), "fr1", [3, 3]);
    expect(unit(s, "fr1").turn.maneuver?.allowance).toBe(12);
    const r = apply(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 20 }] });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/too_far", rule: "FNF-MOVE-2", allowance: 12 });
    expect(r.ok ? null : (r.violation as unknown as { cost: number }).cost).toBeCloseTo(13, 6);
  });

  // maneuver.ts:32 `u.kind === "brigade"` → `true`: equivalent for batteries since a battery flagged
  // disordered is refused at setup and load (FNF-STAT-3); the refusal is held here instead.
  it("FNF-STAT-3: a battery is never disordered: a setup that flags one is refused", () => {
    const bat = { ...battery("frb", "fr", 30, 10), disordered: true };
    const r = createBattle({ ruleset: "fnf", seed: 7, sides: [{ id: "fr", name: "French" }, { id: "gb", name: "British" }], units: [], wind: 0, terrain: [], options: {},
      fnf: { leaders: {}, units: { frb: bat, gb1: brigade("gb1", "gb", 30, 40) } } } as never);
    expect(r.ok ? [] : r.error.issues.map((i) => i.message)).toContainEqual(expect.stringContaining("a battery is never disordered (FNF-STAT-3"));
    const s = rolled(fnfBattle({ leaders: {}, units: { frb: battery("frb", "fr", 30, 10), gb1: brigade("gb1", "gb", 30, 40) } }), "frb", [1, 1]);
    expect(events(s, "fnf/maneuverRolled").at(-1)).toMatchObject({ unit: "frb", column: "goodOrder" });
  });

  // detachments.ts:60 `some` → `every` in the overlap test: a detachment could be placed on one base of a brigade.
  it("FNF-DET-2 and FNF-GEO-2a: a detachment may not be placed on a base of another unit, even one base of a line", () => {
    const village = { id: "v", kind: "buildings", polygon: square(26, 22, 40, 27), tags: {} };
    const s = rolled(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 14), fr2: brigade("fr2", "fr", 33, 24.5), gb1: brigade("gb1", "gb", 20, 44) } }, [village]), "fr1", [3, 3]);
    const spot = fnf.layoutOf(unit(s, "fr2")).bases.find((b) => !b.command)?.rect.center ?? { x: 0, y: 0 };
    const r = apply(s, { type: "fnf/detach", unit: "fr1", id: "fr1d", position: spot, facing: 90 });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/overlap", rule: "FNF-GEO-2a", other: "fr2" });
  });

  // maneuver.ts:67 `enemy !== undefined` → `true` in the Broken case: with no enemy on the table it would move away from nobody.
  it("FNF-MAN-3: Retire or Broken with no enemy unit on the table: no move away (Broken still costs its stand)", () => {
    const retire = rolled(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10, { quality: "MILITIA", bases: 3, startingBases: 6 }) } }), "fr1", [1, 1]);
    expect(events(retire, "fnf/maneuverRolled").at(-1)).toMatchObject({ unit: "fr1", result: "RETIRE" });
    expect(unit(retire, "fr1")).toMatchObject({ position: { x: 20, y: 10 }, bases: 3, removed: null });
    expect(events(retire, "fnf/movedAway")).toEqual([]);
    const broken = rolled(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10, { disordered: true, bases: 5, startingBases: 6 }) } }), "fr1", [1, 1]);
    expect(events(broken, "fnf/maneuverRolled").at(-1)).toMatchObject({ unit: "fr1", result: "BROKEN" });
    // The stand lost re-lays the line (FNF-GEO-2): P shifts half a base sideways, and no more.
    expect(unit(broken, "fr1")).toMatchObject({ position: { x: 20 + 40 / 25.4 / 2, y: 10 }, bases: 4, removed: null });
    expect(events(broken, "fnf/movedAway")).toEqual([]);
  });
});
