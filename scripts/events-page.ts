/**
 * Builds docs/guides/events.md from the event catalogue (src/events): every event type with its rule
 * ids, its fields and an example event (synthesised from the type's schema and checked against it),
 * with the sentence `describeEvent` makes of it. Pure: scripts/gen-events-doc.ts writes the page and
 * test/events/page.test.ts checks it is up to date.
 */
import type * as z from "zod";
import { EVENT_CATALOGUE, EVENT_SCHEMAS, EVENT_TYPES, describeEvent, type EngineEventType } from "../src/index.js";

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/** Example ids and words by field name, so examples read like a battle. */
const IDS: Record<string, string> = {
  unit: "fr-45",
  target: "gb-52",
  shooter: "fr-45",
  by: "gb-52",
  parent: "fr-45",
  square: "gb-52",
  crew: "fr-crew-1",
  quarry: "gb-52",
  detachment: "fr-45-lt",
  firer: "fr-1",
  attacker: "fr-1",
  lead: "fr-1",
  defender: "al-2",
  character: "fr-ney",
  challenger: "fr-ney",
  champion: "gb-picton",
  retired: "gb-picton",
  side: "fr",
  winner: "fr",
  combat: "c2-1",
  fire: "fire-1",
  leader: "fr-div1",
  superior: "fr-corps",
  melee: "m1",
  brigadierOf: "fr-1",
  attachedTo: "fr-1",
  from: "gb-52",
  to: "gb-52",
};
const WORDS: Record<string, string> = {
  reason: "turn limit",
  why: "out of reach",
  response: "hold",
  face: "front",
  weapon: "musket",
  band: "long",
  cover: "none",
  ammunition: "roundshot",
  terrain: "woods",
  text: "slightly wounded",
  how: "lost",
  effect: "disorder",
  result: "WELL_HANDLED",
  settledBy: "score",
  mode: "roundRobin",
  order: "DISORDERED",
  quality: "REGULAR",
  flank: "left",
  hit: "unit",
  formation: "LINE",
  change: "formation",
  crewGone: "fled",
  name: "in column",
  key: "long range",
  at: "short",
  retireIfRefused: "",
};
const NUMBERS: Record<string, number> = { seq: 57, gameTurn: 2, facing: 90, need: 4, target: 7, total: 7, roll: 7, distance: 6.5, range: 14.2, figures: 18, left: 3, fleeRoll: 5, flankBonus: 1, casualties: 6, figuresAtStart: 24, files: 6, was: 8 };

/** Fields whose example differs from the name-based default in one event type. */
const OVERRIDES: Partial<Record<EngineEventType, Record<string, unknown>>> = {
  "turn/phaseStarted": { phase: "shooting" },
  "turn/stepStarted": { phase: "movement" },
  "unit/formationChanged": { from: "ATTACK_COLUMN", to: "LINE" },
  "charge/redirected": { from: "gb-52-lt", to: "gb-52" },
  "unit/destroyed": { reason: "slain in close combat" },
  "unit/detachmentMerged": { unit: "fr-45-lt" },
  "unit/detachmentSplit": { unit: "fr-45-lt" },
  "unit/detachmentReturned": { unit: "fr-45-lt" },
  "unit/fellBack": { unit: "fr-45-lt" },
  "unit/combinedValues": { from: "fr-45-gren" },
  "shooting/hits": { unit: "gb-52" },
  "shooting/wounds": { unit: "gb-52" },
  "shooting/saves": { unit: "gb-52" },
  "artillery/bounceLine": { units: [{ unit: "gb-52", hits: 2 }] },
  "artillery/shellBurst": { units: [{ unit: "gb-52", hits: 3 }] },
  "artillery/hitLocation": { locations: ["crew", "horses"] },
  "artillery/remanned": { crew: "fr-crew-1" },
  "movement/squareCheck": { response: "formSquare" },
  "movement/formationCheck": { threats: ["gb-52"] },
  "fnf/meleeRolled": { attackerTotal: 9, defenderTotal: 6, difference: 3 },
};

/** An example value for a field, from its schema and its name. */
function exampleOf(schema: unknown, key: string, rule: string): unknown {
  const d = defOf(schema);
  switch (d.type) {
    case "string":
      if (["cause", "test", "firersRule", "path", "rule4", "rule"].includes(key)) return rule;
      return IDS[key] ?? WORDS[key] ?? key;
    case "number":
      return NUMBERS[key] ?? (isInt(schema) ? 2 : 4.5);
    case "boolean":
      return true;
    case "null":
      return null;
    case "literal":
      return (d["values"] as unknown[])[0];
    case "enum":
      return Object.values(d["entries"] as Record<string, string>)[0];
    case "nullable":
    case "optional":
    case "exact_optional":
    case "default":
      return exampleOf(d["innerType"], key, rule);
    case "array": {
      if (key === "dice" || key.endsWith("Dice")) return [4, 3];
      const el = exampleOf(d["element"], singular(key), rule);
      return [el];
    }
    case "tuple":
      return (d["items"] as unknown[]).map((s, i) => exampleOf(s, i === 0 ? key : `${key}2`, rule));
    case "object":
      return Object.fromEntries(Object.entries(d["shape"] as Record<string, unknown>).map(([k, s]) => [k, exampleOf(s, k, rule)]));
    case "record":
      return { fr: 3, al: 5 };
    case "pipe":
      return exampleOf(d["in"], key, rule);
    default:
      return null;
  }
}

function isInt(schema: unknown): boolean {
  const s = schema as { format?: string | null; isInt?: boolean };
  return s.isInt === true || s.format === "safeint";
}

