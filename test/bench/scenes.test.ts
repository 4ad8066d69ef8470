/**
 * The bench's own scenes (bench/scenes.ts) must stay legal setups: `npm run bench` is not part of
 * `npm test`, so a rule that starts refusing a scene (as WHN-FORM-3's ranks-for-files check once
 * refused the volley's 6-file, 4-rank column) would otherwise break the bench unseen.
 */
import { describe, expect, it } from "vitest";
import { apply } from "../../src/engine/apply.js";
import { createBattle } from "../../src/engine/create.js";
import { scenarioSetup } from "../../src/scenarios/index.js";
import { benchScenario, combatState, volleySpecOf, volleyState, VOLLEY_ACTION } from "../../bench/scenes.js";

describe("bench scenes", () => {
  it("WHN-FORM-3: the volley's target column and the combat's charging column have at least as many ranks as files, and the volley is allowed", () => {
    const s = volleyState();
    expect(s.units["b" as keyof typeof s.units]).toMatchObject({ formation: "ATTACK_COLUMN", files: 4, figures: 24 });
    expect(volleySpecOf(s).shots).toBe(20);
    const r = apply(s, VOLLEY_ACTION);
    expect(r.ok).toBe(true);
    const c = combatState();
    expect(c.state.units["a" as keyof typeof c.state.units]).toMatchObject({ formation: "ATTACK_COLUMN", files: 4, figures: 20 });
  });

  it("the bench battle's scenario loads and creates a battle of 8 units a side", () => {
    const setup = scenarioSetup(benchScenario(), 1);
    const created = createBattle(setup);
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const bySide = Object.values(created.value.units).reduce<Record<string, number>>((m, u) => ({ ...m, [u.side]: (m[u.side] ?? 0) + 1 }), {});
    expect(bySide).toEqual({ fr: 8, gb: 8 });
  });
});
