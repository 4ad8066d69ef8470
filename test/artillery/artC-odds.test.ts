/**
 * odds.ts on real states (WHN-ART-9 … WHN-ART-15, WHN-FIRE-1), with values worked out by hand from
 * the rules: canister hits and losses binomial, a gun's damage through the location table, the fire
 * chance counted for shell only, the units ordered most likely struck first; and gunBody's guard.
 */
import { describe, expect, it } from "vitest";
import type { Dist } from "../../src/dice/index.js";
import { unitId } from "../../src/index.js";
import { gunBody } from "../../src/rules/whn/artillery/bodies.js";
import { gunFireOdds } from "../../src/rules/whn/artillery/odds.js";
import { battle, gun, line, patch, rect, unit } from "../fixtures/artillery.js";

const woods = { id: "wood", kind: "woods", polygon: rect(20, 18, 52, 40), tags: { flammability: "woods" as const } };
// A French-side medium gun with the British flag set (so it may fire shell, WHN-ART-12) at (36, 4) facing
// north; a British line 16" off (gb-1) and another behind it (gb-0), both in burnable woods.
const twoLines = () => battle([gun("fr-art", "fr", { british: true }), line("gb-1", 20), line("gb-0", 30)], { phase: "shooting" }, { terrain: [woods] });
const odds = (s: ReturnType<typeof twoLines>, target: string, ammunition: "shot" | "canister" | "shell") => {
  const r = gunFireOdds(s, { unit: unitId("fr-art"), target: unitId(target), ammunition }, 90);
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return r.odds;
};
const close = (d: Dist, want: readonly number[]): void => {
  const got = d.entries();
  expect(got.map(([x]) => x)).toEqual(want.map((_, i) => i));
  got.forEach(([, p], i) => expect(p).toBeCloseTo(want[i] as number, 12));
};
const binom = (n: number, p: number) => Array.from({ length: n + 1 }, (_, k) => {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c * p ** k * (1 - p) ** (n - k);
});

