/**
 * What the guides import as "fusillade": the package entry, plus the renderer and the presets
 * until the entry exports them itself (then this file is a plain re-export).
 */
export * from "../../../src/index.js";
export { renderSvg, recentEvents, type RenderOptions } from "../../../src/render/index.js";
export * as presets from "../../../src/presets/index.js";
