import { describe, expect, it } from "vitest";
import { unitId, type BattleState } from "../../src/index.js";
import { DISORDER, NO_DISORDER, disorderModifiers, disorderedFiringRanks, disorderedPikeRanks, mayMoveVoluntarily, shootingBsModifier, stationaryReason } from "../../src/rules/whn/morale/disorder.js";
import { hasGeneral, outnumbersTwoToOne, panicsUnit, testOrder } from "../../src/rules/whn/morale/order.js";
import { canPanic, markFleeing, panicTest, type PanicCause, type PanicResult } from "../../src/rules/whn/morale/panic.js";
import { battalion, battle, leader, patchUnit, run, unit } from "../fixtures/morale.js";

function scene(over: Record<string, object> = {}, chars: object[] = []): BattleState {
  return battle(
    [
      battalion("fr-2", "fr", { position: { x: 30, y: 24 }, facing: 90, ...over["fr-2"] }),
      battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90, ...over["fr-1"] }),
      battalion("fr-3", "fr", { position: { x: 40, y: 24 }, facing: 90, ...over["fr-3"] }),
      battalion("gb-1", "gb", { position: { x: 30, y: 40 }, facing: 270, ...over["gb-1"] }),
    ],
    { characters: chars as never },
  );
}

function test1(s: BattleState, dice: number[], cause: PanicCause, id = "fr-1") {
  let result: PanicResult = "notTested";
  const r = run(s, dice, (st, ctx) => {
    const out = panicTest(st, unitId(id), ctx, cause);
    result = out.result;
    return out.state;
  });
  return { ...r, result };
}

