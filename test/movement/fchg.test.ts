import { describe, expect, it } from "vitest";
import { withScriptedDice } from "../../src/index.js";
import { layoutOf } from "../../src/rules/whn/unit.js";
import { battleOf, fr, gb, gbCav, must, ofType, refused, run, toStep, unitOf } from "../fixtures/movement.js";

const change = (unit: string, formation: string, files?: number) =>
  ({ type: "movement/changeFormation", unit, formation, ...(files === undefined ? {} : { files }) }) as const;
const fwd = (unit: string, distance: number) => ({ type: "movement/move", unit, path: [{ kind: "forward", distance }] }) as const;

describe("formation changes (WHN-FCHG)", () => {
  const quiet = (quality: "RAW" | "REGULAR" | "VETERAN") => toStep(battleOf([fr("fr-1", 36, 10, { quality }), gb("gb-1", 36, 44)]), "remaining");

  it("WHN-FCHG-1: a regular change costs half the move; the other half is left", () => {
    const s = must(quiet("REGULAR"), change("fr-1", "LINE", 12));
    expect(unitOf(s, "fr-1").flags.moveUsed).toBe(0.5);
    expect(refused(s, fwd("fr-1", 2.1))).toMatchObject({ code: "movement/too_far", rule: "CORE-MOVE-1" });
    expect(unitOf(must(s, fwd("fr-1", 2)), "fr-1").flags.moveUsed).toBeCloseTo(1, 9);
  });

  it("WHN-FCHG-1: a raw unit's change takes the whole move, and it may not change after moving", () => {
    const s = must(quiet("RAW"), change("fr-1", "LINE", 12));
    expect(refused(s, fwd("fr-1", 0.5))).toMatchObject({ code: "movement/too_far" });
    const moved = must(quiet("RAW"), fwd("fr-1", 1));
    expect(refused(moved, change("fr-1", "LINE", 12))).toMatchObject({ code: "movement/raw_change_after_moving", rule: "WHN-FCHG-1" });
  });

  it("WHN-FCHG-1: a veteran's first change at the start of its move is free", () => {
    const r = run(quiet("VETERAN"), change("fr-1", "LINE", 12));
    expect(r.events[0]).toMatchObject({ type: "unit/formationChanged", rule: "WHN-FCHG-1", cost: 0, free: true });
    expect(unitOf(must(r.state, fwd("fr-1", 4)), "fr-1").position.y).toBeGreaterThan(13);
  });

  it("WHN-FCHG-1: a regular that forms square may then move M/4", () => {
    const s = must(quiet("REGULAR"), change("fr-1", "SQUARE"));
    const to = { x: unitOf(s, "fr-1").position.x, y: unitOf(s, "fr-1").position.y + 1 };
    expect(unitOf(must(s, { type: "movement/moveTo", unit: "fr-1", to }), "fr-1").flags.moveUsed).toBeCloseTo(1, 9);
    expect(refused(s, { type: "movement/moveTo", unit: "fr-1", to: { x: to.x, y: to.y + 0.1 } })).toMatchObject({ code: "movement/too_far" });
  });

  it("WHN-FCHG-2: one change per turn by default; the option allows more; no march after a change", () => {
    const s = must(quiet("VETERAN"), change("fr-1", "MARCH_COLUMN", 3));
    expect(refused(s, change("fr-1", "ATTACK_COLUMN", 4))).toMatchObject({ code: "movement/too_many_changes", rule: "WHN-FCHG-2" });
    expect(refused(s, { type: "movement/march", unit: "fr-1", path: [{ kind: "forward", distance: 4 }] })).toMatchObject({
      code: "movement/march_after_formation_change",
      rule: "WHN-FCHG-2",
    });
    const two = toStep(battleOf([fr("fr-1", 36, 10, { quality: "VETERAN" })], { options: { whn: { maxFormationChangesPerTurn: 2 } } }), "remaining");
    expect(unitOf(must(must(two, change("fr-1", "LINE", 12)), change("fr-1", "ATTACK_COLUMN", 4)), "fr-1").flags.formationChanges).toBe(2);
  });

  it("WHN-FCHG-3: the middle model of the old front rank stays where it was", () => {
    const s = quiet("REGULAR");
    const before = layoutOf(unitOf(s, "fr-1")).models.find((m) => m.rank === 0 && m.file === 2)?.rect.center;
    const after = unitOf(must(s, change("fr-1", "LINE", 12)), "fr-1");
    const mid = layoutOf(after).models.find((m) => m.rank === 0 && m.file === 6)?.rect.center;
    expect(mid?.x).toBeCloseTo(before?.x ?? NaN, 9);
    expect(mid?.y).toBeCloseTo(before?.y ?? NaN, 9);
  });

  it("WHN-FCHG-4: within an enemy infantry unit's charge reach the change needs a Leadership test; failing spends the cost only", () => {
    // The British line is 7" away, facing the column: in its arc and within 2×M = 8".
    const s = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 17)]), "remaining");
    const failed = run(withScriptedDice(s, [5, 4]), change("fr-1", "LINE", 12));
    expect(ofType(failed.events, "movement/formationCheck")[0]).toMatchObject({ rule: "WHN-FCHG-4", total: 9, target: 6, passed: false, threats: ["gb-1"] });
    const u = unitOf(failed.state, "fr-1");
    expect(u.formation).toBe("ATTACK_COLUMN");
    expect(u.order).toBe("GOOD");
    expect(u.flags.moveUsed).toBe(0.5);
    const passed = run(withScriptedDice(s, [3, 3]), change("fr-1", "LINE", 12));
    expect(unitOf(passed.state, "fr-1").formation).toBe("LINE");
  });

  it("WHN-FCHG-4: enemy cavalry does not trigger the test unless whn.fchgCheckVsCavalry", () => {
    const units = [fr("fr-1", 36, 10), gbCav("gb-2", 36, 24)];
    const s = toStep(battleOf(units), "remaining");
    expect(ofType(run(withScriptedDice(s, []), change("fr-1", "SQUARE")).events, "movement/formationCheck")).toHaveLength(0);
    const opt = toStep(battleOf(units, { options: { whn: { fchgCheckVsCavalry: true } } }), "remaining");
    expect(ofType(run(withScriptedDice(opt, [1, 1]), change("fr-1", "SQUARE")).events, "movement/formationCheck")[0]).toMatchObject({ passed: true });
  });

  it("WHN-FCHG-5: going into open order is a formation change", () => {
    const s = toStep(battleOf([fr("fr-l", 36, 10, { light: true })]), "remaining");
    const u = unitOf(must(s, change("fr-l", "OPEN_ORDER", 12)), "fr-l");
    expect(u.formation).toBe("OPEN_ORDER");
    expect(u.flags.formationChanges).toBe(1);
  });

  it("WHN-FCHG-6: a change, even a veteran's free one, counts as moving", () => {
    expect(unitOf(must(quiet("VETERAN"), change("fr-1", "LINE", 12)), "fr-1").flags.moved).toBe(true);
  });
});
