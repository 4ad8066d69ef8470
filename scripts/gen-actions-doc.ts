/**
 * Writes docs/guides/actions.md, the action catalogue page (see scripts/actions-page.ts). Usage:
 * `npm run docs:actions` (`--check` fails when the page is stale).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { actionsPage } from "./actions-page.js";

const out = join(resolve(import.meta.dirname, ".."), "docs", "guides", "actions.md");
const page = actionsPage();
if (process.argv.includes("--check")) {
  if (!existsSync(out) || readFileSync(out, "utf8") !== page) {
    console.error("docs/guides/actions.md is out of date: run `npm run docs:actions`");
    process.exit(1);
  }
  console.log("docs/guides/actions.md is up to date");
} else {
  writeFileSync(out, page);
  console.log(`docs/guides/actions.md: ${page.split("\n### ").length - 1} action types`);
}
