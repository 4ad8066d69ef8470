/**
 * What the fuzzer tries at each step (a probe): a legal action from `legalActions`, an action made
 * from the zod schemas for the current phase, `turn/advance`, or an input that must be refused
 * (a mutated legal action, an actor of the wrong side, an unknown id, an action of the wrong phase
 * or ruleset, hostile JSON). Pure: everything comes from the state and the step's own generator.
 */
import type { BattleState } from "../../state/battle.js";
import { ActionSchema, type Action } from "../../engine/actions.js";
import { routeOf } from "../../engine/router.js";
import { Rng } from "./rng.js";
import { adopt } from "../../engine/owned.js";
import { badArg, misread, objectArg } from "../../engine/args.js";
import { valueOf, type GenContext } from "./schemaGen.js";
import { hostileAction } from "./hostile.js";

/** Kinds of probe. */
export const PROBE_KINDS = ["legal", "schema", "advance", "mutated", "wrongSide", "wrongPhase", "unknownId", "hostile"] as const;
/** A kind of probe. */
export type ProbeKind = (typeof PROBE_KINDS)[number];

/** One input tried on a state: the action, whether it goes through `applyTrusted`, and what must happen. */
export interface Probe {
  readonly kind: ProbeKind;
  readonly action: unknown;
  /** True for actions listed by `legalActions` (the bots' trusted path). */
  readonly trusted: boolean;
  /** `refused`: the engine must refuse it; `applies`: it must apply; `any`: either. */
  readonly expect: "any" | "refused" | "applies";
}

/** Relative weights of the probe kinds (legal only when the step may call `legalActions`). */
export type ProbeWeights = { readonly [K in ProbeKind]: number };

/** Default weights: mostly schema-made actions, a steady share of refusals. */
export const DEFAULT_WEIGHTS: ProbeWeights = { legal: 20, schema: 50, advance: 4, mutated: 6, wrongSide: 6, wrongPhase: 5, unknownId: 5, hostile: 4 };

/**
 * What the fuzzer has learnt in one battle: how often each action type applied at each point of the
 * turn sequence, so that schema-made probes favour the types that can apply there (a bandit, kept
 * per battle so runs stay deterministic).
 */
export class ProbeMemory {
  private readonly hits = new Map<string, Map<string, number>>();
  /** Records that an action of `type` applied at a point of the sequence. */
  applied(s: BattleState, type: string): void {
    const k = pointKey(s);
    const m = this.hits.get(k) ?? new Map<string, number>();
    m.set(type, (m.get(type) ?? 0) + 1);
    this.hits.set(k, m);
  }
  /** A weight for a type at a point: 1, plus 4 per time it applied there (capped). */
  weight(s: BattleState, type: string): number {
    return 1 + 4 * Math.min(10, this.hits.get(pointKey(s))?.get(type) ?? 0);
  }
}

function pointKey(s: BattleState): string {
  return `${s.ruleset}:${s.turn.phase}:${s.turn.step ?? ""}:${s.pending[0]?.kind ?? ""}`;
}

/** Picks a schema, weighted by what applied before at this point. */
function pickSchema<T extends { readonly shape: { readonly type: { readonly value: string } } }>(rng: Rng, s: BattleState, xs: readonly T[], memory: ProbeMemory | null): T | undefined {
  if (memory === null || xs.length === 0) return rng.pick(xs);
  const w = xs.map((x) => memory.weight(s, x.shape.type.value));
  let r = rng.real(0, w.reduce((a, b) => a + b, 0));
  for (const [i, x] of xs.entries()) {
    r -= w[i] ?? 0;
    if (r < 0) return x;
  }
  return xs[xs.length - 1];
}

const SCHEMAS = ActionSchema.options as readonly { readonly shape: { readonly type: { readonly value: string } } & Record<string, unknown> }[];
const ACTOR_KEYS = ["unit", "shooter", "charger", "character", "firer", "leader", "detachment"] as const;

/** The side that must act (in FnF defensive fire, the side not moving). */
export function actingSide(s: BattleState): string {
  if (s.ruleset === "fnf" && s.turn.phase === "defensiveFire") return Object.keys(s.sides).find((k) => k !== s.turn.activeSide) ?? s.turn.activeSide;
  return s.pending[0]?.side ?? s.turn.activeSide;
}

interface Piece {
  readonly id: string;
  readonly side: string;
  readonly x: number;
  readonly y: number;
}

