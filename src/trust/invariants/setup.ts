/**
 * Invariants that hold `loadState` to what `createBattle` refuses about a battle's content: the
 * size limits, the pieces each ruleset knows (one battle standard per army and only under CORE, no
 * WHN firearms, guns, detachments or fires in a CORE battle), guns fit for their arm and units in a
 * formation their troops may take. A setup refusal that play can later undo is kept here only in
 * the part play cannot undo (see each doc); docs/guides/trust.md (fifth session) maps every setup
 * refusal to its invariant.
 */
import type { BattleState } from "../../state/battle.js";
import { SETUP_LIMITS } from "../../state/limits.js";
import { crewUnitId } from "../../rules/whn/artillery/crew.js";
import { gunServesArm } from "../../rules/whn/artillery/guns.js";
import { setupShapeRefusal } from "../../rules/whn/movement/formations.js";
import { WHN_ONLY_MELEE, WHN_ONLY_MISSILES } from "../../rules/core/setup.js";
import { at, stateInvariant, type Invariant } from "./types.js";

const ALL = ["whn", "fnf", "core"] as const;
const FIGURE = ["whn", "core"] as const;
const CORE = ["core"] as const;
const NOT_CORE = ["whn", "fnf"] as const;

/**
 * The ids of the guns' crews standing apart (WHN-ART-16, `<gun>.crew`): units the rules place
 * themselves, more than the setup listed, in a shape no formation table governs.
 */
function crewsApart(s: BattleState): Set<string> {
  const out = new Set<string>();
  for (const u of Object.values(s.units)) if (u.troopType === "artillery") out.add(crewUnitId(u.id));
  return out;
}

/** The (n+1)-th key of a record, for a path naming the first piece past a limit. */
function keyAt(record: object, n: number): string {
  return Object.keys(record)[n] ?? "";
}

