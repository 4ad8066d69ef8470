import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { leaveFires } from "../../src/rules/whn/artillery/firefighting.js";
import { footprintOf } from "../../src/rules/whn/unit.js";
import { battalion, battle, gun, line, play, refuse, unit } from "../fixtures/artillery.js";
import { feature, hook } from "../fixtures/artB.js";

type Fires = BattleState["fires"];
const fireAt = (x: number, y: number): Fires => [{ id: "f1", circles: [{ centre: { x, y }, diameter: 2, terrain: "woods" }] }];
const stream = (y: number) => feature("stream", [], { water: true }, { kind: "stream", polyline: [{ x: 0, y }, { x: 72, y }] });
// Five skirmishers in a row 2" apart, facing north, at y 20 (x 32 … 40).
const models = Array.from({ length: 5 }, (_, i) => ({ x: 32 + 2 * i, y: 20, facing: 90 }));
const SK = { formation: "EXTENDED_ORDER", light: true, extendedOrderAllowed: true, position: { x: 36, y: 20 }, figures: 5, files: 5, facing: 90, models } as never;
const table = (fires: Fires, at: Parameters<typeof battle>[1] = { phase: "movement", step: "remaining" }) => ({ ...battle([battalion("fr-1", "fr", SK), line("gb-1", 44)], at), terrain: [stream(24)], fires });

describe("fires and extended-order units (WHN-FIRE-4, WHN-FIRE-5)", () => {
  it("WHN-FIRE-4: the nearest model measures the distance to the circle", () => {
    const s = table(fireAt(44.8, 20));
    expect(footprintOf(unit(s, "fr-1")).length).toBe(5);
    // the end model's base reaches x 40.39; the circle's rim is at 43.8: 3.4" from the end model
    expect(refuse(s, { type: "artillery/extinguish", unit: "fr-1", fire: "f1" })).toMatchObject({ code: "artillery/fire_too_far", distance: expect.closeTo(43.8 - 40 - 10 / 25.4, 6) });
    const near = table(fireAt(42.3, 20));
    expect(play(near, { type: "artillery/extinguish", unit: "fr-1", fire: "f1" }, [5]).state.fires).toEqual([]);
  });

  it("WHN-FIRE-5: stepping out moves every model by the same offset", () => {
    const s = table(fireAt(40, 20.8), { phase: "movement", step: "compulsory" });
    const r = hook(s, leaveFires);
    const u = unit(r.state, "fr-1");
    expect(r.events).toHaveLength(1);
    expect(r.events[0]).toMatchObject({ type: "fire/leftFire", unit: "fr-1" });
    const dy = u.position.y - 20;
    const dx = u.position.x - 36;
    expect(Math.hypot(dx, dy)).toBeGreaterThan(0);
    expect(u.models).toEqual(models.map((m) => ({ ...m, x: expect.closeTo(m.x + dx, 9), y: expect.closeTo(m.y + dy, 9) })));
  });

  it("WHN-FIRE-5: a fire straight below a unit's centre pushes it up the table (+y)", () => {
    const s = battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 20 } }), line("gb-1", 44)], { phase: "movement", step: "compulsory" });
    // the gun spans y 16.85 … 20; the circle centred 0.8" below its rear edge overlaps it by 0.2"
    const r = hook({ ...s, fires: fireAt(36, 20 - 80 / 25.4 - 0.8) }, leaveFires);
    expect(unit(r.state, "fr-art").position).toEqual({ x: expect.closeTo(36, 9), y: expect.closeTo(20.2, 9) });
  });
});