/** The pieces of a state by kind (units, characters or FnF leaders), in play. */
function pieces(s: BattleState, kind: "unit" | "character" | "leader" | "detachment"): Piece[] {
  if (s.ruleset === "fnf" && s.fnf !== null) {
    if (kind === "leader") return Object.values(s.fnf.leaders).filter((l) => l.lost === null).map((l) => ({ id: l.id, side: l.side, x: l.position.x, y: l.position.y }));
    return Object.values(s.fnf.units)
      .filter((u) => u.removed === null && (kind !== "detachment" || u.parent !== null))
      .map((u) => ({ id: u.id, side: u.side, x: u.position.x, y: u.position.y }));
  }
  if (kind === "character") return Object.values(s.characters).filter((c) => c.removed === null).map((c) => ({ id: c.id, side: c.side, x: c.position.x, y: c.position.y }));
  return Object.values(s.units).filter((u) => u.removed === null).map((u) => ({ id: u.id, side: u.side, x: u.position.x, y: u.position.y }));
}

function actorKey(schema: (typeof SCHEMAS)[number]): (typeof ACTOR_KEYS)[number] | null {
  for (const k of ACTOR_KEYS) if (Object.hasOwn(schema.shape, k)) return k;
  return null;
}

function kindOfKey(k: (typeof ACTOR_KEYS)[number]): "unit" | "character" | "leader" | "detachment" {
  return k === "character" ? "character" : k === "leader" ? "leader" : k === "detachment" ? "detachment" : "unit";
}

/** Action schemas routed for a ruleset, split by whether the current phase allows them. */
function schemasFor(s: BattleState, allowedHere: boolean): (typeof SCHEMAS)[number][] {
  return SCHEMAS.filter((sc) => {
    const t = sc.shape.type.value;
    if (t === "turn/advance") return false;
    const route = routeOf(t as Action["type"]);
    if (route === undefined) return false;
    const here = route.rulesets.includes(s.ruleset) && (route.phases === "any" || route.phases.includes(s.turn.phase));
    return here === allowedHere;
  });
}

/** An action made from a schema, its actor of the given side (`ghost` for an unknown id). */
function fromSchema(s: BattleState, rng: Rng, schema: (typeof SCHEMAS)[number], actorSide: "deciding" | "other" | "ghost"): unknown {
  const side = actingSide(s);
  const key = actorKey(schema);
  const top = s.pending[0];
  const all = pieces(s, key === null ? "unit" : kindOfKey(key));
  const units = pieces(s, "unit");
  let actor: Piece | undefined;
  if (actorSide === "deciding" && top?.unit != null && key === "unit" && rng.chance(0.7)) actor = all.find((p) => p.id === top.unit);
  actor ??= rng.pick(all.filter((p) => (actorSide === "other" ? p.side !== side : p.side === side)));
  const ctx: GenContext = {
    rng,
    actor: actorSide === "ghost" ? `ghost-${rng.int(100)}` : (actor?.id ?? null),
    friends: units.filter((p) => p.side === side).map((p) => p.id),
    enemies: units.filter((p) => p.side !== side).map((p) => p.id),
    characters: pieces(s, "character").map((p) => p.id),
    groups: s.ruleset === "fnf" && s.fnf !== null ? Object.keys(s.fnf.melees) : Object.keys(s.combats),
    fires: s.fires.map((f) => (f as { id?: string }).id ?? "fire"),
    near: actor ?? units[0] ?? { x: 36, y: 24 },
  };
  return valueOf(schema, "", 0, ctx);
}

const HOSTILE_NUMBERS = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e308, -1e308] as const;

/** A legal action with one field broken: a hostile number, an unknown id, an extra field (refused), or another real id (either). */
function mutate(action: Action, s: BattleState, rng: Rng): Probe {
  const copy = JSON.parse(JSON.stringify(action)) as Record<string, unknown>;
  const paths: { obj: Record<string, unknown>; key: string; kind: "number" | "string" }[] = [];
  const walk = (o: unknown): void => {
    if (o === null || typeof o !== "object") return;
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === "number") paths.push({ obj: o as Record<string, unknown>, key: k, kind: "number" });
      else if (typeof v === "string" && k !== "type") paths.push({ obj: o as Record<string, unknown>, key: k, kind: "string" });
      else walk(v);
    }
  };
  walk(copy);
  const p = rng.pick(paths);
  const roll = rng.int(4);
  if (p !== undefined && p.kind === "number" && roll < 3) {
    p.obj[p.key] = rng.pick(HOSTILE_NUMBERS);
    return { kind: "mutated", action: copy, trusted: false, expect: "refused" };
  }
  if (p !== undefined && p.kind === "string" && roll < 2) {
    p.obj[p.key] = `ghost-${rng.int(100)}`;
    return { kind: "mutated", action: copy, trusted: false, expect: "refused" };
  }
  if (p !== undefined && p.kind === "string" && roll === 2) {
    p.obj[p.key] = rng.pick(pieces(s, "unit").map((u) => u.id)) ?? "nobody";
    return { kind: "mutated", action: copy, trusted: false, expect: "any" };
  }
  copy["extra"] = rng.int(10);
  return { kind: "mutated", action: copy, trusted: false, expect: "refused" };
}

