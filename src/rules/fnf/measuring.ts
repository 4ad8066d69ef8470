/**
 * Measuring helpers for apps (FnF): how far apart two brigades are, whether a brigade is in
 * command, what it can see. Read-only views over the same geometry the rules use, so an app's
 * "in command" marker or range ruler agrees with what the engine will rule.
 */
import type { BattleState } from "../../state/battle.js";
import { FusilladeError } from "../../engine/violation.js";
import { adopt } from "../../engine/owned.js";
import { objectArg, readingArg, stringArg } from "../../engine/args.js";
import { commandRadius, commandStanding, leaderToUnit } from "./command.js";
import { rectsOf } from "./geometry/measure.js";
import { basesDistance, inBaseArc } from "./geometry/measure.js";
import { baseSees } from "./geometry/sight.js";
import { activeUnits, leaderOf, unitOf, type Unit } from "./units.js";
import { layout, sightBlockers, targetRects } from "./world.js";

/** The state argument of a public FnF helper: adopted (a foreign value is copied or refused), and an FnF battle. */
export function fnfBattle(input: BattleState, fn: string): BattleState {
  const state = adopt(input);
  if (state.ruleset !== "fnf" || state.fnf === null) throw new FusilladeError("engine/misuse", `fusillade: fnf.${fn} needs an FnF battle (this one is "${String(state.ruleset)}")`);
  return state;
}

function unitOrThrow(state: BattleState, id: string, fn: string): Unit {
  stringArg(`fnf.${fn}`, "the unit id", id);
  const u = unitOf(state, id);
  if (u === undefined) throw new FusilladeError("engine/misuse", `fusillade: fnf.${fn}: no unit "${id}" on the table`);
  return u;
}

/**
 * The closest distance in inches between two units' bases, or between a unit and a lone leader
 * (FNF-GEO-3: edge to edge; 0 when they touch). Throws a {@link FusilladeError} for an id that is
 * not on the table or a battle that is not FnF.
 * @example
 * fnf.distanceBetween(state, "fr-1", "ru-2"); // e.g. 7.5
 */
export function distanceBetween(input: BattleState, a: string, b: string): number {
  const state = fnfBattle(input, "distanceBetween");
  stringArg("fnf.distanceBetween", "a", a);
  stringArg("fnf.distanceBetween", "b", b);
  const ra = targetRects(state, a);
  const rb = targetRects(state, b);
  if (ra === undefined) throw new FusilladeError("engine/misuse", `fusillade: fnf.distanceBetween: no unit or lone leader "${a}" on the table`);
  if (rb === undefined) throw new FusilladeError("engine/misuse", `fusillade: fnf.distanceBetween: no unit or lone leader "${b}" on the table`);
  return basesDistance(ra, rb);
}

/** A unit's command standing with the figures behind it (see {@link commandOf}). */
export interface CommandStatus {
  /**
   * `"inRadius"`: within its leader's command radius (or it has no division, so no radius
   * applies); `"outOfRadius"`: beyond it; `"beyondMove"`: more than a leader's move away
   * (FNF-CMD-4, FNF-MAN-4).
   */
  readonly standing: "inRadius" | "outOfRadius" | "beyondMove";
  /** Shorthand for `standing === "inRadius"`. */
  readonly inCommand: boolean;
  /** The leader that commands it (its division's leader), or null when it has none on the table. */
  readonly leader: string | null;
  /** Distance in inches from that leader's base to the unit's command base, or null. */
  readonly distance: number | null;
  /** That leader's current command radius in inches (FNF-CMD-1/2), or null. */
  readonly radius: number | null;
}

/**
 * Whether a unit is in command, and why (FNF-CMD-1, FNF-CMD-2, FNF-CMD-4): its division leader,
 * the distance to him and his current radius. Throws a {@link FusilladeError} for an unknown unit.
 * @example
 * const c = fnf.commandOf(state, "fr-1");
 * if (!c.inCommand) showMarker("out of command", c.distance, c.radius);
 */
export function commandOf(input: BattleState, unitId: string): CommandStatus {
  const state = fnfBattle(input, "commandOf");
  const u = unitOrThrow(state, unitId, "commandOf");
  const standing = commandStanding(state, u);
  const l = u.division === null ? undefined : leaderOf(state, u.division);
  if (l === undefined) return { standing, inCommand: standing === "inRadius", leader: null, distance: null, radius: null };
  return { standing, inCommand: standing === "inRadius", leader: l.id, distance: leaderToUnit(l, u), radius: commandRadius(l) };
}

/** Whether a unit is in its leader's command radius (`commandOf(state, id).inCommand`). */
export function inCommand(state: BattleState, unitId: string): boolean {
  return commandOf(state, unitId).inCommand;
}

/** Options of {@link sees} and {@link visibleUnits}. */
export interface SightOptions {
  /** Count only bases whose front arc holds the target, as fire does (default false: any base). */
  readonly inArc?: boolean;
}

/**
 * Whether any base of unit `viewer` has a clear sight line to unit (or lone leader) `target`
 * (FNF-GEO-8: terrain and other units' bases block; contact always sees). With `inArc`, only
 * bases with the target in their front arc count, as for fire. Throws for unknown ids.
 */
export function sees(input: BattleState, viewer: string, target: string, options: SightOptions = {}): boolean {
  const state = fnfBattle(input, "sees");
  const u = unitOrThrow(state, viewer, "sees");
  stringArg("fnf.sees", "target", target);
  const inArc = readingArg("fnf.sees", "options", () => objectArg("fnf.sees", "options", options).inArc === true);
  const trg = targetRects(state, target);
  if (trg === undefined) throw new FusilladeError("engine/misuse", `fusillade: fnf.sees: no unit or lone leader "${target}" on the table`);
  const blockers = sightBlockers(state, [viewer, target]);
  return rectsOf(layout(u)).some((b) => (!inArc || inBaseArc(b, trg)) && baseSees(b, trg, state.terrain, blockers));
}

/**
 * The units of the other side that unit `viewer` can see (see {@link sees}), nearest first.
 * @example
 * fnf.visibleUnits(state, "fr-1", { inArc: true }); // targets it could fire at, range aside
 */
export function visibleUnits(input: BattleState, viewer: string, options: SightOptions = {}): string[] {
  const state = fnfBattle(input, "visibleUnits");
  const u = unitOrThrow(state, viewer, "visibleUnits");
  const inArc = readingArg("fnf.visibleUnits", "options", () => objectArg("fnf.visibleUnits", "options", options).inArc === true);
  const mine = rectsOf(layout(u));
  return activeUnits(state)
    .filter((e) => e.side !== u.side && sees(state, viewer, e.id, { inArc }))
    .map((e) => ({ id: e.id, d: basesDistance(mine, rectsOf(layout(e))) }))
    .sort((x, y) => x.d - y.d || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
    .map((x) => x.id);
}
