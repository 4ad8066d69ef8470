import { describe, expect, it } from "vitest";
import { createBattleUnknown as createBattle } from "../../src/index.js";
import { DEFAULT_CREW, FIRE_TABLE, GUNS, GUN_MOVES, LIMBER, gunMoveRate } from "../../src/rules/whn/artillery/index.js";
import { battle, event, fire, gun, line, patch, patchGun, play, refuse, unit } from "../fixtures/artillery.js";

const fwd = (distance: number) => [{ kind: "forward", distance }];
const move = (unit: string, distance: number, march = false) => ({ type: "artillery/move", unit, path: fwd(distance), march });
const movementWith = (spec: Parameters<typeof gun>[2], over: Parameters<typeof gun>[3] = {}) =>
  battle([gun("fr-art", "fr", spec, { position: { x: 36, y: 8 }, ...over }), line("gb-1", 44)], { phase: "movement", step: "remaining" });

describe("guns and crews (WHN-ART-1, WHN-ART-2)", () => {
  it("WHN-ART-1: light T6 W2, medium and heavy T7 W3, every limber T7 W3; heavy guns are foot only, refused at createBattle; AMB-38 howitzer as medium", () => {
    expect(GUNS.light).toMatchObject({ T: 6, W: 2 });
    expect(GUNS.medium).toMatchObject({ T: 7, W: 3 });
    expect(GUNS.heavy).toMatchObject({ T: 7, W: 3, arms: ["foot"] });
    expect(GUNS.howitzer).toEqual(GUNS.medium);
    expect(LIMBER).toEqual({ T: 7, W: 3 });
    // A heavy gun on a horse battery is refused when the battle is set up, as by the horseBattery preset...
    const setup = { seed: 5, sides: [{ id: "fr", name: "French" }, { id: "gb", name: "British" }], units: [line("gb-1", 20), gun("fr-art", "fr", { gun: "heavy", arm: "horse" })] };
    const created = createBattle(setup);
    expect(created.ok).toBe(false);
    if (!created.ok) {
      expect(created.error.code).toBe("setup/invalid");
      expect(created.error.issues).toEqual([{ path: ["units", 1, "artillery", "gun"], code: "gun_not_allowed", message: "a heavy gun cannot serve a horse battery (WHN-ART-1)" }]);
    }
    expect(createBattle({ ...setup, units: [line("gb-1", 20), gun("fr-art", "fr", { gun: "medium", arm: "horse" })] }).ok).toBe(true);
    // ...and a state edited into one afterwards still may not fire it.
    const s = patchGun(battle([gun("fr-art", "fr", { gun: "heavy" }), line("gb-1", 20)]), "fr-art", { arm: "horse" });
    expect(refuse(s, fire("fr-art", "gb-1", "shot"))).toMatchObject({ code: "artillery/heavy_never_horse", rule: "WHN-ART-1" });
  });

  it("WHN-ART-2: four crew of M4 WS3 BS3 S3 T3 W1 I3 A1 Ld6 (AMB-39); a gun fires with one crew model, never with none", () => {
    expect(DEFAULT_CREW).toEqual({ models: 4, profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 6 } });
    const one = patch(battle([gun("fr-art", "fr"), line("gb-1", 20)]), "fr-art", { figures: 1 });
    expect(event(play(one, fire("fr-art", "gb-1", "shot"), [1, 6]).events, "artillery/fired")["crew"]).toBe(1);
    const none = patch(one, "fr-art", { figures: 0 });
    expect(refuse(none, fire("fr-art", "gb-1", "shot"))).toMatchObject({ code: "artillery/no_crew", rule: "WHN-ART-2" });
  });

  it("WHN-ART-8: the fire table (canister S4 shots and range, shot S and wounds die, shell pattern)", () => {
    expect(FIRE_TABLE.light).toEqual({ canister: { range: 12, shots: 4 }, shot: { range: 36, S: 5, woundsDie: "d3" }, shell: { range: 24, pattern: 1, anyNation: false } });
    expect(FIRE_TABLE.heavy.shot).toEqual({ range: 60, S: 7, woundsDie: "d6" });
    expect(FIRE_TABLE.howitzer).toMatchObject({ canister: { range: 8, shots: 4 }, shell: { range: 48, pattern: 2, anyNation: true } });
  });
});

