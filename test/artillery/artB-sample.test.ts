import { describe, expect, it } from "vitest";
import { unitId, type BattleState } from "../../src/index.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { gunBody, troopBody, type TroopBody } from "../../src/rules/whn/artillery/bodies.js";
import { gunFireSpec, sampleGunFire, shellStruck, type GunFireSpec } from "../../src/rules/whn/artillery/sample.js";
import { gunFireSituation, type GunFireRequest } from "../../src/rules/whn/artillery/situation.js";
import { battalion, battle, gun, line, patchGun, unit } from "../fixtures/artillery.js";

const dice = (d6: number[], angles: number[] = []) => roller(scriptedDice(d6, angles));
const situation = (s: BattleState, ammunition: GunFireRequest["ammunition"], target = "gb-1") => {
  const r = gunFireSituation(s, { unit: unitId("fr-art"), target: unitId(target), ammunition });
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return r.situation;
};
const specOf = (s: BattleState, ammunition: GunFireRequest["ammunition"], target = "gb-1") => gunFireSpec(s, situation(s, ammunition, target));
// The French gun at (36, 4) facing north; the British line's front edge at y 20; a British gun at (46, 20) facing south; a French battalion off to the side.
const table = (frGun: Parameters<typeof gun>[2] = {}, over: Parameters<typeof battle>[2] = {}) =>
  battle([gun("fr-art", "fr", frGun), line("gb-1", 20), gun("gb-art", "gb", {}, { position: { x: 46, y: 20 }, facing: 270 }), battalion("fr-1", "fr", { position: { x: 10, y: 10 } })], { phase: "shooting" }, over);
const ids = (spec: GunFireSpec) => spec.targets.map((t) => t.id).sort();
const withBody = (spec: GunFireSpec, id: string, p: Partial<TroopBody>): GunFireSpec => ({ ...spec, bodies: { ...spec.bodies, [id]: { ...(spec.bodies[id] as TroopBody), ...p } } });

describe("gunFireSpec (WHN-ART-8, WHN-ART-13, WHN-ART-14)", () => {
  it("WHN-ART-10: shot — every other unit is a target; guns are gun bodies at S6, troops troop bodies; the calibre's wounds die", () => {
    const s = table();
    const spec = specOf(s, "shot");
    expect(spec).toMatchObject({ gun: "fr-art", target: "gb-1", ammunition: "shot", need: 4, muzzle: { x: 36, y: 4 }, aim: { x: 36, y: 20 }, woundsDie: "d6", canisterShots: 6, shellDiameter: 1.5 });
    expect(ids(spec)).toEqual(["fr-1", "gb-1", "gb-art"]);
    expect(spec.bodies).toEqual({
      "gb-1": troopBody(unit(s, "gb-1"), 6),
      "gb-art": gunBody(unit(s, "gb-art"), 6, "immediate"),
      "fr-1": troopBody(unit(s, "fr-1"), 6),
    });
    expect(spec.crewCounts).toEqual({ "gb-art": 4 });
  });

  it("WHN-ART-15: the gun-hit mode comes from the options; a light gun's wounds die is a D3, 4 canister shots, a 1\" shell", () => {
    const s = table({ gun: "light" }, { options: { whn: { gunHitMode: "woundPool" } } } as never);
    const spec = specOf(s, "shot");
    expect(spec.bodies["gb-art"]).toEqual(gunBody(unit(s, "gb-art"), 5, "woundPool"));
    expect(spec.bodies["gb-1"]).toEqual(troopBody(unit(s, "gb-1"), 5));
    expect([spec.woundsDie, spec.canisterShots, spec.shellDiameter]).toEqual(["d3", 4, 1]);
  });

  it("WHN-ART-11: canister — only the target is a body (S4), no wounds die", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 12), gun("gb-art", "gb", {}, { position: { x: 46, y: 12 }, facing: 270 })], { phase: "shooting" });
    const spec = specOf(s, "canister");
    expect(ids(spec)).toEqual(["gb-1"]);
    expect(spec.bodies).toEqual({ "gb-1": troopBody(unit(s, "gb-1"), 4) });
    expect(spec.crewCounts).toEqual({});
    expect(spec.woundsDie).toBeNull();
    const atGun = specOf(s, "canister", "gb-art");
    expect(ids(atGun)).toEqual(["gb-art"]);
    expect(atGun.bodies).toEqual({ "gb-art": gunBody(unit(s, "gb-art"), 4, "immediate") });
    expect(atGun.crewCounts).toEqual({ "gb-art": 4 });
  });

  it("WHN-ART-13, WHN-ART-14: shell — every unit, guns included, takes troop hits at the shell Strength (4, or the option)", () => {
    const s = table({ british: true });
    const spec = specOf(s, "shell");
    expect(spec.bodies).toEqual({ "gb-1": troopBody(unit(s, "gb-1"), 4), "gb-art": troopBody(unit(s, "gb-art"), 4), "fr-1": troopBody(unit(s, "fr-1"), 4) });
    expect(spec.woundsDie).toBeNull();
    const strong = table({ british: true }, { options: { whn: { shellStrength: 6 } } } as never);
    expect(specOf(strong, "shell").bodies["gb-1"]).toEqual(troopBody(unit(strong, "gb-1"), 6));
  });

  it("WHN-ART-7, WHN-ART-16: a gun whose crew shelter or have left it counts no crew under a burst", () => {
    const s = table();
    expect(specOf(patchGun(s, "gb-art", { shelteringIn: unitId("gb-1") }), "shot").crewCounts).toEqual({ "gb-art": 0 });
    expect(specOf(patchGun(s, "gb-art", { abandoned: true }), "shot").crewCounts).toEqual({ "gb-art": 0 });
  });
});

