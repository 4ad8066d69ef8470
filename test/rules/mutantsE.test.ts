/**
 * WHN top-level files (unit helpers, casualties, merged detachments, facts) pinned case by case:
 * each case was written against a mutant that the seed-3 sample of 120 (#17, docs/guides/trust.md
 * "Seed 3, 120 mutants: WHN top level (2 Dec 2026, fifth session)") left alive, and fails with that
 * mutant applied to the source.
 */
import { describe, expect, it, vi } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { leftGuns, layoutOf, ranksOf, unitsInPlayShared, unitsOnTable } from "../../src/rules/whn/unit.js";
import { effectiveLeadership } from "../../src/rules/whn/leadership.js";
import { woundUnit } from "../../src/rules/whn/shooting/damage.js";
import { commitCasualties } from "../../src/rules/whn/combined.js";
import { applyHits, removeModels } from "../../src/rules/whn/casualties.js";
import { recordFacts } from "../../src/rules/whn/facts.js";
import { saveNeed } from "../../src/rules/whn/tables.js";
import { isFormed, isLeftGun, joinedCharacters, removeUnit } from "../../src/rules/whn/unit.js";
import { NO_FACTS, TurnFactsSchema } from "../../src/state/facts.js";
import type { BattleEvent } from "../../src/state/battle.js";
import type { JsonValue } from "../../src/state/common.js";
import { battle as gunBattle, gun } from "../fixtures/artillery.js";
import { battalion, battle, leader, run } from "../fixtures/morale.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const two = (): BattleState => battle([battalion("a", "fr", { position: { x: 20, y: 10 } }), battalion("b", "gb", { position: { x: 50, y: 40 }, facing: 270 })]);

