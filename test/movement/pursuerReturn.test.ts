import { describe, expect, it } from "vitest";
import { applyUnknown as apply, legalActions, withScriptedDice, type BattleState, type BattleEvent } from "../../src/index.js";
import { engaged } from "../fixtures/combat.js";

const ok = (s: BattleState, action: unknown): { state: BattleState; events: readonly BattleEvent[] } => {
  const r = apply(s, action);
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return r;
};
const unit = (s: BattleState, id: string) => s.units[id as never]!;
const I4 = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 6 };

/** "a" beats "b" and pursues it off the table's top edge (scripted dice as in test/combat/flows.test.ts). */
function offTable(extra: Parameters<typeof engaged>[2] = {}): { state: BattleState; events: readonly BattleEvent[] } {
  const s = ok(withScriptedDice(engaged({ profile: I4 }, {}, extra), [6, 6, 6, 1, 1, 6, 6, 6, 1, 1, 6, 6, 3, 4]), { type: "combat/fight" }).state;
  const near = { ...s, units: { ...s.units, a: { ...unit(s, "a"), position: { x: 36, y: 40 } }, b: { ...unit(s, "b"), position: { x: 36, y: 46 } } } } as BattleState;
  return ok(withScriptedDice(near, [6, 6]), { type: "combat/restrain", unit: "a", pursue: true });
}

/** Advances (answering nothing else) until `side`'s remaining moves; the events on the way. */
function toOwnMovement(s0: BattleState, side: string): { state: BattleState; events: BattleEvent[] } {
  let s = s0;
  const events: BattleEvent[] = [];
  for (let i = 0; i < 60; i++) {
    if (s.turn.phase === "movement" && s.turn.activeSide === side && s.turn.step === "remaining") return { state: s, events };
    const acts = legalActions(s);
    const next = acts.find((a) => a.type === "turn/advance") ?? acts[0];
    if (next === undefined) throw new Error(`stuck at ${s.turn.phase}/${s.turn.step}`);
    const r = ok(withScriptedDice(s, new Array(40).fill(1)), next);
    events.push(...r.events);
    s = r.state;
  }
  throw new Error("never reached the movement phase");
}

describe("pursuers coming back (CORE-PURS-7)", () => {
  it("CORE-PURS-7: a pursuer that left the table comes back at the edge where it left, in its owner's next movement phase, and may not move further", () => {
    const left = offTable();
    const a0 = unit(left.state, "a");
    expect(a0.removed?.reason).toBe("offTable");
    const at = a0.returnAt!;
    expect(at.y).toBe(left.state.table.height);
    const back = toOwnMovement(left.state, a0.side);
    const a = unit(back.state, "a");
    expect(a.removed).toBeNull();
    expect(a.returnAt).toBeNull();
    // Facing into the table from the top edge, its rear edge on the edge, where it crossed.
    expect(a.facing).toBe(270);
    expect(a.position.x).toBeCloseTo(at.x, 9);
    const depth = a.position.y - back.state.table.height;
    expect(depth).toBeLessThan(0);
    expect(back.events.filter((e) => e.type === "unit/returned")).toMatchObject([{ unit: "a", rule: "CORE-PURS-7" }]);
    // It may not move further this phase.
    expect(apply(back.state, { type: "movement/move", unit: "a", path: [{ kind: "forward", distance: 1 }] }).ok).toBe(false);
    expect(legalActions(back.state).filter((x) => "unit" in x && x.unit === "a" && x.type.startsWith("movement/"))).toEqual([]);
  });

  it("CORE-PURS-7: it comes back beside its exit point when that spot is taken, never on another unit", () => {
    const left = offTable();
    const at = unit(left.state, "a").returnAt!;
    // A friend of "a" stands right where it left the table.
    const side = unit(left.state, "a").side;
    const blocker = { ...unit(left.state, "a"), id: "z", removed: null, returnAt: null, position: { x: at.x, y: left.state.table.height - 3 }, facing: 270 };
    const s = { ...left.state, units: { ...left.state.units, z: blocker } } as BattleState;
    const back = toOwnMovement(s, side);
    const a = unit(back.state, "a");
    expect(a.removed).toBeNull();
    expect(Math.abs(a.position.x - at.x)).toBeGreaterThan(1);
    expect(a.facing).toBe(270);
  });
});
