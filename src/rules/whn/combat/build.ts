/**
 * From the battle state to the plain values of one round (types.ts): fighters from the layouts
 * (contacts.ts), weapons (weapons.ts), Weapon Skill, Strength, Toughness and saves with disorder's
 * −1s (WHN-DIS-2), strike tiers (CORE-CC-4, WHN-CC-1, WHN-CC-4), characters and challenges
 * (CORE-CHAL-3), and each unit's combat result data (CORE-CR-2…7, WHN-CC-2/3/6, HR-SQUARE).
 */
import type { BattleState } from "../../../state/battle.js";
import type { CombatRecord as Combat } from "./types.js";
import type { CharacterId, SideId, UnitId } from "../../../state/ids.js";
import type { Character, Equipment, Profile, Unit } from "../../../state/unit.js";
import { elevationAt, type TerrainFeature } from "../../../geometry/terrain.js";
import { effectiveLeadership } from "../leadership.js";
import { battleStandardNear } from "../../core/leadership.js";
import { clampStat, meleeToHitNeed, saveNeed, toWoundNeed } from "../tables.js";
import { commandModels, getUnit, inPlay, isMounted, joinedCharacters, layoutOf } from "../unit.js";
import { terrainOf } from "../terrain.js";
import { saveEquipment } from "../combined.js";
import { overhang, REDRESS_FILES_PER_FLANK } from "./redress.js";
import { lapsThisTurn } from "../movement/lapping.js";
import { centreOfUnit, findContacts, fightersByEnemy, type Contact } from "./contacts.js";
import { modelCountBonus, rankBonusTable, squarenessBonus, squarenessOf } from "./ranks.js";
import { weaponEffect, type WeaponEffect } from "./weapons.js";
import { activeDuel, retiredThisPhase } from "./challenge.js";
import type { RoundInput, SideIndex, Striker, Victim, VictimResultData } from "./types.js";

/** Per-side facts the break test and the odds need (CORE-BREAK, WHN-BREAK, CORE-PURS). */
export interface SideMorale {
  /** The side's main unit: the most models (the one the odds follow). */
  readonly unit: string;
  /** Effective Leadership before the margin (WHN-LEAD-3). */
  readonly ld: number;
  /** Models left at or below which it breaks without a test (CORE-BREAK-4), or null. */
  readonly autoBreakAt: number | null;
  /** Flee dice (CORE-FLEE-2). */
  readonly fleeDice: number;
  /** Pursuit dice, 0 when it never pursues (WHN-BREAK-5) (CORE-PURS-3). */
  readonly pursuitDice: number;
  /** Cavalry fighting only squares: a failed test flows past (WHN-BREAK-3). */
  readonly flowsPast: boolean;
  /** A battle standard within 12" re-rolls a failed Break test (CORE-BSB-1; CORE battles only). */
  readonly reroll?: boolean;
}

/** A round ready to fight, with the ids behind its side indices. */
export interface BuiltRound {
  readonly input: RoundInput;
  readonly sides: readonly [SideId, SideId];
  readonly units: readonly Unit[];
  readonly contacts: readonly Contact[];
  readonly morale: readonly [SideMorale, SideMorale];
}

/** The units of a combat still fighting: in play and not fleeing (CORE-FLEE-1). */
export function fightingUnits(state: BattleState, combat: Combat): Unit[] {
  const out: Unit[] = [];
  for (const id of combat.units) {
    const u = getUnit(state, id);
    if (u !== undefined && inPlay(u) && u.order !== "FLEEING") out.push(u);
  }
  return out;
}

/** Side order of a combat: the active player's side first. */
export function sideOrder(state: BattleState): [SideId, SideId] {
  const active = state.turn.activeSide;
  const other = (Object.keys(state.sides).find((s) => s !== active) ?? active) as SideId;
  return [active, other];
}

/** The −1s of disorder (WHN-DIS-2): WS, S, T; fleeing units take none (AMB-101). */
function disorder(order: Unit["order"]): number {
  return order === "DISORDERED" ? 1 : 0;
}

/** Someone who strikes: a unit's rank and file or a character. */
interface Fighter {
  readonly profile: Profile;
  readonly equipment: Equipment;
  readonly mounted: boolean;
  readonly order: Unit["order"];
}

/** A target's defensive values. */
interface Defender extends Fighter {
  readonly isSquare: boolean;
  readonly isCavalry: boolean;
}

function effectOf(f: Fighter, charging: boolean, lanceBonusAlways: boolean): WeaponEffect {
  return weaponEffect(f.equipment.melee, { charging, mounted: f.mounted, disordered: f.order === "DISORDERED", lanceBonusAlways });
}