describe("layout cache by unit id (whn/unit.ts layoutOf)", () => {
  it("CORE-GEO-6: a new unit object whose layout inputs are unchanged (it only shot or tested) gets the very layout made before", () => {
    const u = unit(two(), "a");
    const first = layoutOf(u);
    const flagged: Unit = { ...u, flags: { ...u.flags, shot: true } };
    expect(layoutOf(flagged)).toBe(first);
    // A moved unit is laid out again.
    const moved: Unit = { ...u, position: { x: u.position.x + 1, y: u.position.y } };
    expect(layoutOf(moved)).not.toBe(first);
    expect(layoutOf(moved).footprint).not.toEqual(first.footprint);
  });

  it("CORE-GEO-6: the cache by id is bounded: after 4 096 other ids it has forgotten a unit, whose layout is made again, equal", () => {
    const u: Unit = { ...unit(two(), "a"), id: "cache-bound" as never, figures: 1, files: 1, command: { leader: false, standard: false, musician: false } };
    const first = layoutOf(u);
    expect(layoutOf({ ...u })).toBe(first);
    for (let i = 0; i < 4096; i++) layoutOf({ ...u, id: `cache-bound-${i}` as never });
    const again = layoutOf({ ...u });
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe("units-in-play cache (whn/unit.ts unitsInPlayShared)", () => {
  const fresh = (s: BattleState): BattleState => ({ ...s, units: { ...s.units } });

  it("keeps the lists of the last eight units records: the oldest of eight is still found", () => {
    const s = two();
    const list = unitsInPlayShared(s);
    expect(list.map((u) => u.id)).toEqual(["a", "b"]);
    for (let i = 0; i < 7; i++) unitsInPlayShared(fresh(s));
    expect(unitsInPlayShared(s)).toBe(list);
  });

  it("forgets a record once eight newer ones were asked about: its list is made again, equal", () => {
    const s = two();
    const list = unitsInPlayShared(s);
    for (let i = 0; i < 8; i++) unitsInPlayShared(fresh(s));
    const again = unitsInPlayShared(s);
    expect(again).not.toBe(list);
    expect(again).toEqual(list);
  });
});

describe("formed units (whn/unit.ts isFormed)", () => {
  it("WHN-SKIRM-2 / WHN-SKIRM-3: a block in good order is formed; skirmishers in open or extended order and a fleeing unit are not", () => {
    const u = unit(two(), "a");
    expect(isFormed(u)).toBe(true);
    expect(isFormed({ ...u, order: "DISORDERED" })).toBe(true);
    expect(isFormed({ ...u, formation: "OPEN_ORDER" })).toBe(false);
    expect(isFormed({ ...u, formation: "EXTENDED_ORDER" })).toBe(false);
    expect(isFormed({ ...u, order: "FLEEING" })).toBe(false);
  });
});

describe("ranks (whn/unit.ts ranksOf)", () => {
  it("CORE-GEO-5: a unit with no models left has no ranks, in a square or extended order as in any block", () => {
    const u = unit(two(), "a");
    for (const formation of ["SQUARE", "EXTENDED_ORDER", "ATTACK_COLUMN", "LINE"] as const) expect(ranksOf({ ...u, formation, figures: 0, models: null })).toBe(0);
    expect(ranksOf({ ...u, formation: "SQUARE" })).toBe(1);
    // Skirmishers in extended order stand in one loose rank whatever their files.
    expect(ranksOf({ ...u, formation: "EXTENDED_ORDER", figures: 24, files: 4 })).toBe(1);
  });
});

describe("guns left by their crews, in id order (whn/unit.ts leftGuns)", () => {
  it("WHN-ART-16: left guns come in id order whatever the record's key order, after the units in play", () => {
    const s0 = gunBattle([gun("g2", "fr", {}, { position: { x: 50, y: 4 } }), gun("g1", "fr"), battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270 })]);
    const empty = (id: string): Unit => ({ ...unit(s0, id), figures: 0 });
    // Keys out of id order, neither sorted nor reversed: g2, g3, g1.
    const s: BattleState = { ...s0, units: { g2: empty("g2"), g3: { ...empty("g2"), id: "g3" as never, position: { x: 64, y: 4 } }, g1: empty("g1"), "gb-1": unit(s0, "gb-1") } as never };
    expect(leftGuns(s).map((u) => u.id)).toEqual(["g1", "g2", "g3"]);
    expect(unitsOnTable(s).map((u) => u.id)).toEqual(["gb-1", "g1", "g2", "g3"]);
    expect(leftGuns(s0)).toEqual([]);
  });
});

describe("a champion's Leadership (whn/combined.ts unitLd)", () => {
  const champ = (over: Partial<Unit>): BattleState => {
    const s = two();
    const a = unit(s, "a");
    return { ...s, units: { ...s.units, a: { ...a, profile: { ...a.profile, Ld: 7 }, champion: { ...a.profile, Ld: 9 }, ...over } } } as BattleState;
  };

  it("WHN-LEAD-3 / CORE-LEAD-1: the unit's Ld is the better of its own and its champion's while the leader stands (AMB-111)", () => {
    const s = champ({});
    expect(effectiveLeadership(s, unit(s, "a")).base).toBe(9);
  });

  it("WHN-LEAD-3 / CORE-LEAD-1: once the leader's model is gone, the champion's line is no longer read", () => {
    const s = champ({ command: { leader: false, standard: true, musician: true } });
    expect(effectiveLeadership(s, unit(s, "a")).base).toBe(7);
  });
});

describe("merged detachments in id order, largest first to fall (whn/combined.ts)", () => {
  /**
   * fr-1 (24 models, four files, Ld 7) with three detachments merged into it, the record's keys out
   * of id order (d2, d3, d1); `sizes` and `ld` per detachment d1, d2, d3.
   */
  function merged(sizes: readonly [number, number, number], ld: readonly [number, number, number]): BattleState {
    const s0 = battle([battalion("fr-1", "fr", { position: { x: 36, y: 8 }, facing: 90 }), battalion("fr-x", "fr", { position: { x: 60, y: 30 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 40 }, facing: 270, formation: "LINE", files: 12 })]);
    const p = unit(s0, "fr-1");
    const x = unit(s0, "fr-x");
    const d = (i: 1 | 2 | 3): Unit => ({ ...x, id: `fr-d${i}` as never, figures: sizes[i - 1]!, profile: { ...x.profile, Ld: ld[i - 1]! }, detachmentOf: "fr-1" as never, mergedInto: "fr-1" as never });
    return { ...s0, units: { "fr-1": { ...p, profile: { ...p.profile, Ld: 7 } }, "fr-d2": d(2), "fr-d3": d(3), "fr-d1": d(1), "gb-1": unit(s0, "gb-1") } } as BattleState;
  }

  it("CORE-UNIT-1: the elites' values are those of the detachment with most models (WHN-DET-5)", () => {
    const s = merged([2, 3, 2], [8, 9, 8]);
    expect(effectiveLeadership(s, unit(s, "fr-1")).base).toBe(9);
  });

  it("CORE-UNIT-1: among detachments of equal size the first by id lends its values, whatever the record's key order", () => {
    const s = merged([2, 2, 2], [9, 8, 8]);
    expect(effectiveLeadership(s, unit(s, "fr-1")).base).toBe(9);
  });

  it("CORE-UNIT-1 / WHN-DET-5: six missile casualties take every second model from the elites, three, shared out first by id among equal detachments", () => {
    const s = merged([2, 2, 2], [8, 8, 8]);
    const r = run(s, [], (st, ctx) => woundUnit(st, ctx, "fr-1" as never, 6, { x: 36, y: 40 }).state);
    expect(r.events.filter((e) => e.type === "unit/combinedCasualties")).toMatchObject([
      {
        rule: "CORE-UNIT-1",
        unit: "fr-1",
        cause: "missile",
        removed: 6,
        superiorValues: true,
        elites: [
          { detachment: "fr-d1", lost: 2, left: 0 },
          { detachment: "fr-d2", lost: 1, left: 1 },
          { detachment: "fr-d3", lost: 0, left: 2 },
        ],
      },
    ]);
    expect(unit(r.state, "fr-1").figures).toBe(18);
    expect(unit(r.state, "fr-d1")).toMatchObject({ figures: 0, removed: { reason: "destroyed" } });
    expect(unit(r.state, "fr-d2")).toMatchObject({ figures: 1, removed: null });
    expect(unit(r.state, "fr-d3")).toEqual(unit(s, "fr-d3"));
  });

  it("WHN-DET-5: the largest detachment loses first, before a smaller one with an earlier id", () => {
    const s = merged([2, 3, 2], [8, 8, 8]);
    const r = run(s, [], (st, ctx) => woundUnit(st, ctx, "fr-1" as never, 4, { x: 36, y: 40 }).state);
    expect(r.events.filter((e) => e.type === "unit/combinedCasualties")).toMatchObject([
      { elites: [{ detachment: "fr-d1", lost: 0, left: 2 }, { detachment: "fr-d2", lost: 2, left: 1 }, { detachment: "fr-d3", lost: 0, left: 2 }] },
    ]);
  });
});

describe("merged detachments: the ones that count, and losses in close combat (whn/combined.ts)", () => {
  /** fr-1 (24 models, Ld 7) with fr-d (4 models, Ld 9) merged into it. */
  function withElites(over: Partial<Unit> = {}): BattleState {
    const s0 = battle([battalion("fr-1", "fr", { position: { x: 36, y: 8 }, facing: 90 }), battalion("fr-d", "fr", { position: { x: 60, y: 30 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 40 }, facing: 270, formation: "LINE", files: 12 })]);
    const p = unit(s0, "fr-1");
    const d = unit(s0, "fr-d");
    return { ...s0, units: { ...s0.units, "fr-1": { ...p, profile: { ...p.profile, Ld: 7 } }, "fr-d": { ...d, figures: 4, profile: { ...d.profile, Ld: 9 }, detachmentOf: "fr-1", mergedInto: "fr-1", ...over } } } as BattleState;
  }

  it("CORE-UNIT-1: merged elites that fill half the front rank lend their Ld; a merged detachment already removed lends nothing (WHN-DET-5)", () => {
    const s = withElites();
    expect(effectiveLeadership(s, unit(s, "fr-1")).base).toBe(9);
    const gone = withElites({ removed: { reason: "destroyed", gameTurn: 1 } });
    expect(effectiveLeadership(gone, unit(gone, "fr-1")).base).toBe(7);
  });

  it("CORE-UNIT-1: in close combat the casualties fall first on the elites in contact, then on the others", () => {
    const s = withElites();
    const events: { type: string; rule: string; details: Record<string, JsonValue> }[] = [];
    const p = unit(s, "fr-1");
    const after = commitCasualties(s, { ...p, figures: p.figures - 3 }, 3, { kind: "combat", eliteInContact: 2 }, (type, rule, details) => events.push({ type, rule, details: details as Record<string, JsonValue> }));
    expect(events).toEqual([{ type: "unit/combinedCasualties", rule: "CORE-UNIT-1", details: { unit: "fr-1", cause: "combat", removed: 3, superiorValues: true, elites: [{ detachment: "fr-d", lost: 2, left: 2 }] } }]);
    expect(unit(after, "fr-d").figures).toBe(2);
    // With no elite in contact, the parent's own models fall first.
    const none: unknown[] = [];
    const kept = commitCasualties(s, { ...p, figures: p.figures - 3 }, 3, { kind: "combat", eliteInContact: 0 }, (type, rule, details) => none.push(details));
    expect(none).toMatchObject([{ elites: [{ detachment: "fr-d", lost: 0, left: 4 }] }]);
    expect(unit(kept, "fr-d").figures).toBe(4);
  });

  it("WHN-LEAD-3 / CORE-LEAD-1: a unit with no models left reads no champion's line", () => {
    const s = two();
    const a = unit(s, "a");
    const empty: BattleState = { ...s, units: { ...s.units, a: { ...a, figures: 0, profile: { ...a.profile, Ld: 7 }, champion: { ...a.profile, Ld: 9 } } } } as BattleState;
    expect(effectiveLeadership(empty, unit(empty, "a")).base).toBe(7);
  });
});

describe("guns whose crews shelter (whn/unit.ts isLeftGun)", () => {
  it("WHN-ART-16: a gun whose crew shelter in a unit is not a left gun; once they are gone from it, it is", () => {
    const s = gunBattle([gun("g1", "fr"), battalion("fr-1", "fr", { position: { x: 50, y: 10 } }), battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270 })]);
    const g = unit(s, "g1");
    const art = g.artillery!;
    expect(isLeftGun({ ...g, figures: 0, artillery: { ...art, shelteringIn: "fr-1" as never } })).toBe(false);
    expect(isLeftGun({ ...g, figures: 0, artillery: { ...art, shelteringIn: null } })).toBe(true);
  });
});

