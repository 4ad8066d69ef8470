import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyTrusted, legalActions, reseed, type BattleState } from "../../src/index.js";
import { fnfScenario } from "../../src/rules/fnf/index.js";
import { FNF_ACTIONS } from "../../src/rules/fnf/actions.js";
import { playSetup } from "../../src/battle/index.js";
import { randomBot } from "../../src/bots/index.js";
import { advanceTo, brigade, fnfBattle, play, playWith } from "./helpers.js";

const village = { id: "v", kind: "buildings", polygon: [{ x: 26, y: 22 }, { x: 32, y: 22 }, { x: 32, y: 27 }, { x: 26, y: 27 }], tags: {} };
const battery = (id: string, side: "fr" | "gb", x: number, y: number, limbered: boolean) =>
  ({ id, side, kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", limbered }, position: { x, y }, facing: side === "fr" ? 90 : 270 }) as const;

/** A French corps of a light brigade, a line brigade, a battery and a leader facing two British brigades, near a village. */
function scene(): BattleState {
  return advanceTo(
    fnfBattle(
      {
        units: {
          fr1: brigade("fr1", "fr", 20, 20, { light: true }),
          fr2: brigade("fr2", "fr", 44, 16),
          frb: battery("frb", "fr", 60, 16, true),
          gb1: brigade("gb1", "gb", 20, 44),
          gb2: brigade("gb2", "gb", 50, 44),
        },
        leaders: { frc: { id: "frc", side: "fr", rank: "corps", position: { x: 32, y: 12 } } },
      },
      [village],
    ),
    "maneuver",
  );
}

/** Every listed action applies; returns the listed actions. */
function allApply(s: BattleState) {
  const listed = legalActions(s);
  for (const a of listed) {
    const r = applyTrusted(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${JSON.stringify(r.violation)}`);
  }
  return listed;
}

const kinds = (actions: readonly { type: string }[]) => new Set(actions.map((a) => a.type));

describe("FnF legal-action lister", () => {
  it("FNF-CMD-5: leaders who have not moved are offered rides to nearby units to attach, only before any unit of theirs rolls", () => {
    const s = scene();
    const listed = allApply(s);
    const rides = listed.filter((a) => a.type === "fnf/moveLeader");
    expect(rides.length).toBeGreaterThan(0);
    expect(rides.length).toBeLessThanOrEqual(3);
    expect(rides.every((a) => a.type === "fnf/moveLeader" && a.leader === "frc" && a.attachTo !== null)).toBe(true);
    const rolled = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "fr2" });
    expect(kinds(allApply(rolled)).has("fnf/moveLeader")).toBe(false);
  });

  it("FNF-FORM-2, FNF-SKIRM-1 and FNF-DET-2: after a roll that allows a change, formation changes and a detachment into hard cover are offered and apply", () => {
    const s = playWith(scene(), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    const listed = allApply(s).filter((a) => "unit" in a && a.unit === "fr1");
    const changes = listed.flatMap((a) => (a.type === "fnf/move" && a.change !== null ? [a.change.to] : []));
    expect(new Set(changes)).toEqual(new Set(["SUPPORTED_LINE", "COLUMN_OF_ROUTE", "COLUMN_OF_ATTACK", "SKIRMISH"]));
    expect(listed.some((a) => a.type === "fnf/detach")).toBe(true);
  });

  it("FNF-ART-1: a limbered battery is offered to unlimber; an unlimbered one to limber or pivot", () => {
    let s = playWith(scene(), [3, 3], { type: "fnf/maneuver", unit: "frb" });
    const limbered = allApply(s).flatMap((a) => (a.type === "fnf/move" && a.unit === "frb" && a.change !== null ? [a.change.to] : []));
    expect(new Set(limbered)).toEqual(new Set(["UNLIMBERED"]));
    const unl = allApply(s).find((a) => a.type === "fnf/move" && a.unit === "frb" && a.change?.to === "UNLIMBERED" && a.change.facing !== undefined);
    s = play(s, unl);
    s = advanceTo(play(s, { type: "turn/advance" }), "maneuver", "fr");
    s = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "frb" });
    const unlimbered = allApply(s).flatMap((a) => (a.type === "fnf/move" && a.unit === "frb" && a.change !== null ? [a.change.to] : []));
    expect(new Set(unlimbered)).toEqual(new Set(["LIMBERED"]));
  });

  it("FNF-DET-2: a temporary detachment is offered to rejoin when its parent may change formation", () => {
    let s = playWith(scene(), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    const det = allApply(s).find((a) => a.type === "fnf/detach");
    expect(det).toBeDefined();
    s = play(s, det);
    s = advanceTo(play(s, { type: "turn/advance" }), "maneuver", "fr");
    s = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    expect(allApply(s).some((a) => a.type === "fnf/rejoin")).toBe(true);
  });

  it("FNF-TURN-1: every FnF action kind is listed somewhere in the scenes above", () => {
    const seen = new Set<string>();
    let s = scene();
    for (const a of allApply(s)) seen.add(a.type);
    s = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    for (const a of allApply(s)) seen.add(a.type);
    s = play(s, allApply(s).find((a) => a.type === "fnf/detach"));
    s = advanceTo(play(s, { type: "turn/advance" }), "maneuver", "fr");
    s = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    for (const a of allApply(s)) seen.add(a.type);
    // A brigade 4" from the enemy charges it, then the melee is fought.
    let m = advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 36), gb1: brigade("gb1", "gb", 20, 44) } }), "maneuver");
    m = playWith(m, [6, 6], { type: "fnf/maneuver", unit: "fr1" });
    const charge = allApply(m).find((a) => a.type === "fnf/move" && a.target === "gb1");
    expect(charge).toBeDefined();
    m = advanceTo(play(reseed(m, 5), charge), "defensiveFire");
    for (const a of allApply(m)) seen.add(a.type);
    m = advanceTo(m, "melee");
    for (const a of allApply(m)) seen.add(a.type);
    const declared = FNF_ACTIONS.map((sch) => sch.shape.type.value as string);
    for (const k of declared) expect(seen, k).toContain(k);
  }, 30_000);

  it("FNF-TURN-1: property: in random FnF play, every listed action applies", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 5, max: 60 }), (seed, n) => {
        let last: BattleState | null = null;
        playSetup(fnfScenario("coa1811", seed), [randomBot, randomBot], seed, { maxDecisions: n, onDecision: (x) => { last = x; } });
        if (last !== null) allApply(last);
      }),
      { seed: 22, numRuns: 6 },
    );
  }, 60_000);
});
