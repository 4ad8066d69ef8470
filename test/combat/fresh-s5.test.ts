/**
 * Rule tests for the survivors of the fresh seed-5 sample of src/rules/whn/combat (#17,
 * docs/guides/trust.md "Seed 5, fresh: … (2 Dec 2026, sixth session)"): each case fails with its
 * mutant applied to the source by hand.
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, type BattleState, type Unit } from "../../src/index.js";
import { findContacts } from "../../src/rules/whn/combat/contacts.js";
import { fallBackDistance } from "../../src/rules/whn/combat/fallBack.js";
import { panicPursuits } from "../../src/rules/whn/combat/brokenPanic.js";
import { recorder } from "../../src/rules/whn/combat/recorder.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { finishAftermath } from "../../src/rules/whn/combat/aftermath.js";
import { NO_FACTS } from "../../src/state/facts.js";
import { scoreSides, settle } from "../../src/rules/whn/combat/index.js";
import { layoutOf } from "../../src/rules/whn/unit.js";
import { duelInput } from "../fixtures/combatPlain.js";
import { engaged, foot } from "../fixtures/combat.js";
import { LD6, mustApply as ok } from "../fixtures/play.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const hero = (id: string, side: string, joinedTo: string, Ld: number) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo });

describe("who touches whom (combat/contacts.ts findContacts)", () => {
  it("CORE-GEO-14: a unit whose flank an enemy's front touches is fought on that flank face, on both sides of the contact (contacts.ts:88)", () => {
    // b (gb) fights a (fr) front to front; c (fr, 4 models in one rank) has its front on b's flank (b's left, as b faces).
    const s = engaged({ profile: LD6 }, {}, { units: [foot("c", "fr", { files: 4, figures: 4, position: { x: 36 + (5 * (20 / 25.4)) / 2, y: 24 + 1.5 }, facing: 180 })] });
    const contacts = findContacts([unit(s, "b"), unit(s, "c")]);
    const bOnC = contacts.find((c) => c.unit === "b" && c.enemy === "c");
    const cOnB = contacts.find((c) => c.unit === "c" && c.enemy === "b");
    expect(cOnB).toMatchObject({ enemyFace: "left", ownFace: "front", lapping: false });
    expect(bOnC).toMatchObject({ enemyFace: "front", ownFace: "left" });
  });

  it("CORE-CC-2 / CORE-GEO-12: units recorded in combat a hair apart fight with their front ranks only (contacts.ts:66)", () => {
    const s = engaged({}, { position: { x: 36, y: 24.05 } });
    const a = unit(s, "a");
    const b = unit(s, "b");
    const contacts = findContacts([a, b]);
    expect(contacts.map((c) => [c.unit, c.enemy, c.models.length])).toEqual([
      ["a", "b", 5],
      ["b", "a", 5],
    ]);
    for (const c of contacts) {
      const models = layoutOf(c.unit === "a" ? a : b).models;
      expect(c.models.map((i) => models[i]!.rank)).toEqual([0, 0, 0, 0, 0]);
    }
  });
});

describe("fall back (combat/fallBack.ts fallBackDistance)", () => {
  it("WHN-BREAK-2: a unit falls back its M, a square half of it; whn.fallBackDistance halfM halves both (fallBack.ts:24)", () => {
    const s = engaged({ profile: { ...LD6, M: 4 } });
    const a = unit(s, "a");
    expect(fallBackDistance(s, a)).toBe(4);
    expect(fallBackDistance(s, { ...a, formation: "SQUARE" })).toBe(2);
    const half = { ...s, options: { ...s.options, whn: { ...s.options.whn, fallBackDistance: "halfM" } } } as BattleState;
    expect(fallBackDistance(half, { ...a, formation: "SQUARE" })).toBe(1);
    expect(fallBackDistance(half, a)).toBe(2);
  });
});

describe("settling a round (combat/score.ts applyTieOnly)", () => {
  it("HR-SQUARE-4 / CORE-CR-1: a drawn round stays a plain draw; a square's squareness bonus on either side does not relabel it (score.ts:67)", () => {
    const base = duelInput();
    for (const bonus of [[2, 0], [0, 2]] as const) {
      const input = { ...base, sides: [{ squareness: bonus[0] }, { squareness: bonus[1] }] as const, options: { ...base.options, squareness: "tieOnly" as const } };
      const out = settle(scoreSides(input, [20, 20], [1, 1]), input);
      expect(out).toEqual({ kind: "decided", verdict: expect.objectContaining({ winner: null, margin: 0, settledBy: "draw" }) });
    }
  });
});

describe("issuing a challenge (combat/actions.ts issueChallenge)", () => {
  const withHeroes = () => engaged({ profile: LD6 }, {}, { characters: [hero("ney", "fr", "a", 9), hero("pic", "gb", "b", 9), hero("hill", "gb", "b", 8)] });
  const offered = () => {
    const s0 = withHeroes();
    return ok({ ...s0, turn: { ...s0.turn, phase: "shooting" } }, { type: "turn/advance" }).state;
  };

  it("CORE-CHAL-2: the character to retire if refused must be one of the enemy's challengers; naming one's own or an unknown character is refused and changes nothing (actions.ts:163)", () => {
    const s = offered();
    for (const name of ["ney", "nobody"]) {
      const r = apply(s, { type: "combat/challenge", combat: "c1", challenger: "ney", retireIfRefused: name });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.violation).toEqual({ code: "combat/not_in_combat", rule: "CORE-CHAL-2", character: name, combat: "c1" });
    }
    // An enemy challenger is accepted and recorded.
    const r = ok(s, { type: "combat/challenge", combat: "c1", challenger: "ney", retireIfRefused: "hill" });
    expect(r.events.find((e) => e.type === "combat/challengeIssued")).toMatchObject({ side: "fr", challenger: "ney", retireIfRefused: "hill" });
  });
});

describe("pursuing a unit that fled in panic (combat/brokenPanic.ts panicPursuits)", () => {
  it("CORE-PANIC-10: only the enemies of a unit that fled in panic out of a won combat may pursue it; its own friend in that combat, with no foe left, is not asked (brokenPanic.ts:62)", () => {
    // c1: a and a2 (fr) against b (gb); fr won the last round. Then b is destroyed and a2 flees in panic.
    const s0 = engaged({}, {}, { units: [foot("a2", "fr", { position: { x: 36 + 5 * (20 / 25.4), y: 24 }, facing: 90 })], combat: { units: ["a", "b", "a2"] as never, lastWinner: "fr" as never, rounds: 1 } });
    const after = {
      ...s0,
      units: { ...s0.units, a2: { ...unit(s0, "a2"), order: "FLEEING" }, b: { ...unit(s0, "b"), removed: { reason: "destroyed", gameTurn: s0.turn.gameTurn } } },
    } as BattleState;
    const { ctx } = makeContext(after, roller(after.dice));
    expect(panicPursuits(s0, after, recorder(ctx), ["a2" as never], new Set())).toEqual([]);
    // The same flight by the other side's unit: its enemy a, with no foe left, is asked.
    const mirror = { ...s0, units: { ...s0.units, b: { ...unit(s0, "b"), order: "FLEEING" } } } as BattleState;
    const m = makeContext(mirror, roller(mirror.dice));
    expect(panicPursuits(s0, mirror, recorder(m.ctx), ["b" as never], new Set())).toEqual([
      { kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "CORE-PANIC-10" },
      { kind: "restraint", side: "fr", unit: "a2", targets: ["b"], rule: "CORE-PANIC-10" },
    ]);
  });
});

describe("a blocked fall back and its pursuers (combat/aftermath.ts fallBacksWithPursuit)", () => {
  it("WHN-BREAK-2 / AMB-29 / WHN-BREAK-1: a fall back blocked by the table edge becomes a flight, but a winner that is itself fleeing is passed over: no pursuit decision and no WHN-BREAK-5 no-pursuit event for it (aftermath.ts:217)", () => {
    // b (gb) stands with its rear on the table's edge (y = 48), a (fr) touching its front; a has fled meanwhile.
    const y = 48 - 2 * (2 / 2.54) * 2;
    const s0 = engaged({ position: { x: 36, y } }, { position: { x: 36, y } }, { combat: { lastWinner: "fr" as never, rounds: 1 } });
    const s = {
      ...s0,
      units: { ...s0.units, a: { ...unit(s0, "a"), order: "FLEEING" } },
      facts: { ...s0.facts, aftermath: { ...NO_FACTS.aftermath, fallBacks: [{ unit: "b" as never, from: "a" as never }] } },
    } as BattleState;
    const { ctx, sink } = makeContext(s, roller(scriptedDice([3, 4, 3, 4])));
    const out = finishAftermath(s, recorder(ctx));
    expect(unit(out, "b")).toMatchObject({ order: "FLEEING", removed: { reason: "fledTable" } });
    expect(out.pending).toEqual([]);
    const types = sink.drafts.map((e) => e.type);
    expect(types).toContain("combat/fallBackBlocked");
    expect(types).not.toContain("combat/noPursuit");
  });
});
