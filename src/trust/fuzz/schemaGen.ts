/**
 * Random values from zod schemas, for actions that `legalActions` does not list yet: a walk over
 * the schema (objects, unions, enums, literals, numbers with their bounds, arrays, optionals) that
 * fills ids from the battle (the actor, friends, enemies, characters, combats) by field name, and
 * coordinates near the actor, so that a fair share of what it makes is legal.
 */
import type { Rng } from "./rng.js";

/** Ids and places of the battle, by role, for filling in an action. */
export interface GenContext {
  readonly rng: Rng;
  readonly actor: string | null;
  readonly friends: readonly string[];
  readonly enemies: readonly string[];
  readonly characters: readonly string[];
  readonly groups: readonly string[];
  readonly fires: readonly string[];
  readonly near: { readonly x: number; readonly y: number };
}

interface Def {
  readonly type: string;
  readonly [k: string]: unknown;
}
/** A zod schema, seen through its definition (zod 4 keeps it at `_zod.def`). */
type Schema = { readonly _zod: { readonly def: Def } } & { readonly minValue?: number | null; readonly maxValue?: number | null; readonly isInt?: boolean };

const ROLE: { readonly [key: string]: "actor" | "enemy" | "friend" | "character" | "group" | "fire" | "fresh" } = {
  unit: "actor",
  shooter: "actor",
  charger: "actor",
  character: "actor",
  firer: "actor",
  leader: "actor",
  detachment: "actor",
  target: "enemy",
  quarry: "enemy",
  square: "friend",
  attachTo: "friend",
  lead: "friend",
  challenger: "character",
  champion: "character",
  retire: "character",
  retireIfRefused: "character",
  combat: "group",
  melee: "group",
  fire: "fire",
  id: "fresh",
};

function stringFor(key: string, depth: number, g: GenContext): string {
  const role = depth > 1 && key === "unit" ? "enemy" : (ROLE[key] ?? "any");
  const any = [...g.friends, ...g.enemies];
  const r = g.rng;
  switch (role) {
    case "actor":
      return g.actor ?? r.pick(g.friends) ?? "nobody";
    case "enemy":
      return r.pick(g.enemies) ?? r.pick(any) ?? "nobody";
    case "friend":
      return r.pick(g.friends) ?? "nobody";
    case "character":
      return r.pick(g.characters) ?? "nobody";
    case "group":
      return r.pick(g.groups) ?? "c1";
    case "fire":
      return r.pick(g.fires) ?? "fire-1";
    case "fresh":
      return `fz-${r.int(1000)}`;
    default:
      return r.pick(any) ?? "nobody";
  }
}

function numberFor(key: string, s: Schema, g: GenContext): number {
  const r = g.rng;
  const lo = s.minValue ?? -1e9;
  const hi = s.maxValue ?? 1e9;
  let v: number;
  if (key === "x") v = g.near.x + r.real(-10, 10);
  else if (key === "y") v = g.near.y + r.real(-10, 10);
  else if (key === "facing") v = r.pick([0, 90, 180, 270]) ?? r.real(0, 360);
  else if (key === "distance") v = r.chance(0.8) ? r.real(0, 4) : r.real(0, 12);
  else if (key === "degrees") v = r.pick([15, 30, 45, 90]) ?? 15;
  else if (key === "files") v = r.pick([1, 2, 3, 4, 6, 8, 12]) ?? 4;
  else v = r.real(Math.max(lo, -2), Math.min(hi, 12));
  if (s.isInt === true) v = Math.round(v);
  return Math.min(hi, Math.max(lo, v));
}

/**
 * A random value of a zod schema; `key` is the field name the value is for (it picks ids and
 * coordinates), `depth` the nesting depth (a top-level `unit` is the actor, a nested one a target).
 * @example
 * const action = valueOf(MoveSchema, "", 0, ctx); // { type: "movement/move", unit: "fr-1", path: [...] }
 */
export function valueOf(schema: unknown, key: string, depth: number, g: GenContext): unknown {
  const s = schema as Schema;
  const def = s._zod.def;
  const r = g.rng;
  const inner = (k: string): unknown => valueOf(def[k], key, depth, g);
  switch (def.type) {
    case "object": {
      const shape = def["shape"] as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(shape)) {
        const kind = (v as Schema)._zod.def.type;
        if ((kind === "optional" || kind === "default" || kind === "prefault") && r.chance(0.5)) continue;
        out[k] = valueOf(v, k, depth + 1, g);
      }
      return out;
    }
    case "literal":
      return r.pick(def["values"] as readonly unknown[]);
    case "enum":
      return r.pick(Object.values(def["entries"] as Record<string, unknown>));
    case "boolean":
      return r.chance(0.5);
    case "number":
      return numberFor(key, s, g);
    case "string":
      return stringFor(key, depth, g);
    case "array": {
      const n = 1 + r.int(key === "path" ? 3 : 2);
      return Array.from({ length: n }, () => valueOf(def["element"], key, depth + 1, g));
    }
    case "tuple":
      return (def["items"] as readonly unknown[]).map((it) => valueOf(it, key, depth + 1, g));
    case "union":
      return valueOf(r.pick(def["options"] as readonly unknown[]), key, depth, g);
    case "nullable":
      return r.chance(0.25) ? null : inner("innerType");
    case "optional":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
    case "catch":
      return inner("innerType");
    case "pipe":
      return inner("in");
    case "lazy":
      return valueOf((def["getter"] as () => unknown)(), key, depth, g);
    case "record":
      return {};
    case "null":
      return null;
    default:
      return null;
  }
}
