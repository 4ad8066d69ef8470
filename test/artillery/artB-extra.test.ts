import { describe, expect, it } from "vitest";
import { unitId } from "../../src/index.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { gunBody } from "../../src/rules/whn/artillery/bodies.js";
import { gunFireSpec, sampleGunFire } from "../../src/rules/whn/artillery/sample.js";
import { gunFireSituation } from "../../src/rules/whn/artillery/situation.js";
import { battle, fire, gun, line, patch, play, unit } from "../fixtures/artillery.js";
import { bareAll } from "../fixtures/artB.js";

describe("crew wounds and shell bodies (WHN-ART-12, WHN-ART-14, WHN-ART-15)", () => {
  it("WHN-ART-15: a crew hit short of a two-wound model's W stays on the gun as wounds taken; nobody falls, no test", () => {
    const s0 = battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 16 }, facing: 270 })]);
    const s = patch(s0, "gb-art", { profile: { ...unit(s0, "gb-art").profile, W: 2 } });
    // one canister hit, location 3 (crew), wound 3 (S4 v T3)
    const r = play(s, fire("fr-art", "gb-art", "canister"), [4, 1, 1, 1, 1, 1, 3, 3]);
    const ev = bareAll(r.events);
    expect(ev.slice(3)).toEqual([
      { type: "artillery/hitLocation", rule: "WHN-ART-14", unit: "gb-art", hits: 1, locations: ["crew"] },
      { type: "artillery/damage", rule: "WHN-ART-15", unit: "gb-art", mode: "immediate", crewKilled: 0, horseHits: 0, limberDisabled: false, limberWoundsTaken: 0, gunWoundsTaken: 0, gunDestroyed: false },
    ]);
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 4, woundsTaken: 1, removed: null });
  });

  it("WHN-ART-12: a shell burst rolls only for troop bodies; a gun body under it is left out", () => {
    const s = battle([gun("fr-art", "fr", { british: true }), line("gb-1", 20), gun("gb-art", "gb", {}, { position: { x: 38.5, y: 22 }, facing: 270 })], { phase: "shooting" });
    const sit = gunFireSituation(s, { unit: unitId("fr-art"), target: unitId("gb-1"), ammunition: "shell" });
    if (!sit.ok) throw new Error(JSON.stringify(sit.violation));
    const spec0 = gunFireSpec(s, sit.situation);
    const spec = { ...spec0, shellDiameter: 6, bodies: { ...spec0.bodies, "gb-art": gunBody(unit(s, "gb-art"), 4, "immediate") } };
    const d = roller(scriptedDice([4, 1, ...Array<number>(40).fill(1)], []));
    const r = sampleGunFire(d, spec);
    expect(r.struck.map((h) => h.id).sort()).toEqual(["gb-1", "gb-art"]);
    expect(r.results.map((t) => [t.kind, t.id])).toEqual([["troops", "gb-1"]]);
  });
});
