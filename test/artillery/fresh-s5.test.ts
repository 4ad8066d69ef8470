/**
 * Rule tests for survivors of the fresh seed-5 sample of src/rules/whn/artillery (#17,
 * docs/guides/trust.md "Seed 5, fresh: … (2 Dec 2026, sixth session)"): each case fails with its
 * mutant applied to the source by hand.
 */
import { describe, expect, it } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { gunMoveCandidates } from "../../src/rules/whn/artillery/legal.js";
import { whyStationary } from "../../src/rules/whn/artillery/common.js";
import { battalion, battle, event, fire, gun, patch, play, rect, refuse, step } from "../fixtures/artillery.js";
import { leaveFires } from "../../src/rules/whn/artillery/index.js";
import { DEFAULT_CREW, gunFireOdds, gunFireSpec } from "../../src/rules/whn/artillery/index.js";
import { freshGun, gunHitOutcomes } from "../../src/rules/whn/artillery/bodies.js";
import { gunFireSituation } from "../../src/rules/whn/artillery/situation.js";
import { formatViolation, unitId } from "../../src/index.js";
import { line } from "../fixtures/artillery.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const scene = (): BattleState => battle([gun("g", "fr", { gun: "light", arm: "horse" }, { formation: "LIMBERED" })], { phase: "movement" });
const withFlags = (u: Unit, flags: Partial<Unit["flags"]>): Unit => ({ ...u, flags: { ...u.flags, ...flags } });
const marches = (u: Unit) => gunMoveCandidates(u).filter((a) => a.march);
const forwards = (u: Unit) => gunMoveCandidates(u).filter((a) => !a.march && a.path.length === 1 && a.path[0]!.kind === "forward").map((a) => (a.path[0] as { distance: number }).distance);

describe("a gun's move candidates (artillery/legal.ts gunMoveCandidates)", () => {
  it("WHN-ART-16 / WHN-ART-4: a gun whose crew shelter in a unit, or that has marched this turn, is offered no move (legal.ts:77)", () => {
    const g = unit(scene(), "g");
    expect(gunMoveCandidates(g)).toHaveLength(4 + 12 + 3 + 10);
    expect(gunMoveCandidates({ ...g, artillery: { ...g.artillery!, shelteringIn: "inf" as never } })).toEqual([]);
    expect(gunMoveCandidates(withFlags(g, { marched: true }))).toEqual([]);
  });

  it("WHN-ART-4: only a limbered gun that has not yet moved is offered marches: 4 forward and 6 wheel-then-forward, at twice its rate (legal.ts:91)", () => {
    const g = unit(scene(), "g");
    expect(marches(g).map((a) => a.path.map((p) => p.kind).join("+"))).toEqual(["forward", "forward", "forward", "forward", ...Array(6).fill("wheel+forward")]);
    expect(marches(g)[3]!.path[0]).toMatchObject({ kind: "forward" });
    expect((marches(g)[3]!.path[0] as { distance: number }).distance).toBeCloseTo(16, 5);
    expect(marches(withFlags(g, { moveUsed: 0.5 }))).toEqual([]);
    expect(marches({ ...g, formation: "UNLIMBERED" })).toEqual([]);
  });

  it("WHN-ART-3: a forward move of exactly the shortest listed length (a quarter inch) is still offered (legal.ts:83)", () => {
    // Light horse gun limbered: 8" a move; with 7/8 of it used, 1" is left and its quarter is 0.25" exactly.
    const g = withFlags(unit(scene(), "g"), { moveUsed: 0.875 });
    const d = forwards(g);
    expect(d).toHaveLength(4);
    expect(d[0]).toBeCloseTo(0.25, 5);
  });
});

describe("why a gun may not move (artillery/common.ts whyStationary)", () => {
  it("WHN-MOVE-6: a DISORDERED crew does not move its gun (common.ts:69)", () => {
    const s = scene();
    const g = unit(s, "g");
    expect(whyStationary(s, g)).toBeNull();
    expect(whyStationary(s, { ...g, order: "DISORDERED" })).toEqual({ code: "artillery/disordered", rule: "WHN-MOVE-6", unit: "g" });
  });
});

