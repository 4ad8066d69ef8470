import { describe, expect, it } from "vitest";
import { unitId, withScriptedDice, type BattleState } from "../../src/index.js";
import { runStep } from "../../src/engine/apply.js";
import { resolveGunFire } from "../../src/rules/whn/artillery/fire.js";
import type { GunFireRequest } from "../../src/rules/whn/artillery/situation.js";
import { battalion, battle, fire, gun, line, patch, play, rect, unit } from "../fixtures/artillery.js";
import { bareAll } from "../fixtures/artB.js";

// A medium foot gun at (36, 4) facing north (muzzle (36, 4)); BS 3 needs 4 to hit.
const fired = (ammunition: string, target: string, range: number, max: number, over = {}) => ({
  type: "artillery/fired", rule: "WHN-ART-8", unit: "fr-art", target, ammunition, range, max, crew: 4, standAndShoot: false, andLimber: false, ...over,
});
const toHit = (need = 4, modifiers: unknown[] = []) => ({ type: "artillery/toHit", rule: "WHN-ART-18", unit: "fr-art", bs: 3, need, cover: "none", modifiers });
const panicPassed = (u: string, casualties: number, atStart: number) => [
  { type: "shooting/panicThreshold", rule: "WHN-PANIC-2", unit: u, casualties, figuresAtStart: atStart, quality: "REGULAR" },
  { type: "morale/panicTest", rule: "WHN-PANIC-2", unit: u, test: "WHN-PANIC-4", dice: [1, 1], total: 2, target: 6, passed: true, order: "GOOD", leadersNear: [] },
];
const run = (s: BattleState, a: unknown, dice: number[], angles: number[] = []) => {
  const r = play(s, a, dice, angles);
  return { state: r.state, events: bareAll(r.events) };
};
const direct = (s: BattleState, req: Partial<GunFireRequest> & { ammunition: GunFireRequest["ammunition"] }, dice: number[]) =>
  runStep(withScriptedDice(s, dice), (ctx) => resolveGunFire(s, ctx, { unit: unitId("fr-art"), target: unitId("gb-1"), ...req }));

