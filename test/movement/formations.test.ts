import { describe, expect, it } from "vitest";
import { FORMATION_TABLE, adoptableFiles, canAdopt, shapeOk } from "../../src/rules/whn/movement/index.js";
import { battleOf, fr, frCav, must, patch, refused, run, toStep, unitOf } from "../fixtures/movement.js";

const s0 = battleOf([fr("fr-1", 36, 10), frCav("fr-c", 10, 10), fr("fr-l", 60, 10, { light: true, files: 4 }), fr("fr-x", 50, 30, { light: true, extendedOrderAllowed: true })]);
const inf = unitOf(s0, "fr-1");
const cav = unitOf(s0, "fr-c");
const light = unitOf(s0, "fr-l");
const listed = unitOf(s0, "fr-x");

describe("formations as data (WHN-FORM)", () => {
  it("WHN-FORM-1: the table gives who may use each formation, march, wheel and firing", () => {
    expect(FORMATION_TABLE.MARCH_COLUMN.march).toBe(3);
    expect(FORMATION_TABLE.ATTACK_COLUMN.marchNearEnemy).toBe(true);
    expect(FORMATION_TABLE.LINE.march).toBeNull();
    expect(FORMATION_TABLE.LINE.wheelLimit).toBe(45);
    expect(FORMATION_TABLE.SQUARE.speed).toBe(0.5);
    expect(FORMATION_TABLE.CAV_COLUMN.wheelLimit).toBeNull();
    expect(FORMATION_TABLE.OPEN_ORDER.eligibility).toBe("light");
    expect(FORMATION_TABLE.EXTENDED_ORDER.eligibility).toBe("lightListed");
    expect(canAdopt(inf, "CAV_LINE", 12)).toMatchObject({ code: "movement/formation_not_allowed", rule: "WHN-FORM-1" });
    expect(canAdopt(cav, "SQUARE")).toMatchObject({ rule: "WHN-FORM-1" });
  });

  it("WHN-FORM-2: a march column is 1 to 3 files wide, any number of ranks", () => {
    expect(canAdopt(inf, "MARCH_COLUMN", 3)).toBeNull();
    expect(canAdopt(inf, "MARCH_COLUMN", 1)).toBeNull();
    expect(canAdopt(inf, "MARCH_COLUMN", 4)).toMatchObject({ rule: "WHN-FORM-2" });
  });

  it("WHN-FORM-3: an attack column has at least 3 ranks and as many ranks as files", () => {
    expect(canAdopt(inf, "ATTACK_COLUMN", 4)).toBeNull(); // 6 ranks
    expect(canAdopt(inf, "ATTACK_COLUMN", 5)).toBeNull(); // 5 ranks
    expect(canAdopt(inf, "ATTACK_COLUMN", 6)).toMatchObject({ rule: "WHN-FORM-3" }); // 4 ranks < 6 files
    expect(adoptableFiles(inf, "ATTACK_COLUMN")).toEqual([1, 2, 3, 4, 5]);
  });

  it("WHN-FORM-4: a square is infantry only, at least 4 models", () => {
    expect(canAdopt(inf, "SQUARE")).toBeNull();
    expect(canAdopt({ ...inf, figures: 3 }, "SQUARE")).toMatchObject({ rule: "WHN-FORM-4" });
  });

  it("WHN-FORM-5: a line has exactly two ranks; light infantry may stand in one (AMB-109)", () => {
    expect(canAdopt(inf, "LINE", 12)).toBeNull();
    expect(canAdopt(inf, "LINE", 8)).toMatchObject({ rule: "WHN-FORM-5" });
    expect(canAdopt(inf, "LINE", 24)).toMatchObject({ rule: "WHN-FORM-5" });
    expect(canAdopt(light, "LINE", 24)).toBeNull();
  });

  it("WHN-FORM-6: a cavalry column has at least 3 ranks", () => {
    expect(canAdopt(cav, "CAV_COLUMN", 4)).toBeNull();
    expect(canAdopt(cav, "CAV_COLUMN", 6)).toMatchObject({ rule: "WHN-FORM-6" });
  });

  it("WHN-FORM-7: a cavalry line has 1 or 2 ranks", () => {
    expect(canAdopt(cav, "CAV_LINE", 12)).toBeNull();
    expect(canAdopt(cav, "CAV_LINE", 6)).toBeNull();
    expect(canAdopt(cav, "CAV_LINE", 4)).toMatchObject({ rule: "WHN-FORM-7" });
  });

  it("WHN-FORM-8: the table names each formation's casualty order", () => {
    expect(FORMATION_TABLE.ATTACK_COLUMN.casualtyOrder).toBe("rearRank");
    expect(FORMATION_TABLE.LINE.casualtyOrder).toBe("fullerRank");
    expect(FORMATION_TABLE.SQUARE.casualtyOrder).toBe("fullestFace");
    expect(FORMATION_TABLE.EXTENDED_ORDER.casualtyOrder).toBe("ownerChoice");
  });

  it("WHN-FORM-9: a column below its minimum after casualties keeps its formation and still moves", () => {
    let s = toStep(s0, "remaining");
    s = patch(s, "fr-1", { figures: 8, files: 4 }); // 2 ranks of 4: below the attack column minimum
    expect(shapeOk(unitOf(s, "fr-1"))).toBe(false);
    s = must(s, { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: 2 }] });
    expect(unitOf(s, "fr-1").formation).toBe("ATTACK_COLUMN");
  });
});

