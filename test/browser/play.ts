/**
 * Plays a battle to its end with a seeded random bot: half the time it ends the step
 * (`turn/advance`), otherwise it plays a random legal action when the engine exports
 * `legalActions` (else it advances too). Takes the engine as a parameter, so the same code
 * runs in Node against the sources and in the browser against the bundle.
 */
import type * as Fusillade from "../../src/index.js";

/** What the driver needs of the engine (`legalActions` when it exists). */
export type Engine = Pick<typeof Fusillade, "createBattle" | "apply" | "saveState"> & {
  readonly legalActions?: (state: Fusillade.BattleState) => readonly Fusillade.ActionInput[];
};

/** What a played battle looks like at its end. */
export interface PlaySummary {
  readonly actions: number;
  readonly events: number;
  readonly gameTurn: number;
  readonly phases: readonly string[];
  readonly rules: number;
  readonly result: Fusillade.BattleResult | null;
  /** FNV-1a hash of the saved final state: equal in Node and in the browser. */
  readonly hash: string;
  readonly usedLegalActions: boolean;
}

/** mulberry32: a small seeded generator for the bot's choices (not the battle's dice). */
export function botRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a 32-bit hash of a string, as hex. */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** Where the bot may consult `legalActions` beyond pending decisions; default everywhere. */
export type Consult = (state: Fusillade.BattleState) => boolean;

/**
 * Plays `setup` to its end (or `maxActions`), the bot choosing with `botSeed`; it consults
 * `legalActions` only where `consult` says (and always when a pending decision refuses the advance).
 */
export function playToEnd(F: Engine, setup: unknown, botSeed = 1, consult: Consult = () => true, maxActions = 20_000): PlaySummary {
  const created = F.createBattle(setup as Fusillade.BattleSetup);
  if (!created.ok) throw new Error(`setup refused: ${JSON.stringify(created.error.issues.slice(0, 3))}`);
  let state = created.value;
  const random = botRandom(botSeed);
  const phases = new Set<string>([state.turn.phase]);
  const legal = typeof F.legalActions === "function" ? F.legalActions : null;
  let actions = 0;
  while (state.result === null && actions < maxActions) {
    const advance = { type: "turn/advance" } as const;
    // Half the time the bot tries to end the step; it consults legalActions otherwise, and when a
    // pending decision refuses the advance.
    let r = legal === null || !consult(state) || random() < 0.5 ? F.apply(state, advance) : null;
    if ((r === null || !r.ok) && legal !== null) {
      const options = legal(state);
      const pick = options[Math.floor(random() * options.length)];
      if (pick !== undefined) r = F.apply(state, pick);
      if (r === null || !r.ok) r = F.apply(state, advance);
    }
    if (r === null || !r.ok) throw new Error(`stuck at turn ${state.turn.gameTurn} ${state.turn.phase}: ${r === null ? "no action" : r.violation.code}`);
    state = r.state;
    actions++;
    phases.add(state.turn.phase);
  }
  return {
    actions,
    events: state.log.length,
    gameTurn: state.turn.gameTurn,
    phases: [...phases].sort(),
    rules: new Set(state.log.map((e) => e.rule)).size,
    result: state.result,
    hash: fnv1a(F.saveState(state)),
    usedLegalActions: legal !== null,
  };
}
