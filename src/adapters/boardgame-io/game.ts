/**
 * A boardgame.io `Game` for a fusillade battle. `G` holds the battle; the single move `act`
 * applies one engine action. boardgame.io is only a type here: its one runtime value the adapter
 * needs, `INVALID_MOVE`, is a documented string constant, so nothing of it is bundled or required.
 *
 * Hidden dice: the battle's dice state would let a client predict every roll, so `playerView`
 * replaces it with a placeholder, and the move runs only on the server (`client: false`), which
 * reseeds the battle's dice from boardgame.io's own secret `random` before each action.
 */
import type { Ctx, Game } from "boardgame.io";
import { original, isDraft, castDraft } from "immer";
import type { Action, ActionInput } from "../../engine/actions.js";
import { violation, type Violation } from "../../engine/violation.js";
import type { BattleEvent, BattleState } from "../../state/battle.js";
import type { BattleSetup } from "../../state/setup.js";
import type { SideId } from "../../state/ids.js";
import type { Scenario } from "../../scenarios/format.js";
import type { DiceState } from "../../dice/index.js";
import { apply } from "../../engine/apply.js";
import { reseed } from "../../engine/create.js";
import { createBattle } from "../../engine/all.js";
import { decidingSide, legalActions } from "../../engine/decisions.js";
import { formatInputError } from "../../engine/format.js";
import { scenarioSetup } from "../../scenarios/load.js";
import { FusilladeError } from "../../engine/violation.js";
import { misread, objectArg, readingArg, recordArg } from "../../engine/args.js";

/** boardgame.io's `INVALID_MOVE` (the string it exports from `boardgame.io/core`). */
export const INVALID_MOVE = "INVALID_MOVE" as const;

/** The name of the one move: `client.moves.act(action)`. */
export const ACT = "act" as const;

/** The game state `G`: the battle, which side each player plays, and the last action's events. */
export interface FusilladeG {
  readonly battle: BattleState;
  /** Side ids by player: player "0" plays `sides[0]`, player "1" `sides[1]`. */
  readonly sides: readonly [SideId, SideId];
  /** The events of the last action applied (the battle's story, move by move). */
  readonly events: readonly BattleEvent[];
}

/** Options of {@link fusilladeGame}: a scenario or a battle setup (its seed is replaced). */
export type FusilladeGameOptions = ({ readonly scenario: Scenario } | { readonly setup: BattleSetup }) & {
  /** The game's name on a boardgame.io server (default `fusillade-<scenario id>` or `fusillade`). */
  readonly name?: string;
};

/** The dice a client sees: a placeholder (legality checks never read the battle's dice). */
const HIDDEN_DICE: DiceState = { kind: "prng", algorithm: "sfc32", s: [0, 0, 0, 0], draws: 0 };

/** The player id of a side ("0" or "1"), or null for none. */
export function playerOf(G: Pick<FusilladeG, "sides">, side: SideId | null): "0" | "1" | null {
  if (side === null) return null;
  try {
    return G.sides[0] === side ? "0" : G.sides[1] === side ? "1" : null;
  } catch (e) {
    throw misread("playerOf", "G", e);
  }
}

/** The battle as the engine built it: a draft's base (boardgame.io hands moves immer drafts). */
function baseOf(battle: BattleState): BattleState {
  return isDraft(battle) ? (original(castDraft(battle)) as BattleState) : battle;
}

/** A seed for the battle's dice from boardgame.io's `random` (server-side, secret from clients). */
function seedFrom(random: { Number(): number }): number {
  return Math.floor(random.Number() * 4294967296);
}

/**
 * Why the server would refuse `action` for `playerID` (a refused move reaches a client only as
 * boardgame.io's `INVALID_MOVE` error): the engine's violation, checked on the client's own view.
 * Null when the action would apply.
 * @example
 * const why = refusalOf(client.getState()!.G, "0", action); // { code: "movement/too_far", … } | null
 */
