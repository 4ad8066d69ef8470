import { describe, expect, it } from "vitest";
import { withScriptedDice, type BattleEvent, type BattleState } from "../../src/index.js";
import { buildRound } from "../../src/rules/whn/combat/index.js";
import { battleOf, fr, gb, gbCav, must, ofType, run, toStep, type AnyAction } from "../fixtures/movement.js";

const declare: AnyAction = { type: "movement/declareCharge", unit: "gb-2", target: "fr-1" };

/**
 * 12 hussars in one rank (gb-2, 11.8" wide) charge a French two-rank LINE of 8 files (fr-1, 6.3"
 * wide, its flanks 1.57" long, shorter than two 0.98" cavalry bases); both overhang by 2.76".
 */
function charged(extra: Parameters<typeof battleOf>[0] = [], options: Record<string, unknown> = {}) {
  let s = toStep(battleOf([fr("fr-1", 36, 12, { formation: "LINE", files: 8, figures: 16 }), gbCav("gb-2", 36, 20, { files: 12 }), ...extra], { firstSide: "gb", options }), "declareCharges");
  s = must(s, declare);
  s = must(s, { type: "turn/advance" });
  s = toStep(must(s, { type: "movement/respond", unit: "fr-1", response: "hold" }), "chargeMoves");
  return run(s, { type: "movement/chargeMove", unit: "gb-2" });
}

/** Advances into the British close combat phase with every die a 1, gathering the events (the combat is fought on entry). */
function fightWithOnes(state: BattleState): { state: BattleState; events: BattleEvent[] } {
  let s = withScriptedDice(state, new Array(80).fill(1));
  const events: BattleEvent[] = [];
  for (let i = 0; i < 10 && s.turn.phase !== "combat"; i++) {
    const r = run(s, { type: "turn/advance" });
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** The one combat of a state, built as its next round. */
const built = (s: BattleState, rounds?: number) => {
  const c = Object.values(s.combats)[0]!;
  return buildRound(s, rounds === undefined ? c : { ...c, rounds });
};

describe("cavalry lapping round on the charge", () => {
  it("WHN-CHRG-7, AMB-110: against a two-rank line two models lap each side, the second passing the flank's rear corner", () => {
    const r = charged();
    expect(ofType(r.events, "charge/lappedRound")[0]).toMatchObject({ rule: "WHN-CHRG-7", laps: [{ flank: "right", models: 2 }, { flank: "left", models: 2 }] });
    expect(ofType(r.events, "combat/flankAttack")[0]).toMatchObject({ rule: "WHN-CHRG-8", flankBonus: 1, models: 4 });
  });

  it("WHN-CHRG-7: a unit standing where the second model would go leaves room for one on that side", () => {
    // gb-3 stands off fr-1's right rear: clear of the first lapping model (0.98" along the flank
    // from its front corner), in the way of the second (0.98" to 1.97").
    const r = charged([gb("gb-3", 41, 10.8, { formation: "LINE", files: 2, figures: 4, facing: 90 })]);
    expect(ofType(r.events, "charge/lappedRound")[0]).toMatchObject({ laps: [{ flank: "right", models: 1 }, { flank: "left", models: 2 }] });
  });

  it("WHN-CHRG-7: a one-rank light line (flank shorter than one base) lets one model lap each side", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12, { formation: "LINE", light: true, files: 8, figures: 8 }), gbCav("gb-2", 36, 20, { files: 12 })], { firstSide: "gb" }), "declareCharges");
    let t = must(must(s, declare), { type: "turn/advance" });
    t = toStep(must(t, { type: "movement/respond", unit: "fr-1", response: "hold" }), "chargeMoves");
    const r = run(t, { type: "movement/chargeMove", unit: "gb-2" });
    expect(ofType(r.events, "charge/lappedRound")[0]).toMatchObject({ laps: [{ flank: "right", models: 1 }, { flank: "left", models: 1 }] });
  });

  it("WHN-CHRG-8, CORE-CR-4, WHN-CC-5: the lap counts +1 flank in the first round's result and the lapping models fight", () => {
    const s = charged().state;
    const models = (st: BattleState) => built(st).input.strikers.filter((x) => x.owner === "gb-2").reduce((n, x) => n + x.models, 0);
    const withoutLap = { ...s, facts: { ...s.facts, movement: { ...s.facts.movement, laps: [] } } } as BattleState;
    expect(models(s)).toBe(models(withoutLap) + 4);
    expect(built(s).input.victims.find((v) => v.id === "gb-2")?.result?.fightsFlank).toBe(true);
    // Every die a 1: nobody is hit. gb scores flank +1; fr no ranks (a line's rank bonus never counts against cavalry).
    const r = fightWithOnes(s);
    const fought = ofType(r.events, "combat/roundFought")[0]!;
    const [gbScore, frScore] = fought["scores"] as Array<Record<string, number>>;
    expect(gbScore).toMatchObject({ wounds: 0, flank: 1, rear: 0 });
    expect(frScore).toMatchObject({ wounds: 0, flank: 0, ranks: 0 });
    // fr's standard makes it 1 all (without the lap fr would win 1–0); the drawn round goes to fr's musician (CORE-MUS-2).
    expect(gbScore).toMatchObject({ total: 1 });
    expect(frScore).toMatchObject({ standard: 1, total: 1 });
    expect(fought).toMatchObject({ winner: "fr", margin: 1, settledBy: "musician" });
  });

  it("WHN-CHRG-8, AMB-17: by default the lap does not cancel the infantry's rank bonus; with whn.lapIsFullFlankAttack it does", () => {
    const victim = (st: BattleState) => built(st).input.victims.find((v) => v.id === "fr-1")!;
    expect(victim(charged().state).result?.flankedBy).toEqual([]);
    expect(victim(charged([], { whn: { lapIsFullFlankAttack: true } }).state).result?.flankedBy).toEqual(["gb-2"]);
  });

  it("WHN-CHRG-8: in a later round the charge's lap no longer counts", () => {
    const s = charged().state;
    expect(built(s, 1).input.victims.find((v) => v.id === "gb-2")?.result?.fightsFlank).toBe(false);
  });
});
