/**
 * Builds the playground's browser bundle, `docs/playground/fusillade.js` (esm, minified): the core
 * entry plus the SVG renderer and the army presets. Usage: `npm run playground`, then serve
 * `docs/playground/` with any static file server (`npx vite docs/playground`, `python3 -m http.server`).
 */
import { build } from "esbuild";
import { join, resolve } from "node:path";

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, "..");

/** The bundle's entry: everything the playground page imports from `./fusillade.js`. */
export const PLAYGROUND_ENTRY = [
  `export * from "./src/index.ts";`,
  `export { renderSvg, recentEvents } from "./src/render/index.ts";`,
  `export * as presets from "./src/presets/index.ts";`,
  // The page's bots draw their choices from the same small generator as the scripts and tests.
  `export { mulberry32 } from "./scripts/mulberry32.mjs";`,
].join("\n");

/** Bundles the playground entry; `outfile` null returns the code instead of writing it. */
export async function buildPlayground(outfile: string | null, minify = true): Promise<string> {
  const r = await build({
    stdin: { contents: PLAYGROUND_ENTRY, resolveDir: ROOT, loader: "ts", sourcefile: "playground-entry.ts" },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify,
    legalComments: "none",
    logLevel: "silent",
    write: outfile !== null,
    ...(outfile === null ? {} : { outfile }),
  });
  return outfile === null ? (r.outputFiles?.[0]?.text ?? "") : "";
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const out = join(ROOT, "docs", "playground", "fusillade.js");
  await buildPlayground(out);
  console.log(`playground: wrote ${out}`);
}
