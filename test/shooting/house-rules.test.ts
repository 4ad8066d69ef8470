import { describe, expect, it } from "vitest";
import { duel, play, refuse, unit, event, fire, shootingBattle, shooterSetup, targetSetup, battalion } from "../fixtures/shooting.js";
import type { BattleSetup } from "../../src/state/setup.js";

const screenUnit = (over = {}) => battalion("gb-2", "gb", { figures: 6, files: 6, light: true, formation: "LINE", position: { x: 36, y: 15 }, facing: 270, command: {}, ...over });
const screened = (over: Partial<BattleSetup> = {}, shooter = {}) =>
  shootingBattle([shooterSetup({ initialVolleyUsed: true, ...shooter }), targetSetup(10), screenUnit()], { options: { hr: { cover: true } }, ...over });

describe("units as cover (HR-COVER)", () => {
  it("HR-COVER-1: with the house rule on, a unit in the way gives cover instead of blocking", () => {
    const r = play(screened(), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ cover: "hard", need: 7 });
  });

  it("HR-COVER-2: the cover is soft against bows (arcing) and hard against firearms (AMB-51)", () => {
    const bows = play(screened({}, { equipment: { missile: "bow", melee: "handWeapon" } }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(bows.events, "shooting/fired")).toMatchObject({ cover: "soft", band: "close", need: 5 });
    const opt = screened({ options: { hr: { cover: true, coverType: { firearms: "soft" } } } });
    const r = play(opt, fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ cover: "soft", need: 6 });
  });

  it("HR-COVER-3: a roll that fails only because of the unit's hard cover hits the unit in the way, with the same dice (AMB-52)", () => {
    // n0 = 5 (long), n1 = 7. 6 then 4: target; 6 then 3: screen; 5: screen; 4, 1, 1: misses.
    const dice = [6, 4, 6, 3, 5, 4, 1, 1, /* wounds: target */ 6, /* screen */ 6, 6, /* panic gb-1 */ 1, 1, /* panic gb-2 */ 1, 1];
    const r = play(screened(), fire("fr-1", "gb-1"), dice);
    expect(event(r.events, "shooting/hits")).toMatchObject({ hits: 1, screenHits: 2 });
    expect(unit(r.state, "gb-1").figures).toBe(9);
    expect(unit(r.state, "gb-2").figures).toBe(4);
    expect(r.events.filter((e) => e.type === "morale/panicTest").map((e) => e["unit"])).toEqual(["gb-1", "gb-2"]);
  });

  it("HR-COVER-3: with hard terrain cover on the target as well, misses are not redirected", () => {
    const wall = { id: "wall", kind: "wall", polygon: [{ x: 30, y: 19 }, { x: 42, y: 19 }, { x: 42, y: 19.5 }, { x: 30, y: 19.5 }], tags: { hardCover: true } };
    const r = play(screened({ terrain: [wall] }), fire("fr-1", "gb-1"), [6, 3, 5, 5, 1, 1, 1]);
    expect(event(r.events, "shooting/hits")).toMatchObject({ need: 7, hits: 0, screenHits: 0 });
  });

  it("CORE-GEO-17 / WHN-SHOOT-5: soft terrain cover over the target is −1, hard −2, never both", () => {
    const hedge = { id: "hedge", kind: "hedge", polygon: [{ x: 30, y: 19 }, { x: 42, y: 19 }, { x: 42, y: 19.5 }, { x: 30, y: 19.5 }], tags: { softCover: true } };
    const r = play(duel(10, { initialVolleyUsed: true }, {}, { terrain: [hedge] }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ cover: "soft", need: 6 });
    const both = { ...hedge, id: "both", tags: { softCover: true, hardCover: true } };
    const r2 = play(duel(10, { initialVolleyUsed: true }, {}, { terrain: [both] }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(r2.events, "shooting/fired")).toMatchObject({ cover: "hard", need: 7 });
  });
});

describe("hills (HR-HILL-1) and the switches (HR-GEN-1)", () => {
  const hill = { id: "hill", kind: "hill", polygon: [{ x: 20, y: 0 }, { x: 52, y: 0 }, { x: 52, y: 12 }, { x: 20, y: 12 }], tags: { hill: 1 } };

  it("HR-HILL-1: a unit wholly on a hill fires its first two ranks in full", () => {
    const r = play(duel(10, {}, {}, { terrain: [hill], options: { hr: { hillsTwoRanks: true } } }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ firers: 8, firersRule: "HR-HILL-1" });
  });

  it("HR-HILL-1: not for DISORDERED units (AMB-54), which fire one rank", () => {
    const r = play(duel(10, { order: "DISORDERED" }, {}, { terrain: [hill], options: { hr: { hillsTwoRanks: true } } }), fire("fr-1", "gb-1"), [1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ firers: 4, firersRule: "WHN-SHOOT-11" });
  });

  it("HR-GEN-1: house rules are off unless switched on (hill: usual ranks; units block sight)", () => {
    const r = play(duel(10, {}, {}, { terrain: [hill] }), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ firers: 6, firersRule: "WHN-SHOOT-9" });
    const s = shootingBattle([shooterSetup(), targetSetup(10), screenUnit()]);
    expect(refuse(s, fire("fr-1", "gb-1"))).toMatchObject({ code: "shooting/no_line_of_sight" });
  });
});
