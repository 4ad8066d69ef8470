/**
 * Saved states of earlier format versions, brought up to the current one before they are checked.
 * Version 1 carried the battle's whole event log; version 2 keeps only the event count (`eventSeq`)
 * and the turn facts the rules need, derived once from that log.
 */
import * as z from "zod";
import { EventSchema, SCHEMA_VERSION, type BattleEvent, type BattleState } from "../state/battle.js";
import { toIssues } from "./issues.js";
import { FACTS_RECORDERS, ensureRuleset } from "./modules.js";
import type { InputIssue } from "./violation.js";
import { NO_FACTS } from "../state/facts.js";

/** The most events a version-1 log may hold. */
const MAX_V1_EVENTS = 5_000_000;

const V1LogSchema = z.array(EventSchema).max(MAX_V1_EVENTS);

/** A migrated state (still to be checked by the schema), or the problems found on the way. */
export type Migrated = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issues: InputIssue[] };

const isRecord = (v: unknown): v is { readonly [k: string]: unknown } => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Brings a saved state (parsed JSON) to the current format version: a version-1 state loses its
 * `log`, gains `eventSeq` (the log's length) and the turn facts its log leads to. Anything else
 * passes through unchanged, for the schema to judge.
 * @example
 * const m = migrateState(JSON.parse(text)); if (m.ok) BattleStateSchema.parse(m.value);
 */
export function migrateState(input: unknown): Migrated {
  if (!isRecord(input) || input["schemaVersion"] !== 1) return { ok: true, value: input };
  const { log: raw = [], ...rest } = input;
  const parsed = V1LogSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, issues: toIssues(parsed.error).map((i) => ({ ...i, path: ["log", ...i.path] })) };
  const log = parsed.data as unknown as readonly BattleEvent[];
  for (const [i, e] of log.entries()) {
    if (e.seq !== i) return { ok: false, issues: [{ path: ["log", i, "seq"], message: `event sequence numbers run 0, 1, 2, …; expected ${i}`, code: "custom" }] };
  }
  if (rest["ruleset"] === "whn" || rest["ruleset"] === "core" || rest["ruleset"] === "fnf") ensureRuleset(rest["ruleset"]);
  const record = typeof rest["ruleset"] === "string" ? FACTS_RECORDERS[rest["ruleset"] as BattleState["ruleset"]] : undefined;
  const combats = (isRecord(rest["combats"]) ? rest["combats"] : {}) as BattleState["combats"];
  const facts = record === undefined ? NO_FACTS : record(NO_FACTS as BattleState["facts"], log, combats);
  return { ok: true, value: { ...rest, schemaVersion: SCHEMA_VERSION, eventSeq: log.length, facts } };
}