describe("morA: the Panic test, test order and disorder (panic.ts, order.ts, disorder.ts)", () => {
  it("CORE-PANIC-1: under the core rules a GOOD unit that fails flees at once; events name CORE-PANIC-1", () => {
    const s = { ...scene(), ruleset: "core" } as BattleState;
    const r = test1(s, [6, 6, 2, 2], { rule: "CORE-PANIC-5" });
    expect(r.result).toBe("fled");
    expect(r.events[0]).toEqual({ type: "morale/panicTest", rule: "CORE-PANIC-5", unit: "fr-1", test: "CORE-PANIC-1", dice: [6, 6], total: 12, target: 6, passed: false, order: "GOOD", leadersNear: [], seq: 1, gameTurn: 1 });
    expect(r.events[1]).toMatchObject({ type: "unit/fled", rule: "CORE-PANIC-1", cause: "CORE-PANIC-1", unit: "fr-1", from: "gb-1", roll: 4 });
    expect(unit(r.state, "fr-1").order).toBe("FLEEING");
  });

  it("CORE-PANIC-1, WHN-PANIC-3: a DISORDERED unit on its target passes; one over it flees (named enemy when given)", () => {
    const s = scene({ "fr-1": { order: "DISORDERED" } });
    expect(test1(s, [2, 3], { rule: "CORE-PANIC-11" }).result).toBe("passed");
    const fled = test1(s, [3, 3, 1, 1], { rule: "CORE-PANIC-11", from: unitId("fr-3") });
    expect(fled.result).toBe("fled");
    expect(fled.events[1]).toMatchObject({ type: "unit/fled", from: "fr-3", rule: "WHN-PANIC-3" });
  });

  it("CORE-PANIC-1: a FLEEING or removed unit takes no test and rolls no dice; an unknown unit is an error", () => {
    const f = test1(scene({ "fr-1": { order: "FLEEING" } }), [], { rule: "CORE-PANIC-5" });
    expect(f).toMatchObject({ result: "notTested", events: [] });
    const gone = patchUnit(scene(), "fr-1", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(test1(gone, [], { rule: "CORE-PANIC-5" })).toMatchObject({ result: "notTested", events: [] });
    expect(canPanic(unit(gone, "fr-1"))).toBe(false);
    expect(canPanic(unit(scene({ "fr-1": { order: "DISORDERED" } }), "fr-1"))).toBe(true);
    expect(() => test1(scene(), [1, 1], { rule: "CORE-PANIC-5" }, "zz-9")).toThrow();
  });

  it("WHN-PANIC-3, CORE-CHAR-6: markFleeing sets the unit and its joined characters FLEEING, others untouched", () => {
    const s = scene({}, [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 20, y: 24 } }), leader("soult", "fr", { position: { x: 60, y: 10 } })]);
    const r = run(s, [], (st, ctx) => markFleeing(st, unit(st, "fr-1"), ctx, "WHN-PANIC-3"));
    expect(r.events).toEqual([{ type: "unit/mustFlee", rule: "WHN-PANIC-3", unit: "fr-1", seq: 1, gameTurn: 1 }]);
    expect(unit(r.state, "fr-1")).toEqual({ ...unit(s, "fr-1"), order: "FLEEING" });
    expect((r.state.characters["ney" as never] as { order: string }).order).toBe("FLEEING");
    expect((r.state.characters["soult" as never] as { order: string }).order).toBe("GOOD");
  });

  it("CORE-PANIC-2: the General's unit first, then by id whatever the input order", () => {
    const s = scene({}, [leader("nap", "fr", { isGeneral: true, joinedTo: "fr-3", position: { x: 40, y: 24 } }), leader("ney", "fr", { joinedTo: "fr-2", position: { x: 30, y: 24 } })]);
    const units = ["fr-2", "fr-1", "fr-3"].map((id) => unit(s, id));
    expect(testOrder(s, units).map((u) => u.id)).toEqual(["fr-3", "fr-1", "fr-2"]);
    expect(testOrder(s, [...units].reverse()).map((u) => u.id)).toEqual(["fr-3", "fr-1", "fr-2"]);
    expect(hasGeneral(s, unit(s, "fr-2"))).toBe(false);
    expect(hasGeneral(s, unit(s, "fr-3"))).toBe(true);
    const noGeneral = scene();
    expect(testOrder(noGeneral, ["fr-3", "fr-2", "fr-1"].map((id) => unit(noGeneral, id))).map((u) => u.id)).toEqual(["fr-1", "fr-2", "fr-3"]);
  });

  it("CORE-GEN-7, CORE-PANIC-3: 2:1 means at least twice (24 against 12 yes, against 13 no)", () => {
    const s = scene();
    expect(outnumbersTwoToOne(s, unit(s, "fr-1"), 12)).toBe(true);
    expect(outnumbersTwoToOne(s, unit(s, "fr-1"), 13)).toBe(false);
  });

  it("CORE-PANIC-9: a skirmishing source panics only skirmishers; a formed source panics anyone", () => {
    const s = scene({ "fr-1": { light: true, formation: "OPEN_ORDER", files: 6, figures: 12 }, "fr-2": { light: true, formation: "OPEN_ORDER", files: 6, figures: 12 } });
    const [sk, sk2, formed] = [unit(s, "fr-1"), unit(s, "fr-2"), unit(s, "fr-3")];
    expect(panicsUnit(sk, formed)).toBe(false);
    expect(panicsUnit(sk, sk2)).toBe(true);
    expect(panicsUnit(formed, sk)).toBe(true);
    expect(panicsUnit(formed, formed)).toBe(true);
  });

  it("WHN-DIS-2, WHN-DIS-3, WHN-RALLY-3: disorder modifiers, firing and pike ranks, BS modifier, exactly", () => {
    const s = scene();
    const good = unit(s, "fr-1");
    const dis = { ...good, order: "DISORDERED" as const };
    const fleeing = { ...good, order: "FLEEING" as const };
    const rallied = { ...good, flags: { ...good.flags, rallied: true } };
    expect(DISORDER).toEqual({ WS: -1, BS: -1, S: -1, T: -1, Ld: -1 });
    expect(NO_DISORDER).toEqual({ WS: 0, BS: 0, S: 0, T: 0, Ld: 0 });
    expect([disorderModifiers(good), disorderModifiers(dis), disorderModifiers(fleeing)]).toEqual([NO_DISORDER, DISORDER, NO_DISORDER]);
    expect([shootingBsModifier(good), shootingBsModifier(dis), shootingBsModifier(rallied)]).toEqual([0, -1, -1]);
    expect([disorderedFiringRanks(good), disorderedFiringRanks(dis), disorderedPikeRanks(good), disorderedPikeRanks(dis)]).toEqual([null, 1, null, 1]);
  });

  it("CORE-FLEE-1, WHN-DIS-4, CORE-RALLY-4, WHN-RALLY-3: each reason a unit stands still, in order of precedence", () => {
    const s = scene();
    const good = unit(s, "fr-1");
    const opts = s.options;
    const strict = { ...opts, whn: { ...opts.whn, rallyFromDisorderMayMove: false } };
    const flags = (f: object) => ({ ...good, flags: { ...good.flags, ...f } });
    expect(stationaryReason({ ...flags({ ralliedFromFleeing: true, rallied: true }), order: "FLEEING" }, strict)).toEqual({ reason: "fleeing", rule: "CORE-FLEE-1" });
    expect(stationaryReason({ ...flags({ ralliedFromFleeing: true, rallied: true }), order: "DISORDERED" }, strict)).toEqual({ reason: "disordered", rule: "WHN-DIS-4" });
    expect(stationaryReason(flags({ ralliedFromFleeing: true, rallied: true }), opts)).toEqual({ reason: "ralliedFromFleeing", rule: "CORE-RALLY-4" });
    expect(stationaryReason(flags({ rallied: true }), strict)).toEqual({ reason: "ralliedFromDisorder", rule: "WHN-RALLY-3" });
    expect(stationaryReason(flags({ rallied: true }), opts)).toBeNull();
    expect(mayMoveVoluntarily(flags({ rallied: true }), opts)).toBe(true);
    expect(mayMoveVoluntarily(flags({ rallied: true }), strict)).toBe(false);
    expect(stationaryReason(good, strict)).toBeNull();
  });
});