describe("losses to counter-battery fire (artillery/fire.ts resolveGunFire)", () => {
  it("WHN-PANIC-2 / WHN-ART-14: a crew that loses a model to an enemy gun's canister takes its casualty Panic test (fire.ts:165)", () => {
    const s = battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 15 }, facing: 270, profile: { ...DEFAULT_CREW.profile, W: 2 } })]);
    // Two canister shots, one hit each on the crew, wounding 6: the second kills the model the first wounded.
    const first = play(s, fire("fr-art", "gb-art", "canister"), [6, 1, 1, 1, 1, 1, 3, 6]);
    const again = play(patch(first.state, "fr-art", { flags: { ...unit(first.state, "fr-art").flags, shot: false } }), fire("fr-art", "gb-art", "canister"), [6, 1, 1, 1, 1, 1, 3, 6, 1, 1]);
    const morale = (r: typeof first) => r.events.filter((e) => e.type === "shooting/panicThreshold" || e.type === "morale/panicTest").map((e) => [e.type, e.rule, e["unit"]]);
    expect(morale(first)).toEqual([]);
    expect(unit(again.state, "gb-art").figures).toBe(3);
    expect(morale(again)).toEqual([
      ["shooting/panicThreshold", "WHN-PANIC-2", "gb-art"],
      ["morale/panicTest", "WHN-PANIC-2", "gb-art"],
    ]);
  });
});

describe("exact odds of a gun's fire (artillery/odds.ts)", () => {
  const W2 = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 2, I: 3, A: 1, Ld: 7 };
  const guns = (over: object = {}) => battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 20 }, facing: 270, profile: { ...DEFAULT_CREW.profile, W: 2 }, ...over })]);
  const odds = (s: BattleState, target: string, ammunition: "shot" | "canister") => {
    const o = gunFireOdds(s, { unit: unitId("fr-art"), target: unitId(target), ammunition }, 90);
    if (!o.ok) throw new Error("refused");
    return o.odds.units.find((u) => u.id === target)!;
  };

  it("WHN-ART-10 / WHN-ART-14: a shot hit on a crew of two-wound models rolls its wounds die, so one hit can kill one (odds.ts:134)", () => {
    const u = odds(guns(), "gb-art", "shot");
    // One model on the ball's line: never two hits, yet a casualty is possible.
    expect(u.hits.pAtLeast(2)).toBe(0);
    expect(u.casualties.pAtLeast(1)).toBeGreaterThan(0.1);
  });

  it("WHN-ART-10: a shot hit on two-wound troops rolls its wounds die too, so one hit can kill one (odds.ts:135)", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 20, { profile: W2, figures: 2, files: 2, formation: "BLOCK" })]);
    const u = odds(s, "gb-1", "shot");
    expect(u.hits.pAtLeast(2)).toBe(0);
    expect(u.casualties.pAtLeast(1)).toBeGreaterThan(0.3);
  });

  it("WHN-ART-14 / WHN-ART-15: the odds give a chance of disabling a gun's limber, and none when it is disabled already (odds.ts:117)", () => {
    const fresh = odds(guns(), "gb-art", "canister");
    expect(fresh.gun!.pLimberDisabled).toBeGreaterThan(0.05);
    const s = guns();
    const g = unit(s, "gb-art");
    const disabled = odds(patch(s, "gb-art", { artillery: { ...g.artillery!, limberDisabled: true } }), "gb-art", "canister");
    expect(disabled.gun!.pLimberDisabled).toBe(0);
  });
});

