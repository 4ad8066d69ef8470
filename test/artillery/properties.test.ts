import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { roller, seedDice } from "../../src/index.js";
import { layoutUnit } from "../../src/geometry/layout.js";
import { segmentHitsBase } from "../../src/geometry/templates.js";
import { segmentLengthInPolygon } from "../../src/geometry/polygon.js";
import { rectPolygon } from "../../src/geometry/rect.js";
import { gunFireSituation, gunFireSpec, lineHits, sampleGunFire, specOdds, type GunFireSpec } from "../../src/rules/whn/artillery/index.js";
import { targetsOf } from "../../src/rules/whn/artillery/flight.js";
import { battle, fire, gun, line, patch, patchGun, refuse } from "../fixtures/artillery.js";

const FOOT = { w: 20 / 25.4, d: 20 / 25.4 };

const blockArb = fc.record({
  x: fc.double({ min: 10, max: 60, noNaN: true }),
  y: fc.double({ min: 10, max: 40, noNaN: true }),
  facing: fc.double({ min: 0, max: 359, noNaN: true }),
  files: fc.integer({ min: 1, max: 8 }),
  count: fc.integer({ min: 1, max: 24 }),
  square: fc.boolean(),
});
const segArb = fc.record({
  ax: fc.double({ min: 0, max: 72, noNaN: true }),
  ay: fc.double({ min: 0, max: 48, noNaN: true }),
  angle: fc.double({ min: 0, max: 359.99, noNaN: true }),
  len: fc.constantFrom(2, 4, 6, 8, 10),
});

describe("roundshot lines (properties)", () => {
  it("CORE-GEO-32: a bounce line never hits a unit it does not cross, and hits per unit never exceed the files and ranks crossed (4 for a square)", () => {
    fc.assert(
      fc.property(fc.array(blockArb, { minLength: 1, maxLength: 4 }), segArb, (blocks, sg) => {
        const placed = blocks.map((b, i) => ({
          id: `u${i}`,
          layout: b.square ? layoutUnit({ kind: "square", count: b.count, base: FOOT }, { p: { x: b.x, y: b.y }, facing: b.facing }) : layoutUnit({ kind: "block", files: b.files, count: b.count, base: FOOT }, { p: { x: b.x, y: b.y }, facing: b.facing }),
        }));
        const t = (sg.angle * Math.PI) / 180;
        const seg = { from: { x: sg.ax, y: sg.ay }, to: { x: sg.ax + sg.len * Math.cos(t), y: sg.ay + sg.len * Math.sin(t) } };
        const hits = lineHits(seg, targetsOf(placed));
        for (const h of hits) {
          const p = placed.find((x) => x.id === h.id);
          if (p === undefined) return false;
          const fp = p.layout.footprint[0];
          if (fp === undefined) return false;
          // It really crosses the unit (or touches its edge for a half-open base).
          const crosses = segmentLengthInPolygon(seg.from, seg.to, rectPolygon(fp)) > 0 || p.layout.models.some((m) => segmentHitsBase(seg.from, seg.to, m.rect));
          if (!crosses) return false;
          if (p.layout.kind === "square") {
            if (h.hits !== Math.min(4, p.layout.models.length)) return false;
          } else {
            if (h.hits > p.layout.files + p.layout.ranks - 1) return false;
            if (!h.models.every((i) => segmentHitsBase(seg.from, seg.to, (p.layout.models[i] as (typeof p.layout.models)[number]).rect))) return false;
          }
        }
        // No unit left out whose bases the segment meets.
        for (const p of placed) {
          if (p.layout.kind === "square") continue;
          const met = p.layout.models.some((m) => segmentHitsBase(seg.from, seg.to, m.rect));
          if (met !== hits.some((h) => h.id === p.id)) return false;
        }
        return true;
      }),
      { seed: 42, numRuns: 150 },
    );
  });
});

describe("guns that may not fire (properties)", () => {
  const ammo = fc.constantFrom("shot" as const, "canister" as const, "shell" as const);
  const destroyedBase = battle([gun("fr-art", "fr"), line("gb-1", 14)]);
  const limberedBase = battle([gun("fr-art", "fr", {}, { formation: "LIMBERED", position: { x: 36, y: 6 } }), line("gb-1", 14)]);
  it("WHN-ART-15: a destroyed gun never fires, whatever the ammunition or crew", () => {
    fc.assert(
      fc.property(ammo, fc.integer({ min: 1, max: 4 }), fc.boolean(), (a, crew, british) => {
        const s = patchGun(patch(destroyedBase, "fr-art", { figures: crew }), "fr-art", { gunDestroyed: true, british });
        return refuse(s, fire("fr-art", "gb-1", a)).code === "artillery/gun_destroyed";
      }),
      { seed: 42, numRuns: 30 },
    );
  });

  it("WHN-ART-4: a limbered gun never fires, whatever the ammunition, gun or arm", () => {
    fc.assert(
      fc.property(ammo, fc.constantFrom("light" as const, "medium" as const, "howitzer" as const), fc.constantFrom("foot" as const, "horse" as const), (a, g, arm) => {
        const s = patchGun(limberedBase, "fr-art", { gun: g, arm, british: true });
        return refuse(s, fire("fr-art", "gb-1", a)).code === "artillery/limbered";
      }),
      { seed: 42, numRuns: 30 },
    );
  });
});

