/**
 * A firefight: two units trade volleys across a fixed gap, a first, for a number of volleys or
 * until one flees or is destroyed. Each volley is read from the real table for the units as they
 * stand (figures, order, initial volley used) and sampled with `sampleVolley`; the specs are
 * memoised per cell, so the per-sample path stays on plain numbers. Nobody rallies or moves.
 */
import * as z from "zod";
import type { BattleState } from "../../state/battle.js";
import type { SideId, UnitId } from "../../state/ids.js";
import type { Unit } from "../../state/unit.js";
import { sampleVolley, type VolleySpec } from "../../rules/whn/shooting/volley.js";
import { volleySpec } from "../../rules/whn/shooting/odds.js";
import { defineExperiment } from "../experiment.js";
import { OptionsParamSchema, UnitParamsSchema, twoUnitTable } from "./table.js";

interface Side {
  figures: number;
  order: Unit["order"];
  initialUsed: boolean;
}

interface Prepared {
  readonly base: BattleState;
  readonly volleys: number;
  readonly cache: Map<string, VolleySpec | null>;
}

function specFor(p: Prepared, shooter: "a" | "b", s: Side, t: Side): VolleySpec | null {
  const key = `${shooter}|${s.figures}|${s.order}|${s.initialUsed ? 1 : 0}|${t.figures}|${t.order}`;
  const hit = p.cache.get(key);
  if (hit !== undefined) return hit;
  const target = shooter === "a" ? "b" : "a";
  const set = (u: Unit, x: Side): Unit => ({ ...u, figures: x.figures, order: x.order, initialVolleyUsed: x.initialUsed, phase: { figuresAtStart: x.figures, casualties: 0, panicTested: false } });
  const units = p.base.units as Record<string, Unit>;
  const state = {
    ...p.base,
    turn: { ...p.base.turn, activeSide: shooter as SideId },
    units: { ...units, [shooter]: set(units[shooter] as Unit, s), [target]: set(units[target] as Unit, t) },
  } as BattleState;
  const r = volleySpec(state, { shooter: shooter as UnitId, target: target as UnitId });
  const spec = r.ok ? r.spec : null;
  p.cache.set(key, spec);
  return spec;
}

/** Two units trading volleys: casualties each way, who fled first, volleys fired. */
export const firefightExperiment = defineExperiment({
  name: "whn/firefight",
  summary: "Two units trade volleys (a first) across `range` inches until one flees or `volleys` are fired.",
  params: z.strictObject({
    range: z.number().min(0).max(48).default(6),
    volleys: z.int().min(1).max(40).default(6),
    a: UnitParamsSchema.prefault({ formation: "LINE", files: 12 }),
    b: UnitParamsSchema.prefault({ formation: "ATTACK_COLUMN", files: 4 }),
    options: OptionsParamSchema,
  }),
  prepare: (p): Prepared => {
    const base = twoUnitTable(p.a, p.b, p.range, p.options);
    const prepared: Prepared = { base, volleys: p.volleys, cache: new Map() };
    const a0: Side = { figures: p.a.figures, order: p.a.order, initialUsed: false };
    const b0: Side = { figures: p.b.figures, order: p.b.order, initialUsed: false };
    if (specFor(prepared, "a", a0, b0) === null && specFor(prepared, "b", b0, a0) === null) {
      const r = volleySpec(base, { shooter: "a" as UnitId, target: "b" as UnitId });
      throw new RangeError(`neither unit can shoot the other${r.ok ? "" : `: ${r.violation.code} (${r.violation.rule})`}`);
    }
    return prepared;
  },
  run: (dice, p) => {
    const sides: Record<"a" | "b", Side> = {
      a: { figures: (p.base.units["a" as UnitId] as Unit).figures, order: (p.base.units["a" as UnitId] as Unit).order, initialUsed: false },
      b: { figures: (p.base.units["b" as UnitId] as Unit).figures, order: (p.base.units["b" as UnitId] as Unit).order, initialUsed: false },
    };
    const start = { a: sides.a.figures, b: sides.b.figures };
    let fired = 0;
    let winner = "none";
    for (let v = 0; v < p.volleys; v++) {
      const shooter = v % 2 === 0 ? "a" : "b";
      const target = shooter === "a" ? "b" : "a";
      const s = sides[shooter];
      const t = sides[target];
      const spec = specFor(p, shooter, s, t);
      s.initialUsed = true;
      if (spec === null) continue;
      fired++;
      const r = sampleVolley(dice, spec);
      t.figures -= r.casualties;
      if (r.panic === "disordered") t.order = "DISORDERED";
      if (r.panic === "fled" || r.panic === "destroyed" || t.figures <= 0) {
        t.order = "FLEEING";
        winner = shooter;
        break;
      }
    }
    return {
      aLosses: start.a - sides.a.figures,
      bLosses: start.b - sides.b.figures,
      winner,
      aWins: winner === "a",
      bWins: winner === "b",
      aDisordered: sides.a.order !== "GOOD",
      bDisordered: sides.b.order !== "GOOD",
      volleysFired: fired,
    };
  },
});
