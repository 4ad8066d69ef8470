import { describe, expect, it } from "vitest";
import { battle, event, events, fire, gun, line, patch, play, rect, refuse, unit } from "../fixtures/artillery.js";

const woods = { id: "wood", kind: "woods", polygon: rect(30, 21.8, 42, 30), tags: { flammability: "woods" as const } };

describe("canister (WHN-ART-11)", () => {
  it("WHN-ART-11: canister is musketry: the calibre's shots, each a to-hit roll, S4, one wound, within range", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 14)]);
    // 6 shots need 4+: 3 hit; S4 vs T3 wounds on 3+: one wound; no armour, no save; Panic test 1 + 1 passes.
    const r = play(s, fire("fr-art", "gb-1", "canister"), [4, 5, 6, 1, 2, 3, 3, 2, 1, 1, 1]);
    expect(event(r.events, "artillery/canister")).toMatchObject({ shots: 6, need: 4, hits: 3 });
    expect(event(r.events, "artillery/hits")).toMatchObject({ hits: 3, unsaved: 1, killed: 1, rule: "WHN-ART-11" });
    expect(unit(r.state, "gb-1")).toMatchObject({ figures: 9, order: "GOOD" });
    expect(refuse(battle([gun("fr-art", "fr"), line("gb-1", 23)]), fire("fr-art", "gb-1", "canister"))).toMatchObject({
      code: "artillery/out_of_range",
      rule: "WHN-ART-8",
      max: 18,
      actual: 19,
    });
  });
});

describe("shell and shrapnel (WHN-ART-12, WHN-ART-13, WHN-FIRE-1, WHN-FIRE-2)", () => {
  it("WHN-ART-12: only British guns and howitzers fire shell; others are refused", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 20)]);
    expect(refuse(s, fire("fr-art", "gb-1", "shell"))).toMatchObject({ code: "artillery/shell_not_allowed", rule: "WHN-ART-12" });
    const how = battle([gun("fr-art", "fr", { gun: "howitzer" }), line("gb-1", 20)]);
    expect(event(play(how, fire("fr-art", "gb-1", "shell"), [5, 6]).events, "artillery/misfire")["at"]).toBe("hit");
  });

  it("WHN-ART-12: the shell bursts at the end of the bounce; every model its pattern touches is hit, none on the path; a shell that sets a wood on fire (WHN-FIRE-1, WHN-FIRE-2)", () => {
    const s = battle([gun("fr-art", "fr", { british: true }), line("gb-1", 20)], { phase: "shooting" }, { terrain: [woods] });
    // Hit, bounce 2" → bursts at (36, 22) in the wood; the 1.5" pattern touches 3 rear-rank models.
    const r = play(s, fire("fr-art", "gb-1", "shell"), [4, 1, /* wound 3+ */ 3, 2, 6, /* fire 5+ */ 5, /* panic */ 1, 1]);
    const burst = event(r.events, "artillery/shellBurst");
    expect(burst).toMatchObject({ at: { x: 36, y: 22 }, diameter: 1.5, units: [{ unit: "gb-1", hits: 3 }] });
    expect(event(r.events, "artillery/hits")).toMatchObject({ hits: 3, unsaved: 2, killed: 2, rule: "WHN-ART-13" });
    expect(event(r.events, "fire/startRoll")).toMatchObject({ rule: "WHN-FIRE-1", terrain: "woods", roll: 5, need: 5, started: true });
    expect(event(r.events, "fire/started")).toMatchObject({ rule: "WHN-FIRE-2", diameter: 2 });
    expect(r.state.fires).toEqual([{ id: "f1-1", circles: [{ centre: { x: 36, y: 22 }, diameter: 2, terrain: "woods" }] }]);
  });

  it("WHN-ART-13: shell hits have S4 by default and `whn.shellStrength` as the option", () => {
    const s = battle([gun("fr-art", "fr", { british: true }), line("gb-1", 20)], { phase: "shooting" }, { options: { whn: { shellStrength: 6 } } });
    const r = play(s, fire("fr-art", "gb-1", "shell"), [4, 1, 3, 2, 6, 1, 1]);
    expect(event(r.events, "artillery/hits")).toMatchObject({ unsaved: 3, killed: 3 });
  });

  it("WHN-FIRE-1: a burst on a field starts a fire on 4+ only; roundshot and canister never start fires", () => {
    const field = { ...woods, id: "field", tags: { flammability: "field" as const } };
    const s = battle([gun("fr-art", "fr", { british: true }), line("gb-1", 20)], { phase: "shooting" }, { terrain: [field] });
    const r = play(s, fire("fr-art", "gb-1", "shell"), [4, 1, 1, 1, 1, 3]);
    expect(event(r.events, "fire/startRoll")).toMatchObject({ terrain: "field", roll: 3, need: 4, started: false });
    expect(r.state.fires).toEqual([]);
    // Shot through the same field: no fire die is rolled (the script would run out).
    const shot = play(s, fire("fr-art", "gb-1", "shot"), [4, 1, 1, 1]);
    expect(events(shot.events, "fire/startRoll")).toHaveLength(0);
  });

  it("WHN-ART-14: shell strikes an artillery piece's crew — it counts as its crew models (CORE-GEO-29)", () => {
    const s = battle([gun("fr-art", "fr", { gun: "howitzer" }), gun("gb-art", "gb", {}, { position: { x: 36, y: 16 }, facing: 270 })]);
    // Hit, bounce 2" → bursts on the British gun: 4 crew hits at S4 vs T3 (3+).
    const r = play(s, fire("fr-art", "gb-art", "shell"), [4, 1, 3, 3, 3, 1, /* panic */ 1, 1]);
    expect(event(r.events, "artillery/shellBurst")["units"]).toEqual([{ unit: "gb-art", hits: 4 }]);
    expect(unit(r.state, "gb-art").figures).toBe(1);
    expect(events(r.events, "artillery/hitLocation")).toHaveLength(0);
  });
});

