#!/usr/bin/env node
// `npm run mutate -- <src folder or file> [...] [--tests <test folder or file>]... [-- <stryker args>]`
//
// Mutation testing of the rules with Stryker 10 and its vitest runner. Stryker 10 needs Node >= 22
// while the project targets Node 20, so the run uses the pinned Node binary of tools/node22 (installed
// there on first use; it is not a root devDependency because the `node` package's bin would replace
// Node 20 in every npm script). Results and the incremental file land in reports/mutation/ (ignored by git);
// a second run of the same target only re-tests mutants whose code or tests changed.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Test folders that exercise each rules folder (first match wins). */
const TESTS_FOR = [
  ["src/rules/whn/morale", ["test/morale"]],
  ["src/rules/whn/combat", ["test/combat"]],
  ["src/rules/whn/shooting", ["test/shooting"]],
  ["src/rules/whn/artillery", ["test/artillery"]],
  ["src/rules/whn/movement", ["test/movement"]],
  ["src/rules/whn/leadership.ts", ["test/morale"]],
  ["src/rules/whn/tables.ts", ["test/rules", "test/shooting", "test/combat"]],
  ["src/rules/fnf", ["test/fnf"]],
];

function usage(message) {
  if (message) console.error(`mutate: ${message}`);
  console.error("usage: npm run mutate -- <src folder or file>... [--tests <test folder or file>]... [-- <stryker args>]");
  process.exit(2);
}

const args = process.argv.slice(2);
const targets = [];
const tests = [];
const extra = [];
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i];
  if (arg === "--") {
    extra.push(...args.slice(i + 1));
    break;
  } else if (arg === "--tests") {
    const value = args[i + 1];
    if (value === undefined) usage("--tests needs a folder or file");
    tests.push(value);
    i += 1;
  } else if (arg === "-h" || arg === "--help") {
    usage();
  } else if (arg.startsWith("--")) {
    extra.push(arg);
  } else {
    targets.push(arg);
  }
}
if (targets.length === 0) usage("name a source folder or file to mutate (e.g. src/rules/whn/morale)");

const explicitTests = tests.length > 0;
const globs = [];
for (const target of targets) {
  const abs = resolve(root, target);
  if (!existsSync(abs)) usage(`${target} does not exist`);
  const rel = relative(root, abs).split("\\").join("/");
  if (rel.startsWith("..") || !rel.startsWith("src/")) usage(`${target} is not under src/`);
  globs.push(statSync(abs).isDirectory() ? `${rel}/**/*.ts` : rel);
  if (!explicitTests) {
    const match = TESTS_FOR.find(([prefix]) => rel === prefix || rel.startsWith(`${prefix}/`));
    for (const t of match ? match[1] : ["test"]) if (!tests.includes(t)) tests.push(t);
  }
}
for (const t of tests) if (!existsSync(resolve(root, t))) usage(`test path ${t} does not exist`);

// Node >= 22 for Stryker, from tools/node22 (pinned by its own lockfile).
const toolDir = join(root, "tools", "node22");
const node22 = join(toolDir, "node_modules", "node", "bin", process.platform === "win32" ? "node.exe" : "node");
if (!existsSync(node22)) {
  console.error("mutate: installing the pinned Node 22 into tools/node22 (first run only)");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const install = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], { cwd: toolDir, stdio: "inherit", shell: process.platform === "win32" });
  if (install.status !== 0 || !existsSync(node22)) {
    console.error("mutate: could not install Node 22 in tools/node22");
    process.exit(1);
  }
}

const stryker = join(root, "node_modules", "@stryker-mutator", "core", "bin", "stryker.js");
if (!existsSync(stryker)) usage("@stryker-mutator/core is not installed (run npm ci)");

const slug = process.env.FUSILLADE_MUTATE_SLUG_OVERRIDE || targets
  .map((t) => relative(join(root, "src"), resolve(root, t)).split(/[\\/]/).join("-").replace(/\.ts$/, ""))
  .join("+");
const command = [node22, stryker, "run", "stryker.config.mjs", ...extra];
// Be kind to a shared machine: lowest scheduling priority where `nice` exists.
const useNice = process.platform !== "win32" && spawnSync("nice", ["true"]).status === 0;
const [file, ...rest] = useNice ? ["nice", "-n", "10", ...command] : command;
console.error(`mutate: ${globs.join(", ")} against ${tests.join(", ")} (report: reports/mutation/${slug}.html)`);
const run = spawnSync(file, rest, {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    FUSILLADE_MUTATE: globs.join(","),
    FUSILLADE_MUTATE_SLUG: slug,
    FUSILLADE_MUTATE_TESTS: tests.join(","),
    FUSILLADE_MUTATE_SAMPLE: process.env.FUSILLADE_MUTATE_SAMPLE ?? "",
  },
});
process.exit(run.status ?? 1);