describe("removing models shares what did not change (whn/casualties.ts)", () => {
  it("CORE-STD-3: a loss that takes no command model leaves the command record as it was, shared", () => {
    const u = unit(two(), "a");
    const r = removeModels(u, 2);
    expect(r.commandLost).toEqual([]);
    expect(r.unit.command).toBe(u.command);
    expect(removeModels(u, u.figures - 1).commandLost).toEqual(["musician", "standard"]);
  });
});

describe("casualties on units at the edges (whn/casualties.ts, survivors of the partial before run)", () => {
  it("CORE-SAVE-2: hits on a unit with no models left wound nobody, and it keeps no wounded model", () => {
    const u: Unit = { ...unit(two(), "a"), figures: 0, woundsTaken: 1, profile: { ...unit(two(), "a").profile, W: 2 } };
    const r = applyHits(u, [1, 1]);
    expect([r.removed, r.wounds, r.unit.figures, r.unit.woundsTaken]).toEqual([0, 0, 0, 0]);
  });

  it("WHN-FORM-8: an EXTENDED_ORDER unit whose models were never placed one by one loses models by count alone", () => {
    const u: Unit = { ...unit(two(), "a"), formation: "EXTENDED_ORDER", models: null, command: { leader: false, standard: false, musician: false } };
    const r = removeModels(u, 3, { x: 0, y: 0 });
    expect([r.removed, r.unit.figures, r.unit.models]).toEqual([3, u.figures - 3, null]);
  });
});

