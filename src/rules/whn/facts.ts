/**
 * How a step's events update the turn facts (`state.facts`, see src/state/facts.ts): the one place
 * that knows which events a later rule depends on. The engine folds every committed step's events in
 * (and a combat action folds in its own so far, see `combat/recorder.ts`), so a fact becomes visible
 * exactly when its event would have been read back from the history, and each group of facts is
 * cleared when its window starts again.
 */
import type { BattleEvent, BattleState } from "../../state/battle.js";
import type { JsonValue } from "../../state/common.js";
import type { ChallengeFacts } from "../../state/facts.js";
import { NO_FACTS } from "../../state/facts.js";
import type { CharacterId, CombatId, SideId, UnitId } from "../../state/ids.js";
import type { Quadrant } from "../../geometry/arcs.js";

type Facts = BattleState["facts"];
/** A fact group opened for writing: every list and record in it is a fresh copy. */
type Writable<T> = T extends readonly (infer U)[] ? Writable<U>[] : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;

/** Event types after which a unit has left its combat. */
const LEAVING = new Set(["combat/fellBack", "combat/flowedPast", "combat/pursued", "combat/pursuedOffTable", "combat/disengaged"]);

/** Event types that change a fact (the others are skipped at once). */
const RECORDED = new Set([
  "turn/phaseStarted",
  "turn/stepStarted",
  "charge/declared",
  "unit/moved",
  "unit/fellBack",
  "morale/panicTest",
  "unit/destroyed",
  "combat/disengageDeclared",
  "combat/flankAttack",
  "combat/roundFought",
  "combat/pursuitCharge",
  "combat/challengeAccepted",
  "combat/challengeRefused",
  "combat/challengeIssued",
  "combat/challengeDeclined",
  "shooting/fired",
  "combat/fallBackDue",
  "combat/cavalryFallBackDue",
  "combat/flowPastDue",
  "combat/aftermathDone",
  "morale/rallyTest",
  "unit/fled",
  ...LEAVING,
]);

const str = (e: BattleEvent, key: string): string => {
  const v: JsonValue | undefined = e[key];
  return typeof v === "string" ? v : "";
};

/** Whether an event ends a charger's charge this phase (moved, halted, cancelled or failed: CORE-CHRG-5). */
const resolvesCharge = (e: BattleEvent): boolean => e["resolved"] === true && e.type.startsWith("charge/");

/** A copy of plain data (fact groups are small JSON values). */
function copy<T>(v: T): T {
  if (Array.isArray(v)) return v.map(copy) as T;
  if (v === null || typeof v !== "object") return v;
  const out: Record<string, unknown> = {};
  for (const k in v) out[k] = copy((v as Record<string, unknown>)[k]);
  return out as T;
}

/**
 * Copy-on-write facts: a group is copied (deeply, it is small) the first time a step changes it;
 * groups the step leaves alone stay the very same objects.
 */
class Writer {
  private out: { -readonly [K in keyof Facts]: Facts[K] } | null = null;
  private readonly open = new Set<keyof Facts>();
  constructor(private readonly base: Facts) {}

  get facts(): Facts {
    return this.out ?? this.base;
  }

  /** The group `key`, opened for writing. */
  write<K extends keyof Facts>(key: K): Writable<Facts[K]> {
    this.out ??= { ...this.base };
    if (!this.open.has(key)) {
      this.out[key] = copy(this.out[key]);
      this.open.add(key);
    }
    return this.out[key] as Writable<Facts[K]>;
  }

  /** Starts a group afresh (its window begins again). */
  reset<K extends keyof Facts>(key: K): void {
    if (this.facts[key] === NO_FACTS[key]) return;
    this.out ??= { ...this.base };
    this.out[key] = NO_FACTS[key] as Facts[K];
    this.open.delete(key);
  }
}

/**
 * The turn facts after a step's events (in order). `combats` are the combats of the state the
 * events lead to: at a new game turn, the challenges remembered for combats gone are dropped
 * (combat ids carry their game turn, so a combat gone in an earlier turn never comes back).
 * Returns `facts` itself when no event changes it.
 */
export function recordFacts(facts: Facts, events: readonly BattleEvent[], combats: BattleState["combats"]): Facts {
  let w: Writer | null = null;
  for (const e of events) {
    if (e.gameTurn > 0 && e.gameTurn !== (w?.facts ?? facts).turn.gameTurn) {
      w ??= new Writer(facts);
      w.reset("turn");
      w.write("turn").gameTurn = e.gameTurn;
      const duels = w.facts.duels;
      const gone = Object.keys(duels).filter((id) => !Object.hasOwn(combats, id));
      if (gone.length > 0) {
        const kept = w.write("duels");
        for (const id of gone) delete kept[id as CombatId];
      }
    }
    if (!RECORDED.has(e.type) && !resolvesCharge(e)) continue;
    w ??= new Writer(facts);
    record(w, e);
  }
  return w === null ? facts : w.facts;
}

