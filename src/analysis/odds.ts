/**
 * One entry point for exact odds: `odds(question)` dispatches to the exact distribution of a
 * Leadership, Break, Panic or rally test, a musket volley (plain spec or read from a battle state),
 * a close-combat round, or an FnF fire or melee roll, and returns the distribution with its
 * "at least X" curve, mean, variance, quantiles and named event chances. `oddsSampler(question)`
 * samples the same outcome with dice, for the tests that hold the two against each other.
 */
import type { Dice } from "../dice/index.js";
import { Dist, MAX_LEADERSHIP } from "../dice/index.js";
import type { BattleState } from "../state/battle.js";
import { sampleVolley, volleyOdds, type VolleySpec } from "../rules/whn/shooting/volley.js";
import { shootingOdds, volleySpec } from "../rules/whn/shooting/odds.js";
import type { ShotRequest } from "../rules/whn/shooting/situation.js";
import type { RoundInput } from "../rules/whn/combat/types.js";
import { resolveRound } from "../rules/whn/combat/round.js";
import { roundOutcomes } from "../rules/whn/combat/exact.js";
import { combatToDecision, sampleCombatToDecision, DECISION_LABELS, type DecisionSource } from "./combatChain.js";
import { FNF_MANEUVER_RESULTS } from "../state/fnf.js";
import { maneuverResult } from "../rules/fnf/tables/maneuver.js";
import { pCaught } from "../rules/whn/combat/odds.js";
import { FNF_CHARGE_LABELS, FNF_FIRE_LABELS, fnfFireDist, fnfMeleeDist, sampleFnfFire, sampleFnfMelee } from "./fnfRolls.js";

/**
 * A question the odds API answers. Leadership values are the unit's effective Ld (WHN-LEAD-3): a
 * whole number, capped at 10 (a larger one answers as 10, CORE-GEN-2); one below 2 never passes.
 */
export type OddsQuestion =
  /** A Leadership test (CORE-GEN-3): the 2D6 total; event `passed` = P(2D6 ≤ ld + modifier). */
  | { readonly kind: "leadership"; readonly ld: number; readonly modifier?: number }
  /** A Break test (CORE-BREAK-1, WHN-BREAK-1/3): Ld − margin; outcome 0 = falls back, 1 = breaks (or flows past a square). */
  | { readonly kind: "breakTest"; readonly ld: number; readonly margin: number; readonly cavalryVsSquares?: boolean; readonly autoBreak?: boolean }
  /** A Panic test (WHN-PANIC-3/4): outcome 0 = passed, 1 = disordered (GOOD) or fled (DISORDERED). */
  | { readonly kind: "panic"; readonly ld: number; readonly disordered?: boolean }
  /** A rally test (CORE-RALLY-1…3, WHN-RALLY-2): outcome 1 = rallied; a FLEEING unit under 5 models cannot. */
  | { readonly kind: "rally"; readonly ld: number; readonly fleeing?: boolean; readonly models?: number }
  /** A musket volley on plain numbers (CORE-SHOOT-3…5, WHN-PANIC-2): casualties. */
  | { readonly kind: "volley"; readonly spec: VolleySpec }
  /** A shooting action read from a battle state (target unit only): casualties on the target. */
  | { readonly kind: "shooting"; readonly state: BattleState; readonly request: ShotRequest }
  /**
   * One close-combat round (CORE-CC, CORE-CR). The answer's `dist` is side 0's signed margin (+ win,
   * − loss, 0 draw), or with `measure` a side's models lost; `casualties` always holds both sides'.
   * Build the input with `twoUnitCombat(...).round`.
   */
  | { readonly kind: "combatRound"; readonly input: RoundInput; readonly measure?: "margin" | "casualtiesA" | "casualtiesB" }
  /** Close combat fought round after round until a side wins, then the loser's Break test (absorbing chain); input: a `twoUnitCombat`, its `decision`, or `{ state, combat }`. */
  | { readonly kind: "combatToDecision"; readonly input: DecisionSource }
  /**
   * A pursuit roll against a flee roll (CORE-PURS-3/4): outcome 1 = caught (pursuit total > flee
   * total). Dice: 2 or 3 D6 each (CORE-FLEE-2). `obstacle: true` halves the pursuit roll, rounding
   * up, before it is compared (CORE-PURS-5, AMB-02); `obstacleAt: d` halves it only when the roll
   * reaches an obstacle d inches ahead, as the engine measures along the pursuit line.
   */
  | { readonly kind: "pursuit"; readonly pursuitDice?: number; readonly fleeDice?: number; readonly obstacle?: boolean; readonly obstacleAt?: number }
  /** An FnF maneuver roll (FNF-MAN-1/2): 2D6 + modifier on the good-order or disordered column; outcome = index into FNF_MANEUVER_RESULTS. */
  | { readonly kind: "fnfManeuver"; readonly modifier?: number; readonly disordered?: boolean }
  /** An FnF fire roll (FNF-FIRE-5…7): the effect, 0 = Desultory … 4 = Withering. */
  | { readonly kind: "fnfFire"; readonly points: number; readonly modifier?: number }
  /** An FnF melee (FNF-MEL-1, FNF-MEL-5): attacker − defender totals. */
  | { readonly kind: "fnfMelee"; readonly attacker?: number; readonly defender?: number };

