/**
 * The two-unit combat builder: two units (profiles, formations, files, quality, rules options) set
 * in base contact on a real table, with combat `c1` between them (one of them charging, or
 * neither), in side a's close combat phase. Every combat question of the analysis API starts
 * here, so nobody assembles a `combats` record by hand; `apply` plays the state it returns exactly
 * as the odds weigh it (test/analysis/fastPaths.test.ts, test/analysis/research.test.ts).
 */
import * as z from "zod";
import type { BattleState, Combat } from "../state/battle.js";
import { combatId, unitId, type CombatId } from "../state/ids.js";
import type { BuiltRound } from "../rules/whn/combat/build.js";
import { CHAIN_START, roundBuilder } from "../rules/whn/combat/markov.js";
import type { RoundInput } from "../rules/whn/combat/types.js";
import type { DecisionInput } from "./combatChain.js";
import { OptionsParamSchema, RulesetParamSchema, UnitParamsSchema, twoUnitTable } from "./experiments/table.js";
import { traitsOf } from "../rules/traits.js";

/** Zod schema of a two-unit combat (the params of the `whn/combat` and `whn/combatRound` experiments). */
export const CombatParams = z.strictObject({
  a: UnitParamsSchema.prefault({ formation: "ATTACK_COLUMN", files: 4 }),
  b: UnitParamsSchema.prefault({ formation: "LINE", files: 12 }),
  /** Which unit charged into the combat this turn (it strikes first in the first round). */
  charger: z.enum(["a", "b", "none"]).default("a"),
  maxRounds: z.int().min(1).max(50).default(12),
  options: OptionsParamSchema,
  /** The rules the combat is fought under: "whn" (default) or "core" (core troop types only; CORE-BREAK-1: a loser who passes holds). */
  ruleset: RulesetParamSchema,
});

/** A two-unit combat as written: every field optional (defaults: a 6-wide attack column charging a 12-wide line). */
export type TwoUnitCombatSpec = z.input<typeof CombatParams>;
/** A two-unit combat with every default filled in. */
export type TwoUnitCombatParams = z.output<typeof CombatParams>;

/** The combat id the builder uses. */
export const TWO_UNIT_COMBAT: CombatId = combatId("c1");

/** A two-unit combat, ready for `odds`, samplers and `apply`. */
export interface TwoUnitCombat {
  /** The complete params (defaults filled in). */
  readonly params: TwoUnitCombatParams;
  /** Unit `a` (side "a", active) and unit `b` (side "b") in contact; combat `c1`; side a's close combat phase. */
  readonly state: BattleState;
  readonly combat: CombatId;
  /** The first round as the combat phase builds it. */
  readonly round: RoundInput;
  /** The first round with each side's morale (Ld, auto-break, flee and pursuit dice). */
  readonly built: BuiltRound;
  /** The combat fought to a decision (first round and the builder of the later ones). */
  readonly decision: DecisionInput;
}

/**
 * Builds a two-unit close combat from plain params. Bad params are one `RangeError` naming the
 * path; units that cannot touch are a `RangeError` too.
 * @example
 * const c = twoUnitCombat({ a: { troop: "hussars", figures: 12, files: 6, formation: "CAV_LINE" }, b: { formation: "SQUARE", files: 6 }, charger: "a" });
 * odds({ kind: "combatRound", input: c.round }).casualties?.[1].mean();
 * odds({ kind: "combatToDecision", input: c.decision }).events.sideBBroken;
 * apply(reseed(c.state, 7), { type: "combat/fight", combat: c.combat });
 */
export function twoUnitCombat(spec: TwoUnitCombatSpec | TwoUnitCombatParams = {}): TwoUnitCombat {
  const parsed = CombatParams.safeParse(spec);
  if (!parsed.success) throw new RangeError(`twoUnitCombat: ${z.prettifyError(parsed.error)}`);
  const params = parsed.data;
  const state = combatStateOf(params);
  const rounds = roundBuilder(state, TWO_UNIT_COMBAT);
  const built = rounds(CHAIN_START);
  if (built.input.strikers.length === 0) throw new RangeError("twoUnitCombat: the two units are not in contact: nobody fights");
  const m = built.morale;
  const decision: DecisionInput = {
    round: built.input,
    ld: [m[0].ld, m[1].ld],
    autoBreakAt: [m[0].autoBreakAt, m[1].autoBreakAt],
    flowsPast: [m[0].flowsPast, m[1].flowsPast],
    maxRounds: params.maxRounds,
    rounds,
    ...(traitsOf(state).loserHolds ? { loserHolds: true } : {}),
  };
  return { params, state, combat: TWO_UNIT_COMBAT, round: built.input, built, decision };
}

/** The battle state of a two-unit combat (no validation beyond the table's; see {@link twoUnitCombat}). */
export function combatStateOf(p: TwoUnitCombatParams): BattleState {
  const table = twoUnitTable(p.a, p.b, 0, p.options, p.ruleset);
  const combat: Combat = {
    id: TWO_UNIT_COMBAT,
    units: [unitId("a"), unitId("b")],
    chargers: p.charger === "none" ? [] : [unitId(p.charger)],
    lastWinner: null,
    rounds: 0,
    squareness: {},
  };
  return { ...table, turn: { ...table.turn, phase: "combat", step: null }, combats: { [TWO_UNIT_COMBAT]: combat } };
}