describe("gunFireOdds (WHN-ART-9 … WHN-ART-15)", () => {
  it("WHN-ART-11: canister, 6 shots at 4+ — hits binomial(6, 1/2); S4 against T3 wounds on 3+, no save: losses binomial(6, 1/3)", () => {
    const o = odds(twoLines(), "gb-1", "canister");
    expect({ ammunition: o.ammunition, need: o.need, pHit: o.pHit, pDud: o.pDud, pFire: o.pFire }).toEqual({ ammunition: "canister", need: 4, pHit: 0.5, pDud: 0, pFire: 0 });
    expect(o.units.map((u) => u.id)).toEqual(["gb-1"]);
    const u = o.units[0];
    if (u === undefined) throw new Error("no odds");
    expect(u.pStruck).toBeCloseTo(1 - 1 / 64, 12);
    close(u.hits, binom(6, 1 / 2));
    close(u.casualties, binom(6, 1 / 3));
    expect(u.gun).toBe(null);
  });

  it("WHN-FIRE-1: only a shell burst may start a fire — shot and canister over the same woods give 0", () => {
    const s = twoLines();
    expect(odds(s, "gb-1", "shot").pFire).toBe(0);
    expect(odds(s, "gb-1", "canister").pFire).toBe(0);
    const shell = odds(s, "gb-1", "shell");
    // woods start on 5+: at most a third of the bursts that land
    expect(shell.pFire).toBeGreaterThan(0.2);
    expect(shell.pFire).toBeLessThanOrEqual(((1 - shell.pDud) * 2) / 6 + 1e-12);
    const bare = battle([gun("fr-art", "fr", { british: true }), line("gb-1", 20), line("gb-0", 30)], { phase: "shooting" });
    expect(odds(bare, "gb-1", "shell").pFire).toBe(0);
  });

  it("WHN-ART-9: units are listed most likely struck first, whatever their ids (shot: the front line; shell: here the rear one)", () => {
    const s = twoLines();
    const shot = odds(s, "gb-1", "shot");
    expect(shot.units.map((u) => u.id)).toEqual(["gb-1", "gb-0"]);
    expect(shot.units[0]?.pStruck).toBeGreaterThan(shot.units[1]?.pStruck as number);
    const shell = odds(s, "gb-1", "shell");
    expect(shell.units.map((u) => u.id)).toEqual(["gb-0", "gb-1"]);
    expect(shell.units[0]?.pStruck).toBeGreaterThan(shell.units[1]?.pStruck as number);
    for (const u of [...shot.units, ...shell.units]) expect(u.pStruck).toBeCloseTo(1 - (u.hits.entries().find(([k]) => k === 0)?.[1] ?? 0), 12);
  });

  it("WHN-ART-14 / WHN-ART-15: round shot at a gun — one hit at most; gun and limber (T7, S6: 5+) 1/6 × 1/3, horses (T3: 2+) 1/6 × 5/6, crew 3/6 × 5/6 with a D6 of wounds", () => {
    const s = battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 20 }, facing: 270 })], { phase: "shooting" });
    const o = odds(s, "gb-art", "shot");
    expect(o.units.map((u) => u.id)).toEqual(["gb-art"]);
    const u = o.units[0];
    if (u === undefined || u.gun === null) throw new Error("no gun odds");
    const struck = u.pStruck;
    close(u.hits, [1 - struck, struck]);
    expect(u.gun.pDestroyed).toBeCloseTo((struck * 1) / 18, 12);
    expect(u.gun.pLimberDisabled).toBeCloseTo((struck * 1) / 18, 12);
    close(u.gun.horseHits, [1 - (struck * 5) / 36, (struck * 5) / 36]);
    // crew of 4, W1: the wounds die kills 1, 2, 3 on faces 1–3 and all 4 on 4–6
    const crew = (struck * 3 * 5) / 36;
    close(u.casualties, [1 - crew, crew / 6, crew / 6, crew / 6, crew / 2]);
  });

  it("WHN-ART-10 / WHN-ART-13: given the hits, losses follow the rules: shot S6 v T3 kills on 2+ a hit; a shell (S4) on 3+", () => {
    const s = twoLines();
    const mix = (hits: Dist, q: number) => {
      const out: number[] = [];
      for (const [k, p] of hits.entries()) binom(k, q).forEach((b, c) => (out[c] = (out[c] ?? 0) + p * b));
      return out;
    };
    for (const u of odds(s, "gb-1", "shot").units) close(u.casualties, mix(u.hits, 5 / 6));
    for (const u of odds(s, "gb-1", "shell").units) close(u.casualties, mix(u.hits, 4 / 6));
  });

  it("WHN-ART-10: round shot on two-wound models (CORE-SAVE-2): each wounding hit rolls a D6 of wounds on one model, 2+ kills a fresh one", () => {
    const s = patch(twoLines(), "gb-1", { profile: { ...unit(twoLines(), "gb-1").profile, W: 2 } });
    const u = odds(s, "gb-1", "shot").units.find((x) => x.id === "gb-1");
    if (u === undefined) throw new Error("no odds");
    // states: killed × taken (0 or 1) on the wounded model; worked hit by hit
    const want: number[] = [];
    for (const [k, p] of u.hits.entries()) {
      let st = new Map<string, number>([["0/0", 1]]);
      for (let i = 0; i < k; i++) {
        const next = new Map<string, number>();
        const put = (key: string, q: number) => next.set(key, (next.get(key) ?? 0) + q);
        for (const [key, q] of st) {
          const [killed, taken] = key.split("/").map(Number) as [number, number];
          put(key, q / 6);
          if (taken === 0) {
            put(`${killed}/1`, (q * 5) / 6 / 6);
            put(`${killed + 1}/0`, (q * 5 * 5) / 36);
          } else put(`${killed + 1}/0`, (q * 5) / 6);
        }
        st = next;
      }
      for (const [key, q] of st) {
        const killed = Number(key.split("/")[0]);
        want[killed] = (want[killed] ?? 0) + p * q;
      }
    }
    close(u.casualties, Array.from(want, (x) => x ?? 0));
  });

  it("refused fires give the situation's violation, no odds", () => {
    const s = twoLines();
    expect(gunFireOdds(s, { unit: unitId("fr-art"), target: unitId("nobody"), ammunition: "shot" })).toEqual({ ok: false, violation: { target: "nobody", code: "artillery/unknown_target", rule: "CORE-SHOOT-1" } });
  });
});

describe("gunBody (WHN-ART-14)", () => {
  it("a unit that is not artillery is a programmer error: a RangeError naming it", () => {
    const s = twoLines();
    expect(() => gunBody(unit(s, "gb-1"), 6, "immediate")).toThrow(new RangeError('gunBody: unit "gb-1" is not artillery'));
    expect(gunBody(unit(s, "fr-art"), 6, "woundPool")).toMatchObject({ kind: "gun", id: "fr-art", crewHittable: true, gunNeed: 5, limberNeed: 5, horsesNeed: 2, gunW: 3, mode: "woundPool" });
  });

  it("WHN-ART-7 / WHN-ART-16: crew sheltering, crew gone, or no models cannot be hit", () => {
    const g = unit(twoLines(), "fr-art");
    const art = g.artillery as NonNullable<typeof g.artillery>;
    expect(gunBody({ ...g, artillery: { ...art, shelteringIn: unitId("sq") } }, 6, "immediate").crewHittable).toBe(false);
    expect(gunBody({ ...g, artillery: { ...art, abandoned: true } }, 6, "immediate").crewHittable).toBe(false);
    expect(gunBody({ ...g, figures: 0 }, 6, "immediate").crewHittable).toBe(false);
    expect(gunBody({ ...g, figures: 1 }, 6, "immediate").crewHittable).toBe(true);
  });
});
