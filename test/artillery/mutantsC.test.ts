// Rule tests that kill artillery mutants no test noticed: the three left open by the seed-2 sampled
// run and the survivors of the seed-3 sample (#17, docs/guides/trust.md). Each case fails under the
// mutant named in its comment (checked by applying the mutant to the source by hand).
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { formatViolation, roller, seedDice, sideId, unitId } from "../../src/index.js";
import { unitCentre } from "../../src/geometry/layout.js";
import { artilleryCandidates, artilleryUpkeep, crewUnitId, DEFAULT_CREW, gunFireOdds, gunFireSpec, leaveFires, sampleGunFire, specOdds, type GunFireSpec } from "../../src/rules/whn/artillery/index.js";
import { gunFireSituation } from "../../src/rules/whn/artillery/situation.js";
import { layoutOf } from "../../src/rules/whn/unit.js";
import { checkState } from "../../src/trust/index.js";
import { regiment } from "../fixtures/setups.js";
import { battalion, battle, event, fire, gun, line, patch, patchGun, play, rect, refuse, step, unit } from "../fixtures/artillery.js";

const woods = { id: "wood", kind: "woods", polygon: rect(30, 20, 42, 30), tags: { flammability: "woods" as const } };
const river = { id: "river", kind: "stream", polygon: rect(0, 34, 72, 36), tags: { water: true } };

/** A British gun at (36, 30) facing south whose crew fled from French hussars, leaving it abandoned. */
function abandoned(): BattleState {
  const s = battle(
    [gun("gb-art", "gb", {}, { position: { x: 36, y: 30 }, facing: 270 }), regiment("fr-hus", "fr", { position: { x: 36, y: 16 }, facing: 90, figures: 6, files: 6 })],
    { phase: "movement", step: "chargeResponses" },
  );
  const charged = { ...s, pending: [{ kind: "chargeResponse" as const, side: sideId("gb"), unit: unitId("gb-art"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" as const }] };
  return play(charged, { type: "artillery/respond", unit: "gb-art", response: "flee" }, [3, 3]).state;
}

describe("artillery mutants (seed 2, open survivors)", () => {
  // messages.ts:46 and :50 (seed 2, text only): the already-fired and not-an-enemy texts → ``.
  it("WHN-ART-8 / CORE-SHOOT-1: the refusals of a second fire and of a friendly target read in full", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 20), battalion("fr-1", "fr", { position: { x: 50, y: 20 }, facing: 270 })]);
    const fired = play(s, fire("fr-art", "gb-1", "shot"), [1, 6]).state;
    const again = refuse(fired, fire("fr-art", "gb-1", "shot"));
    expect(again).toMatchObject({ code: "artillery/already_fired", rule: "WHN-ART-8" });
    expect(formatViolation(again as never)).toBe("Gun fr-art has already fired this phase. [WHN-ART-8]");
    const friend = refuse(s, fire("fr-art", "fr-1", "shot"));
    expect(friend).toMatchObject({ code: "artillery/not_an_enemy", rule: "CORE-SHOOT-1", target: "fr-1" });
    expect(formatViolation(friend as never)).toBe("fr-1 is not an enemy. [CORE-SHOOT-1]");
  });

  // firefighting.ts:43 `u.side !== state.turn.activeSide` → `false`: the other side's unit fights the fire.
  it("CORE-TURN-2 (WHN-FIRE-4): only the moving side's units may try to put a fire out, even while the other side has a decision to make", () => {
    // A British line 1" from a burning wood and 7" from a river, in the French movement phase.
    const gb = line("gb-1", 27, { position: { x: 36, y: 27 }, facing: 90 });
    const s = battle([gun("fr-art", "fr"), gb], { phase: "movement", step: "remaining" }, {
      terrain: [woods, river],
      fires: [{ id: "f1", circles: [{ centre: { x: 36, y: 28.5 }, diameter: 2, terrain: "woods" }] }],
    });
    const act = { type: "artillery/extinguish", unit: "gb-1", fire: "f1", circle: 0 };
    // With no decision pending the engine refuses the other side's piece before the rule is asked.
    expect(refuse(s, act, [6])).toMatchObject({ code: "action/not_your_turn", rule: "CORE-TURN-2", unit: "gb-1" });
    // While the British owe a decision (a redress of that unit) they may act, but not fight the fire.
    const waiting: BattleState = { ...s, pending: [{ kind: "redress", side: sideId("gb"), unit: unitId("gb-1"), targets: [], rule: "CORE-REDR-1" }] };
    expect(checkState(waiting)).toEqual([]);
    expect(refuse(waiting, act, [6])).toMatchObject({ code: "artillery/not_your_unit", rule: "CORE-TURN-2", unit: "gb-1" });
    // In the British movement phase the same unit may (a 5 puts woods out).
    const theirs: BattleState = { ...s, turn: { ...s.turn, activeSide: sideId("gb") } };
    expect(play(theirs, act, [5]).state.fires).toEqual([]);
  });

  // crew.ts:163 `art === null || !art.abandoned` → `&&`: a gun that is not abandoned is re-manned.
  it("WHN-ART-16: only an abandoned gun can be re-manned; a gun marked manned is refused even with no models and its crew beside it", () => {
    const crewId = crewUnitId(unitId("gb-art"));
    let s = abandoned();
    s = patch(s, crewId, { order: "GOOD", position: { x: 36, y: 30 + 80 / 25.4 }, facing: 270 });
    s = { ...s, pending: [], turn: { ...s.turn, activeSide: sideId("gb"), step: "remaining" } };
    const reman = { type: "artillery/reman", unit: "gb-art" };
    // The abandoned gun is re-manned by its crew in contact (the ordinary case).
    expect(unit(play(s, reman, []).state, "gb-art")).toMatchObject({ figures: 4, artillery: { abandoned: false } });
    // The same state with the gun not marked abandoned is refused. Play never reaches it (a manned gun
    // with its crew also apart), so the catalogue names it and loadState would refuse it too.
    const manned = patchGun(s, "gb-art", { abandoned: false });
    expect(checkState(manned).map((b) => [b.invariant, b.path])).toEqual([["artillery.crewInOnePlace", ["units", "gb-art", "artillery", "abandoned"]]]);
    expect(refuse(manned, reman)).toMatchObject({ code: "artillery/not_abandoned", rule: "WHN-ART-16", unit: "gb-art" });
  });

  // move.ts:97 the refusal code "impassable" → "" (no test reached this refusal).
  it("CORE-MOVE-5 (WHN-ART-3): a gun may not move into impassable ground", () => {
    const rock = { id: "rock", kind: "rocks", polygon: rect(30, 5.5, 42, 10), tags: { impassable: true } };
    const s = battle([gun("fr-art", "fr"), line("gb-1", 44)], { phase: "movement", step: "remaining" }, { terrain: [rock] });
    const into = { type: "artillery/move", unit: "fr-art", path: [{ kind: "forward", distance: 2 }] };
    expect(refuse(s, into)).toMatchObject({ code: "artillery/impassable", rule: "CORE-MOVE-5", unit: "fr-art" });
    // Short of the rock the move is allowed.
    const short = play(s, { ...into, path: [{ kind: "forward", distance: 1 }] }, []);
    expect(unit(short.state, "fr-art").position.y).toBeCloseTo(5, 9);
  });
});

