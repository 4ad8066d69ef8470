/**
 * Turn facts: what the rules remember of the current turn, phase and step (a charge declared, a
 * wheel used, a rally tested, a challenge issued, a fall back due…). They are part of the state,
 * typed and bounded: each group is cleared when its window (movement phase, phase or step, combat
 * aftermath, game turn) starts again, so a state does not grow with the length of the battle. The
 * event history is not in the state: it is what `apply` returns and what `replay` rebuilds.
 */
import * as z from "zod";
import { CharacterIdSchema, CombatIdSchema, SideIdSchema, UnitIdSchema } from "./ids.js";
import { count, finite } from "./common.js";

const units = z.array(UnitIdSchema).max(10_000);

/** Zod schema of a charge declared this movement phase (CORE-CHRG-1). */
export const DeclarationSchema = z.strictObject({
  unit: UnitIdSchema,
  target: UnitIdSchema,
  face: z.enum(["front", "right", "rear", "left"]),
  /** Distance between the two units at declaration (CORE-GEO-10): for CORE-CHRG-2/3 and WHN-CHRG-2. */
  distance: finite.min(0),
  /** The charger's M at declaration. */
  move: finite.min(0),
});

/** Zod schema of what the current movement phase did (from its declare-charges step on). */
export const MovementFactsSchema = z.strictObject({
  /** Charges declared, in declaration order (CORE-CHRG-1). */
  charges: z.array(DeclarationSchema).max(10_000).default([]),
  /** Degrees each unit has wheeled (WHN-MOVE-4). */
  wheeled: z.record(UnitIdSchema, finite).default({}),
  /** Chargers whose charge is resolved: moved, halted, cancelled or failed (CORE-CHRG-5). */
  resolved: units.default([]),
  /** Detachments that fell back behind their parent (WHN-DET-4). */
  fellBack: units.default([]),
  /** Charged units that took a flank or rear Panic test (CORE-PANIC-4). */
  flankPanicked: units.default([]),
  /** Fleeing units destroyed by chargers (CORE-CHRG-7), for CORE-PANIC-6. */
  caught: units.default([]),
  /** Units that declared a disengagement (CORE-DISENG-1). */
  disengaging: units.default([]),
  /** Cavalry laps made on the charge (WHN-CHRG-7/8): they count in their combat's first round. */
  laps: z
    .array(z.strictObject({ unit: UnitIdSchema, target: UnitIdSchema, combat: CombatIdSchema, models: count, removesRankBonus: z.boolean() }))
    .max(10_000)
    .default([]),
});

/** Zod schema of the challenge step of one combat this phase (CORE-CHAL-1…3). */
export const ChallengeFactsSchema = z.strictObject({
  /** A challenge was accepted or refused. */
  settled: z.boolean().default(false),
  /** The first challenge issued (null: none yet). */
  issued: z
    .strictObject({ side: SideIdSchema, challenger: CharacterIdSchema, retireIfRefused: z.string().max(64) })
    .nullable()
    .default(null),
  /** Sides that declined to issue one. */
  declined: z.array(SideIdSchema).max(2).default([]),
  /** Characters retired by a refused challenge (CORE-CHAL-2). */
  retired: z.array(z.string().max(64)).max(1000).default([]),
});
/** The challenge step of one combat this phase. */
export type ChallengeFacts = z.infer<typeof ChallengeFactsSchema>;

/** Zod schema of what happened since the current phase or movement step began. */
export const StepFactsSchema = z.strictObject({
  /** Combats that fought a round (CORE-CC-1). */
  fought: z.array(CombatIdSchema).max(10_000).default([]),
  /** Combats made by a pursuit, and the unit charged (CORE-PURS-6). */
  pursuitCharges: z.array(z.strictObject({ combat: CombatIdSchema, target: UnitIdSchema })).max(10_000).default([]),
  /** Units that pursued, on the table or off it (CORE-PURS-2). */
  pursued: units.default([]),
  /** Challenges by combat (CORE-CHAL-1…3). */
  challenges: z.record(CombatIdSchema, ChallengeFactsSchema).default({}),
});

/** Zod schema of the fires of the current phase (WHN-SHOOT-10: square faces and their targets). */
export const ShotFactSchema = z.strictObject({
  shooter: z.string().max(64),
  target: z.string().max(64),
  /** The square face that fired (0…3), or null. */
  face: z.int().min(0).max(3).nullable(),
});

/** Zod schema of the moves due since the last finished combat aftermath (WHN-TURN-1 step 4). */
export const AftermathFactsSchema = z.strictObject({
  /** Units that passed a Break test: they fall back from `from` (WHN-BREAK-2). */
  fallBacks: z.array(z.strictObject({ unit: UnitIdSchema, from: UnitIdSchema })).max(10_000).default([]),
  /** Cavalry winners that fall back from `from` (WHN-BREAK-4). */
  cavalryFallBacks: z.array(z.strictObject({ unit: UnitIdSchema, from: UnitIdSchema })).max(10_000).default([]),
  /** Cavalry that flow past a square (WHN-BREAK-3). */
  flowPasts: z.array(z.strictObject({ unit: UnitIdSchema, square: UnitIdSchema })).max(10_000).default([]),
  /** Units that moved out of their combats (fell back, flowed past, pursued, disengaged). */
  left: units.default([]),
  /** Rounds fought and their winning side (null: a draw). */
  rounds: z.array(z.strictObject({ combat: CombatIdSchema, winner: SideIdSchema.nullable() })).max(10_000).default([]),
});

/** Zod schema of the facts of the current game turn. */
export const GameTurnFactsSchema = z.strictObject({
  /** The game turn they belong to (0: none recorded yet). */
  gameTurn: count.default(0),
  /** Units that took a rally test (WHN-RALLY-1: one a game turn). */
  rallied: units.default([]),
});

/** Zod schema of the turn facts of a battle state (see the module comment). */
export const TurnFactsSchema = z.strictObject({
  movement: MovementFactsSchema.prefault({}),
  step: StepFactsSchema.prefault({}),
  /** Fires since the current phase began, in order. */
  shots: z.array(ShotFactSchema).max(10_000).default([]),
  aftermath: AftermathFactsSchema.prefault({}),
  turn: GameTurnFactsSchema.prefault({}),
  /** The challenge fought in each combat: the last one accepted (CORE-CHAL-3: it lasts). */
  duels: z.record(CombatIdSchema, z.strictObject({ a: CharacterIdSchema, b: CharacterIdSchema })).default({}),
  /** Each unit's last flee roll (CORE-PURS-4). */
  fleeRolls: z.record(UnitIdSchema, finite).default({}),
});
/** The turn facts of a battle state. */
export type TurnFacts = z.infer<typeof TurnFactsSchema>;

/** Freezes plain data all the way down. */
function frozen<T>(v: T): T {
  if (v !== null && typeof v === "object") {
    for (const k of Object.keys(v)) frozen((v as Record<string, unknown>)[k]);
    Object.freeze(v);
  }
  return v;
}

/** Turn facts with nothing recorded (frozen: states share its groups once a window starts again). */
export const NO_FACTS: TurnFacts = frozen(TurnFactsSchema.parse({}));
