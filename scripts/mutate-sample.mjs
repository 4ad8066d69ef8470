#!/usr/bin/env node
// `npm run mutate:sample -- [--sample N] [--seed S] [--dry] <group>[:N]... | rules`
//
// A sampled mutation score per rules folder. Full Stryker runs of all ~21 600 rule mutants do not fit
// a shared two-core machine, so this script
//   1. lists every mutant of each group with Stryker's own instrumenter (stryker/enumerate.mjs),
//   2. draws a seeded simple random sample of N mutants per group (same seed → same sample; a larger
//      N with the same seed extends the smaller sample, so incremental results are reused),
//   3. runs Stryker once on the files holding sampled mutants, with a checker plugin
//      (stryker/sample-checker.mjs) that turns every mutant outside the sample away before any test runs,
//   4. reports per group: sampled, detected, survived, static (skipped by ignoreStatic and left out),
//      the estimated score with a Wilson 95 % interval, and the survivors
//      (reports/mutation/<slug>.sample.md and .sample.json).
// A group is a folder (its own files only), a folder ending in /** (recursive), or a file.
// `rules` = every rules folder as listed in docs/guides/trust.md.
// Score = (killed + timeout) / (killed + timeout + survived + no coverage), as Stryker counts it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { enumerate } from "../stryker/enumerate.mjs";
import { mulberry32 } from "./mulberry32.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
// The commit whose tests the run uses, read before the run (a commit made during it must not be named),
// marked when the working tree differs from it (the run then used uncommitted sources or tests).
const head = (() => {
  const rev = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
  const dirty = spawnSync("git", ["status", "--porcelain"], { encoding: "utf8" }).stdout.trim() !== "";
  return dirty ? `${rev}+uncommitted` : rev;
})();

export const RULE_GROUPS = [
  "src/rules/whn/combat",
  "src/rules/whn/morale",
  "src/rules/whn/shooting",
  "src/rules/whn/artillery",
  "src/rules/whn/movement",
  "src/rules/whn",
  "src/rules/fnf/**",
  "src/rules/core",
  "src/rules",
];
/** Rule tests run against every sampled mutant (bots, goldens and self-play excluded by vitest.mutate.config.ts). */
const RULE_TESTS = ["test/combat", "test/morale", "test/shooting", "test/artillery", "test/movement", "test/rules", "test/core", "test/fnf"];

function usage(message) {
  if (message) console.error(`mutate:sample: ${message}`);
  console.error("usage: npm run mutate:sample -- [--sample N] [--seed S] [--tests path]... [--slug name] [--dry] <group>[:N]... | rules");
  process.exit(2);
}

let sampleSize = 40;
let seed = 1;
let dry = false;
let slugOption = null;
const tests = [];
const specs = [];
const extra = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 1) {
  const a = args[i];
  if (a === "--") { extra.push(...args.slice(i + 1)); break; }
  else if (a === "--sample") { sampleSize = Number(args[++i]); if (!Number.isInteger(sampleSize) || sampleSize < 1) usage("--sample needs a positive integer"); }
  else if (a === "--seed") { seed = Number(args[++i]); if (!Number.isInteger(seed)) usage("--seed needs an integer"); }
  else if (a === "--tests") { const t = args[++i]; if (!t) usage("--tests needs a path"); tests.push(t); }
  else if (a === "--slug") { slugOption = args[++i]; if (!slugOption || !/^[\w.-]+$/.test(slugOption)) usage("--slug needs a name (letters, digits, . _ -)"); }
  else if (a === "--dry") dry = true;
  else if (a === "-h" || a === "--help") usage();
  else if (a.startsWith("--")) usage(`unknown option ${a}`);
  else if (a === "rules") specs.push(...RULE_GROUPS.map((g) => ({ group: g, n: null })));
  else { const m = /^(.*?)(?::(\d+))?$/.exec(a); specs.push({ group: m[1].replace(/\/+$/, ""), n: m[2] ? Number(m[2]) : null }); }
}
if (specs.length === 0) usage("name a group (folder, folder/**, file) or `rules`");
if (tests.length === 0) tests.push(...RULE_TESTS);

function filesOf(group) {
  const recursive = group.endsWith("/**");
  const base = recursive ? group.slice(0, -3) : group;
  if (!existsSync(base)) usage(`${base} does not exist`);
  if (!statSync(base).isDirectory()) return [base];
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) { if (recursive) walk(p); } else if (e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) out.push(p);
    }
  };
  walk(base);
  return out;
}

/** mulberry32: a small seeded generator, enough for drawing samples. */
const rng = mulberry32;