/** Needs and tier of one attacker against one defender (CORE-CC-3, CORE-WOUND-1, CORE-SAVE-1, CORE-CC-4). */
function striking(att: Fighter & { isSquare: boolean }, def: Defender, eff: WeaponEffect): Pick<Striker, "hitNeed" | "woundNeed" | "saveNeed" | "tier"> {
  const ws = clampStat(att.profile.WS - disorder(att.order));
  const tws = clampStat(def.profile.WS - disorder(def.order));
  const s = clampStat(att.profile.S - disorder(att.order) + eff.strength);
  const t = clampStat(def.profile.T - disorder(def.order));
  const defTwoHanded = weaponEffect(def.equipment.melee, { charging: false, mounted: def.mounted, disordered: false, lanceBonusAlways: false }).twoHanded;
  let tier = eff.tier;
  if (att.isSquare && def.isCavalry) tier = 1; // WHN-CC-4
  else if (def.isSquare && tier === 1) tier = 2; // AMB-108: the square strikes first
  return {
    hitNeed: meleeToHitNeed(ws, tws),
    woundNeed: toWoundNeed(s, t),
    saveNeed: saveNeed({ equipment: def.equipment, mounted: def.mounted, shieldCounts: !defTwoHanded }, s, eff.saveImprove),
    tier,
  };
}

const unitFighter = (u: Unit): Defender => ({
  profile: u.profile,
  equipment: u.equipment,
  mounted: isMounted(u),
  order: u.order,
  isSquare: u.formation === "SQUARE",
  isCavalry: u.troopType === "cavalry",
});

const charFighter = (c: Character, unit: Unit): Defender => ({
  profile: c.profile,
  equipment: c.equipment,
  mounted: c.mounted,
  order: unit.order,
  isSquare: false,
  isCavalry: c.mounted,
});

/**
 * The unit leader fights with his +1 attack (CORE-LEAD-2) when the enemy is on his unit's front, or
 * once a movement phase of his side has passed since the combat began (he swaps in, CORE-LEAD-4).
 */
function leaderFights(state: BattleState, combat: Combat, u: Unit, contacts: readonly Contact[]): boolean {
  if (!u.command.leader) return false;
  if (contacts.some((c) => c.unit === u.id && c.ownFace === "front")) return true;
  return combat.rounds >= 2 || (combat.rounds >= 1 && state.turn.activeSide === u.side);
}

/** The victim id of a unit's champion fighting a challenge (CORE-CHAL-3, AMB-111). */
export function championVictim(unit: string): string {
  return `${unit}*champion`;
}

/** HR-SQUARE-1: squareness and model count now, or as kept from the combat's first phase. */
export function squarenessBasis(combat: Combat, u: Unit, atStart: boolean): { a: number; models: number } {
  const kept = combat.squareness;
  if (atStart && Object.hasOwn(kept, u.id)) return { a: kept[u.id] ?? 0, models: kept[`${u.id}:models`] ?? u.figures };
  return { a: squarenessOf(u), models: u.order === "FLEEING" ? 0 : u.figures };
}

/**
 * Builds the plain round of a combat from the state (CORE-CC-2…6, CORE-CR-2…7, WHN-CC-1…7,
 * HR-SQUARE-1…5). Units that are fleeing take no part (CORE-FLEE-1). `splits` gives, per unit,
 * how its models touching several enemy units share their attacks (CORE-CC-2; default: each
 * attacks the enemy with most of its unit's contacts).
 */
