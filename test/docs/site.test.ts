import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The docs site (typedoc.json) and the README as npm shows them: every guide is a page of the site
// with a title for the sidebar, and the README links only to absolute addresses (npm does not ship docs/).
const ROOT = join(import.meta.dirname, "..", "..");
const read = (p: string): string => readFileSync(join(ROOT, p), "utf8");
const typedoc = JSON.parse(read("typedoc.json")) as { projectDocuments: string[] };
const guides = readdirSync(join(ROOT, "docs", "guides")).filter((f) => f.endsWith(".md")).map((f) => `docs/guides/${f}`);

describe("docs site", () => {
  it("renders every guide (typedoc.json projectDocuments lists each docs/guides/*.md)", () => {
    expect(guides.length).toBeGreaterThan(10);
    for (const g of guides) expect(typedoc.projectDocuments, g).toContain(g);
  });

  it("every page has a front-matter title, and titles are distinct", () => {
    const titles = typedoc.projectDocuments.map((p) => {
      const m = /^---\ntitle: (.+)\n---\n/.exec(read(p));
      expect(m, `${p} has no "title:" front matter`).not.toBeNull();
      return m![1]!;
    });
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe("README", () => {
  const readme = read("README.md");
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

  it("links only to absolute URLs (the package does not ship docs/)", () => {
    expect(links.length).toBeGreaterThan(10);
    for (const l of links) expect(l, l).toMatch(/^https:\/\//);
  });

  it("links every guide", () => {
    for (const g of guides) expect(links.some((l) => l.endsWith(`/${g}`)), g).toBe(true);
  });
});
