import { describe, expect, it } from "vitest";
import {
  DetachActionSchema,
  FNF_ACTIONS,
  FireActionSchema,
  FormationTargetSchema,
  ManeuverActionSchema,
  MoveActionSchema,
  MoveLeaderActionSchema,
  PoseSchema,
  RejoinActionSchema,
  ResolveMeleeActionSchema,
} from "../../src/rules/fnf/actions.js";

const ok = (schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? r.data : "refused";
};

describe("fnfE: FnF action shapes and their defaults (FNF-TURN-1)", () => {
  it("FNF-CMD-5: a leader move defaults to no waypoints and no attachment; at most 50 waypoints", () => {
    expect(ok(MoveLeaderActionSchema, { type: "fnf/moveLeader", leader: "l", to: { x: 1, y: 2 } })).toEqual({ type: "fnf/moveLeader", leader: "l", to: { x: 1, y: 2 }, via: [], attachTo: null });
    const pts = (n: number) => Array.from({ length: n }, (_, i) => ({ x: i, y: 0 }));
    expect(ok(MoveLeaderActionSchema, { type: "fnf/moveLeader", leader: "l", to: { x: 1, y: 2 }, via: pts(50), attachTo: "u" })).toMatchObject({ attachTo: "u" });
    expect(ok(MoveLeaderActionSchema, { type: "fnf/moveLeader", leader: "l", to: { x: 1, y: 2 }, via: pts(51) })).toBe("refused");
    expect(ok(MoveLeaderActionSchema, { type: "fnf/moveLeaderX", leader: "l", to: { x: 1, y: 2 } })).toBe("refused");
  });

  it("FNF-MAN-5: a maneuver roll declares good going unless told; extra keys are refused", () => {
    expect(ok(ManeuverActionSchema, { type: "fnf/maneuver", unit: "u" })).toEqual({ type: "fnf/maneuver", unit: "u", badGoing: false });
    expect(ok(ManeuverActionSchema, { type: "fnf/maneuver", unit: "u", badGoing: true })).toEqual({ type: "fnf/maneuver", unit: "u", badGoing: true });
    expect(ok(ManeuverActionSchema, { type: "fnf/maneuver", unit: "u", extra: 1 })).toBe("refused");
    expect(ok(ManeuverActionSchema, { type: "fnf/maneuver", unit: "u", badGoing: "yes" })).toBe("refused");
  });

  it("FNF-MOVE-1: a move defaults to standing still with no change and no target; a change happens after the move unless told", () => {
    expect(ok(MoveActionSchema, { type: "fnf/move", unit: "u" })).toEqual({ type: "fnf/move", unit: "u", path: [], change: null, target: null });
    expect(ok(MoveActionSchema, { type: "fnf/move", unit: "u", change: { to: "SQUARE" } })).toBe("refused");
    expect(ok(MoveActionSchema, { type: "fnf/move", unit: "u", change: { to: "COLUMN_OF_ATTACK" } })).toMatchObject({ change: { to: "COLUMN_OF_ATTACK", when: "after" } });
    expect(ok(MoveActionSchema, { type: "fnf/move", unit: "u", change: { to: "PIVOT", facing: 30, when: "before" } })).toMatchObject({ change: { to: "PIVOT", facing: 30, when: "before" } });
    expect(ok(MoveActionSchema, { type: "fnf/move", unit: "u", change: { to: "LINE", when: "during" } })).toBe("refused");
    const poses = (n: number) => Array.from({ length: n }, (_, i) => ({ x: i, y: 1 }));
    expect(ok(MoveActionSchema, { type: "fnf/move", unit: "u", path: poses(50), target: "e" })).toMatchObject({ target: "e" });
    expect(ok(MoveActionSchema, { type: "fnf/move", unit: "u", path: poses(51) })).toBe("refused");
  });

  it("FNF-MOVE-1: a pose is x, y and an optional facing, nothing else", () => {
    expect(ok(PoseSchema, { x: 1, y: 2 })).toEqual({ x: 1, y: 2 });
    expect(ok(PoseSchema, { x: 1, y: 2, facing: 90 })).toEqual({ x: 1, y: 2, facing: 90 });
    expect(ok(PoseSchema, { x: 1, y: 2, z: 3 })).toBe("refused");
  });

  it("FNF-FORM-1, FNF-SKIRM-1, FNF-ART-1: the formation targets are the formations plus skirmish, close order, limber, unlimber and pivot", () => {
    expect(FormationTargetSchema.options.slice(-5)).toEqual(["SKIRMISH", "CLOSE_ORDER", "LIMBERED", "UNLIMBERED", "PIVOT"]);
    for (const f of ["LINE", "SUPPORTED_LINE", "COLUMN_OF_ROUTE", "COLUMN_OF_ATTACK"]) expect(FormationTargetSchema.options).toContain(f);
  });

  it("FNF-FIRE-1: a fire names a firer and a target, both required", () => {
    expect(ok(FireActionSchema, { type: "fnf/fire", firer: "a", target: "b" })).toEqual({ type: "fnf/fire", firer: "a", target: "b" });
    expect(ok(FireActionSchema, { type: "fnf/fire", firer: "a" })).toBe("refused");
  });

  it("FNF-MEL-7: a melee resolution defaults to no chosen lead, carrying the position and advancing", () => {
    expect(ok(ResolveMeleeActionSchema, { type: "fnf/resolveMelee", melee: "m" })).toEqual({ type: "fnf/resolveMelee", melee: "m", lead: null, drivenBack: "carry", advance: true });
    expect(ok(ResolveMeleeActionSchema, { type: "fnf/resolveMelee", melee: "m", drivenBack: "breakthrough", advance: false, lead: "a" })).toEqual({ type: "fnf/resolveMelee", melee: "m", lead: "a", drivenBack: "breakthrough", advance: false });
    expect(ok(ResolveMeleeActionSchema, { type: "fnf/resolveMelee", melee: "m", drivenBack: "flee" })).toBe("refused");
  });

  it("FNF-DET-2: a detachment needs its id, place and facing; a rejoin names the detachment", () => {
    const d = { type: "fnf/detach", unit: "u", id: "u-d", position: { x: 1, y: 2 }, facing: 10 };
    expect(ok(DetachActionSchema, d)).toEqual(d);
    expect(ok(DetachActionSchema, { ...d, facing: undefined })).toBe("refused");
    expect(ok(RejoinActionSchema, { type: "fnf/rejoin", detachment: "u-d" })).toEqual({ type: "fnf/rejoin", detachment: "u-d" });
    expect(ok(RejoinActionSchema, { type: "fnf/rejoin" })).toBe("refused");
  });

  it("FNF-TURN-1: the FnF action list holds the seven kinds in order", () => {
    expect(FNF_ACTIONS.map((s) => s.shape.type.value)).toEqual(["fnf/moveLeader", "fnf/maneuver", "fnf/move", "fnf/fire", "fnf/resolveMelee", "fnf/detach", "fnf/rejoin"]);
  });
});
