/**
 * The drawing context of the SVG renderer: table inches (y up) to SVG pixels (y down), and the
 * primitives every layer draws with.
 */
import type { BattleState } from "../state/battle.js";
import type { Vec2 } from "../geometry/vec.js";
import { rectCorners, type OrientedRect } from "../geometry/rect.js";
import { attrs, num } from "./text.js";

/** What every layer of the picture needs: the state, the scale, the margin, the options. */
export interface Ctx {
  readonly state: BattleState;
  /** Pixels per inch. */
  readonly s: number;
  /** Margin, pixels. */
  readonly m: number;
  /** Prefix of the ids in `<defs>`. */
  readonly id: string;
  readonly colours: ReadonlyMap<string, string>;
  readonly models: boolean;
  readonly labels: boolean;
}

/** Table inches (y up) to SVG pixels (y down). */
export function px(c: Ctx, p: Vec2): { x: number; y: number } {
  return { x: c.m + p.x * c.s, y: c.m + (c.state.table.height - p.y) * c.s };
}

/** An SVG `points` list of table points. */
export function points(c: Ctx, pts: readonly Vec2[]): string {
  return pts.map((p) => {
    const q = px(c, p);
    return `${num(q.x)},${num(q.y)}`;
  }).join(" ");
}

/** An oriented rectangle as an SVG polygon with the given attributes. */
export function rectPolygon(c: Ctx, r: OrientedRect, a: Readonly<Record<string, string | number | undefined>>): string {
  return `<polygon${attrs({ ...a, points: points(c, rectCorners(r)) })}/>`;
}