/** The exact answer to an {@link OddsQuestion}. */
export interface OddsAnswer {
  readonly kind: OddsQuestion["kind"];
  /** What the outcome counts, e.g. `"casualties"` or `"effect"`. */
  readonly outcome: string;
  readonly dist: Dist;
  /** When the outcomes are indices into named results, their names. */
  readonly labels: readonly string[] | null;
  /** Named event chances (e.g. `passed`, `sideAWins`, `WITHERING`). */
  readonly events: Readonly<Record<string, number>>;
  readonly mean: number;
  readonly variance: number;
  /** 5 %, 25 %, 50 %, 75 %, 95 % quantiles. */
  readonly quantiles: Readonly<Record<"p05" | "p25" | "p50" | "p75" | "p95", number>>;
  /** `[x, P(X ≥ x)]` per outcome. */
  readonly atLeast: ReadonlyArray<readonly [number, number]>;
  /** `combatRound` only: models lost by side 0 and side 1 in the round (units, not characters). */
  readonly casualties?: readonly [Dist, Dist];
}

const TWO_D6 = Dist.nd6(2);

/** A 0/1 distribution from P(1). */
function flag(p: number): Dist {
  return Dist.bernoulli(Math.min(1, Math.max(0, p)));
}

function answer(q: OddsQuestion, outcome: string, dist: Dist, labels: readonly string[] | null, events: Record<string, number>): OddsAnswer {
  const ev: Record<string, number> = { ...events };
  if (labels !== null) labels.forEach((l, i) => (ev[l] = dist.pEqual(i)));
  return {
    kind: q.kind,
    outcome,
    dist,
    labels,
    events: ev,
    mean: dist.mean(),
    variance: dist.variance(),
    quantiles: { p05: dist.quantile(0.05), p25: dist.quantile(0.25), p50: dist.quantile(0.5), p75: dist.quantile(0.75), p95: dist.quantile(0.95) },
    atLeast: dist.atLeastCurve(),
  };
}

/**
 * The effective Ld a question names, capped at 10 (CORE-GEN-2, WHN-LEAD-3); a non-integer is a
 * `RangeError`. Below 2 it stands: such a test never passes.
 */
function checkLd(ld: number, api: string): number {
  if (!Number.isInteger(ld)) throw new RangeError(`${api}: Leadership must be an integer, got ${String(ld)}`);
  return Math.min(ld, MAX_LEADERSHIP);
}

function stateVolley(state: BattleState, request: ShotRequest): VolleySpec {
  const r = volleySpec(state, request);
  if (!r.ok) throw new RangeError(`odds: the shooting cannot be resolved (${r.violation.code}, ${r.violation.rule})`);
  return r.spec;
}

/** Side 0's signed margin: +margin when side 0 wins, −margin when side 1 wins, 0 for a draw. */
function signedMargin(v: { readonly winner: 0 | 1 | null; readonly margin: number }): number {
  return v.winner === null ? 0 : v.winner === 0 ? v.margin : -v.margin;
}

/**
 * The exact distribution of a resolution, with its summaries.
 * @example
 * const a = odds({ kind: "leadership", ld: 7 });
 * a.events.passed; // 21/36
 * odds({ kind: "fnfFire", points: 10, modifier: 1 }).events.TELLING;
 */
