import { defineConfig, type Options } from "tsup";

/**
 * The `fusillade` CLI and its worker: ESM for Node, every dependency (commander, piscina, the core
 * itself) bundled but zod; vega and vega-lite, for `--report` / `--svg` charts only, are optional
 * peer dependencies loaded on demand (src/cli/loadReport.ts).
 */
const config: Options = {
  // piscina starts its own `worker.js` from its __dirname, so its worker is bundled beside ours.
  entry: { fusillade: "src/cli/main.ts", "study-worker": "src/cli/worker.ts", worker: "node_modules/piscina/dist/worker.js" },
  outDir: "dist/cli",
  format: ["esm"],
  platform: "node",
  target: "node20",
  dts: false,
  // No source maps: the CLI bundles commander, piscina and vega (their maps alone were 3.5 MB of
  // the tarball); the library's own maps stay (without embedded sources).
  sourcemap: false,
  clean: false,
  splitting: true,
  treeshake: true,
  // vega and vega-lite (1.7 MB) stay external: optional peer dependencies, loaded only for charts.
  noExternal: [/^(?!zod$|@napi-rs\/nice|vega$|vega-lite$).*/],
  external: ["zod", "@napi-rs/nice", "vega", "vega-lite"],
  banner: {
    js: [
      "import { createRequire as __fusilladeRequire } from 'node:module';",
      "import { fileURLToPath as __fusilladePath } from 'node:url';",
      "import { dirname as __fusilladeDir } from 'node:path';",
      "const require = __fusilladeRequire(import.meta.url);",
      "const __filename = __fusilladePath(import.meta.url);",
      "const __dirname = __fusilladeDir(__filename);",
    ].join(" "),
  },
};

/**
 * `fusillade/node` (`openStudyPool`): ESM and CommonJS with their own types, beside the CLI's
 * worker scripts in dist/cli (the pool starts `study-worker.js` and piscina its `worker.js` from
 * there). `shims` gives the ESM build `__dirname` and the CommonJS build `import.meta.url`.
 */
const node: Options = {
  entry: { node: "src/node/index.ts" },
  outDir: "dist/cli",
  format: ["esm", "cjs"],
  platform: "node",
  target: "node20",
  dts: { compilerOptions: { ignoreDeprecations: "6.0" } },
  // No maps, as for the CLI beside it (a map with embedded sources fails the consumer check).
  sourcemap: false,
  clean: false,
  splitting: false,
  treeshake: true,
  shims: true,
  // vega and vega-lite (1.7 MB) stay external: optional peer dependencies, loaded only for charts.
  noExternal: [/^(?!zod$|@napi-rs\/nice|vega$|vega-lite$).*/],
  external: ["zod", "@napi-rs/nice", "vega", "vega-lite"],
  banner: (ctx) => (ctx.format === "esm" ? { js: "import { createRequire as __fusilladeRequire } from 'node:module'; const require = __fusilladeRequire(import.meta.url);" } : {}),
};

export default defineConfig([config, node]);