export function wilson(k, n, z = 1.96) {
  if (n === 0) return [0, 1];
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

const groups = [];
const sampled = new Map(); // key -> group
for (const { group, n } of specs) {
  const files = filesOf(group);
  const all = (await enumerate(files)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // Seeded Fisher-Yates: the first N of the shuffled order are the sample, so a larger N extends it.
  const order = all.slice();
  const r = rng(seed);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(r() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const size = Math.min(n ?? sampleSize, order.length);
  const pick = order.slice(0, size);
  for (const m of pick) sampled.set(m.key, group);
  groups.push({ group, files, total: all.length, pick });
  console.error(`mutate:sample: ${group}: ${all.length} mutants in ${files.length} files, sampling ${size}`);
}

// A second run at the same time (other groups, same seed) needs its own report and incremental files.
const slug = slugOption ?? `sample-s${seed}`;
mkdirSync("reports/mutation", { recursive: true });
const samplePath = resolve(`reports/mutation/${slug}.keys.json`);
writeFileSync(samplePath, JSON.stringify({ seed, keys: [...sampled.keys()] }));

// Results of mutants turned away as "not in the sample" must not be reused by the next, larger sample.
const incremental = `reports/mutation/${slug}.incremental.json`;
if (existsSync(incremental)) {
  const inc = JSON.parse(readFileSync(incremental, "utf8"));
  for (const f of Object.values(inc.files ?? {})) f.mutants = f.mutants.filter((m) => !(m.status === "CompileError" && String(m.statusReason ?? "").includes("not in the sample")));
  writeFileSync(incremental, JSON.stringify(inc));
}

const mutateFiles = [...new Set([...sampled.keys()].map((k) => k.slice(0, k.indexOf("@"))))].sort();
if (!dry && mutateFiles.length > 0) {
  const run = spawnSync(process.execPath, [join(root, "scripts", "mutate.mjs"), ...mutateFiles, ...tests.flatMap((t) => ["--tests", t]), "--", ...extra], {
    stdio: "inherit",
    env: { ...process.env, FUSILLADE_MUTATE_SAMPLE: samplePath, FUSILLADE_MUTATE_SLUG_OVERRIDE: slug },
  });
  if (run.status !== 0) console.error(`mutate:sample: Stryker exited with ${run.status}; scoring whatever the report holds`);
}

// Score from Stryker's JSON report (1-based lines and columns there; keys are 0-based).
// An interrupted run (SIGTERM) writes no report, only the incremental file: read that instead.
const reportPath = [`reports/mutation/${slug}.json`, incremental].find((p) => existsSync(p)) ?? `reports/mutation/${slug}.json`;
const status = new Map();
if (existsSync(reportPath)) {
  const report = JSON.parse(readFileSync(reportPath, "utf8"));
  for (const [file, f] of Object.entries(report.files)) {
    const rel = relative(root, resolve(root, file)).split("\\").join("/");
    for (const m of f.mutants) {
      const l = m.location;
      const k = `${rel}@${l.start.line - 1}:${l.start.column - 1}-${l.end.line - 1}:${l.end.column - 1}#${m.mutatorName}#${m.replacement}`;
      status.set(k, m);
    }
  }
}
const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);
const date = new Date().toISOString().slice(0, 10);
const lines = [`# Sampled mutation score (seed ${seed}, ${date}, tests at ${head}; tests: ${tests.join(", ")})`, "",
  "| group | mutants | sampled | valid | detected | survived | static/other | score | 95 % interval |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"];
const json = [];
const survivorLines = [];
for (const g of groups) {
  let k = 0, u = 0, other = 0, missing = 0;
  const survivors = [];
  for (const m of g.pick) {
    const r = status.get(m.key);
    if (!r) { missing += 1; continue; }
    if (DETECTED.has(r.status)) k += 1;
    else if (UNDETECTED.has(r.status)) { u += 1; survivors.push({ ...m, status: r.status }); }
    else other += 1;
  }
  const n = k + u;
  const [lo, hi] = wilson(k, n);
  const pct = (x) => `${(100 * x).toFixed(1)} %`;
  lines.push(`| ${g.group} | ${g.total} | ${g.pick.length} | ${n} | ${k} | ${u} | ${other}${missing ? ` (+${missing} not run)` : ""} | ${n ? pct(k / n) : "–"} | ${n ? `${pct(lo)} – ${pct(hi)}` : "–"} |`);
  json.push({ group: g.group, total: g.total, sampled: g.pick.length, valid: n, detected: k, survived: u, other, missing, score: n ? k / n : null, interval: [lo, hi], survivors });
  for (const s of survivors) survivorLines.push(`- ${g.group}: ${s.file}:${s.line} ${s.mutatorName} → \`${s.replacement.replace(/\s+/g, " ").slice(0, 80)}\` (${s.status})`);
}
lines.push("", "## Survivors", "", ...survivorLines);
writeFileSync(`reports/mutation/${slug}.sample.md`, `${lines.join("\n")}\n`);
writeFileSync(`reports/mutation/${slug}.sample.json`, JSON.stringify({ seed, date, head, tests, groups: json }, null, 1));
console.log(lines.join("\n"));
