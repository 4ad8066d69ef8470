/**
 * Plays a battle to its end with a seeded random bot: half the time it ends the step
 * (`turn/advance`), otherwise it plays a random legal action when the engine exports
 * `legalActions` (else it advances too). Takes the engine as a parameter, so the same code
 * runs in Node against the sources and in the browser against the bundle.
 */
import type * as Fusillade from "../../src/index.js";
import { mulberry32 } from "../../scripts/mulberry32.mjs";

/** What the driver needs of the engine (`legalActions` when it exists). */
export type Engine = Pick<typeof Fusillade, "createBattle" | "apply" | "saveState"> & {
  readonly legalActions?: (state: Fusillade.BattleState) => readonly Fusillade.ActionInput[];
  readonly trust?: Pick<typeof Fusillade.trust, "stateHash">;
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

/** A played battle with the state hash after every action and the actions themselves. */
export interface HashedPlay {
  readonly summary: PlaySummary;
  /** `trust.stateHash` of the state after each action, in order. */
  readonly hashes: readonly string[];
  readonly actions: readonly unknown[];
}

/** mulberry32: a small seeded generator for the bot's choices (not the battle's dice). */
export const botRandom: (seed: number) => () => number = mulberry32;

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
 * The bot consults legalActions everywhere but the WHN "remaining moves" step, whose move
 * candidates take seconds to list (pending decisions are always answered from legalActions).
 */
export const consultExceptRemaining: Consult = (s) => s.turn.step !== "remaining";

/**
 * Plays `setup` to its end (or `maxActions`), the bot choosing with `botSeed`; it consults
 * `legalActions` only where `consult` says (and always when a pending decision refuses the advance).
 */
export function playToEnd(F: Engine, setup: unknown, botSeed = 1, consult: Consult = () => true, maxActions = 20_000): PlaySummary {
  return play(F, setup, botSeed, consult, maxActions, false).summary;
}

/** {@link playToEnd}, hashing the state (`trust.stateHash`) after every action. */
export function playHashed(F: Engine, setup: unknown, botSeed = 1, consult: Consult = () => true, maxActions = 20_000): HashedPlay {
  return play(F, setup, botSeed, consult, maxActions, true);
}

function play(F: Engine, setup: unknown, botSeed: number, consult: Consult, maxActions: number, hashed: boolean): HashedPlay {
  const created = F.createBattle(setup as Fusillade.BattleSetup);
  if (!created.ok) throw new Error(`setup refused: ${JSON.stringify(created.error.issues.slice(0, 3))}`);
  let state = created.value;
  const random = botRandom(botSeed);
  const phases = new Set<string>([state.turn.phase]);
  const legal = typeof F.legalActions === "function" ? F.legalActions : null;
  const hash = hashed ? stateHasher(F) : null;
  const hashes: string[] = [];
  const played: unknown[] = [];
  const rules = new Set<string>();
  let events = 0;
  while (state.result === null && played.length < maxActions) {
    const advance = { type: "turn/advance" } as const;
    // Half the time the bot tries to end the step; it consults legalActions otherwise, and when a
    // pending decision refuses the advance.
    let action: unknown = advance;
    let r = legal === null || !consult(state) || random() < 0.5 ? F.apply(state, advance) : null;
    if ((r === null || !r.ok) && legal !== null) {
      const options = legal(state);
      const pick = options[Math.floor(random() * options.length)];
      if (pick !== undefined) {
        action = pick;
        r = F.apply(state, pick);
      }
      if (r === null || !r.ok) {
        action = advance;
        r = F.apply(state, advance);
      }
    }
    if (r === null || !r.ok) throw new Error(`stuck at turn ${state.turn.gameTurn} ${state.turn.phase}: ${r === null ? "no action" : r.violation.code}`);
    state = r.state;
    played.push(action);
    events += r.events.length;
    for (const e of r.events) rules.add(e.rule);
    phases.add(state.turn.phase);
    if (hash !== null) hashes.push(hash(state));
  }
  const summary: PlaySummary = {
    actions: played.length,
    events,
    gameTurn: state.turn.gameTurn,
    phases: [...phases].sort(),
    rules: rules.size,
    result: state.result,
    hash: fnv1a(F.saveState(state)),
    usedLegalActions: legal !== null,
  };
  return { summary, hashes, actions: hashed ? played : [] };
}

/**
 * Applies recorded actions one by one from `setup` (no bot), hashing the state after each; a
 * refused action is recorded as `refused:<code>` and skipped, as a client would.
 */
export function replayHashed(F: Engine, setup: unknown, actions: readonly unknown[]): readonly string[] {
  const created = F.createBattle(setup as Fusillade.BattleSetup);
  if (!created.ok) throw new Error(`setup refused: ${JSON.stringify(created.error.issues.slice(0, 3))}`);
  let state = created.value;
  const hash = stateHasher(F);
  const out: string[] = [];
  for (const a of actions) {
    const r = F.apply(state, a as Fusillade.ActionInput);
    if (r.ok) {
      state = r.state;
      out.push(hash(state));
    } else out.push(`refused:${r.violation.code}`);
  }
  return out;
}

function stateHasher(F: Engine): (s: Fusillade.BattleState) => string {
  const h = F.trust?.stateHash;
  if (h === undefined) throw new Error("the engine exports no trust.stateHash");
  return (s) => h(s);
}
