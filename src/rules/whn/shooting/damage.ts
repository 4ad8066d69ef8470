/**
 * Turning unsaved hits into losses on the table: models removed by their formation's rule
 * (WHN-FORM-8, CORE-SHOOT-6, CORE-SAVE-2) and wounds on characters.
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleState, Decision } from "../../../state/battle.js";
import type { Vec2 } from "../../../state/common.js";
import type { CharacterId, UnitId } from "../../../state/ids.js";
import type { Dice } from "../../../dice/index.js";
import { toHitRolls } from "../../../dice/index.js";
import { applyHits } from "../casualties.js";
import { commitCasualties } from "../combined.js";
import { getUnit, withCharacter, removeUnit } from "../unit.js";
import { asksCasualties, casualtyDecision, withWoundsOnly } from "./casualtyChoice.js";

/**
 * Removes the casualties of `unsaved` one-wound hits from a unit (CORE-SHOOT-5, CORE-SAVE-2,
 * WHN-FORM-8; command models last, CORE-STD-3); a unit left with no models is destroyed. With `ask`
 * and an owner to ask (`asksCasualties`), the models stay and the decision to push is returned.
 */
export function woundUnit(
  state: BattleState,
  ctx: ActionContext,
  id: UnitId,
  unsaved: number,
  from: Vec2,
  ask?: { readonly cause: UnitId | null },
): { state: BattleState; removed: number; asked?: Decision } {
  const u = getUnit(state, id);
  if (u === undefined || unsaved <= 0) return { state, removed: 0 };
  const r = applyHits(u, new Array<number>(unsaved).fill(1), from);
  // The owner picks which models go (WHN-FORM-8, `core.ownerChoices: "ask"`): only the wounds now.
  if (ask !== undefined && asksCasualties(state, u, r.removed)) {
    return { state: withWoundsOnly(state, u, r.unit.woundsTaken), removed: 0, asked: casualtyDecision(u, r.removed, from, ask.cause) };
  }
  const next = r.unit;
  ctx.emit("unit/casualties", "WHN-FORM-8", {
    unit: id,
    removed: r.removed,
    wounds: r.wounds,
    figures: next.figures,
    commandLost: [...r.commandLost],
  });
  // Merged elites take their share of the loss (CORE-UNIT-1, WHN-DET-5).
  const after = commitCasualties(state, next, r.removed, { kind: "missile" }, ctx.emit);
  if (next.figures === 0) {
    ctx.emit("unit/destroyed", "CORE-SHOOT-5", { unit: id });
    return { state: removeUnit(after, id, "destroyed"), removed: r.removed };
  }
  return { state: after, removed: r.removed };
}

/** Puts unsaved wounds on a character; at W wounds he is slain (CORE-SHOOT-5, CORE-SAVE-2). */
export function woundCharacter(state: BattleState, ctx: ActionContext, id: CharacterId, unsaved: number): BattleState {
  const c = state.characters[id];
  if (c === undefined || unsaved <= 0 || c.removed !== null) return state;
  const taken = Math.min(c.profile.W, c.woundsTaken + unsaved);
  if (taken < c.profile.W) {
    ctx.emit("character/wounded", "CORE-SHOOT-5", { character: id, wounds: unsaved, woundsTaken: taken });
    return withCharacter(state, { ...c, woundsTaken: taken });
  }
  ctx.emit("character/slain", "CORE-SHOOT-5", { character: id, general: c.isGeneral });
  return withCharacter(state, { ...c, woundsTaken: 0, removed: { reason: "destroyed", gameTurn: state.turn.gameTurn } });
}

/** Where a shot lands when an intervening unit's hard cover may catch it (HR-COVER-3). */
export type ShotLanding = "target" | "screen" | "miss";

/**
 * One to-hit roll read against two scores with the same dice (HR-COVER-3, AMB-52): `n1` with the
 * intervening unit's cover, `n0` without. Success at n1 hits the target; failing n1 but passing n0
 * hits the screen. A follow-up die (CORE-SHOOT-3) is rolled right after a 6 when either score needs it.
 */
export function rollShotAgainst(dice: Dice, n0: number, n1: number): ShotLanding {
  const r0 = toHitRolls(n0);
  const r1 = toHitRolls(n1);
  if (r0 === null) return "miss";
  const d = dice.d6();
  if (d < r0.first) return "miss";
  const wantsFollow = (r0.followUp !== null || (r1 !== null && r1.followUp !== null)) && d === 6;
  const f = wantsFollow ? dice.d6() : 0;
  const pass = (r: NonNullable<typeof r0>): boolean => d >= r.first && (r.followUp === null || f >= r.followUp);
  if (r1 !== null && pass(r1)) return "target";
  return pass(r0) ? "screen" : "miss";
}