export function refusalOf(G: FusilladeG, playerID: string | null | undefined, action: ActionInput | Action): Violation | null {
  const { battle, sides } = recordArg("refusalOf", "G", G);
  const deciding = decidingSide(battle);
  const side = playerID === "0" || playerID === "1" ? (Array.isArray(sides) ? sides : [])[Number(playerID)] : undefined;
  if (side === undefined || side !== deciding) {
    return violation("action/not_your_turn", "CORE-TURN-2", { player: playerID ?? null, side: side ?? null, deciding });
  }
  const r = apply(battle, action);
  return r.ok ? null : r.violation;
}

/**
 * A boardgame.io `Game` for a scenario or setup: two players, "0" for the first side and "1" for
 * the second. The move `act(action)` applies an engine action (a refusal is `INVALID_MOVE`; see
 * {@link refusalOf}); turns follow the side that must decide, so a charge response hands the turn
 * to the other player mid-turn and back; the game ends with the battle's result; `ai.enumerate`
 * lists the legal actions; `playerView` hides the dice, and the server reseeds them from
 * boardgame.io's `random` before every action, so no client can predict a roll.
 * @example
 * const game = fusilladeGame({ scenario: scenarios.builtinScenario("quatre-bras") });
 * const client = Client({ game, multiplayer: Local(), playerID: "0" });
 * client.moves.act({ type: "turn/advance" });
 */
export function fusilladeGame(input: FusilladeGameOptions): Game<FusilladeG> {
  const options = recordArg("fusilladeGame", "options", input);
  if (!("scenario" in options) && !("setup" in options)) throw new FusilladeError("engine/misuse", "fusilladeGame: options must have a scenario or a setup");
  if ("scenario" in options) objectArg("fusilladeGame", "options.scenario", options.scenario);
  const setupFor = (seed: number): BattleSetup => ("scenario" in options ? scenarioSetup(options.scenario, seed) : { ...options.setup, seed });
  const deciding = (G: FusilladeG): "0" | "1" | null => playerOf(G, decidingSide(G.battle));
  const indexOf = (G: FusilladeG): number => Number(deciding(G) ?? "0");
  return {
    name: options.name ?? ("scenario" in options ? `fusillade-${readingArg("fusilladeGame", "options.scenario", () => String(options.scenario.id))}` : "fusillade"),
    minPlayers: 2,
    maxPlayers: 2,
    setup: ({ random }) => {
      const r = createBattle(setupFor(seedFrom(random)));
      if (!r.ok) throw new FusilladeError("engine/misuse", `fusilladeGame: the battle setup is invalid:\n${formatInputError(r.error)}`);
      const sides = Object.keys(r.value.sides) as SideId[];
      return { battle: r.value, sides: [sides[0] as SideId, sides[1] as SideId], events: [] };
    },
    moves: {
      [ACT]: {
        client: false,
        move: ({ G, playerID, random }, action: ActionInput) => {
          const battle = baseOf(G.battle);
          if (playerOf(G, decidingSide(battle)) !== playerID) return INVALID_MOVE;
          const r = apply(reseed(battle, seedFrom(random)), action);
          if (!r.ok) return INVALID_MOVE;
          const next = G as { battle: unknown; events: unknown };
          next.battle = castDraft(r.state);
          next.events = castDraft(r.events);
          return undefined;
        },
      },
    },
    turn: {
      order: { first: ({ G }) => indexOf(G), next: ({ G }) => indexOf(G) },
      // The side that must decide changed (a charge response, the end of a player turn): its player's turn.
      endIf: ({ G, ctx }) => {
        const next = deciding(G);
        return next !== null && next !== ctx.currentPlayer ? { next } : false;
      },
    },
    endIf: ({ G }) => {
      if (G.battle.turn.phase !== "finished") return undefined;
      const winner = playerOf(G, G.battle.result?.winner ?? null);
      return winner === null ? { draw: true, reason: G.battle.result?.reason ?? null } : { winner, reason: G.battle.result?.reason ?? null };
    },
    playerView: ({ G }) => ({ ...G, battle: { ...G.battle, dice: HIDDEN_DICE } }),
    ai: {
      enumerate: (G: FusilladeG, _ctx: Ctx, playerID: string) => (deciding(G) === playerID ? legalActions(G.battle).map((a) => ({ move: ACT, args: [a] })) : []),
    },
  };
}
