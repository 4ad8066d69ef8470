/**
 * Writes docs/guides/events.md, the event catalogue page (see scripts/events-page.ts). Usage:
 * `npm run docs:events` (`--check` fails when the page is stale).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { eventsPage } from "./events-page.js";

const out = join(resolve(import.meta.dirname, ".."), "docs", "guides", "events.md");
const page = eventsPage();
if (process.argv.includes("--check")) {
  if (!existsSync(out) || readFileSync(out, "utf8") !== page) {
    console.error("docs/guides/events.md is out of date: run `npm run docs:events`");
    process.exit(1);
  }
  console.log("docs/guides/events.md is up to date");
} else {
  writeFileSync(out, page);
  console.log(`docs/guides/events.md: ${page.split("\n### ").length - 1} event types`);
}
