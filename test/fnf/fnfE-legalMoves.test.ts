import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { fnfCandidates } from "../../src/rules/fnf/legal.js";
import { advanceTo, brigade, fnfBattle, playWith } from "./helpers.js";

/** The listing's candidates, deferred ones resolved (null ones dropped). */
function listed(s: BattleState) {
  return fnfCandidates(s)
    .map((c) => (typeof c === "function" ? c() : c))
    .filter((a) => a !== null);
}

const wood = (id: string, x0: number, y0: number, x1: number, y1: number) => ({ id, kind: "woods", polygon: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }], tags: {} });
const maneuverPhase = (units: Record<string, unknown>, terrain: unknown[] = []) => advanceTo(fnfBattle({ units }, terrain), "maneuver", "fr");
const roll = (s: BattleState, dice: number[]) => playWith(s, dice, { type: "fnf/maneuver", unit: "fr1", badGoing: false });

const GOOD = { type: "fnf/maneuver", unit: "fr1", badGoing: false };
const BAD = { type: "fnf/maneuver", unit: "fr1", badGoing: true };
const hold = { type: "fnf/move", unit: "fr1", path: [], change: null, target: null };
const step = (x: number, y: number) => ({ type: "fnf/move", unit: "fr1", path: [{ x, y }], change: null, target: null });
const form = (to: string, facing?: number) => ({ type: "fnf/move", unit: "fr1", path: [], change: facing === undefined ? { to, when: "after" } : { to, facing, when: "after" }, target: null });

describe("fnfE: the bad-going roll variant (FNF-MAN-5)", () => {
  const units = { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 44) };

  it("FNF-MAN-5: a unit standing in woods is offered both declarations", () => {
    expect(listed(maneuverPhase(units, [wood("w", 10, 5, 30, 15)]))).toEqual([GOOD, BAD]);
  });

  it("FNF-MAN-5: woods on the line to the nearest enemy within two moves (24\") give both; woods beyond that reach only the plain roll", () => {
    expect(listed(maneuverPhase(units, [wood("w", 10, 30, 30, 32)]))).toEqual([GOOD, BAD]);
    expect(listed(maneuverPhase(units, [wood("w", 10, 35, 30, 40)]))).toEqual([GOOD]);
  });

  it("FNF-MAN-5: woods off to the side of the line are no reason to declare", () => {
    expect(listed(maneuverPhase(units, [wood("w", 40, 20, 50, 30)]))).toEqual([GOOD]);
  });

  it("FNF-MAN-5: with no enemy on the table, open ground gives only the plain roll; standing in woods still gives both", () => {
    expect(listed(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10) }))).toEqual([GOOD]);
    expect(listed(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10) }, [wood("w", 10, 5, 30, 15)]))).toEqual([GOOD, BAD]);
  });
});

describe("fnfE: moves and formation changes after the roll (FNF-MAN-3, FNF-FORM-2, FNF-MEL-1)", () => {
  const diagonal = maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 30, 20) });

  it("FNF-MAN-3: Hold ground lists only standing still", () => {
    expect(listed(roll(diagonal, [1, 2]))).toEqual([hold]);
  });

  it("FNF-MAN-3, FNF-FORM-2: Tardy (6\"): approaches of 6\" and 3\" toward the enemy, every formation kept-facing and faced to it (45°)", () => {
    expect(listed(roll(diagonal, [2, 2]))).toEqual([
      hold,
      step(24.24, 14.24),
      step(22.12, 12.12),
      form("LINE", 45),
      form("SUPPORTED_LINE"),
      form("SUPPORTED_LINE", 45),
      form("COLUMN_OF_ROUTE"),
      form("COLUMN_OF_ROUTE", 45),
      form("COLUMN_OF_ATTACK"),
      form("COLUMN_OF_ATTACK", 45),
    ]);
  });

  it("FNF-MAN-3: Well handled (12\"): the full approach would close within 2\", so it is shortened to 70 % (8.4\"); the half approach is 6\"", () => {
    const c = listed(roll(diagonal, [4, 4]));
    expect(c.slice(0, 3)).toEqual([hold, step(25.94, 15.94), step(24.24, 14.24)]);
    expect(c.length).toBe(10);
  });

  it("FNF-FORM-2: an enemy straight ahead: no re-facing variants, and LINE (already the formation) is not offered", () => {
    const ahead = roll(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 30) }), [4, 4]);
    expect(listed(ahead)).toEqual([hold, step(20, 22), step(20, 16), form("SUPPORTED_LINE"), form("COLUMN_OF_ROUTE"), form("COLUMN_OF_ATTACK")]);
  });

  it("FNF-MAN-3, FNF-MEL-1: an enemy 9\" ahead: shortened approaches skip a point already tried, and a contact move touches it", () => {
    const close = roll(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 19) }), [4, 4]);
    const c = listed(close);
    // 12" and 8.4" end on or within 2" of the enemy; 6" is the first that applies; the half approach
    // (6") is then skipped as tried and its 70 % (4.2") is listed.
    expect(c.slice(0, 3)).toEqual([hold, step(20, 16), step(20, 14.2)]);
    const contact = c[3];
    expect(contact).toMatchObject({ type: "fnf/move", unit: "fr1", change: null, target: "gb1" });
    if (contact?.type !== "fnf/move") throw new Error("no contact move");
    expect(contact.path).toHaveLength(1);
    expect(contact.path[0]?.x).toBe(20);
    expect(contact.path[0]?.y).toBeCloseTo(18.9995, 6);
    expect(contact.path[0]?.facing).toBe(90);
    expect(c.slice(4)).toEqual([form("SUPPORTED_LINE"), form("COLUMN_OF_ROUTE"), form("COLUMN_OF_ATTACK")]);
  });

  it("FNF-MEL-1: Tardy allows no contact, so the close enemy gets no contact move", () => {
    const close = roll(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 19) }), [2, 2]);
    expect(listed(close).filter((a) => a.type === "fnf/move" && a.target !== null)).toEqual([]);
  });

  it("FNF-MEL-1: an enemy beyond the allowance gets no contact move even on Well handled", () => {
    const far = roll(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 30) }), [4, 4]);
    expect(listed(far).filter((a) => a.type === "fnf/move" && a.target !== null)).toEqual([]);
  });

  it("FNF-MEL-1, FNF-MAN-3: a brigade already touching an enemy front to front is offered no contact move and no approach (the enemy is where it stands)", () => {
    const touching = roll(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 10) }), [4, 4]);
    expect(listed(touching)).toEqual([
      hold,
      form("LINE", 0),
      form("SUPPORTED_LINE"),
      form("SUPPORTED_LINE", 0),
      form("COLUMN_OF_ROUTE"),
      form("COLUMN_OF_ROUTE", 0),
      form("COLUMN_OF_ATTACK"),
      form("COLUMN_OF_ATTACK", 0),
    ]);
  });

  it("FNF-MAN-1: once the unit has moved, nothing more is listed for it", () => {
    const moved = playWith(roll(diagonal, [2, 2]), [], step(22.12, 12.12));
    expect(listed(moved)).toEqual([]);
  });
});
