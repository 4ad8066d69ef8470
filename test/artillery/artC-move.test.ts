/**
 * move.ts as a whole (WHN-ART-3, WHN-ART-4, WHN-ART-15, WHN-FIRE-5, CORE-MOVE-2, CORE-MOVE-5): what
 * stops a gun from moving at all, limbering events whole, the march block at 8" from both sides,
 * already marched, fires and impassable ground, other units in the way, and the facing after a turn.
 */
import { describe, expect, it } from "vitest";
import type { BattleEvent, BattleState } from "../../src/index.js";
import { ARTILLERY_MESSAGES } from "../../src/rules/whn/artillery/messages.js";
import { battle, gun, line, patch, patchGun, play, rect, refuse, unit } from "../fixtures/artillery.js";

// A French medium foot gun at (36, 10) facing north (front edge y = 10), remaining-moves step; a British line.
const base = (y = 44, over: Parameters<typeof battle>[2] = {}, extra: Parameters<typeof battle>[0] = [], g: Parameters<typeof gun>[3] = {}): BattleState =>
  battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 10 }, ...g }), line("gb-1", y), ...extra], { phase: "movement", step: "remaining" }, over);
const flags = (s: BattleState, f: Partial<BattleState["units"][never]["flags"]>) => patch(s, "fr-art", { flags: { ...unit(s, "fr-art").flags, ...f } });
const LIMBER = { type: "artillery/limber", unit: "fr-art" };
const UNLIMBER = { type: "artillery/unlimber", unit: "fr-art" };
const move = (distance: number, march = false) => ({ type: "artillery/move", unit: "fr-art", path: [{ kind: "forward", distance }], march });
const strip = (es: readonly BattleEvent[]) => es.map(({ seq: _s, gameTurn: _g, ...e }) => e as Record<string, unknown>);
const text = (v: Record<string, unknown>) => ARTILLERY_MESSAGES[v["code"] as string]?.(v as never);
/** Fire over burnable woods, one circle of 2" at `centre`. */
const burning = (centre: { x: number; y: number }) => ({ terrain: [{ id: "wood", kind: "woods", polygon: rect(20, 2, 52, 30), tags: { flammability: "woods" as const } }], fires: [{ id: "f1", circles: [{ centre, diameter: 2, terrain: "woods" as const }] }] }) as never;

describe("what keeps a gun still (WHN-ART-2, WHN-ART-16, CORE-CHRG-5, CORE-RALLY-4, CORE-MOVE-4)", () => {
  for (const a of [LIMBER, move(1)]) {
    it(`${a.type}: an abandoned gun, a charging gun, a rallied one, an engaged one are refused, each whole`, () => {
      expect(refuse(patchGun(base(), "fr-art", { abandoned: true }), a)).toEqual({ unit: "fr-art", code: "artillery/gun_abandoned", rule: "WHN-ART-16" });
      expect(refuse(patch(base(), "fr-art", { figures: 0 }), a)).toEqual({ unit: "fr-art", code: "artillery/no_crew", rule: "WHN-ART-2" });
      for (const f of ["declaredCharge", "charged", "failedCharge"] as const) {
        expect(refuse(flags(base(), { [f]: true }), a)).toEqual({ unit: "fr-art", code: "artillery/charged_this_turn", rule: "CORE-CHRG-5" });
      }
      expect(refuse(flags(base(), { ralliedFromFleeing: true }), a)).toEqual({ unit: "fr-art", code: "artillery/rallied_from_fleeing", rule: "CORE-RALLY-4" });
      expect(refuse(patch(base(), "fr-art", { order: "FLEEING" }), a)).toEqual({ unit: "fr-art", code: "artillery/fleeing", rule: "CORE-FLEE-1" });
      const touching = base(10, {}, [], {});
      expect(refuse(touching, a)).toEqual({ unit: "fr-art", code: "artillery/engaged", rule: "CORE-MOVE-4" });
      expect(text(refuse(touching, a))).toBe("Unit fr-art is in close combat.");
    });
  }
});

