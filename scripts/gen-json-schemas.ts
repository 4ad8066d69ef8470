/**
 * Writes the JSON Schemas of the engine's file formats to `schemas/*.json` (shipped in the
 * package), from the zod schemas (src/schemas). `--check` only compares and fails when a file is
 * missing or stale. Usage: `npm run schemas` / `npx tsx scripts/gen-json-schemas.ts --check`.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import * as fusillade from "../src/index.js";
import * as analysis from "../src/analysis/index.js";
import { jsonSchemaFiles, schemaSources } from "../src/schemas/index.js";

/** The module namespaces whose file-format schemas are published. */
export const NAMESPACES: ReadonlyArray<Readonly<Record<string, unknown>>> = [fusillade, fusillade.scenarios, analysis];

const dir = join(import.meta.dirname, "..", "schemas");
const check = process.argv.includes("--check");
const files = jsonSchemaFiles(schemaSources(NAMESPACES));
let stale = 0;
if (!check) mkdirSync(dir, { recursive: true });
for (const [name, text] of Object.entries(files)) {
  const path = join(dir, name);
  const current = existsSync(path) ? readFileSync(path, "utf8") : null;
  if (current === text) continue;
  stale++;
  if (check) console.error(`schemas/${name} is ${current === null ? "missing" : "out of date"}`);
  else writeFileSync(path, text);
}
const extra = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json") && !(f in files)) : [];
for (const f of extra) console.error(`schemas/${f} is not generated any more; delete it`);
if (check) {
  if (stale > 0 || extra.length > 0) process.exit(1);
  console.log(`schemas: ${Object.keys(files).length} files up to date`);
} else console.log(`schemas: ${Object.keys(files).length} files, ${stale} written`);