describe("messages of artillery refusals (artillery/messages.ts)", () => {
  it("CORE-MOVE-2 / CORE-MOVE-5: several enemies forbidding a march are listed with commas; a move into impassable ground is named (messages.ts:9, :44)", () => {
    expect(formatViolation({ code: "artillery/enemy_within_8", rule: "CORE-MOVE-2", unit: "g", enemies: ["gb-1", "gb-2"] } as never)).toBe('Enemies within 8" (gb-1, gb-2) forbid a march. [CORE-MOVE-2]');
    expect(formatViolation({ code: "artillery/impassable", rule: "CORE-MOVE-5", unit: "g" } as never)).toBe("Unit g may not enter impassable ground. [CORE-MOVE-5]");
    expect(formatViolation({ code: "artillery/too_far", rule: "WHN-ART-3", unit: "g", cost: 6.456, allowance: 3 } as never)).toBe('That move costs 6.46"; gun g has 3". [WHN-ART-3]');
  });
});

describe("hits on a gun, enumerated (artillery/bodies.ts gunHitOutcomes)", () => {
  it("WHN-ART-15: once a gun is destroyed, a further hit changes nothing but the hit count; before, it spreads over limber, horses, crew and gun (bodies.ts:233)", () => {
    const s = battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 20 }, facing: 270 })]);
    const read = gunFireSituation(s, { unit: unitId("fr-art"), target: unitId("gb-art"), ammunition: "canister" });
    if (!read.ok) throw new Error("refused");
    const b = gunFireSpec(s, read.situation).bodies["gb-art"];
    if (b === undefined || b.kind !== "gun") throw new Error("no gun body");
    const fresh = freshGun(b);
    const open = gunHitOutcomes(b, fresh, null);
    expect(open.length).toBeGreaterThan(1);
    expect(open.reduce((n, [p]) => n + p, 0)).toBeCloseTo(1, 12);
    const wrecked = { ...fresh, gunDestroyed: true };
    expect(gunHitOutcomes(b, wrecked, null)).toEqual([[1, { ...wrecked, hits: wrecked.hits + 1 }]]);
  });
});

describe("limbering in a fire (artillery/move.ts changeState)", () => {
  it("WHN-FIRE-5: a gun may not limber or unlimber onto ground a fire circle covers; the refusal names WHN-FIRE-5 (move.ts:48)", () => {
    const woods = { id: "wood", kind: "woods", polygon: rect(30, 2, 42, 14), tags: { flammability: "woods" as const } };
    const s = battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 8 }, formation: "LIMBERED" }), line("gb-1", 44)], { phase: "movement", step: "remaining" }, {
      terrain: [woods],
      fires: [{ id: "f1", circles: [{ centre: { x: 36, y: 7.5 }, diameter: 2, terrain: "woods" }] }],
    } as never);
    expect(refuse(s, { type: "artillery/unlimber", unit: "fr-art" })).toMatchObject({ code: "artillery/into_fire", rule: "WHN-FIRE-5", unit: "fr-art" });
  });
});

describe("stepping out of a fire (artillery/firefighting.ts leaveFires)", () => {
  it("WHN-FIRE-5 / AMB-50: a unit a circle overlaps takes the shortest clear step out, its own ground not counted as an obstacle (firefighting.ts:79)", () => {
    const woods = { id: "wood", kind: "woods", polygon: rect(30, 20, 42, 30), tags: { flammability: "woods" as const } };
    const fr = battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90, formation: "BLOCK", files: 4, figures: 16 });
    const s = battle([fr, line("gb-1", 44)], { phase: "movement", step: "compulsory" }, { terrain: [woods], fires: [{ id: "f1", circles: [{ centre: { x: 36, y: 23 }, diameter: 2, terrain: "woods" }] }] } as never);
    const r = step(s, leaveFires, []);
    // A block four ranks deep with the circle over its front ranks: a 2" step back, away from the
    // circle's centre, clears it. That is less than the block's own depth, so a step that counted the
    // block's own ground as an obstacle would have to be longer.
    const u = unit(r.state, "fr-1");
    expect(u.position.x).toBeCloseTo(36, 9);
    expect(u.position.y).toBeCloseTo(22, 9);
    expect(event(r.events, "fire/leftFire")["rule"]).toBe("WHN-FIRE-5");
  });
});