describe("artillery/fire: roundshot (WHN-ART-8, WHN-ART-9, WHN-ART-10, WHN-ART-18)", () => {
  const base = () => battle([gun("fr-art", "fr"), line("gb-1", 20)]);

  it("WHN-ART-10: a hit bounces 4\" through two ranks; one model falls and the unit takes its Panic test", () => {
    const r = run(base(), fire("fr-art", "gb-1", "shot"), [4, 2, 3, 1, 6, 6]);
    expect(r.events).toEqual([
      fired("shot", "gb-1", 16, 48),
      toHit(),
      { type: "artillery/landed", rule: "WHN-ART-9", unit: "fr-art", onTarget: true, aim: { x: 36, y: 20 }, landing: { x: 36, y: 20 }, bounce: 4, scatter: null },
      { type: "artillery/bounceLine", rule: "CORE-GEO-32", unit: "fr-art", from: { x: 36, y: 20 }, to: { x: 36, y: 24 }, units: [{ unit: "gb-1", hits: 2 }] },
      { type: "artillery/hits", rule: "WHN-ART-10", unit: "gb-1", hits: 2, unsaved: 1, killed: 1 },
      { type: "unit/casualties", rule: "WHN-FORM-8", unit: "gb-1", removed: 1, figures: 9, commandLost: [] },
      { type: "shooting/panicThreshold", rule: "WHN-PANIC-2", unit: "gb-1", casualties: 1, figuresAtStart: 10, quality: "REGULAR" },
      { type: "morale/panicTest", rule: "WHN-PANIC-2", unit: "gb-1", test: "WHN-PANIC-4", dice: [6, 6], total: 12, target: 6, passed: false, order: "GOOD", leadersNear: [] },
      { type: "unit/disordered", rule: "WHN-PANIC-3", unit: "gb-1", cause: "WHN-PANIC-2" },
    ]);
    expect(unit(r.state, "gb-1")).toMatchObject({ figures: 9, woundsTaken: 0, order: "DISORDERED" });
    const g = unit(r.state, "fr-art");
    expect(g.flags).toEqual({ ...unit(base(), "fr-art").flags, shot: true });
    expect(g.formation).toBe("UNLIMBERED");
  });

  it("WHN-ART-9: a scattered ball that bounces over empty ground hits nothing but the gun has fired", () => {
    const s = base();
    const r = run(s, fire("fr-art", "gb-1", "shot"), [2, 3, 4, 5], [90]);
    expect(r.events).toEqual([
      fired("shot", "gb-1", 16, 48),
      toHit(),
      { type: "artillery/landed", rule: "WHN-ART-9", unit: "fr-art", onTarget: false, aim: { x: 36, y: 20 }, landing: { x: expect.closeTo(36, 9), y: expect.closeTo(26, 9) }, bounce: 10, scatter: { distance: 6, face: "ARROW", angle: 90 } },
      { type: "artillery/bounceLine", rule: "CORE-GEO-32", unit: "fr-art", from: { x: expect.closeTo(36, 9), y: expect.closeTo(26, 9) }, to: { x: expect.closeTo(36, 9), y: expect.closeTo(36, 9) }, units: [] },
    ]);
    expect(unit(r.state, "gb-1")).toEqual(unit(s, "gb-1"));
    expect(unit(r.state, "fr-art").flags.shot).toBe(true);
  });

  it("WHN-ART-9: a MISFIRE after a hit is a dud: no landing, no hits, and the gun has still fired", () => {
    const s = base();
    const r = run(s, fire("fr-art", "gb-1", "shot"), [5, 6]);
    expect(r.events).toEqual([fired("shot", "gb-1", 16, 48), toHit(), { type: "artillery/misfire", rule: "WHN-ART-9", unit: "fr-art", onTarget: true, at: "hit" }]);
    expect(unit(r.state, "gb-1")).toEqual(unit(s, "gb-1"));
    expect(unit(r.state, "fr-art").flags.shot).toBe(true);
  });

  it("WHN-ART-10: a hit that does not wound leaves the unit as it was and takes no Panic test", () => {
    const s = base();
    const r = run(s, fire("fr-art", "gb-1", "shot"), [4, 1, 1, 1]);
    expect(r.events.slice(4)).toEqual([{ type: "artillery/hits", rule: "WHN-ART-10", unit: "gb-1", hits: 2, unsaved: 0, killed: 0 }]);
    expect(unit(r.state, "gb-1")).toEqual(unit(s, "gb-1"));
  });

  it("WHN-ART-10: wounds short of a model's W are kept on the unit; nobody falls, no Panic test", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 20, { figures: 5, light: true, profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 3, I: 3, A: 1, Ld: 6 } })]);
    const r = run(s, fire("fr-art", "gb-1", "shot"), [4, 1, 2, 2]);
    expect(r.events.slice(4)).toEqual([{ type: "artillery/hits", rule: "WHN-ART-10", unit: "gb-1", hits: 1, unsaved: 1, killed: 0 }]);
    expect(unit(r.state, "gb-1")).toEqual({ ...unit(s, "gb-1"), woundsTaken: 2 });
  });
});

