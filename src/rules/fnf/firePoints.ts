import type { BattleState } from "../../state/battle.js";
import type { OrientedRect } from "./geometry/prims.js";
import type { FnfLayout } from "./geometry/layout.js";
import { countedBases } from "./geometry/layout.js";
import { enfilades, fireRange, inBaseArc, rectsOf } from "./geometry/measure.js";
import { baseSees } from "./geometry/sight.js";
import { baseCover, unitCover, type CoverGrade } from "./geometry/terrain.js";
import { CANISTER_RANGE, FIRE_MODIFIERS as F, firePointsAt, type FirerKind } from "./tables/fire.js";
import { NATIONS } from "./tables/nations.js";
import type { Modifier } from "./maneuverMods.js";
import type { Unit } from "./units.js";
import { fnfOf, unitOf } from "./units.js";
import { layout, sightBlockers, targetRects } from "./world.js";

/** One firing base's contribution (FNF-FIRE-2/3/4). */
export interface BaseFire {
  readonly range: number;
  readonly points: number;
  readonly enfilade: boolean;
}

/** The fire points of a unit at a target, base by base, before and after halving (FNF-FIRE-2…4). */
export interface FirePoints {
  readonly bases: readonly BaseFire[];
  readonly doubledAll: boolean;
  readonly halved: boolean;
  /** Final fire points: 0.5 or a whole number (AMB-67). */
  readonly points: number;
}

/** The kind of fire a unit's bases give (FNF-FIRE-3); null for cavalry (AMB-66). */
export function firerKind(u: Unit): FirerKind | null {
  if (u.battery !== null) return u.battery.type;
  if (u.arm !== "infantry") return null;
  return u.rifles ? "rifle" : "infantry";
}

/** The enemy units of the melee a unit fights this turn, or null when it has none (FNF-FIRE-1, FNF-MEL-1a). */
export function meleeEnemies(state: BattleState, id: string): string[] | null {
  for (const m of Object.values(fnfOf(state).melees)) {
    if (m.defender === id) return [...m.attackers];
    if (m.attackers.includes(id)) return [m.defender];
  }
  return null;
}

/** Which fire ranks fire: 1, or 1 and 2 at the unit's melee enemy (FNF-FIRE-2, AMB-84). */
export function firingBases(state: BattleState, u: Unit, target: string): readonly OrientedRect[] {
  const l = layout(u);
  if (u.kind !== "brigade") return rectsOf(l);
  const enemies = meleeEnemies(state, u.id);
  const preMelee = enemies !== null && enemies.includes(target);
  if (preMelee && state.options.fnf.preMeleeFireAllEligible) {
    const counted = countedBases(l);
    return (u.formation === "COLUMN_OF_ROUTE" ? counted.filter((b) => b.fireRank <= 2) : counted).map((b) => b.rect);
  }
  const maxRank = preMelee ? 2 : 1;
  return l.bases.filter((b) => !b.command && b.fireRank >= 1 && b.fireRank <= maxRank).map((b) => b.rect);
}

/** Fire points of a firer at a target (FNF-FIRE-2/3/4, FNF-GEO-3/4/8). */
export function firePoints(state: BattleState, firer: Unit, targetId: string): FirePoints {
  const kind = firerKind(firer);
  const trg = targetRects(state, targetId) ?? [];
  const target = unitOf(state, targetId);
  const tLayout: FnfLayout | null = target === undefined ? null : layout(target);
  const doubledAll = target !== undefined && target.kind === "brigade" && target.formation === "COLUMN_OF_ROUTE" && !target.skirmishing;
  const blockers = sightBlockers(state, [firer.id, targetId]);
  const bases: BaseFire[] = [];
  if (kind !== null && trg.length > 0) {
    for (const b of firingBases(state, firer, targetId)) {
      const range = fireRange(b, trg);
      if (firer.battery !== null && firer.lowAmmo && range > CANISTER_RANGE + 1e-3) continue;
      const pts = firePointsAt(kind, range);
      if (pts === 0 || !inBaseArc(b, trg) || !baseSees(b, trg, state.terrain, blockers)) continue;
      const enf = !doubledAll && tLayout !== null && enfilades(b, tLayout);
      bases.push({ range, points: pts * (doubledAll || enf ? 2 : 1), enfilade: enf });
    }
  }
  const sum = bases.reduce((a, b) => a + b.points, 0);
  const halved = firer.disordered || firer.lowAmmo || (firer.battery?.damaged ?? false);
  const raw = halved ? sum / 2 : sum;
  const points = raw === 0.5 ? 0.5 : Math.floor(raw);
  return { bases, doubledAll, halved, points };
}

/** The target's cover against the firer (FNF-GEO-7): the best grade more than half its counted bases have. */
export function coverAgainst(state: BattleState, targetId: string, firer: Unit): CoverGrade {
  const trg = unitOf(state, targetId);
  const enemy = rectsOf(layout(firer));
  const centres = trg === undefined ? (targetRects(state, targetId) ?? []).map((r) => r.center) : countedBases(layout(trg)).map((b) => b.rect.center);
  return unitCover(centres.map((c) => baseCover(state.terrain, c, enemy)));
}

/** Fire roll modifiers (FNF-FIRE-5). */
export function fireModifiers(state: BattleState, firer: Unit, targetId: string): Modifier[] {
  const mods: Modifier[] = [];
  const t = unitOf(state, targetId);
  const add = (name: keyof typeof F): void => void mods.push({ name, value: F[name] });
  if (t !== undefined) {
    const deep = t.kind === "brigade" && !t.skirmishing && (t.formation === "COLUMN_OF_ATTACK" || t.formation === "SUPPORTED_LINE");
    if (deep || t.turn.changedFormation) add("targetDeepOrChanged");
    if (t.arm === "cavalry" || (t.battery?.limbered ?? false)) add("targetCavalryOrLimbered");
  }
  if (firer.kind === "brigade" && firer.arm === "infantry" && firer.formation === "LINE" && !firer.skirmishing && NATIONS[firer.nation].lineFire > 0) add("britishLine");
  const cover = coverAgainst(state, targetId, firer);
  if (cover === "soft") add("softCover");
  if (cover === "hard") add("hardCover");
  if (cover === "entrenchments") add("entrenchments");
  const small = t === undefined || t.skirmishing || (t.battery !== null && !t.battery.limbered);
  if (small && cover === "none") add("openGroundSmallTarget");
  return mods;
}
