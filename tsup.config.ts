import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { defineConfig, type Options } from "tsup";

// Three kinds of build (see docs/guides/performance.md "Bundle size"):
// - ESM, one output file per source module (no bundling): with `"sideEffects": false` a bundler
//   drops every module an app does not reach, so `import { pLeadershipPass } from "fusillade"`
//   ships the odds code only.
// - CommonJS, bundled per entry with a shared chunk (Node's `require` does not tree-shake).
// - Declarations, bundled per entry (`.d.ts` for import, `.d.cts` for require).
// Source maps map to the files under src/ without embedding their text (`sourcesContent: false`),
// which keeps the tarball small.
const entry = { index: "src/index.ts", whn: "src/whn.ts", fnf: "src/fnf.ts", state: "src/state/index.ts", trust: "src/trust/index.ts", redux: "src/adapters/redux/index.ts", "boardgame-io": "src/adapters/boardgame-io/index.ts" };
const common: Options = {
  sourcemap: true,
  target: "es2022",
  platform: "neutral",
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
};

/**
 * Unbundled output keeps imports as they are; a JSON import (`import x from "./a.json" with
 * { type: "json" }`) would need Node's experimental JSON modules. This inlines the JSON instead.
 */
const inlineJson: NonNullable<Options["esbuildPlugins"]>[number] = {
  name: "inline-json",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!text.includes('with { type: "json" }')) return undefined;
      const contents = text.replace(/^import (\w+) from "(\.[^"]+\.json)" with \{ type: "json" \};$/gm, (_m, name: string, rel: string) =>
        `const ${name} = ${readFileSync(resolve(dirname(args.path), rel), "utf8").trim()};`);
      return { contents, loader: "ts" };
    });
  },
};

const esm: Options = {
  ...common,
  entry: ["src/**/*.ts", "!src/cli/**", "!src/**/*.test.ts"],
  format: ["esm"],
  bundle: false,
  esbuildPlugins: [inlineJson],
  clean: true,
  dts: false,
};

const cjs: Options = {
  ...common,
  entry,
  format: ["cjs"],
  splitting: true,
  treeshake: true,
  clean: false,
  dts: false,
};

// One declaration build per entry: with several entries the type bundler shares a chunk between
// them and then mistakes the chunk's type-only names for values inside `export * as` namespaces
// ("'Scenario' only refers to a type"), which a consumer with `skipLibCheck: false` reports.
const dts = (name: keyof typeof entry): Options => ({
  entry: { [name]: entry[name] },
  format: ["esm", "cjs"],
  clean: false,
  dts: { only: true, compilerOptions: { ignoreDeprecations: "6.0" } },
});

export default defineConfig([esm, cjs, dts("index"), dts("whn"), dts("fnf"), dts("state"), dts("trust"), dts("redux"), dts("boardgame-io")]);
