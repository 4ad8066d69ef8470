/**
 * The SVG battlefield: a pure function from a battle state to an SVG document (a string; no DOM).
 * It draws the table, terrain by tag, fires, every unit's footprint and model bases in its
 * formation with a facing arrow and its side's colour, its order state (DISORDERED hatched, FLEEING
 * outlined and marked), figures left, characters, and the templates, shot lines and movement trails
 * of the latest events (convention in `effects.ts`).
 */
import { adopt } from "../engine/owned.js";
import type { BattleEvent, BattleState } from "../state/battle.js";
import type { Character, Unit } from "../state/unit.js";
import type { Vec2 } from "../geometry/vec.js";
import { forward } from "../geometry/vec.js";
import { unitCentre, type UnitLayout } from "../geometry/layout.js";
import { layoutOf } from "../rules/whn/unit.js";
import { attrs, escapeXml, num } from "./text.js";
import { px, points, rectPolygon, type Ctx } from "./canvas.js";
import { fnfCentre, fnfLayer } from "./fnf.js";
import { FALLBACK_COLOURS, NATION_COLOURS, terrainStyle } from "./style.js";
import { effectsOf } from "./effects.js";

/** Options of {@link renderSvg}; every key has a default. */
export interface RenderOptions {
  /** Pixels per inch; default 10. */
  readonly scale?: number;
  /** Margin around the table, pixels; default 16. */
  readonly margin?: number;
  /** Draw every model's base inside the footprint; default true. */
  readonly models?: boolean;
  /** Draw unit and character labels (name, figures left); default true. */
  readonly labels?: boolean;
  /**
   * Events whose templates and lines to draw (e.g. the last step's, or `recentEvents(history)`);
   * default none: the state keeps no history.
   */
  readonly events?: readonly BattleEvent[];
  /** Fill colour per side id; default: the side's nation colour, else blue and red. */
  readonly colours?: Readonly<Record<string, string>>;
  /** Prefix of the ids in `<defs>`, so that several pictures can share a page; default "fz". */
  readonly idPrefix?: string;
  /** Title of the picture; default: turn, side and phase. */
  readonly title?: string;
}

function sideColours(state: BattleState, given: Readonly<Record<string, string>> | undefined): Map<string, string> {
  const out = new Map<string, string>();
  Object.values(state.sides).forEach((side, i) => {
    const nation = side.nation === null ? undefined : NATION_COLOURS[side.nation.toLowerCase()];
    const fallback = FALLBACK_COLOURS[i % FALLBACK_COLOURS.length] ?? "#777777";
    const chosen = given !== undefined && Object.hasOwn(given, side.id) ? given[side.id] : undefined;
    out.set(side.id, chosen ?? nation ?? fallback);
  });
  return out;
}

function defs(c: Ctx): string {
  return (
    `<defs>` +
    `<pattern id="${c.id}-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">` +
    `<line x1="0" y1="0" x2="0" y2="6" stroke="#000" stroke-width="2" stroke-opacity="0.55"/></pattern>` +
    `<marker id="${c.id}-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">` +
    `<path d="M0,0 L10,5 L0,10 z" fill="#111"/></marker>` +
    `<style>text{font-family:system-ui,sans-serif}.label{paint-order:stroke;stroke:#fff;stroke-width:3px}</style>` +
    `</defs>`
  );
}

function terrain(c: Ctx): string {
  let out = `<g class="terrain">`;
  for (const f of c.state.terrain) {
    const st = terrainStyle(f);
    const tags = Object.entries(f.tags).filter(([, v]) => v !== false && v !== undefined).map(([k, v]) => (v === true ? k : `${k}=${String(v)}`)).join(" ");
    const base = { class: `terrain terrain-${st.kind}`, "data-id": f.id, "data-kind": f.kind, "data-tags": tags };
    if (f.polygon.length >= 3) {
      out += `<polygon${attrs({ ...base, points: points(c, f.polygon), fill: st.fill, stroke: st.stroke, "fill-opacity": st.opacity })}><title>${escapeXml(`${f.kind} (${f.id})`)}</title></polygon>`;
    }
    if (f.polyline !== undefined) {
      const w = Math.max(1.5, (f.width ?? 0.3) * c.s);
      out += `<polyline${attrs({ ...base, points: points(c, f.polyline), fill: "none", stroke: st.stroke, "stroke-width": w, "stroke-linecap": "round" })}/>`;
    }
  }
  return out + `</g>`;
}

