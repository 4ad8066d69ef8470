import * as z from "zod";

/** Shooting kinds that the "units as cover" house rule sorts into soft or hard cover (HR-COVER-2). */
export const COVER_SHOT_KINDS = ["bows", "slings", "thrown", "crossbows", "firearms", "canister", "shell", "roundshot"] as const;
/** One of {@link COVER_SHOT_KINDS}. */
export type CoverShotKind = (typeof COVER_SHOT_KINDS)[number];

const coverGrade = z.enum(["soft", "hard"]);

const CoreOptionsSchema = z.strictObject({
  outnumberBonus: z.boolean().default(false),
  autoBreakBelowQuarter: z.boolean().default(false),
  pursuitObstacleHalvesRoll: z.boolean().default(true),
  bothMusiciansRollOff: z.boolean().default(true),
  challengeRefuserChooses: z.boolean().default(true),
  /**
   * The owner's choices the rules give (CORE-REDR-1/2 redressing ranks): "auto" (default) makes the
   * documented default choice at once; "ask" waits on a pending decision, its default answer listed
   * first by `legalActions`.
   */
  ownerChoices: z.enum(["auto", "ask"]).default("auto"),
});

const WhnOptionsSchema = z.strictObject({
  maxFormationChangesPerTurn: z.int().min(0).max(10).default(1),
  fchgCheckVsCavalry: z.boolean().default(false),
  squareResponseModsCumulative: z.boolean().default(true),
  lapIsFullFlankAttack: z.boolean().default(false),
  carbineLongRange: z.union([z.literal(9), z.literal(12)]).default(9),
  vetLightsBonusAnyFormation: z.boolean().default(false),
  marchColumnFiresAfterMarch: z.boolean().default(false),
  lanceBonusAlways: z.boolean().default(false),
  fallBackDistance: z.enum(["M", "halfM"]).default("M"),
  rallyFromDisorderMayMove: z.boolean().default(true),
  leaderBonusCumulative: z.boolean().default(false),
  shellStrength: z.int().min(1).max(10).default(4),
  gunHitMode: z.enum(["immediate", "woundPool"]).default("immediate"),
});

const DEFAULT_COVER_TYPE = {
  bows: "soft",
  slings: "soft",
  thrown: "soft",
  shell: "soft",
  crossbows: "hard",
  firearms: "hard",
  canister: "hard",
  roundshot: "hard",
} as const satisfies Record<CoverShotKind, "soft" | "hard">;

const HrOptionsSchema = z.strictObject({
  cover: z.boolean().default(false),
  flankChargeEngaged: z.boolean().default(false),
  hillsTwoRanks: z.boolean().default(false),
  volley: z.boolean().default(false),
  squareness: z.enum(["off", "direct", "tieOnly", "modelCount"]).default("off"),
  coverType: z
    .strictObject(Object.fromEntries(COVER_SHOT_KINDS.map((k) => [k, coverGrade.default(DEFAULT_COVER_TYPE[k])])) as {
      [K in CoverShotKind]: z.ZodDefault<typeof coverGrade>;
    })
    .prefault({}),
  volleyAllocation: z.enum(["roundRobin", "proportional"]).default("roundRobin"),
  volleyAllRanks: z.boolean().default(true),
  largeTargetMinBaseMm2: z.number().positive().finite().default(1600),
  modelCountCap: z.int().min(0).nullable().default(null),
  squarenessAtCombatStart: z.boolean().default(false),
});

const fraction = z.number().gt(0).lte(1);
const FnfOptionsSchema = z.strictObject({
  spentFractions: z
    .strictObject({
      VETERAN: fraction.default(1 / 2),
      AVERAGE: fraction.default(1 / 3),
      RAW: fraction.default(1 / 4),
    })
    .prefault({}),
  ammoRecoveryMusketRangeOnly: z.boolean().default(false),
  preMeleeFireAllEligible: z.boolean().default(false),
});

/**
 * Zod schema of the rules options: house-rule switches and every ambiguity resolution that the
 * specification makes configurable. Every key has a default, so `{}` parses to the defaults; an
 * unknown key is an error.
 */
export const RulesOptionsSchema = z.strictObject({
  core: CoreOptionsSchema.prefault({}),
  whn: WhnOptionsSchema.prefault({}),
  hr: HrOptionsSchema.prefault({}),
  fnf: FnfOptionsSchema.prefault({}),
});

/** The complete rules options, every key filled in. */
export type RulesOptions = z.output<typeof RulesOptionsSchema>;
/** Rules options as a user writes them: any key may be left out and takes its default. */
export type RulesOptionsInput = z.input<typeof RulesOptionsSchema>;

/** The default rules options (every default of the specification's options table). */
export const DEFAULT_OPTIONS: RulesOptions = RulesOptionsSchema.parse({});
