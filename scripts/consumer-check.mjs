#!/usr/bin/env node
// The consumer check: what a new user meets. Packs the built package (`npm run build` first),
// installs the tarball into fresh temporary projects with no network (the tarball is unpacked into
// node_modules/fusillade; zod and immer are linked from this checkout's node_modules, which `npm ci`
// filled), then
//   1. type-checks an ESM and a CommonJS consumer with this checkout's TypeScript: strict,
//      exactOptionalPropertyTypes, module nodenext, skipLibCheck false;
//   2. runs both consumers with Node;
//   3. bundles browser entries with esbuild (minified, platform browser) and holds gzip budgets.
// Prints the figures (tarball packed/unpacked, tsc time, gzip per entry). Exit code 1 on any failure.
// Usage: node scripts/consumer-check.mjs [--keep] [--json out.json]
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, symlinkSync, readFileSync, realpathSync, existsSync } from "node:fs";
import { tmpdir, loadavg } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { createRequire } from "node:module";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const keep = args.includes("--keep");
const jsonAt = args.indexOf("--json");
const require = createRequire(join(root, "package.json"));

/**
 * Gzip budgets in bytes (esbuild --minify --platform=browser, gzip level 9). The engine for one
 * ruleset comes from its entry (`fusillade/whn`, `fusillade/fnf`), which registers that ruleset's
 * modules only. The root entry registers every ruleset, and esbuild bundles a namespace of the root
 * (`scenarios`, `fnf`) whole: the root engine budgets hold today's size as a ratchet.
 */
export const BUDGETS = {
  "odds-only (root: pLeadershipPass)": 20 * 1024,
  "engine, WHN (fusillade/whn: createBattle + apply + ridgeAction)": 120 * 1024,
  "engine, FnF (fusillade/fnf: createBattle + apply + scenario)": 120 * 1024,
  "engine, WHN (root: createBattle + apply + scenarios.ridgeAction)": 150 * 1024,
  "engine, FnF (root: createBattle + apply + fnf.scenario)": 150 * 1024,
  // 232 KB until the helpers were guarded (src/guarded/): 420 wrappers, each a pure call with the
  // helper's public name, added 14.4 KB minified and 4.3 KB gzip (230.5 -> 234.7 KB). 240 KB since
  // the rest of that session's merge: per-state listing tables and the sight field (issue 17's limits),
  // the auto-advance shortcuts, the class-tier argument checks and a new invariant took it to 238.0 KB
  // (the WHN engine itself went down, 119.7 -> 117.9 KB, its refusal messages now kept apart).
  // 244 KB since the fifth session's merge (238.0 -> 241.4 KB): eleven invariants that make loadState
  // refuse what setup refuses (src/trust/invariants/setup.ts), the movement listing's quick move check
  // and its sample writers (path.ts), the random draw before auto-advance's test, and the search's
  // moving playouts. The WHN engine is 118.9 KB of its 120.
  "everything (import *)": 244 * 1024,
};

const failures = [];
const figures = {};
const run = (cmd, argv, opts = {}) => execFileSync(cmd, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...opts });