describe("hits on artillery (WHN-ART-14, WHN-ART-15)", () => {
  const duel = (over = {}) => battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 16 }, facing: 270 })], { phase: "shooting" }, over);

  it("WHN-ART-14: each canister hit rolls its location: crew (3–5) take a save, horses (2) T3, limber (1) T7", () => {
    // 3 hits; crew: wound 3 → 1 crew; horses: 5 → a horse hit; limber: S4 vs T7 needs 6 → disabled. Panic 1 + 1 passes.
    const r = play(duel(), fire("fr-art", "gb-art", "canister"), [4, 4, 4, 1, 1, 1, 3, 3, 2, 5, 1, 6, 1, 1]);
    expect(event(r.events, "artillery/hitLocation")).toMatchObject({ locations: ["crew", "horses", "limber"] });
    const g = unit(r.state, "gb-art");
    expect(g.figures).toBe(3);
    expect(g.artillery).toMatchObject({ horseHits: 1, limberDisabled: true, gunDestroyed: false });
  });

  it("WHN-ART-15: a wounding hit on the gun destroys it and the piece is removed with its crew (immediate mode)", () => {
    const r = play(duel(), fire("fr-art", "gb-art", "canister"), [4, 4, 1, 1, 1, 1, 6, 6]);
    const g = unit(r.state, "gb-art");
    expect(g.artillery?.gunDestroyed).toBe(true);
    expect(g.removed).toMatchObject({ reason: "destroyed" });
    expect(event(r.events, "artillery/damage")).toMatchObject({ rule: "WHN-ART-15", gunDestroyed: true });
  });

  it("WHN-ART-15: a crew hit from shot kills one crew model per wound (D6 rolled as it can matter)", () => {
    const r = play(duel(), fire("fr-art", "gb-art", "shot"), [4, 1, /* location */ 3, /* wound */ 2, /* D6 */ 3, /* panic */ 1, 1]);
    expect(unit(r.state, "gb-art").figures).toBe(1);
  });

  it("WHN-ART-15: the wound-pool option (AMB-45) takes shot wounds off the gun's W; it is destroyed at 0", () => {
    const heavy = (mode: "immediate" | "woundPool") =>
      battle([gun("fr-art", "fr", { gun: "heavy" }), gun("gb-art", "gb", {}, { position: { x: 36, y: 16 }, facing: 270 })], { phase: "shooting" }, { options: { whn: { gunHitMode: mode } } });
    const pool = play(heavy("woundPool"), fire("fr-art", "gb-art", "shot"), [4, 1, 6, 4, 2]);
    expect(unit(pool.state, "gb-art").artillery).toMatchObject({ gunWoundsTaken: 2, gunDestroyed: false });
    expect(unit(pool.state, "gb-art").removed).toBeNull();
    const again = patch(pool.state, "fr-art", { flags: { ...unit(pool.state, "fr-art").flags, shot: false } });
    const second = play(again, fire("fr-art", "gb-art", "shot"), [4, 1, 6, 4, 1]);
    expect(unit(second.state, "gb-art").artillery).toMatchObject({ gunWoundsTaken: 3, gunDestroyed: true });
    const immediate = play(heavy("immediate"), fire("fr-art", "gb-art", "shot"), [4, 1, 6, 4]);
    expect(unit(immediate.state, "gb-art").artillery?.gunDestroyed).toBe(true);
  });

  it("WHN-ART-15: a destroyed gun never fires again", () => {
    const r = play(duel(), fire("fr-art", "gb-art", "canister"), [4, 4, 1, 1, 1, 1, 6, 6]);
    const theirTurn = { ...r.state, turn: { ...r.state.turn, activeSide: "gb" as never } };
    const v = refuse(theirTurn, fire("gb-art", "fr-art", "shot"));
    expect(v.code).toMatch(/action\/removed|artillery\/gun_destroyed/);
  });
});

describe("fire and limber (WHN-ART-5)", () => {
  it("WHN-ART-5: horse artillery that did not move fires with −1 and ends LIMBERED; foot artillery may not", () => {
    const s = battle([gun("fr-art", "fr", { arm: "horse" }), line("gb-1", 20)]);
    const r = play(s, fire("fr-art", "gb-1", "shot", true), [1, 6]);
    expect(event(r.events, "artillery/toHit")["need"]).toBe(5);
    expect(unit(r.state, "fr-art")).toMatchObject({ formation: "LIMBERED" });
    expect(event(r.events, "artillery/limbered")["rule"]).toBe("WHN-ART-5");
    const foot = battle([gun("fr-art", "fr"), line("gb-1", 20)]);
    expect(refuse(foot, fire("fr-art", "gb-1", "shot", true))).toMatchObject({ code: "artillery/fire_and_limber_horse_only", rule: "WHN-ART-5" });
    const moved = patch(s, "fr-art", { flags: { ...unit(s, "fr-art").flags, moved: true, moveUsed: 0.5 } });
    expect(refuse(moved, fire("fr-art", "gb-1", "shot", true))).toMatchObject({ code: "artillery/fire_and_limber_moved", rule: "WHN-ART-5" });
  });
});
