/**
 * Invariants of the WHN ruleset: figures, order states and flags, fleeing, panic and break tests,
 * pursuit, characters, combats and the footprints of units on the table.
 */
import type { BattleState } from "../../state/battle.js";
import type { Unit } from "../../state/unit.js";
import { footprintOf, inPlay } from "../../rules/whn/unit.js";
import { crewUnitId } from "../../rules/whn/artillery/crew.js";
import { rectsOverlap, type Footprint } from "../../geometry/rect.js";
import { at, stateInvariant, stepInvariant, type Invariant, type Verdict } from "./types.js";
import { actionType, actorOf, eventsNaming } from "./util.js";

/** Invariants of both figure-scale rulesets (CORE plays the WHN reducers), and of WHN alone. */
const WHN = ["whn", "core"] as const;
const WHN_ONLY = ["whn"] as const;

/** Event types after which a unit may hold more figures than before (crews re-manning or sheltering, detachments returning or merging). */
export const FIGURE_GAIN_EVENTS: ReadonlySet<string> = new Set(["artillery/remanned", "artillery/sheltered", "artillery/leftShelter", "unit/detachmentReturned", "unit/detachmentMerged"]);
/** Actions by which a unit shoots. */
const SHOOTING = new Set(["shooting/fire", "shooting/volley", "artillery/fire"]);
/** Events by which a unit pursues. */
const PURSUIT = new Set(["combat/pursuit", "combat/pursued", "combat/pursuedOffTable", "combat/pursuitCharge"]);

/** Ids of the units in some close combat of a state. */
export function unitsInCombat(s: BattleState): Set<string> {
  const out = new Set<string>();
  for (const c of Object.values(s.combats)) for (const id of c.units) out.add(id);
  return out;
}

/**
 * Whether a unit takes up table space for the overlap check: in play with figures, not merged into
 * its parent, or a gun still on the table (a gun whose crew fled, died or shelter in a square stays
 * where it is, WHN-ART-16; the sheltering crew take no room of their own, WHN-ART-7).
 */
function occupies(u: Unit): boolean {
  return u.removed === null && u.mergedInto === null && (u.figures > 0 || u.troopType === "artillery");
}

/** Starting figures of the detachments merged into each unit (their models stand in its ranks, WHN-DET-5). */
function mergedStarts(s: BattleState): Map<string, number> {
  const out = new Map<string, number>();
  for (const u of Object.values(s.units)) if (u.mergedInto !== null) out.set(u.mergedInto, (out.get(u.mergedInto) ?? 0) + u.startingFigures);
  return out;
}

/** Whether two units may legitimately overlap: one is a detachment of the other. */
function related(a: Unit, b: Unit): boolean {
  return a.detachmentOf === b.id || b.detachmentOf === a.id;
}

/** Whether a unit's footprint may have changed between two states. */
function placed(a: Unit | undefined, b: Unit): boolean {
  return a === undefined || a.position !== b.position || a.facing !== b.facing || a.formation !== b.formation || a.files !== b.files || a.figures !== b.figures || a.models !== b.models || a.removed !== b.removed;
}

/** The first pair of overlapping units among `movers` × every unit, outside combat; or null. */
export function overlapAmong(s: BattleState, movers: readonly Unit[]): Verdict {
  const engaged = unitsInCombat(s);
  const all = Object.values(s.units).filter((u) => occupies(u) && !engaged.has(u.id));
  const fps = new Map<string, Footprint>();
  const fp = (u: Unit): Footprint => {
    let f = fps.get(u.id);
    if (f === undefined) fps.set(u.id, (f = footprintOf(u)));
    return f;
  };
  for (const m of movers) {
    if (!occupies(m) || engaged.has(m.id)) continue;
    for (const o of all) {
      if (o.id === m.id || related(m, o)) continue;
      if (Math.abs(o.position.x - m.position.x) + Math.abs(o.position.y - m.position.y) > 200) continue;
      for (const ra of fp(m)) for (const rb of fp(o)) if (rectsOverlap(ra, rb)) return at(["units", m.id, "position"], `"${m.id}" overlaps "${o.id}"`);
    }
  }
  return null;
}

