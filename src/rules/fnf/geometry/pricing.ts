import type { TerrainFeature } from "./feature.js";
import type { MoveRate } from "../tables/maneuver.js";
import type { Vec2 } from "./prims.js";
import { dist } from "./prims.js";
import { crossingPoint, featuresNearSegment, featuresOf, inArea, inStrip } from "./terrain.js";

/** How a mover pays for terrain (FNF-MOVE-1/2/4). */
export interface Pricing {
  readonly rate: MoveRate;
  /** May use the road rate (COLUMN OF ROUTE, leaders, limbered guns; never skirmishers). */
  readonly roads: boolean;
  /** Pays no rough-ground cost (skirmishers, FNF-MOVE-4). */
  readonly roughFree: boolean;
}

/** Sampling step along a path, inches. */
const STEP = 0.05;

const OBSTACLES = ["stream", "deepStream", "ford", "hedge", "stoneWall", "sunkenRoad", "works"] as const;

/** Length of a polyline, inches. */
export function pathLength(path: readonly Vec2[]): number {
  let L = 0;
  for (let i = 0; i + 1 < path.length; i++) L += dist(path[i] as Vec2, path[i + 1] as Vec2);
  return L;
}

/** The least a mover pays per inch anywhere (its road rate where it may use roads, else 1). */
export function cheapestPerInch(pricing: Pricing): number {
  return pricing.roads ? Math.min(1, 1 / pricing.rate.road) : 1;
}

/**
 * Cost in inches of normal move of a base's centre path (FNF-MOVE-2, AMB-65, FNF-GEO-6): road
 * stretches at 1/road, rough at 1/rough, each obstacle crossed once; Infinity where impassable.
 *
 * With a `budget`, the work is bounded by the budget rather than by the path: a path whose length
 * alone costs more is priced at that lower bound without sampling it, and sampling stops as soon
 * as the cost passes the budget. Either way a cost above the budget is returned (not the exact one).
 */
export function pathCost(terrain: readonly TerrainFeature[], path: readonly Vec2[], pricing: Pricing, budget = Infinity): number {
  const least = pathLength(path) * cheapestPerInch(pricing);
  if (least > budget) return least;
  const roads = pricing.roads ? featuresOf(terrain, ["road", "sunkenRoad"]) : [];
  const rough = pricing.roughFree ? [] : featuresOf(terrain, ["rough", "woods", "buildings"]);
  const blocked = featuresOf(terrain, ["impassable"]);
  const allRoads = featuresOf(terrain, ["road"]);
  const fords = featuresOf(terrain, ["ford"]);
  let cost = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i] as Vec2;
    const b = path[i + 1] as Vec2;
    const L = dist(a, b);
    const n = Math.max(1, Math.ceil(L / STEP));
    // Features far from this leg answer false at every sample: they are dropped for the leg.
    const legBlocked = featuresNearSegment(blocked, a, b);
    const legRoads = featuresNearSegment(roads, a, b);
    const legRough = featuresNearSegment(rough, a, b);
    const open = legBlocked.length === 0 && legRoads.length === 0 && legRough.length === 0;
    for (let k = 0; k < n; k++) {
      if (open) {
        cost += (L / n) * 1;
        continue;
      }
      const t = (k + 0.5) / n;
      const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      if (legBlocked.some((f) => inArea(p, f))) return Infinity;
      let perInch = 1;
      if (legRoads.some((f) => inStrip(p, f))) perInch = 1 / pricing.rate.road;
      else if (legRough.some((f) => inArea(p, f))) perInch = 1 / pricing.rate.rough;
      cost += (L / n) * perInch;
    }
    if (cost > budget) return cost;
  }
  const crossed = new Set<string>();
  for (const f of featuresOf(terrain, OBSTACLES)) {
    for (let i = 0; i + 1 < path.length; i++) {
      const x = crossingPoint(path[i] as Vec2, path[i + 1] as Vec2, f);
      if (x === null) continue;
      const bridged = allRoads.some((r) => inStrip(x, r));
      const atFord = fords.some((r) => r !== f && inStrip(x, r));
      if (f.kind === "deepStream" && !bridged && !atFord) return Infinity;
      if ((f.kind === "stream" || f.kind === "deepStream") && (bridged || atFord)) continue;
      crossed.add(f.id);
    }
  }
  return cost + crossed.size * pricing.rate.obstacle;
}

/** Whether any point of the path lies in bad going (FNF-MAN-5, AMB-83). */
export function pathInBadGoing(terrain: readonly TerrainFeature[], path: readonly Vec2[]): boolean {
  const bad = featuresOf(terrain, ["rough", "woods", "buildings"]);
  if (bad.length === 0) return false;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i] as Vec2;
    const b = path[i + 1] as Vec2;
    const legBad = featuresNearSegment(bad, a, b);
    if (legBad.length === 0) continue;
    const n = Math.max(1, Math.ceil(dist(a, b) / STEP));
    for (let k = 0; k <= n; k++) {
      const p = { x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n };
      if (legBad.some((f) => inArea(p, f))) return true;
    }
  }
  return path.length === 1 && path[0] !== undefined && bad.some((f) => inArea(path[0] as Vec2, f));
}
