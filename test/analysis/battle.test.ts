import { describe, expect, it } from "vitest";
import { battle, forkDice, roller, scenarios, seedDice } from "../../src/index.js";
import { battleExperiment, battleSeed, builtinExperiments, parseStudy, planStudy, prepareBattle, runPlanSync, runChunk, studyResult, BattleParams } from "../../src/analysis/index.js";

const ENGINE = { name: "fusillade", version: "test" };

describe("whole battles as experiment cells (whn/battle)", () => {
  it("CORE-TURN-1: one sample is the battle playBattle plays with the seed drawn from the sample's dice", () => {
    const p = prepareBattle(BattleParams.parse({ scenario: "skirmish-screen", bots: ["random", "random"], maxDecisions: 400 }));
    const stream = forkDice(seedDice(7), 3);
    const rec = battleExperiment.run(roller(stream), p);
    const seed = battleSeed(roller(stream));
    const played = battle.playBattle(scenarios.builtinScenario("skirmish-screen"), ["random", "random"], seed, { maxDecisions: 400 });
    const winner = played.result?.winner ?? null;
    expect(rec["winner"]).toBe(winner === "fr" ? "a" : winner === "gb" ? "b" : "draw");
    expect(rec["turns"]).toBe(played.state.turn.gameTurn);
    expect(rec["decisions"]).toBe(played.decisions);
    expect(p.figures).toEqual([84, 60]);
  });

  it("option and unit overrides reach the scenario; unknown units and bad scenarios are refused", () => {
    const p = prepareBattle(BattleParams.parse({ scenario: "skirmish-screen", bots: ["random", "random"], options: { hr: { squareness: "direct" } }, units: { "gb-60": { figures: 20 } } }));
    expect(p.scenario.options.hr.squareness).toBe("direct");
    expect(p.figures[1]).toBe(68);
    expect(() => prepareBattle(BattleParams.parse({ units: { nobody: { figures: 3 } } }))).toThrow(/nobody/);
    expect(() => prepareBattle(BattleParams.parse({ scenario: "waterloo" }))).toThrow(/unknown scenario/);
  });

  it("a paired study of battles: variants fight the same seeds (identical variants differ by exactly 0), win rates carry Wilson intervals", () => {
    const parsed = parseStudy({
      name: "battle-pair", experiment: "whn/battle", seed: 3, n: 3, chunk: 3,
      base: { scenario: "skirmish-screen", bots: ["random", "random"], maxDecisions: 300 },
      variants: { one: {}, same: { "options.hr.squareness": "off" } },
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const planned = planStudy(parsed.study, builtinExperiments());
    if (!planned.ok) throw new Error(JSON.stringify(planned.issues));
    const plan = planned.plan;
    const doc = studyResult(plan, runPlanSync(plan, (u) => runChunk(plan, u.cell, u.chunk)), ENGINE);
    const m = doc.cells[0]?.metrics ?? {};
    expect(m["same-one:aWins"]).toMatchObject({ mean: 0, sd: 0 });
    expect(m["same-one:turns"]).toMatchObject({ mean: 0, sd: 0 });
    const w = m["one:aWins"] as { low: number; high: number; n: number };
    expect(w.n).toBe(3);
    expect(w.low).toBeGreaterThanOrEqual(0);
    expect(w.high).toBeLessThanOrEqual(1);
  });
});