export function odds(q: OddsQuestion): OddsAnswer {
  switch (q.kind) {
    case "leadership": {
      // The cap comes first, then the test's own modifier (WHN-LEAD-3).
      const target = checkLd(q.ld, "odds(leadership)") + (q.modifier ?? 0);
      return answer(q, "total", TWO_D6, null, { passed: TWO_D6.pAtMost(target), failed: TWO_D6.pGreater(target) });
    }
    case "breakTest": {
      const ld = checkLd(q.ld, "odds(breakTest)");
      const fail = q.autoBreak === true ? 1 : TWO_D6.pGreater(ld - q.margin);
      return answer(q, "result", flag(fail), ["fallBack", q.cavalryVsSquares === true ? "flowPast" : "broke"], {});
    }
    case "panic": {
      const ld = checkLd(q.ld, "odds(panic)");
      return answer(q, "result", flag(TWO_D6.pGreater(ld)), ["passed", q.disordered === true ? "fled" : "disordered"], {});
    }
    case "rally": {
      const ld = checkLd(q.ld, "odds(rally)");
      const can = !(q.fleeing === true && (q.models ?? Number.POSITIVE_INFINITY) < 5);
      return answer(q, "result", flag(can ? TWO_D6.pAtMost(ld) : 0), ["failed", "rallied"], {});
    }
    case "volley":
    case "shooting": {
      const spec = q.kind === "volley" ? q.spec : stateVolley(q.state, q.request);
      const v = q.kind === "shooting" ? shootingTarget(q.state, q.request) : volleyOdds(spec);
      return answer(q, "casualties", v.casualties, null, { ...v.panic, panicTest: v.pPanicTest, meanHits: v.hits.mean(), meanUnsaved: v.unsaved.mean() });
    }
    case "combatRound": {
      const mass = new Map<number, number>();
      const lost = [new Map<number, number>(), new Map<number, number>()] as const;
      const units = q.input.victims.map((v, i) => [i, v] as const).filter(([, v]) => v.kind === "unit");
      let a = 0, b = 0, draw = 0;
      for (const o of roundOutcomes(q.input)) {
        const m = signedMargin(o.verdict);
        mass.set(m, (mass.get(m) ?? 0) + o.p);
        if (m > 0) a += o.p;
        else if (m < 0) b += o.p;
        else draw += o.p;
        const k = [0, 0];
        for (const [i, v] of units) k[v.side] = (k[v.side] as number) + v.models - (o.left[i] ?? v.models);
        lost[0].set(k[0] as number, (lost[0].get(k[0] as number) ?? 0) + o.p);
        lost[1].set(k[1] as number, (lost[1].get(k[1] as number) ?? 0) + o.p);
      }
      const casualties = [Dist.fromEntries(lost[0]), Dist.fromEntries(lost[1])] as const;
      const measure = q.measure ?? "margin";
      const main = measure === "margin" ? Dist.fromEntries(mass) : casualties[measure === "casualtiesA" ? 0 : 1];
      const events = { sideAWins: a, draw, sideBWins: b, meanCasualtiesA: casualties[0].mean(), meanCasualtiesB: casualties[1].mean() };
      return { ...answer(q, measure === "margin" ? "margin" : measure, main, null, events), casualties };
    }
    case "pursuit": {
      const { pursuit, flee } = pursuitDists(q);
      const caught = pursuit.compare(flee).greater;
      return answer(q, "caught", flag(caught), ["escaped", "caught"], { meanPursuitRoll: pursuit.mean(), meanFleeRoll: flee.mean() });
    }
    case "fnfManeuver": {
      const disordered = q.disordered === true;
      const mod = q.modifier ?? 0;
      const dist = TWO_D6.map((x) => FNF_MANEUVER_RESULTS.indexOf(maneuverResult(x + mod, disordered)));
      return answer(q, "result", dist, FNF_MANEUVER_RESULTS, {});
    }
    case "combatToDecision": {
      const r = combatToDecision(q.input);
      return answer(q, "result", r.dist, DECISION_LABELS, { meanRounds: r.meanRounds, undecided: r.undecided });
    }
    case "fnfFire":
      return answer(q, "effect", fnfFireDist(q.points, q.modifier ?? 0), FNF_FIRE_LABELS, { lowOnAmmo: 3 / 36 });
    case "fnfMelee":
      return answer(q, "difference", fnfMeleeDist(q.attacker ?? 0, q.defender ?? 0), null, chargeEvents(fnfMeleeDist(q.attacker ?? 0, q.defender ?? 0)));
  }
}

/** The pursuit and flee totals of a pursuit question, the pursuit roll halved where an obstacle halves it. */
function pursuitDists(q: Extract<OddsQuestion, { kind: "pursuit" }>): { pursuit: Dist; flee: Dist } {
  const nP = q.pursuitDice ?? 2;
  const nF = q.fleeDice ?? 2;
  for (const [name, n] of [["pursuitDice", nP], ["fleeDice", nF]] as const) {
    if (!Number.isInteger(n) || n < 0 || n > 6) throw new RangeError(`odds(pursuit): ${name} must be a whole number 0…6, got ${String(n)}`);
  }
  if (q.obstacleAt !== undefined && !(q.obstacleAt >= 0)) throw new RangeError(`odds(pursuit): obstacleAt must be ≥ 0, got ${String(q.obstacleAt)}`);
  const halves = (roll: number): boolean => q.obstacle === true || (q.obstacleAt !== undefined && roll >= q.obstacleAt);
  const raw = nP === 0 ? Dist.constant(0) : Dist.nd6(nP);
  return { pursuit: raw.map((r) => (halves(r) ? Math.ceil(r / 2) : r)), flee: nF === 0 ? Dist.constant(0) : Dist.nd6(nF) };
}

