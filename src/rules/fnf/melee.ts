import type { BattleState } from "../../state/battle.js";
import type { ActionContext, Outcome } from "../../engine/context.js";
import { fail, ok } from "../../engine/context.js";
import { violation } from "../../engine/violation.js";
import { CHARGE_RESULTS, EXTRA_CAPTURE_BEYOND, chargeResult, type ChargeResult } from "./tables/charge.js";
import type { ResolveMeleeAction } from "./actions.js";
import { total } from "./maneuverMods.js";
import { basesInContact, meleeModifiers, type MeleeSide } from "./meleeMods.js";
import { damageBattery, limberForRetreat, silenceBattery } from "./batteries.js";
import { loseBrigadier, loseLeader } from "./leaders.js";
import type { Unit } from "./units.js";
import { attachedLeaders, creditCaptured, fnfOf, loseBases, removeUnit, seniorAttached, unitOf, updateUnit, withFnf } from "./units.js";
import { withdraw } from "./withdraw.js";
import { breakthrough, carryPosition } from "./breakthrough.js";

/** Choices the phasing player makes in a melee. */
export interface MeleeChoices {
  readonly lead: string | null;
  readonly drivenBack: "carry" | "breakthrough";
  readonly advance: boolean;
}

/** Default choices: lead by contact, carry on Driven back, advance. */
export const DEFAULT_CHOICES: MeleeChoices = { lead: null, drivenBack: "carry", advance: true };

/** The two sides of a melee as they stand now (FNF-MEL-1). */
export function meleeSides(state: BattleState, meleeId: string, lead: string | null): { att: MeleeSide; def: MeleeSide } | null {
  const m = fnfOf(state).melees[meleeId];
  if (m === undefined) return null;
  const defender = unitOf(state, m.defender);
  const attackers = m.attackers.map((id) => unitOf(state, id)).filter((u): u is Unit => u !== undefined);
  if (defender === undefined || attackers.length === 0) return null;
  const byContact = [...attackers].sort((a, b) => basesInContact(b, defender) - basesInContact(a, defender));
  const leadUnit = attackers.find((a) => a.id === lead) ?? byContact[0] ?? (attackers[0] as Unit);
  return {
    att: { lead: leadUnit, units: attackers, attacking: true, breakthrough: m.breakthrough.includes(leadUnit.id) },
    def: { lead: defender, units: [defender], attacking: false, breakthrough: false },
  };
}

/** Disorders a unit (a battery is silenced instead, FNF-STAT-3). */
function disorder(state: BattleState, u: Unit, rule: "FNF-MEL-5" | "FNF-MEL-8", ctx: ActionContext): BattleState {
  if (u.battery !== null) return silenceBattery(state, u.id, false, rule, ctx);
  if (u.kind === "detachment") return state;
  ctx.emit("fnf/disordered", rule, { unit: u.id });
  return updateUnit(state, u.id, (x) => ({ ...x, disordered: true }));
}

/** Stand losses for a unit in melee: a battery is damaged instead, once per result (FNF-ART-5). */
function standLoss(state: BattleState, u: Unit, n: number, how: "fled" | "captured" | "lost", captor: string, ctx: ActionContext): BattleState {
  if (n <= 0) return state;
  if (u.battery !== null) return damageBattery(state, u.id, "FNF-ART-5", ctx);
  return loseBases(state, u.id, n, "FNF-MEL-6", ctx, how, captor);
}

/** Captures a unit's attached leaders (Swept, FNF-MEL-5). */
function captureLeaders(state: BattleState, u: Unit, ctx: ActionContext): BattleState {
  let s = state;
  for (const l of attachedLeaders(s, u.id)) s = loseLeader(s, l, "captured", ctx);
  return s;
}

