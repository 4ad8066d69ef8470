import * as z from "zod";
import { CharacterIdSchema, CombatIdSchema, RecordKeySchema, RuleIdSchema, SideIdSchema, UnitIdSchema, type RuleId } from "./ids.js";
import { JsonValueSchema, Vec2Schema, type JsonValue, type DeepReadonly, count } from "./common.js";
import { CharacterSchema, UnitSchema } from "./unit.js";
import { FireSchema, TerrainFeatureSchema } from "./terrain.js";
import { RulesOptionsSchema } from "./options.js";
import { DiceStateSchema } from "./dice.js";
import { FnfStateSchema } from "./fnf.js";
import { VictorySpecSchema } from "./victory.js";
import { TurnFactsSchema } from "./facts.js";

/** The version of the saved-state format; bumped with a migration when the format changes. */
export const SCHEMA_VERSION = 2 as const;

/** Rulesets the engine plays: WHN (CORE + Napoleonic changes), FnF, and CORE on its own. */
export const RULESETS = ["whn", "fnf", "core"] as const;
/** A ruleset id. */
export type Ruleset = (typeof RULESETS)[number];
/** The figure-scale rulesets: both play the CORE turn sequence on the CORE kernel (WHN-GEN-1). */
export type FigureRuleset = "whn" | "core";

/** Whether a ruleset plays at figure scale (CORE and WHN share units, phases and reducers). */
export function isFigureScale(ruleset: Ruleset): ruleset is FigureRuleset {
  return ruleset !== "fnf";
}

/** Phases of a player turn for both rulesets (README turn sequences), plus the end states. */
export const PHASES = [
  "start",
  "movement",
  "shooting",
  "combat",
  "command",
  "maneuver",
  "defensiveFire",
  "offensiveFire",
  "melee",
  "finished",
] as const;
/** A phase of the player turn. */
export type Phase = (typeof PHASES)[number];

/** Steps of the WHN movement phase (CORE-TURN-2, WHN-TURN-1). */
export const MOVEMENT_STEPS = ["declareCharges", "chargeResponses", "rally", "compulsory", "chargeMoves", "remaining"] as const;
/** A step of the movement phase. */
export type MovementStep = (typeof MOVEMENT_STEPS)[number];

/** Zod schema of the turn record. */
export const TurnSchema = z.strictObject({
  gameTurn: z.int().min(1).max(10_000),
  maxTurns: z.int().min(1).max(10_000),
  firstSide: SideIdSchema,
  activeSide: SideIdSchema,
  phase: z.enum(PHASES),
  step: z.enum(MOVEMENT_STEPS).nullable(),
});
/** Where the battle stands in its turn sequence. */
export type Turn = z.infer<typeof TurnSchema>;

/** Zod schema of a side (army). */
export const SideSchema = z.strictObject({
  id: SideIdSchema,
  name: z.string().max(200),
  nation: z.string().max(64).nullable().default(null),
});
/** A side (army) in the battle. */
export type Side = z.infer<typeof SideSchema>;

/** Zod schema of an ongoing close combat (CORE-CC-1). */
export const CombatSchema = z.strictObject({
  id: CombatIdSchema,
  units: z.array(UnitIdSchema).min(2),
  /** Units that charged into this combat this turn (they strike first in the first round, CORE-CC-4). */
  chargers: z.array(UnitIdSchema).default([]),
  lastWinner: SideIdSchema.nullable().default(null),
  rounds: count.default(0),
  /** Squareness values kept for HR-SQUARE-1's "at combat start" option. */
  squareness: z.record(RecordKeySchema, count).default({}),
  /**
   * The round just fought, kept only while its owners choose casualties (WHN-FORM-8,
   * `core.ownerChoices: "ask"`): what its Break tests and pursuit need once the choices are made.
   */
  round: z
    .strictObject({
      /** The winning side, or null for a draw (CORE-CR-1). */
      winner: SideIdSchema.nullable(),
      /** The margin the losers test against (CORE-BREAK-1). */
      margin: z.number().finite().min(0).max(100_000),
      /** The units that fought the round, in the order they were built. */
      units: z.array(UnitIdSchema).max(10_000),
      /** Who touched whom and with how many models (CORE-FLEE-3, WHN-BREAK-2: the enemy lost to). */
      contacts: z.array(z.strictObject({ unit: UnitIdSchema, enemy: UnitIdSchema, models: count })).max(100_000),
    })
    .optional(),
});
/** An ongoing close combat. */
export type Combat = z.infer<typeof CombatSchema>;

