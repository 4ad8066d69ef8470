import { describe, expect, it } from "vitest";
import { apply, withScriptedDice, type BattleState } from "../../src/index.js";
import { buildRound } from "../../src/rules/whn/combat/index.js";
import { engaged } from "../fixtures/combat.js";

const unit = (s: BattleState, id: string) => s.units[id as never]!;
const HORSE = { troopType: "cavalry" as const, base: { w: 25 / 25.4, d: 50 / 25.4 }, formation: "CAV_LINE" as const, files: 5, figures: 10, profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 } };

describe("a square slain to the last model (WHN-FORM-8, CORE-CC-6)", () => {
  it("CORE-CC-6: the square is destroyed and the horse that slew it is not stepped in after it", () => {
    const base = engaged({ formation: "SQUARE", figures: 4 }, { ...HORSE, profile: { ...HORSE.profile, A: 2 } });
    const input = buildRound(base, base.combats["c1" as never]!).input;
    const ka = input.strikers.filter((x) => x.owner === "a").reduce((n, x) => n + x.models * x.attacks + x.bonusAttacks, 0);
    const kb = input.strikers.filter((x) => x.owner === "b").reduce((n, x) => n + x.models * x.attacks + x.bonusAttacks, 0);
    const dice = [...new Array<number>(ka).fill(1), ...new Array<number>(kb).fill(6), ...new Array<number>(kb).fill(6), ...new Array<number>(60).fill(1)];
    const r = apply(withScriptedDice(base, dice), { type: "combat/fight" });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect([ka, kb]).toEqual([2, 6]);
    // The square misses with both its attacks; six hits and six wounds slay all four of its models.
    expect(r.events.map((e) => e.type)).toEqual(["combat/strike", "combat/strike", "combat/casualties", "unit/destroyed", "combat/roundFought", "combat/ended", "combat/aftermathDone"]);
    expect(r.events.find((e) => e.type === "combat/casualties")).toMatchObject({ unit: "a", removed: 4, figures: 0, rule: "CORE-CC-6" });
    expect(unit(r.state, "a").removed).toEqual({ reason: "destroyed", gameTurn: 1 });
    expect(unit(r.state, "b").position).toEqual(unit(base, "b").position);
    expect(unit(r.state, "b").facing).toBe(unit(base, "b").facing);
  });
});
