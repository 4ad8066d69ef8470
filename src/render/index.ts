/**
 * The SVG battlefield renderer: pure functions from a battle state to an SVG string.
 * @example
 * import { renderSvg } from "fusillade";
 * const svg = renderSvg(state);
 */
export { renderSvg, type RenderOptions } from "./svg.js";
export { recentEvents, effectsOf, asPoint, type Effects, type TemplateMark, type LineMark } from "./effects.js";
export { escapeXml } from "./text.js";
export { terrainStyle, NATION_COLOURS, FALLBACK_COLOURS, type TerrainStyle } from "./style.js";
