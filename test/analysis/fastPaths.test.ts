import { describe, expect, it } from "vitest";
import { apply, reseed, combatId, type BattleState } from "../../src/index.js";
import { CombatParams, combatInput, combatState, odds, DECISION_LABELS } from "../../src/analysis/index.js";
import { buildRound, combatToDecision as stateChain, type BuiltRound } from "../../src/rules/whn/combat/index.js";
import { roundBuilder } from "../../src/rules/whn/combat/markov.js";
import { keepSquareness } from "../../src/rules/whn/combat/fight.js";
import { checkCell, combatGrid, type CombatCell } from "../../src/trust/fastPaths.js";

const C1 = combatId("c1");
const DRAWS = { bothMusiciansRollOff: false };

/** A built round with side indices replaced by side ids, so two builds compare whoever is active. */
function named(b: BuiltRound): unknown {
  const side = (i: 0 | 1) => b.sides[i];
  const i = b.input;
  return {
    strikers: [...i.strikers].map((s) => ({ ...s, side: side(s.side) })).sort((x, y) => (x.id < y.id ? -1 : 1)),
    victims: i.victims.map((v) => ({ ...v, side: side(v.side) })),
    squareness: Object.fromEntries(i.sides.map((s, k) => [b.sides[k as 0 | 1], s.squareness])),
    lastWinner: i.lastWinner === null ? null : side(i.lastWinner),
    morale: Object.fromEntries(b.morale.map((m, k) => [b.sides[k as 0 | 1], m])),
  };
}

/** Plays round 1 through `apply` for seeds until it is drawn; the state at the next player's shooting phase. */
function afterADraw(start: BattleState): { state: BattleState; seed: number } {
  for (let seed = 1; seed < 400; seed++) {
    const r = apply(reseed(start, seed), { type: "combat/fight", combat: "c1" });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    if (!r.events.some((e) => e.type === "combat/roundFought" && e["winner"] === null) || r.state.combats[C1] === undefined) continue;
    let s = r.state;
    while (!(s.turn.activeSide !== start.turn.activeSide && s.turn.phase === "shooting")) {
      const n = apply(s, { type: "turn/advance" });
      if (!n.ok) throw new Error(JSON.stringify(n.violation));
      s = n.state;
    }
    return { state: s, seed };
  }
  throw new Error("no drawn first round in 400 seeds");
}

const cells: CombatCell[] = [
  { a: { figures: 24, files: 4, formation: "ATTACK_COLUMN" }, b: { figures: 24, files: 12, formation: "LINE" }, charger: "a", maxRounds: 6, options: { core: DRAWS } },
  { a: { figures: 36, files: 6, formation: "ATTACK_COLUMN" }, b: { figures: 40, files: 4, formation: "ATTACK_COLUMN" }, charger: "none", maxRounds: 6, options: { core: DRAWS, hr: { squareness: "modelCount" } } },
  { a: { figures: 36, files: 6, formation: "ATTACK_COLUMN" }, b: { figures: 40, files: 4, formation: "ATTACK_COLUMN" }, charger: "b", maxRounds: 6, options: { core: DRAWS, hr: { squareness: "direct", squarenessAtCombatStart: true } } },
  { a: { troop: "hussars", figures: 12, files: 6, formation: "CAV_LINE" }, b: { figures: 24, files: 6, formation: "SQUARE" }, charger: "a", maxRounds: 6, options: { core: DRAWS, hr: { squareness: "tieOnly" } } },
  { a: { figures: 16, files: 8, formation: "LINE" }, b: { figures: 16, files: 8, formation: "LINE" }, charger: "none", maxRounds: 6, options: { core: { ...DRAWS, outnumberBonus: true } } },
];

describe("combat to a decision: the fast paths against the engine", () => {
  it("CORE-CC-5 / WHN-FORM-8 / HR-SQUARE-1: the chain's later round is the round apply fights after a drawn round", () => {
    for (const cell of cells) {
      const p = CombatParams.parse(cell);
      const start = combatState(p);
      const { state } = afterADraw(start);
      const combat = keepSquareness(state, state.combats[C1]!);
      const actual = buildRound({ ...state, turn: { ...state.turn, phase: "combat" } }, combat);
      const models = new Map<string, number>();
      const taken = new Map<string, number>();
      for (const id of ["a", "b"]) {
        const u = state.units[id as never]!;
        models.set(id, u.figures);
        taken.set(id, u.woundsTaken);
      }
      const chain = roundBuilder(start, C1)({ models, taken, lastWinner: null, round: 1 });
      expect(named(chain), JSON.stringify(cell)).toEqual(named(actual));
    }
  });

  it("CORE-BREAK-1 / WHN-BREAK-6: odds({ kind: \"combatToDecision\" }) equals whn.combat.combatToDecision on the same state to 1e-9", () => {
    for (const cell of cells) {
      const p = CombatParams.parse(cell);
      const fast = odds({ kind: "combatToDecision", input: combatInput(p) });
      const slow = stateChain(combatState(p), C1, p.maxRounds);
      const want = [slow.breaks[1], slow.fallsBack[1] + slow.flowsPast[1], slow.fallsBack[0] + slow.flowsPast[0], slow.breaks[0], slow.ongoing];
      want.forEach((q, i) => expect(Math.abs(fast.dist.pEqual(i) - q), `${DECISION_LABELS[i]} ${JSON.stringify(cell)}`).toBeLessThan(1e-9));
    }
  });

  it("CORE-CC-1 / CORE-CR-1 / CORE-BREAK-1: the exact chain agrees with combats played through apply (300 seeds a cell, 99.9 % bounds)", () => {
    for (const cell of cells) {
      const c = checkCell(cell, 300);
      expect(c.agrees, `${JSON.stringify(cell)}: exact ${c.exact.map((x) => x.toFixed(3))} played ${c.played}`).toBe(true);
    }
  });

  it("the full grid covers formations, both arms, every squareness variant, options and chargers", () => {
    const g = combatGrid();
    expect(g.length).toBeGreaterThanOrEqual(100);
    expect(new Set(g.map((c) => c.charger))).toEqual(new Set(["a", "b", "none"]));
  });
});
