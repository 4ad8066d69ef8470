import { describe, expect, it } from "vitest";
import { createBattleUnknown as createBattle, type UnitSetup } from "../../src/index.js";
import { canAdopt } from "../../src/rules/whn/movement/index.js";
import { battalion, regiment } from "../fixtures/setups.js";

const SIDES = [
  { id: "fr", name: "French" },
  { id: "gb", name: "British" },
];
const setup = (unit: UnitSetup) => ({ seed: 5, sides: SIDES, units: [battalion("gb-1", "gb", { position: { x: 36, y: 40 }, facing: 270, formation: "LINE", files: 12 }), unit] });
const issues = (unit: UnitSetup) => {
  const r = createBattle(setup(unit));
  return r.ok ? null : { code: r.error.code, issues: r.error.issues };
};
const at = (over: Partial<UnitSetup>) => battalion("fr-1", "fr", { position: { x: 36, y: 10 }, facing: 90, ...over });

describe("setup shapes are held to the adopt checks (WHN-FORM-2…7)", () => {
  it("WHN-FORM-5: createBattle refuses a line one rank deep unless light (AMB-109), with one typed issue at the unit's formation", () => {
    expect(issues(at({ formation: "LINE", files: 8, figures: 8 }))).toEqual({
      code: "setup/invalid",
      issues: [{ path: ["units", 1, "formation"], code: "formation_not_allowed", message: 'unit "fr-1" cannot stand in LINE with 8 files and 8 models: 1 ranks; allowed 2–2 (WHN-FORM-5)' }],
    });
    expect(issues(at({ formation: "LINE", files: 4, figures: 8 }))).toBe(null);
    expect(issues(at({ formation: "LINE", files: 8, figures: 8, light: true }))).toBe(null);
    expect(issues(at({ formation: "LINE", files: 1, figures: 1, light: true }))?.issues[0]?.message).toContain("needs at least 2 models (WHN-FORM-5)");
  });

  it("WHN-FORM-3 / WHN-FORM-6 / WHN-FORM-7 / WHN-FORM-2: columns, cavalry and march columns are held to their ranks and files", () => {
    expect(issues(at({ formation: "ATTACK_COLUMN", files: 6, figures: 24 }))?.issues).toEqual([
      { path: ["units", 1, "formation"], code: "formation_not_allowed", message: 'unit "fr-1" cannot stand in ATTACK_COLUMN with 6 files and 24 models: 4 ranks for 6 files; needs ranks ≥ files (WHN-FORM-3)' },
    ]);
    expect(issues(at({ formation: "ATTACK_COLUMN", files: 4, figures: 24 }))).toBe(null);
    const cav = (over: Partial<UnitSetup>) => regiment("fr-1", "fr", { position: { x: 36, y: 10 }, facing: 90, ...over });
    expect(issues(cav({ formation: "CAV_LINE", files: 3, figures: 12 }))?.issues[0]).toMatchObject({ path: ["units", 1, "formation"], code: "formation_not_allowed", message: expect.stringContaining("(WHN-FORM-7)") });
    expect(issues(cav({ formation: "CAV_COLUMN", files: 6, figures: 12 }))?.issues[0]?.message).toContain("(WHN-FORM-6)");
    expect(issues(at({ formation: "MARCH_COLUMN", files: 4, figures: 24 }))?.issues[0]?.message).toContain("4 files; allowed 1–3 (WHN-FORM-2)");
    expect(issues(at({ formation: "OPEN_ORDER", files: 12, figures: 24 }))?.issues[0]?.message).toContain("(WHN-SKIRM-1)");
  });

  it("WHN-FORM-5 / WHN-FORM-9: the setup check is canAdopt's; a unit that starts below its starting strength keeps its shape", () => {
    for (const [formation, files, figures] of [["LINE", 8, 8], ["LINE", 4, 8], ["ATTACK_COLUMN", 6, 24], ["ATTACK_COLUMN", 3, 9], ["SQUARE", 4, 3]] as const) {
      const r = createBattle({ seed: 5, sides: SIDES, units: [at({ formation, files, figures })] });
      const probe = createBattle({ seed: 5, sides: SIDES, units: [at({ formation: "BLOCK", files, figures })] });
      if (!probe.ok) throw new Error("the probe unit is legal");
      const adopt = canAdopt({ ...probe.value.units["fr-1" as never]!, formation }, formation, files);
      expect(r.ok, `${formation} ${files}×${figures}`).toBe(adopt === null);
    }
    // 8 models left of 24 in a 4-file column (2 ranks): losses never undo a formation.
    expect(issues(at({ formation: "ATTACK_COLUMN", files: 4, figures: 8, startingFigures: 24 }))).toBe(null);
    // Still no skirmish order for troops that may not use it.
    expect(issues(at({ formation: "OPEN_ORDER", files: 4, figures: 8, startingFigures: 24 }))?.issues[0]?.message).toContain("(WHN-SKIRM-1)");
  });
});
