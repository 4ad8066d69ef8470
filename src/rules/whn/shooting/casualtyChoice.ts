/**
 * The owner's choice of casualties as a decision (WHN-FORM-8: which models of an EXTENDED_ORDER unit
 * go; CORE-UNIT-2: the owner picks), with `core.ownerChoices: "ask"`. A fire is resolved up to its
 * unsaved wounds and the number of models lost; then, instead of removing them, it stops with one
 * `casualtyChoice` decision per such unit. Each answer removes the models picked; the last one
 * finishes the fire exactly as the default would have: the shooting Panic tests (WHN-PANIC-2) of the
 * units it hit, in their order. With "auto" (the default) nothing here runs.
 */
import * as z from "zod";
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import { violation } from "../../../engine/violation.js";
import type { BattleState, Decision } from "../../../state/battle.js";
import type { Vec2 } from "../../../state/common.js";
import { UnitIdSchema, type UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { farthestModels, removeChosenModels } from "../casualties.js";
import { commitCasualties } from "../combined.js";
import { getUnit, inPlay, removeUnit, withUnit } from "../unit.js";
import { shootingPanic } from "./panic.js";

/** `casualties/choose`: the models (indices into the unit's `models`) its owner removes (WHN-FORM-8). */
export const ChooseCasualtiesActionSchema = z.strictObject({
  type: z.literal("casualties/choose"),
  unit: UnitIdSchema,
  models: z.array(z.int().min(0).max(10_000)).max(10_000),
});
/** A casualty choice. */
export type ChooseCasualtiesAction = z.output<typeof ChooseCasualtiesActionSchema>;

/** At most this many answers are listed beyond the two extremes (bots and menus). */
const MAX_LISTED = 32;

/**
 * Whether the owner is asked which of `u`'s models to remove: the option is "ask", the unit stands in
 * EXTENDED_ORDER (its models have places of their own) and it loses some, not all, of them.
 */
export function asksCasualties(state: BattleState, u: Unit, removed: number): boolean {
  return state.options.core.ownerChoices === "ask" && u.formation === "EXTENDED_ORDER" && u.models !== null && removed > 0 && removed < u.figures;
}

/** The decision asking `u`'s owner to remove `casualties` models (the default measures from `from`). */
export function casualtyDecision(u: Unit, casualties: number, from: Vec2 | undefined, cause: UnitId | null): Decision {
  const d: Decision = { kind: "casualtyChoice", side: u.side, unit: u.id, targets: cause === null ? [] : [cause], rule: "WHN-FORM-8", casualties };
  return from === undefined ? d : { ...d, from: { x: from.x, y: from.y } };
}

/**
 * Puts the casualty decisions of one fire on top of the stack (a stand and shoot answers them before
 * the charge responses still waiting); the units to Panic-test ride on each, run after the last.
 */
export function pauseForCasualties(state: BattleState, asked: readonly Decision[], panic: readonly UnitId[]): BattleState {
  return { ...state, pending: [...asked.map((d) => ({ ...d, panic: [...panic] })), ...state.pending] };
}

/** Every k-subset of 0…n−1 in lexicographic order, up to `limit` of them. */
function subsets(n: number, k: number, limit: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (start: number): void => {
    if (out.length >= limit) return;
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

/**
 * The answers listed for a casualty decision: the default (the farthest models from the cause)
 * first, the nearest ones second, then further subsets in index order (at most 32 more). Each is a
 * sorted list of model indices.
 */
export function casualtyAnswers(state: BattleState, d: BattleState["pending"][number]): number[][] {
  const u = d.unit === null ? undefined : getUnit(state, d.unit);
  const n = d.casualties ?? 0;
  if (u === undefined || u.models === null || n <= 0 || n > u.models.length) return [];
  const from = d.from;
  const farthest = farthestModels(u, n, from).sort((a, b) => a - b);
  const all = farthestModels(u, u.models.length, from);
  const nearest = all.slice(all.length - n).sort((a, b) => a - b);
  const seen = new Set<string>();
  const out: number[][] = [];
  for (const c of [farthest, nearest, ...subsets(u.models.length, n, MAX_LISTED)]) {
    const key = c.join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

/** Removes the picked models (WHN-FORM-8) and records the loss as the default removal does. */
function removePicked(state: BattleState, ctx: ActionContext, u: Unit, picked: readonly number[]): BattleState {
  const r = removeChosenModels(u, picked);
  ctx.emit("unit/casualties", "WHN-FORM-8", { unit: u.id, removed: r.removed, figures: r.unit.figures, commandLost: [...r.commandLost], chosen: [...picked] });
  const after = commitCasualties(state, r.unit, r.removed, { kind: "missile" }, ctx.emit);
  if (r.unit.figures > 0) return after;
  ctx.emit("unit/destroyed", "CORE-SHOOT-5", { unit: u.id });
  return removeUnit(after, u.id, "destroyed");
}

/** A checked answer: the decision it answers, the unit and its models picked (sorted). */
export interface CheckedChoice {
  readonly decision: BattleState["pending"][number];
  readonly unit: Unit;
  readonly picked: readonly number[];
}

/**
 * Checks an answer to the casualty decision on top of the stack: exactly the number of models
 * asked, each a model of the unit, none twice (WHN-FORM-8). A violation when it is not one.
 */
export function checkChoice(state: BattleState, action: ChooseCasualtiesAction): CheckedChoice | Outcome {
  const d = state.pending[0];
  const refuse = (code: string, details: { readonly [k: string]: number | string | null | readonly number[] }): Outcome => fail(violation(`casualties/${code}`, "WHN-FORM-8", { unit: action.unit, ...details }));
  if (d === undefined || d.kind !== "casualtyChoice" || d.unit !== action.unit) return refuse("no_choice_due", {});
  const u = getUnit(state, action.unit);
  if (u === undefined || !inPlay(u) || u.models === null) return refuse("no_choice_due", {});
  const picked = [...action.models].sort((a, b) => a - b);
  const distinct = new Set(picked).size === picked.length;
  if (picked.length !== d.casualties || !distinct || picked.some((i) => i >= (u.models?.length ?? 0))) {
    return refuse("choice_not_allowed", { asked: d.casualties ?? 0, models: picked, of: u.models.length });
  }
  return { decision: d, unit: u, picked };
}

/**
 * Answers a casualty decision of a fire or a stand and shoot (`casualties/choose`, see
 * {@link checkChoice}). The last answer of a fire runs its Panic tests (WHN-PANIC-2).
 */
export function chooseCasualties(state: BattleState, action: ChooseCasualtiesAction, ctx: ActionContext): Outcome {
  const checked = checkChoice(state, action);
  if ("ok" in checked) return checked;
  const { decision: d, unit: u, picked } = checked;
  let s: BattleState = { ...state, pending: state.pending.slice(1) };
  s = removePicked(s, ctx, u, picked);
  if (s.pending.some((x) => x.kind === "casualtyChoice")) return ok(s);
  for (const id of d.panic ?? []) s = shootingPanic(s, id, ctx).state;
  return ok(s);
}

/** A unit as it stands after the wounds of a paused fire, its losses still to be picked (WHN-FORM-8). */
export function withWoundsOnly(state: BattleState, u: Unit, woundsTaken: number): BattleState {
  return woundsTaken === u.woundsTaken ? state : withUnit(state, { ...u, woundsTaken });
}
