import { describe, expect, it } from "vitest";
import { battle, event, events, fire, gun, line, patch, patchGun, play, unit } from "../fixtures/artillery.js";

// A medium foot gun at (36, 4) facing north; its muzzle is (36, 4). The target line's front edge is
// at y = 20 (16" away), 5 files × 2 ranks, so the aim point is (36, 20) in the middle file.
const base = () => battle([gun("fr-art", "fr"), line("gb-1", 20)]);

describe("roundshot (WHN-ART-9, WHN-ART-10, CORE-GEO-32)", () => {
  it("WHN-ART-9: a hit lands on the aim point and bounces the artillery die's inches through the ranks", () => {
    // to-hit 4 (BS3 needs 4), artillery die 2 → 4" bounce: both ranks of the middle file; S6 vs T3 wounds on 2+.
    const r = play(base(), fire("fr-art", "gb-1", "shot"), [4, 2, 3, 1, 6, 6]);
    const landed = event(r.events, "artillery/landed");
    expect(landed).toMatchObject({ onTarget: true, landing: { x: 36, y: 20 }, bounce: 4, scatter: null });
    expect(event(r.events, "artillery/bounceLine")["units"]).toEqual([{ unit: "gb-1", hits: 2 }]);
    expect(event(r.events, "artillery/hits")).toMatchObject({ unit: "gb-1", hits: 2, unsaved: 1, killed: 1, rule: "WHN-ART-10" });
    expect(unit(r.state, "gb-1").figures).toBe(9);
    // 1 casualty reaches a REGULAR unit's 10 % threshold: Panic test 6 + 6 > Ld 6 → DISORDERED (WHN-PANIC-2).
    expect(unit(r.state, "gb-1").order).toBe("DISORDERED");
    expect(unit(r.state, "fr-art").flags.shot).toBe(true);
  });

  it("WHN-ART-9: a miss scatters and the ball bounces through two units behind the target (a square loses 4, WHN-FORM-4)", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 20), line("gb-2", 28), line("gb-3", 32, { formation: "SQUARE", figures: 12, files: 3 })]);
    // to-hit 2 (miss), artillery die 3 → 6", scatter die 4 → arrow at 90° (from the script), bounce 5 → 10":
    // lands at (36, 26) and runs to (36, 36). gb-2: two ranks of the middle file; gb-3 (square): 4 models.
    const dice = [2, 3, 4, 5, /* gb-2 */ 3, 1, /* gb-3 */ 6, 2, 1, 4, /* panic gb-2 */ 3, 3, /* panic gb-3 */ 6, 6];
    const r = play(s, fire("fr-art", "gb-1", "shot"), dice, [90]);
    const landed = event(r.events, "artillery/landed");
    expect(landed["onTarget"]).toBe(false);
    expect(landed["scatter"]).toEqual({ distance: 6, face: "ARROW", angle: 90 });
    expect((landed["landing"] as { y: number }).y).toBeCloseTo(26, 9);
    expect(event(r.events, "artillery/bounceLine")["units"]).toEqual([
      { unit: "gb-2", hits: 2 },
      { unit: "gb-3", hits: 4 },
    ]);
    expect(unit(r.state, "gb-1").figures).toBe(10);
    expect(unit(r.state, "gb-2").figures).toBe(9);
    expect(unit(r.state, "gb-3").figures).toBe(9);
    expect(unit(r.state, "gb-2").order).toBe("GOOD");
    expect(unit(r.state, "gb-3").order).toBe("DISORDERED");
  });

  it("WHN-ART-9: a scatter die HIT lands the missed ball on the aim point", () => {
    const r = play(base(), fire("fr-art", "gb-1", "shot"), [1, 5, 2, 1, 1, 1]);
    expect(event(r.events, "artillery/landed")).toMatchObject({ onTarget: false, landing: { x: 36, y: 20 }, bounce: 2, scatter: { distance: 10, face: "HIT", angle: null } });
    expect(event(r.events, "artillery/hits")).toMatchObject({ hits: 2, killed: 0 });
  });

  it("WHN-ART-9: MISFIRE is a dud — after a hit, on a miss (no scatter die rolled), and on the bounce", () => {
    const hitDud = play(base(), fire("fr-art", "gb-1", "shot"), [5, 6]);
    expect(event(hitDud.events, "artillery/misfire")).toMatchObject({ onTarget: true, at: "hit" });
    expect(events(hitDud.events, "artillery/hits")).toHaveLength(0);
    const missDud = play(base(), fire("fr-art", "gb-1", "shot"), [1, 6]);
    expect(event(missDud.events, "artillery/misfire")).toMatchObject({ onTarget: false, at: "scatter" });
    expect(missDud.state.dice).toMatchObject({ d6: [] });
    const bounceDud = play(base(), fire("fr-art", "gb-1", "shot"), [1, 1, 1, 6]);
    expect(event(bounceDud.events, "artillery/misfire")).toMatchObject({ at: "bounce" });
    expect(unit(bounceDud.state, "gb-1").figures).toBe(10);
  });

  it("WHN-ART-10: an unsaved hit rolls D6 wounds on a multi-wound model, and no die on a one-wound model", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 20, { figures: 5, light: true, profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 3, I: 3, A: 1, Ld: 6 } })]);
    // Hit, bounce 2": one model; to-wound 2, wounds die 2 → the model keeps 1 W.
    const r = play(s, fire("fr-art", "gb-1", "shot"), [4, 1, 2, 2]);
    expect(unit(r.state, "gb-1")).toMatchObject({ figures: 5, woundsTaken: 2 });
    // A light gun rolls D3: 6 → 3 wounds kill the model (any excess is lost).
    const light = battle([gun("fr-art", "fr", { gun: "light" }), line("gb-1", 20, { figures: 5, light: true, profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 3, I: 3, A: 1, Ld: 6 } })]);
    const l = play(light, fire("fr-art", "gb-1", "shot"), [4, 1, 2, 6, /* panic */ 1, 1]);
    expect(unit(l.state, "gb-1")).toMatchObject({ figures: 4, woundsTaken: 0 });
  });

  it("WHN-ART-10: the save is modified by the shot's Strength (S6: heavy armour 5+ → no save)", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 20, { figures: 5, light: true, equipment: { missile: "musket", melee: "musketBayonet", armour: "heavy" } })]);
    const r = play(s, fire("fr-art", "gb-1", "shot"), [4, 1, 2, 6, 6]);
    expect(event(r.events, "artillery/hits")).toMatchObject({ unsaved: 1, killed: 1 });
    // A light gun (S5) against heavy armour + shield: 5 − 1 + 2 = 6+.
    const l = battle([gun("fr-art", "fr", { gun: "light" }), line("gb-1", 20, { figures: 5, light: true, equipment: { missile: "musket", melee: "musketBayonet", armour: "heavy", shield: true } })]);
    const lr = play(l, fire("fr-art", "gb-1", "shot"), [4, 1, 2, 6]);
    expect(event(lr.events, "artillery/hits")).toMatchObject({ unsaved: 0, killed: 0 });
  });

  it("WHN-ART-18: cover, moving, open order and a DISORDERED crew change the score needed", () => {
    let s = base();
    s = patch(s, "fr-art", { order: "DISORDERED", flags: { ...unit(s, "fr-art").flags, moved: true } });
    s = patch(s, "gb-1", { formation: "OPEN_ORDER", light: true });
    const r = play(s, fire("fr-art", "gb-1", "shot"), [1, 6]);
    const e = event(r.events, "artillery/toHit");
    // BS 3 − 1 (disordered) → 5+, −1 moved (WHN-ART-5), −1 open order → 7 (a 6 then a 4+).
    expect(e["need"]).toBe(7);
    expect((e["modifiers"] as { key: string; rule: string }[]).map((m) => [m.key, m.rule])).toEqual([
      ["moved", "WHN-ART-5"],
      ["targetOpenOrder", "WHN-SHOOT-5"],
    ]);
  });

  it("WHN-ART-5: unlimbering in place does not count as moving; moving or turning does", () => {
    const s = patch(base(), "fr-art", { flags: { ...unit(base(), "fr-art").flags, limberedOrUnlimbered: true, moveUsed: 0.5 } });
    expect(event(play(s, fire("fr-art", "gb-1", "shot"), [1, 6]).events, "artillery/toHit")["need"]).toBe(4);
  });

  it("WHN-ART-8: one ammunition per gun per shooting phase", () => {
    const r = play(base(), fire("fr-art", "gb-1", "shot"), [1, 6]);
    const again = patchGun(r.state, "fr-art", {});
    expect(() => play(again, fire("fr-art", "gb-1", "canister"), [1])).toThrow(/already_fired/);
  });
});