describe("moving and limbering (WHN-ART-3, WHN-ART-4, WHN-ART-15)", () => {
  it("WHN-ART-3: move rates by state and team: medium unlimbered 2\", limbered foot 4\", horse 6\"; heavy never horse", () => {
    expect(GUN_MOVES.heavy.horse).toBeNull();
    const foot = movementWith({}, { formation: "LIMBERED" });
    expect(unit(play(foot, move("fr-art", 4), []).state, "fr-art").position.y).toBeCloseTo(12, 9);
    expect(refuse(foot, move("fr-art", 4.2))).toMatchObject({ code: "artillery/too_far", rule: "WHN-ART-3", allowance: 4 });
    const horse = movementWith({ arm: "horse" }, { formation: "LIMBERED" });
    expect(unit(play(horse, move("fr-art", 6), []).state, "fr-art").flags.moveUsed).toBe(1);
    const unl = movementWith({});
    const r = play(unl, move("fr-art", 1), []);
    expect(event(r.events, "artillery/moved")).toMatchObject({ rule: "WHN-ART-3", rate: 2, cost: 1 });
    expect(unit(r.state, "fr-art").flags).toMatchObject({ moved: true, moveUsed: 0.5 });
  });

  it("WHN-ART-4: move half limbered then unlimber (and stop), or limber then move half the limbered rate (AMB-40)", () => {
    const limbered = movementWith({}, { formation: "LIMBERED" });
    const half = play(limbered, move("fr-art", 2), []).state;
    const un = play(half, { type: "artillery/unlimber", unit: "fr-art" }, []);
    expect(event(un.events, "artillery/unlimbered")).toMatchObject({ rule: "WHN-ART-4", movedBefore: true, moveLeft: 0 });
    expect(unit(un.state, "fr-art").formation).toBe("UNLIMBERED");
    expect(refuse(un.state, move("fr-art", 0.5))).toMatchObject({ code: "artillery/too_far" });
    const tooFar = play(limbered, move("fr-art", 2.5), []).state;
    expect(refuse(tooFar, { type: "artillery/unlimber", unit: "fr-art" })).toMatchObject({ code: "artillery/no_half_move_left", rule: "WHN-ART-4" });
    const unl = movementWith({});
    const lim = play(unl, { type: "artillery/limber", unit: "fr-art" }, []).state;
    expect(unit(lim, "fr-art").formation).toBe("LIMBERED");
    expect(refuse(lim, move("fr-art", 2.2))).toMatchObject({ code: "artillery/too_far", allowance: 2 });
    expect(unit(play(lim, move("fr-art", 2), []).state, "fr-art").position.y).toBeCloseTo(10, 9);
    expect(refuse(lim, { type: "artillery/unlimber", unit: "fr-art" })).toMatchObject({ code: "artillery/already_changed_this_turn", rule: "WHN-ART-4" });
  });

  it("WHN-ART-4: only limbered guns march (2× the limbered move), and not in a turn of limbering", () => {
    const unl = movementWith({});
    expect(refuse(unl, move("fr-art", 2, true))).toMatchObject({ code: "artillery/may_not_march", rule: "WHN-ART-4" });
    const lim = movementWith({}, { formation: "LIMBERED" });
    const m = play(lim, move("fr-art", 8, true), []);
    expect(event(m.events, "artillery/marched")).toMatchObject({ rule: "WHN-ART-4", allowance: 8 });
    expect(unit(m.state, "fr-art").flags.marched).toBe(true);
    const justLimbered = play(unl, { type: "artillery/limber", unit: "fr-art" }, []).state;
    expect(refuse(justLimbered, move("fr-art", 2, true))).toMatchObject({ code: "artillery/march_after_limbering", rule: "WHN-ART-4" });
    expect(refuse(m.state, { type: "artillery/unlimber", unit: "fr-art" })).toMatchObject({ code: "artillery/marched", rule: "WHN-ART-4" });
  });

  it("WHN-ART-4: only unlimbered guns fire — a limbered gun never fires", () => {
    const s = battle([gun("fr-art", "fr", {}, { formation: "LIMBERED" }), line("gb-1", 20)]);
    expect(refuse(s, fire("fr-art", "gb-1", "shot"))).toMatchObject({ code: "artillery/limbered", rule: "WHN-ART-4" });
  });

  it("WHN-ART-15: each horse hit takes 1\" off the limbered move; a disabled limber stops limbered moves and limbering", () => {
    let s = movementWith({}, { formation: "LIMBERED" });
    s = patchGun(s, "fr-art", { horseHits: 1 });
    expect(gunMoveRate(unit(s, "fr-art"))).toBe(3);
    expect(refuse(s, move("fr-art", 3.5))).toMatchObject({ code: "artillery/too_far", allowance: 3 });
    const gone = patchGun(s, "fr-art", { horseHits: 9 });
    expect(refuse(gone, move("fr-art", 1))).toMatchObject({ code: "artillery/no_team", rule: "WHN-ART-15" });
    const broken = patchGun(s, "fr-art", { limberDisabled: true });
    expect(refuse(broken, move("fr-art", 1))).toMatchObject({ code: "artillery/limber_disabled", rule: "WHN-ART-15" });
    const unl = patchGun(movementWith({}), "fr-art", { limberDisabled: true });
    expect(refuse(unl, { type: "artillery/limber", unit: "fr-art" })).toMatchObject({ code: "artillery/limber_disabled", rule: "WHN-ART-15" });
    // The crew still manhandle the unlimbered gun at its unlimbered rate.
    expect(unit(play(unl, move("fr-art", 2), []).state, "fr-art").position.y).toBeCloseTo(10, 9);
  });
});