describe("limbering (WHN-ART-4, AMB-40)", () => {
  it("WHN-ART-4: limbering after half a move: the limbered event says moved before, nothing left; the gun stops", () => {
    const r = play(flags(base(), { moveUsed: 0.5 }), LIMBER, []);
    expect(strip(r.events)).toEqual([{ type: "artillery/limbered", rule: "WHN-ART-4", unit: "fr-art", movedBefore: true, moveLeft: 0 }]);
    expect(unit(r.state, "fr-art")).toMatchObject({ formation: "LIMBERED", flags: { limberedOrUnlimbered: true, moveUsed: 1 } });
    expect(text(refuse(flags(base(), { moveUsed: 0.51 }), LIMBER))).toBe("Gun fr-art has used more than half its move; limbering takes half a move.");
  });

  it("WHN-ART-4: unlimbering before moving: half the move is left", () => {
    const r = play(patch(base(), "fr-art", { formation: "LIMBERED" }), UNLIMBER, []);
    expect(strip(r.events)).toEqual([{ type: "artillery/unlimbered", rule: "WHN-ART-4", unit: "fr-art", movedBefore: false, moveLeft: 0.5 }]);
    expect(unit(r.state, "fr-art")).toMatchObject({ formation: "UNLIMBERED", position: { x: 36, y: 10 }, facing: 90, flags: { limberedOrUnlimbered: true, moveUsed: 0.5 } });
  });

  it("WHN-FIRE-5: the limbered gun (reaching further back) may not be limbered into a fire behind it", () => {
    // the limbered footprint reaches 5.27" back from y = 10, the unlimbered one 6.85"
    const s = base(44, burning({ x: 36, y: 4.6 }));
    expect(refuse(s, LIMBER)).toEqual({ unit: "fr-art", code: "artillery/into_fire", rule: "WHN-FIRE-5" });
    expect(text(refuse(s, LIMBER))).toBe("Unit fr-art may not move into or through a fire.");
    expect(play(base(44, burning({ x: 36, y: 3 })), LIMBER, []).events.map((e) => e.type)).toEqual(["artillery/limbered"]);
  });

  it("CORE-MOVE-4: a friend standing where the limber would go blocks limbering", () => {
    const s = base(44, {}, [line("fr-2", 6.5, { side: "fr", position: { x: 36, y: 6.5 }, facing: 90, files: 2, figures: 4 })]);
    const v = refuse(s, LIMBER);
    expect(v).toEqual({ unit: "fr-art", other: "fr-2", code: "movement/through_unit", rule: "CORE-MOVE-4" });
  });
});

