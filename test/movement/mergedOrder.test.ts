/** WHN-DET-5 with two merged detachments (found unreached by the sampled mutation run, #17). */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { mergedDetachments } from "../../src/rules/whn/combined.js";
import type { UnitId } from "../../src/state/ids.js";
import { battleOf, fr, gb, patch } from "../fixtures/movement.js";

const det = (id: string, x: number) => fr(id, x, 10, { light: true, figures: 4, startingFigures: 4, files: 4, formation: "LINE", detachmentOf: "fr-1", command: {} });

describe("merged detachments", () => {
  it("WHN-DET-5: a parent's merged detachments come in id order whatever the state's key order; gone or empty ones drop out", () => {
    let s: BattleState = battleOf([fr("fr-1", 36, 10), det("fr-d2", 44), det("fr-d1", 52), det("fr-d3", 60), gb("gb-1", 36, 44)]);
    for (const id of ["fr-d2", "fr-d1", "fr-d3"]) s = patch(s, id, { mergedInto: "fr-1" as UnitId });
    expect(mergedDetachments(s, "fr-1" as UnitId).map((u) => u.id)).toEqual(["fr-d1", "fr-d2", "fr-d3"]);
    const fewer = patch(patch(s, "fr-d3", { figures: 0 }), "fr-d1", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(mergedDetachments(fewer, "fr-1" as UnitId).map((u) => u.id)).toEqual(["fr-d2"]);
    expect(mergedDetachments(s, "fr-d1" as UnitId)).toEqual([]);
  });
});
