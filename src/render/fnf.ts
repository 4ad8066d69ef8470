/**
 * The FnF layer of the SVG battlefield: brigades, batteries and detachments as their stands
 * (FNF-GEO-1, FNF-GEO-2), the command stand outlined, disordered units hatched, and the leaders.
 */
import type { BattleState } from "../state/battle.js";
import type { FnfUnit } from "../state/fnf.js";
import type { Vec2 } from "../geometry/vec.js";
import { forward } from "../geometry/vec.js";
import { layoutCentre, layoutOf } from "../rules/fnf/geometry/layout.js";
import { attrs, escapeXml } from "./text.js";
import { px, rectPolygon, type Ctx } from "./canvas.js";

/** Centre of an FnF unit's footprint, or null if there is no such unit. */
export function fnfCentre(state: BattleState, id: string): Vec2 | null {
  const units = state.fnf?.units;
  if (units === undefined || !Object.hasOwn(units, id)) return null;
  const u = units[id];
  return u === undefined ? null : layoutCentre(layoutOf(u));
}

function fnfUnit(c: Ctx, u: FnfUnit): string {
  const layout = layoutOf(u);
  const colour = c.colours.get(u.side) ?? "#777777";
  let out = `<g${attrs({
    class: `unit fnf-unit unit-${u.arm} order-${u.disordered ? "disordered" : "good"}`,
    "data-unit": u.id,
    "data-side": u.side,
    "data-formation": u.formation,
    "data-order": u.disordered ? "DISORDERED" : "GOOD",
    "data-bases": u.bases,
  })}><title>${escapeXml(`${u.name || u.id} — ${u.bases}/${u.startingBases} stands, ${u.kind}, ${u.formation}${u.disordered ? ", DISORDERED" : ""}${u.lowAmmo ? ", low on ammunition" : ""}`)}</title>`;
  out += rectPolygon(c, layout.footprint, { class: "footprint", fill: colour, "fill-opacity": 0.25, stroke: "#222", "stroke-width": 1 });
  for (const b of layout.bases) {
    out += rectPolygon(c, b.rect, { class: b.command ? "model command" : "model", fill: colour, stroke: b.command ? "#d4a017" : "#111", "stroke-width": b.command ? 1.5 : 0.5 });
  }
  if (u.disordered) out += rectPolygon(c, layout.footprint, { class: "hatch", fill: `url(#${c.id}-hatch)`, stroke: "none" });
  const a = px(c, u.position);
  const f = forward(u.facing);
  const b = px(c, { x: u.position.x + f.x * 1.5, y: u.position.y + f.y * 1.5 });
  out += `<line${attrs({ class: "facing", x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#111", "stroke-width": 1.5, "marker-end": `url(#${c.id}-arrow)` })}/>`;
  if (c.labels) {
    const centre = px(c, layoutCentre(layout));
    const text = `${u.name || u.id} · ${u.bases}/${u.startingBases}${u.disordered ? " · DISORDERED" : ""}`;
    out += `<text${attrs({ class: "label", x: centre.x, y: centre.y + 4, "text-anchor": "middle", "font-size": 10 })}>${escapeXml(text)}</text>`;
  }
  return out + `</g>`;
}

/** FnF units and leaders (empty for a WHN battle). */
export function fnfLayer(c: Ctx): string {
  const fnf = c.state.fnf;
  if (fnf === null) return "";
  let out = `<g class="units fnf">`;
  for (const id of Object.keys(fnf.units).sort()) {
    const u = fnf.units[id];
    if (u !== undefined && u.removed === null && u.bases > 0) out += fnfUnit(c, u);
  }
  for (const id of Object.keys(fnf.leaders).sort()) {
    const l = fnf.leaders[id];
    if (l === undefined || l.lost !== null) continue;
    const p = px(c, l.position);
    const colour = c.colours.get(l.side) ?? "#777777";
    out += `<g${attrs({ class: `character fnf-leader rank-${l.rank}`, "data-character": l.id, "data-side": l.side })}><title>${escapeXml(`${l.name || l.id} (${l.rank}, ${l.rating})`)}</title>`;
    out += `<circle${attrs({ cx: p.x, cy: p.y, r: Math.max(3, 0.4 * c.s), fill: colour, stroke: "#d4a017", "stroke-width": 2 })}/>`;
    if (c.labels) out += `<text${attrs({ class: "label", x: p.x, y: p.y - 6, "text-anchor": "middle", "font-size": 9 })}>${escapeXml(l.name || l.id)}</text>`;
    out += `</g>`;
  }
  return out + `</g>`;
}