describe("moves and marches (WHN-ART-3, WHN-ART-4, CORE-MOVE-2, CORE-MOVE-5, WHN-FIRE-5)", () => {
  it("CORE-MOVE-2: an enemy exactly 8\" from the limbered gun forbids a march; 8.01\" does not", () => {
    const lim = (y: number) => patch(base(y), "fr-art", { formation: "LIMBERED" });
    const v = refuse(lim(18), move(1, true));
    expect(v).toEqual({ unit: "fr-art", enemies: ["gb-1"], code: "artillery/enemy_within_8", rule: "CORE-MOVE-2" });
    expect(text(v)).toBe("Enemies within 8\" (gb-1) forbid a march.");
    const r = play(lim(18.01), move(1, true), []);
    expect(strip(r.events).map((e) => e["type"])).toEqual(["artillery/marched"]);
    expect(unit(r.state, "fr-art").flags).toMatchObject({ moved: true, marched: true, moveUsed: 1 });
  });

  it("WHN-ART-15: a disabled limber stops only limbered moves: the unlimbered gun still moves its 2\"", () => {
    const s = patchGun(base(), "fr-art", { limberDisabled: true });
    const r = play(s, move(2), []);
    expect(strip(r.events)[0]).toMatchObject({ type: "artillery/moved", rule: "WHN-ART-3", cost: 2, allowance: 2, rate: 2 });
    const lim = patch(s, "fr-art", { formation: "LIMBERED" });
    expect(refuse(lim, move(1))).toEqual({ unit: "fr-art", code: "artillery/limber_disabled", rule: "WHN-ART-15" });
  });

  it("CORE-MOVE-2: a gun that marched may not move again (already_marched, whole)", () => {
    const s = flags(patch(base(), "fr-art", { formation: "LIMBERED" }), { marched: true, moved: true, moveUsed: 1 });
    const v = refuse(s, move(1));
    expect(v).toEqual({ unit: "fr-art", code: "artillery/already_marched", rule: "CORE-MOVE-2" });
    expect(text(v)).toBe("Gun fr-art has already marched this turn.");
  });

  it("WHN-ART-4: a march beyond twice the rate is too far under WHN-ART-4, with the whole violation", () => {
    const lim = patch(base(), "fr-art", { formation: "LIMBERED" });
    const v = refuse(lim, move(8.01, true));
    expect(v).toEqual({ unit: "fr-art", cost: 8.01, allowance: 8, rate: 4, horseHits: 0, code: "artillery/too_far", rule: "WHN-ART-4" });
    expect(text(v)).toBe("That move costs 8.01\"; gun fr-art has 8\".");
  });

  it("WHN-ART-3: the allowance is what is left of the move: after a quarter used, 1.5\" of 2\" goes, 1.51\" does not", () => {
    const s = flags(base(), { moveUsed: 0.25 });
    const r = play(s, move(1.5), []);
    expect(unit(r.state, "fr-art").flags.moveUsed).toBe(1);
    expect(strip(r.events)[0]).toMatchObject({ cost: 1.5, allowance: 1.5, rate: 2 });
    expect(refuse(s, move(1.51))).toMatchObject({ code: "artillery/too_far", allowance: 1.5, rule: "WHN-ART-3" });
  });

  it("WHN-FIRE-5 / CORE-MOVE-5: a move into a fire or into impassable ground is refused, whole", () => {
    expect(refuse(base(44, burning({ x: 36, y: 12.5 })), move(2))).toEqual({ unit: "fr-art", code: "artillery/into_fire", rule: "WHN-FIRE-5" });
    expect(play(base(44, burning({ x: 36, y: 14 })), move(2), []).events.map((e) => e.type)).toEqual(["artillery/moved"]);
    const cliff = { terrain: [{ id: "cliff", kind: "rough", polygon: rect(30, 11, 42, 13), tags: { impassable: true } }] } as never;
    const v = refuse(base(44, cliff), move(2));
    expect(v).toEqual({ unit: "fr-art", code: "artillery/impassable", rule: "CORE-MOVE-5" });
    expect(text(v)).toBe("Unit fr-art may not enter impassable ground.");
  });

  it("CORE-MOVE-4: a unit in the way stops the move", () => {
    const s = base(44, {}, [line("fr-2", 13, { side: "fr", position: { x: 36, y: 13 }, facing: 90, files: 2, figures: 4 })]);
    const v = refuse(s, move(2));
    expect(v).toEqual({ unit: "fr-art", other: "fr-2", code: "movement/through_unit", rule: "CORE-MOVE-4" });
    expect(play(s, move(1), []).events.map((e) => e.type)).toEqual(["artillery/moved"]);
  });

  it("WHN-ART-3: a turn leaves the gun's front-edge position and gives a facing in 0…360 (east, turned right → 270)", () => {
    const s = base(44, {}, [], { facing: 0 });
    const r = play(s, { type: "artillery/move", unit: "fr-art", path: [{ kind: "turn", degrees: -90 }], march: false }, []);
    const g = unit(r.state, "fr-art");
    expect(g.facing).toBe(270);
    expect(strip(r.events)[0]).toMatchObject({ type: "artillery/moved", facing: 270, formation: "UNLIMBERED", rate: 2, allowance: 2 });
  });
});