describe("removing a unit settles its joined characters (whn/unit.ts removeUnit, public as whn.units.removeUnit)", () => {
  const joined = (): BattleState => battle([battalion("a", "fr", { position: { x: 20, y: 10 } }), battalion("b", "gb", { position: { x: 50, y: 40 }, facing: 270 })], { characters: [leader("k", "fr", { joinedTo: "a" })] });

  it("CORE-CHAR-6: a unit that leaves the table in flight takes its joined characters with it, even if its order was not set to FLEEING", () => {
    const r = removeUnit(joined(), "a" as never, "fledTable");
    expect(r.characters["k" as never]).toMatchObject({ joinedTo: "a", removed: { reason: "fledTable" } });
  });

  it("CORE-CHAR-6: a steady unit destroyed by casualties leaves its characters on the table, alone where it stood", () => {
    const s = joined();
    const r = removeUnit(s, "a" as never, "destroyed");
    expect(r.characters["k" as never]).toMatchObject({ joinedTo: null, removed: null, position: unit(s, "a").position });
  });
});

describe("joined characters from a fresh module (whn/unit.ts)", () => {
  it("CORE-CHAR-4: the first question in a fresh process, before any characters record was remembered, is answered", async () => {
    const s = battle([battalion("a", "fr", { position: { x: 20, y: 10 } }), battalion("b", "gb", { position: { x: 50, y: 40 }, facing: 270 })], { characters: [leader("k", "fr", { joinedTo: "a" })] });
    vi.resetModules();
    const fresh = await import("../../src/rules/whn/unit.js");
    expect(fresh.joinedCharacters(s, "a" as never).map((c) => c.id)).toEqual(["k"]);
    expect(joinedCharacters(s, "b" as never)).toEqual([]);
  });
});

