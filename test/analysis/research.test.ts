import { describe, expect, it } from "vitest";
import { Dist, apply, reseed, roller, seedDice, unitId, type BattleState } from "../../src/index.js";
import { combatToDecision, normalQuantile, odds, oddsSampler, pCaught, twoUnitCombat, DECISION_LABELS } from "../../src/analysis/index.js";
import { combatToDecision as stateChain } from "../../src/rules/whn/combat/index.js";
import { FNF_MANEUVER_RESULTS } from "../../src/state/fnf.js";
import { advanceTo, brigade, fnfBattle } from "../fnf/helpers.js";

const Dist3 = Dist.nd6(3);

/** Two-sided 99.9 % bound (Bonferroni over `k` outcomes) on a share of `n` played against its exact chance. */
function within(got: number, p: number, n: number, k: number): boolean {
  const z = normalQuantile(1 - 0.001 / (2 * k));
  return Math.abs(got / n - p) <= z * Math.sqrt((p * (1 - p)) / n) + 1 / n;
}

type Played = Extract<ReturnType<typeof apply>, { ok: true }>;

function must(r: ReturnType<typeof apply>): Played {
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return r;
}

describe("twoUnitCombat: the research API's combat builder", () => {
  it("CORE-CC-1: builds a combat apply fights, with its first round and decision input", () => {
    const c = twoUnitCombat({ a: { troop: "hussars", figures: 12, files: 6, formation: "CAV_LINE" }, b: { figures: 24, files: 6, formation: "SQUARE" }, charger: "a" });
    expect(c.state.combats[c.combat]?.chargers).toEqual(["a"]);
    expect(c.round.strikers.length).toBeGreaterThan(0);
    expect(c.decision.round).toBe(c.round);
    const r = must(apply(reseed(c.state, 3), { type: "combat/fight", combat: c.combat }));
    expect(r.events.some((e) => e.type === "combat/roundFought")).toBe(true);
  });

  it("bad params are one RangeError naming the path", () => {
    expect(() => twoUnitCombat({ a: { figures: 0 } })).toThrow(/a\.figures/);
    expect(() => twoUnitCombat({ charger: "c" as never })).toThrow(RangeError);
  });

  it("CORE-BREAK-1: combatToDecision takes a built combat, its decision input or { state, combat }, and the deprecated whn alias agrees", () => {
    const c = twoUnitCombat({ a: { figures: 16, files: 8, formation: "LINE" }, b: { figures: 16, files: 8, formation: "LINE" }, charger: "none", maxRounds: 6 });
    const x = combatToDecision(c);
    const y = combatToDecision(c.decision);
    const z = combatToDecision({ state: c.state, combat: c.combat, maxRounds: 6 });
    const w = stateChain(c.state, c.combat, 6);
    for (let i = 0; i < DECISION_LABELS.length; i++) {
      expect(y.dist.pEqual(i)).toBeCloseTo(x.dist.pEqual(i), 12);
      expect(z.dist.pEqual(i)).toBeCloseTo(x.dist.pEqual(i), 12);
    }
    expect(x.breaks[0]).toBeCloseTo(w.breaks[0], 12);
    expect(x.breaks[1]).toBeCloseTo(w.breaks[1], 12);
    expect(odds({ kind: "combatToDecision", input: c }).events["sideBBroken"]).toBeCloseTo(x.dist.pEqual(0), 12);
    // CORE-BREAK-1 (a loser who passes holds) differs from WHN-BREAK-1 (it falls back).
    const holds = combatToDecision({ state: c.state, combat: c.combat, maxRounds: 6, loserHolds: true });
    expect(holds.fallsBack[0] + holds.fallsBack[1]).toBe(0);
    expect(() => combatToDecision({ state: c.state, combat: "nope" as never })).toThrow(/unknown combat/);
  });
});

