/**
 * Removing casualties (WHN-FORM-8, CORE-SHOOT-6, CORE-STD-3, CORE-SAVE-2): which models go, how the
 * formation closes up, and when the command models fall. Shared by shooting, artillery and combat.
 */
import type { Unit } from "../../state/unit.js";
import type { Vec2 } from "../../state/common.js";
import { addScaled, dist, forward } from "../../geometry/vec.js";
import { squareSide } from "../../geometry/layout.js";
import { commandModels } from "./unit.js";
import { tieKey } from "../../math/index.js";

/** What removing models did to a unit. */
export interface Removal {
  readonly unit: Unit;
  /** Models actually removed (never more than the unit had). */
  readonly removed: number;
  /** Command models lost, in the order they fell (CORE-STD-3: musician, standard bearer, leader). */
  readonly commandLost: readonly ("musician" | "standard" | "leader")[];
}

/** Ranks of a LINE: light infantry may stand in one rank (WHN-FORM-5, AMB-109). */
function lineRanks(u: Unit): 1 | 2 {
  return u.files >= u.figures ? 1 : 2;
}

/**
 * Removes `n` models from a unit by its formation's rule (WHN-FORM-8):
 * columns, cavalry and open order from the rear rank (files unchanged); a LINE from the fuller
 * rank, the rear on a tie, so its files become ceil(figures / 2); a SQUARE from its fullest face
 * (its layout is derived from the count, CORE-GEO-7, and re-laid about its centre); EXTENDED_ORDER the model farthest from
 * `from` (the enemy that caused the loss). Command models go last: musician, standard bearer,
 * leader (CORE-STD-3).
 */
export function removeModels(u: Unit, n: number, from?: Vec2): Removal {
  return removeWithWounds(u, n, from, null);
}

/**
 * The models of an EXTENDED_ORDER unit that the default removes (WHN-FORM-8: the owner's choice,
 * by default the farthest from `from`, ties to the later model), as indices into `u.models`.
 */
export function farthestModels(u: Unit, n: number, from?: Vec2): number[] {
  const models = u.models ?? [];
  const keep = models.map((m, i) => ({ i, d: from === undefined ? -i : tieKey(dist(m, from)) }));
  keep.sort((a, b) => b.d - a.d || b.i - a.i);
  return keep.slice(0, Math.max(0, Math.min(n, models.length))).map((k) => k.i);
}

/**
 * {@link removeModels} for an EXTENDED_ORDER unit whose owner picked the models that go (indices
 * into `u.models`, WHN-FORM-8, `core.ownerChoices: "ask"`); command models still fall last.
 */
export function removeChosenModels(u: Unit, chosen: readonly number[]): Removal {
  return removeWithWounds(u, chosen.length, undefined, null, new Set(chosen));
}

/**
 * {@link removeModels}, leaving the unit's wounded model with `taken` wounds (null: as it was), in
 * one copy of the unit. With nothing removed and `taken` null, the unit itself is returned.
 */
function removeWithWounds(u: Unit, n: number, from: Vec2 | undefined, taken: number | null, chosen?: ReadonlySet<number>): Removal {
  const removed = Math.max(0, Math.min(n, u.figures));
  if (removed === 0) {
    const unit = taken === null ? u : { ...u, woundsTaken: u.figures === 0 ? 0 : taken };
    return { unit, removed: 0, commandLost: [] };
  }
  const figures = u.figures - removed;
  let files = u.files;
  if (u.formation === "LINE" && figures > 0) files = lineRanks(u) === 1 ? figures : Math.ceil(figures / 2);
  let models = u.models;
  if (u.formation === "EXTENDED_ORDER" && models !== null) {
    const drop = chosen ?? new Set(farthestModels(u, removed, from));
    models = models.filter((_, i) => !drop.has(i));
  }
  // Command models fall only once no ordinary trooper is left (CORE-STD-3).
  const ordinaryLeft = u.figures - commandModels(u);
  let commandToLose = Math.max(0, removed - ordinaryLeft);
  let command = u.command;
  const commandLost: ("musician" | "standard" | "leader")[] = [];
  if (commandToLose > 0) {
    const c = { ...u.command };
    for (const k of ["musician", "standard", "leader"] as const) {
      if (commandToLose > 0 && c[k]) {
        c[k] = false;
        commandLost.push(k);
        commandToLose--;
      }
    }
    command = c;
  }
  const unit: Unit = {
    ...u,
    position: squareKeptCentre(u, figures),
    figures,
    files: Math.max(1, files),
    models,
    command,
    woundsTaken: figures === 0 ? 0 : (taken ?? u.woundsTaken),
    phase: { ...u.phase, casualties: u.phase.casualties + removed },
  };
  return { unit, removed, commandLost };
}

/**
 * Where a SQUARE's front-edge centre goes when it shrinks to `figures` models: the square is laid
 * out again about its centre (WHN-FORM-8, CORE-GEO-7), so its front edge steps back by half of what
 * its side lost. Any other formation keeps its position.
 */
function squareKeptCentre(u: Unit, figures: number): Vec2 {
  if (u.formation !== "SQUARE" || figures <= 0) return u.position;
  const stepBack = (squareSide(u.figures, u.base) - squareSide(figures, u.base)) / 2;
  return stepBack === 0 ? u.position : addScaled(u.position, forward(u.facing), -stepBack);
}

/** What applying unsaved hits did. */
export interface WoundResult extends Removal {
  /** Wounds that counted (each hit's wounds up to its model's remaining W, CORE-CR-1). */
  readonly wounds: number;
}

/**
 * Applies unsaved hits, each carrying its own number of wounds, to a unit (CORE-SHOOT-5,
 * CORE-SAVE-2): every hit strikes one model — the wounded one first — and wounds beyond that
 * model's remaining W are lost. A model at 0 W is removed (by {@link removeModels}).
 */
export function applyHits(u: Unit, woundsPerHit: readonly number[], from?: Vec2): WoundResult {
  let figures = u.figures;
  let taken = u.woundsTaken;
  let killed = 0;
  let wounds = 0;
  const W = u.profile.W;
  for (const w of woundsPerHit) {
    if (figures - killed <= 0) break;
    const left = W - taken;
    const dealt = Math.min(Math.max(0, w), left);
    wounds += dealt;
    taken += dealt;
    if (taken >= W) {
      killed++;
      taken = 0;
    }
  }
  const removal = removeWithWounds(u, killed, from, taken);
  return { unit: removal.unit, removed: removal.removed, commandLost: removal.commandLost, wounds };
}
