/**
 * After the blows (CORE-TURN-2 step 4, WHN-TURN-1 step 4): Break tests of every combat fought,
 * Panic tests for friends of broken units (CORE-PANIC-5), flee moves, pursuit decisions for the
 * winners (CORE-PURS-1), then — once they are made — fall backs (WHN-BREAK-2), cavalry fall backs
 * (WHN-BREAK-4), cavalry flowing past squares (WHN-BREAK-3), redressing ranks (CORE-REDR-1) and
 * the combats' bookkeeping (a combat ends when one side has no unit left in it).
 */
import type { BattleState, Decision } from "../../../state/battle.js";
import type { CombatId, UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { footprintDistance } from "../../../geometry/rect.js";
import { inContact, leq } from "../../../geometry/vec.js";
import { fleeUnit } from "../morale/flee.js";
import { panicTest } from "../morale/panic.js";
import { panicsUnit, testOrder } from "../morale/order.js";
import { enemiesOf, footprintOf, getUnit, inPlay, unitsOf } from "../unit.js";
import { breakTest, type BreakVerdict } from "./breakTest.js";
import { brokenFriendPanic, panicPursuits } from "./brokenPanic.js";
import { cavalryFallBack, fallBack, flowPast } from "./fallBack.js";
import { foesOf } from "./disengage.js";
import { fightCombat, mainEnemy, type Fought } from "./fight.js";
import { mayEverPursue } from "./pursuit.js";
import { panicForGeneralsSlainSince } from "../morale/triggers.js";
import { redress, redressChoices } from "./redress.js";
import { emit, view, type Recorder } from "./recorder.js";
import { traitsOf } from "../../traits.js";

/** The Break tests of one fought round (CORE-BREAK-1, WHN-BREAK-1/3). */
function breakTests(state: BattleState, r: Recorder, f: Fought): { state: BattleState; verdicts: BreakVerdict[] } {
  const round = f.round;
  if (round.winner === null) {
    emit(r, "combat/drawn", traitsOf(state).rules.drawnCombat, { combat: f.combat });
    return { state, verdicts: [] };
  }
  const winner = round.winner;
  // Units of the round keep their side and formation through its losses (a slain unit stays in the record).
  const fighter = (id: string): Unit | undefined => (round.units.includes(id as UnitId) ? getUnit(state, id) : undefined);
  let s = state;
  const verdicts: BreakVerdict[] = [];
  for (const id of round.units) {
    const now = getUnit(s, id);
    if (now === undefined || !inPlay(now) || now.side === winner || now.order === "FLEEING") continue;
    const from = mainEnemy(round.contacts, id) ?? (round.units.find((x) => fighter(x)?.side === winner) as UnitId);
    const foes = round.contacts.filter((c) => c.enemy === id).map((c) => fighter(c.unit));
    const onlySquares = foes.length > 0 && foes.every((x) => x?.formation === "SQUARE");
    const out = breakTest(s, r, id, round.margin, from, onlySquares);
    s = out.state;
    verdicts.push(out.verdict);
  }
  return { state: s, verdicts };
}

/**
 * Fights every listed combat (with the owners' attack splits, CORE-CC-2), then takes the Break tests, the Panic tests, the flee moves and sets
 * up pursuit decisions (CORE-TURN-2 step 4). When no decision is needed the phase's aftermath is
 * finished at once.
 */
export function fightBatch(state: BattleState, r: Recorder, ids: readonly CombatId[], splits?: ReadonlyMap<string, ReadonlyMap<string, number>>): BattleState {
  let s = state;
  const fought: Fought[] = [];
  const asked: Decision[] = [];
  const generalFled: UnitId[] = [];
  for (const id of ids) {
    const c = s.combats[id];
    if (c === undefined) continue;
    const before = s;
    const out = fightCombat(s, r, c, splits);
    fought.push(out.fought);
    asked.push(...out.asked);
    // CORE-PANIC-7 / WHN-LEAD-5: a General slain in this combat (in a challenge, CORE-CHAL-3) sets
    // off his army's tests at once; those that must flee wait for the phase's flee moves (WHN-PANIC-3).
    const p = panicForGeneralsSlainSince(before, out.state, r.ctx, { fleeNow: false });
    s = p.state;
    for (const t of p.tests) if (t.result === "fled") generalFled.push(t.unit);
  }
  if (asked.length > 0) {
    // The flight cannot wait across the owners' casualty choices (nothing in the state remembers it): made now.
    for (const id of generalFled) s = fleeUnit(s, id, r.ctx, { from: null, rule: "CORE-PANIC-7" }).state;
    return pauseForCombatCasualties(s, fought, asked);
  }
  return afterBlows(s, r, fought, generalFled);
}

/**
 * Pauses the phase once the blows are struck, for the owners' casualty choices (WHN-FORM-8,
 * `core.ownerChoices: "ask"`): each fought combat keeps its round's summary, and the decisions carry
 * the batch whose Break tests follow the last answer ({@link resumeAfterCasualties}).
 */
function pauseForCombatCasualties(state: BattleState, fought: readonly Fought[], asked: readonly Decision[]): BattleState {
  const combats = { ...state.combats };
  for (const f of fought) {
    const c = combats[f.combat];
    if (c !== undefined) combats[f.combat] = { ...c, round: f.round };
  }
  const batch = fought.map((f) => f.combat);
  return { ...state, combats, pending: [...asked.map((d) => ({ ...d, batch })), ...state.pending] };
}

/**
 * Goes on with the phase once the last casualty choice of a batch is made: the kept round summaries
 * are taken off the combats, then Break tests, Panic tests, flee moves and pursuit follow as if the
 * losses had been removed by default (CORE-TURN-2 step 4).
 */
export function resumeAfterCasualties(state: BattleState, r: Recorder, batch: readonly CombatId[]): BattleState {
  const combats = { ...state.combats };
  const fought: Fought[] = [];
  for (const id of batch) {
    const c = combats[id];
    if (c === undefined || c.round === undefined) continue;
    const { round, ...rest } = c;
    combats[id] = rest;
    fought.push({ combat: id, round });
  }
  return afterBlows({ ...state, combats }, r, fought);
}

/**
 * The rest of a batch once its losses are off the table: Break tests, the Panic tests of broken
 * units' friends, flee moves, and the winners' pursuit decisions; without decisions, the aftermath.
 */
function afterBlows(state: BattleState, r: Recorder, fought: readonly Fought[], generalFled: readonly UnitId[] = []): BattleState {
  let s = state;
  const verdicts: Array<BreakVerdict & { combat: CombatId }> = [];
  for (const f of fought) {
    const out = breakTests(s, r, f);
    s = out.state;
    for (const v of out.verdicts) verdicts.push({ ...v, combat: f.combat });
  }
  const broke = verdicts.filter((v) => v.outcome === "broke");
  const panic = brokenFriendPanic(s, r, broke.map((v) => getUnit(s, v.unit) as Unit));
  s = panic.state;
  // Flee moves (CORE-FLEE-2…5): the broken from the enemy they lost to, the panicked from the nearest.
  const fledFrom = new Map<string, UnitId>();
  for (const v of broke) {
    const u = getUnit(s, v.unit);
    if (u === undefined || !inPlay(u)) continue;
    s = fleeUnit(s, v.unit, r.ctx, { from: v.from, rule: "CORE-BREAK-1" }).state;
    fledFrom.set(v.unit, v.from);
  }
  const beforePanicFlight = s;
  // The General's death was tested during the blows (CORE-PANIC-7); its flights go with the phase's others.
  for (const id of generalFled) {
    const u = getUnit(s, id);
    if (u !== undefined && inPlay(u)) s = fleeUnit(s, id, r.ctx, { from: null, rule: "CORE-PANIC-7" }).state;
  }
  for (const id of panic.fled) s = fleeUnit(s, id, r.ctx, { from: null, rule: "CORE-PANIC-5" }).state;
  const panicked = new Set<string>([...generalFled, ...panic.fled]);

  // Due moves, made after pursuit (WHN-TURN-1 step 4).
  for (const v of verdicts) {
    if (v.outcome === "fallBack") emit(r, "combat/fallBackDue", "WHN-BREAK-2", { unit: v.unit, from: v.from, combat: v.combat });
    if (v.outcome === "flowPast") emit(r, "combat/flowPastDue", "WHN-BREAK-3", { unit: v.unit, square: v.from, combat: v.combat });
    if (v.outcome === "held") emit(r, "combat/holds", "CORE-BREAK-1", { unit: v.unit, combat: v.combat });
  }
  const decisions: Decision[] = [];
  for (const f of fought) {
    const winner = f.round.winner;
    if (winner === null) continue;
    for (const id of f.round.units) {
      const now = getUnit(s, id);
      if (now === undefined || !inPlay(now) || now.side !== winner || now.order === "FLEEING") continue;
      const foes = [...new Set(f.round.contacts.filter((c) => c.unit === id).map((c) => c.enemy))];
      if (foes.length === 0) continue;
      const verdictOf = (id: string) => verdicts.find((v) => v.unit === id);
      // CORE-PURS-1: every enemy it fought broke (CORE-PANIC-10: or fled in panic from a fight its side won).
      if (foes.every((id) => fledFrom.has(id) || panicked.has(id))) {
        if (!mayEverPursue(now)) {
          emit(r, "combat/noPursuit", "WHN-BREAK-5", { unit: id });
          continue;
        }
        decisions.push({ kind: "restraint", side: now.side, unit: now.id, targets: foes, rule: "CORE-PURS-1" });
      } else if (now.troopType === "cavalry" && foes.every((id) => verdictOf(id)?.outcome === "fallBack")) {
        emit(r, "combat/cavalryFallBackDue", "WHN-BREAK-4", { unit: id, from: foes[0] as string, combat: f.combat });
      } else if (foes.every((id) => verdictOf(id)?.outcome === "fallBack")) {
        emit(r, "combat/holds", "WHN-BREAK-6", { unit: id, combat: f.combat });
      }
    }
  }
  // CORE-PANIC-10: a friend that fled in panic out of a combat not fought in this batch may be pursued at once too.
  const inBatch = new Set<string>(fought.flatMap((f) => f.round.units));
  decisions.push(...panicPursuits(beforePanicFlight, s, r, [...generalFled, ...panic.fled].filter((id) => !inBatch.has(id)), new Set(decisions.map((d) => d.unit as string)), "CORE-PURS-1"));
  if (decisions.length > 0) return { ...s, pending: [...s.pending, ...decisions] };
  return finishAftermath(s, r);
}

/** What is due since the last finished aftermath of this phase (this action's events included). */
function sinceLastAftermath(state: BattleState, r: Recorder): BattleState["facts"]["aftermath"] {
  return view(state, r).facts.aftermath;
}

/**
 * The fall backs due (WHN-BREAK-2). One that cannot get clear of the enemy turns into a flight, as
 * a failed Break test (AMB-29), so the enemies it was touching may pursue it (WHN-BREAK-1,
 * CORE-PURS-1): each that may pursue and now fights nobody else gets a restraint decision.
 */
function fallBacksWithPursuit(state: BattleState, r: Recorder, due: readonly { readonly unit: UnitId; readonly from: UnitId }[]): { state: BattleState; asked: Decision[] } {
  let s = state;
  const quarries = new Map<string, UnitId[]>();
  // Friends that fled in panic out of combats of their own (CORE-PANIC-5 then CORE-PANIC-10), with the state before.
  const panicked: Array<{ before: BattleState; fled: UnitId[] }> = [];
  for (const d of due) {
    const before = getUnit(s, d.unit);
    const touching = before === undefined ? [] : enemiesOf(s, before.side).filter((e) => inContact(footprintDistance(footprintOf(e), footprintOf(before))));
    const prior = s;
    s = fallBack(s, r, d.unit, d.from);
    const after = getUnit(s, d.unit);
    if (before === undefined || before.order === "FLEEING" || after === undefined || after.order !== "FLEEING") continue;
    for (const e of touching) quarries.set(e.id, [...(quarries.get(e.id) ?? []), d.unit]);
    const fled = unitsOf(s, before.side).filter((u) => u.id !== d.unit && u.order === "FLEEING" && getUnit(prior, u.id)?.order !== "FLEEING").map((u) => u.id);
    if (fled.length > 0) panicked.push({ before: prior, fled });
  }
  if (quarries.size === 0 && panicked.length === 0) return { state: s, asked: [] };
  const left = new Set<string>(sinceLastAftermath(s, r).left);
  const asked: Decision[] = [];
  for (const [id, targets] of [...quarries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const u = getUnit(s, id as UnitId);
    if (u === undefined || !inPlay(u) || u.order === "FLEEING") continue;
    if (foesOf(s, u).some((e) => !left.has(e.id))) continue;
    if (!mayEverPursue(u)) {
      emit(r, "combat/noPursuit", "WHN-BREAK-5", { unit: u.id });
      continue;
    }
    asked.push({ kind: "restraint", side: u.side, unit: u.id, targets, rule: "WHN-BREAK-1" });
  }
  // CORE-PANIC-10: the enemies of a friend that fled in panic out of its own combat may pursue it at once.
  for (const p of panicked) asked.push(...panicPursuits(p.before, s, r, p.fled, new Set(asked.map((d) => d.unit as string))));
  return { state: s, asked };
}

/**
 * Finishes the phase's aftermath once pursuit decisions are made: fall backs, cavalry fall backs,
 * flowing past squares (WHN-TURN-1 step 4), redressing ranks (CORE-REDR-1), and ends combats with
 * one side gone. `fallBacksMade`: the fall backs were made already (the pursuit decisions a blocked
 * one raised were just answered), so the rest follows.
 */
export function finishAftermath(state: BattleState, r: Recorder, fallBacksMade = false): BattleState {
  const due = sinceLastAftermath(state, r);
  let s = state;
  if (!fallBacksMade) {
    const out = fallBacksWithPursuit(s, r, due.fallBacks);
    s = out.state;
    // A blocked fall back became a flight: its winners decide on pursuit first (WHN-BREAK-1, AMB-29).
    if (out.asked.length > 0) return { ...s, pending: [...s.pending, ...out.asked] };
  }
  for (const d of due.cavalryFallBacks) {
    // WHN-BREAK-4 follows opponents that fell back; one whose fall back became a flight did not.
    const foe = getUnit(s, d.from);
    if (foe !== undefined && foe.order === "FLEEING") continue;
    s = cavalryFallBack(s, r, d.unit, d.from);
  }
  for (const d of due.flowPasts) s = flowPast(s, r, d.unit, d.square);
  s = tidyCombats(s, r, new Set(sinceLastAftermath(s, r).left));
  // Redressing ranks is the owner's choice (CORE-REDR-1/2): made at once by default, or asked.
  const ask = s.options.core.ownerChoices === "ask";
  const asked: Decision[] = [];
  for (const round of due.rounds) {
    const winner = round.winner;
    const c = s.combats[round.combat];
    if (winner === null || c === undefined) continue;
    for (const id of c.units) {
      const u = getUnit(s, id);
      if (u === undefined || u.side !== winner || !inPlay(u)) continue;
      const foe = c.units.map((x) => getUnit(s, x)).find((x) => x !== undefined && x.side !== winner && inPlay(x) && inContact(footprintDistance(footprintOf(x), footprintOf(u))));
      if (foe === undefined) continue;
      if (!ask) s = redress(s, r, u.id, foe.id);
      else if (redressChoices(s, u.id, foe.id).length > 1) asked.push({ kind: "redress", side: u.side, unit: u.id, targets: [foe.id], rule: "CORE-REDR-1" });
    }
  }
  emit(r, "combat/aftermathDone", "CORE-REDR-1", {});
  return asked.length === 0 ? s : { ...s, pending: [...s.pending, ...asked] };
}

/**
 * Keeps each combat's unit list to the units still fighting in it (in play, not fleeing, not moved
 * out by a fall back, pursuit or disengagement) and ends a combat once one side has none (CORE-CC-1).
 */
export function tidyCombats(state: BattleState, r: Recorder, left: ReadonlySet<string> = new Set()): BattleState {
  const combats = { ...state.combats };
  let changed = false;
  for (const [id, c] of Object.entries(state.combats)) {
    const units = c.units.filter((x) => {
      const u = getUnit(state, x);
      // A combat not yet fought (a charge or a pursuit just made it) keeps the units that joined it.
      return u !== undefined && inPlay(u) && u.order !== "FLEEING" && (c.rounds === 0 || !left.has(x));
    });
    const sides = new Set(units.map((x) => getUnit(state, x)?.side));
    if (sides.size < 2) {
      delete combats[id as CombatId];
      emit(r, "combat/ended", "CORE-CC-1", { combat: id });
      changed = true;
    } else if (units.length !== c.units.length) {
      combats[id as CombatId] = { ...c, units, chargers: c.chargers.filter((x) => units.includes(x)) };
      changed = true;
    }
  }
  return changed ? { ...state, combats } : state;
}