/** The invariants mirroring createBattle's content refusals. */
export const SETUP_INVARIANTS: readonly Invariant[] = [
  stateInvariant({
    id: "state.withinLimits",
    rule: "CORE-GEN-1",
    doc: "A battle holds no more pieces than a setup may list (SETUP_LIMITS: units, characters, terrain features, FnF units and leaders), not counting those play adds (a gun's crew apart, an FnF detachment).",
    rulesets: ALL,
    cost: "cheap",
    check: (s) => {
      const crews = crewsApart(s);
      const units = Object.values(s.units).filter((u) => !crews.has(u.id));
      if (units.length > SETUP_LIMITS.units) return at(["units", units[SETUP_LIMITS.units]!.id], `${units.length} units; a battle has at most ${SETUP_LIMITS.units} (crews apart not counted)`);
      const characters = Object.keys(s.characters).length;
      if (characters > SETUP_LIMITS.characters) return at(["characters", keyAt(s.characters, SETUP_LIMITS.characters)], `${characters} characters; a battle has at most ${SETUP_LIMITS.characters}`);
      if (s.terrain.length > SETUP_LIMITS.terrainFeatures) return at(["terrain", SETUP_LIMITS.terrainFeatures], `${s.terrain.length} terrain features; a battle has at most ${SETUP_LIMITS.terrainFeatures}`);
      const f = s.fnf;
      if (f === null) return null;
      // Detachments are made in play (FNF-DET-2) and never deleted, so only the other units count.
      const fnfUnits = Object.values(f.units).filter((u) => u.kind !== "detachment");
      if (fnfUnits.length > SETUP_LIMITS.fnfUnits) return at(["fnf", "units", fnfUnits[SETUP_LIMITS.fnfUnits]!.id], `${fnfUnits.length} FnF units besides detachments; a battle has at most ${SETUP_LIMITS.fnfUnits}`);
      const leaders = Object.keys(f.leaders).length;
      if (leaders > SETUP_LIMITS.fnfLeaders) return at(["fnf", "leaders", keyAt(f.leaders, SETUP_LIMITS.fnfLeaders)], `${leaders} FnF leaders; a battle has at most ${SETUP_LIMITS.fnfLeaders}`);
      return null;
    },
  }),
  stateInvariant({
    id: "core.oneBattleStandard",
    rule: "CORE-BSB-1",
    doc: "Under the core rules an army has at most one battle standard bearer (slain or not: the standard is never handed on).",
    rulesets: CORE,
    cost: "cheap",
    check: (s) => {
      const bearer = new Map<string, string>();
      for (const c of Object.values(s.characters)) {
        if (c.battleStandard !== true) continue;
        const first = bearer.get(c.side);
        if (first !== undefined) return at(["characters", c.id, "battleStandard"], `side "${c.side}" has a second battle standard bearer, "${c.id}" (the first is "${first}")`);
        bearer.set(c.side, c.id);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "character.battleStandardCoreOnly",
    rule: "WHN-GEN-3",
    doc: "Only CORE battles have battle standards: no character of a WHN or FnF battle carries one.",
    rulesets: NOT_CORE,
    cost: "cheap",
    check: (s) => {
      for (const c of Object.values(s.characters)) if (c.battleStandard === true) return at(["characters", c.id, "battleStandard"], `"${c.id}" carries a battle standard in a ${s.ruleset.toUpperCase()} battle`);
      return null;
    },
  }),
  stateInvariant({
    id: "core.noArtillery",
    rule: "CORE-MOVE-1",
    doc: "The core rules have no artillery: no unit of a CORE battle is a gun.",
    rulesets: CORE,
    cost: "cheap",
    check: (s) => {
      for (const u of Object.values(s.units)) if (u.troopType === "artillery") return at(["units", u.id, "troopType"], `"${u.id}" is artillery in a CORE battle`);
      return null;
    },
  }),
  stateInvariant({
    id: "core.noFirearms",
    rule: "CORE-SHOOT-7",
    doc: "The core rules have no firearms: no unit of a CORE battle carries a rifle, musket, carbine or pistol.",
    rulesets: CORE,
    cost: "cheap",
    check: (s) => {
      for (const u of Object.values(s.units)) {
        const w = u.equipment.missile;
        if (w !== null && (WHN_ONLY_MISSILES as readonly string[]).includes(w)) return at(["units", u.id, "equipment", "missile"], `"${u.id}" carries a ${w} in a CORE battle`);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "core.coreMeleeWeapons",
    rule: "CORE-WPN-1",
    doc: "Under the core rules close-combat weapons are the core list's (the CORE lance is its own entry): no WHN bayonet, sabre, sword or WHN lance.",
    rulesets: CORE,
    cost: "cheap",
    check: (s) => {
      for (const u of Object.values(s.units)) {
        if ((WHN_ONLY_MELEE as readonly string[]).includes(u.equipment.melee)) return at(["units", u.id, "equipment", "melee"], `"${u.id}" fights with the WHN ${u.equipment.melee} in a CORE battle`);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "core.noDetachments",
    rule: "WHN-DET-1",
    doc: "Detachments belong to WHN: no unit of a CORE battle is a detachment of another or merged into one.",
    rulesets: CORE,
    cost: "cheap",
    check: (s) => {
      for (const u of Object.values(s.units)) {
        if (u.detachmentOf !== null) return at(["units", u.id, "detachmentOf"], `"${u.id}" is a detachment of "${u.detachmentOf}" in a CORE battle`);
        if (u.mergedInto !== null) return at(["units", u.id, "mergedInto"], `"${u.id}" is merged into "${u.mergedInto}" in a CORE battle`);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "core.noFires",
    rule: "WHN-FIRE-1",
    doc: "Fires belong to WHN (shells setting buildings and woods alight): a CORE battle has none.",
    rulesets: CORE,
    cost: "cheap",
    check: (s) => (s.fires.length > 0 ? at(["fires", 0], `a CORE battle with ${s.fires.length} fire(s)`) : null),
  }),
  stateInvariant({
    id: "artillery.gunServesArm",
    rule: "WHN-ART-1",
    doc: "Every gun is of a type its arm may serve (a heavy gun is never horse artillery): gun and arm never change in play.",
    rulesets: FIGURE,
    cost: "cheap",
    check: (s) => {
      for (const u of Object.values(s.units)) {
        const a = u.artillery;
        if (a !== null && !gunServesArm(a.gun, a.arm)) return at(["units", u.id, "artillery", "gun"], `"${u.id}": a ${a.gun} gun cannot serve a ${a.arm} battery`);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "unit.formationAllowed",
    rule: "WHN-FORM-1",
    doc: "A unit in play stands in a formation its troops may take (troop type, light troops only skirmishing, no joined leader in extended order, the formation's least models by its starting strength), at full strength also in a width the formation allows; losses may leave a unit narrower than its formation asks (WHN-FORM-9), and a gun's crew apart stand as the rules place them.",
    rulesets: FIGURE,
    cost: "cheap",
    check: (s) => {
      const crews = crewsApart(s);
      for (const u of Object.values(s.units)) {
        if (u.removed !== null || u.mergedInto !== null || u.figures === 0 || crews.has(u.id)) continue;
        const bad = setupShapeRefusal(u, s);
        if (bad !== null) return at(["units", u.id, "formation"], `"${u.id}" cannot stand in ${u.formation} with ${u.files} files and ${u.figures} models: ${bad.why} (${bad.rule})`);
      }
      return null;
    },
  }),
];
