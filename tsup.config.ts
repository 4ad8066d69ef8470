import { defineConfig, type Options } from "tsup";

const config: Options = {
  entry: { index: "src/index.ts" },
  format: ["esm", "cjs"],
  dts: { compilerOptions: { ignoreDeprecations: "6.0" } },
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
  treeshake: true,
};

export default defineConfig(config);