describe("sampleGunFire: canister (WHN-ART-11)", () => {
  const s = battle([gun("fr-art", "fr"), line("gb-1", 12), gun("gb-art", "gb", {}, { position: { x: 46, y: 12 }, facing: 270 })], { phase: "shooting" });

  it("WHN-ART-11: every to-hit die, then the hits' to-wound dice, then the saves", () => {
    const spec = withBody(specOf(s, "canister"), "gb-1", { saveNeed: 5 });
    // hits on 4+: 4, 5, 6 → 3 hits; wound 3+: 3, 3, 2 → 2; save 5+: 5, 1 → 1 saved
    const d = dice([4, 5, 6, 1, 2, 3, 3, 3, 2, 5, 1]);
    const r = sampleGunFire(d, spec);
    expect(r).toEqual({
      flight: null, segment: null, burst: null, canister: { shots: 6, hits: 3 },
      struck: [{ id: "gb-1", hits: 3, models: [] }],
      results: [{ kind: "troops", id: "gb-1", tally: { hits: 3, unsaved: 1, killed: 1, taken: 0 } }],
    });
    expect(d.draws).toBe(11);
  });

  it("WHN-ART-11: no hits strike nothing (an empty struck list, a zero tally)", () => {
    const r = sampleGunFire(dice([1, 1, 1, 1, 1, 1]), specOf(s, "canister"));
    expect(r.struck).toEqual([]);
    expect(r.canister).toEqual({ shots: 6, hits: 0 });
    expect(r.results).toEqual([{ kind: "troops", id: "gb-1", tally: { hits: 0, unsaved: 0, killed: 0, taken: 0 } }]);
  });

  it("WHN-ART-11: a target with no body rolls only the to-hit dice", () => {
    const d = dice([6, 6, 1, 1, 1, 1]);
    const r = sampleGunFire(d, { ...specOf(s, "canister"), bodies: {} });
    expect(r.results).toEqual([]);
    expect(r.canister).toEqual({ shots: 6, hits: 2 });
    expect(d.draws).toBe(6);
  });

  it("WHN-ART-14: canister on a gun rolls each hit's location and effect", () => {
    const d = dice([4, 4, 1, 1, 1, 1, 3, 3, 3, 1]);
    const r = sampleGunFire(d, specOf(s, "canister", "gb-art"));
    expect(r.struck).toEqual([{ id: "gb-art", hits: 2, models: [] }]);
    expect(r.results).toHaveLength(1);
    expect(r.results[0]).toMatchObject({ kind: "gun", id: "gb-art", tally: { hits: 2, locations: ["crew", "crew"], crew: { killed: 1 } } });
  });
});