/** The event types of a step, in order. */
const types = (r: { events: readonly { type: string }[] }): string[] => r.events.map((e) => e.type);

/** A French gun at (36, 4) facing north and a British line of 10 (5 files) with its front edge at y = 15. */
const canisterRange = (over: Parameters<typeof line>[2] = {}): BattleState => battle([gun("fr-art", "fr"), line("gb-1", 15, over)]);

describe("artillery mutants (seed 3 sample)", () => {
  // bodies.ts:53 `u.order === "DISORDERED"` → `false`: a DISORDERED target keeps its full Toughness.
  it("WHN-DIS-2 (WHN-ART-11): canister wounds a DISORDERED unit as if its Toughness were one lower", () => {
    // Six shots at BS 3 (4+): two hit. S4 against T3 wounds on 3+, against T2 on 2+; the to-wound dice are 2 and 2.
    // The DISORDERED unit then passes its Panic test (1, 1).
    const dice = [6, 6, 1, 1, 1, 1, 2, 2, 1, 1];
    const good = play(canisterRange(), fire("fr-art", "gb-1", "canister"), dice);
    expect(event(good.events, "artillery/hits")).toMatchObject({ unit: "gb-1", hits: 2, unsaved: 0, killed: 0 });
    expect(unit(good.state, "gb-1").figures).toBe(10);
    const shaken = play(patch(canisterRange(), "gb-1", { order: "DISORDERED" }), fire("fr-art", "gb-1", "canister"), dice);
    expect(event(shaken.events, "artillery/hits")).toMatchObject({ unit: "gb-1", hits: 2, unsaved: 2, killed: 2 });
    expect(unit(shaken.state, "gb-1").figures).toBe(8);
  });

  // fire.ts:81 `r.removed > 0` → `<= 0`: the casualties event left out when models die (and sent when none do).
  it("WHN-FORM-8: models a gun kills are reported as casualties removed; hits that kill nobody report none", () => {
    const shaken = play(patch(canisterRange(), "gb-1", { order: "DISORDERED" }), fire("fr-art", "gb-1", "canister"), [6, 6, 1, 1, 1, 1, 2, 2, 1, 1]);
    expect(event(shaken.events, "unit/casualties")).toMatchObject({ rule: "WHN-FORM-8", unit: "gb-1", removed: 2, figures: 8, commandLost: [] });
    // Two-wound models: one unsaved hit wounds a model without killing it (no casualties event).
    const tough = canisterRange({ profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 2, I: 3, A: 1, Ld: 7 } });
    const r = play(tough, fire("fr-art", "gb-1", "canister"), [6, 1, 1, 1, 1, 1, 3]);
    expect(event(r.events, "artillery/hits")).toMatchObject({ unit: "gb-1", hits: 1, unsaved: 1, killed: 0 });
    expect(types(r)).not.toContain("unit/casualties");
    expect(unit(r.state, "gb-1")).toMatchObject({ figures: 10, woundsTaken: 1 });
  });

  // fire.ts:105 `r.unit.figures === 0 ? 0 : g.crew.taken` → `!== 0`: the wound a crew model keeps is dropped.
  it("WHN-ART-14 / CORE-SAVE-2: a crew of two-wound models (an army list's crew, WHN-ART-2) keeps the wound a canister hit deals", () => {
    const s = battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 15 }, facing: 270, profile: { ...DEFAULT_CREW.profile, W: 2 } })]);
    // One hit of six; location 3 (crew); to-wound 6.
    const r = play(s, fire("fr-art", "gb-art", "canister"), [6, 1, 1, 1, 1, 1, 3, 6]);
    expect(event(r.events, "artillery/hitLocation")).toMatchObject({ unit: "gb-art", hits: 1, locations: ["crew"] });
    expect(event(r.events, "artillery/damage")).toMatchObject({ unit: "gb-art", crewKilled: 0 });
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 4, woundsTaken: 1 });
    // A second wound on the same model kills it (the wound carried over).
    const again = play(patch(r.state, "fr-art", { flags: { ...unit(r.state, "fr-art").flags, shot: false } }), fire("fr-art", "gb-art", "canister"), [6, 1, 1, 1, 1, 1, 3, 6, 1, 1]);
    expect(unit(again.state, "gb-art")).toMatchObject({ figures: 3, woundsTaken: 0 });
  });

  // move.ts:49 `to === "LIMBERED"` → `false`: limbering reported as unlimbering.
  it("WHN-ART-4: limbering and unlimbering are reported as such", () => {
    const m = battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 10 } }), line("gb-1", 44)], { phase: "movement", step: "remaining" });
    const lim = play(m, { type: "artillery/limber", unit: "fr-art" }, []);
    expect(types(lim)).toEqual(["artillery/limbered"]);
    expect(event(lim.events, "artillery/limbered")).toMatchObject({ rule: "WHN-ART-4", unit: "fr-art", movedBefore: false, moveLeft: 0.5 });
    const unl = play(patch(m, "fr-art", { formation: "LIMBERED" }), { type: "artillery/unlimber", unit: "fr-art" }, []);
    expect(types(unl)).toEqual(["artillery/unlimbered"]);
  });

  // odds.ts:148 `spec.bodies[id]?.kind === "gun"` → `true`: troops given a gun's damage odds.
  it("WHN-ART-14: the exact odds give gun damage only for artillery targets", () => {
    const troops = gunFireOdds(canisterRange(), { unit: unitId("fr-art"), target: unitId("gb-1"), ammunition: "canister" });
    if (!troops.ok) throw new Error("refused");
    expect(troops.odds.units.map((u) => [u.id, u.gun])).toEqual([["gb-1", null]]);
    const guns = battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 15 }, facing: 270 })]);
    const g = gunFireOdds(guns, { unit: unitId("fr-art"), target: unitId("gb-art"), ammunition: "canister" });
    if (!g.ok) throw new Error("refused");
    expect(g.odds.units[0]?.gun).not.toBeNull();
  });

  // bodies.ts:170 `troopsGone(b, t)` → `[]`: a hit after every model is gone drops out of the odds.
  it("WHN-ART-9: in the exact odds of a shot, every model on the line is a hit, however few models the body has left to lose", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 20)]);
    const read = gunFireSituation(s, { unit: unitId("fr-art"), target: unitId("gb-1"), ammunition: "shot" });
    if (!read.ok) throw new Error("refused");
    const spec = gunFireSpec(s, read.situation);
    const full = specOdds(spec, 90).units.find((u) => u.id === "gb-1");
    // The same flight against a body of one figure: the first unsaved hit takes it, later hits still count.
    const body = spec.bodies["gb-1"];
    if (body === undefined || body.kind !== "troops") throw new Error("no body");
    const one = specOdds({ ...spec, bodies: { ...spec.bodies, "gb-1": { ...body, figures: 1 } } }, 90).units.find((u) => u.id === "gb-1");
    expect(full?.hits.pAtLeast(2)).toBeGreaterThan(0);
    const hits = (o: typeof full): number[] => [0, 1, 2, 3, 4].map((k) => o?.hits.pAtLeast(k) ?? -1);
    hits(one).forEach((p, k) => expect(p).toBeCloseTo(hits(full)[k] ?? -1, 12));
    expect(one?.casualties.pAtLeast(2)).toBe(0);
    expect(one?.casualties.pAtLeast(1)).toBeCloseTo(full?.casualties.pAtLeast(1) ?? -1, 12);
  });

  // sample.ts:107 `b !== undefined` → `true`: a burst over a unit with no body in the spec throws.
  it("WHN-ART-12: a shell burst over a unit its spec gives no body is left out of the results (as shot and canister are)", () => {
    // A howitzer shells gb-1; gb-2 stands beside it, in the bursts' reach.
    const s = battle([gun("fr-art", "fr", { gun: "howitzer" }), line("gb-1", 20), line("gb-2", 20, { position: { x: 40.5, y: 20 } })]);
    const read = gunFireSituation(s, { unit: unitId("fr-art"), target: unitId("gb-1"), ammunition: "shell" });
    if (!read.ok) throw new Error("refused");
    const spec = gunFireSpec(s, read.situation);
    const { ["gb-2"]: _gone, ...bodies } = spec.bodies;
    const dice = roller(seedDice(7));
    let struck = 0;
    for (let i = 0; i < 300; i++) {
      const r = sampleGunFire(dice, { ...spec, bodies });
      if (r.struck.some((h) => h.id === "gb-2")) struck += 1;
      expect(r.results.map((t) => t.id)).not.toContain("gb-2");
    }
    expect(struck).toBeGreaterThan(0);
  });

  // respond.ts:42 `["flee"]` → `[""]`: a FLEEING gun charged again could not flee.
  it("CORE-FLEE-7 (WHN-ART-6): a fleeing horse battery that is charged may only flee", () => {
    const s = battle(
      [gun("gb-art", "gb", { arm: "horse" }, { position: { x: 36, y: 30 }, facing: 270, formation: "LIMBERED" }), regiment("fr-hus", "fr", { position: { x: 36, y: 16 }, facing: 90, figures: 6, files: 6 })],
      { phase: "movement", step: "chargeResponses" },
    );
    const charged = patch(
      { ...s, pending: [{ kind: "chargeResponse" as const, side: sideId("gb"), unit: unitId("gb-art"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" as const }] },
      "gb-art",
      { order: "FLEEING" },
    );
    const respond = (response: string) => ({ type: "artillery/respond", unit: "gb-art", response });
    expect(refuse(charged, respond("hold"))).toMatchObject({ code: "artillery/response_not_allowed", rule: "CORE-FLEE-7", allowed: ["flee"] });
    const r = play(charged, respond("flee"), [3, 4, 5]);
    expect(event(r.events, "unit/fled")).toMatchObject({ unit: "gb-art", rule: "WHN-ART-6", roll: 12 });
    expect(r.state.pending).toEqual([]);
  });

  // firefighting.ts:78 `away.x === 0 && away.y === 0` → `false`: a unit centred on a circle's centre never steps out.
  it("WHN-FIRE-5: a unit whose centre is the very centre of a fire circle still steps out of it", () => {
    const fr = battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90, formation: "LINE", files: 8, figures: 8, light: true });
    const s0 = battle([fr, line("gb-1", 44)], { phase: "movement", step: "compulsory" });
    const centre = unitCentre(layoutOf(unit(s0, "fr-1")));
    const s = battle([fr, line("gb-1", 44)], { phase: "movement", step: "compulsory" }, { fires: [{ id: "f1", circles: [{ centre, diameter: 2, terrain: "woods" }] }] });
    const r = step(s, leaveFires, []);
    expect(types(r)).toEqual(["fire/leftFire"]);
    const u = unit(r.state, "fr-1");
    expect(u.position.x).toBeCloseTo(36, 9);
    expect(u.position.y).toBeLessThan(24);
    expect(u.facing).toBe(90);
  });

  // situation.ts:73 `g.flags.moved || g.flags.moveUsed > 0` → `g.flags.moved || false`.
  it("WHN-ART-5: a horse battery that unlimbered in its movement phase may not fire and limber, but fires without the moving −1 (AMB-41)", () => {
    const m = battle([gun("fr-art", "fr", { arm: "horse" }, { position: { x: 36, y: 10 }, formation: "LIMBERED" }), line("gb-1", 26)], { phase: "movement", step: "remaining" });
    const unl = play(m, { type: "artillery/unlimber", unit: "fr-art" }, []).state;
    expect(unit(unl, "fr-art").flags).toMatchObject({ moved: false, moveUsed: 0.5, limberedOrUnlimbered: true });
    const shooting: BattleState = { ...unl, turn: { ...unl.turn, phase: "shooting", step: null } };
    expect(refuse(shooting, fire("fr-art", "gb-1", "shot", true))).toMatchObject({ code: "artillery/fire_and_limber_moved", rule: "WHN-ART-5", unit: "fr-art" });
    const r = play(shooting, fire("fr-art", "gb-1", "shot"), [1, 6]);
    expect(event(r.events, "artillery/toHit")).toMatchObject({ need: 4, modifiers: [] });
  });

  // upkeep.ts:82 `u2 === undefined || u2.removed !== null` → `&&`: a gun already lost is captured a second time.
  it("WHN-ART-7 / WHN-ART-16: a sheltering crew's gun lost with its square is captured once, even with an enemy touching it", () => {
    const sq = line("gb-sq", 34, { formation: "SQUARE", figures: 12, files: 3, position: { x: 40, y: 31 }, facing: 270 });
    const s = battle(
      [gun("gb-art", "gb", {}, { position: { x: 36, y: 30 }, facing: 270 }), regiment("fr-hus", "fr", { position: { x: 36, y: 16 }, facing: 90, figures: 6, files: 6 }), sq],
      { phase: "movement", step: "chargeResponses" },
    );
    const charged = { ...s, pending: [{ kind: "chargeResponse" as const, side: sideId("gb"), unit: unitId("gb-art"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" as const }] };
    const sheltered = play(charged, { type: "artillery/respond", unit: "gb-art", response: "shelter", square: "gb-sq" }, []).state;
    // The square destroyed; the hussars' front edge touching the gun's front edge.
    const lost = patch(patch(sheltered, "gb-sq", { removed: { reason: "destroyed", gameTurn: 1 } }), "fr-hus", { position: { x: 36, y: 30 } });
    const r = step(lost, artilleryUpkeep, []);
    expect(types(r)).toEqual(["artillery/crewLost", "artillery/captured"]);
    expect(event(r.events, "artillery/captured")).toMatchObject({ rule: "WHN-ART-17", unit: "gb-art" });
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 0, removed: { reason: "captured" }, artillery: { gunDestroyed: false } });
  });

  // messages.ts:32: the English text of a refusal (and of its neighbour).
  it("WHN-ART-4: the refusals of a second limbering and of a march after limbering read in full", () => {
    const m = battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 10 } }), line("gb-1", 44)], { phase: "movement", step: "remaining" });
    const lim = play(m, { type: "artillery/limber", unit: "fr-art" }, []).state;
    const again = refuse(lim, { type: "artillery/unlimber", unit: "fr-art" });
    expect(formatViolation(again as never)).toBe("Gun fr-art has already limbered or unlimbered this turn. [WHN-ART-4]");
    const march = refuse(lim, { type: "artillery/move", unit: "fr-art", path: [{ kind: "forward", distance: 2 }], march: true });
    expect(formatViolation(march as never)).toBe("Gun fr-art limbered or unlimbered this turn and may not march. [WHN-ART-4]");
  });

  // messages.ts:39 `v(x, "unit")` → `v(x, "")` in the march-after-moving text.
  it("CORE-MOVE-2: the refusal of a march after a gun has moved reads in full", () => {
    const m = battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 10 }, formation: "LIMBERED" }), line("gb-1", 44)], { phase: "movement", step: "remaining" });
    const moved = play(m, { type: "artillery/move", unit: "fr-art", path: [{ kind: "forward", distance: 1 }] }, []).state;
    const march = refuse(moved, { type: "artillery/move", unit: "fr-art", path: [{ kind: "forward", distance: 2 }], march: true });
    expect(march).toMatchObject({ code: "artillery/march_after_moving", rule: "CORE-MOVE-2", unit: "fr-art" });
    expect(formatViolation(march as never)).toBe("Gun fr-art has already moved this turn and may not march. [CORE-MOVE-2]");
  });
});

