/**
 * shootingPanic with a parent and several detachments (WHN-DET-3, WHN-PANIC-2, WHN-PANIC-3): one
 * test on the parent's Leadership, the events whole and in id order whatever the order the units
 * were set up in, a detachment already disordered or fleeing left as it is, every member marked.
 */
import { describe, expect, it } from "vitest";
import { shootingPanic } from "../../src/rules/whn/shooting/panic.js";
import { panicGroup } from "../../src/rules/whn/shooting/panic.js";
import type { BattleEvent, BattleState, Unit } from "../../src/index.js";
import { run } from "../fixtures/morale.js";
import { battleOf, fr, gb, unitOf } from "../fixtures/movement.js";

const det = (id: string, x: number, y: number) => fr(id, x, y, { light: true, figures: 6, startingFigures: 6, files: 6, formation: "LINE", detachmentOf: "fr-1", command: {} });
const hit = (u: Unit, casualties: number, order: Unit["order"]): Unit => ({ ...u, order, phase: { ...u.phase, casualties, figuresAtStart: u.figures + casualties } });
const plain = (events: readonly BattleEvent[]) => events.map(({ seq: _s, gameTurn: _g, ...e }) => e);

/** fr-1 with detachments fr-f and fr-e (set up in that order), gb-1 far to the south. */
function group(order: Unit["order"], eOrder: Unit["order"] = "GOOD"): BattleState {
  const s = battleOf([fr("fr-1", 36, 20), det("fr-f", 50, 20), det("fr-e", 22, 20), gb("gb-1", 36, 44)]);
  return {
    ...s,
    units: { ...s.units, "fr-1": hit(unitOf(s, "fr-1"), 6, order), "fr-f": hit(unitOf(s, "fr-f"), 0, "GOOD"), "fr-e": hit(unitOf(s, "fr-e"), 0, eOrder) },
  } as BattleState;
}

describe("a parent's shooting Panic test shared by its detachments (WHN-DET-3)", () => {
  it("WHN-DET-3: the group is the parent and its detachments in id order, whoever is asked", () => {
    const s = group("GOOD");
    expect(Object.keys(s.units).indexOf("fr-f")).toBeLessThan(Object.keys(s.units).indexOf("fr-e"));
    const g = panicGroup(s, unitOf(s, "fr-f"));
    expect(g.lead.id).toBe("fr-1");
    expect(g.members.map((m) => m.id)).toEqual(["fr-1", "fr-e", "fr-f"]);
    expect(panicGroup(s, unitOf(s, "gb-1")).members.map((m) => m.id)).toEqual(["gb-1"]);
  });

  it("WHN-PANIC-3: a GOOD parent's failure disorders each GOOD detachment, events in id order", () => {
    const r = run(group("GOOD"), [6, 6], (s, ctx) => shootingPanic(s, "fr-f" as never, ctx).state);
    const ev = plain(r.events);
    expect(ev[0]).toEqual({ type: "shooting/panicThreshold", rule: "WHN-PANIC-2", unit: "fr-1", casualties: 6, figuresAtStart: 42, quality: "REGULAR" });
    expect(ev.filter((e) => e.type === "unit/disordered")).toEqual([
      { type: "unit/disordered", rule: "WHN-PANIC-3", unit: "fr-1", cause: "WHN-PANIC-2" },
      { type: "unit/disordered", rule: "WHN-PANIC-3", unit: "fr-e", cause: "WHN-PANIC-2" },
      { type: "unit/disordered", rule: "WHN-PANIC-3", unit: "fr-f", cause: "WHN-PANIC-2" },
    ]);
    for (const id of ["fr-1", "fr-e", "fr-f"]) expect(unitOf(r.state, id)).toMatchObject({ order: "DISORDERED", phase: { panicTested: true } });
  });

  it("WHN-PANIC-3: a detachment already disordered is not disordered again (no event), but is marked as tested", () => {
    const r = run(group("GOOD", "DISORDERED"), [6, 6], (s, ctx) => shootingPanic(s, "fr-1" as never, ctx).state);
    expect(plain(r.events).filter((e) => e.type === "unit/disordered").map((e) => e["unit"])).toEqual(["fr-1", "fr-f"]);
    expect(unitOf(r.state, "fr-e")).toMatchObject({ order: "DISORDERED", phase: { panicTested: true } });
  });

  it("WHN-PANIC-2: a pass changes no order, and every member is marked as tested", () => {
    const r = run(group("GOOD"), [1, 1], (s, ctx) => shootingPanic(s, "fr-1" as never, ctx).state);
    expect(r.events.map((e) => e.type)).toEqual(["shooting/panicThreshold", "morale/panicTest"]);
    for (const id of ["fr-1", "fr-e", "fr-f"]) expect(unitOf(r.state, id)).toMatchObject({ order: "GOOD", phase: { panicTested: true } });
  });

  it("WHN-PANIC-3: a DISORDERED parent's failure makes each detachment flee, one fled event each, in id order", () => {
    const r = run(group("DISORDERED"), [6, 6, 1, 1, 1, 1, 1, 1], (s, ctx) => shootingPanic(s, "fr-1" as never, ctx).state);
    expect(plain(r.events).filter((e) => e.type === "unit/fled").map((e) => e["unit"])).toEqual(["fr-1", "fr-e", "fr-f"]);
    for (const id of ["fr-1", "fr-e", "fr-f"]) expect(unitOf(r.state, id).order).toBe("FLEEING");
  });
});