describe("skirmish orders (WHN-SKIRM)", () => {
  it("WHN-SKIRM-1: only light troops skirmish; only listed light troops use extended order", () => {
    expect(canAdopt(inf, "OPEN_ORDER", 12)).toMatchObject({ rule: "WHN-SKIRM-1" });
    expect(canAdopt(light, "OPEN_ORDER", 12)).toBeNull();
    expect(canAdopt(light, "EXTENDED_ORDER")).toMatchObject({ rule: "WHN-SKIRM-1" });
    expect(canAdopt(listed, "EXTENDED_ORDER")).toBeNull();
  });

  it("WHN-SKIRM-2: open order has at most two ranks, wheels at most 45° and may march", () => {
    expect(canAdopt(light, "OPEN_ORDER", 8)).toMatchObject({ rule: "WHN-SKIRM-2" });
    let s = toStep(s0, "remaining");
    s = patch(s, "fr-l", { formation: "OPEN_ORDER", files: 12 });
    const v = refused(s, { type: "movement/move", unit: "fr-l", path: [{ kind: "wheel", degrees: 50, pivot: "left" }] });
    expect(v).toMatchObject({ code: "movement/wheel_limit", rule: "WHN-MOVE-4" });
    const r = run(s, { type: "movement/march", unit: "fr-l", path: [{ kind: "forward", distance: 8 }] });
    expect(r.events[0]).toMatchObject({ type: "unit/marched", rule: "CORE-MOVE-2" });
  });

  it("WHN-SKIRM-3: extended order lays models a base width apart and refuses closer spacing", () => {
    let s = toStep(s0, "remaining");
    const r = run(s, { type: "movement/changeFormation", unit: "fr-x", formation: "EXTENDED_ORDER", files: 6 });
    const u = unitOf(r.state, "fr-x");
    expect(u.models).toHaveLength(24);
    const [a, b] = u.models ?? [];
    expect(Math.hypot((a?.x ?? 0) - (b?.x ?? 0), (a?.y ?? 0) - (b?.y ?? 0))).toBeCloseTo(2 * u.base.w, 9);
    s = toStep(must(must(r.state, { type: "turn/advance" }), { type: "turn/advance" }), "remaining");
    for (let i = 0; i < 20 && !(s.turn.activeSide === "fr" && s.turn.step === "remaining"); i++) s = must(s, { type: "turn/advance" });
    const squeezed = (unitOf(s, "fr-x").models ?? []).map((m, i) => (i === 1 ? { x: (a?.x ?? 0) + u.base.w * 1.5, y: m.y } : { x: m.x, y: m.y }));
    expect(refused(s, { type: "movement/moveTo", unit: "fr-x", models: squeezed })).toMatchObject({ code: "movement/extended_spacing", rule: "WHN-SKIRM-3" });
  });

  it("WHN-SKIRM-4: an extended-order model more than 2\" from all others breaks coherency", () => {
    let s = toStep(s0, "remaining");
    s = must(s, { type: "movement/changeFormation", unit: "fr-x", formation: "EXTENDED_ORDER", files: 6 });
    for (let i = 0; i < 20 && !(s.turn.gameTurn === 2 && s.turn.activeSide === "fr" && s.turn.step === "remaining"); i++) s = must(s, { type: "turn/advance" });
    const models = (unitOf(s, "fr-x").models ?? []).map((m, i) => (i === 23 ? { x: m.x, y: m.y - 3 } : { x: m.x, y: m.y }));
    expect(refused(s, { type: "movement/moveTo", unit: "fr-x", models })).toMatchObject({ code: "movement/extended_coherency", rule: "WHN-SKIRM-4" });
  });
});