describe("combat round odds per side, against rounds played through apply", () => {
  it("CORE-CC-6 / CORE-CR-1: each side's casualty distribution matches 400 first rounds fought by apply", () => {
    const c = twoUnitCombat({ a: { figures: 24, files: 4, formation: "ATTACK_COLUMN" }, b: { figures: 24, files: 12, formation: "LINE" }, charger: "a" });
    const o = odds({ kind: "combatRound", input: c.round });
    const cas = o.casualties;
    if (cas === undefined) throw new Error("no casualties");
    expect(o.events["meanCasualtiesA"]).toBeCloseTo(cas[0].mean(), 12);
    expect(odds({ kind: "combatRound", input: c.round, measure: "casualtiesB" }).dist.mean()).toBeCloseTo(cas[1].mean(), 12);
    const N = 400;
    const counts = [new Map<number, number>(), new Map<number, number>()];
    for (let seed = 1; seed <= N; seed++) {
      const r = must(apply(reseed(c.state, seed), { type: "combat/fight", combat: c.combat }));
      const lost: [number, number] = [0, 0];
      for (const e of r.events) if (e.type === "combat/casualties") lost[e["unit"] === "a" ? 0 : 1] += e["removed"] as number;
      lost.forEach((k, s) => counts[s]?.set(k, (counts[s]?.get(k) ?? 0) + 1));
    }
    for (const s of [0, 1] as const) {
      const d = cas[s];
      for (const [k, p] of d.entries()) expect(within(counts[s]?.get(k) ?? 0, p, N, d.entries().length), `side ${s} lost ${k}`).toBe(true);
      for (const k of counts[s]?.keys() ?? []) expect(d.pEqual(k), `side ${s} lost ${k}: impossible by the odds`).toBeGreaterThan(0);
    }
  });

  it("CORE-CC-6: the casualty sampler agrees with the exact distribution (20 000 rounds)", () => {
    const c = twoUnitCombat({});
    const q = { kind: "combatRound", input: c.round, measure: "casualtiesA" } as const;
    const exact = odds(q).dist;
    const sample = oddsSampler(q);
    const dice = roller(seedDice("cas"));
    let sum = 0;
    const N = 20_000;
    for (let i = 0; i < N; i++) sum += sample(dice);
    expect(Math.abs(sum / N - exact.mean())).toBeLessThan(3.29 * Math.sqrt(exact.variance() / N) + 1e-9);
  });
});

/** Side a's cuirassiers charge a line that always breaks (Ld 2); every pursuit roll apply makes, with its chance. */
function pursuits(seeds: number, terrain: BattleState["terrain"] = []): { caught: number; n: number; dice: Set<number>; halved: number } {
  const c = twoUnitCombat({ a: { troop: "cuirassiers", figures: 16, files: 8, formation: "CAV_LINE" }, b: { figures: 24, files: 12, formation: "LINE", profile: { Ld: 2, WS: 1, S: 1 } }, charger: "a" });
  const state: BattleState = { ...c.state, terrain };
  let caught = 0, n = 0, halved = 0;
  const dice = new Set<number>();
  for (let seed = 1; seed <= seeds; seed++) {
    let r = must(apply(reseed(state, seed), { type: "combat/fight", combat: c.combat }));
    let all = [...r.events];
    if (r.state.pending[0]?.kind === "restraint") {
      r = must(apply(r.state, { type: "combat/restrain", unit: unitId("a"), pursue: true }));
      all = all.concat(r.events);
    }
    for (const e of all) {
      if (e.type !== "combat/pursuit") continue;
      n++;
      dice.add((e["dice"] as number[]).length);
      if (e["caught"] === true) caught++;
      if (e["halved"] === true) halved++;
    }
  }
  return { caught, n, dice, halved };
}