/** Samples a spec n times and tallies, per unit, the chance of each casualty count. */
function sampled(spec: GunFireSpec, n: number, seed: number): Map<string, Map<number, number>> {
  const dice = roller(seedDice(seed));
  const out = new Map<string, Map<number, number>>();
  for (let i = 0; i < n; i++) {
    const r = sampleGunFire(dice, spec);
    const seen = new Set<string>();
    for (const t of r.results) {
      const k = t.kind === "gun" ? t.tally.crew.killed + (t.tally.gunDestroyed ? 100 : 0) : t.tally.killed;
      const m = out.get(t.id) ?? new Map<number, number>();
      m.set(k, (m.get(k) ?? 0) + 1 / n);
      out.set(t.id, m);
      seen.add(t.id);
    }
    for (const id of Object.keys(spec.bodies)) {
      if (seen.has(id)) continue;
      const m = out.get(id) ?? new Map<number, number>();
      m.set(0, (m.get(0) ?? 0) + 1 / n);
      out.set(id, m);
    }
  }
  return out;
}

/** Within the 99.9 % two-sided binomial bound (z = 3.29) plus the quadrature's slack. */
const close = (p: number, q: number, n: number, slack = 0.004): boolean => Math.abs(p - q) <= 3.29 * Math.sqrt(Math.max(p * (1 - p), 1 / n) / n) + slack;

describe("exact odds against sampling", () => {
  const N = 2500;
  const scene = () =>
    battle([gun("fr-art", "fr", { british: true }), line("gb-1", 20), line("gb-2", 28), line("gb-3", 32, { formation: "SQUARE", figures: 12, files: 3, position: { x: 37, y: 32 } })]);

  for (const ammunition of ["shot", "shell"] as const) {
    it(`WHN-ART-9: exact ${ammunition} odds agree with sampling within a 99.9 % bound per unit and casualty count`, () => {
      const s = scene();
      const read = gunFireSituation(s, { unit: "fr-art" as never, target: "gb-1" as never, ammunition });
      if (!read.ok) throw new Error(JSON.stringify(read.violation));
      const spec = gunFireSpec(s, read.situation);
      const exact = specOdds(spec, 120);
      const got = sampled(spec, N, 99);
      for (const u of exact.units) {
        const m = got.get(u.id) ?? new Map<number, number>();
        for (const [k, p] of u.casualties.entries()) expect(close(p, m.get(k) ?? 0, N), `${u.id} k=${k}: exact ${p} vs sampled ${m.get(k) ?? 0}`).toBe(true);
      }
      expect(exact.units.map((u) => u.id)).toContain("gb-1");
    });
  }

  it("WHN-ART-11 and WHN-ART-14: exact canister odds on a gun (crew lost, gun destroyed) agree with sampling", () => {
    const s = battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 16 }, facing: 270 })]);
    const read = gunFireSituation(s, { unit: "fr-art" as never, target: "gb-art" as never, ammunition: "canister" });
    if (!read.ok) throw new Error(JSON.stringify(read.violation));
    const spec = gunFireSpec(s, read.situation);
    const exact = specOdds(spec, 120);
    const u = exact.units[0];
    if (u === undefined || u.gun === null) throw new Error("no gun odds");
    const dice = roller(seedDice(7));
    let destroyed = 0;
    let crew = 0;
    for (let i = 0; i < N; i++) {
      const r = sampleGunFire(dice, spec);
      const t = r.results[0];
      if (t?.kind === "gun") {
        if (t.tally.gunDestroyed) destroyed++;
        crew += t.tally.crew.killed;
      }
    }
    expect(close(u.gun.pDestroyed, destroyed / N, N, 0)).toBe(true);
    expect(Math.abs(u.casualties.mean() - crew / N)).toBeLessThan(0.08);
  });
});

describe("guns against a parent with merged elites", () => {
  it("WHN-DET-5: canister on a parent whose merged grenadiers fill its front rank saves with their armour (CORE-UNIT-1); a setup may start merged", () => {
    // gb-1: 10 models in 5 files, 5 of them grenadiers in breastplates merged in its ranks. The
    // merged detachment sits under its parent at deployment: it is off the table, so no overlap.
    const merged = [
      gun("fr-art", "fr"),
      line("gb-1", 20, { figures: 10, startingFigures: 5 } as never),
      line("gb-d", 20, { figures: 5, files: 5, detachmentOf: "gb-1", mergedInto: "gb-1", equipment: { missile: "musket", melee: "musketBayonet", armour: "heavy" } } as never),
    ];
    const s = battle(merged);
    const read = gunFireSituation(s, { unit: "fr-art" as never, target: "gb-1" as never, ammunition: "canister" });
    if (!read.ok) throw new Error(JSON.stringify(read.violation));
    const body = gunFireSpec(s, read.situation).bodies["gb-1"];
    // Canister is S4 (WHN-ART-11): heavy armour's 5+ worsens by one to 6+ (CORE-SAVE-1); no armour has no save.
    expect(body).toMatchObject({ kind: "troops", figures: 10, saveNeed: 6 });
    // Without the elites (or with too few of them to fill half the front) the parent has no save.
    const plain = battle([gun("fr-art", "fr"), line("gb-1", 20)]);
    const r2 = gunFireSituation(plain, { unit: "fr-art" as never, target: "gb-1" as never, ammunition: "canister" });
    if (!r2.ok) throw new Error(JSON.stringify(r2.violation));
    expect(gunFireSpec(plain, r2.situation).bodies["gb-1"]).toMatchObject({ kind: "troops", saveNeed: null });
  });
});
