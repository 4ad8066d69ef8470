/**
 * The situations the benchmarks measure, built through the library's own public builders so the
 * figures are those of real rules code: the musket volley of issue 12, a two-unit combat, and an
 * 8-units-a-side WHN battle scenario for random self-play.
 */
import { twoUnitTable, UnitParamsSchema } from "../src/analysis/experiments/table.js";
import { volleySpec, type VolleySpec } from "../src/rules/whn/shooting/index.js";
import { parseScenario } from "../src/scenarios/load.js";
import { reseed } from "../src/engine/create.js";
import type { Scenario } from "../src/scenarios/format.js";
import type { BattleState } from "../src/state/battle.js";
import type { CombatId, UnitId } from "../src/state/ids.js";
import type { Unit } from "../src/state/unit.js";

/**
 * The volley of issue 12: a 24-figure REGULAR musket battalion in LINE, 16 files (front rank 16 +
 * half the second rank 4 = 20 shots, WHN-SHOOT-9) at BS 3, 8" from a 24-figure REGULAR column of
 * 4 files and 6 ranks (a column needs at least as many ranks as files, WHN-FORM-3) (S 3 against T 3: 4+ to wound, no save; the 10 % Panic test triggers at 3 casualties), in the
 * firer's shooting phase. The target's Ld is 7 to match the hand-written baseline.
 */
export function volleyState(): BattleState {
  const firer = UnitParamsSchema.parse({ formation: "LINE", files: 16, figures: 24 });
  const target = UnitParamsSchema.parse({ formation: "ATTACK_COLUMN", files: 4, figures: 24, profile: { Ld: 7 } });
  const s = twoUnitTable(firer, target, 8, {});
  const units: Record<string, Unit> = {};
  for (const [id, u] of Object.entries(s.units)) {
    // The firer has fired its initial volley already (WHN-SHOOT-6), so it needs the plain 4+ to hit.
    units[id] = { ...u, initialVolleyUsed: id === "a", phase: { figuresAtStart: u.figures, casualties: 0, panicTested: false } };
  }
  const built = { ...s, units: units as BattleState["units"], turn: { ...s.turn, phase: "shooting", step: null } } as BattleState;
  // The engine copies a state it did not build at every call (see src/engine/owned.ts); `reseed`
  // adopts this hand-built one once, and the volley keeps the table's own dice.
  return { ...reseed(built, 0), dice: built.dice };
}

/** The `shooting/fire` action of the volley. */
export const VOLLEY_ACTION = { type: "shooting/fire", shooter: "a", target: "b" } as const;

/** The plain volley spec of {@link volleyState}, read by the shooting module's own `volleySpec`. */
export function volleySpecOf(state: BattleState): VolleySpec {
  const r = volleySpec(state, { shooter: "a" as UnitId, target: "b" as UnitId });
  if (!r.ok) throw new Error(`bench: the volley is not allowed: ${JSON.stringify(r.violation)}`);
  return r.spec;
}

/**
 * Two 20-figure REGULAR battalions in base contact (a in ATTACK_COLUMN 4 files and 5 ranks charging,
 * b in LINE 10 files), with the combat `c1` open, for `combatRoundOdds`.
 */
export function combatState(): { state: BattleState; combat: CombatId } {
  const a = UnitParamsSchema.parse({ formation: "ATTACK_COLUMN", files: 4, figures: 20 });
  const b = UnitParamsSchema.parse({ formation: "LINE", files: 10, figures: 20 });
  const s = twoUnitTable(a, b, 0, {});
  const combat = { id: "c1", units: ["a", "b"], chargers: ["a"], lastWinner: null, rounds: 0, squareness: {} };
  const state = { ...s, turn: { ...s.turn, phase: "combat", step: null }, combats: { c1: combat } } as unknown as BattleState;
  return { state, combat: "c1" as CombatId };
}

const unit = (id: string, kind: string, x: number, y: number, facing: number, extra: Record<string, unknown> = {}) => ({ id, kind, at: { x, y }, facing, ...extra });

/**
 * A WHN battle of 8 units a side on a 72" × 48" table, 6 turns: five line battalions, a light
 * company and two cavalry regiments each, facing across 24"; each side wins by breaking half the
 * other army, otherwise a draw.
 */
export function benchScenario(): Scenario {
  const side = (id: "fr" | "gb", y: number, facing: number) => ({
    id,
    name: id === "fr" ? "French" : "British",
    nation: id === "fr" ? "french" : "british",
    posture: id === "fr" ? "attack" : "defend",
    deployment: { x: 0, y: id === "fr" ? 0 : 30, width: 72, height: 18 },
    units: [
      ...[0, 1, 2, 3, 4].map((i) => unit(`${id}-bn${i}`, "lineBattalion", 12 + i * 12, y, facing, i % 2 === 0 ? {} : { formation: "LINE", files: 12 })),
      unit(`${id}-lt`, "lightInfantry", 36, id === "fr" ? y + 4 : y - 4, facing),
      unit(`${id}-cav1`, id === "fr" ? "cuirassiers" : "hussars", 6, id === "fr" ? y - 6 : y + 6, facing),
      unit(`${id}-cav2`, id === "fr" ? "lancers" : "hussars", 66, id === "fr" ? y - 6 : y + 6, facing),
    ],
    characters: [{ id: `${id}-general`, name: `${id} general`, kind: "general", joinedTo: `${id}-bn2` }],
  });
  const r = parseScenario({
    format: "fusillade-scenario",
    version: 1,
    id: "bench-8v8",
    name: "Benchmark: eight units a side",
    description: "Two brigades of five battalions, a light company and two cavalry regiments each.",
    ruleset: "whn",
    table: { width: 72, height: 48 },
    maxTurns: 6,
    firstSide: "fr",
    terrain: [],
    sides: [side("fr", 12, 90), side("gb", 36, 270)],
    victory: {
      conditions: [
        { kind: "armyBroken", winner: "fr", fraction: 0.5 },
        { kind: "armyBroken", winner: "gb", fraction: 0.5 },
      ],
      otherwise: "draw",
    },
  });
  if (!r.ok) throw new Error(`bench: the benchmark scenario is invalid: ${JSON.stringify(r.error.issues)}`);
  return r.value;
}
