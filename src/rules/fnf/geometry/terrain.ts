import type { TerrainFeature } from "./feature.js";
import type { OrientedRect, Vec2 } from "./prims.js";
import { boxAround, boxNear, closestPointOnRect, dist, pointInPolygon, pointSegmentDistance, polygonDistance, polylineEdges, rectCorners, segmentIntersectionParams } from "./prims.js";

/** FnF terrain kinds (FNF-GEO-6). */
export const FNF_TERRAIN = {
  rough: { shape: "area", badGoing: true, cover: "none", melee: 0, blocksSight: false },
  woods: { shape: "area", badGoing: true, cover: "soft", melee: 1, blocksSight: true },
  buildings: { shape: "area", badGoing: true, cover: "hard", melee: 2, blocksSight: true },
  hill: { shape: "area", badGoing: false, cover: "none", melee: 1, blocksSight: false },
  impassable: { shape: "area", badGoing: false, cover: "none", melee: 0, blocksSight: false },
  road: { shape: "line", badGoing: false, cover: "none", melee: 0, blocksSight: false },
  stream: { shape: "line", badGoing: false, cover: "none", melee: 1, blocksSight: false },
  deepStream: { shape: "line", badGoing: false, cover: "none", melee: 1, blocksSight: false },
  ford: { shape: "line", badGoing: false, cover: "none", melee: 1, blocksSight: false },
  hedge: { shape: "line", badGoing: false, cover: "soft", melee: 0, blocksSight: false },
  stoneWall: { shape: "line", badGoing: false, cover: "hard", melee: 2, blocksSight: false },
  sunkenRoad: { shape: "line", badGoing: false, cover: "hard", melee: 2, blocksSight: false },
  works: { shape: "line", badGoing: false, cover: "entrenchments", melee: 3, blocksSight: false },
} as const satisfies Record<string, { shape: "area" | "line"; badGoing: boolean; cover: CoverGrade; melee: number; blocksSight: boolean }>;

/** An FnF terrain kind. */
export type FnfTerrainKind = keyof typeof FNF_TERRAIN;

/** Cover grades, best last (FNF-GEO-7). */
export const COVER_GRADES = ["none", "soft", "hard", "entrenchments"] as const;
/** A cover grade. */
export type CoverGrade = (typeof COVER_GRADES)[number];

const ALIASES: Readonly<Record<string, FnfTerrainKind>> = {
  broken: "rough", scrub: "rough", marsh: "rough", vineyards: "rough", vineyard: "rough",
  orchard: "woods", orchards: "woods", wood: "woods",
  town: "buildings", village: "buildings", farm: "buildings", building: "buildings",
  fence: "hedge", ditch: "hedge",
  trenches: "works", trench: "works", fieldworks: "works", entrenchments: "works", redoubt: "works",
  lake: "impassable", river: "impassable", cliff: "impassable",
};

/** The FnF kind of a terrain feature, or null when FnF ignores it (FNF-GEO-6, AMB-91). */
export function fnfKind(f: TerrainFeature): FnfTerrainKind | null {
  if (Object.hasOwn(FNF_TERRAIN, f.kind)) return f.kind as FnfTerrainKind;
  return Object.hasOwn(ALIASES, f.kind) ? (ALIASES[f.kind] ?? null) : null;
}

/** Features of the given kinds. */
export function featuresOf(terrain: readonly TerrainFeature[], kinds: readonly FnfTerrainKind[]): TerrainFeature[] {
  return terrain.filter((f) => {
    const k = fnfKind(f);
    return k !== null && kinds.includes(k);
  });
}

/** Slack around a feature's reach box: far above `pointInPolygon`'s 1e-9 tolerance and any rounding. */
const REACH_SLACK = 1e-6;

/**
 * Whether segment [a, b] comes near a feature: false only when no point of the segment can be in
 * its area ({@link inArea}) or its strip ({@link inStrip}). The box of the segment is tested against
 * the box of the polygon and of the polyline grown by half the strip's width (and a slack), so a
 * caller may drop the feature for that segment without changing any answer: outside a polygon's box
 * a point is near no edge and crosses an even number of them.
 */
export function featureNearSegment(f: TerrainFeature, a: Vec2, b: Vec2): boolean {
  const minX = Math.min(a.x, b.x);
  const maxX = Math.max(a.x, b.x);
  const minY = Math.min(a.y, b.y);
  const maxY = Math.max(a.y, b.y);
  if (f.polygon.length >= 3 && boxNear(boxAround(f.polygon), minX, minY, maxX, maxY, REACH_SLACK)) return true;
  return f.polyline !== undefined && f.polyline.length > 0 && boxNear(boxAround(f.polyline), minX, minY, maxX, maxY, (f.width ?? 1) / 2 + REACH_SLACK);
}

/** The features of a list that come near segment [a, b] ({@link featureNearSegment}); the list itself when all do. */
export function featuresNearSegment(fs: readonly TerrainFeature[], a: Vec2, b: Vec2): readonly TerrainFeature[] {
  let out: TerrainFeature[] | null = null;
  for (let i = 0; i < fs.length; i++) {
    const f = fs[i] as TerrainFeature;
    const near = featureNearSegment(f, a, b);
    if (out === null && !near) out = fs.slice(0, i);
    else if (out !== null && near) out.push(f);
  }
  return out ?? fs;
}

