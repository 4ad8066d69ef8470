/** The engine identity written into every result (name and version from package.json). */
import pkg from "../../package.json" with { type: "json" };
import type { EngineInfo } from "../analysis/index.js";

/** This build's name and version. */
export const ENGINE: EngineInfo = Object.freeze({ name: pkg.name, version: pkg.version });