/** One roll of a melee: both sides' 2D6 plus modifiers; attacker's dice first (FNF-MEL-1, FNF-MEL-5). */
function rollMelee(state: BattleState, att: MeleeSide, def: MeleeSide, ctx: ActionContext, round: number): { diff: number; result: ChargeResult } {
  const am = meleeModifiers(state, att, def);
  const dm = meleeModifiers(state, def, att);
  const ad = [ctx.dice.d6(), ctx.dice.d6()];
  const dd = [ctx.dice.d6(), ctx.dice.d6()];
  const a = (ad[0] ?? 0) + (ad[1] ?? 0) + total(am);
  const d = (dd[0] ?? 0) + (dd[1] ?? 0) + total(dm);
  const diff = a - d;
  const result = chargeResult(diff);
  const list = (ms: typeof am): { name: string; value: number }[] => ms.map((m) => ({ name: m.name, value: m.value }));
  ctx.emit("fnf/meleeRolled", "FNF-MEL-5", { lead: att.lead.id, defender: def.lead.id, round, attackerDice: ad, defenderDice: dd, attackerModifiers: list(am), defenderModifiers: list(dm), attackerTotal: a, defenderTotal: d, difference: diff, result });
  return { diff, result };
}

/** Fights one melee to its result, desperate struggles included (FNF-MEL-1…8). */
export function fightMelee(state: BattleState, meleeId: string, choices: MeleeChoices, ctx: ActionContext): BattleState {
  let s = state;
  const m = fnfOf(s).melees[meleeId];
  if (m === undefined) return s;
  const drop = (st: BattleState): BattleState => {
    const f = fnfOf(st);
    const melees = { ...f.melees };
    delete melees[meleeId];
    return withFnf(st, { ...f, melees });
  };
  let result: ChargeResult = "DESPERATE_STRUGGLE";
  let diff = 0;
  let sides = meleeSides(s, meleeId, choices.lead);
  for (let round = 1; sides !== null; round++) {
    ({ diff, result } = rollMelee(s, sides.att, sides.def, ctx, round));
    const def = sides.def.lead;
    if (def.kind === "detachment" && diff >= 0) {
      s = removeUnit(s, def.id, "destroyed", "FNF-DET-4", ctx);
      return drop(s);
    }
    if (result !== "DESPERATE_STRUGGLE") break;
    // Desperate struggle: both disordered/silenced, each loses a stand, roll again (FNF-MEL-5, FNF-MEL-8).
    for (const u of [sides.att.lead, def]) {
      s = disorder(s, u, round === 1 ? "FNF-MEL-5" : "FNF-MEL-8", ctx);
      const cur = unitOf(s, u.id);
      if (cur !== undefined) s = standLoss(s, cur, 1, "lost", u.side === def.side ? sides.att.lead.side : def.side, ctx);
    }
    sides = meleeSides(s, meleeId, choices.lead);
  }
  if (sides === null) return drop(s);
  // The melee is over once its result is known: dropped before the result is carried out, so a
  // breakthrough that meets the unit just driven back starts (and fights) a new melee instead of
  // joining this one (FNF-MEL-7, AMB-89).
  return applyResult(drop(s), sides.att, sides.def, result, diff, choices, ctx);
}