/** A British gun at (36, 30) facing south charged by French hussars 14" away, its response pending. */
function chargedGun(spec: Parameters<typeof gun>[2] = {}, over: Parameters<typeof gun>[3] = {}, extra: Parameters<typeof battle>[0] = []): BattleState {
  const s = battle(
    [gun("gb-art", "gb", spec, { position: { x: 36, y: 30 }, facing: 270, ...over }), regiment("fr-hus", "fr", { position: { x: 36, y: 16 }, facing: 90, figures: 6, files: 6 }), ...extra],
    { phase: "movement", step: "chargeResponses" },
  );
  return { ...s, pending: [{ kind: "chargeResponse" as const, side: sideId("gb"), unit: unitId("gb-art"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" as const }] };
}

describe("artillery mutants (seed 2, the rest of the sample)", () => {
  // odds.ts:81 the order of the units in the exact odds (most likely struck first, then by id) → `true` (kept as found).
  it("WHN-ART-12 (CORE-GEO-29): the exact odds of a shell list the units it may strike most likely first", () => {
    // A howitzer shells a small unit; a deep column 2.4" behind it takes the longer bounces' bursts.
    const s = battle([gun("fr-art", "fr", { gun: "howitzer" }), line("gb-z", 20, { figures: 4, files: 2 }), line("gb-a", 24, { figures: 16, files: 2, formation: "ATTACK_COLUMN" })]);
    const o = gunFireOdds(s, { unit: unitId("fr-art"), target: unitId("gb-z"), ammunition: "shell" }, 90);
    if (!o.ok) throw new Error(o.violation.code);
    expect(o.odds.units.map((u) => u.id)).toEqual(["gb-a", "gb-z"]);
    expect(o.odds.units[0]?.pStruck).toBeGreaterThan(o.odds.units[1]?.pStruck ?? 1);
  });

  // respond.ts:57 `u.formation === "LIMBERED" ? u : …` → `false`: a limbered battery "limbers" again as it flees.
  it("WHN-ART-6: a limbered horse battery flees with its gun as it is, without limbering again", () => {
    const r = play(chargedGun({ arm: "horse" }, { formation: "LIMBERED" }), { type: "artillery/respond", unit: "gb-art", response: "flee" }, [3, 4, 5]);
    expect(types(r)).not.toContain("artillery/limbered");
    expect(event(r.events, "unit/fled")).toMatchObject({ unit: "gb-art", rule: "WHN-ART-6", roll: 12 });
    expect(unit(r.state, "gb-art")).toMatchObject({ formation: "LIMBERED", order: "FLEEING", flags: { limberedOrUnlimbered: false } });
    // Unlimbered, it limbers as it goes (and says so).
    const u = play(chargedGun({ arm: "horse" }), { type: "artillery/respond", unit: "gb-art", response: "flee" }, [3, 4, 5]);
    expect(event(u.events, "artillery/limbered")).toMatchObject({ rule: "WHN-ART-6", unit: "gb-art", fleeing: true });
  });

  // respond.ts:77 `isViolation(u)` → `false`: a charged unit that is no gun answered with an artillery response.
  it("WHN-ART-1: an artillery response for a charged unit that is not a gun is refused", () => {
    const s = battle([line("gb-1", 30), regiment("fr-hus", "fr", { position: { x: 36, y: 16 }, facing: 90, figures: 6, files: 6 })], { phase: "movement", step: "chargeResponses" });
    const charged: BattleState = { ...s, pending: [{ kind: "chargeResponse", side: sideId("gb"), unit: unitId("gb-1"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" }] };
    expect(checkState(charged)).toEqual([]);
    expect(refuse(charged, { type: "artillery/respond", unit: "gb-1", response: "hold" })).toMatchObject({ code: "artillery/not_artillery", rule: "WHN-ART-1", unit: "gb-1" });
  });

  // legal.ts:106 `u.formation === "SQUARE"` → `true`: every friendly unit offered as a shelter.
  it("WHN-ART-7: the listed shelter responses name only friendly squares", () => {
    const sq = line("gb-sq", 34, { formation: "SQUARE", figures: 12, files: 3, position: { x: 40, y: 31 }, facing: 270 });
    const ln = line("gb-ln", 40, { position: { x: 20, y: 40 } });
    const listed = artilleryCandidates(chargedGun({}, {}, [sq, ln])).filter((a) => a.type === "artillery/respond" && a.response === "shelter");
    expect(listed).toEqual([{ type: "artillery/respond", unit: "gb-art", response: "shelter", square: "gb-sq" }]);
  });

  // legal.ts:77 the empty list of moves of a gun its crew have left `[]` → `["Stryker was here"]`.
  it("WHN-ART-16: no move is listed for a gun its crew have left, and every listed candidate is an action", () => {
    const left = play(chargedGun(), { type: "artillery/respond", unit: "gb-art", response: "flee" }, [3, 3]).state;
    const own: BattleState = { ...left, pending: [], turn: { ...left.turn, activeSide: sideId("gb"), step: "remaining" } };
    expect(unit(own, "gb-art").artillery).toMatchObject({ abandoned: true });
    const listed = artilleryCandidates(own);
    expect(listed.every((a) => typeof a === "object" && a !== null)).toBe(true);
    expect(listed.filter((a) => a.type === "artillery/move" && a.unit === "gb-art")).toEqual([]);
  });
});

/** A number as the refusal texts print it (two decimals at most). */
const shown = (x: unknown): string => String(Math.round(Number(x) * 100) / 100);

describe("artillery mutants (seed 3, the second forty of an 80-mutant sample)", () => {
  // messages.ts:31, :58 and :61: the English text of three refusals.
  it("WHN-ART-4, CORE-CHRG-2, WHN-ART-7: the refusals of unlimbering twice, of shooting at a charger too close and of a square out of reach read in full", () => {
    const m = battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 10 } }), line("gb-1", 44)], { phase: "movement", step: "remaining" });
    expect(formatViolation(refuse(m, { type: "artillery/unlimber", unit: "fr-art" }) as never)).toBe("Gun fr-art is already unlimbered. [WHN-ART-4]");
    const close = patch(chargedGun(), "fr-hus", { position: { x: 36, y: 24 } });
    const tooClose = refuse(close, { type: "artillery/respond", unit: "gb-art", response: "standAndShoot" });
    expect(tooClose).toMatchObject({ code: "artillery/charger_too_close", rule: "CORE-CHRG-2" });
    expect(formatViolation(tooClose as never)).toBe(`The charger is ${shown(tooClose["distance"])}" away, within its move of ${shown(tooClose["move"])}": too close to shoot. [CORE-CHRG-2]`);
    const far = line("gb-sq", 34, { formation: "SQUARE", figures: 12, files: 3, position: { x: 50, y: 31 }, facing: 270 });
    const tooFar = refuse(chargedGun({}, {}, [far]), { type: "artillery/respond", unit: "gb-art", response: "shelter", square: "gb-sq" });
    expect(tooFar).toMatchObject({ code: "artillery/square_too_far", rule: "WHN-ART-7", reach: 4 });
    expect(formatViolation(tooFar as never)).toBe(`The square is ${shown(tooFar["distance"])}" away; the crew move 4". [WHN-ART-7]`);
  });

  // (A neighbour of crew.ts:137: the not-sheltering refusal.)
  it("WHN-ART-7: leaving a shelter the crew are not in is refused under WHN-ART-7", () => {
    const m = battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 10 } }), line("gb-1", 44)], { phase: "movement", step: "remaining" });
    expect(refuse(m, { type: "artillery/leaveShelter", unit: "fr-art" })).toMatchObject({ code: "artillery/not_sheltering", rule: "WHN-ART-7", unit: "fr-art" });
  });

  // crew.ts:124 `shelterIn(…, true)` → `false`: crew who sheltered in their own movement phase are not marked as moved;
  // crew.ts:137 the rule of the sheltered-this-turn refusal "WHN-ART-7" → "".
  it("WHN-ART-7: crew who shelter in their own movement phase may not leave the square the same turn", () => {
    const sq = line("gb-sq", 34, { formation: "SQUARE", figures: 12, files: 3, position: { x: 40, y: 31 }, facing: 270 });
    const s = battle([gun("gb-art", "gb", {}, { position: { x: 36, y: 30 }, facing: 270 }), regiment("fr-hus", "fr", { position: { x: 36, y: 6 }, facing: 90, figures: 6, files: 6 }), sq], { phase: "movement", step: "remaining" });
    const own: BattleState = { ...s, turn: { ...s.turn, activeSide: sideId("gb") } };
    const r = play(own, { type: "artillery/shelter", unit: "gb-art", square: "gb-sq" }, []);
    expect(unit(r.state, "gb-art")).toMatchObject({ flags: { moved: true }, artillery: { abandoned: true, shelteringIn: "gb-sq" } });
    expect(refuse(r.state, { type: "artillery/leaveShelter", unit: "gb-art" })).toMatchObject({ code: "artillery/sheltered_this_turn", rule: "WHN-ART-7" });
  });

  // firefighting.ts:103 `u.side !== state.turn.activeSide` → `false`: the other side's units step out of fires too.
  it("WHN-FIRE-5: only the moving side's units step out of the fires in its compulsory moves", () => {
    const fr = battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90, formation: "LINE", files: 8, figures: 8, light: true });
    const gb = line("gb-1", 24, { position: { x: 50, y: 24 } });
    const s0 = battle([fr, gb], { phase: "movement", step: "compulsory" });
    const at = (id: string) => unitCentre(layoutOf(unit(s0, id)));
    const s = battle([fr, gb], { phase: "movement", step: "compulsory" }, { fires: [{ id: "f1", circles: [{ centre: at("fr-1"), diameter: 2, terrain: "woods" }, { centre: at("gb-1"), diameter: 2, terrain: "woods" }] }] });
    const r = step(s, leaveFires, []);
    expect(r.events.map((e) => [e.type, e["unit"]])).toEqual([["fire/leftFire", "fr-1"]]);
    expect(unit(r.state, "gb-1").position).toEqual(unit(s, "gb-1").position);
  });

  // legal.ts:105 `state.units[top.unit]?.artillery == null` → `false`: gun responses listed for a charged unit that is no gun.
  it("WHN-ART-6: no artillery response is listed for a charged unit that is not a gun", () => {
    const s = battle([line("gb-1", 30), regiment("fr-hus", "fr", { position: { x: 36, y: 16 }, facing: 90, figures: 6, files: 6 })], { phase: "movement", step: "chargeResponses" });
    const charged: BattleState = { ...s, pending: [{ kind: "chargeResponse", side: sideId("gb"), unit: unitId("gb-1"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" }] };
    expect(artilleryCandidates(charged)).toEqual([]);
    expect(artilleryCandidates(chargedGun()).map((a) => a.type === "artillery/respond" && a.response)).toEqual(["hold", "standAndShoot", "flee", "fireAndFlee"]);
  });

  // common.ts:77 the body of `ownPiece` → `{}`: the other side's gun acts in the moving side's step.
  it("CORE-TURN-2: a gun may not limber in the other side's movement phase, even while its side owes a decision", () => {
    const s = battle([gun("gb-art", "gb", {}, { position: { x: 36, y: 30 }, facing: 270 }), line("gb-1", 40, { position: { x: 20, y: 40 } }), battalion("fr-1", "fr", { position: { x: 36, y: 6 }, facing: 90 })], { phase: "movement", step: "remaining" });
    const waiting: BattleState = { ...s, pending: [{ kind: "redress", side: sideId("gb"), unit: unitId("gb-1"), targets: [], rule: "CORE-REDR-1" }] };
    expect(checkState(waiting)).toEqual([]);
    expect(refuse(waiting, { type: "artillery/limber", unit: "gb-art" })).toMatchObject({ code: "artillery/not_your_unit", rule: "CORE-TURN-2", unit: "gb-art", side: "gb" });
  });

  // fire.ts:117 `next.figures === 0 && !a.abandoned` → `false`: a gun whose last crew fell to gunfire stays on the table.
  it("WHN-ART-17: a gun whose last crew model falls to gunfire is captured at once", () => {
    const s = battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 15 }, facing: 270 })]);
    // Four canister hits of six, each on the crew (3) and wounding (6).
    const r = play(s, fire("fr-art", "gb-art", "canister"), [6, 6, 6, 6, 1, 1, 3, 6, 3, 6, 3, 6, 3, 6]);
    expect(event(r.events, "artillery/damage")).toMatchObject({ crewKilled: 4, gunDestroyed: false });
    expect(event(r.events, "artillery/captured")).toMatchObject({ rule: "WHN-ART-17", unit: "gb-art", gunDestroyed: false });
    expect(unit(r.state, "gb-art")).toMatchObject({ figures: 0, removed: { reason: "captured" } });
  });

  // guns.ts:107 `a.limberDisabled` → `false`: a limbered gun with a disabled limber still moves at its team's rate.
  it("WHN-ART-15 (WHN-FIRE-5): a limbered gun whose limber is disabled cannot step out of a fire", () => {
    const g = gun("fr-art", "fr", {}, { position: { x: 36, y: 14 }, formation: "LIMBERED" });
    const s0 = battle([g, line("gb-1", 44)], { phase: "movement", step: "compulsory" });
    const centre = unitCentre(layoutOf(unit(s0, "fr-art")));
    const s = patchGun(battle([g, line("gb-1", 44)], { phase: "movement", step: "compulsory" }, { fires: [{ id: "f1", circles: [{ centre, diameter: 2, terrain: "woods" }] }] }), "fr-art", { limberDisabled: true });
    const r = step(s, leaveFires, []);
    expect(types(r)).toEqual(["fire/trapped"]);
    expect(unit(r.state, "fr-art").position).toEqual({ x: 36, y: 14 });
    // With a working limber it steps out.
    expect(types(step(patchGun(s, "fr-art", { limberDisabled: false }), leaveFires, []))).toEqual(["fire/leftFire"]);
  });

  // sample.ts:145 `c.hits > 0` → `false`: a canister's sample lists no unit struck.
  it("WHN-ART-11: a sampled canister lists its target as struck with the hits, when any hit", () => {
    const s = canisterRange();
    const read = gunFireSituation(s, { unit: unitId("fr-art"), target: unitId("gb-1"), ammunition: "canister" });
    if (!read.ok) throw new Error("refused");
    const spec: GunFireSpec = gunFireSpec(s, read.situation);
    const dice = roller(seedDice(5));
    let hit = 0;
    for (let i = 0; i < 20; i++) {
      const r = sampleGunFire(dice, spec);
      const n = r.canister?.hits ?? -1;
      if (n > 0) hit += 1;
      expect(r.struck).toEqual(n > 0 ? [{ id: "gb-1", hits: n, models: [] }] : []);
    }
    expect(hit).toBeGreaterThan(0);
  });

  // firefighting.ts:112 `m.x + by.x` → `m.x - by.x`: skirmishers' models left behind (or thrown the other way) as the unit steps out.
  it("WHN-FIRE-5: a skirmish screen stepping out of a fire takes every model with it", () => {
    const models = Array.from({ length: 10 }, (_, i) => ({ x: 36 + ((i % 5) - 2) * 1.6, y: 24.35 + Math.floor(i / 5) * 1.6, facing: 270 }));
    const sk = line("gb-sk", 24, { formation: "EXTENDED_ORDER", light: true, extendedOrderAllowed: true, models } as never);
    const s = battle([sk, gun("fr-art", "fr")], { phase: "movement", step: "compulsory" }, { fires: [{ id: "f1", circles: [{ centre: { x: 36, y: 25.15 }, diameter: 2, terrain: "woods" }] }] });
    const gbTurn: BattleState = { ...s, turn: { ...s.turn, activeSide: sideId("gb") } };
    const before = unit(gbTurn, "gb-sk");
    expect(before.models).not.toBeNull();
    const r = step(gbTurn, leaveFires, []);
    const after = unit(r.state, "gb-sk");
    const dx = after.position.x - before.position.x;
    const dy = after.position.y - before.position.y;
    expect(dx !== 0 || dy !== 0).toBe(true);
    after.models?.forEach((m, i) => {
      expect(m.x).toBeCloseTo((before.models?.[i]?.x ?? NaN) + dx, 9);
      expect(m.y).toBeCloseTo((before.models?.[i]?.y ?? NaN) + dy, 9);
    });
  });
});

