/**
 * resolveShooting called as movement calls it for stand and shoot (CORE-CHRG-3): the shooter's own
 * turn flags left alone, the −1, the events whole; and a refusal handed back unchanged.
 */
import { describe, expect, it } from "vitest";
import { unitId, type BattleEvent } from "../../src/index.js";
import { resolveShooting } from "../../src/rules/whn/shooting/resolve.js";
import { duel, patchUnit, unit } from "../fixtures/shooting.js";
import { step } from "../fixtures/shtA.js";

const plain = (events: readonly BattleEvent[]) => events.map(({ seq: _s, gameTurn: _g, ...e }) => e);

describe("stand and shoot through resolveShooting (CORE-CHRG-3)", () => {
  it("CORE-CHRG-3: the charged unit fires at −1 and keeps its flags; its initial volley is still spent", () => {
    const s = duel(10);
    const r = step(s, [6, 6, 1, 1, 1, 1, 1, 1, 1], (st, ctx) => resolveShooting(st, ctx, { shooter: unitId("gb-1"), target: unitId("fr-1"), standAndShoot: true }));
    expect(r.outcome.ok).toBe(true);
    expect(plain(r.events).slice(0, 3)).toEqual([
      {
        type: "shooting/fired", rule: "CORE-SHOOT-1", shooter: "gb-1", target: "fr-1", face: null, weapon: "musket", firers: 7, firersRule: "WHN-SHOOT-9",
        range: 10, band: "long", bs: 3, need: 6,
        modifiers: [{ key: "longRange", value: -1, rule: "WHN-SHOOT-3" }, { key: "standAndShoot", value: -1, rule: "CORE-CHRG-3" }],
        cover: "none", standAndShoot: true,
      },
      { type: "shooting/hits", rule: "CORE-SHOOT-3", shooter: "gb-1", rolls: 7, need: 6, hits: 2, screenHits: 0 },
      { type: "shooting/wounds", rule: "CORE-WOUND-1", unit: "fr-1", hits: 2, need: 4, wounds: 0 },
    ]);
    expect(unit(r.state, "gb-1").flags).toEqual(unit(s, "gb-1").flags);
    expect(unit(r.state, "gb-1").initialVolleyUsed).toBe(true);
  });

  it("CORE-CHRG-3: an already-used initial volley stays used; the ordinary fire sets the flag `shot`", () => {
    const s = patchUnit(duel(10), "fr-1", { initialVolleyUsed: true });
    const r = step(s, [1, 1, 1, 1, 1, 1], (st, ctx) => resolveShooting(st, ctx, { shooter: unitId("fr-1"), target: unitId("gb-1") }));
    expect(unit(r.state, "fr-1").flags).toEqual({ ...unit(s, "fr-1").flags, shot: true });
    expect(unit(r.state, "fr-1").initialVolleyUsed).toBe(true);
  });

  it("CORE-SHOOT-1: a refused shooting is answered with the refusal and no events", () => {
    const r = step(duel(30), [], (st, ctx) => resolveShooting(st, ctx, { shooter: unitId("fr-1"), target: unitId("gb-1") }));
    expect(r.outcome).toMatchObject({ ok: false, violation: { code: "shooting/out_of_range", rule: "WHN-SHOOT-3", unit: "fr-1", target: "gb-1", max: 24 } });
    expect(r.events).toEqual([]);
  });

  it("CORE-SHOOT-1: the same fire on the same state twice gives the same fired event (the details kept are the right ones)", () => {
    const s = duel(10);
    const a = step(s, [1, 1, 1, 1, 1, 1], (st, ctx) => resolveShooting(st, ctx, { shooter: unitId("fr-1"), target: unitId("gb-1") }));
    const other = step(duel(8), [1, 1, 1, 1, 1, 1], (st, ctx) => resolveShooting(st, ctx, { shooter: unitId("fr-1"), target: unitId("gb-1") }));
    const b = step(s, [1, 1, 1, 1, 1, 1], (st, ctx) => resolveShooting(st, ctx, { shooter: unitId("fr-1"), target: unitId("gb-1") }));
    expect(plain(b.events)).toEqual(plain(a.events));
    expect(plain(other.events)[0]).toMatchObject({ range: 8, band: "close" });
  });
});