function fires(c: Ctx): string {
  let out = `<g class="fires">`;
  for (const f of c.state.fires) {
    for (const circle of f.circles) {
      const p = px(c, circle.centre);
      out += `<circle${attrs({ class: "fire", "data-id": f.id, cx: p.x, cy: p.y, r: (circle.diameter / 2) * c.s, fill: "#ff6a00", "fill-opacity": 0.55, stroke: "#b33c00" })}/>`;
    }
  }
  return out + `</g>`;
}

function facingArrow(c: Ctx, layout: UnitLayout): string {
  const from = layout.frame.p;
  const length = Math.max(0.8, Math.min(2, layout.width / 2));
  const to = { x: from.x + forward(layout.frame.facing).x * length, y: from.y + forward(layout.frame.facing).y * length };
  const a = px(c, from);
  const b = px(c, to);
  return `<line${attrs({ class: "facing", x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#111", "stroke-width": 1.5, "marker-end": `url(#${c.id}-arrow)` })}/>`;
}

function unitGroup(c: Ctx, u: Unit): string {
  const layout = layoutOf(u);
  const colour = c.colours.get(u.side) ?? "#777777";
  const fleeing = u.order === "FLEEING";
  let out = `<g${attrs({
    class: `unit unit-${u.troopType} order-${u.order.toLowerCase()}`,
    "data-unit": u.id,
    "data-side": u.side,
    "data-formation": u.formation,
    "data-order": u.order,
    "data-figures": u.figures,
  })}><title>${escapeXml(`${u.name} — ${u.figures}/${u.startingFigures} ${u.troopType}, ${u.formation}, ${u.order}`)}</title>`;
  for (const r of layout.footprint) {
    out += rectPolygon(c, r, { class: "footprint", fill: colour, "fill-opacity": c.models ? 0.35 : 0.8, stroke: fleeing ? "#d00000" : "#222", "stroke-width": fleeing ? 2 : 1, "stroke-dasharray": fleeing ? "4 2" : undefined });
  }
  if (c.models && layout.kind !== "loose") {
    for (const m of layout.models) out += rectPolygon(c, m.rect, { class: "model", fill: colour, stroke: "#111", "stroke-width": 0.5 });
  }
  if (u.order === "DISORDERED") {
    for (const r of layout.footprint) out += rectPolygon(c, r, { class: "hatch", fill: `url(#${c.id}-hatch)`, stroke: "none" });
  }
  out += facingArrow(c, layout);
  const centre = px(c, unitCentre(layout));
  if (fleeing) out += `<text${attrs({ class: "fleeing-mark", x: centre.x, y: centre.y - 10, "text-anchor": "middle", "font-size": 14, fill: "#d00000" })}>⚑</text>`;
  if (c.labels) {
    const text = `${u.name} · ${u.figures}/${u.startingFigures}${u.order === "GOOD" ? "" : ` · ${u.order}`}`;
    out += `<text${attrs({ class: "label", x: centre.x, y: centre.y + 4, "text-anchor": "middle", "font-size": 10 })}>${escapeXml(text)}</text>`;
  }
  return out + `</g>`;
}

function characterGroup(c: Ctx, ch: Character): string {
  const p = px(c, ch.position);
  const colour = c.colours.get(ch.side) ?? "#777777";
  const r = Math.max(3, (Math.min(ch.base.w, ch.base.d) / 2) * c.s);
  let out = `<g${attrs({ class: `character${ch.joinedTo === null ? "" : " joined"}${ch.isGeneral ? " general" : ""}`, "data-character": ch.id, "data-side": ch.side, "data-joined": ch.joinedTo ?? undefined })}>`;
  out += `<title>${escapeXml(`${ch.name}${ch.isGeneral ? " (General)" : ""}${ch.joinedTo === null ? "" : `, with ${ch.joinedTo}`}`)}</title>`;
  out += `<circle${attrs({ cx: p.x, cy: p.y, r, fill: colour, stroke: ch.isGeneral ? "#d4a017" : "#111", "stroke-width": ch.isGeneral ? 2.5 : 1 })}/>`;
  if (c.labels) out += `<text${attrs({ class: "label", x: p.x, y: p.y - r - 2, "text-anchor": "middle", "font-size": 9 })}>${escapeXml(ch.name)}</text>`;
  return out + `</g>`;
}

function effects(c: Ctx, events: readonly BattleEvent[]): string {
  const centreOf = (id: string): Vec2 | null => {
    const u = Object.hasOwn(c.state.units, id) ? c.state.units[id as keyof typeof c.state.units] : undefined;
    return u === undefined ? fnfCentre(c.state, id) : unitCentre(layoutOf(u));
  };
  const fx = effectsOf(events, centreOf);
  let out = `<g class="effects">`;
  for (const t of fx.templates) {
    const p = px(c, t.centre);
    out += `<circle${attrs({ class: "template", "data-rule": t.event.rule, "data-event": t.event.seq, cx: p.x, cy: p.y, r: (t.diameter / 2) * c.s, fill: "#ffd54f", "fill-opacity": 0.3, stroke: "#b8860b", "stroke-dasharray": "5 3" })}/>`;
  }
  for (const l of fx.lines) {
    const a = px(c, l.from);
    const b = px(c, l.to);
    const shot = l.kind === "shot";
    out += `<line${attrs({ class: shot ? "shot" : "trail", "data-rule": l.event.rule, "data-event": l.event.seq, x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: shot ? "#e65100" : "#555", "stroke-width": shot ? 1.5 : 1, "stroke-dasharray": shot ? undefined : "3 3", "marker-end": `url(#${c.id}-arrow)` })}/>`;
  }
  return out + `</g>`;
}

function caption(state: BattleState): string {
  const t = state.turn;
  const side = state.sides[t.activeSide]?.name ?? t.activeSide;
  const where = t.phase === "finished" ? "battle over" : `${side}, ${t.phase}${t.step === null ? "" : ` (${t.step})`}`;
  const result = state.result === null ? "" : ` — ${state.result.winner === null ? "no winner" : `${state.sides[state.result.winner]?.name ?? state.result.winner} wins`}: ${state.result.reason}`;
  return `Turn ${t.gameTurn}/${t.maxTurns}: ${where}${result}`;
}

/**
 * Draws a battle as an SVG document. Pure: the same state and options always give the same
 * string. Units are `<g class="unit" data-unit=…>` groups (DISORDERED units carry a hatch
 * overlay, FLEEING ones a red dashed outline and a ⚑), so an app can style or query them.
 * @example
 * const svg = renderSvg(state, { scale: 12 });
 * document.getElementById("table")!.innerHTML = svg;
 */
export function renderSvg(input: BattleState, options: RenderOptions = {}): string {
  const state = adopt(input);
  const s = options.scale ?? 10;
  const m = options.margin ?? 16;
  if (!(s > 0 && Number.isFinite(s))) throw new RangeError(`renderSvg: scale must be a positive number, got ${s}`);
  if (!(m >= 0 && Number.isFinite(m))) throw new RangeError(`renderSvg: margin must be a non-negative number, got ${m}`);
  const id = (options.idPrefix ?? "fz").replace(/[^A-Za-z0-9_-]/g, "_");
  const c: Ctx = { state, s, m, id, colours: sideColours(state, options.colours), models: options.models ?? true, labels: options.labels ?? true };
  const w = state.table.width * s + 2 * m;
  const h = state.table.height * s + 2 * m + 18;
  const title = options.title ?? caption(state);
  let out = `<svg xmlns="http://www.w3.org/2000/svg"${attrs({ width: w, height: h, viewBox: `0 0 ${num(w)} ${num(h)}`, role: "img", "aria-label": title, class: "fusillade-battlefield" })}>`;
  out += `<title>${escapeXml(title)}</title>` + defs(c);
  out += `<rect${attrs({ class: "table", x: m, y: m, width: state.table.width * s, height: state.table.height * s, fill: "#e4ead0", stroke: "#6b7250" })}/>`;
  out += terrain(c) + fires(c);
  out += `<g class="units">`;
  for (const uid of Object.keys(state.units).sort()) {
    const u = state.units[uid as keyof typeof state.units];
    if (u !== undefined && u.removed === null && u.figures > 0 && u.mergedInto === null) out += unitGroup(c, u);
  }
  out += `</g>` + fnfLayer(c) + `<g class="characters">`;
  for (const cid of Object.keys(state.characters).sort()) {
    const ch = state.characters[cid as keyof typeof state.characters];
    if (ch !== undefined && ch.removed === null) out += characterGroup(c, ch);
  }
  out += `</g>` + effects(c, options.events ?? []);
  out += `<text${attrs({ class: "caption", x: m, y: h - 6, "font-size": 12 })}>${escapeXml(title)}</text>`;
  return out + `</svg>`;
}
