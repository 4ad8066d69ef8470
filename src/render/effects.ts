/**
 * What the SVG draws from a battle's events: templates, shot lines and movement trails.
 *
 * Convention for event details (any phase may use it):
 * - `template`: `{ centre: {x, y}, diameter }` or an array of them — a circular template
 *   (CORE-GEO-29: volley, shell, fire), drawn as a dashed circle;
 * - `line`: `{ from: {x, y}, to: {x, y} }` or an array of them — a shot line or roundshot path
 *   (CORE-GEO-32), drawn as a solid line;
 * - `shooter` and `target` naming two units — a shot line between their centres;
 * - `from` and `to` both points — a movement trail (moves, flees, pursuits, fall backs).
 */
import type { BattleEvent } from "../state/battle.js";
import type { JsonValue } from "../state/common.js";
import type { Vec2 } from "../geometry/vec.js";
import { badArg, readingArg } from "../engine/args.js";

/** A circular template to draw. */
export interface TemplateMark {
  readonly centre: Vec2;
  readonly diameter: number;
  readonly event: BattleEvent;
}

/** A segment to draw: a shot line or a movement trail. */
export interface LineMark {
  readonly from: Vec2;
  readonly to: Vec2;
  readonly kind: "shot" | "trail";
  readonly event: BattleEvent;
}

/** Everything the events of a picture add to it. */
export interface Effects {
  readonly templates: readonly TemplateMark[];
  readonly lines: readonly LineMark[];
}

type Obj = { readonly [k: string]: JsonValue };

function isObj(v: JsonValue | undefined): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A JSON value read as a point, or null. */
export function asPoint(v: JsonValue | undefined): Vec2 | null {
  if (!isObj(v)) return null;
  const { x, y } = v;
  return typeof x === "number" && typeof y === "number" && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}

function list(v: JsonValue | undefined): readonly JsonValue[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? (v as readonly JsonValue[]) : [v as JsonValue];
}

/**
 * The events of a battle's history worth drawing over its present state: those since the current
 * phase or movement step began (the `turn/phaseStarted` / `turn/stepStarted` event included).
 * @example recentEvents(outcome.log).map((e) => e.rule)
 */
export function recentEvents(log: readonly BattleEvent[]): readonly BattleEvent[] {
  if (!Array.isArray(log)) throw badArg("recentEvents", "log", "an array of events", log);
  return readingArg("recentEvents", "log", () => recentOf(log));
}

function recentOf(log: readonly BattleEvent[]): readonly BattleEvent[] {
  for (let i = log.length - 1; i >= 0; i--) {
    const t = log[i]?.type;
    if (t === "turn/phaseStarted" || t === "turn/stepStarted") return log.slice(i);
  }
  return log;
}

/**
 * The templates and lines that events ask to draw (see this module's convention); points are
 * read defensively, anything malformed is skipped.
 * @example effectsOf(recentEvents(state), () => null).templates.length
 */
export function effectsOf(events: readonly BattleEvent[], centreOf: (unitId: string) => Vec2 | null): Effects {
  const templates: TemplateMark[] = [];
  const lines: LineMark[] = [];
  for (const e of events) {
    for (const t of list(e["template"])) {
      if (!isObj(t)) continue;
      const centre = asPoint(t["centre"]);
      const d = t["diameter"];
      if (centre !== null && typeof d === "number" && d > 0 && Number.isFinite(d)) templates.push({ centre, diameter: d, event: e });
    }
    for (const l of list(e["line"])) {
      if (!isObj(l)) continue;
      const from = asPoint(l["from"]);
      const to = asPoint(l["to"]);
      if (from !== null && to !== null) lines.push({ from, to, kind: "shot", event: e });
    }
    const shooter = e["shooter"];
    const target = e["target"];
    if (typeof shooter === "string" && typeof target === "string" && e["line"] === undefined) {
      const from = centreOf(shooter);
      const to = centreOf(target);
      if (from !== null && to !== null) lines.push({ from, to, kind: "shot", event: e });
    }
    const from = asPoint(e["from"]);
    const to = asPoint(e["to"]);
    if (from !== null && to !== null) lines.push({ from, to, kind: "trail", event: e });
  }
  return { templates, lines };
}
