import { createBattleUnknown, combatId, unitId, type BattleState, type Combat, type UnitSetup } from "../../src/index.js";
import { foot } from "../fixtures/combat.js";

/** Builds a CORE battle (sides fr and gb, fr first) or throws. */
export function coreBattle(units: UnitSetup[], extra: { characters?: unknown[]; options?: unknown; ruleset?: "core" | "whn" } = {}): BattleState {
  const r = createBattleUnknown({
    ruleset: extra.ruleset ?? "core",
    seed: 7,
    sides: [
      { id: "fr", name: "Romans" },
      { id: "gb", name: "Gauls" },
    ],
    units,
    characters: extra.characters ?? [],
    options: extra.options ?? {},
  });
  if (!r.ok) throw new Error(JSON.stringify(r.error.issues));
  return r.value;
}

/** Two blocks of 20 in contact front to front at (36, 24) in fr's close combat phase (combat "c1"). */
export function coreEngaged(a: Partial<UnitSetup> = {}, b: Partial<UnitSetup> = {}, extra: { characters?: unknown[]; ruleset?: "core" | "whn"; units?: UnitSetup[] } = {}): BattleState {
  const s = coreBattle([foot("a", "fr", { position: { x: 36, y: 24 }, facing: 90, ...a }), foot("b", "gb", { position: { x: 36, y: 24 }, facing: 270, ...b }), ...(extra.units ?? [])], extra);
  const combat = { id: combatId("c1"), units: [unitId("a"), unitId("b")], chargers: [], lastWinner: null, rounds: 1, squareness: {} } as Combat;
  return { ...s, turn: { ...s.turn, phase: "combat", step: null }, combats: { c1: combat } } as BattleState;
}

export { foot };