/** Applies a decisive charge-table result (FNF-MEL-5/6/7; batteries FNF-ART-5). */
function applyResult(state: BattleState, att: MeleeSide, def: MeleeSide, result: ChargeResult, diff: number, choices: MeleeChoices, ctx: ActionContext): BattleState {
  let s = state;
  const d = def.lead;
  const a = att.lead;
  ctx.emit("fnf/meleeResult", "FNF-MEL-5", { defender: d.id, lead: a.id, result, difference: diff });
  let moved = 0;
  const defRetreat = (how: "fullMove" | "beyondMusket" | "recoil"): void => {
    if (d.battery !== null) s = limberForRetreat(s, d.id);
    const r = withdraw(s, d.id, a, how, att.units, "FNF-MEL-6", ctx);
    [s, moved] = [r.state, r.distance];
  };
  switch (result) {
    case "SWEPT": {
      const extra = Math.max(0, diff - EXTRA_CAPTURE_BEYOND);
      s = captureLeaders(s, d, ctx);
      if (d.battery !== null) {
        s = creditCaptured(s, a.side, 1);
        s = removeUnit(s, d.id, "captured", "FNF-MEL-5", ctx);
      } else {
        s = disorder(s, d, "FNF-MEL-5", ctx);
        s = loseBases(s, d.id, 1 + extra, "FNF-MEL-5", ctx, "captured", a.side);
        s = loseBases(s, d.id, 1, "FNF-MEL-5", ctx, "fled");
        defRetreat("fullMove");
      }
      for (const x of att.units) s = breakthrough(s, x.id, moved, ctx, fightAtOnce);
      return s;
    }
    case "DRIVEN_BACK":
      s = disorder(s, d, "FNF-MEL-5", ctx);
      s = standLoss(s, d, 1, "fled", a.side, ctx);
      if (d.battery !== null) s = updateUnit(s, d.id, (x) => (x.battery === null ? x : { ...x, battery: { ...x.battery, withdrawn: true } }));
      defRetreat("beyondMusket");
      for (const x of att.units) s = choices.drivenBack === "breakthrough" ? breakthrough(s, x.id, moved, ctx, fightAtOnce) : carryPosition(s, x.id, moved, choices.advance, ctx);
      return s;
    case "HARD_PRESSED":
      if (d.battery !== null) {
        s = silenceBattery(s, d.id, true, "FNF-ART-5", ctx);
        defRetreat("beyondMusket");
      } else {
        s = disorder(s, d, "FNF-MEL-5", ctx);
        defRetreat("recoil");
      }
      for (const x of att.units) s = carryPosition(s, x.id, moved, choices.advance, ctx);
      return s;
    case "ASSAULT_CHECKED":
      for (const x of att.units) {
        s = disorder(s, x, "FNF-MEL-5", ctx);
        s = withdraw(s, x.id, d, "recoil", [d], "FNF-MEL-6", ctx).state;
      }
      return s;
    case "ASSAULT_FALTERS":
      s = loseBases(s, a.id, 1, "FNF-MEL-5", ctx, "fled");
      for (const x of att.units) {
        s = disorder(s, x, "FNF-MEL-5", ctx);
        s = withdraw(s, x.id, d, "beyondMusket", [d], "FNF-MEL-6", ctx).state;
      }
      return s;
    case "CHARGE_REPULSED": {
      const extra = Math.max(0, -diff - EXTRA_CAPTURE_BEYOND);
      const senior = seniorAttached(s, a.id);
      s = senior !== undefined ? loseLeader(s, senior, "captured", ctx) : loseBrigadier(s, a.id, "captured", ctx);
      s = loseBases(s, a.id, 1 + extra, "FNF-MEL-5", ctx, "captured", d.side);
      for (const x of att.units) {
        s = disorder(s, x, "FNF-MEL-5", ctx);
        s = withdraw(s, x.id, d, "fullMove", [d], "FNF-MEL-6", ctx).state;
      }
      return s;
    }
    case "DESPERATE_STRUGGLE":
      return s;
  }
}

/** Fights a breakthrough melee at once with the default choices (FNF-MEL-7). */
function fightAtOnce(state: BattleState, meleeId: string, ctx: ActionContext): BattleState {
  return fightMelee(state, meleeId, DEFAULT_CHOICES, ctx);
}

/** Fights a melee chosen by the phasing player (FNF-MEL-1a). */
export function resolveMelee(state: BattleState, a: ResolveMeleeAction, ctx: ActionContext): Outcome {
  const m = fnfOf(state).melees[a.melee];
  if (m === undefined) return fail(violation("fnf/unknown_melee", "FNF-MEL-1a", { melee: a.melee }));
  if (a.lead !== null && !m.attackers.includes(a.lead)) return fail(violation("fnf/bad_lead", "FNF-MEL-1", { melee: a.melee, lead: a.lead }));
  return ok(fightMelee(state, a.melee, { lead: a.lead, drivenBack: a.drivenBack, advance: a.advance }, ctx));
}

/** Fights every melee still pending, in the order they were made (end of the melee phase, FNF-TURN-1). */
export function fightRemainingMelees(state: BattleState, ctx: ActionContext): BattleState {
  let s = state;
  for (let guard = 0; guard < 1000; guard++) {
    const next = Object.values(fnfOf(s).melees)[0];
    if (next === undefined) break;
    s = fightMelee(s, next.id, DEFAULT_CHOICES, ctx);
  }
  return s;
}

export { CHARGE_RESULTS };
