#!/usr/bin/env node
// Rules coverage matrix: for every rule id of the specification (src/rules/ruleIds.ts, generated
// from ../shared/rules), the test files and test titles that cite it. Writes
// docs/guides/coverage.md (a typedoc project document). A test "checks" a rule when its title names
// the rule id (the project's convention: `it("WHN-PANIC-3: …")`); an id that a test file mentions
// elsewhere (a comment, a fixture, an expected event) is listed as "cited".
// Usage: node scripts/gen-coverage-matrix.mjs [--stdout] [--json]
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const ID = /\b(?:WHN|CORE|HR|FNF)-[A-Z]+-\d+[a-z]?\b/g;

const AREAS = {
  GEN: "general", TURN: "turn sequence", MOVE: "movement", CHRG: "charges", SHOOT: "shooting", WOUND: "wounding",
  SAVE: "saves", CC: "close combat", CR: "combat result", BREAK: "break tests", FLEE: "fleeing", PURS: "pursuit",
  RALLY: "rallying", REDR: "redressing ranks", DISENG: "disengaging", PANIC: "panic", LEAD: "leaders", STD: "standards",
  MUS: "musicians", CHAR: "characters", LOS: "look out, sir", CHAL: "challenges", GNRL: "the General", BSB: "battle standard",
  WPN: "weapons", UNIT: "unit rules", GEO: "geometry", PROF: "profiles", QUAL: "quality", FORM: "formations",
  FCHG: "formation changes", DIS: "disorder", DET: "detachments", SKIRM: "skirmishers", ART: "artillery", FIRE: "fire / fires",
  COVER: "units as cover", FLANK: "flank charges", HILL: "hills", VOLLEY: "volley fire", SQUARE: "squareness",
  SCALE: "scales", ORG: "organisation", CLASS: "classes", STAT: "status", CMD: "command", MAN: "maneuver", MEL: "melee", LDR: "fallen leaders",
};
/**
 * CORE rules that WHN replaces (WHN-GEN-2, WHN-GEN-3): they apply to CORE battles only. Every other
 * CORE rule and every house rule applies to both figure-scale rulesets (README "Rulesets").
 */
const CORE_ONLY = new Set(["CORE-GNRL-1", "CORE-BREAK-1", "CORE-PANIC-1", "CORE-PANIC-8", "CORE-MOVE-1", "CORE-SHOOT-2", "CORE-SHOOT-4", "CORE-RALLY-4", "CORE-WPN-7", "CORE-BSB-1"]);
/** The rulesets a rule id belongs to. */
function rulesetsOf(id) {
  if (id.startsWith("FNF-")) return ["fnf"];
  if (id.startsWith("WHN-")) return ["whn"];
  if (CORE_ONLY.has(id)) return ["core"];
  return ["core", "whn"];
}
/** The ruleset a test file plays: test/core → core, test/fnf → fnf, anything else WHN. */
function rulesetOfTest(file) {
  if (file.startsWith("test/core/")) return "core";
  if (file.startsWith("test/fnf/")) return "fnf";
  return "whn";
}
const PREFIXES = { CORE: "CORE (baseline and seed 004)", WHN: "WHN (Napoleonic changes)", HR: "House rules", FNF: "FnF (brigade scale)" };

/** Every rule id, in the specification's order (numeric within an area). */
function ruleIds() {
  const text = readFileSync(join(root, "src/rules/ruleIds.ts"), "utf8");
  return [...text.matchAll(/"((?:WHN|CORE|HR|FNF)-[A-Z]+-\d+[a-z]?)"/g)].map((m) => m[1]);
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.test(-d)?\.[cm]?[jt]sx?$/.test(name)) out.push(p);
  }
  return out;
}

