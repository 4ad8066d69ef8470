/**
 * Guns as data (WHN-ART-1, WHN-ART-2, WHN-ART-3, WHN-ART-8, WHN-ART-14): the pieces with their
 * Toughness and Wounds, the crew every battery gets unless its army list says otherwise, move
 * rates by state and arm, the fire table, and the hit-location table.
 */
import type { GunType, Profile, Unit } from "../../../state/unit.js";

/** Toughness and Wounds of a gun and the arms it may serve in (WHN-ART-1; howitzer as Medium, AMB-38). */
export interface GunBody {
  readonly T: number;
  readonly W: number;
  readonly arms: readonly ("foot" | "horse")[];
}

/** The four pieces (WHN-ART-1, AMB-38). */
export const GUNS = {
  light: { T: 6, W: 2, arms: ["foot", "horse"] },
  medium: { T: 7, W: 3, arms: ["foot", "horse"] },
  heavy: { T: 7, W: 3, arms: ["foot"] },
  howitzer: { T: 7, W: 3, arms: ["foot", "horse"] },
} as const satisfies Record<GunType, GunBody>;

/** Every limber, whatever the piece (WHN-ART-1). */
export const LIMBER = { T: 7, W: 3 } as const satisfies { T: number; W: number };

/** The team's Toughness when a hit strikes the horses (WHN-ART-14). */
export const HORSES_T = 3;

/** The crew profile of AMB-39: four models M4 WS3 BS3 S3 T3 W1 I3 A1 Ld6 (WHN-ART-2). */
export const DEFAULT_CREW = {
  models: 4,
  profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 6 },
} as const satisfies { models: number; profile: Profile };

/** Horse-artillery crew move 8" when they move without their gun (WHN-ART-2). */
export const HORSE_CREW_MOVE = 8;

/** Normal moves by piece: unlimbered, limbered with a foot or horse team; null = not allowed (WHN-ART-3). */
export const GUN_MOVES = {
  light: { unlimbered: 3, foot: 6, horse: 8 },
  medium: { unlimbered: 2, foot: 4, horse: 6 },
  heavy: { unlimbered: 1, foot: 3, horse: null },
  howitzer: { unlimbered: 2, foot: 4, horse: 6 },
} as const satisfies Record<GunType, { unlimbered: number; foot: number; horse: number | null }>;

/** A fire-table row (WHN-ART-8). */
export interface FireRow {
  readonly canister: { readonly range: number; readonly shots: number };
  readonly shot: { readonly range: number; readonly S: number; readonly woundsDie: "d3" | "d6" };
  readonly shell: { readonly range: number; readonly pattern: number; readonly anyNation: boolean };
}

/** The fire table (WHN-ART-8); canister strikes at S4 (WHN-ART-11). */
export const FIRE_TABLE = {
  light: { canister: { range: 12, shots: 4 }, shot: { range: 36, S: 5, woundsDie: "d3" }, shell: { range: 24, pattern: 1, anyNation: false } },
  medium: { canister: { range: 18, shots: 6 }, shot: { range: 48, S: 6, woundsDie: "d6" }, shell: { range: 36, pattern: 1.5, anyNation: false } },
  heavy: { canister: { range: 24, shots: 8 }, shot: { range: 60, S: 7, woundsDie: "d6" }, shell: { range: 48, pattern: 2, anyNation: false } },
  howitzer: { canister: { range: 8, shots: 4 }, shot: { range: 48, S: 6, woundsDie: "d6" }, shell: { range: 48, pattern: 2, anyNation: true } },
} as const satisfies Record<GunType, FireRow>;

/** Canister Strength (WHN-ART-11). */
export const CANISTER_S = 4;

/** Ammunition a gun may fire (WHN-ART-8). */
export const AMMUNITION = ["shot", "canister", "shell"] as const;
/** One kind of ammunition. */
export type Ammunition = (typeof AMMUNITION)[number];

/** What a hit on an artillery unit strikes (WHN-ART-14). */
export type HitLocation = "limber" | "horses" | "crew" | "gun";

/** The location die, D6 face 1…6 → part struck (WHN-ART-14). */
export const HIT_LOCATIONS = ["limber", "horses", "crew", "crew", "crew", "gun"] as const satisfies readonly HitLocation[];

/** The part struck by a location die showing `d6` (WHN-ART-14). */
export function hitLocation(d6: number): HitLocation {
  return HIT_LOCATIONS[Math.min(6, Math.max(1, d6)) - 1] as HitLocation;
}

/** The artillery record of a unit, or throws for a non-artillery unit (programmer error). */
export function gunOf(u: Unit): NonNullable<Unit["artillery"]> {
  if (u.artillery === null) throw new RangeError(`artillery: unit "${u.id}" is not an artillery unit`);
  return u.artillery;
}

/** Whether the piece may fire shell / shrapnel: British guns, or howitzers of any nation (WHN-ART-12). */
export function mayFireShell(u: Unit): boolean {
  const a = gunOf(u);
  return a.british || FIRE_TABLE[a.gun].shell.anyNation;
}

/** Range of an ammunition for this piece (WHN-ART-8). */
export function ammunitionRange(u: Unit, ammunition: Ammunition): number {
  const row = FIRE_TABLE[gunOf(u).gun];
  return ammunition === "shot" ? row.shot.range : ammunition === "canister" ? row.canister.range : row.shell.range;
}

/**
 * The piece's normal move in its current state (WHN-ART-3, WHN-ART-15): unlimbered at the
 * unlimbered rate; limbered at the team's rate less 1" per horse hit (never below 0), and 0 once
 * the limber is disabled. Heavy guns have no horse team (0).
 */
export function gunMoveRate(u: Unit, state: "LIMBERED" | "UNLIMBERED" = u.formation === "LIMBERED" ? "LIMBERED" : "UNLIMBERED"): number {
  const a = gunOf(u);
  const row = GUN_MOVES[a.gun];
  if (state === "UNLIMBERED") return row.unlimbered;
  if (a.limberDisabled) return 0;
  const team = a.arm === "horse" ? row.horse : row.foot;
  return Math.max(0, (team ?? 0) - a.horseHits);
}

/** The crew's own move when they go without the gun (WHN-ART-2: horse-artillery crew 8"). */
export function crewMove(u: Unit): number {
  return gunOf(u).arm === "horse" ? Math.max(HORSE_CREW_MOVE, u.profile.M) : u.profile.M;
}

/** Whether a gun type may serve with an arm: heavy guns are never horse artillery (WHN-ART-1). */
export function gunServesArm(gun: GunType, arm: "foot" | "horse"): boolean {
  return (GUNS[gun].arms as readonly string[]).includes(arm);
}
