import { describe, expect, it } from "vitest";
import { Client } from "boardgame.io/client";
import { Local } from "boardgame.io/multiplayer";
import { decidingSide, legalActions, scenarios, type Action, type BattleSetup } from "../../src/index.js";
import { fusilladeGame, playerOf, refusalOf, type FusilladeG } from "../../src/adapters/boardgame-io/index.js";
import { WHOLE_BATTLE_MS, picker } from "./helpers.js";

const MAX = 400;
type BgClient = ReturnType<typeof Client<FusilladeG>>;

/** Resolves once the client's state has moved past `stateID` (the Local master answers asynchronously). */
async function settled(client: BgClient, stateID: number): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    const s = client.getState();
    if (s !== null && s._stateID !== stateID) return;
    await new Promise((r) => setTimeout(r, 0));
  }
  throw new Error("the master never answered");
}

/** Plays a whole battle through two real clients on a Local master; returns what was seen. */
async function playMatch(seed: string, pickSeed: number) {
  const game = { ...fusilladeGame({ setup: scenarios.ridgeAction(1) as BattleSetup }), seed };
  const multiplayer = Local();
  const clients = [Client({ game, multiplayer, playerID: "0" }), Client({ game, multiplayer, playerID: "1" })] as const;
  for (const c of clients) c.start();
  await new Promise((r) => setTimeout(r, 0));
  const pick = picker(pickSeed);
  let moves = 0;
  let midTurnSwitches = 0;
  for (; moves < MAX; moves++) {
    const state = clients[0].getState();
    if (state === null) throw new Error("no state");
    if (state.ctx.gameover !== undefined) break;
    const G = state.G;
    // The dice are hidden from every client.
    expect(G.battle.dice).toEqual({ kind: "prng", algorithm: "sfc32", s: [0, 0, 0, 0], draws: 0 });
    // The turn is the deciding side's player's, even in the middle of the other side's turn.
    const deciding = playerOf(G, decidingSide(G.battle));
    expect(state.ctx.currentPlayer).toBe(deciding);
    if (deciding !== playerOf(G, G.battle.turn.activeSide)) midTurnSwitches++;
    const client = clients[Number(deciding)] as BgClient;
    const listed = game.ai!.enumerate(G, state.ctx, deciding as string);
    const actions = legalActions(G.battle);
    expect(listed.map((m) => ("args" in m ? m.args?.[0] : null))).toEqual(actions);
    expect(game.ai!.enumerate(G, state.ctx, deciding === "0" ? "1" : "0")).toEqual([]);
    const action = pick(actions) as Action;
    expect(refusalOf(G, deciding, action)).toBeNull();
    client.moves["act"]!(action);
    await settled(clients[0], state._stateID);
  }
  const end = clients[1].getState()!;
  for (const c of clients) c.stop();
  return { end, moves, midTurnSwitches };
}

describe("fusillade/boardgame.io with the real Client and a Local master", () => {
  it("plays a whole battle: turns follow the deciding side, the game ends with the battle's result", async () => {
    const { end, moves, midTurnSwitches } = await playMatch("bgio-1", 11);
    expect(moves).toBeLessThan(MAX);
    // Decisions asked of the side whose turn it is not (charge responses…) went to its player.
    expect(midTurnSwitches).toBeGreaterThan(0);
    expect(end.G.battle.turn.phase).toBe("finished");
    const result = end.G.battle.result!;
    const winner = playerOf(end.G, result.winner);
    expect(end.ctx.gameover).toEqual(winner === null ? { draw: true, reason: result.reason } : { winner, reason: result.reason });
    console.log(`boardgame.io: ${moves} moves, ${midTurnSwitches} decisions by the side out of turn, result ${JSON.stringify(end.ctx.gameover)}`);
  }, WHOLE_BATTLE_MS);

  it("the server rolls from boardgame.io's random: the same seed replays the same battle, another seed another one", async () => {
    const a = await playMatch("seed-A", 5);
    const b = await playMatch("seed-A", 5);
    const c = await playMatch("seed-B", 5);
    expect(JSON.stringify(b.end.G)).toBe(JSON.stringify(a.end.G));
    expect(JSON.stringify(c.end.G)).not.toBe(JSON.stringify(a.end.G));
  }, WHOLE_BATTLE_MS);

  it("a refused action is INVALID_MOVE: nothing changes, and refusalOf says why", async () => {
    const game = { ...fusilladeGame({ scenario: scenarios.builtinScenario("quatre-bras") }), seed: "x" };
    const multiplayer = Local();
    const clients = [Client({ game, multiplayer, playerID: "0" }), Client({ game, multiplayer, playerID: "1" })] as const;
    for (const c of clients) c.start();
    await new Promise((r) => setTimeout(r, 0));
    const before = clients[0].getState()!;
    const deciding = before.ctx.currentPlayer;
    const bad = { type: "movement/move", unit: "no-such-unit", path: [{ x: 1, y: 1 }] } as never;
    expect(refusalOf(before.G, deciding, bad)?.code).toMatch(/^action\//);
    expect(refusalOf(before.G, deciding === "0" ? "1" : "0", { type: "turn/advance" })?.code).toBe("action/not_your_turn");
    clients[Number(deciding)]!.moves["act"]!(bad);
    clients[deciding === "0" ? 1 : 0]!.moves["act"]!({ type: "turn/advance" });
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
    const after = clients[0].getState()!;
    expect(after._stateID).toBe(before._stateID);
    expect(after.G).toEqual(before.G);
    // The same player's legal action does go through.
    const good = legalActions(before.G.battle)[0] as Action;
    clients[Number(deciding)]!.moves["act"]!(good);
    await settled(clients[0], before._stateID);
    expect(clients[0].getState()!.G).not.toEqual(before.G);
    for (const c of clients) c.stop();
  });
});