/** WHN invariants. */
export const WHN_INVARIANTS: readonly Invariant[] = [
  stateInvariant({
    id: "unit.figuresInRange",
    rule: "CORE-SHOOT-6",
    doc: "Figures are a whole number from 0 to the unit's starting figures (plus those of the detachments merged into it, WHN-DET-5); wounds taken stay below the model's W.",
    rulesets: WHN,
    cost: "cheap",
    check: (s) => {
      const merged = mergedStarts(s);
      for (const u of Object.values(s.units)) {
        if (!Number.isInteger(u.figures) || u.figures < 0) return at(["units", u.id, "figures"], `"${u.id}" has ${u.figures} figures`);
        const most = u.startingFigures + (merged.get(u.id) ?? 0);
        if (u.figures > most) return at(["units", u.id, "figures"], `"${u.id}" has ${u.figures} figures, started with ${most}`);
        if (u.figures > 0 && u.woundsTaken >= u.profile.W) return at(["units", u.id, "woundsTaken"], `"${u.id}" has taken ${u.woundsTaken} wounds with W ${u.profile.W}`);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "unit.placedOnTable",
    rule: "CORE-GEO-28",
    doc: "A unit in play has a finite position and facing, with its front-edge centre on the table (units that leave the table are removed).",
    rulesets: WHN,
    cost: "cheap",
    check: (s) => {
      for (const u of Object.values(s.units)) {
        if (!Number.isFinite(u.position.x) || !Number.isFinite(u.position.y) || !Number.isFinite(u.facing)) return at(["units", u.id, "position"], `"${u.id}" at a non-finite place`);
        if (u.removed !== null || u.figures === 0 || u.mergedInto !== null) continue;
        const { x, y } = u.position;
        if (x < -0.01 || y < -0.01 || x > s.table.width + 0.01 || y > s.table.height + 0.01) return at(["units", u.id, "position"], `"${u.id}" in play at (${x.toFixed(2)}, ${y.toFixed(2)}), off the table`);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "character.joinedOwnSideInPlay",
    rule: "CORE-CHAR-5",
    doc: "A character in play is joined only to a unit of his own side that is itself in play.",
    rulesets: WHN,
    cost: "cheap",
    check: (s) => {
      for (const c of Object.values(s.characters)) {
        if (c.joinedTo === null || c.removed !== null) continue;
        const u = Object.hasOwn(s.units, c.joinedTo) ? s.units[c.joinedTo] : undefined;
        const path = ["characters", c.id, "joinedTo"];
        if (u === undefined) return at(path, `"${c.id}" joined to unknown "${c.joinedTo}"`);
        if (u.side !== c.side) return at(path, `"${c.id}" (${c.side}) joined to "${u.id}" (${u.side})`);
        if (u.removed !== null) return at(path, `"${c.id}" still joined to removed "${u.id}" (${u.removed.reason})`);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "detachment.mergedInParent",
    rule: "WHN-DET-5",
    doc: "A merged detachment still in the battle stands in its own parent, of its side, which is in the battle too and holds at least the elites merged into it; it is in no combat and no pending decision.",
    rulesets: WHN,
    cost: "cheap",
    check: (s) => {
      const elites = new Map<string, number>();
      const engaged = unitsInCombat(s);
      for (const d of Object.values(s.units)) {
        if (d.mergedInto === null || d.removed !== null) continue;
        const p = Object.hasOwn(s.units, d.mergedInto) ? s.units[d.mergedInto] : undefined;
        if (p === undefined || d.detachmentOf !== p.id) return at(["units", d.id, "mergedInto"], `"${d.id}" merged into "${d.mergedInto}", not its parent`);
        if (p.side !== d.side) return at(["units", d.id, "mergedInto"], `"${d.id}" merged into "${p.id}" of another side`);
        if (p.removed !== null && p.removed.reason !== "offTable") return at(["units", d.id, "mergedInto"], `"${d.id}" still merged into "${p.id}", which was ${p.removed.reason}`);
        if (engaged.has(d.id) || s.pending.some((x) => x.unit === d.id)) return at(["units", d.id, "mergedInto"], `merged "${d.id}" is named by a combat or a pending decision`);
        elites.set(p.id, (elites.get(p.id) ?? 0) + d.figures);
      }
      for (const [id, n] of elites) {
        const p = s.units[id as keyof typeof s.units];
        if (p !== undefined && p.figures < n) return at(["units", id, "figures"], `"${id}" has ${p.figures} figures but ${n} merged elites`);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "combat.wellFormed",
    rule: "CORE-CC-1",
    doc: "Every close combat lists units that exist, at least one of each side.",
    rulesets: WHN,
    cost: "cheap",
    check: (s) => {
      for (const c of Object.values(s.combats)) {
        const sides = new Set<string>();
        for (const id of c.units) {
          const u = Object.hasOwn(s.units, id) ? s.units[id] : undefined;
          if (u === undefined) return at(["combats", c.id, "units"], `combat "${c.id}" lists unknown "${id}"`);
          sides.add(u.side);
        }
        if (sides.size < 2) return at(["combats", c.id, "units"], `combat "${c.id}" has units of ${sides.size} side(s) only`);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "flags.rallyConsistent",
    rule: "CORE-RALLY-4",
    doc: "A unit rallied from fleeing this turn is marked rallied, and is not FLEEING unless it fled again.",
    rulesets: WHN,
    cost: "cheap",
    check: (s) => {
      for (const u of Object.values(s.units)) if (u.flags.ralliedFromFleeing && !u.flags.rallied) return at(["units", u.id, "flags"], `"${u.id}" rallied from fleeing but not rallied`);
      return null;
    },
  }),
  stateInvariant({
    id: "artillery.crewInOnePlace",
    rule: "WHN-ART-16",
    doc: "While a gun's crew stand apart from it as a unit in play, the gun is off the table or left empty: abandoned, with no crew models of its own and no crew sheltering.",
    rulesets: WHN_ONLY,
    cost: "cheap",
    check: (s) => {
      const guns = Object.values(s.units).filter((u) => u.artillery !== null);
      if (guns.length === 0) return null;
      // How many guns would read each crew id (ids cut at 58 characters may collide; such guns are left alone).
      const readers = new Map<string, number>();
      for (const g of guns) readers.set(crewUnitId(g.id), (readers.get(crewUnitId(g.id)) ?? 0) + 1);
      for (const g of guns) {
        const art = g.artillery;
        if (art === null || g.removed !== null) continue;
        const cid = crewUnitId(g.id);
        const crew = s.units[cid];
        if (crew === undefined || readers.get(cid) !== 1 || crew.artillery !== null || crew.side !== g.side || !inPlay(crew)) continue;
        if (!art.abandoned) return at(["units", g.id, "artillery", "abandoned"], `gun "${g.id}" is manned while its crew "${cid}" stand apart`);
        if (art.shelteringIn !== null) return at(["units", g.id, "artillery", "shelteringIn"], `gun "${g.id}" has crew sheltering while its crew "${cid}" stand apart`);
        if (g.figures > 0) return at(["units", g.id, "figures"], `abandoned gun "${g.id}" holds ${g.figures} crew figures while its crew "${cid}" stand apart`);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "unit.noOverlapAtAll",
    rule: "CORE-GEO-18",
    doc: "No two units in play overlap outside close combat (the whole table, checked at sampled states).",
    rulesets: WHN,
    cost: "full",
    check: (s) => overlapAmong(s, Object.values(s.units)),
  }),
  stateInvariant({
    id: "combat.noInterpenetration",
    rule: "CORE-GEO-18",
    doc: "A unit in close combat touches its enemies but overlaps no unit (in its combat or not), like any other unit; the overlap invariants above leave engaged units out.",
    rulesets: WHN,
    cost: "cheap",
    check: (s) => {
      const engaged = unitsInCombat(s);
      if (engaged.size === 0) return null;
      const all = Object.values(s.units).filter(occupies);
      const fps = new Map<string, Footprint>(all.map((u) => [u.id, footprintOf(u)]));
      for (const m of all) {
        if (!engaged.has(m.id)) continue;
        for (const o of all) {
          if (o.id === m.id || related(m, o) || (engaged.has(o.id) && o.id < m.id)) continue;
          if (Math.abs(o.position.x - m.position.x) + Math.abs(o.position.y - m.position.y) > 200) continue;
          for (const ra of fps.get(m.id)!) for (const rb of fps.get(o.id)!) if (rectsOverlap(ra, rb)) return at(["units", m.id, "position"], `"${m.id}", in close combat, overlaps "${o.id}"`);
        }
      }
      return null;
    },
  }),
  stepInvariant({
    id: "unit.noOverlap",
    rule: "CORE-GEO-18",
    doc: "After a step, no unit whose footprint changed overlaps another unit, outside close combat (CORE-FLEE-4 places fleeing units clear of friends).",
    rulesets: WHN,
    cost: "cheap",
    check: ({ before: b, after: a }) => overlapAmong(a, Object.values(a.units).filter((u) => placed(Object.hasOwn(b.units, u.id) ? b.units[u.id] : undefined, u))),
  }),
  stepInvariant({
    id: "unit.figuresNeverIncrease",
    rule: "CORE-SHOOT-6",
    doc: "A unit's figures never increase, except when crews re-man or shelter (WHN-ART-7, WHN-ART-16) or a detachment merges into it (WHN-DET-5); starting figures never change.",
    rulesets: WHN,
    cost: "cheap",
    check: ({ before: b, after: a, events }) => {
      for (const u of Object.values(a.units)) {
        const p = Object.hasOwn(b.units, u.id) ? b.units[u.id] : undefined;
        if (p === undefined) continue;
        if (u.startingFigures !== p.startingFigures) return `"${u.id}" starting figures ${p.startingFigures} → ${u.startingFigures}`;
        if (u.figures > p.figures && eventsNaming(events, FIGURE_GAIN_EVENTS, u.id).length === 0) return `"${u.id}" figures ${p.figures} → ${u.figures} with no rule allowing it`;
      }
      return null;
    },
  }),
  stepInvariant({
    id: "unit.removedStaysRemoved",
    rule: "CORE-PURS-7",
    doc: "A removed unit stays removed and does not move, except a pursuer that left the table returning (CORE-PURS-7).",
    rulesets: WHN,
    cost: "cheap",
    check: ({ before: b, after: a }) => {
      for (const p of Object.values(b.units)) {
        if (p.removed === null) continue;
        const u = a.units[p.id];
        if (u === undefined) continue;
        if (u.removed === null && p.removed.reason !== "offTable") return `"${p.id}" came back after being ${p.removed.reason}`;
        if (u.removed !== null && (u.position.x !== p.position.x || u.position.y !== p.position.y)) return `removed "${p.id}" moved`;
        if (u.removed !== null && u.figures > p.figures) return `removed "${p.id}" gained figures`;
      }
      return null;
    },
  }),
  stepInvariant({
    id: "flee.neverShoots",
    rule: "CORE-FLEE-1",
    doc: "A FLEEING unit never shoots: no accepted shooting action names it, and its shot flag is never set.",
    rulesets: WHN,
    cost: "cheap",
    check: ({ before: b, action, after: a }) => {
      const actor = actorOf(action);
      if (actor !== null && SHOOTING.has(actionType(action))) {
        const u = Object.hasOwn(b.units, actor.id) ? b.units[actor.id as keyof typeof b.units] : undefined;
        if (u?.order === "FLEEING") return `FLEEING "${u.id}" shot (${actionType(action)})`;
      }
      for (const u of Object.values(a.units)) {
        const p = b.units[u.id];
        if (p !== undefined && p.order === "FLEEING" && u.order === "FLEEING" && u.flags.shot && !p.flags.shot) return `FLEEING "${u.id}" marked as having shot`;
      }
      return null;
    },
  }),
  stepInvariant({
    id: "flee.neverCharges",
    rule: "CORE-CHRG-1",
    doc: "A FLEEING unit never declares a charge or charges.",
    rulesets: WHN,
    cost: "cheap",
    check: ({ before: b, action, after: a }) => {
      const t = actionType(action);
      const actor = actorOf(action);
      if (actor !== null && (t === "movement/declareCharge" || t === "movement/chargeMove")) {
        const u = Object.hasOwn(b.units, actor.id) ? b.units[actor.id as keyof typeof b.units] : undefined;
        if (u?.order === "FLEEING") return `FLEEING "${u.id}" charged (${t})`;
      }
      for (const u of Object.values(a.units)) {
        const p = b.units[u.id];
        if (p?.order === "FLEEING" && u.order === "FLEEING" && u.flags.declaredCharge && !p.flags.declaredCharge) return `FLEEING "${u.id}" marked as declaring a charge`;
      }
      return null;
    },
  }),
  stepInvariant({
    id: "panic.failedDisorderedFlees",
    rule: "WHN-PANIC-3",
    doc: "A unit that fails a Panic test while DISORDERED flees (or is destroyed); one that fails while GOOD is no longer GOOD.",
    rulesets: WHN_ONLY,
    cost: "cheap",
    check: ({ after: a, events }) => {
      for (const e of events) {
        if (e.type !== "morale/panicTest" || e["passed"] !== false) continue;
        const u = a.units[e["unit"] as keyof typeof a.units];
        if (u === undefined || u.removed !== null) continue;
        if (e["order"] === "DISORDERED" && u.order !== "FLEEING") return `"${u.id}" failed a Panic test while DISORDERED and is ${u.order}`;
        if (e["order"] === "GOOD" && u.order === "GOOD") return `"${u.id}" failed a Panic test and is still GOOD`;
      }
      return null;
    },
  }),
  stepInvariant({
    id: "break.passedFallsBack",
    rule: "WHN-BREAK-1",
    doc: "A unit that passes a WHN Break test is DISORDERED (or worse) at once, and out of its combat once the phase's aftermath is done (fall backs wait for pending pursuit decisions, WHN-BREAK-2).",
    rulesets: WHN_ONLY,
    cost: "cheap",
    check: ({ before: b, after: a, events }) => {
      for (const e of events) {
        if (e.type !== "combat/breakTest" || e["passed"] !== true) continue;
        const u = a.units[e["unit"] as keyof typeof a.units];
        if (u !== undefined && u.removed === null && u.order === "GOOD") return `"${u.id}" passed its Break test and is still GOOD`;
      }
      // Fall backs are made after all flee and pursuit moves (WHN-BREAK-2, WHN-TURN-1 step 4): check
      // every Break test passed since the previous aftermath once this step finishes one.
      const done = events.map((e) => e.type).lastIndexOf("combat/aftermathDone");
      if (done < 0 && !events.some((e) => e.type === "combat/breakTest" && e["passed"] === true)) return null;
      const unfinished = a.pending.some((d) => d.kind === "restraint");
      const end = done >= 0 ? done : unfinished ? -1 : events.length;
      if (end < 0) return null;
      const engaged = unitsInCombat(a);
      // The Break tests passed since the previous aftermath: this step's, back to that aftermath
      // (or the phase's start), and before the step those whose fall back the state still holds due.
      const passed: string[] = [];
      const charged = new Set<string>();
      let i = end - 1;
      for (; i >= 0; i--) {
        const e = events[i] as (typeof events)[number];
        if (e.type === "combat/aftermathDone" || e.type === "turn/phaseStarted") break;
        if (e.type === "combat/breakTest" && e["passed"] === true) passed.push(e["unit"] as string);
        if (e.type === "combat/pursuitCharge") charged.add(e["target"] as string);
      }
      if (i < 0) {
        for (const d of b.facts.aftermath.fallBacks) passed.push(d.unit);
        for (const p of b.facts.step.pursuitCharges) charged.add(p.target);
      }
      for (const id of passed) {
        const u = a.units[id as keyof typeof a.units];
        if (u === undefined || u.removed !== null) continue;
        if (engaged.has(id) && !charged.has(id)) return `"${id}" passed its Break test and is still in a combat`;
      }
      return null;
    },
  }),
  stepInvariant({
    id: "pursuit.squaresNever",
    rule: "WHN-BREAK-5",
    doc: "A SQUARE never pursues.",
    rulesets: WHN,
    cost: "cheap",
    check: ({ before: b, events }) => {
      for (const e of events) {
        if (!PURSUIT.has(e.type)) continue;
        const u = b.units[e["unit"] as keyof typeof b.units];
        if (u?.formation === "SQUARE") return `SQUARE "${u.id}" pursued (${e.type})`;
        if (u?.order === "FLEEING") return `FLEEING "${u.id}" pursued (${e.type})`;
      }
      return null;
    },
  }),
];