describe("artillery/fire: canister and losses (WHN-ART-11, WHN-FORM-8)", () => {
  it("WHN-ART-11: six shots at 8\", three hit, one model falls; the Panic test is passed", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 12)]);
    const r = run(s, fire("fr-art", "gb-1", "canister"), [4, 5, 6, 1, 2, 3, 3, 2, 1, 1, 1]);
    expect(r.events).toEqual([
      fired("canister", "gb-1", 8, 18),
      toHit(),
      { type: "artillery/canister", rule: "WHN-ART-11", unit: "fr-art", shots: 6, need: 4, hits: 3 },
      { type: "artillery/hits", rule: "WHN-ART-11", unit: "gb-1", hits: 3, unsaved: 1, killed: 1 },
      { type: "unit/casualties", rule: "WHN-FORM-8", unit: "gb-1", removed: 1, figures: 9, commandLost: [] },
      ...panicPassed("gb-1", 1, 10),
    ]);
    expect(unit(r.state, "gb-1")).toMatchObject({ figures: 9, order: "GOOD" });
  });

  it("WHN-ART-11: a unit left with no models is destroyed, under the ammunition's rule, and takes no test", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 12, { figures: 2, files: 1 })]);
    const r = run(s, fire("fr-art", "gb-1", "canister"), [4, 4, 1, 1, 1, 1, 3, 3]);
    expect(r.events).toEqual([
      fired("canister", "gb-1", 8, 18),
      toHit(),
      { type: "artillery/canister", rule: "WHN-ART-11", unit: "fr-art", shots: 6, need: 4, hits: 2 },
      { type: "artillery/hits", rule: "WHN-ART-11", unit: "gb-1", hits: 2, unsaved: 2, killed: 2 },
      { type: "unit/casualties", rule: "WHN-FORM-8", unit: "gb-1", removed: 2, figures: 0, commandLost: [] },
      { type: "unit/destroyed", rule: "WHN-ART-11", unit: "gb-1" },
    ]);
    expect(unit(r.state, "gb-1")).toMatchObject({ figures: 0, woundsTaken: 0, removed: { reason: "destroyed", gameTurn: 1 } });
  });

  it("CORE-CHRG-3: a stand-and-shoot fire takes −1 and does not mark the gun as having shot", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 12)]);
    const r = direct(s, { ammunition: "canister", standAndShoot: true }, [4, 5, 6, 1, 2, 3, 3, 2, 1, 1, 1]);
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(bareAll(r.events).slice(0, 3)).toEqual([
      fired("canister", "gb-1", 8, 18, { standAndShoot: true }),
      toHit(5, [{ key: "standAndShoot", value: -1, rule: "CORE-CHRG-3" }]),
      { type: "artillery/canister", rule: "WHN-ART-11", unit: "fr-art", shots: 6, need: 5, hits: 2 },
    ]);
    expect(unit(r.state, "fr-art").flags).toEqual(unit(s, "fr-art").flags);
  });

  it("resolveGunFire passes on the situation's refusal unchanged", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 12)]);
    const r = direct(s, { ammunition: "canister", target: unitId("nobody") }, []);
    expect(r.ok).toBe(false);
    expect(r.ok ? null : r.violation["code"]).toBe("artillery/unknown_target");
  });
});

describe("artillery/fire: the owner picks extended-order losses (WHN-FORM-8, core.ownerChoices)", () => {
  const SK = {
    formation: "EXTENDED_ORDER", light: true, extendedOrderAllowed: true, position: { x: 36, y: 12 }, figures: 10, files: 5, facing: 270,
    models: Array.from({ length: 10 }, (_, i) => ({ x: 36 + ((i % 5) - 2) * 1.6, y: 12.35 + Math.floor(i / 5) * 1.6, facing: 270 })),
  };
  const ask = () => battle([gun("fr-art", "fr"), battalion("gb-1", "gb", SK as never)], { phase: "shooting" }, { options: { core: { ownerChoices: "ask" } } } as never);

  it("WHN-FORM-8: with ownerChoices ask, two losses wait for the owner's choice and the Panic test waits too", () => {
    const s = ask();
    const r = run(s, fire("fr-art", "gb-1", "canister"), [6, 6, 1, 1, 1, 1, 3, 3]);
    expect(r.events.slice(2)).toEqual([
      { type: "artillery/canister", rule: "WHN-ART-11", unit: "fr-art", shots: 6, need: 6, hits: 2 },
      { type: "artillery/hits", rule: "WHN-ART-11", unit: "gb-1", hits: 2, unsaved: 2, killed: 2 },
    ]);
    expect(r.state.pending).toEqual([{ kind: "casualtyChoice", side: "gb", unit: "gb-1", targets: ["fr-art"], rule: "WHN-FORM-8", casualties: 2, from: { x: 36, y: 4 }, panic: ["gb-1"] }]);
    expect(unit(r.state, "gb-1").figures).toBe(10);
  });

  it("WHN-FORM-8: a fire-and-flee shot removes the losses at once (never asked)", () => {
    const s = ask();
    const r = direct(s, { ammunition: "canister", thenFlee: true }, [6, 6, 1, 1, 1, 1, 3, 3, 1, 1]);
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(r.state.pending).toEqual([]);
    expect(unit(r.state, "gb-1").figures).toBe(8);
    expect(bareAll(r.events).find((e) => e["type"] === "unit/casualties")).toMatchObject({ unit: "gb-1", removed: 2, figures: 8 });
  });
});