describe("pursuit odds against pursuits played through apply", () => {
  it("CORE-PURS-3 / CORE-PURS-4: P(caught) of a 3D6 pursuit against a 2D6 flight matches 400 played pursuits", () => {
    const p = pursuits(400);
    expect(p.n).toBeGreaterThan(300);
    expect([...p.dice]).toEqual([3]);
    const q = odds({ kind: "pursuit", pursuitDice: 3, fleeDice: 2 }).events["caught"] as number;
    expect(q).toBeCloseTo(pCaught(3, 2), 12);
    expect(within(p.caught, q, p.n, 1), `caught ${p.caught}/${p.n}, exact ${q}`).toBe(true);
  });

  it("CORE-PURS-5: an obstacle across the pursuit line halves the roll that reaches it; odds with obstacleAt match apply", () => {
    const c = twoUnitCombat({ a: { troop: "cuirassiers", figures: 16, files: 8, formation: "CAV_LINE" }, b: { figures: 24, files: 12, formation: "LINE" } });
    const b = c.state.units[unitId("b")];
    if (b === undefined) throw new Error("units");
    // A wall across the whole table 10" behind the line's front: some pursuit rolls reach it, some do not.
    const wallY = b.position.y + 10;
    const wall = { id: "wall", kind: "wall", polygon: [{ x: 0, y: wallY }, { x: 200, y: wallY }, { x: 200, y: wallY + 0.5 }, { x: 0, y: wallY + 0.5 }], tags: { obstacle: true } } as unknown as BattleState["terrain"][number];
    const p = pursuits(400, [wall]);
    expect(p.n).toBeGreaterThan(300);
    expect(p.halved).toBeGreaterThan(0);
    expect(p.halved).toBeLessThan(p.n);
    // The distance the engine measures from: found by the share of halved rolls, then checked on caught.
    const candidates = Array.from({ length: 19 }, (_, i) => i).filter((d) => {
      const reach = Dist3.pAtLeast(d);
      return within(p.halved, reach, p.n, 19);
    });
    expect(candidates.length).toBeGreaterThan(0);
    const exact = candidates.map((d) => odds({ kind: "pursuit", pursuitDice: 3, fleeDice: 2, obstacleAt: d }).events["caught"] as number);
    expect(exact.some((q) => within(p.caught, q, p.n, 1)), `caught ${p.caught}/${p.n} vs ${exact.join(", ")}`).toBe(true);
    // Always halved: the pursuit is much less likely to catch.
    expect(odds({ kind: "pursuit", pursuitDice: 3, fleeDice: 2, obstacle: true }).events["caught"]).toBeLessThan(pCaught(3, 2) / 2);
  });
});


describe("FnF maneuver odds against maneuvers rolled through apply", () => {
  it("FNF-MAN-1 / FNF-MAN-2: good-order and disordered brigades: each result's share over 600 seeds matches odds({ kind: \"fnfManeuver\" })", () => {
    for (const over of [{}, { disordered: true }]) {
      const s0 = advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20, { nation: "french", ...over }), gb1: brigade("gb1", "gb", 20, 60) } }), "maneuver");
      const counts = new Map<string, number>();
      let modifier: number | null = null;
      let column = "";
      const N = 600;
      for (let seed = 1; seed <= N; seed++) {
        const r = must(apply(reseed(s0, seed), { type: "fnf/maneuver", unit: "fr1" }));
        const e = r.events.find((x) => x.type === "fnf/maneuverRolled");
        if (e === undefined) throw new Error("no roll");
        const m = (e["modifiers"] as Array<{ value: number }>).reduce((x, y) => x + y.value, 0);
        modifier ??= m;
        expect(m).toBe(modifier);
        column = e["column"] as string;
        counts.set(e["result"] as string, (counts.get(e["result"] as string) ?? 0) + 1);
      }
      const o = odds({ kind: "fnfManeuver", modifier: modifier ?? 0, disordered: column === "disordered" });
      expect(column).toBe("disordered" in over ? "disordered" : "goodOrder");
      for (const r of FNF_MANEUVER_RESULTS) {
        const p = o.events[r] ?? 0;
        expect(within(counts.get(r) ?? 0, p, N, FNF_MANEUVER_RESULTS.length), `${r}: ${counts.get(r) ?? 0}/${N} vs ${p}`).toBe(true);
      }
    }
  });
});