describe("artillery mutants (seed 3, 80-mutant sample: the crew apart)", () => {
  // crew.ts:32 `c !== undefined && inPlay(c)` → `true` and crew.ts:166 the no-crew refusal's details `{ unit }` → `{}`.
  it("WHN-ART-16: a gun whose crew apart were destroyed cannot be re-manned by them", () => {
    const crewId = crewUnitId(unitId("gb-art"));
    let s = abandoned();
    // The crew back in contact behind the gun, then destroyed there (the gun not yet taken). Play reaches
    // such a state too (test/trust/loadable.test.ts), so the catalogue accepts it.
    s = patch(s, crewId, { order: "GOOD", position: { x: 36, y: 30 + 80 / 25.4 }, facing: 270 });
    s = { ...s, pending: [], turn: { ...s.turn, activeSide: sideId("gb"), step: "remaining" } };
    const gone = patch(s, crewId, { figures: 0, removed: { reason: "destroyed", gameTurn: 1 } });
    expect(checkState(gone)).toEqual([]);
    expect(refuse(gone, { type: "artillery/reman", unit: "gb-art" })).toMatchObject({ code: "artillery/no_crew", rule: "WHN-ART-16", unit: "gb-art" });
  });
});

describe("artillery mutants (seed 3, 80-mutant sample: a gun with models of its own)", () => {
  // crew.ts:163 `gun.figures > 0` → `false`: crew apart re-man a gun that still has crew models on it.
  it("WHN-ART-16: crew apart may not re-man a gun that still has crew of its own", () => {
    const crewId = crewUnitId(unitId("gb-art"));
    let s = abandoned();
    s = patch(s, crewId, { order: "GOOD", position: { x: 36, y: 30 + 80 / 25.4 }, facing: 270, figures: 2 });
    s = { ...s, pending: [], turn: { ...s.turn, activeSide: sideId("gb"), step: "remaining" } };
    const manned = patch(s, "gb-art", { figures: 2 });
    // Play never reaches it (crew on the gun and apart at once): the catalogue names it.
    expect(checkState(manned).map((b) => [b.invariant, b.path])).toEqual([["artillery.crewInOnePlace", ["units", "gb-art", "figures"]]]);
    expect(refuse(manned, { type: "artillery/reman", unit: "gb-art" })).toMatchObject({ code: "artillery/not_abandoned", rule: "WHN-ART-16", unit: "gb-art" });
  });
});