describe("turn facts (whn/facts.ts recordFacts)", () => {
  let seq = 0;
  const ev = (type: string, rule: string, d: Record<string, unknown> = {}): BattleEvent => ({ seq: seq++, gameTurn: 1, type, rule, ...d }) as BattleEvent;
  const start = recordFacts(NO_FACTS, [ev("morale/rallyTest", "WHN-RALLY-1", { unit: "z" })], {});

  it("CORE-TURN-2: a step that starts on facts already fresh for it changes nothing: the very same facts come back", () => {
    expect(recordFacts(start, [ev("turn/stepStarted", "CORE-TURN-2", { step: "remaining" })], {})).toBe(start);
    const dirty = recordFacts(start, [ev("combat/roundFought", "CORE-CR-1", { combat: "c1", winner: "fr" })], {});
    const fresh = recordFacts(dirty, [ev("turn/stepStarted", "CORE-TURN-2", { step: "remaining" })], {});
    expect(fresh.step).toBe(NO_FACTS.step);
    expect(fresh.aftermath).toBe(NO_FACTS.aftermath);
  });

  it("CORE-CR-1: a combat fought twice in a step is listed once as fought; both rounds are kept with their winners (null for a draw)", () => {
    const f = recordFacts(start, [ev("combat/roundFought", "CORE-CR-1", { combat: "c1", winner: "fr" }), ev("combat/roundFought", "CORE-CR-1", { combat: "c1", winner: null })], {});
    expect(f.step.fought).toEqual(["c1"]);
    expect(f.aftermath.rounds).toEqual([
      { combat: "c1", winner: "fr" },
      { combat: "c1", winner: null },
    ]);
  });

  it("WHN-SHOOT-2: each fire is remembered with the face it struck (null when none is given)", () => {
    const f = recordFacts(start, [ev("shooting/fired", "CORE-SHOOT-1", { shooter: "a", target: "b", face: 2 }), ev("shooting/fired", "CORE-SHOOT-1", { shooter: "c", target: "b" })], {});
    expect(f.shots).toEqual([
      { shooter: "a", target: "b", face: 2 },
      { shooter: "c", target: "b", face: null },
    ]);
  });

  it("CORE-CHRG-7: only a unit destroyed by being caught by a charge is remembered as caught", () => {
    const f = recordFacts(start, [ev("unit/destroyed", "CORE-CHRG-7", { unit: "a" }), ev("unit/destroyed", "CORE-SHOOT-5", { unit: "b" })], {});
    expect(f.movement.caught).toEqual(["a"]);
  });

  it("WHN-CHRG-8: a lapping flank attack is remembered with its models and whether it removes the rank bonus", () => {
    const f = recordFacts(start, [ev("combat/flankAttack", "WHN-CHRG-8", { unit: "a", target: "b", combat: "c1", models: 3, removesRankBonus: true }), ev("combat/flankAttack", "CORE-CR-4", { unit: "x", target: "b", combat: "c1", models: 2 })], {});
    expect(f.movement.laps).toEqual([{ unit: "a", target: "b", combat: "c1", models: 3, removesRankBonus: true }]);
  });

  it("CORE-CHAL-3: at a new game turn the challenge of a combat still fought is kept, that of a combat gone is dropped", () => {
    const f = recordFacts(start, [ev("combat/challengeAccepted", "CORE-CHAL-2", { combat: "c1", challenger: "k1", champion: "k2" }), ev("combat/challengeAccepted", "CORE-CHAL-2", { combat: "c2", challenger: "k3", champion: "k4" })], {});
    expect(Object.keys(f.duels).sort()).toEqual(["c1", "c2"]);
    const next = recordFacts(f, [{ ...ev("turn/phaseStarted", "CORE-TURN-2", {}), gameTurn: 2 }], { c1: {} } as never);
    expect(next.duels).toEqual({ c1: { a: "k1", b: "k2" } });
    expect(next.turn).toEqual({ gameTurn: 2, rallied: [] });
  });

  it("CORE-CHAL-1 / CORE-CHAL-2: a challenge issued, declined, refused: each is remembered for its combat", () => {
    const f = recordFacts(start, [
      ev("combat/challengeIssued", "CORE-CHAL-1", { combat: "c1", side: "fr", challenger: "k1", retireIfRefused: "k9" }),
      ev("combat/challengeIssued", "CORE-CHAL-1", { combat: "c1", side: "gb", challenger: "k5", retireIfRefused: "" }),
      ev("combat/challengeDeclined", "CORE-CHAL-1", { combat: "c2", side: "gb" }),
      ev("combat/challengeDeclined", "CORE-CHAL-1", { combat: "c2", side: "gb" }),
      ev("combat/challengeRefused", "CORE-CHAL-2", { combat: "c1", challenger: "k1", retired: "k9" }),
    ], {});
    expect(f.step.challenges).toEqual({
      c1: { settled: true, issued: { side: "fr", challenger: "k1", retireIfRefused: "k9" }, declined: [], retired: ["k9"] },
      c2: { settled: false, issued: null, declined: ["gb"], retired: [] },
    });
  });

  it("CORE-CHAL-2: a refusal with no character named to retire still settles the challenge, and the facts stay loadable", () => {
    const f = recordFacts(start, [ev("combat/challengeRefused", "CORE-CHAL-2", { combat: "c1", challenger: "k1" })], {});
    expect(f.step.challenges).toEqual({ c1: { settled: true, issued: null, declined: [], retired: [""] } });
    expect(TurnFactsSchema.safeParse(f).success).toBe(true);
  });

  it("WHN-BREAK-1 / WHN-BREAK-4 / CORE-PURS-6 / CORE-DISENG-1: fall backs, pursuit charges and disengagements are remembered where the later steps read them", () => {
    const f = recordFacts(start, [
      ev("unit/fellBack", "WHN-BREAK-2", { unit: "a" }),
      ev("combat/cavalryFallBackDue", "WHN-BREAK-4", { unit: "h", from: "b", combat: "c1" }),
      ev("combat/pursuitCharge", "CORE-PURS-6", { unit: "p", target: "t", combat: "c3" }),
      ev("combat/disengageDeclared", "CORE-DISENG-1", { unit: "d" }),
    ], {});
    expect(f.movement.fellBack).toEqual(["a"]);
    expect(f.movement.disengaging).toEqual(["d"]);
    expect(f.aftermath.cavalryFallBacks).toEqual([{ unit: "h", from: "b" }]);
    expect(f.step.pursuitCharges).toEqual([{ combat: "c3", target: "t" }]);
  });
});