/** The challenge step of a combat this phase, opened for writing. */
function challengeOf(w: Writer, combat: string): Writable<ChallengeFacts> {
  const all = w.write("step").challenges;
  return (all[combat as CombatId] ??= { settled: false, issued: null, declined: [], retired: [] });
}

/** Folds one event into the facts. */
function record(w: Writer, e: BattleEvent): void {
  const unit = str(e, "unit") as UnitId;
  switch (e.type) {
    case "turn/phaseStarted":
    case "turn/stepStarted":
      if (e.type === "turn/phaseStarted") w.reset("shots");
      if (e["step"] === "declareCharges") w.reset("movement");
      w.reset("step");
      w.reset("aftermath");
      return;
    case "charge/declared":
      w.write("movement").charges.push({
        unit,
        target: str(e, "target") as UnitId,
        face: e["face"] as Quadrant,
        distance: e["distance"] as number,
        move: e["move"] as number,
      });
      break;
    case "unit/moved": {
      const wheel = e["wheel"];
      if (typeof wheel !== "number") break;
      const wheeled = w.write("movement").wheeled;
      wheeled[unit] = (wheeled[unit] ?? 0) + wheel;
      break;
    }
    case "unit/fellBack":
      w.write("movement").fellBack.push(unit);
      break;
    case "morale/panicTest":
      if (e.rule === "CORE-PANIC-4") w.write("movement").flankPanicked.push(unit);
      break;
    case "unit/destroyed":
      if (e.rule === "CORE-CHRG-7") w.write("movement").caught.push(unit);
      break;
    case "combat/disengageDeclared":
      w.write("movement").disengaging.push(unit);
      break;
    case "combat/flankAttack":
      if (e.rule === "WHN-CHRG-8") {
        const models = e["models"];
        w.write("movement").laps.push({ unit, target: str(e, "target") as UnitId, combat: str(e, "combat") as CombatId, models: typeof models === "number" ? models : 0, removesRankBonus: e["removesRankBonus"] === true });
      }
      break;
    case "combat/roundFought": {
      const combat = str(e, "combat") as CombatId;
      const fought = w.write("step").fought;
      if (!fought.includes(combat)) fought.push(combat);
      const winner = e["winner"];
      w.write("aftermath").rounds.push({ combat, winner: typeof winner === "string" ? (winner as SideId) : null });
      break;
    }
    case "combat/pursuitCharge":
      w.write("step").pursuitCharges.push({ combat: str(e, "combat") as CombatId, target: str(e, "target") as UnitId });
      break;
    case "combat/challengeAccepted": {
      const combat = str(e, "combat");
      challengeOf(w, combat).settled = true;
      w.write("duels")[combat as CombatId] = { a: str(e, "challenger") as CharacterId, b: str(e, "champion") as CharacterId };
      break;
    }
    case "combat/challengeRefused": {
      const c = challengeOf(w, str(e, "combat"));
      c.settled = true;
      c.retired.push(str(e, "retired"));
      break;
    }
    case "combat/challengeIssued": {
      const c = challengeOf(w, str(e, "combat"));
      c.issued ??= { side: str(e, "side") as SideId, challenger: str(e, "challenger") as CharacterId, retireIfRefused: str(e, "retireIfRefused") };
      break;
    }
    case "combat/challengeDeclined": {
      const c = challengeOf(w, str(e, "combat"));
      const side = str(e, "side") as SideId;
      if (!c.declined.includes(side)) c.declined.push(side);
      break;
    }
    case "shooting/fired": {
      const face = e["face"];
      w.write("shots").push({ shooter: String(e["shooter"]), target: String(e["target"]), face: typeof face === "number" ? face : null });
      break;
    }
    case "combat/fallBackDue":
      w.write("aftermath").fallBacks.push({ unit, from: str(e, "from") as UnitId });
      break;
    case "combat/cavalryFallBackDue":
      w.write("aftermath").cavalryFallBacks.push({ unit, from: str(e, "from") as UnitId });
      break;
    case "combat/flowPastDue":
      w.write("aftermath").flowPasts.push({ unit, square: str(e, "square") as UnitId });
      break;
    case "combat/aftermathDone":
      w.reset("aftermath");
      break;
    case "morale/rallyTest": {
      const rallied = w.write("turn").rallied;
      if (!rallied.includes(unit)) rallied.push(unit);
      break;
    }
    case "unit/fled":
      w.write("fleeRolls")[unit] = typeof e["roll"] === "number" ? e["roll"] : 0;
      break;
  }
  if (resolvesCharge(e)) {
    const resolved = w.write("movement").resolved;
    if (!resolved.includes(unit)) resolved.push(unit);
  }
  if (LEAVING.has(e.type)) {
    w.write("aftermath").left.push(unit);
    if (e.type === "combat/pursued" || e.type === "combat/pursuedOffTable") w.write("step").pursued.push(unit);
  }
}