/** Picks a probe kind by weight. */
function pickKind(rng: Rng, w: ProbeWeights, legalAllowed: boolean): ProbeKind {
  const kinds = PROBE_KINDS.filter((k) => k !== "legal" || legalAllowed);
  const total = kinds.reduce((t, k) => t + w[k], 0);
  let x = rng.real(0, total);
  for (const k of kinds) {
    x -= w[k];
    if (x < 0) return k;
  }
  return "schema";
}

/** `v instanceof C`, false for a Proxy whose prototype trap throws. */
function isA(v: unknown, c: abstract new (...a: never[]) => unknown): boolean {
  try {
    return v instanceof c;
  } catch {
    return false;
  }
}

/**
 * Makes the probe of one step. `legal` gives the legal actions of the state (or null when this step
 * may not list them: `legalActions` is costly, so harnesses ration it).
 * @example
 * const probe = makeProbe(state, new Rng(word), () => legalActions(state), DEFAULT_WEIGHTS);
 */
export function makeProbe(input: BattleState, rng: Rng, legal: ((rng: Rng) => readonly Action[]) | null, weights: ProbeWeights = DEFAULT_WEIGHTS, memory: ProbeMemory | null = null): Probe {
  const s = adopt(input);
  if (!isA(rng, Rng)) throw badArg("makeProbe", "rng", "an Rng", rng);
  if (legal !== null && typeof legal !== "function") throw badArg("makeProbe", "legal", "a function or null", legal);
  objectArg("makeProbe", "weights", weights);
  if (memory !== null && !isA(memory, ProbeMemory)) throw badArg("makeProbe", "memory", "a ProbeMemory or null", memory);
  try {
    return probeOf(s, rng, legal, weights, memory);
  } catch (e) {
    throw misread("makeProbe", "weights or legal", e);
  }
}

function probeOf(s: BattleState, rng: Rng, legal: ((rng: Rng) => readonly Action[]) | null, weights: ProbeWeights, memory: ProbeMemory | null): Probe {
  const finished = s.turn.phase === "finished";
  const kind = pickKind(rng, weights, legal !== null && s.ruleset !== "fnf");
  const refusedIf = (p: Omit<Probe, "expect">, must: boolean): Probe => ({ ...p, expect: must || finished ? "refused" : "any" });
  switch (kind) {
    case "legal": {
      const list = finished || legal === null ? [] : legal(rng);
      const a = rng.pick(list);
      if (a !== undefined) return { kind, action: a, trusted: true, expect: "applies" };
      return refusedIf({ kind: "advance", action: { type: "turn/advance" }, trusted: false }, false);
    }
    case "mutated": {
      const list = finished || legal === null ? [] : legal(rng);
      const a = rng.pick(list.filter((x) => x.type !== "turn/advance"));
      if (a !== undefined) return mutate(a, s, rng);
      return refusedIf({ kind: "hostile", action: hostileAction(rng), trusted: false }, true);
    }
    case "advance":
      return refusedIf({ kind, action: { type: "turn/advance" }, trusted: false }, s.pending.length > 0);
    case "wrongSide": {
      const sc = rng.pick(schemasFor(s, true).filter((x) => actorKey(x) !== null));
      if (sc !== undefined) {
        const a = fromSchema(s, rng, sc, "other") as Record<string, unknown>;
        const key = actorKey(sc);
        const named = key !== null && typeof a[key] === "string" && pieces(s, kindOfKey(key)).some((p) => p.id === a[key] && p.side !== actingSide(s));
        return refusedIf({ kind, action: a, trusted: false }, named);
      }
      return refusedIf({ kind: "advance", action: { type: "turn/advance" }, trusted: false }, s.pending.length > 0);
    }
    case "wrongPhase": {
      const sc = rng.pick(schemasFor(s, false));
      if (sc !== undefined) return refusedIf({ kind, action: fromSchema(s, rng, sc, "deciding"), trusted: false }, true);
      return refusedIf({ kind: "hostile", action: hostileAction(rng), trusted: false }, true);
    }
    case "unknownId": {
      const sc = rng.pick(schemasFor(s, true).filter((x) => actorKey(x) !== null));
      if (sc !== undefined) return refusedIf({ kind, action: fromSchema(s, rng, sc, "ghost"), trusted: false }, true);
      return refusedIf({ kind: "hostile", action: hostileAction(rng), trusted: false }, true);
    }
    case "hostile":
      return refusedIf({ kind, action: hostileAction(rng), trusted: false }, true);
    case "schema":
    default: {
      const sc = pickSchema(rng, s, schemasFor(s, true), memory);
      if (sc !== undefined) return refusedIf({ kind: "schema", action: fromSchema(s, rng, sc, "deciding"), trusted: false }, false);
      return refusedIf({ kind: "advance", action: { type: "turn/advance" }, trusted: false }, s.pending.length > 0);
    }
  }
}
