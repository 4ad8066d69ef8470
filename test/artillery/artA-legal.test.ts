import { describe, expect, it } from "vitest";
import type { Unit } from "../../src/state/unit.js";
import { gunMoveCandidates } from "../../src/rules/whn/artillery/legal.js";
import { battle, gun, line, patch, patchGun, unit } from "../fixtures/artillery.js";

// gunMoveCandidates (WHN-ART-3, WHN-ART-4): the finite move shapes listed for a gun. Distances are
// trimmed by 1e-6 so a 100 % move is not lost to rounding; compared here to 4 places.
const g = (spec: Parameters<typeof gun>[2] = {}, over: Partial<Unit> = {}, art: Partial<NonNullable<Unit["artillery"]>> = {}): Unit => {
  const s = battle([gun("a", "fr", spec), line("gb-1", 40)], { phase: "movement", step: "remaining" });
  return unit(patchGun(patch(s, "a", over), "a", art), "a");
};
type Step = { kind: string; distance?: number; degrees?: number; pivot?: string };
const shape = (acts: ReturnType<typeof gunMoveCandidates>) =>
  acts.map((a) => ({ ...a, path: (a.path as readonly Step[]).map((p) => (p.kind === "forward" ? { ...p, distance: Math.round((p.distance as number) * 1e4) / 1e4 } : p)) }));
const fwd = (d: number) => ({ kind: "forward", distance: d });
const wheel = (degrees: number, pivot: "left" | "right") => ({ kind: "wheel", degrees, pivot });
const mv = (path: Step[], march = false) => ({ type: "artillery/move", unit: "a", path, march });
const wheels = (after: number | null, march = false) =>
  [15, 30, 45].flatMap((d) => (["left", "right"] as const).flatMap((p) => (after === null ? [mv([wheel(d, p)], march)] : march ? [mv([wheel(d, p), fwd(after)], true)] : [mv([wheel(d, p)]), mv([wheel(d, p), fwd(after)])])));
const wheelsOnly = () => [15, 30, 45].flatMap((d) => (["left", "right"] as const).map((p) => mv([wheel(d, p)])));
const turns = () => [90, -90, 180].map((d) => mv([{ kind: "turn", degrees: d }]));

describe("gun move candidates (WHN-ART-3, WHN-ART-4)", () => {
  it("WHN-ART-3: an unlimbered medium gun (2\") — forwards 25…100 %, wheels alone and with half, three turns; no march", () => {
    const got = shape(gunMoveCandidates(g()));
    expect(got).toEqual([...[0.5, 1, 1.5, 2].map((d) => mv([fwd(d)])), ...wheels(1), ...turns()]);
    // the listed distance is trimmed just under the allowance
    const full = gunMoveCandidates(g())[3]?.path[0] as Step;
    expect(full.distance).toBeLessThan(2);
    expect(full.distance).toBeCloseTo(2, 5);
  });

  it("WHN-ART-4: a limbered medium foot gun (4\") not yet moved also lists marches of 25…100 % of 8\" and wheels with 4\"", () => {
    const got = shape(gunMoveCandidates(g({}, { formation: "LIMBERED" })));
    expect(got).toEqual([...[1, 2, 3, 4].map((d) => mv([fwd(d)])), ...wheels(2), ...turns(), ...[2, 4, 6, 8].map((d) => mv([fwd(d)], true)), ...wheels(4, true)]);
  });

  it("WHN-ART-4: a limbered gun that has used some move lists no march", () => {
    const got = shape(gunMoveCandidates(g({}, { formation: "LIMBERED", flags: { ...g().flags, moveUsed: 0.5 } })));
    expect(got).toEqual([...[0.5, 1, 1.5, 2].map((d) => mv([fwd(d)])), ...wheels(1), ...turns()]);
  });

  it("WHN-ART-3: the 0.25\" floor — a step of exactly 0.25\" is listed, a shorter one is not (forward and wheel-then-half)", () => {
    // 0.5" left: 25 % is 0.125 (dropped), 50 % is 0.25 (kept); half is 0.25 (kept).
    const half = shape(gunMoveCandidates(g({}, { flags: { ...g().flags, moveUsed: 0.75 } })));
    expect(half).toEqual([...[0.25, 0.375, 0.5].map((d) => mv([fwd(d)])), ...wheels(0.25), ...turns()]);
    // 0.4" left: only 75 % and 100 %; wheels alone (half is 0.2).
    const less = shape(gunMoveCandidates(g({}, { flags: { ...g().flags, moveUsed: 0.8 } })));
    expect(less).toEqual([...[0.3, 0.4].map((d) => mv([fwd(d)])), ...wheelsOnly(), ...turns()]);
  });

  it("WHN-ART-4: nothing for a gun without crew, abandoned, sheltering, already marched, or with no team", () => {
    expect(gunMoveCandidates(g({}, { figures: 0 }))).toEqual([]);
    expect(gunMoveCandidates(g({}, {}, { abandoned: true }))).toEqual([]);
    expect(gunMoveCandidates(g({}, {}, { shelteringIn: "x" as never }))).toEqual([]);
    expect(gunMoveCandidates(g({}, { flags: { ...g().flags, marched: true } }))).toEqual([]);
    expect(gunMoveCandidates(g({}, { formation: "LIMBERED" }, { limberDisabled: true }))).toEqual([]);
    expect(gunMoveCandidates(g({}, { formation: "LIMBERED" }, { horseHits: 4 }))).toEqual([]);
    expect(gunMoveCandidates({ ...g(), artillery: null })).toEqual([]);
    // one horse hit short of losing the team: still listed (rate 1").
    expect(shape(gunMoveCandidates(g({}, { formation: "LIMBERED" }, { horseHits: 3 })))[3]).toEqual(mv([fwd(1)]));
  });
});
