import { defineConfig, type Options } from "tsup";

const config: Options = {
  // The adapters are entries of their own (`fusillade/redux`, `fusillade/boardgame.io`); code
  // splitting (CommonJS too) puts the core in a shared chunk, so an app that imports the root and
  // an adapter loads one copy of the engine.
  entry: { index: "src/index.ts", redux: "src/adapters/redux/index.ts", "boardgame-io": "src/adapters/boardgame-io/index.ts" },
  splitting: true,
  format: ["esm", "cjs"],
  dts: { compilerOptions: { ignoreDeprecations: "6.0" } },
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
  treeshake: true,
};

export default defineConfig(config);
