/**
 * A width named by the player may not have more files than the unit has models (WHN-FORM-2…7): a
 * formation change and a detachment's split refuse it, as the rally reform does (CORE-RALLY-4).
 * Casualties may still leave stored files above the models (WHN-FORM-9); only a named width is held.
 */
import { describe, expect, it } from "vitest";
import { formatViolation } from "../../src/index.js";
import { filesBeyondModels } from "../../src/rules/whn/movement/formations.js";
import { battleOf, fr, gb, must, patch, refused, toStep, toTurnStep, unitOf } from "../fixtures/movement.js";

/** Four light grenadiers in one rank (a light line may stand in one rank, AMB-109), detached from fr-1. */
const grenadiers = (over: Record<string, unknown> = {}) =>
  fr("fr-d", 40, 10, { light: true, figures: 4, startingFigures: 4, files: 4, formation: "LINE", detachmentOf: "fr-1", command: {}, ...over });
const ready = () => toStep(battleOf([fr("fr-1", 36, 10), grenadiers(), gb("gb-1", 36, 44)]), "remaining");
const cf = (unit: string, formation: string, files?: number) => ({ type: "movement/changeFormation", unit, formation, ...(files === undefined ? {} : { files }) });

describe("WHN-FORM-5: a named width wider than the unit", () => {
  it("WHN-SKIRM-2: four grenadiers may take open order 4 files wide but not 5", () => {
    const s = ready();
    expect(unitOf(must(s, cf("fr-d", "OPEN_ORDER", 4)), "fr-d")).toMatchObject({ formation: "OPEN_ORDER", files: 4 });
    expect(refused(s, cf("fr-d", "OPEN_ORDER", 5))).toEqual({ code: "movement/formation_not_allowed", rule: "WHN-SKIRM-2", unit: "fr-d", formation: "OPEN_ORDER", files: 5, why: "5 files for 4 models" });
  });

  it("WHN-FORM-5: the refusal reads in English with the unit, formation and both counts", () => {
    const v = refused(ready(), cf("fr-1", "LINE", 25));
    expect(v).toEqual({ code: "movement/formation_not_allowed", rule: "WHN-FORM-5", unit: "fr-1", formation: "LINE", files: 25, why: "25 files for 24 models" });
    expect(formatViolation(v as Parameters<typeof formatViolation>[0])).toContain("25 files for 24 models");
  });

  it("WHN-FORM-9: a line that lost models keeps its stored width and may still re-face without naming one", () => {
    const s = patch(ready(), "fr-d", { figures: 3 });
    // Files 4 stored for 3 models: turning about (no width named) is not refused for the width.
    expect(unitOf(must(s, { type: "movement/changeFormation", unit: "fr-d", formation: "LINE", facing: 270 }), "fr-d")).toMatchObject({ files: 4, facing: 270 });
    expect(refused(s, cf("fr-d", "OPEN_ORDER", 4))).toMatchObject({ code: "movement/formation_not_allowed", why: "4 files for 3 models" });
    expect(unitOf(must(s, cf("fr-d", "OPEN_ORDER", 3)), "fr-d")).toMatchObject({ formation: "OPEN_ORDER", files: 3 });
  });

  it("WHN-DET-5: a detachment stepping out of its parent may not name more files than it has models", () => {
    const s0 = ready();
    const t = toTurnStep(must(s0, { type: "movement/mergeDetachment", unit: "fr-d" }), 2, "fr", "remaining");
    const split = (files: number) => ({ type: "movement/splitDetachment", unit: "fr-1", detachment: "fr-d", to: { x: 30, y: 10 }, facing: 90, formation: "LINE", files });
    expect(unitOf(must(t, split(4)), "fr-d")).toMatchObject({ formation: "LINE", files: 4, mergedInto: null });
    expect(refused(t, split(5))).toEqual({ code: "movement/formation_not_allowed", rule: "WHN-FORM-5", unit: "fr-d", formation: "LINE", files: 5, why: "5 files for 4 models" });
  });

  it("WHN-FORM-4: a square's files are not its width, so no width is refused for it; no width named, no refusal", () => {
    const u = unitOf(ready(), "fr-1");
    expect(filesBeyondModels(u, "SQUARE", 99)).toBeNull();
    expect(filesBeyondModels(u, "LINE", undefined)).toBeNull();
    expect(filesBeyondModels(u, "LINE", 24)).toBeNull();
    expect(filesBeyondModels(u, "EXTENDED_ORDER", 25)).toEqual({ code: "movement/formation_not_allowed", rule: "WHN-SKIRM-3", unit: "fr-1", formation: "EXTENDED_ORDER", files: 25, why: "25 files for 24 models" });
  });
});