function singular(key: string): string {
  if (key === "strikers" || key === "threats" || key === "passedThrough" || key === "destroyed" || key === "fleeing") return "unit";
  if (key === "leadersNear" || key === "characters") return "character";
  if (key === "commandLost") return "name";
  if (key === "locations") return "crew";
  return key.endsWith("s") ? key.slice(0, -1) : key;
}

/** A field's type in words. */
function typeText(schema: unknown, key: string): string {
  const d = defOf(schema);
  switch (d.type) {
    case "string":
      if (["cause", "test", "firersRule", "path", "rule4"].includes(key)) return "rule id";
      return key in IDS ? "id" : "text";
    case "number":
      return isInt(schema) ? "whole number" : "number";
    case "boolean":
      return "yes/no";
    case "null":
      return "null";
    case "literal":
      return (d["values"] as unknown[]).map((v) => JSON.stringify(v)).join(" | ");
    case "enum":
      return Object.values(d["entries"] as Record<string, string>)
        .map((v) => `\`${v}\``)
        .join(" \\| ");
    case "nullable":
      return `${typeText(d["innerType"], key)} or null`;
    case "optional":
    case "exact_optional":
      return `${typeText(d["innerType"], key)} (optional)`;
    case "array":
      return key === "dice" || key.endsWith("Dice") ? "dice (list of faces)" : `list of ${typeText(d["element"], singular(key))}`;
    case "tuple":
      return `[${(d["items"] as unknown[]).map((s) => typeText(s, key)).join(", ")}]`;
    case "object":
      return `{ ${Object.entries(d["shape"] as Record<string, unknown>)
        .map(([k, s]) => `${k}: ${typeText(s, k)}`)
        .join(", ")} }`;
    case "record":
      return "side id → number";
    default:
      return d.type;
  }
}

/** The example event of a type: built from its schema, then checked against it. */
export function exampleEvent(type: EngineEventType): Record<string, unknown> {
  const spec = EVENT_CATALOGUE[type];
  const rule = spec.rules === "cause" ? (spec.causes?.[0] ?? "CORE-TURN-1") : (spec.rules[0] as string);
  const fields = Object.fromEntries(Object.entries(spec.fields as Record<string, unknown>).map(([k, s]) => [k, exampleOf(s, k, rule)]));
  Object.assign(fields, OVERRIDES[type] ?? {});
  const e = { ...fields, type, rule, seq: NUMBERS["seq"], gameTurn: NUMBERS["gameTurn"] };
  const checked = (EVENT_SCHEMAS[type] as unknown as z.ZodType).safeParse(e);
  if (!checked.success) throw new Error(`events page: the example of ${type} does not match its schema: ${checked.error.message}`);
  return checked.data as Record<string, unknown>;
}

const NAMESPACES: Record<string, string> = {
  turn: "Turn sequence",
  battle: "Battle",
  charge: "Charges (WHN)",
  unit: "Units (WHN)",
  movement: "Movement tests (WHN)",
  combat: "Close combat (WHN)",
  shooting: "Shooting (WHN)",
  morale: "Morale (WHN)",
  character: "Characters (WHN)",
  artillery: "Artillery (WHN)",
  fire: "Fires (WHN)",
  fnf: "Fire and Fury (FnF)",
};

/** The whole page. */
export function eventsPage(): string {
  const out: string[] = [
    "---",
    "title: Event catalogue",
    "---",
    "# Event catalogue",
    "",
    "<!-- Generated by `npm run docs:events` (scripts/gen-events-doc.ts) from src/events; do not edit by hand. -->",
    "",
    "Every event `apply` can return, for both rulesets. Each event carries `type`, `rule` (the rule id",
    "behind it), `seq` (its place in the battle) and `gameTurn`, plus the fields listed here; nothing",
    "else. In TypeScript the events are the union `EngineEvent` (narrow on `type`); at run time",
    "`parseEvent` checks one against this catalogue, and `schemas/event.json` is its JSON Schema.",
    '`describeEvent(event, state)` turns one into a sentence (the "Reads" line of each example).',
    "",
    `${EVENT_TYPES.length} event types. Where the rule column says *cause*, the event names the rule of`,
    "whatever caused it (many rules can make a unit flee); the rules seen with it are listed.",
    "",
  ];
  const groups = new Map<string, EngineEventType[]>();
  for (const t of EVENT_TYPES) {
    const ns = t.slice(0, t.indexOf("/"));
    groups.set(ns, [...(groups.get(ns) ?? []), t]);
  }
  out.push("## Contents", "");
  for (const [ns, types] of groups) out.push(`- ${NAMESPACES[ns] ?? ns}: ${types.map((t) => `[\`${t}\`](#${anchor(t)})`).join(", ")}`);
  for (const [ns, types] of groups) {
    out.push("", `## ${NAMESPACES[ns] ?? ns}`);
    for (const t of types) {
      const spec = EVENT_CATALOGUE[t];
      const rules = spec.rules === "cause" ? `*cause* (seen: ${(spec.causes ?? []).join(", ")})` : spec.rules.join(", ");
      out.push("", `### ${t}`, "", spec.about, "", `Rules: ${rules}`, "");
      const fields = Object.entries(spec.fields as Record<string, unknown>);
      if (fields.length === 0) out.push("No fields besides `type`, `rule`, `seq` and `gameTurn`.");
      else {
        out.push("| Field | Type |", "| --- | --- |");
        for (const [k, s] of fields) out.push(`| \`${k}\` | ${typeText(s, k).replaceAll("|", "\\|").replaceAll("\\\\|", "\\|")} |`);
      }
      const example = exampleEvent(t);
      out.push("", "```json", JSON.stringify(example), "```", "", `Reads: “${describeEvent(example as never)}”`);
    }
  }
  return `${out.join("\n")}\n`;
}

function anchor(t: string): string {
  return t.toLowerCase().replace(/[^a-z0-9]+/g, "");
}
