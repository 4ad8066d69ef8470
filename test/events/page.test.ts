/** The event catalogue page and JSON Schema are generated from the catalogue and kept up to date. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { EVENT_TYPES, describeEvent, parseEvent, type BattleEvent } from "../../src/index.js";
import { eventsPage, exampleEvent } from "../../scripts/events-page.js";

const root = join(import.meta.dirname, "..", "..");

describe("event catalogue page", () => {
  it("docs/guides/events.md is up to date (run `npm run docs:events`)", () => {
    expect(readFileSync(join(root, "docs", "guides", "events.md"), "utf8")).toBe(eventsPage());
  });

  it("lists every event type with an example that matches its schema and reads as a sentence", () => {
    const page = eventsPage();
    for (const t of EVENT_TYPES) {
      expect(page).toContain(`### ${t}\n`);
      const e = exampleEvent(t);
      expect(parseEvent(e).ok, t).toBe(true);
      const prose = describeEvent(e as unknown as BattleEvent);
      expect(prose, t).toMatch(/^[^{}[\]]+$/);
      expect(prose, t).not.toMatch(/undefined|NaN|\[object/);
    }
  });

  it("describeEvent names units from the state and rounds numbers for people", () => {
    const e = { type: "unit/fled", rule: "CORE-PANIC-3", seq: 4, gameTurn: 2, unit: "fr-45", from: "gb-52", dice: [4, 3], roll: 7, cause: "CORE-PANIC-3", distance: 6.4999999 } as const;
    expect(describeEvent(e as unknown as BattleEvent, (id) => (id === "fr-45" ? "45e Ligne" : id === "gb-52" ? "52nd Foot" : id))).toBe('45e Ligne flee 6.5" from 52nd Foot (rolled 4 + 3 = 7)');
  });

  it("describes an event type the catalogue does not know from its fields, without JSON", () => {
    const e = { type: "custom/thing", rule: "CORE-TURN-1", seq: 1, gameTurn: 1, distance: 2.345, where: { x: 1.25, y: 3 } } as BattleEvent;
    expect(describeEvent(e)).toBe("custom: thing (distance 2.3; where x 1.3, y 3)");
  });
});

describe("the app-integration guide's events snippet", () => {
  it("CORE-TURN-2: advances to the first real decision and describes its events in words", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      const m = (await import("../docs/snippets/typed-events.js")) as { log: string[]; where: { phase: string; step: string | null }; losses: (e: readonly unknown[]) => number };
      expect(m.where).toMatchObject({ phase: "movement", step: "declareCharges" });
      expect(m.log.length).toBeGreaterThan(0);
      for (const line of m.log) expect(line).toMatch(/^[^{}]+$/);
      expect(m.losses([{ type: "unit/casualties", removed: 2 }, { type: "combat/casualties", removed: 3 }, { type: "unit/fled" }])).toBe(5);
    } finally {
      log.mockRestore();
    }
  });
});
