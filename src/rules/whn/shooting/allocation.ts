/**
 * Sharing a template volley's to-hit rolls among the units it touched (HR-VOLLEY-5, HR-VOLLEY-6,
 * AMB-55): never more rolls than shooters or than models touched; round-robin by default
 * (reproduces the seed's 7 archers → 4 and 3), largest-remainder shares as the option.
 */
import { tieKey } from "../../../math/index.js";

/** A unit under the template: models touched and its distance from the template centre. */
export interface Touched {
  readonly id: string;
  readonly models: number;
  readonly distance: number;
}

/** Rolls given to one unit. */
export interface Allocation {
  readonly id: string;
  readonly rolls: number;
}

/** Allocation rule (config `hr.volleyAllocation`). */
export type AllocationMode = "roundRobin" | "proportional";

/** Touched units in hand-out order: most models, then nearest the centre, then id (HR-VOLLEY-6). */
export function handOutOrder(touched: readonly Touched[]): Touched[] {
  return touched
    .filter((t) => t.models > 0)
    .slice()
    .sort((a, b) => b.models - a.models || tieKey(a.distance) - tieKey(b.distance) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Shares `min(shooters, models touched)` rolls among the touched units (HR-VOLLEY-5/6).
 * @example
 * allocateVolley(7, [{ id: "A", models: 9, distance: 0 }, { id: "B", models: 4, distance: 1 }], "roundRobin")
 * // [{ id: "A", rolls: 4 }, { id: "B", rolls: 3 }]
 */
export function allocateVolley(shooters: number, touched: readonly Touched[], mode: AllocationMode): Allocation[] {
  const order = handOutOrder(touched);
  const total = order.reduce((s, t) => s + t.models, 0);
  const rolls = Math.max(0, Math.min(shooters, total));
  const given = order.map(() => 0);
  if (mode === "roundRobin" || rolls === total) {
    let left = rolls;
    while (left > 0) {
      for (let i = 0; i < order.length && left > 0; i++) {
        if ((given[i] as number) < (order[i] as Touched).models) {
          given[i] = (given[i] as number) + 1;
          left--;
        }
      }
    }
  } else {
    const exact = order.map((t) => (rolls * t.models) / total);
    exact.forEach((x, i) => (given[i] = Math.floor(x)));
    let left = rolls - given.reduce((s, g) => s + g, 0);
    const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
    for (const { i } of byRemainder) {
      if (left <= 0) break;
      given[i] = (given[i] as number) + 1;
      left--;
    }
  }
  return order.map((t, i) => ({ id: t.id, rolls: given[i] as number })).filter((a) => a.rolls > 0);
}