/** Whether a point lies in an area feature. */
export function inArea(p: Vec2, f: TerrainFeature): boolean {
  return f.polygon.length >= 3 && pointInPolygon(p, f.polygon);
}

/** Whether a point lies in a line feature's strip (half its width, default 1", FNF-GEO-6). */
export function inStrip(p: Vec2, f: TerrainFeature): boolean {
  const line = f.polyline;
  if (line === undefined) return false;
  const half = (f.width ?? 1) / 2;
  return polylineEdges(line).some(([a, b]) => pointSegmentDistance(p, a, b) <= half);
}

/** Whether segment [a, b] meets a feature's polyline; the first meeting point. */
export function crossingPoint(a: Vec2, b: Vec2, f: TerrainFeature): Vec2 | null {
  for (const [c, d] of polylineEdges(f.polyline ?? [])) {
    const hit = segmentIntersectionParams(a, b, c, d);
    if (hit !== null) return { x: a.x + (b.x - a.x) * hit.s, y: a.y + (b.y - a.y) * hit.s };
  }
  return null;
}

/** Elevation of a point: the highest hill level containing it (FNF-GEO-6). */
export function elevationAt(terrain: readonly TerrainFeature[], p: Vec2): number {
  let best = 0;
  for (const f of featuresOf(terrain, ["hill"])) if (inArea(p, f)) best = Math.max(best, f.tags.hill ?? 1);
  return best;
}

/** Whether a point is in bad going: rough, woods or buildings (FNF-MAN-5). */
export function inBadGoing(terrain: readonly TerrainFeature[], p: Vec2): boolean {
  return featuresOf(terrain, ["rough", "woods", "buildings"]).some((f) => inArea(p, f));
}

/** Rank of a grade in {@link COVER_GRADES}. */
export const coverRank = (g: CoverGrade): number => COVER_GRADES.indexOf(g);

/** A base's cover against an enemy footprint (FNF-GEO-7): area, sunken road, and lines it is behind. */
export function baseCover(terrain: readonly TerrainFeature[], centre: Vec2, enemy: readonly OrientedRect[]): CoverGrade {
  let best: CoverGrade = "none";
  const better = (g: CoverGrade): void => void (coverRank(g) > coverRank(best) && (best = g));
  let near: Vec2 = centre;
  let nearD = Infinity;
  for (const r of enemy) {
    const q = closestPointOnRect(centre, r);
    if (dist(centre, q) < nearD) [near, nearD] = [q, dist(centre, q)];
  }
  for (const f of terrain) {
    const k = fnfKind(f);
    if (k === null) continue;
    const spec = FNF_TERRAIN[k];
    if (spec.shape === "area" && spec.cover !== "none" && inArea(centre, f)) better(spec.cover);
    if (k === "sunkenRoad" && inStrip(centre, f)) better("hard");
    if (spec.shape === "line" && k !== "sunkenRoad" && spec.cover !== "none") {
      const x = crossingPoint(centre, near, f);
      if (x !== null && dist(centre, x) <= 1 + 1e-9) better(spec.cover);
    }
  }
  return best;
}

/** The best grade that more than half of the counted bases have (FNF-GEO-7); "none" is open ground. */
export function unitCover(grades: readonly CoverGrade[]): CoverGrade {
  for (const g of [...COVER_GRADES].reverse()) {
    if (g === "none") break;
    if (grades.filter((x) => coverRank(x) >= coverRank(g)).length * 2 > grades.length) return g;
  }
  return "none";
}

/** Whether more than half of the points lie in a feature of the kind (FNF-GEO-7 "in"). */
export function mostlyIn(terrain: readonly TerrainFeature[], kind: "woods" | "buildings" | "sunkenRoad", centres: readonly Vec2[]): boolean {
  const fs = featuresOf(terrain, [kind]);
  const inside = centres.filter((c) => fs.some((f) => (kind === "sunkenRoad" ? inStrip(c, f) : inArea(c, f)))).length;
  return inside * 2 > centres.length;
}

/** A unit's elevation: highest level that more than half of its counted bases reach (FNF-GEO-7). */
export function unitElevation(terrain: readonly TerrainFeature[], centres: readonly Vec2[]): number {
  const levels = centres.map((c) => elevationAt(terrain, c));
  for (let L = Math.max(0, ...levels); L >= 1; L--) if (levels.filter((x) => x >= L).length * 2 > levels.length) return L;
  return 0;
}

/** Whether a line feature's polyline crosses more than half of the segments (FNF-GEO-7 "across"). */
export function acrossLine(f: TerrainFeature, segments: readonly (readonly [Vec2, Vec2])[]): boolean {
  const n = segments.filter(([a, b]) => crossingPoint(a, b, f) !== null).length;
  return segments.length > 0 && n * 2 > segments.length;
}

/** Whether a detachment's base is in hard cover (FNF-GEO-7, FNF-DET-1). */
export function detachmentInHardCover(terrain: readonly TerrainFeature[], rect: OrientedRect): boolean {
  const c = rect.center;
  for (const f of terrain) {
    const k = fnfKind(f);
    if (k === "buildings" && inArea(c, f)) return true;
    if (k === "sunkenRoad" && inStrip(c, f)) return true;
    if ((k === "stoneWall" || k === "works") && f.polyline !== undefined) {
      if (polylineEdges(f.polyline).some(([a, b]) => polygonDistance([a, b], rectCorners(rect)) <= 1 + 1e-9)) return true;
    }
  }
  return false;
}
