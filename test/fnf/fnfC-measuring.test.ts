import { describe, expect, it } from "vitest";
import { FusilladeError, createBattle, fnf, scenarios, type BattleState } from "../../src/index.js";
import { brigade, fnfBattle } from "./helpers.js";

const W = 40 / 25.4;
const D = 30 / 25.4;

/** fr1 (division d1 under corps c1), gb1 20" in front, gb2 off to the flank; a lone British leader. */
function battle(d1: Record<string, unknown> = {}, units: Record<string, unknown> = {}, terrain: unknown[] = []): BattleState {
  return fnfBattle(
    {
      leaders: {
        c1: { id: "c1", side: "fr", rank: "corps", position: { x: 20, y: 12 } },
        d1: { id: "d1", side: "fr", rank: "division", superior: "c1", position: { x: 20, y: 16 }, ...d1 },
        gbl: { id: "gbl", side: "gb", rank: "corps", position: { x: 40, y: 45 } },
      },
      units: { fr1: brigade("fr1", "fr", 20, 20, { division: "d1" }), gb1: brigade("gb1", "gb", 20, 40), gb2: brigade("gb2", "gb", 60, 30), ...units },
    },
    terrain,
  );
}

const whn = (() => {
  const r = createBattle(scenarios.ridgeAction(1));
  if (!r.ok) throw new Error("setup");
  return r.value;
})();

const thrown = (f: () => unknown): { code: string; message: string } | null => {
  try {
    f();
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(FusilladeError);
    return { code: (e as FusilladeError).code, message: (e as Error).message };
  }
};
const misuse = (message: string) => ({ code: "engine/misuse", message });

describe("fnfC: the measuring helpers refuse what they cannot measure (FNF-GEO-3)", () => {
  const s = battle();
  it("FNF-GEO-3: each helper names itself when handed a battle of another ruleset", () => {
    expect(thrown(() => fnf.distanceBetween(whn, "a", "b"))).toEqual(misuse('fusillade: fnf.distanceBetween needs an FnF battle (this one is "whn")'));
    expect(thrown(() => fnf.commandOf(whn, "a"))).toEqual(misuse('fusillade: fnf.commandOf needs an FnF battle (this one is "whn")'));
    expect(thrown(() => fnf.inCommand(whn, "a"))).toEqual(misuse('fusillade: fnf.commandOf needs an FnF battle (this one is "whn")'));
    expect(thrown(() => fnf.sees(whn, "a", "b"))).toEqual(misuse('fusillade: fnf.sees needs an FnF battle (this one is "whn")'));
    expect(thrown(() => fnf.visibleUnits(whn, "a"))).toEqual(misuse('fusillade: fnf.visibleUnits needs an FnF battle (this one is "whn")'));
  });
  it("FNF-GEO-3: unknown ids are named, with the helper and which argument", () => {
    expect(thrown(() => fnf.distanceBetween(s, "zz", "gb1"))).toEqual(misuse('fusillade: fnf.distanceBetween: no unit or lone leader "zz" on the table'));
    expect(thrown(() => fnf.distanceBetween(s, "fr1", "yy"))).toEqual(misuse('fusillade: fnf.distanceBetween: no unit or lone leader "yy" on the table'));
    expect(thrown(() => fnf.commandOf(s, "zz"))).toEqual(misuse('fusillade: fnf.commandOf: no unit "zz" on the table'));
    expect(thrown(() => fnf.sees(s, "zz", "gb1"))).toEqual(misuse('fusillade: fnf.sees: no unit "zz" on the table'));
    expect(thrown(() => fnf.sees(s, "fr1", "yy"))).toEqual(misuse('fusillade: fnf.sees: no unit or lone leader "yy" on the table'));
    expect(thrown(() => fnf.visibleUnits(s, "zz"))).toEqual(misuse('fusillade: fnf.visibleUnits: no unit "zz" on the table'));
  });
  it("FNF-GEO-3: ids that are not strings and options that are not objects are refused", () => {
    const n = 5 as unknown as string;
    expect(thrown(() => fnf.distanceBetween(s, n, "gb1"))?.message).toBe("fnf.distanceBetween: a must be a string, got 5");
    expect(thrown(() => fnf.distanceBetween(s, "fr1", n))?.message).toBe("fnf.distanceBetween: b must be a string, got 5");
    expect(thrown(() => fnf.commandOf(s, n))?.message).toBe("fnf.commandOf: the unit id must be a string, got 5");
    expect(thrown(() => fnf.sees(s, n, "gb1"))?.message).toBe("fnf.sees: the unit id must be a string, got 5");
    expect(thrown(() => fnf.sees(s, "fr1", n))?.message).toBe("fnf.sees: target must be a string, got 5");
    expect(thrown(() => fnf.visibleUnits(s, n))?.message).toBe("fnf.visibleUnits: the unit id must be a string, got 5");
    const bad = 5 as unknown as object;
    expect(thrown(() => fnf.sees(s, "fr1", "gb1", bad))?.message).toBe("fnf.sees: options must be an object, got 5");
    expect(thrown(() => fnf.visibleUnits(s, "fr1", bad))?.message).toBe("fnf.visibleUnits: options must be an object, got 5");
    const hostile = {
      get inArc(): boolean {
        throw new Error("boom");
      },
    };
    expect(thrown(() => fnf.sees(s, "fr1", "gb1", hostile))?.message).toBe("fnf.sees: options could not be read (Error: boom)");
    expect(thrown(() => fnf.visibleUnits(s, "fr1", hostile))?.message).toBe("fnf.visibleUnits: options could not be read (Error: boom)");
  });
});