/** Kinds of decisions the engine may wait for (issue: decision stack). */
export const DECISION_KINDS = ["chargeResponse", "restraint", "challenge", "challengeAnswer", "redress", "attackSplit", "casualtyChoice"] as const;

/** Zod schema of a pending decision: who must decide what before play goes on. */
export const DecisionSchema = z.strictObject({
  kind: z.enum(DECISION_KINDS),
  side: SideIdSchema,
  unit: UnitIdSchema.nullable().default(null),
  targets: z.array(UnitIdSchema).default([]),
  rule: RuleIdSchema,
  /** `attackSplit` (CORE-CC-2): the combats fought once every split is made, and the splits made so far. `casualtyChoice` in close combat: the combats whose Break tests follow the last choice, in order. */
  batch: z.array(CombatIdSchema).max(10_000).optional(),
  splits: z.array(z.strictObject({ unit: UnitIdSchema, enemy: UnitIdSchema, models: count })).max(10_000).optional(),
  /** `casualtyChoice` (WHN-FORM-8): how many of the unit's models its owner removes. */
  casualties: count.optional(),
  /** `casualtyChoice` in close combat: the wounds the unit lost in the round (CORE-CR-1), for the log. */
  wounds: count.optional(),
  /** `casualtyChoice`: the point the default answer measures from (the cause of the loss). */
  from: Vec2Schema.optional(),
  /** `casualtyChoice`: the units whose shooting Panic tests (WHN-PANIC-2) follow the last choice, in order (fire only). */
  panic: z.array(UnitIdSchema).max(10_000).optional(),
});
/** A pending decision. */
export type Decision = z.infer<typeof DecisionSchema>;

/**
 * Zod schema of one event (what `apply` returns, `replay` rebuilds and version-1 saves held in their
 * `log`). Every event names the rule that produced it; other keys carry the values involved.
 */
export const EventSchema = z
  .object({
    seq: z.int().min(0),
    gameTurn: z.int().min(0),
    type: z.string().min(1).max(100),
    rule: RuleIdSchema,
  })
  .catchall(JsonValueSchema);
/** One event of a battle's history. */
export type BattleEvent = {
  readonly seq: number;
  readonly gameTurn: number;
  readonly type: string;
  readonly rule: RuleId;
  readonly [detail: string]: JsonValue;
};

/** Zod schema of the battle result. */
export const ResultSchema = z.strictObject({
  winner: SideIdSchema.nullable(),
  reason: z.string().max(500),
  rule: RuleIdSchema.nullable().default(null),
});
/** How the battle ended. */
export type BattleResult = z.infer<typeof ResultSchema>;

/** Zod schema of the table. */
export const TableSchema = z.strictObject({
  width: z.number().finite().positive().lte(10_000),
  height: z.number().finite().positive().lte(10_000),
});

const BattleStateObject = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  ruleset: z.enum(RULESETS),
  table: TableSchema,
  turn: TurnSchema,
  result: ResultSchema.nullable().default(null),
  sides: z.record(SideIdSchema, SideSchema),
  units: z.record(UnitIdSchema, UnitSchema),
  characters: z.record(CharacterIdSchema, CharacterSchema).default({}),
  combats: z.record(CombatIdSchema, CombatSchema).default({}),
  pending: z.array(DecisionSchema).default([]),
  terrain: z.array(TerrainFeatureSchema).max(10_000).default([]),
  fires: z.array(FireSchema).default([]),
  /** Wind direction in degrees (CORE-GEO-33). */
  wind: z.number().finite().gte(0).lt(360),
  options: RulesOptionsSchema,
  dice: DiceStateSchema,
  /** How many events the battle has logged so far: the next event's `seq`. */
  eventSeq: z.int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  /** What the rules remember of the current turn (see `TurnFactsSchema`); no event history. */
  facts: TurnFactsSchema.prefault({}),
  fnf: FnfStateSchema.nullable().default(null),
  /** The battle's victory rules (CORE-TURN-1), judged by the engine; null: the turn limit decides. */
  victory: VictorySpecSchema.nullable().default(null),
});

