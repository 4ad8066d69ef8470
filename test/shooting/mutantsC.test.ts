// Rule tests that kill the shooting mutants left alive by the seed-3 sampled mutation run (#17,
// docs/guides/trust.md). Each case fails under the mutant named in its comment (checked by applying
// the mutant to the source by hand).
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, formatViolation, legalActions, roller, seedDice, unitId, type UnitSetup } from "../../src/index.js";
import { sampleVolley, shootingOdds, toHitScore, volleyLeaderBs, volleyOdds, volleySpec } from "../../src/rules/whn/shooting/index.js";
import { battalion, duel, event, fire, leader, play, refuse, regiment, shooterSetup, shootingBattle, SKIRMISHERS, targetSetup, unit } from "../fixtures/shooting.js";

const BOWS = { equipment: { missile: "bow" as const, melee: "handWeapon" as const } };
const archers = (over: Partial<UnitSetup> = {}): UnitSetup => shooterSetup({ ...BOWS, figures: 20, files: 10, ...over });
const foot = (id: string, x: number, y: number, over: Partial<UnitSetup> = {}): UnitSetup =>
  battalion(id, "gb", { figures: 10, files: 5, formation: "LINE", position: { x, y }, facing: 270, command: {}, ...over });
const volley = (shooter: string, aim: unknown) => ({ type: "shooting/volley", shooter, aim });

describe("shooting mutants (seed 3)", () => {
  // template.ts:65 `u.command.leader && u.figures > 0` → `true`: a unit with no champion still lends its own BS.
  it("HR-VOLLEY-3: with no champion, the placement roll uses the joined character's BS even when the unit's own is better", () => {
    const slow = { M: 4, WS: 4, BS: 2, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 8 };
    const s = shootingBattle([archers(), foot("gb-1", 36, 26)], {
      options: { hr: { volley: true } },
      characters: [leader("tuck", "fr", { joinedTo: "fr-1", profile: slow, position: { x: 36, y: 10 } })],
    });
    expect(unit(s, "fr-1").profile.BS).toBe(3);
    expect(volleyLeaderBs(s, unit(s, "fr-1"))).toBe(2);
    // BS 2 needs 5, at long range 6: a 5 misses and the template scatters.
    const r = play(s, volley("fr-1", { unit: "gb-1" }), [5, 6, 5], [0]);
    expect(event(r.events, "shooting/volleyPlaced")).toMatchObject({ need: 6, hit: false });
    // A champion of his own (the unit's BS, 3) beats him.
    const led = shootingBattle([archers({ command: { leader: true } }), foot("gb-1", 36, 26)], {
      options: { hr: { volley: true } },
      characters: [leader("tuck", "fr", { joinedTo: "fr-1", profile: slow, position: { x: 36, y: 10 } })],
    });
    expect(volleyLeaderBs(led, unit(led, "fr-1"))).toBe(3);
  });

  // template.ts:77 the refusal details `{ unit, weapon }` → `{}`.
  it("HR-VOLLEY-1: the refusal of a volley by muskets names the unit and its weapon", () => {
    expect(refuse(shootingBattle([shooterSetup(), foot("gb-1", 36, 26)], { options: { hr: { volley: true } } }), volley("fr-1", { x: 36, y: 27 }))).toMatchObject({
      code: "shooting/volley_not_bows",
      rule: "HR-VOLLEY-1",
      unit: "fr-1",
      weapon: "musket",
    });
  });

  // modifiers.ts:125 the core rules' lone-character modifier `-1` → `+1` (no test reached it).
  it("CORE-LOS-1 (CORE-SHOOT-4): under the core rules a lone character is harder to hit, −1", () => {
    const base = { bs: 3, bsPenalty: false, band: "close", moved: false, standAndShoot: false, cover: "none", targetFormation: null, veteranLights: false, mounted: false, initialVolley: false, core: true } as const;
    expect(toHitScore({ ...base, loneCharacter: false })).toMatchObject({ need: 4, modifiers: [] });
    expect(toHitScore({ ...base, loneCharacter: true })).toMatchObject({ need: 5, modifiers: [{ key: "loneCharacter", value: -1, rule: "CORE-LOS-1" }] });
    // Played under `ruleset: "core"`: bowmen's shot at a lone character 8" away needs 5.
    const core = { formation: "BLOCK", equipment: { missile: "bow", melee: "handWeapon" } } as const;
    const s = shootingBattle([shooterSetup(core), targetSetup(12, core)], { ruleset: "core", characters: [leader("wel", "gb", { position: { x: 36, y: 18 }, facing: 270 })] });
    const r = play(s, fire("fr-1", "wel"), [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ target: "wel", need: 5 });
  });

  // situation.ts:171 `(o) => o.id !== b.id` → `() => undefined`: a nearer enemy hidden behind another unit counts as seen.
  it("CORE-LOS-1: a nearer enemy hidden behind another unit does not stop a shot at a lone character", () => {
    // Sight runs from the shooter's front-edge centre (CORE-GEO-16): a small friendly line straight ahead
    // hides a small British unit 5" away; the character, ahead and to the right, is in plain sight.
    const screen = battalion("fr-2", "fr", { figures: 4, files: 2, formation: "LINE", position: { x: 36, y: 12.5 }, facing: 90, command: {} });
    const near = foot("gb-2", 36, 15, { figures: 4, files: 2 });
    const wel = leader("wel", "gb", { position: { x: 42, y: 16 }, facing: 270 });
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), screen, near], { characters: [wel] });
    const r = play(s, fire("fr-1", "wel"), [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ target: "wel" });
    // With the screen gone the small unit is the nearest enemy in sight: the character may not be picked out.
    const open = shootingBattle([shooterSetup({ initialVolleyUsed: true }), near], { characters: [wel] });
    expect(refuse(open, fire("fr-1", "wel"))).toMatchObject({ code: "shooting/character_not_closest", rule: "CORE-LOS-1", closer: "gb-2" });
  });

  // index.ts:57 `num(v, "target")` → `num(v, "")` in the unknown-target text.
  it("CORE-SHOOT-1: the refusal of a shot at no unit reads in full", () => {
    const v = refuse(duel(10), fire("fr-1", "gb-9"));
    expect(v).toMatchObject({ code: "shooting/unknown_target", target: "gb-9" });
    expect(formatViolation(v as never)).toMatch(/^There is no target "gb-9" in play\./);
  });

  // volley.ts:89 `k.casualties >= spec.figures && spec.figures > 0` → `… && true`: an empty body reported destroyed.
  it("WHN-PANIC-2: the sampled volley agrees with the exact odds that a body of no models is never destroyed", () => {
    const spec = volleySpec(duel(10), { shooter: unitId("fr-1"), target: unitId("gb-1") });
    if (!spec.ok) throw new Error(spec.violation.code);
    const empty = { ...spec.spec, figures: 0 };
    expect(volleyOdds(empty).panic.destroyed).toBe(0);
    const dice = roller(seedDice(3));
    for (let i = 0; i < 50; i++) expect(sampleVolley(dice, empty).panic).not.toBe("destroyed");
  });
});