export function buildRound(state: BattleState, combat: Combat, splits?: ReadonlyMap<string, ReadonlyMap<string, number>>): BuiltRound {
  const opts = state.options;
  const sides = sideOrder(state);
  const sideIdx = (s: SideId): SideIndex => (s === sides[0] ? 0 : 1);
  const units = fightingUnits(state, combat);
  const byId = new Map(units.map((u) => [u.id as string, u]));
  const lastWinnerSide = combat.lastWinner;
  const lapped = lapping(findContacts(units), byId, lastWinnerSide);
  const contacts = lapped.contacts;
  const terrain = terrainOf(state);
  const firstRound = combat.rounds === 0;
  // Cavalry that lapped round on the charge fight with those models and count the flank in the first round (WHN-CHRG-7/8).
  const chargeLaps: readonly ChargeLap[] = firstRound ? lapsThisTurn(state).filter((l) => l.combat === combat.id && byId.has(l.unit) && byId.has(l.target)) : [];
  const duel = activeDuel(state, combat);
  const retired = new Set(retiredThisPhase(state, combat.id));

  // A combined unit saves with its elites' armour while they fill half its front rank (CORE-UNIT-1).
  const defender = (d: Unit): Defender => ({ ...unitFighter(d), equipment: saveEquipment(state, d) });
  // The other duellist of a challenge (CORE-CHAL-3): a character, or a champion named by his unit's id (AMB-111).
  const duelFoe = (id: string): string | null => (duel === null ? null : duel.a === id ? duel.b : duel.b === id ? duel.a : null);
  const duellist = (id: string): { victim: string; def: Defender } | null => {
    const fc = state.characters[id as CharacterId];
    if (fc !== undefined) {
      const fu = fc.joinedTo === null ? undefined : byId.get(fc.joinedTo);
      return fu === undefined ? null : { victim: fc.id, def: charFighter(fc, fu) };
    }
    const fu = byId.get(id);
    return fu === undefined || fu.champion === null ? null : { victim: championVictim(fu.id), def: { ...defender(fu), profile: fu.champion } };
  };
  const strikers: Striker[] = [];
  const victims: Victim[] = [];
  for (const u of units) {
    const charging = firstRound && combat.chargers.includes(u.id);
    const att = unitFighter(u);
    const eff = effectOf(att, charging, opts.whn.lanceBonusAlways);
    const fighters = fightersByEnemy(u, contacts, eff.ranks, splits?.get(u.id));
    for (const [enemy, extra] of lapped.extra.get(u.id) ?? []) fighters.set(enemy, (fighters.get(enemy) ?? 0) + extra);
    for (const l of chargeLaps) if (l.unit === u.id) fighters.set(l.target, (fighters.get(l.target) ?? 0) + l.models);
    const mine = contacts.filter((c) => c.unit === u.id);
    const enemies = mine.map((c) => byId.get(c.enemy)).filter((e): e is Unit => e !== undefined);
    // A champion retired by a refused challenge does not fight this turn (CORE-CHAL-2); one in a
    // challenge fights only his foe (CORE-CHAL-3), and the unit fights on without him.
    const duelling = u.champion !== null && u.command.leader ? duelFoe(u.id) : null;
    const leader = leaderFights(state, combat, u, contacts) && !retired.has(u.id) && duelling === null;
    // A champion with his own profile strikes as a group of one (CORE-LEAD-1, AMB-111), listed
    // first so the unit's losses reach him last (CORE-LEAD-3); without one, +1 A (CORE-LEAD-2).
    const champion = leader && u.champion !== null ? u.champion : null;
    let mainTarget: string | null = null;
    let bestN = -1;
    for (const [enemy, n] of [...fighters.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
      const def = byId.get(enemy);
      if (def === undefined || n <= 0) continue;
      const main = n > bestN;
      if (main) {
        bestN = n;
        mainTarget = enemy;
      }
      if (main && champion !== null) {
        const cf: Fighter & { isSquare: boolean } = { ...att, profile: champion };
        const ceff = effectOf(cf, charging, opts.whn.lanceBonusAlways);
        strikers.push({ id: `${u.id}*champion>${enemy}`, owner: u.id, side: sideIdx(u.side), target: enemy, models: 1, attacks: champion.A + ceff.extraAttacks, bonusAttacks: 0, charged: charging, initiative: champion.I, ...striking(cf, defender(def), ceff) });
      }
      // The champion fights apart, in his own group or in a challenge; retired, a trooper takes his place.
      const apart = main && (champion !== null || duelling !== null);
      const rankAndFile = apart ? n - 1 : n;
      if (rankAndFile <= 0) continue;
      strikers.push({
        id: `${u.id}>${enemy}`,
        owner: u.id,
        side: sideIdx(u.side),
        target: enemy,
        models: rankAndFile,
        attacks: u.profile.A + eff.extraAttacks,
        bonusAttacks: leader && champion === null && main ? 1 : 0,
        charged: charging,
        initiative: u.profile.I,
        ...striking(att, defender(def), eff),
      });
    }
    // Joined characters fight beside their unit, or only each other in a challenge (CORE-CHAL-3).
    for (const c of joinedCharacters(state, u.id)) {
      if (retired.has(c.id)) continue;
      const foe = duelFoe(c.id);
      const cf = charFighter(c, u);
      const ceff = effectOf(cf, charging, opts.whn.lanceBonusAlways);
      if (foe !== null) {
        const f = duellist(foe);
        if (f === null) continue;
        strikers.push({ id: `${c.id}>${f.victim}`, owner: c.id, side: sideIdx(c.side), target: f.victim, models: 1, attacks: c.profile.A + ceff.extraAttacks, bonusAttacks: 0, charged: charging, initiative: c.profile.I, ...striking({ ...cf, isSquare: false }, f.def, ceff) });
      } else if (mainTarget !== null) {
        const def = byId.get(mainTarget) as Unit;
        strikers.push({ id: `${c.id}>${mainTarget}`, owner: c.id, side: sideIdx(c.side), target: mainTarget, models: 1, attacks: c.profile.A + ceff.extraAttacks, bonusAttacks: 0, charged: charging, initiative: c.profile.I, ...striking({ ...cf, isSquare: false }, defender(def), ceff) });
      }
      victims.push({ id: c.id, side: sideIdx(c.side), kind: "character", models: 1, wounds: c.profile.W, woundsTaken: c.woundsTaken, result: null });
    }
    const f = duelling === null ? null : duellist(duelling);
    if (duelling !== null && u.champion !== null) {
      // In a challenge the champion fights with his own profile and only his foe hits him (CORE-CHAL-3, AMB-111).
      const mine: Fighter & { isSquare: boolean } = { ...att, profile: u.champion };
      const meff = effectOf(mine, charging, opts.whn.lanceBonusAlways);
      if (f !== null)
        strikers.push({ id: `${championVictim(u.id)}>${f.victim}`, owner: championVictim(u.id), side: sideIdx(u.side), target: f.victim, models: 1, attacks: u.champion.A + meff.extraAttacks, bonusAttacks: 0, charged: charging, initiative: u.champion.I, ...striking(mine, f.def, meff) });
      victims.push({ id: championVictim(u.id), side: sideIdx(u.side), kind: "character", models: 1, wounds: u.champion.W, woundsTaken: 0, result: null });
      // The rest of the unit is the victim of every other blow; its result counts him while he lives.
      const full = resultData(state, u, enemies, contacts, terrain, chargeLaps);
      const rest: VictimResultData = { ...full, rankBonus: full.rankBonus.slice(1), standardFrom: full.standardFrom - 1, musicianFrom: full.musicianFrom - 1, extraModels: full.extraModels + 1 };
      victims.push({ id: u.id, side: sideIdx(u.side), kind: "unit", models: u.figures - 1, wounds: u.profile.W, woundsTaken: u.woundsTaken, result: rest });
      continue;
    }
    victims.push({ id: u.id, side: sideIdx(u.side), kind: "unit", models: u.figures, wounds: u.profile.W, woundsTaken: u.woundsTaken, result: resultData(state, u, enemies, contacts, terrain, chargeLaps) });
  }

  const squareness = (s: SideIndex): number => {
    const variant = opts.hr.squareness;
    if (variant === "off") return 0;
    let best = 0;
    for (const u of units) {
      if (sideIdx(u.side) !== s) continue;
      const basis = squarenessBasis(combat, u, opts.hr.squarenessAtCombatStart);
      best = Math.max(best, variant === "modelCount" ? modelCountBonus(basis.models, opts.hr.modelCountCap) : squarenessBonus(basis.a));
    }
    return best;
  };
  const lastWinner = combat.lastWinner === null ? null : sideIdx(combat.lastWinner);
  const input: RoundInput = {
    strikers,
    victims,
    sides: [{ squareness: squareness(0) }, { squareness: squareness(1) }],
    lastWinner,
    options: { outnumberBonus: opts.core.outnumberBonus, bothMusiciansRollOff: opts.core.bothMusiciansRollOff, squareness: opts.hr.squareness },
  };
  return { input, sides, units, contacts, morale: [sideMorale(state, units, contacts, sides[0]), sideMorale(state, units, contacts, sides[1])] };
}

/**
 * Lapping round after a won round (CORE-REDR-1, CORE-REDR-3): front-rank models of the last
 * round's winners that stand beyond the enemy's front edge, up to 2 a flank, wrap round it: they
 * fight it and count as fighting its flank.
 */
function lapping(contacts: readonly Contact[], byId: ReadonlyMap<string, Unit>, winner: SideId | null): { contacts: Contact[]; extra: Map<string, Map<string, number>> } {
  const extra = new Map<string, Map<string, number>>();
  const out = contacts.map((c) => {
    const u = byId.get(c.unit);
    const e = byId.get(c.enemy);
    if (winner === null || u === undefined || e === undefined || u.side !== winner || c.lapping || c.ownFace !== "front" || c.enemyFace !== "front") return c;
    const o = overhang(layoutOf(u), layoutOf(e));
    const n = Math.min(REDRESS_FILES_PER_FLANK, o.left) + Math.min(REDRESS_FILES_PER_FLANK, o.right);
    if (n === 0) return c;
    extra.set(u.id, new Map([...(extra.get(u.id) ?? []), [e.id, n]]));
    return { ...c, lapping: true };
  });
  return { contacts: out, extra };
}

/** A charger's lap round the target's flank, made this turn (WHN-CHRG-7). */
type ChargeLap = ReturnType<typeof lapsThisTurn>[number];

/** A unit's combat result data (CORE-CR-2…7, WHN-CC-2/3/6, CORE-STD-2/3, CORE-MUS-2). */
function resultData(state: BattleState, u: Unit, enemies: readonly Unit[], contacts: readonly Contact[], terrain: readonly TerrainFeature[], chargeLaps: readonly ChargeLap[]): VictimResultData {
  const lapFull = state.options.whn.lapIsFullFlankAttack;
  const vs = { allCavalry: enemies.length > 0 && enemies.every((e) => e.troopType === "cavalry"), allSquares: enemies.length > 0 && enemies.every((e) => e.formation === "SQUARE") };
  const square = u.formation === "SQUARE";
  // Enemies on its flank or rear cancel its ranks; never against a square (WHN-CC-6); lapping only with the option (AMB-17).
  const lappedBy = chargeLaps.filter((l) => l.target === u.id && l.removesRankBonus).map((l) => l.unit as string);
  const flankedBy = square ? [] : [...contacts.filter((c) => c.enemy === u.id && c.enemyFace !== "front" && (!c.lapping || lapFull)).map((c) => c.unit), ...lappedBy];
  const onEnemy = contacts.filter((c) => c.unit === u.id && enemies.some((e) => e.id === c.enemy && e.formation !== "SQUARE"));
  const fightsFlank = onEnemy.some((c) => c.lapping || c.enemyFace === "left" || c.enemyFace === "right") || chargeLaps.some((l) => l.unit === u.id);
  const fightsRear = onEnemy.some((c) => c.enemyFace === "rear");
  const height = elevationAt(terrain, centreOfUnit(u));
  const highGround = enemies.length > 0 && enemies.every((e) => height > elevationAt(terrain, centreOfUnit(e)));
  const standard = u.command.standard && !u.standardLost;
  return {
    rankBonus: rankBonusTable(u, vs),
    flankedBy,
    fightsFlank,
    fightsRear,
    standardFrom: standard ? 1 + (u.command.leader ? 1 : 0) : Number.POSITIVE_INFINITY,
    musicianFrom: u.command.musician ? commandModels(u) : Number.POSITIVE_INFINITY,
    highGround,
    extraModels: joinedCharacters(state, u.id).length,
  };
}

/** Flee and pursuit dice: 2D6, or 3D6 above M 6 (CORE-FLEE-2, CORE-PURS-3). */
export function moveDice(u: Unit): number {
  return u.profile.M > 6 ? 3 : 2;
}

/** The per-side morale facts of a round (CORE-BREAK-1/4, WHN-BREAK-3/5). */
function sideMorale(state: BattleState, units: readonly Unit[], contacts: readonly Contact[], side: SideId): SideMorale {
  const mine = units.filter((u) => u.side === side).sort((a, b) => b.figures - a.figures || (a.id < b.id ? -1 : 1));
  const main = mine[0];
  if (main === undefined) return { unit: "", ld: 0, autoBreakAt: null, fleeDice: 2, pursuitDice: 0, flowsPast: false };
  const foes = contacts.filter((c) => c.unit === main.id).map((c) => units.find((u) => u.id === c.enemy)).filter((u): u is Unit => u !== undefined);
  return {
    unit: main.id,
    ld: effectiveLeadership(state, main).value,
    autoBreakAt: state.options.core.autoBreakBelowQuarter ? Math.floor(main.startingFigures / 4) : null,
    fleeDice: moveDice(main),
    pursuitDice: main.formation === "SQUARE" ? 0 : moveDice(main),
    flowsPast: main.troopType === "cavalry" && foes.length > 0 && foes.every((f) => f.formation === "SQUARE"),
    ...(battleStandardNear(state, main) !== null ? { reroll: true } : {}),
  };
}

/** The unit ids of a built round on one side. */
export function unitsOfSide(built: BuiltRound, side: SideIndex): UnitId[] {
  return built.units.filter((u) => u.side === built.sides[side]).map((u) => u.id);
}
