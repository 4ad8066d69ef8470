/** Command radius in inches by leader and rating (FNF-CMD-1); the army commander as corps (FNF-CMD-3). */
export const COMMAND_RADIUS = {
  division: { exceptional: 12, normal: 8, poor: 6 },
  corps: { exceptional: 24, normal: 18, poor: 12 },
  army: { exceptional: 24, normal: 18, poor: 12 },
} as const satisfies Record<"division" | "corps" | "army", Record<"exceptional" | "normal" | "poor", number>>;

/** A leader's move without a roll (FNF-CMD-5). */
export const LEADER_MOVE = 18;

/** One row of the Fallen Leaders table (FNF-LDR-1). */
export interface FallenLeaderRow {
  readonly roll: number;
  readonly text: string;
  readonly casualty: boolean;
}

/** The Fallen Leaders table (FNF-LDR-1, FNF-LDR-2). */
export const FALLEN_LEADERS = [
  { roll: 2, text: "Felled by a sniper", casualty: true },
  { roll: 3, text: "Crushed under his falling horse", casualty: true },
  { roll: 4, text: "Mortally stricken", casualty: true },
  { roll: 5, text: "Shot dead in the saddle", casualty: true },
  { roll: 6, text: "Grievously wounded", casualty: true },
  { roll: 7, text: "Disabled", casualty: true },
  { roll: 8, text: "Coolly ignores the fire", casualty: false },
  { roll: 9, text: "Horse killed", casualty: false },
  { roll: 10, text: "Staff officer struck", casualty: false },
  { roll: 11, text: "Coat pierced but unscathed", casualty: false },
  { roll: 12, text: "Mere flesh wound", casualty: false },
] as const satisfies readonly FallenLeaderRow[];

/** The Fallen Leaders row of a 2D6 roll. */
export function fallenLeaderRow(roll: number): FallenLeaderRow {
  const row = FALLEN_LEADERS.find((r) => r.roll === roll);
  if (row === undefined) throw new RangeError(`fallenLeaderRow: a 2D6 roll is 2..12, got ${roll}`);
  return row;
}