describe("shooting mutants (seed 3, the second forty of an 80-mutant sample)", () => {
  // template.ts:163 `u.order === "DISORDERED"` → `true` / `false` / `"DISORDERED"` → `""`: the volley's wound score ignores (or invents) disorder.
  it("WHN-DIS-2 (HR-VOLLEY-9): a volley wounds a DISORDERED unit as if its Toughness were one lower, and a steady one as it is", () => {
    // Placement 6 hits; 10 rolls all hit; wound rolls of 3 (S3 against T3 needs 4, against T2 needs 3).
    const dice = [6, ...Array(10).fill(6), ...Array(10).fill(3), ...Array(10).fill(1), 1, 1, 1, 1];
    const steady = play(shootingBattle([archers(), foot("gb-1", 36, 26)], { options: { hr: { volley: true } } }), volley("fr-1", { x: 36, y: 26.8 }), dice);
    expect(event(steady.events, "shooting/wounds")).toMatchObject({ unit: "gb-1", hits: 10, need: 4, wounds: 0 });
    const shaken = play(shootingBattle([archers(), foot("gb-1", 36, 26, { order: "DISORDERED" })], { options: { hr: { volley: true } } }), volley("fr-1", { x: 36, y: 26.8 }), dice);
    expect(event(shaken.events, "shooting/wounds")).toMatchObject({ unit: "gb-1", hits: 10, need: 3, wounds: 10 });
  });

  // template.ts:136 the placement event's rule "HR-VOLLEY-3" → "".
  it("HR-VOLLEY-3: the placement roll is reported under HR-VOLLEY-3", () => {
    const r = play(shootingBattle([archers(), foot("gb-1", 36, 26)], { options: { hr: { volley: true } } }), volley("fr-1", { x: 36, y: 26.8 }), [6, ...Array(10).fill(1)]);
    expect(event(r.events, "shooting/volleyPlaced")).toMatchObject({ rule: "HR-VOLLEY-3", shooter: "fr-1", hit: true });
  });

  // index.ts:83 the volley-arc text → ``.
  it("HR-VOLLEY-2: the refusal of a volley aimed outside the arc reads in full", () => {
    const v = refuse(shootingBattle([archers(), foot("gb-1", 36, 26)], { options: { hr: { volley: true } } }), volley("fr-1", { x: 56, y: 12 }));
    expect(v).toMatchObject({ code: "shooting/volley_arc", rule: "HR-VOLLEY-2" });
    expect(formatViolation(v as never)).toBe("The aim point is not in the arc of fr-1. [HR-VOLLEY-2]");
  });

  // Beside situation.ts:145 (judged unreachable: some face of a square always sees a target outside it): a face
  // named that cannot see the target is refused as not in the arc (situation.ts:141).
  it("WHN-SHOOT-10 (CORE-GEO-15): a square's face that cannot see the target may not be named to fire", () => {
    const sq = shooterSetup({ formation: "SQUARE", figures: 16, files: 4, initialVolleyUsed: true });
    const s = shootingBattle([sq, targetSetup(8)]);
    const faces = [0, 1, 2, 3] as const;
    const refused = faces.map((f) => {
      const r = apply(s, fire("fr-1", "gb-1", f));
      return r.ok ? null : r.violation.code;
    });
    expect(refused.filter((c) => c === null).length).toBeGreaterThan(0);
    expect(refused.filter((c) => c !== null)).toEqual(refused.filter((c) => c !== null).map(() => "shooting/not_in_arc"));
    expect(refused.filter((c) => c !== null).length).toBeGreaterThan(0);
  });

  // odds.ts:36 `1 - pOf(s.saveNeed)` → `1 + …`: the exact odds of a shot count saved wounds as casualties.
  it("CORE-SAVE-1: the exact odds of a shot at a unit with a save agree with the volley spec's odds", () => {
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), regiment("gb-1", "gb", { position: { x: 36, y: 18 }, facing: 270, command: {} })]);
    const req = { shooter: unitId("fr-1"), target: unitId("gb-1") };
    const spec = volleySpec(s, req);
    if (!spec.ok) throw new Error(spec.violation.code);
    expect(spec.spec.saveNeed).not.toBeNull();
    const odds = shootingOdds(s, req);
    if (!odds.ok) throw new Error(odds.violation.code);
    expect(odds.odds.target.casualties.mean()).toBeCloseTo(volleyOdds(spec.spec).casualties.mean(), 12);
  });
});