describe("survivors of the after run, killed after it (checked by hand)", () => {
  it("CORE-WPN-4 / CORE-WPN-6: a shield that does not count (two-handed weapon in close combat) improves no save", () => {
    const shieldOnly = { armour: "none", shield: true, barding: false } as const;
    expect(saveNeed({ equipment: shieldOnly, mounted: false }, 3)).toBe(6);
    expect(saveNeed({ equipment: shieldOnly, mounted: false, shieldCounts: false }, 3)).toBeNull();
    expect(saveNeed({ equipment: { ...shieldOnly, armour: "light" }, mounted: false, shieldCounts: false }, 3)).toBe(6);
  });

  it("WHN-DET-5: committing casualties to a unit the state does not hold only puts it there, sharing nothing", () => {
    const s = two();
    const stranger: Unit = { ...unit(s, "a"), id: "zz" as never, figures: 20 };
    const events: unknown[] = [];
    const after = commitCasualties(s, stranger, 4, { kind: "missile" }, (...e) => events.push(e));
    expect(after.units["zz" as never]).toBe(stranger);
    expect(events).toEqual([]);
  });

  it("CORE-REDR-1: what falls due after an aftermath ended in the same step is kept, in a fresh group", () => {
    let seq = 0;
    const ev = (type: string, rule: string, d: Record<string, unknown> = {}): BattleEvent => ({ seq: seq++, gameTurn: 1, type, rule, ...d }) as BattleEvent;
    const start = recordFacts(NO_FACTS, [ev("morale/rallyTest", "WHN-RALLY-1", { unit: "z" })], {});
    const f = recordFacts(start, [ev("combat/fallBackDue", "WHN-BREAK-2", { unit: "b", from: "a" }), ev("combat/aftermathDone", "CORE-REDR-1"), ev("combat/fallBackDue", "WHN-BREAK-2", { unit: "d", from: "c" })], {});
    expect(f.aftermath.fallBacks).toEqual([{ unit: "d", from: "c" }]);
    expect(NO_FACTS.aftermath.fallBacks).toEqual([]);
  });

  it("WHN-SKIRM-2 / WHN-SKIRM-3: in a freshly loaded module, open and extended order are the skirmish formations", async () => {
    vi.resetModules();
    const fresh = await import("../../src/rules/whn/unit.js");
    const u = unit(two(), "a");
    expect([...fresh.SKIRMISH_FORMATIONS].sort()).toEqual(["EXTENDED_ORDER", "OPEN_ORDER"]);
    expect(fresh.isSkirmishing({ ...u, formation: "OPEN_ORDER" })).toBe(true);
    expect(fresh.isSkirmishing(u)).toBe(false);
  });
});