if (!existsSync(join(root, "dist", "index.js"))) {
  console.error("consumer-check: dist/ is missing; run `npm run build` first");
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), "fusillade-consumer-"));
try {
  // --- pack -------------------------------------------------------------------------------------
  const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", work], { cwd: root }))[0];
  const tarball = join(work, packed.filename);
  figures.tarball = { packed: packed.size, unpacked: packed.unpackedSize, files: packed.entryCount };
  console.log(`tarball: ${packed.filename} ${(packed.size / 1e6).toFixed(2)} MB packed, ${(packed.unpackedSize / 1e6).toFixed(2)} MB unpacked, ${packed.entryCount} files`);
  const maps = packed.files.filter((f) => f.path.endsWith(".map"));
  for (const m of maps) {
    const text = readFileSync(join(root, m.path), "utf8");
    if (text.includes('"sourcesContent"')) failures.push(`${m.path} embeds its sources (sourcesContent)`);
  }
  for (const f of JSON.parse(readFileSync(join(root, "package.json"), "utf8")).files ?? []) {
    if (!existsSync(join(root, f))) failures.push(`package.json "files" names ${f}, which does not exist`);
  }

  // --- a fresh project with the tarball installed ------------------------------------------------
  const project = (name, pkg) => {
    const dir = join(work, name);
    mkdirSync(join(dir, "node_modules", "fusillade"), { recursive: true });
    run("tar", ["-xzf", tarball, "-C", join(dir, "node_modules", "fusillade"), "--strip-components=1"]);
    for (const dep of ["zod", "immer"]) {
      symlinkSync(realpathSync(dirname(require.resolve(`${dep}/package.json`))), join(dir, "node_modules", dep), "dir");
    }
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `consumer-${name}`, private: true, ...pkg }, null, 2));
    return dir;
  };
  const tsconfig = (extra = {}) => JSON.stringify({
    compilerOptions: {
      target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true,
      exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: false,
      noEmit: true, types: [], lib: ["es2022", "dom"], ...extra,
    },
    include: ["src"],
  }, null, 2);
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const typeCheck = (dir, label, extra = []) => {
    const t0 = performance.now();
    let out = "";
    try {
      out = run(process.execPath, [tsc, "-p", dir, "--extendedDiagnostics", ...extra], { cwd: dir });
    } catch (e) {
      out = e.stdout ?? "";
      failures.push(`${label}: tsc failed\n${out.split("\n").filter((l) => l.includes("error")).slice(0, 30).join("\n")}`);
    }
    const ms = performance.now() - t0;
    const stat = (name) => /^(.*?):\s+([\d.]+)/.exec(out.split("\n").find((l) => l.startsWith(name)) ?? "")?.[2];
    figures[`tsc ${label}`] = { wallMs: Math.round(ms), checkS: Number(stat("Check time")), totalS: Number(stat("Total time")), types: Number(stat("Types")) };
    console.log(`tsc ${label}: ${(ms / 1000).toFixed(2)} s wall (tsc: check ${stat("Check time")} s, total ${stat("Total time")} s, ${stat("Types")} types; load average ${loadavg()[0].toFixed(1)})`);
  };

  const appSource = readFileSync(join(root, "scripts", "consumer", "app.ts"), "utf8");
  const esm = project("esm", { type: "module" });
  mkdirSync(join(esm, "src"));
  writeFileSync(join(esm, "src", "app.ts"), appSource);
  writeFileSync(join(esm, "tsconfig.json"), tsconfig());
  typeCheck(esm, "ESM app");
  typeCheck(esm, "ESM app, skipLibCheck true", ["--skipLibCheck"]);

  const cjs = project("cjs", { type: "commonjs" });
  mkdirSync(join(cjs, "src"));
  writeFileSync(join(cjs, "src", "app.cts"), appSource);
  writeFileSync(join(cjs, "tsconfig.json"), tsconfig());
  typeCheck(cjs, "CJS app");

  // An app of the per-ruleset entries (fusillade/whn, fusillade/fnf), in its own project.
  const rulesets = project("rulesets", { type: "module" });
  mkdirSync(join(rulesets, "src"));
  writeFileSync(join(rulesets, "src", "app-rulesets.ts"), readFileSync(join(root, "scripts", "consumer", "app-rulesets.ts"), "utf8"));
  writeFileSync(join(rulesets, "tsconfig.json"), tsconfig());
  typeCheck(rulesets, "ESM app of fusillade/whn + fusillade/fnf");

  // --- run them (type-stripped by esbuild, executed by Node) --------------------------------------
  const esbuild = require("esbuild");
  for (const [dir, file, format, ext] of [[esm, "app.ts", "esm", "mjs"], [cjs, "app.cts", "cjs", "cjs"], [rulesets, "app-rulesets.ts", "esm", "mjs"]]) {
    const out = join(dir, `${file.replace(/\.c?ts$/, "")}.${ext}`);
    esbuild.buildSync({ entryPoints: [join(dir, "src", file)], outfile: out, format, platform: "node", bundle: false, logLevel: "silent" });
    try {
      const printed = run(process.execPath, [out], { cwd: dir });
      if (!printed.includes("consumer ok")) failures.push(`${format} app ran but did not print "consumer ok": ${printed.slice(0, 300)}`);
    } catch (e) {
      failures.push(`${format} app failed to run: ${(e.stderr ?? e.message).slice(0, 1500)}`);
    }
  }

  // --- browser bundles with budgets --------------------------------------------------------------
  const entries = {
    "odds-only (root: pLeadershipPass)": `import { pLeadershipPass } from "fusillade"; console.log(pLeadershipPass(8));`,
    "engine, WHN (fusillade/whn: createBattle + apply + ridgeAction)": `import { createBattle, apply, ridgeAction } from "fusillade/whn"; const c = createBattle(ridgeAction(1)); if (c.ok) console.log(apply(c.value, { type: "turn/advance" }).ok);`,
    "engine, FnF (fusillade/fnf: createBattle + apply + scenario)": `import { createBattle, apply, scenario } from "fusillade/fnf"; const c = createBattle(scenario("coa1811", 1)); if (c.ok) console.log(apply(c.value, { type: "turn/advance" }).ok);`,
    "engine, WHN (root: createBattle + apply + scenarios.ridgeAction)": `import { createBattle, apply, scenarios } from "fusillade"; const c = createBattle(scenarios.ridgeAction(1)); if (c.ok) console.log(apply(c.value, { type: "turn/advance" }).ok);`,
    "engine, FnF (root: createBattle + apply + fnf.scenario)": `import { createBattle, apply, fnf } from "fusillade"; const c = createBattle(fnf.scenario("coa1811", 1)); if (c.ok) console.log(apply(c.value, { type: "turn/advance" }).ok);`,
    "everything (import *)": `import * as f from "fusillade"; console.log(f);`,
  };
  const browser = project("browser", { type: "module" });
  figures.gzip = {};
  for (const [label, source] of Object.entries(entries)) {
    const file = join(browser, `entry-${Object.keys(figures.gzip).length}.js`);
    writeFileSync(file, source);
    let size;
    try {
      const r = esbuild.buildSync({ entryPoints: [file], bundle: true, minify: true, platform: "browser", format: "esm", write: false, logLevel: "silent", absWorkingDir: browser });
      const code = r.outputFiles[0].contents;
      size = { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
    } catch (e) {
      failures.push(`bundle ${label} failed: ${e.message.slice(0, 800)}`);
      continue;
    }
    figures.gzip[label] = size;
    const budget = BUDGETS[label];
    const ok = budget === undefined || size.gzip <= budget;
    console.log(`bundle ${label}: ${(size.min / 1024).toFixed(1)} KB min, ${(size.gzip / 1024).toFixed(1)} KB gzip${budget ? ` (budget ${budget / 1024} KB)${ok ? "" : " OVER"}` : ""}`);
    if (!ok) failures.push(`bundle ${label}: ${(size.gzip / 1024).toFixed(1)} KB gzip is over its ${budget / 1024} KB budget`);
  }
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
if (jsonAt >= 0) writeFileSync(args[jsonAt + 1], JSON.stringify(figures, null, 2) + "\n");
if (failures.length > 0) {
  console.error(`\nconsumer-check: ${failures.length} failure(s)\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log("consumer-check: ok");