describe("artillery/fire: shell and fires (WHN-ART-12, WHN-ART-13, WHN-FIRE-1)", () => {
  const woods = { id: "wood", kind: "woods", polygon: rect(30, 21, 42, 30), tags: { flammability: "woods" as const } };

  it("WHN-ART-12, WHN-FIRE-1: a burst at (36, 22) hits three models and sets the wood alight before the Panic test", () => {
    const s = battle([gun("fr-art", "fr", { british: true }), line("gb-1", 20)], { phase: "shooting" }, { terrain: [woods] });
    const r = run(s, fire("fr-art", "gb-1", "shell"), [4, 1, 3, 2, 6, 5, 1, 1]);
    expect(r.events).toEqual([
      fired("shell", "gb-1", 16, 36),
      toHit(),
      { type: "artillery/landed", rule: "WHN-ART-9", unit: "fr-art", onTarget: true, aim: { x: 36, y: 20 }, landing: { x: 36, y: 20 }, bounce: 2, scatter: null },
      { type: "artillery/bounceLine", rule: "CORE-GEO-32", unit: "fr-art", from: { x: 36, y: 20 }, to: { x: 36, y: 22 }, units: [{ unit: "gb-1", hits: 3 }] },
      { type: "artillery/shellBurst", rule: "WHN-ART-12", unit: "fr-art", at: { x: 36, y: 22 }, diameter: 1.5, units: [{ unit: "gb-1", hits: 3 }] },
      { type: "artillery/hits", rule: "WHN-ART-13", unit: "gb-1", hits: 3, unsaved: 2, killed: 2 },
      { type: "unit/casualties", rule: "WHN-FORM-8", unit: "gb-1", removed: 2, figures: 8, commandLost: [] },
      { type: "fire/startRoll", rule: "WHN-FIRE-1", at: { x: 36, y: 22 }, terrain: "woods", roll: 5, need: 5, started: true },
      { type: "fire/started", rule: "WHN-FIRE-2", fire: "f1-1", at: { x: 36, y: 22 }, terrain: "woods", diameter: 2 },
      ...panicPassed("gb-1", 2, 10),
    ]);
    expect(r.state.fires).toEqual([{ id: "f1-1", circles: [{ centre: { x: 36, y: 22 }, diameter: 2, terrain: "woods" }] }]);
  });
});

