/**
 * WHN helpers shared by every phase (src/rules/whn top level), pinned case by case: each case was
 * written against a mutant that the seed-2 sampled mutation run (#17, docs/guides/trust.md
 * "Mutation score") left alive.
 */
import { describe, expect, it } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { applyHits, removeModels } from "../../src/rules/whn/casualties.js";
import { unitsInPlay } from "../../src/rules/whn/unit.js";
import { battle, battalion } from "../fixtures/morale.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const two = (): BattleState => battle([battalion("a", "fr", { position: { x: 20, y: 10 } }), battalion("b", "gb", { position: { x: 50, y: 40 }, facing: 270 })]);

describe("casualty removal (seed-2 mutation cases)", () => {
  it("WHN-FORM-8: removing no model returns the unit itself, its wounds untouched", () => {
    const u = { ...unit(two(), "a"), profile: { ...unit(two(), "a").profile, W: 2 }, woundsTaken: 1 };
    const r = removeModels(u, 0);
    expect(r.unit).toBe(u);
    expect([r.removed, r.commandLost, r.unit.woundsTaken]).toEqual([0, [], 1]);
  });

  it("WHN-FORM-8: a LINE closes up to ceil(figures / 2) files as it loses models", () => {
    const u: Unit = { ...unit(two(), "a"), formation: "LINE", figures: 20, files: 10 };
    const r = removeModels(u, 3);
    expect([r.unit.figures, r.unit.files]).toEqual([17, 9]);
  });

  it("CORE-SAVE-2: a hit that kills a 2-W model and a second that wounds the next leave one model down and one wound taken", () => {
    const u: Unit = { ...unit(two(), "a"), profile: { ...unit(two(), "a").profile, W: 2 }, woundsTaken: 0 };
    const r = applyHits(u, [2, 1]);
    expect([r.removed, r.wounds, r.unit.figures, r.unit.woundsTaken]).toEqual([1, 3, u.figures - 1, 1]);
  });
});

describe("units in play (seed-2 mutation cases)", () => {
  it("unitsInPlay cache (engine, no rule id): the in-play list stays the list of its own state when more states are read than the cache keeps", () => {
    const s = two();
    const states = Array.from({ length: 12 }, (_, i) => ({ ...s, units: { ...s.units, a: { ...unit(s, "a"), position: { x: 20 + i, y: 10 } } } }) as BattleState);
    for (const t of states) unitsInPlay(t);
    for (const t of states) expect(unitsInPlay(t)[0]).toBe(unit(t, "a"));
    for (const t of [...states].reverse()) expect(unitsInPlay(t)[0]).toBe(unit(t, "a"));
  });
});