describe("sampleGunFire: shot and shell (WHN-ART-9, WHN-ART-10, WHN-ART-12)", () => {
  it("WHN-ART-9: a dud strikes nothing and rolls nothing more", () => {
    const d = dice([5, 6]);
    expect(sampleGunFire(d, specOf(table(), "shot"))).toEqual({ flight: { kind: "dud", onTarget: true, misfireAt: "hit" }, segment: null, burst: null, canister: null, struck: [], results: [] });
    expect(d.draws).toBe(2);
  });

  it("WHN-ART-10: shot rolls per model hit on the line: to-wound, save, wounds die", () => {
    const spec = withBody(specOf(table(), "shot"), "gb-1", { saveNeed: 4, W: 2 });
    // hit, bounce 4": two models; model 1: wound 2, save 3 (fails), D6 1 → 1 wound; model 2: wound 1 (fails)
    const d = dice([4, 2, 2, 3, 1, 1]);
    const r = sampleGunFire(d, spec);
    expect(r.flight).toEqual({ kind: "lands", onTarget: true, landing: { x: 36, y: 20 }, bounce: 4, scatter: null });
    expect(r.segment).toEqual({ from: { x: 36, y: 20 }, to: { x: 36, y: 24 } });
    expect(r.burst).toBeNull();
    expect(r.canister).toBeNull();
    expect(r.struck.map((h) => [h.id, h.hits])).toEqual([["gb-1", 2]]);
    expect(r.results).toEqual([{ kind: "troops", id: "gb-1", tally: { hits: 2, unsaved: 1, killed: 0, taken: 1 } }]);
    expect(d.draws).toBe(6);
  });

  it("WHN-ART-10: a unit the line meets with no body is passed over", () => {
    const spec = specOf(table(), "shot");
    const d = dice([4, 2]);
    const r = sampleGunFire(d, { ...spec, bodies: {} });
    expect(r.struck.map((h) => h.id)).toEqual(["gb-1"]);
    expect(r.results).toEqual([]);
    expect(d.draws).toBe(2);
  });

  it("WHN-ART-14: a ball meeting a gun rolls one location for the gun", () => {
    const s = battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 16 }, facing: 270 })], { phase: "shooting" });
    const d = dice([4, 5, 3, 2, 3]);
    const r = sampleGunFire(d, specOf(s, "shot", "gb-art"));
    expect(r.struck.map((h) => [h.id, h.hits])).toEqual([["gb-art", 1]]);
    expect(r.results).toEqual([{ kind: "gun", id: "gb-art", tally: expect.objectContaining({ hits: 1, locations: ["crew"] }) }]);
    expect(d.draws).toBe(5);
  });

  it("WHN-ART-12: shell bursts at the end of the bounce: every to-wound die first, then every save", () => {
    const s = battle([gun("fr-art", "fr", { british: true }), line("gb-1", 20), line("gb-2", 21.7)], { phase: "shooting" });
    const spec0 = specOf(s, "shell");
    const spec = withBody(withBody(spec0, "gb-1", { saveNeed: 5 }), "gb-2", { saveNeed: 5 });
    // hit, bounce 2" → bursts at (36, 22)
    const burst = shellStruck(spec, { x: 36, y: 22 });
    // the nearer unit (by its centre) comes first
    expect(burst.map((h) => h.id)).toEqual(["gb-2", "gb-1"]);
    const [a, b] = [burst[0]!.hits, burst[1]!.hits];
    // to-wound (S4 v T3: 3+): gb-2 all wound, gb-1 none; then gb-2's saves: all 5 (saved)
    const d = dice([4, 1, ...Array<number>(a).fill(3), ...Array<number>(b).fill(2), ...Array<number>(a).fill(5)]);
    const r = sampleGunFire(d, spec);
    expect(r.burst).toEqual({ x: 36, y: 22 });
    expect(r.segment?.to).toEqual({ x: 36, y: 22 });
    expect(r.struck).toEqual(burst);
    expect(r.results).toEqual([
      { kind: "troops", id: "gb-2", tally: { hits: a, unsaved: 0, killed: 0, taken: 0 } },
      { kind: "troops", id: "gb-1", tally: { hits: b, unsaved: 0, killed: 0, taken: 0 } },
    ]);
    expect(d.draws).toBe(2 + a + b + a);
  });

  it("WHN-ART-12: unsaved shell wounds kill one-wound models", () => {
    const s = battle([gun("fr-art", "fr", { british: true }), line("gb-1", 20)], { phase: "shooting" });
    const r = sampleGunFire(dice([4, 1, 3, 2, 6]), specOf(s, "shell"));
    expect(r.results).toEqual([{ kind: "troops", id: "gb-1", tally: { hits: 3, unsaved: 2, killed: 2, taken: 0 } }]);
  });

  it("CORE-GEO-29: under a burst a gun counts its hittable crew; a gun with none is not struck", () => {
    const s = battle([gun("fr-art", "fr", { gun: "howitzer" }), gun("gb-art", "gb", {}, { position: { x: 36, y: 16 }, facing: 270 })], { phase: "shooting" });
    const spec = specOf(s, "shell", "gb-art");
    expect(shellStruck(spec, { x: 36, y: 16 })).toEqual([expect.objectContaining({ id: "gb-art", hits: 4 })]);
    expect(shellStruck({ ...spec, crewCounts: { "gb-art": 3 } }, { x: 36, y: 16 })).toEqual([expect.objectContaining({ id: "gb-art", hits: 3 })]);
    expect(shellStruck({ ...spec, crewCounts: { "gb-art": 0 } }, { x: 36, y: 16 })).toEqual([]);
    const plain = shellStruck({ ...spec, crewCounts: {} }, { x: 36, y: 16 });
    expect(plain).toHaveLength(1);
    expect(plain[0]!.hits).toBe(plain[0]!.models.length);
    expect(shellStruck(spec, { x: 10, y: 40 })).toEqual([]);
  });
});
