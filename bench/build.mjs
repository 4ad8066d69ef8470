// Bundles the benchmark (bench/run.ts) and the study worker (src/cli/worker.ts) into plain ESM
// JavaScript in bench/.out/, so `npm run bench` measures the code as users run it (compiled JS, no
// TypeScript loader in the process or in the worker threads). The worker lands next to run.js
// under the name src/cli/pool.ts looks for (read from pool.ts, so a rename there is followed).
// piscina stays external (it loads its own files).
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";

const root = fileURLToPath(new URL("..", import.meta.url));
const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  external: ["piscina"],
  logLevel: "warning",
  absWorkingDir: root,
  // Bundled CommonJS dependencies (zod's and immer's ESM builds need none, but keep require working).
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
};
const pool = readFileSync(new URL("../src/cli/pool.ts", import.meta.url), "utf8");
const workerName = /new URL\("\.\/([\w-]+)\.js", import\.meta\.url\)/.exec(pool)?.[1] ?? "worker";
await build({ ...common, entryPoints: { run: "bench/run.ts", prof: "bench/prof.ts", legalProbe: "bench/legalProbe.ts", fingerprint: "bench/fingerprint.ts", stepProbe: "bench/stepProbe.ts", worstCold: "bench/worstCold.ts", [workerName]: "src/cli/worker.ts" }, outdir: "bench/.out" });
