/**
 * Fallback listing of the WHN close combat module (the WHN pack's `fallbackListings`; the module
 * declares its own `legal`, which the engine lists first): the module's `legalCombatActions`, plus
 * the refusal variants below, each checked with the engine.
 *
 * Discretisation (every candidate checked with the engine):
 * - a pending restraint decision (CORE-PURS-1): pursue, or take the restraint test;
 * - the owner's-choice decisions, from `legalCombatActions`, the default answer first: attack split
 *   (CORE-CC-2, every split of the shared models), redress (CORE-REDR-1/2, each frontage allowed,
 *   widest first, no redress last) and casualty choice (WHN-FORM-8, in any phase);
 * - a pending challenge (CORE-CHAL-1): decline, or challenge with each own character in the combat
 *   (with `core.challengeRefuserChooses` off, once per enemy character to retire on a refusal);
 * - a pending answer (CORE-CHAL-2): accept with each own character, or refuse (with the option on,
 *   once per own character that retires);
 * - the combat phase with nothing pending: `combat/fight` for each combat not yet fought;
 * - the declare-charges step: `combat/disengage` for each of the active side's engaged units.
 */
import { type BattleState, isFigureScale } from "../../state/battle.js";
import type { CharacterId, SideId } from "../../state/ids.js";
import { challengers } from "../../rules/whn/combat/challenge.js";

/** A combat as the state holds it. */
type Combat = BattleState["combats"][keyof BattleState["combats"]];
import type { Action } from "../../engine/actions.js";
import { legalCombatActions } from "../../rules/whn/combat/legal.js";
import { listLegal, type CandidateListing } from "../../engine/module.js";
import { applies, decidingSideOf, decidingUnits } from "./common.js";

/** The characters and champions of one side who may fight a challenge in a combat (CORE-CHAL-1, AMB-111). */
function charactersIn(state: BattleState, combat: Combat, side: string): CharacterId[] {
  const characters = Object.values(state.characters)
    .filter((c) => c.side === side && c.removed === null && c.order !== "FLEEING" && c.joinedTo !== null && combat.units.includes(c.joinedTo))
    .map((c) => c.id);
  const champions = challengers(state, combat, side as SideId).filter((c) => c.championOf !== null).map((c) => c.id);
  return [...characters, ...champions];
}

/** The combat a challenge decision is about (its targets are the combat's units). */
function combatOfDecision(state: BattleState, targets: readonly string[]): Combat | undefined {
  return Object.values(state.combats).find((c) => targets.length > 0 && targets.every((t) => (c.units as readonly string[]).includes(t)));
}

function decisionAnswers(state: BattleState): Action[] {
  const d = state.pending[0];
  if (d === undefined) return [];
  if (d.kind === "restraint" && d.unit !== null) {
    return [
      { type: "combat/restrain", unit: d.unit, pursue: true },
      { type: "combat/restrain", unit: d.unit, pursue: false },
    ];
  }
  if (d.kind !== "challenge" && d.kind !== "challengeAnswer") return [];
  const c = combatOfDecision(state, d.targets);
  if (c === undefined) return [];
  const own = charactersIn(state, c, d.side);
  const enemy = Object.keys(state.sides).find((s) => s !== d.side) ?? d.side;
  const out: Action[] = [];
  if (d.kind === "challenge") {
    out.push({ type: "combat/challenge", combat: c.id, challenger: null });
    for (const ch of own) {
      out.push({ type: "combat/challenge", combat: c.id, challenger: ch });
      if (!state.options.core.challengeRefuserChooses) {
        for (const e of charactersIn(state, c, enemy)) out.push({ type: "combat/challenge", combat: c.id, challenger: ch, retireIfRefused: e });
      }
    }
  } else {
    for (const ch of own) out.push({ type: "combat/answerChallenge", combat: c.id, champion: ch });
    out.push({ type: "combat/answerChallenge", combat: c.id, champion: null });
    if (state.options.core.challengeRefuserChooses) for (const ch of own) out.push({ type: "combat/answerChallenge", combat: c.id, champion: null, retire: ch });
  }
  return out;
}

function ownListing(state: BattleState): Action[] {
  if (state.pending.length > 0) return decisionAnswers(state);
  if (state.turn.phase === "combat") return Object.keys(state.combats).map((id) => ({ type: "combat/fight", combat: id }) as Action);
  if (state.turn.phase === "movement" && state.turn.step === "declareCharges") {
    const engaged = new Set(Object.values(state.combats).flatMap((c) => c.units as readonly string[]));
    const side = decidingSideOf(state);
    return decidingUnits(state)
      .filter((u) => u.side === side && engaged.has(u.id))
      .map((u) => ({ type: "combat/disengage", unit: u.id }) as Action);
  }
  return [];
}

/** The combat candidates of the deciding side now, unchecked (duplicates dropped). */
export function combatCandidates(state: BattleState): Action[] {
  if (!isFigureScale(state.ruleset)) return [];
  const seen = new Set<string>();
  const out: Action[] = [];
  for (const a of [...(legalCombatActions(state) as Action[]), ...ownListing(state)]) {
    const key = JSON.stringify(a);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(a);
    }
  }
  return out;
}

/** The combat listing: the candidates above, each checked with the engine. */
export const COMBAT_LISTING: CandidateListing<Action> = { candidates: combatCandidates, check: applies };

/** The combat actions of the deciding side now (each checked with the engine). */
export function combatLegal(state: BattleState): Action[] {
  return listLegal(state, COMBAT_LISTING);
}
