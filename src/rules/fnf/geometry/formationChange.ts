import { FusilladeError } from "../../../engine/violation.js";
import type { Vec2 } from "./prims.js";
import { dist } from "./prims.js";
import type { FnfLayout, Placeable } from "./layout.js";
import { layoutOf } from "./layout.js";

/** Whether a bipartite graph (rows → allowed columns) has a perfect matching (Kuhn's algorithm). */
function perfectMatching(allowed: readonly (readonly number[])[], columns: number): boolean {
  const owner = new Array<number>(columns).fill(-1);
  const tryRow = (row: number, seen: boolean[]): boolean => {
    for (const c of allowed[row] ?? []) {
      if (seen[c] === true) continue;
      seen[c] = true;
      const o = owner[c] ?? -1;
      if (o < 0 || tryRow(o, seen)) {
        owner[c] = row;
        return true;
      }
    }
    return false;
  };
  for (let row = 0; row < allowed.length; row++) if (!tryRow(row, new Array<boolean>(columns).fill(false))) return false;
  return true;
}

/**
 * The least possible longest travel when bases at `from` go to places `to` one to one (a
 * bottleneck assignment, FNF-GEO-2a). Both lists have the same length.
 */
export function bottleneckTravel(from: readonly Vec2[], to: readonly Vec2[]): number {
  if (from.length !== to.length) throw new FusilladeError("engine/misuse", "fusillade: bottleneckTravel needs as many places as bases");
  if (from.length === 0) return 0;
  const d = from.map((a) => to.map((b) => dist(a, b)));
  const candidates = [...new Set(d.flat())].sort((x, y) => x - y);
  let lo = 0;
  let hi = candidates.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const limit = candidates[mid] ?? 0;
    const allowed = d.map((row) => row.flatMap((x, j) => (x <= limit ? [j] : [])));
    if (perfectMatching(allowed, to.length)) hi = mid;
    else lo = mid + 1;
  }
  return candidates[lo] ?? 0;
}

/** A formation change laid out: the new layout and the longest base travel (FNF-GEO-2a). */
export interface FormationChangePlan {
  readonly layout: FnfLayout;
  readonly travel: number;
}

/**
 * Places a changed unit (FNF-GEO-2a): the new layout's front-edge centre stays on P, facing as
 * given; the command base takes the command slot and the others are matched to minimise the
 * longest travel.
 */
export function planFormationChange(before: Placeable, after: Placeable): FormationChangePlan {
  const a = layoutOf(before);
  const b = layoutOf({ ...after, position: before.position });
  const cmdA = a.bases.find((x) => x.command);
  const cmdB = b.bases.find((x) => x.command);
  const cmdTravel = cmdA !== undefined && cmdB !== undefined ? dist(cmdA.rect.center, cmdB.rect.center) : 0;
  const from = a.bases.filter((x) => !x.command || cmdB === undefined).map((x) => x.rect.center);
  const to = b.bases.filter((x) => !x.command || cmdA === undefined).map((x) => x.rect.center);
  const n = Math.min(from.length, to.length);
  return { layout: b, travel: Math.max(cmdTravel, bottleneckTravel(from.slice(0, n), to.slice(0, n))) };
}
