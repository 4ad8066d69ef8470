/**
 * Geometry kernel (geometry.md, CORE-GEO-1 … CORE-GEO-33): pure functions over plain numbers and
 * records, safe for browsers and hot loops. Every export carries its own TSDoc line at its
 * declaration.
 */
/** Vectors, angles, tolerance ε and unit conversion (CORE-GEO-1, CORE-GEO-2). */
export * from "./vec.js";
/** Unit frames and world ↔ local transforms (CORE-GEO-3). */
export * from "./frame.js";
/** Base sizes (CORE-GEO-4) and open-order gaps (CORE-GEO-6). */
export * from "./bases.js";
/** Segment and polygon primitives. */
export * from "./polygon.js";
/** Oriented rectangles, distances, contact and range (CORE-GEO-10 … CORE-GEO-13). */
export * from "./rect.js";
/** Formation layouts and unit centres (CORE-GEO-5 … CORE-GEO-9). */
export * from "./layout.js";
/** Quadrants, faces and arcs (CORE-GEO-14, CORE-GEO-15). */
export * from "./arcs.js";
/** Terrain features, elevation and hills (CORE-GEO-31). */
export * from "./terrain.js";
/** Line of sight and cover (CORE-GEO-16, CORE-GEO-17). */
export * from "./sight.js";
/** Straight-line sweeps, overlap intervals and first contact. */
export * from "./sweep.js";
/** Movement cost, terrain surcharges and formation changes (CORE-GEO-18 … CORE-GEO-20). */
export * from "./movement.js";
/** Charges (CORE-GEO-21 … CORE-GEO-24). */
export * from "./charge.js";
/** Moving away, fleeing, pursuit and the table edge (CORE-GEO-25 … CORE-GEO-28). */
export * from "./away.js";
/** Templates, scatter and roundshot (CORE-GEO-29, CORE-GEO-30, CORE-GEO-32). */
export * from "./templates.js";
/** Fires (CORE-GEO-33). */
export * from "./fires.js";