/** Checks that every id refers to something that exists and that ids match their keys. */
function crossCheck(s: z.infer<typeof BattleStateObject>, ctx: z.RefinementCtx): void {
  const sideIds = Object.keys(s.sides);
  if (sideIds.length !== 2) ctx.addIssue({ code: "custom", path: ["sides"], message: `a battle has exactly 2 sides, got ${sideIds.length}` });
  for (const [k, side] of Object.entries(s.sides)) {
    if (side.id !== k) ctx.addIssue({ code: "custom", path: ["sides", k, "id"], message: `id "${side.id}" does not match its key "${k}"` });
  }
  const hasSide = (id: string): boolean => Object.hasOwn(s.sides, id);
  const hasUnit = (id: string): boolean => Object.hasOwn(s.units, id);
  for (const key of ["firstSide", "activeSide"] as const) {
    if (!hasSide(s.turn[key])) ctx.addIssue({ code: "custom", path: ["turn", key], message: `unknown side "${s.turn[key]}"` });
  }
  if (s.turn.gameTurn > s.turn.maxTurns && s.turn.phase !== "finished") {
    ctx.addIssue({ code: "custom", path: ["turn", "gameTurn"], message: "game turn is past the turn limit" });
  }
  // Merged detachments' models stand in their parents' ranks (WHN-DET-5).
  const mergedStart = new Map<string, number>();
  for (const u of Object.values(s.units)) {
    if (u.mergedInto !== null) mergedStart.set(u.mergedInto, (mergedStart.get(u.mergedInto) ?? 0) + u.startingFigures);
  }
  for (const [k, u] of Object.entries(s.units)) {
    const path = ["units", k];
    if (u.id !== k) ctx.addIssue({ code: "custom", path: [...path, "id"], message: `id "${u.id}" does not match its key "${k}"` });
    if (!hasSide(u.side)) ctx.addIssue({ code: "custom", path: [...path, "side"], message: `unknown side "${u.side}"` });
    if (u.figures > u.startingFigures + (mergedStart.get(k) ?? 0)) ctx.addIssue({ code: "custom", path: [...path, "figures"], message: "more figures than the unit (and the detachments merged into it) started with" });
    if (u.mergedInto !== null && u.mergedInto !== u.detachmentOf)
      ctx.addIssue({ code: "custom", path: [...path, "mergedInto"], message: `a detachment merges only into its parent ("${String(u.detachmentOf)}"), not "${u.mergedInto}"` });
    if (u.woundsTaken >= u.profile.W && u.figures > 0)
      ctx.addIssue({ code: "custom", path: [...path, "woundsTaken"], message: "wounds taken must be fewer than the model's W" });
    if (u.detachmentOf !== null && (!hasUnit(u.detachmentOf) || u.detachmentOf === u.id))
      ctx.addIssue({ code: "custom", path: [...path, "detachmentOf"], message: `unknown parent unit "${u.detachmentOf}"` });
    if ((u.troopType === "artillery") !== (u.artillery !== null))
      ctx.addIssue({ code: "custom", path: [...path, "artillery"], message: "artillery units, and only they, have an artillery record" });
    if (u.artillery?.shelteringIn != null && !hasUnit(u.artillery.shelteringIn))
      ctx.addIssue({ code: "custom", path: [...path, "artillery", "shelteringIn"], message: `unknown unit "${u.artillery.shelteringIn}"` });
    if (u.formation === "EXTENDED_ORDER" && u.models !== null && u.models.length !== u.figures)
      ctx.addIssue({ code: "custom", path: [...path, "models"], message: "an extended-order unit lists one position per figure" });
    for (const [i, cap] of u.standardsCaptured.entries()) {
      if (!hasUnit(cap)) ctx.addIssue({ code: "custom", path: [...path, "standardsCaptured", i], message: `unknown unit "${cap}"` });
    }
  }
  let generals = new Map<string, number>();
  for (const [k, c] of Object.entries(s.characters)) {
    const path = ["characters", k];
    if (c.id !== k) ctx.addIssue({ code: "custom", path: [...path, "id"], message: `id "${c.id}" does not match its key "${k}"` });
    if (Object.hasOwn(s.units, k)) ctx.addIssue({ code: "custom", path: [...path, "id"], message: `id "${k}" is also a unit's id` });
    if (!hasSide(c.side)) ctx.addIssue({ code: "custom", path: [...path, "side"], message: `unknown side "${c.side}"` });
    if (c.joinedTo !== null) {
      const u = s.units[c.joinedTo];
      if (u === undefined) ctx.addIssue({ code: "custom", path: [...path, "joinedTo"], message: `unknown unit "${c.joinedTo}"` });
      else if (u.side !== c.side) ctx.addIssue({ code: "custom", path: [...path, "joinedTo"], message: "a character may only join a unit of his own side" });
    }
    if (c.isGeneral) generals = generals.set(c.side, (generals.get(c.side) ?? 0) + 1);
  }
  for (const [side, n] of generals) {
    if (n > 1) ctx.addIssue({ code: "custom", path: ["characters"], message: `side "${side}" has ${n} Generals; at most one` });
  }
  for (const [k, c] of Object.entries(s.combats)) {
    if (c.id !== k) ctx.addIssue({ code: "custom", path: ["combats", k, "id"], message: `id "${c.id}" does not match its key "${k}"` });
    for (const [i, id] of c.units.entries()) {
      if (!hasUnit(id)) ctx.addIssue({ code: "custom", path: ["combats", k, "units", i], message: `unknown unit "${id}"` });
    }
  }
  for (const [i, d] of s.pending.entries()) {
    if (!hasSide(d.side)) ctx.addIssue({ code: "custom", path: ["pending", i, "side"], message: `unknown side "${d.side}"` });
    if (d.unit !== null && !hasUnit(d.unit)) ctx.addIssue({ code: "custom", path: ["pending", i, "unit"], message: `unknown unit "${d.unit}"` });
  }
  if ((s.result !== null) !== (s.turn.phase === "finished"))
    ctx.addIssue({ code: "custom", path: ["result"], message: "a battle has a result exactly when it is finished" });
  if (s.result?.winner != null && !hasSide(s.result.winner))
    ctx.addIssue({ code: "custom", path: ["result", "winner"], message: `unknown side "${s.result.winner}"` });
  if (s.victory !== null) {
    const v = s.victory;
    const objectives = new Set<string>();
    for (const [i, o] of v.objectives.entries()) {
      if (objectives.has(o.id)) ctx.addIssue({ code: "custom", path: ["victory", "objectives", i, "id"], message: `duplicate objective "${o.id}"` });
      objectives.add(o.id);
    }
    if (v.otherwise !== "draw" && !hasSide(v.otherwise)) ctx.addIssue({ code: "custom", path: ["victory", "otherwise"], message: `unknown side "${v.otherwise}"` });
    for (const [i, c] of v.conditions.entries()) {
      const path = ["victory", "conditions", i];
      if (!hasSide(c.winner)) ctx.addIssue({ code: "custom", path: [...path, "winner"], message: `unknown side "${c.winner}"` });
      if (c.kind === "objectiveHeld" && !objectives.has(c.objective)) ctx.addIssue({ code: "custom", path: [...path, "objective"], message: `unknown objective "${c.objective}"` });
      if (c.kind === "unitsLost") {
        if (c.count === undefined && c.units === undefined) ctx.addIssue({ code: "custom", path, message: "give `count` or `units`" });
        for (const [j, u] of (c.units ?? []).entries()) {
          if (!hasUnit(u)) ctx.addIssue({ code: "custom", path: [...path, "units", j], message: `unknown unit "${u}"` });
        }
      }
    }
  }
  if (s.ruleset === "fnf" && s.fnf === null) ctx.addIssue({ code: "custom", path: ["fnf"], message: "an FnF battle needs its fnf state" });
}

// Typed as the object schema (superRefine returns it), so declaration files name that type once.
/** Zod schema of a complete battle state (what `apply` takes and returns; what a saved game holds). */
export const BattleStateSchema: typeof BattleStateObject = BattleStateObject.superRefine(crossCheck);

/** A complete battle state: deeply readonly; change it only through the engine. */
export type BattleState = DeepReadonly<z.output<typeof BattleStateObject>>;