describe("shooting mutants (seed 3, 80-mutant sample: casualty answers)", () => {
  // casualtyChoice.ts:88 the farthest models' `.sort((a, b) => a - b)` → unsorted: the default answer listed out of order (and twice).
  it("WHN-FORM-8: every listed casualty answer is a sorted list of distinct models, and no answer is listed twice", () => {
    // The screen shot from behind and to its left: models 5 and 6 of its rear rank are the nearest to the cause.
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true, position: { x: 32.8, y: 28 }, facing: 270 }), battalion("gb-1", "gb", { figures: 10, files: 5, facing: 270, command: {}, ...SKIRMISHERS } as never)], {
      options: { core: { ownerChoices: "ask" } },
    });
    const r = play(s, fire("fr-1", "gb-1"), [6, 6, 6, 1, 1, 1, 6, 6, 1, 1, 1]);
    expect(r.state.pending[0]).toMatchObject({ kind: "casualtyChoice", unit: "gb-1", casualties: 2 });
    const listed = legalActions(r.state).map((a) => (a as { models: number[] }).models);
    expect(listed.length).toBeGreaterThan(2);
    for (const m of listed) expect(m).toEqual([...m].sort((a, b) => a - b));
    expect(new Set(listed.map((m) => m.join(","))).size).toBe(listed.length);
  });
});

describe("shooting mutants (seed 3, 80-mutant sample: screens and guards)", () => {
  // situation.ts:334 the `.sort(…)` of the screening units dropped: the first listed screen, not the nearest, takes the misses.
  it("HR-COVER-3: of two screening units, the one nearer the shooter takes the redirected hits, whatever its id", () => {
    const w = 20 / 25.4;
    const screen = (id: string, x: number, y: number) => battalion(id, "gb", { figures: 2, files: 2, light: true, formation: "LINE", position: { x, y }, facing: 270, command: {} });
    for (const [near, far] of [["gb-3", "gb-2"], ["gb-2", "gb-3"]] as const) {
      const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10), screen(near, 36 + w, 13.5), screen(far, 36 - w, 15)], { options: { hr: { cover: true } } });
      const r = play(s, fire("fr-1", "gb-1"), [5, 5, 5, 5, 5, 5, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
      expect(event(r.events, "shooting/hits")).toMatchObject({ hits: 0, screenHits: 6 });
      expect(event(r.events, "shooting/wounds")).toMatchObject({ unit: near, hits: 6 });
    }
  });

  // casualtyChoice.ts:124 `d === undefined` → `false`: an answer with no decision due ran into a raw error.
  it("WHN-FORM-8: choosing casualties when no choice is due is refused", () => {
    const s = duel(8, { initialVolleyUsed: true });
    expect(refuse(s, { type: "casualties/choose", unit: "fr-1", models: [0] })).toMatchObject({ code: "casualties/no_choice_due", rule: "WHN-FORM-8", unit: "fr-1" });
  });
});
