import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { playAction, startBattle } from "../../src/battle/game.js";
import { checkStep, replayVerdict, type FuzzRecord } from "../../src/trust/index.js";
import type { BattleState } from "../../src/index.js";

const f = JSON.parse(readFileSync(new URL("./findings/quatre-bras-passed-break-stays-in-combat.json", import.meta.url), "utf8")) as { record: FuzzRecord };

describe("break.passedFallsBack", () => {
  it("WHN-BREAK-2: a unit that passed waits in its combat while a pursuit decision is pending, then falls back once it is made", () => {
    const rec = f.record;
    const started = startBattle(rec.setup, rec.victory);
    if (!started.ok) throw new Error("setup refused");
    let s: BattleState = started.value;
    for (const a of rec.actions) {
      const r = playAction(s, a, rec.victory, false);
      if (r.ok) s = r.state;
    }
    const inCombat = (st: BattleState) => Object.values(st.combats).some((c) => c.units.includes("fr-cuir11" as never));
    expect(s.units["fr-cuir11" as never]!.order).toBe("DISORDERED");
    expect(inCombat(s)).toBe(true);
    expect(s.pending).toMatchObject([{ kind: "restraint", unit: "fr-cuir8" }]);
    const action = { type: "combat/restrain", unit: "fr-cuir8", pursue: true };
    const r = playAction(s, action, rec.victory, false);
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(r.events.find((e) => e.type === "combat/fellBack")).toMatchObject({ unit: "fr-cuir11", rule: "WHN-BREAK-2" });
    expect(inCombat(r.state)).toBe(false);
    expect(checkStep(s, action, r.state, r.events)).toEqual([]);
    // Had the fall back been skipped, the step that finishes the aftermath breaches the invariant.
    const skipped = { ...r.state, combats: s.combats, units: s.units };
    expect(checkStep(s, action, skipped, r.events).map((b) => b.invariant)).toContain("break.passedFallsBack");
    expect(replayVerdict({ ...rec, actions: [...rec.actions, action] })).toBeNull();
  });
});