/** Titles of `it(…)`, `test(…)` and `describe(…)` calls (modifiers and `.each(…)` included). */
function titles(source) {
  const out = [];
  const call = /\b(it|test|describe|bench)((?:\s*\.\s*\w+)*)\s*(?:\(\s*(?:\[[\s\S]*?\]|[^()]*?)\)\s*)?\(\s*(["'`])/g;
  for (let m = call.exec(source); m !== null; m = call.exec(source)) {
    const quote = m[3];
    let i = call.lastIndex;
    let s = "";
    while (i < source.length && source[i] !== quote) {
      if (source[i] === "\\") {
        s += source[i + 1] ?? "";
        i += 2;
      } else s += source[i++];
    }
    out.push({ kind: m[1], title: s.replace(/\s+/g, " ").trim() });
  }
  return out;
}

const ids = ruleIds();
const known = new Set(ids);
const byId = new Map(ids.map((id) => [id, { tests: [], cited: new Set() }]));
const files = walk(join(root, "test"));
const unknown = new Set();
for (const file of files) {
  const rel = relative(root, file).replaceAll("\\", "/");
  const source = readFileSync(file, "utf8");
  const inTitles = new Set();
  for (const t of titles(source)) {
    if (t.kind === "describe") continue;
    for (const id of new Set(t.title.match(ID) ?? [])) {
      if (!known.has(id)) {
        unknown.add(id);
        continue;
      }
      byId.get(id).tests.push({ file: rel, title: t.title });
      inTitles.add(id);
    }
  }
  for (const id of new Set(source.match(ID) ?? [])) if (known.has(id) && !inTitles.has(id)) byId.get(id).cited.add(rel);
}

const pct = (a, b) => (b === 0 ? "–" : `${Math.round((100 * a) / b)}%`);
const groups = new Map();
for (const id of ids) {
  const [prefix, area] = id.split("-");
  const key = `${prefix}-${area}`;
  if (!groups.has(key)) groups.set(key, { prefix, area, ids: [] });
  groups.get(key).ids.push(id);
}

if (args.includes("--json")) {
  console.log(JSON.stringify(Object.fromEntries([...byId].map(([id, v]) => [id, { tests: v.tests, cited: [...v.cited] }])), null, 2));
  process.exit(0);
}

const cell = (s) => s.replaceAll("|", "\\|").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const tested = ids.filter((id) => byId.get(id).tests.length > 0).length;
const citedOnly = ids.filter((id) => byId.get(id).tests.length === 0 && byId.get(id).cited.size > 0).length;
let md = `---
title: Rules coverage
---
# Rules coverage matrix

Generated by \`scripts/gen-coverage-matrix.mjs\` from the test suite (\`npm run coverage:rules\`); do
not edit by hand. Every rule id of the specification is listed with the tests whose **title** names
it (the project's convention: \`it("WHN-PANIC-3: a disordered unit that fails flees", …)\`). A rule
that a test file only *mentions* (in a fixture, a comment or an expected event) is marked "cited".
The rulesets column names the rulesets the rule belongs to (CORE rules that WHN replaces, WHN-GEN-2,
belong to \`core\` alone); a ✓ marks a ruleset under which a titled test plays it (tests in
\`test/core\` play CORE battles, \`test/fnf\` FnF, the others WHN).

**${tested} of ${ids.length} rule ids (${pct(tested, ids.length)}) have a test that names them**; ${citedOnly} more are cited by a test file.

## Summary

| ruleset | area | rule ids | tested | cited only | untested |
| --- | --- | ---: | ---: | ---: | ---: |
`;
for (const g of groups.values()) {
  const t = g.ids.filter((id) => byId.get(id).tests.length > 0).length;
  const c = g.ids.filter((id) => byId.get(id).tests.length === 0 && byId.get(id).cited.size > 0).length;
  md += `| ${g.prefix} | [${g.prefix}-${g.area}](#${`${g.prefix}-${g.area}`.toLowerCase()}) ${AREAS[g.area] ?? ""} | ${g.ids.length} | ${t} (${pct(t, g.ids.length)}) | ${c} | ${g.ids.length - t - c} |\n`;
}
let prefix = "";
for (const g of groups.values()) {
  if (g.prefix !== prefix) {
    prefix = g.prefix;
    md += `\n## ${PREFIXES[prefix] ?? prefix}\n`;
  }
  md += `\n### ${g.prefix}-${g.area}\n\n${AREAS[g.area] ? `${AREAS[g.area][0].toUpperCase()}${AREAS[g.area].slice(1)}.\n\n` : ""}| rule | rulesets (tested under) | tests |\n| --- | --- | --- |\n`;
  for (const id of g.ids) {
    const v = byId.get(id);
    const under = new Set(v.tests.map((t) => rulesetOfTest(t.file)));
    const rulesets = rulesetsOf(id).map((r) => (under.has(r) ? `${r} ✓` : r)).join(", ");
    const tests = v.tests.map((t) => `\`${t.file}\`: ${cell(t.title)}`);
    const cited = v.cited.size > 0 ? [`cited in ${[...v.cited].map((f) => `\`${f}\``).join(", ")}`] : [];
    md += `| ${id} | ${rulesets} | ${[...tests, ...cited].join("<br>") || "—"} |\n`;
  }
}
if (unknown.size > 0) md += `\n## Ids in test titles that the specification does not define\n\n${[...unknown].sort().join(", ")}\n`;

if (args.includes("--stdout")) process.stdout.write(md);
else {
  writeFileSync(join(root, "docs/guides/coverage.md"), md);
  console.log(`coverage: ${tested}/${ids.length} rule ids tested by title (${pct(tested, ids.length)}), ${citedOnly} cited only; wrote docs/guides/coverage.md`);
}