describe("fnfC: distances, command and sight for apps (FNF-GEO-3, FNF-CMD-1/4, FNF-GEO-8)", () => {
  it("FNF-GEO-3: a lone leader is measured by his single base, either way round", () => {
    const s = battle();
    // gbl's 30 mm base centred at (40, 45); gb1's bases reach x 25.51 and y 41.18
    const dx = 40 - 15 / 25.4 - (20 + 3.5 * W);
    const dy = 45 - 15 / 25.4 - (40 + D);
    expect(fnf.distanceBetween(s, "fr1", "gb1")).toBeCloseTo(20, 9);
    expect(fnf.distanceBetween(s, "gb1", "gbl")).toBeCloseTo(Math.hypot(dx, dy), 9);
    expect(fnf.distanceBetween(s, "gbl", "gb1")).toBeCloseTo(Math.hypot(dx, dy), 9);
  });
  it("FNF-CMD-4: commandOf tells the leader, the distance to the command base and the radius", () => {
    const s = battle();
    const c = fnf.commandOf(s, "fr1");
    // the command base is the LINE's right-hand base (x 23.94 to 25.51, y 18.82 to 20); d1's 30 mm base is centred at (20, 16)
    const L = 15 / 25.4;
    const gap = Math.hypot(20 + 2.5 * W - (20 + L), 20 - D - (16 + L));
    expect(c).toEqual({ standing: "inRadius", inCommand: true, leader: "d1", distance: expect.closeTo(gap, 9), radius: fnf.COMMAND_RADIUS.division.normal });
    expect(fnf.inCommand(s, "fr1")).toBe(true);
    const far = fnf.commandOf(battle({ position: { x: 20, y: 4 } }), "fr1");
    expect(far).toMatchObject({ standing: "outOfRadius", inCommand: false, leader: "d1", radius: fnf.COMMAND_RADIUS.division.normal });
    expect(fnf.inCommand(battle({ position: { x: 20, y: 4 } }), "fr1")).toBe(false);
    const gone = fnf.commandOf(battle({ position: { x: 70, y: 2 } }), "fr1");
    expect(gone).toMatchObject({ standing: "beyondMove", inCommand: false, leader: "d1" });
  });
  it("FNF-CMD-4: a unit whose division leader is lost has none (and is out of radius); one with no division is in radius", () => {
    const s0 = battle();
    const f = s0.fnf;
    const d1 = f?.leaders.d1;
    if (f === null || f === undefined || d1 === undefined) throw new Error("no d1");
    const s = { ...s0, fnf: { ...f, leaders: { ...f.leaders, d1: { ...d1, lost: "casualty" } } } } as BattleState;
    expect(fnf.commandOf(s, "fr1")).toEqual({ standing: "outOfRadius", inCommand: false, leader: null, distance: null, radius: null });
    expect(fnf.inCommand(s, "fr1")).toBe(false);
    expect(fnf.commandOf(s, "gb1")).toEqual({ standing: "inRadius", inCommand: true, leader: null, distance: null, radius: null });
  });
  it("FNF-GEO-8: sees a lone leader; the front arc option is read as given", () => {
    const s = battle();
    expect(fnf.sees(s, "fr1", "gbl")).toBe(true);
    expect(fnf.sees(s, "fr1", "gb2")).toBe(true);
    expect(fnf.sees(s, "fr1", "gb2", { inArc: true })).toBe(false);
    expect(fnf.sees(s, "fr1", "gb2", { inArc: false })).toBe(true);
    expect(fnf.sees(s, "fr1", "gb1", { inArc: true })).toBe(true);
  });
  it("FNF-GEO-8: the viewer and the target do not block their own sight; other units' bases do", () => {
    // fr2 stands square between fr1 and gb1, wider than both
    const s = battle({}, { fr2: brigade("fr2", "fr", 20, 30, { bases: 10, startingBases: 10 }) });
    expect(fnf.sees(s, "fr1", "gb1")).toBe(false);
    expect(fnf.sees(s, "fr2", "gb1")).toBe(true);
    expect(fnf.visibleUnits(s, "fr1")).toEqual(["gb2"]);
  });
  it("FNF-GEO-8: visibleUnits lists enemies only, nearest first, ties by id", () => {
    // three small British brigades the same 10" off, listed out of id order, and a nearer one
    const small = (id: string, x: number, y: number) => brigade(id, "gb", x, y, { bases: 1, startingBases: 1 });
    const s = fnfBattle({
      units: { fr1: brigade("fr1", "fr", 36, 20), frx: brigade("frx", "fr", 60, 10), gbc: small("gbc", 40, 30), gba: small("gba", 32, 30), gbb: small("gbb", 36, 30), gbn: small("gbn", 48, 27) },
    });
    for (const id of ["gba", "gbb", "gbc"]) expect(fnf.distanceBetween(s, "fr1", id)).toBeCloseTo(10, 9);
    expect(fnf.distanceBetween(s, "fr1", "gbn")).toBeLessThan(10);
    expect(fnf.visibleUnits(s, "fr1")).toEqual(["gbn", "gba", "gbb", "gbc"]);
    expect(fnf.visibleUnits(s, "gbb")).toEqual(["fr1", "frx"]);
  });
});
