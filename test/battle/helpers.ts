import { applyUnknown as apply, createBattleUnknown as createBattle, type BattleSetup, type BattleState } from "../../src/index.js";
import { battalion, regiment } from "../fixtures/setups.js";

/** Creates a battle or fails the test with the setup's problems. */
export function create(setup: unknown): BattleState {
  const r = createBattle(setup);
  if (!r.ok) throw new Error(JSON.stringify(r.error.issues));
  return r.value;
}

/** Plays `turn/advance` until the turn reaches a phase (and movement step). */
export function advanceTo(state: BattleState, phase: string, step: string | null = null, limit = 40): BattleState {
  let s = state;
  for (let i = 0; i < limit; i++) {
    if (s.turn.phase === phase && s.turn.step === step) return s;
    const r = apply(s, { type: "turn/advance" });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    s = r.state;
  }
  throw new Error(`never reached ${phase}/${step}`);
}

/** A small battle: French hussars 10" from a British line, a French column further back. */
export function chargeSetup(over: Partial<BattleSetup> = {}): BattleSetup {
  return {
    seed: 11,
    sides: [
      { id: "fr", name: "French" },
      { id: "gb", name: "British" },
    ],
    maxTurns: 2,
    units: [
      regiment("fr-hus", "fr", { position: { x: 36, y: 20 }, facing: 90 }),
      battalion("fr-1", "fr", { position: { x: 20, y: 8 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 36, y: 30 }, facing: 270, formation: "LINE", files: 12 }),
    ],
    ...over,
  };
}
