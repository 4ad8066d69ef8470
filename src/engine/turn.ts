import * as z from "zod";
import type { BattleState, Phase } from "../state/battle.js";
import type { ActionContext, Outcome } from "./context.js";
import { fail, ok } from "./context.js";
import { defineModule } from "./module.js";
import { violation } from "./violation.js";
import { firstPoint, nextPoint, otherSide, type TurnPoint } from "./sequence.js";
import { enterHook } from "./hooks.js";
import type { SideId } from "../state/ids.js";
import { UnitFlagsSchema } from "../state/unit.js";

const FRESH_FLAGS = UnitFlagsSchema.parse({});

/** Zod schema of `turn/advance`: the deciding player ends the current step or phase. */
export const AdvanceActionSchema = z.strictObject({ type: z.literal("turn/advance") });

/** Clears per-turn flags of a side's units and characters (start of its player turn). */
function resetTurnFlags(state: BattleState, side: SideId): BattleState {
  // A piece whose flags are already the fresh ones is kept as it is (the same object, so whatever
  // is remembered per unit object, such as its layout, stays valid); a record with no change too.
  let units: { -readonly [K in keyof BattleState["units"]]: BattleState["units"][K] } | null = null;
  for (const id in state.units) {
    const u = state.units[id as keyof typeof state.units];
    if (u === undefined || u.side !== side || u.flags === FRESH_FLAGS) continue;
    units ??= { ...state.units };
    units[id as keyof typeof units] = { ...u, flags: FRESH_FLAGS };
  }
  let characters: { -readonly [K in keyof BattleState["characters"]]: BattleState["characters"][K] } | null = null;
  for (const id in state.characters) {
    const c = state.characters[id as keyof typeof state.characters];
    if (c === undefined || c.side !== side || c.flags === FRESH_FLAGS) continue;
    characters ??= { ...state.characters };
    characters[id as keyof typeof characters] = { ...c, flags: FRESH_FLAGS };
  }
  if (units === null && characters === null) return state;
  return { ...state, units: units ?? state.units, characters: characters ?? state.characters };
}

/** Starts per-phase counters (casualties this phase and the Panic threshold base, WHN-PANIC-2). */
function resetPhaseCounters(state: BattleState): BattleState {
  // A unit whose counters already start this phase is kept as it is (see `resetTurnFlags`).
  let units: { -readonly [K in keyof BattleState["units"]]: BattleState["units"][K] } | null = null;
  for (const id in state.units) {
    const u = state.units[id as keyof typeof state.units];
    if (u === undefined) continue;
    if (u.phase.figuresAtStart === u.figures && u.phase.casualties === 0 && !u.phase.panicTested) continue;
    units ??= { ...state.units };
    units[id as keyof typeof units] = { ...u, phase: { figuresAtStart: u.figures, casualties: 0, panicTested: false } };
  }
  return units === null ? state : { ...state, units };
}

/** Moves the turn to a point, running the enter hook of that point. */
function enter(state: BattleState, point: TurnPoint, ctx: ActionContext): BattleState {
  let s: BattleState = { ...state, turn: { ...state.turn, phase: point.phase, step: point.step } };
  if (point.step === null || point.step === "declareCharges") s = resetPhaseCounters(s);
  const rule = s.ruleset === "fnf" ? "FNF-TURN-1" : "CORE-TURN-2";
  ctx.emit(point.step === null ? "turn/phaseStarted" : "turn/stepStarted", rule, {
    side: s.turn.activeSide,
    phase: point.phase,
    step: point.step,
  });
  const hook = enterHook(s.ruleset, point.phase, point.step);
  return hook === undefined ? s : hook(s, ctx);
}

/** Ends the battle at the turn limit (CORE-TURN-1). */
function finish(state: BattleState, ctx: ActionContext): BattleState {
  ctx.emit("battle/ended", "CORE-TURN-1", { reason: "turn limit", gameTurn: state.turn.gameTurn });
  const hook = enterHook(state.ruleset, "finished", null);
  const s: BattleState = { ...state, turn: { ...state.turn, phase: "finished" as Phase, step: null } };
  const judged = hook === undefined ? s : hook(s, ctx);
  return judged.result !== null ? judged : { ...judged, result: { winner: null, reason: "turn limit reached", rule: "CORE-TURN-1" } };
}

/**
 * Advances the turn sequence by one step: the next movement step, the next phase, the other
 * player's turn, or the next game turn (CORE-TURN-1/2, WHN-TURN-1, FNF-TURN-1).
 */
export function advance(state: BattleState, ctx: ActionContext): Outcome {
  if (state.pending.length > 0) {
    const d = state.pending[0];
    return fail(violation("turn/decision_pending", "CORE-TURN-2", { kind: d?.kind ?? null, side: d?.side ?? null }));
  }
  const next = nextPoint(state.ruleset, state.turn.phase, state.turn.step);
  if (next !== null) return ok(enter(state, next, ctx));
  // The player turn is over: the other side plays, or the game turn ends.
  const second = state.turn.activeSide !== state.turn.firstSide;
  let s = state;
  if (second) {
    const endHook = enterHook(s.ruleset, "endOfGameTurn", null);
    // The hooks' events are held back: if they end the battle (a victory condition met,
    // CORE-TURN-1), the game turn's end is logged before the battle's end, as at the turn limit.
    const held: Parameters<ActionContext["emit"]>[] = [];
    if (endHook !== undefined) s = endHook(s, { ...ctx, emit: (...e) => void held.push(e) });
    const over = s.turn.phase === "finished";
    if (!over) for (const e of held) ctx.emit(...e);
    ctx.emit("turn/gameTurnEnded", s.ruleset === "fnf" ? "FNF-TURN-1" : "CORE-TURN-1", { gameTurn: s.turn.gameTurn });
    if (over) {
      for (const e of held) ctx.emit(...e);
      return ok(s);
    }
    if (s.turn.gameTurn >= s.turn.maxTurns) return ok(finish(s, ctx));
    s = { ...s, turn: { ...s.turn, gameTurn: s.turn.gameTurn + 1, activeSide: s.turn.firstSide } };
  } else {
    s = { ...s, turn: { ...s.turn, activeSide: otherSide(s, s.turn.activeSide) } };
  }
  s = resetTurnFlags(s, s.turn.activeSide);
  return ok(enter(s, firstPoint(s.ruleset), ctx));
}

/** Begins the first player turn of a freshly created battle. */
export function beginBattle(state: BattleState, ctx: ActionContext): BattleState {
  return enter(resetTurnFlags(state, state.turn.activeSide), firstPoint(state.ruleset), ctx);
}

/** The turn module: actions that drive the turn sequence. */
export const turnModule = defineModule({
  name: "turn",
  actions: [AdvanceActionSchema] as const,
  routes: {
    "turn/advance": { rulesets: ["whn", "fnf", "core"], phases: "any", handler: (state, _a, ctx) => advance(state, ctx) },
  },
  messages: {
    "turn/decision_pending": (v) => `A decision is pending (${String(v["kind"])} for side ${String(v["side"])}); make it before ending the step.`,
  },
});
