/**
 * The search bot: open-loop Monte Carlo tree search with determinised chance. Every playout starts
 * from a copy of the state re-seeded from the bot's own seed (`reseed`), so the search never sees
 * the battle's future rolls; the tree keys children by action, widens progressively (about
 * 2·√visits children a node), expands an interior node only once visited twice, plays out with a
 * cheap default policy (answer a pending decision with its first listed answer, else end the step)
 * to the end of the next player turn, and scores the leaf with {@link evaluate}. The root widens
 * into its actions best first by a one-ply prior (each applied once to a re-seeded copy and
 * evaluated). The most visited root action is chosen.
 */
import type { BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import type { Action } from "../engine/actions.js";
import { applyTrusted } from "../engine/apply.js";
import { adopt } from "../engine/owned.js";
import { reseed } from "../engine/create.js";
import { firstLegalAction, legalActions } from "../engine/decisions.js";
import { FusilladeError } from "../engine/violation.js";
import { judgeOutcome } from "../battle/game.js";
import { evaluate } from "./evaluate.js";
import { botRng, mixSeed, shuffled, type BotRng } from "./rng.js";
import { decider, defaultContext, type Bot, type BotContext } from "./types.js";
import { exp, ln } from "../math/index.js";

/** Tuning of the search bot. */
export interface SearchOptions {
  /** Deepest tree ply below the root (default 3). */
  readonly maxDepth?: number;
  /** UCB exploration constant (default 0.7). */
  readonly exploration?: number;
  /** Most default-policy actions in one playout (default 60). */
  readonly rolloutSteps?: number;
  /**
   * Wall-clock milliseconds a decision may take, measured with `clock` (the core reads no clock
   * itself: pass e.g. `performance.now`). The budget argument still caps the playouts, so a test
   * can make the search deterministic by leaving the time budget out.
   */
  readonly timeMs?: number;
  /** The clock for `timeMs`, in milliseconds. */
  readonly clock?: () => number;
}

interface Node {
  /** The side whose choice led to this node (null at the root). */
  readonly chooser: SideId | null;
  readonly action: Action | null;
  visits: number;
  total: number;
  actions: Action[] | null;
  next: number;
  readonly children: Node[];
}

const ADVANCE: Action = { type: "turn/advance" };

const node = (chooser: SideId | null, action: Action | null): Node => ({ chooser, action, visits: 0, total: 0, actions: null, next: 0, children: [] });

/** Orders a node's actions for expansion: `turn/advance` first, then a seeded shuffle. */
function expansionOrder(actions: readonly Action[], rng: BotRng): Action[] {
  const advance = actions.filter((a) => a.type === "turn/advance");
  return [...advance, ...shuffled(actions.filter((a) => a.type !== "turn/advance"), rng)];
}

/** Most root actions given a one-ply prior (the rest follow in a seeded order). */
export const SEARCH_PRIOR_CAP = 64;

/**
 * Orders the root's actions for expansion by a one-ply prior: each action (a seeded sample of at
 * most {@link SEARCH_PRIOR_CAP}) applied once to a re-seeded copy and scored with {@link evaluate},
 * best first, so the tree widens into the moves a greedy look would pick before the others.
 */
function rootOrder(state: BattleState, actions: readonly Action[], me: SideId, seed: number, ctx: BotContext, rng: BotRng): Action[] {
  const order = expansionOrder(actions, rng);
  const scored = order.slice(0, SEARCH_PRIOR_CAP).map((a, i) => {
    const next = step(reseed(state, mixSeed(seed, 0x5eed + i)), a, ctx);
    return { a, i, v: next === null ? -Infinity : evaluate(next, me, ctx) };
  });
  scored.sort((x, y) => y.v - x.v || x.i - y.i);
  return [...scored.map((x) => x.a), ...order.slice(SEARCH_PRIOR_CAP)];
}

/** Plays an action and the scenario's judging; null if it does not apply in this determinisation. */
function step(s: BattleState, a: Action, ctx: BotContext): BattleState | null {
  const r = applyTrusted(s, a);
  return r.ok ? judgeOutcome(s, r.state, r.events, ctx.victory).state : null;
}

/** The default policy: answer a pending decision with its first answer, else end the step; to the end of the next player turn. */
function playout(s: BattleState, ctx: BotContext, maxSteps: number): BattleState {
  let turnsLeft = 2;
  let mark = `${s.turn.gameTurn}:${s.turn.activeSide}`;
  for (let i = 0; i < maxSteps && s.turn.phase !== "finished"; i++) {
    const a = s.pending.length > 0 ? firstLegalAction(s) : ADVANCE;
    if (a === undefined) break;
    const next = step(s, a, ctx);
    if (next === null) break;
    s = next;
    const now = `${s.turn.gameTurn}:${s.turn.activeSide}`;
    if (now !== mark) {
      mark = now;
      if (--turnsLeft === 0) break;
    }
  }
  return s;
}

const squash = (v: number): number => 1 / (1 + exp(-4 * v));

/**
 * A search bot for a scenario; the budget is the number of playouts (the most, with a time budget).
 * @example
 * const bot = searchBot({ victory: scenario.victory, posture: { fr: "attack", gb: "defend" } });
 * const action = bot(state, 7, 64);
 */
export function searchBot(context?: BotContext, options: SearchOptions = {}): Bot {
  const maxDepth = options.maxDepth ?? 3;
  const c = options.exploration ?? 0.7;
  const rolloutSteps = options.rolloutSteps ?? 60;
  return (input: BattleState, seed: number, budget: number): Action => {
    const state = adopt(input);
    const me = decider(state);
    const rootActions = legalActions(state);
    if (me === null || rootActions.length === 0) throw new FusilladeError("engine/misuse", "fusillade: searchBot called on a state with no legal action");
    if (rootActions.length === 1) return rootActions[0] as Action;
    const ctx = context ?? defaultContext(state);
    const rng = botRng(seed);
    const root = node(null, null);
    root.actions = rootOrder(state, rootActions, me, seed, ctx, rng);
    const clock = options.clock;
    const deadline = clock !== undefined && options.timeMs !== undefined ? clock() + options.timeMs : Infinity;
    for (let it = 0; it < Math.max(1, Math.floor(budget)); it++) {
      if (it > 0 && deadline !== Infinity && (clock as () => number)() >= deadline) break;
      let s = reseed(state, mixSeed(seed, it));
      let n = root;
      const path: Node[] = [root];
      for (let depth = 0; s.turn.phase !== "finished"; depth++) {
        const side = decider(s);
        if (side === null) break;
        if (n.actions === null) {
          if (n.visits < 2) break;
          n.actions = expansionOrder(legalActions(s), rng);
        }
        const width = Math.max(1, Math.ceil(2 * Math.sqrt(n.visits + 1)));
        if (n.next < n.actions.length && n.children.length < width) {
          const a = n.actions[n.next++] as Action;
          const next = step(s, a, ctx);
          const child = node(side, a);
          n.children.push(child);
          path.push(child);
          if (next !== null) s = next;
          break;
        }
        if (depth >= maxDepth || n.children.length === 0) break;
        let best: Node = n.children[0] as Node;
        let bestScore = -Infinity;
        for (const ch of n.children) {
          const score = ch.visits === 0 ? Infinity : ch.total / ch.visits + c * Math.sqrt(ln(n.visits + 1) / ch.visits);
          if (score > bestScore) {
            bestScore = score;
            best = ch;
          }
        }
        const next = step(s, best.action as Action, ctx);
        if (next === null) break;
        s = next;
        n = best;
        path.push(best);
      }
      const leaf = playout(s, ctx, rolloutSteps);
      const mine = squash(evaluate(leaf, me, ctx));
      for (const p of path) {
        p.visits += 1;
        if (p.chooser !== null) p.total += p.chooser === me ? mine : 1 - mine;
      }
    }
    let pick: Node | undefined;
    for (const ch of root.children) {
      if (pick === undefined || ch.visits > pick.visits || (ch.visits === pick.visits && ch.total / ch.visits > pick.total / pick.visits)) pick = ch;
    }
    return pick?.action ?? (rootActions.find((a) => a.type === "turn/advance") ?? (rootActions[0] as Action));
  };
}
