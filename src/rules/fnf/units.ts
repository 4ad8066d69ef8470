import { FusilladeError } from "../../engine/violation.js";
import type { BattleState } from "../../state/battle.js";
import type { RulesOptions } from "../../state/options.js";
import type { ActionContext } from "../../engine/context.js";
import type { RuleId } from "../../state/ids.js";
import { FnfTurnFlagsSchema } from "../../state/fnf.js";
import { MOVE_RATES, type MoveClass } from "./tables/maneuver.js";
import { withBases } from "./geometry/layout.js";

/** The FnF part of the state, readonly. */
export type Fnf = NonNullable<BattleState["fnf"]>;
/** A unit as the (readonly) battle state holds it. */
export type Unit = Fnf["units"][string];
/** A leader as the battle state holds him. */
export type Leader = Fnf["leaders"][string];

/** Per-turn flags at the start of a player turn. */
export const FRESH_TURN = FnfTurnFlagsSchema.parse({});

/** The FnF part of a battle; a programmer error if missing (the state schema requires it). */
export function fnfOf(state: BattleState): Fnf {
  if (state.fnf === null) throw new FusilladeError("engine/misuse", "fusillade: an FnF battle has no fnf state");
  return state.fnf;
}

/** The state with its FnF part replaced. */
export function withFnf(state: BattleState, fnf: Fnf): BattleState {
  return { ...state, fnf };
}

/** A unit still on the table, or undefined. */
export function unitOf(state: BattleState, id: string): Unit | undefined {
  const u = fnfOf(state).units[id];
  return u !== undefined && u.removed === null ? u : undefined;
}

/** A leader present on the table, or undefined. */
export function leaderOf(state: BattleState, id: string): Leader | undefined {
  const l = fnfOf(state).leaders[id];
  return l !== undefined && l.lost === null ? l : undefined;
}

/** Units on the table, optionally of one side. */
export function activeUnits(state: BattleState, side?: string): Unit[] {
  return Object.values(fnfOf(state).units).filter((u) => u.removed === null && (side === undefined || u.side === side));
}

/** Leaders on the table, optionally of one side. */
export function activeLeaders(state: BattleState, side?: string): Leader[] {
  return Object.values(fnfOf(state).leaders).filter((l) => l.lost === null && (side === undefined || l.side === side));
}

/** Replaces a unit. */
export function putUnit(state: BattleState, u: Unit): BattleState {
  const fnf = fnfOf(state);
  return withFnf(state, { ...fnf, units: { ...fnf.units, [u.id]: u } });
}

/** Replaces a leader. */
export function putLeader(state: BattleState, l: Leader): BattleState {
  const fnf = fnfOf(state);
  return withFnf(state, { ...fnf, leaders: { ...fnf.leaders, [l.id]: l } });
}

/** Updates a unit by a function (no-op when absent). */
export function updateUnit(state: BattleState, id: string, f: (u: Unit) => Unit): BattleState {
  const u = fnfOf(state).units[id];
  return u === undefined ? state : putUnit(state, f(u));
}

/** Bases lost so far: starting bases less those on the table and those detached (FNF-STAT-1). */
export function basesLost(u: Unit): number {
  return Math.max(0, u.startingBases - u.bases - u.detached);
}

/** The Spent threshold: `ceil(N × fraction)` of the morale class (FNF-STAT-2). */
export function spentThreshold(u: Pick<Unit, "startingBases" | "morale">, options: RulesOptions): number {
  return Math.ceil(u.startingBases * options.fnf.spentFractions[u.morale] - 1e-9);
}

/** FRESH: a brigade that has lost no bases (FNF-STAT-1, AMB-61). */
export function isFresh(u: Unit): boolean {
  return u.kind === "brigade" && basesLost(u) === 0;
}

/** SPENT: a brigade whose losses reach its threshold (FNF-STAT-1/2). */
export function isSpent(u: Unit, options: RulesOptions): boolean {
  return u.kind === "brigade" && basesLost(u) > 0 && basesLost(u) >= spentThreshold(u, options);
}

/** The movement class of a unit (FNF-MOVE-1; HEAVY batteries are foot guns, FNF-ART-1). */
export function moveClass(u: Pick<Unit, "arm" | "battery">): MoveClass {
  if (u.battery !== null) return u.battery.type === "HORSE" ? "horseGuns" : "footGuns";
  return u.arm === "cavalry" ? "cavalry" : "infantry";
}

/** A unit's normal move in inches (FNF-MOVE-1). */
export function normalMove(u: Pick<Unit, "arm" | "battery">): number {
  return MOVE_RATES[moveClass(u)].normal;
}

/** Leaders attached to a unit. */
export function attachedLeaders(state: BattleState, unitId: string): Leader[] {
  return activeLeaders(state).filter((l) => l.attachedTo === unitId);
}

const RANK_ORDER = { army: 3, corps: 2, division: 1 } as const;

/** The most senior leader attached to a unit, if any (FNF-FIRE-8, AMB-71). */
export function seniorAttached(state: BattleState, unitId: string): Leader | undefined {
  return attachedLeaders(state, unitId).sort((a, b) => RANK_ORDER[b.rank] - RANK_ORDER[a.rank])[0];
}

/** Removes a unit from play; its attached leaders stay where they are (FNF-MAN-3). */
export function removeUnit(state: BattleState, id: string, reason: NonNullable<Unit["removed"]>, rule: RuleId, ctx: ActionContext): BattleState {
  const u = fnfOf(state).units[id];
  if (u === undefined || u.removed !== null) return state;
  let s = putUnit(state, { ...u, removed: reason });
  for (const l of attachedLeaders(s, id)) s = putLeader(s, { ...l, attachedTo: null });
  if (u.kind === "detachment" && u.parent !== null && reason === "destroyed") {
    // A destroyed temporary detachment is a base lost by its parent (FNF-DET-4).
    s = updateUnit(s, u.parent, (p) => ({ ...p, detached: Math.max(0, p.detached - 1) }));
  }
  ctx.emit("fnf/unitRemoved", rule, { unit: id, reason });
  return s;
}

/** Credits captured stands to a side (FNF-MEL-6). */
export function creditCaptured(state: BattleState, side: string, n: number): BattleState {
  if (n <= 0) return state;
  const fnf = fnfOf(state);
  return withFnf(state, { ...fnf, captured: { ...fnf.captured, [side]: (fnf.captured[side] ?? 0) + n } });
}

/**
 * Takes `n` non-command bases off a brigade or detachment (never below 0); a brigade left with only
 * its command base is eliminated (FNF-ORG-2, FNF-FIRE-7); a detachment is destroyed (FNF-DET-4).
 */
export function loseBases(state: BattleState, id: string, n: number, rule: RuleId, ctx: ActionContext, how: "lost" | "fled" | "captured" = "lost", captor?: string): BattleState {
  const u = unitOf(state, id);
  if (u === undefined || n <= 0 || u.kind === "battery") return state;
  if (u.kind === "detachment") return removeUnit(state, id, "destroyed", "FNF-DET-4", ctx);
  const lost = Math.min(n, u.bases);
  let s = putUnit(state, { ...withBases(u, u.bases - lost), turn: { ...u.turn, basesLost: u.turn.basesLost + lost } });
  ctx.emit("fnf/basesLost", rule, { unit: id, bases: lost, how, left: u.bases - lost });
  if (how === "captured" && captor !== undefined) s = creditCaptured(s, captor, lost);
  if (u.bases - lost === 0) s = removeUnit(s, id, "eliminated", "FNF-ORG-2", ctx);
  return s;
}
