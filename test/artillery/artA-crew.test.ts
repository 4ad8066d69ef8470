import { describe, expect, it } from "vitest";
import { unitId } from "../../src/index.js";
import { behindGun, crewApart, crewUnitId, shelterProblem, spawnCrew } from "../../src/rules/whn/artillery/crew.js";
import { battle, gun, line, patch, unit } from "../fixtures/artillery.js";

// A gun at (36, 4) facing north, a British square 3 files of 12 whose front edge is at (40, y).
const sq = (y: number, over = {}) => line("gb-sq", y, { formation: "SQUARE", figures: 12, files: 3, position: { x: 40, y }, facing: 270, ...over });
const base = (spec: Parameters<typeof gun>[2] = {}, extra: Parameters<typeof battle>[0] = []) => battle([gun("gb-art", "gb", spec), ...extra]);

describe("crew apart from their gun (WHN-ART-2, WHN-ART-7, WHN-ART-16)", () => {
  it("crewUnitId: the gun id with .crew, the gun id cut to 58 characters", () => {
    expect(crewUnitId(unitId("gb-art"))).toBe("gb-art.crew");
    expect(crewUnitId(unitId("x".repeat(70)))).toBe(`${"x".repeat(58)}.crew`);
  });

  it("WHN-ART-16: foot crew spawn as a one-rank infantry line at their M; the gun keeps no models and is abandoned", () => {
    const s = base();
    const g = unit(s, "gb-art");
    const r = spawnCrew(s, g, { x: 1, y: 2 }, 45);
    expect(r.crew).toMatchObject({
      id: "gb-art.crew",
      name: "gb-art battery crew",
      troopType: "infantry",
      profile: { ...g.profile, M: 4 },
      startingFigures: 4,
      command: { leader: false, standard: false, musician: false },
      formation: "LINE",
      files: 4,
      position: { x: 1, y: 2 },
      facing: 45,
      models: null,
      initialVolleyUsed: true,
      detachmentOf: null,
      mergedInto: null,
      artillery: null,
      removed: null,
      returnAt: null,
      standardsCaptured: [],
      standardLost: false,
      figures: 4,
      side: "gb",
    });
    expect(unit(r.state, "gb-art.crew")).toEqual(r.crew);
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 0, woundsTaken: 0, artillery: { ...g.artillery, abandoned: true, shelteringIn: null } });
    expect(crewApart(r.state, unitId("gb-art"))?.id).toBe("gb-art.crew");
    expect(crewApart(s, unitId("gb-art"))).toBe(undefined);
    expect(crewApart(patch(r.state, "gb-art.crew", { removed: { reason: "destroyed", gameTurn: 1 } }), unitId("gb-art"))).toBe(undefined);
  });

  it("WHN-ART-2: horse-artillery crew spawn mounted (cavalry line, M8, cavalry bases)", () => {
    const s = base({ arm: "horse" });
    const foot = spawnCrew(base(), unit(base(), "gb-art"), { x: 0, y: 0 }, 90).crew;
    const r = spawnCrew(s, unit(s, "gb-art"), { x: 0, y: 0 }, 90);
    expect(r.crew).toMatchObject({ troopType: "cavalry", formation: "CAV_LINE", profile: { M: 8 } });
    expect(r.crew.base).not.toEqual(foot.base);
    expect(r.crew.base.d).toBeGreaterThan(foot.base.d);
  });

  it("WHN-ART-16: the crew stand just behind the gun, one gun depth (80 mm, the piece and its crew) back along its facing", () => {
    const g = unit(base(), "gb-art");
    const p = behindGun(g);
    expect(p.x).toBeCloseTo(36, 9);
    expect(p.y).toBeCloseTo(4 - 80 / 25.4, 9);
  });

  it("WHN-ART-7: shelter refusals — not a friendly square in play, not a square, too far (a square 3 inches off is reachable, one 36 inches off is not)", () => {
    const near = base({}, [sq(7)]);
    const g = unit(near, "gb-art");
    expect(shelterProblem(near, g, unitId("gb-sq"), g)).toBe(null);
    expect(shelterProblem(near, g, unitId("nope"), g)).toEqual({ unit: "gb-art", square: "nope", code: "artillery/no_friendly_square", rule: "WHN-ART-7" });
    const enemy = base({}, [sq(9, { side: "fr" })]);
    expect(shelterProblem(enemy, unit(enemy, "gb-art"), unitId("gb-sq"), unit(enemy, "gb-art"))).toMatchObject({ code: "artillery/no_friendly_square" });
    const lineUp = base({}, [line("gb-sq", 7)]);
    expect(shelterProblem(lineUp, unit(lineUp, "gb-art"), unitId("gb-sq"), unit(lineUp, "gb-art"))).toEqual({ unit: "gb-art", square: "gb-sq", formation: "LINE", code: "artillery/not_a_square", rule: "WHN-ART-7" });
    const far = base({}, [sq(40)]);
    const v = shelterProblem(far, unit(far, "gb-art"), unitId("gb-sq"), unit(far, "gb-art"));
    expect(v).toMatchObject({ unit: "gb-art", square: "gb-sq", reach: 4, code: "artillery/square_too_far", rule: "WHN-ART-7" });
    expect(v?.["distance"] as number).toBeGreaterThan(4);
  });
});
