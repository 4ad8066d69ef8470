import { describe, expect, it } from "vitest";
import { apply, legalActions, parseAction, scenarios, type BattleState } from "../../src/index.js";
import { applyTrusted } from "../../src/engine/apply.js";
import { battle } from "../../src/index.js";
import { stateHash } from "../../src/trust/index.js";

/** Decision states of a random-bot battle. */
function states(seed: number): BattleState[] {
  const out: BattleState[] = [];
  battle.playBattle(scenarios.builtinScenario("quatre-bras"), ["random", "random"], seed, { maxDecisions: 40, onDecision: (s) => void out.push(s) });
  return out;
}

describe("listed actions handed back to apply (issue 22 speed: the parse is remembered)", () => {
  it("CORE-TURN-2: apply of a listed action, twice, equals apply of a plain copy and applyTrusted; the remembered parse is frozen", () => {
    let n = 0;
    for (const s of states(5).slice(0, 25)) {
      for (const a of legalActions(s).slice(0, 6)) {
        const copy = JSON.parse(JSON.stringify(a)) as typeof a;
        const fresh = apply(s, copy);
        const first = apply(s, a);
        const again = apply(s, a);
        const trusted = applyTrusted(s, a);
        for (const r of [first, again, trusted]) {
          expect(r.ok).toBe(fresh.ok);
          if (r.ok && fresh.ok) {
            expect(stateHash(r.state)).toBe(stateHash(fresh.state));
            expect(r.events).toEqual(fresh.events);
          }
        }
        const p1 = parseAction(a);
        const p2 = parseAction(a);
        const pc = parseAction(copy);
        expect(p1.ok && p2.ok && pc.ok).toBe(true);
        if (p1.ok && p2.ok && pc.ok) {
          expect(p2.value).toBe(p1.value);
          expect(p1.value).toEqual(pc.value);
          expect(Object.isFrozen(p1.value)).toBe(true);
        }
        n++;
      }
    }
    expect(n).toBeGreaterThan(40);
  });

  it("CORE-TURN-2: a copy of a listed action with a field changed is parsed afresh (refused when malformed)", () => {
    const s = states(6)[3] as BattleState;
    const a = legalActions(s)[0] as unknown as Record<string, unknown>;
    expect(parseAction(a).ok).toBe(true);
    const bad = { ...a, type: 42 };
    expect(parseAction(bad).ok).toBe(false);
    expect(apply(s, bad as never).ok).toBe(false);
  });
});