/** P(a pursuit of `pursuitDice` D6 catches a flight of `fleeDice` D6), CORE-PURS-4 (the combat odds' own function). */
export { pCaught };

function shootingTarget(state: BattleState, request: ShotRequest): ReturnType<typeof volleyOdds> {
  const r = shootingOdds(state, request);
  if (!r.ok) throw new RangeError(`odds: the shooting cannot be resolved (${r.violation.code}, ${r.violation.rule})`);
  return r.odds.target;
}

function chargeEvents(diff: Dist): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of FNF_CHARGE_LABELS) out[l] = 0;
  for (const [x, p] of diff.entries()) {
    const label = FNF_CHARGE_LABELS[chargeIndex(x)] as string;
    out[label] = (out[label] ?? 0) + p;
  }
  return out;
}

/** Index into {@link FNF_CHARGE_LABELS} of a melee difference (FNF-MEL-5). */
function chargeIndex(d: number): number {
  return d >= 7 ? 0 : d >= 4 ? 1 : d >= 1 ? 2 : d === 0 ? 3 : d >= -3 ? 4 : d >= -6 ? 5 : 6;
}

/**
 * A sampler of the same outcome `odds(question)` describes, prepared once: each call rolls one
 * resolution with the given dice and returns its outcome value.
 * @example
 * const sample = oddsSampler({ kind: "leadership", ld: 7 });
 * sample(roller(seedDice(1))); // a 2D6 total
 */
export function oddsSampler(q: OddsQuestion): (dice: Dice) => number {
  switch (q.kind) {
    case "leadership":
      return (d) => d.d6() + d.d6();
    case "breakTest": {
      const target = checkLd(q.ld, "oddsSampler(breakTest)") - q.margin;
      return q.autoBreak === true ? () => 1 : (d) => (d.d6() + d.d6() > target ? 1 : 0);
    }
    case "panic": {
      const ld = checkLd(q.ld, "oddsSampler(panic)");
      return (d) => (d.d6() + d.d6() > ld ? 1 : 0);
    }
    case "rally": {
      const ld = checkLd(q.ld, "oddsSampler(rally)");
      if (q.fleeing === true && (q.models ?? Number.POSITIVE_INFINITY) < 5) return () => 0;
      return (d) => (d.d6() + d.d6() <= ld ? 1 : 0);
    }
    case "volley":
    case "shooting": {
      const spec = q.kind === "volley" ? q.spec : stateVolley(q.state, q.request);
      return (d) => sampleVolley(d, spec).casualties;
    }
    case "combatRound": {
      const measure = q.measure ?? "margin";
      if (measure === "margin") return (d) => signedMargin(resolveRound(q.input, d));
      const side = measure === "casualtiesA" ? 0 : 1;
      const ids = q.input.victims.filter((v) => v.kind === "unit" && v.side === side).map((v) => v.id);
      return (d) => {
        const r = resolveRound(q.input, d);
        let k = 0;
        for (const id of ids) k += r.losses[id]?.models ?? 0;
        return k;
      };
    }
    case "pursuit": {
      const nP = q.pursuitDice ?? 2;
      const nF = q.fleeDice ?? 2;
      pursuitDists(q);
      return (d) => {
        let p = 0;
        for (let i = 0; i < nP; i++) p += d.d6();
        if (q.obstacle === true || (q.obstacleAt !== undefined && p >= q.obstacleAt)) p = Math.ceil(p / 2);
        let f = 0;
        for (let i = 0; i < nF; i++) f += d.d6();
        return p > f ? 1 : 0;
      };
    }
    case "fnfManeuver": {
      const mod = q.modifier ?? 0;
      const disordered = q.disordered === true;
      return (d) => FNF_MANEUVER_RESULTS.indexOf(maneuverResult(d.d6() + d.d6() + mod, disordered));
    }
    case "combatToDecision":
      return (d) => sampleCombatToDecision(q.input, d).result;
    case "fnfFire":
      return (d) => sampleFnfFire(d, q.points, q.modifier ?? 0);
    case "fnfMelee":
      return (d) => sampleFnfMelee(d, q.attacker ?? 0, q.defender ?? 0);
  }
}
