/** Type-level tests: typed events narrow on `type`; `apply` and `createBattle` check their input at the call site. */
import { describe, expectTypeOf, it } from "vitest";
import type * as z from "zod";
import {
  apply,
  applyUnknown,
  createBattle,
  createBattleUnknown,
  parseAction,
  type Action,
  type ActionInput,
  type ApplyResult,
  type BattleEvent,
  type BattleSetup,
  type BattleState,
  type EngineEvent,
  type EngineEventOf,
  type EngineEventType,
  type UnitId,
} from "../../src/index.js";

declare const state: BattleState;

describe("typed events", () => {
  it("apply's events are the EngineEvent union and narrow on type", () => {
    const r = apply(state, { type: "turn/advance" });
    if (r.ok) {
      expectTypeOf(r.events).toEqualTypeOf<readonly EngineEvent[]>();
      for (const e of r.events) {
        if (e.type === "unit/fled") {
          expectTypeOf(e.distance).toEqualTypeOf<number>();
          expectTypeOf(e.unit).toEqualTypeOf<UnitId>();
          expectTypeOf(e.from).toEqualTypeOf<UnitId | null>();
          expectTypeOf(e.dice).toEqualTypeOf<number[]>();
        }
        if (e.type === "combat/roundFought") expectTypeOf(e.winner).toEqualTypeOf<(string & z.$brand<"SideId">) | null>();
        // @ts-expect-error: a field no event of the union shares cannot be read before narrowing
        void e.distance;
      }
    }
  });

  it("an event's rule is one of its declared rule ids", () => {
    expectTypeOf<EngineEventOf<"turn/stepStarted">["rule"]>().toEqualTypeOf<"CORE-TURN-2">();
    expectTypeOf<EngineEventOf<"charge/declared">["rule"]>().toEqualTypeOf<"CORE-CHRG-1" | "HR-FLANK-1">();
  });

  it("event types are a closed set and every event is a BattleEvent", () => {
    expectTypeOf<"unit/fled">().toExtend<EngineEventType>();
    expectTypeOf<"unit/vanished">().not.toExtend<EngineEventType>();
    expectTypeOf<EngineEvent>().toExtend<BattleEvent>();
  });
});

describe("typed inputs", () => {
  it("apply takes an ActionInput: the union narrows on type, so a wrong or missing field is a compile error", () => {
    expectTypeOf(apply).parameter(1).toEqualTypeOf<ActionInput>();
    apply(state, { type: "movement/changeFormation", unit: "fr-1", formation: "LINE" });
    // @ts-expect-error: "WEDGE" is no formation
    apply(state, { type: "movement/changeFormation", unit: "fr-1", formation: "WEDGE" });
    // @ts-expect-error: a field the action does not have
    apply(state, { type: "turn/advance", unit: "fr-1" });
    // @ts-expect-error: the target is missing
    apply(state, { type: "shooting/fire", shooter: "fr-1" });
    // @ts-expect-error: no such action type
    apply(state, { type: "turn/skip" });
  });

  it("values of unknown shape go through applyUnknown or parseAction, still returning an ApplyResult", () => {
    const data: unknown = JSON.parse("{}");
    // @ts-expect-error: apply does not take unknown
    apply(state, data);
    expectTypeOf(applyUnknown(state, data)).toEqualTypeOf<ApplyResult>();
    const parsed = parseAction(data);
    if (parsed.ok) expectTypeOf(parsed.value).toEqualTypeOf<Action>();
  });

  it("createBattle takes a BattleSetup; createBattleUnknown takes anything", () => {
    expectTypeOf(createBattle).parameter(0).toEqualTypeOf<BattleSetup>();
    // @ts-expect-error: a battle has two sides, a seed and units
    createBattle({ seed: 1 });
    createBattleUnknown({ seed: 1 });
  });
});