describe("artillery/fire: hits on a gun (WHN-ART-14, WHN-ART-15, WHN-ART-17)", () => {
  const duel = () => battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 16 }, facing: 270 })]);
  const opening = (hits: number) => [fired("canister", "gb-art", 12, 18), toHit(), { type: "artillery/canister", rule: "WHN-ART-11", unit: "fr-art", shots: 6, need: 4, hits }];

  it("WHN-ART-14: crew, horses and limber hit; the damage is recorded and the crew test Panic", () => {
    const s = duel();
    const r = run(s, fire("fr-art", "gb-art", "canister"), [4, 4, 4, 1, 1, 1, 3, 3, 2, 5, 1, 6, 1, 1]);
    expect(r.events).toEqual([
      ...opening(3),
      { type: "artillery/hitLocation", rule: "WHN-ART-14", unit: "gb-art", hits: 3, locations: ["crew", "horses", "limber"] },
      { type: "artillery/damage", rule: "WHN-ART-15", unit: "gb-art", mode: "immediate", crewKilled: 1, horseHits: 1, limberDisabled: true, limberWoundsTaken: 0, gunWoundsTaken: 0, gunDestroyed: false },
      { type: "unit/casualties", rule: "WHN-FORM-8", unit: "gb-art", removed: 1, figures: 3, commandLost: [] },
      ...panicPassed("gb-art", 1, 4),
    ]);
    const g = unit(r.state, "gb-art");
    expect(g.artillery).toEqual({ ...unit(s, "gb-art").artillery, horseHits: 1, limberDisabled: true });
    expect(g).toMatchObject({ figures: 3, woundsTaken: 0, removed: null });
  });

  it("WHN-ART-14: horse hits add to those the gun already had", () => {
    const s = patch(duel(), "gb-art", { artillery: { ...unit(duel(), "gb-art").artillery!, horseHits: 2 } });
    const r = run(s, fire("fr-art", "gb-art", "canister"), [4, 4, 4, 1, 1, 1, 3, 3, 2, 5, 1, 6, 1, 1]);
    expect(unit(r.state, "gb-art").artillery?.horseHits).toBe(3);
    expect(r.events[4]).toMatchObject({ type: "artillery/damage", horseHits: 3 });
  });

  it("WHN-ART-17: a gun whose last crew model falls is captured, not destroyed, and takes no test", () => {
    const s = patch(duel(), "gb-art", { figures: 1 });
    const r = run(s, fire("fr-art", "gb-art", "canister"), [4, 1, 1, 1, 1, 1, 3, 3]);
    expect(r.events).toEqual([
      ...opening(1),
      { type: "artillery/hitLocation", rule: "WHN-ART-14", unit: "gb-art", hits: 1, locations: ["crew"] },
      { type: "artillery/damage", rule: "WHN-ART-15", unit: "gb-art", mode: "immediate", crewKilled: 1, horseHits: 0, limberDisabled: false, limberWoundsTaken: 0, gunWoundsTaken: 0, gunDestroyed: false },
      { type: "unit/casualties", rule: "WHN-FORM-8", unit: "gb-art", removed: 1, figures: 0, commandLost: [] },
      { type: "artillery/captured", rule: "WHN-ART-17", unit: "gb-art", gunDestroyed: false },
    ]);
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 0, woundsTaken: 0, removed: { reason: "captured", gameTurn: 1 } });
  });

  it("WHN-ART-15: a wounding hit on the gun destroys it; the piece goes with its crew", () => {
    const r = run(duel(), fire("fr-art", "gb-art", "canister"), [4, 4, 1, 1, 1, 1, 6, 6]);
    expect(r.events.slice(3)).toEqual([
      { type: "artillery/hitLocation", rule: "WHN-ART-14", unit: "gb-art", hits: 2, locations: ["gun"] },
      { type: "artillery/damage", rule: "WHN-ART-15", unit: "gb-art", mode: "immediate", crewKilled: 0, horseHits: 0, limberDisabled: false, limberWoundsTaken: 0, gunWoundsTaken: 0, gunDestroyed: true },
      { type: "unit/destroyed", rule: "WHN-ART-15", unit: "gb-art", gunDestroyed: true },
    ]);
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 4, removed: { reason: "destroyed", gameTurn: 1 } });
  });

  it("WHN-ART-7, WHN-ART-15: a destroyed gun whose crew shelter in a square stays on the table (the crew live on)", () => {
    const s = battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 16 }, facing: 270 }), line("gb-sq", 30, { formation: "SQUARE", figures: 12, files: 3 })]);
    const sheltering = patch(s, "gb-art", { artillery: { ...unit(s, "gb-art").artillery!, shelteringIn: unitId("gb-sq") } });
    const r = play(sheltering, fire("fr-art", "gb-art", "canister"), [4, 4, 1, 1, 1, 1, 6, 6]);
    const g = unit(r.state, "gb-art");
    expect(g.artillery?.gunDestroyed).toBe(true);
    expect(g.removed).toBeNull();
    expect(bareAll(r.events).filter((e) => e["type"] === "unit/destroyed")).toEqual([]);
  });
});

describe("artillery/fire: fire and limber (WHN-ART-5)", () => {
  it("WHN-ART-5: horse artillery fires at −1 and ends limbered, with its change of formation used", () => {
    const s = battle([gun("fr-art", "fr", { arm: "horse" }), line("gb-1", 20)]);
    const r = run(s, fire("fr-art", "gb-1", "shot", true), [1, 6]);
    expect(r.events).toEqual([
      fired("shot", "gb-1", 16, 48, { andLimber: true }),
      toHit(5, [{ key: "moved", value: -1, rule: "WHN-ART-5" }]),
      { type: "artillery/misfire", rule: "WHN-ART-9", unit: "fr-art", onTarget: false, at: "scatter" },
      { type: "artillery/limbered", rule: "WHN-ART-5", unit: "fr-art", fireAndLimber: true },
    ]);
    const g = unit(r.state, "fr-art");
    expect(g.formation).toBe("LIMBERED");
    expect(g.flags).toEqual({ ...unit(s, "fr-art").flags, shot: true, limberedOrUnlimbered: true });
    const plain = run(s, fire("fr-art", "gb-1", "shot", false), [1, 6]);
    expect(unit(plain.state, "fr-art").formation).toBe("UNLIMBERED");
    expect(plain.events.map((e) => e["type"])).toEqual(["artillery/fired", "artillery/toHit", "artillery/misfire"]);
  });
});
