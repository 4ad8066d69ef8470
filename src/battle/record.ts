/**
 * Battle records: a battle is its setup (seed included), its victory rules and the list of actions
 * played. `replay` rebuilds every state exactly; `undo` goes back to the previous decision;
 * `saveRecord` / `loadRecord` write and read records as JSON, migrating older format versions
 * through a table of migrations.
 */
import * as z from "zod";
import type { BattleEvent, BattleState } from "../state/battle.js";
import type { BattleSetup } from "../state/setup.js";
import type { SideId } from "../state/ids.js";
import type { Action } from "../engine/actions.js";
import { ActionSchema } from "../engine/actions.js";
import { FusilladeError, type InputError, type InputIssue, type Result, type Violation } from "../engine/violation.js";
import { badArg, objectArg, readingArg } from "../engine/args.js";
import { toIssues } from "../engine/issues.js";
import { VictorySpecSchema, type VictorySpec } from "../scenarios/format.js";
import { playAction, startBattleWithEvents } from "./game.js";
import { plainCopy, UnreadableInput } from "../engine/plain.js";

/** The version of the battle-record format written by this release. */
export const RECORD_VERSION = 1 as const;

/** A battle: its setup, its victory rules (null: the engine's turn-limit result) and its actions. */
export interface BattleRecord {
  readonly schemaVersion: typeof RECORD_VERSION;
  readonly setup: BattleSetup;
  readonly victory: VictorySpec | null;
  readonly actions: readonly Action[];
}

/** Most actions a record may hold. */
const MAX_RECORD_ACTIONS = 1_000_000;

/** Zod schema of a battle record of the current version (the setup is checked by `createBattle`). */
export const BattleRecordSchema = z.strictObject({
  schemaVersion: z.literal(RECORD_VERSION),
  setup: z.record(z.string(), z.unknown()),
  victory: VictorySpecSchema.nullable().default(null),
  actions: z.array(ActionSchema).max(MAX_RECORD_ACTIONS),
});

/** Upgrades a record (plain JSON) from one format version to the next. */
export type Migration = (old: { readonly [k: string]: unknown }) => { readonly [k: string]: unknown };

/**
 * Migrations by the version they upgrade from: `MIGRATIONS[n]` turns a version-n record into
 * version n+1. Version 1 is the first published format, so the table starts empty; a release that
 * changes the format bumps {@link RECORD_VERSION} and adds its migration here.
 */
export const RECORD_MIGRATIONS: { readonly [fromVersion: number]: Migration } = {};

/**
 * A new record for a setup and its victory rules.
 * @example
 * let record = newRecord(scenarioSetup(scenario, 42), scenario.victory);
 */
export function newRecord(setup: BattleSetup, victory: VictorySpec | null = null): BattleRecord {
  // Copies, so a setup the caller edits afterwards does not change the record (the setup itself is validated when the record replays).
  const s = copied("newRecord", "setup", setup);
  const v = copied("newRecord", "victory", victory);
  if (s === null || typeof s !== "object" || Array.isArray(s)) throw badArg("newRecord", "setup", "a battle setup object", setup);
  if (v !== null && (typeof v !== "object" || Array.isArray(v))) throw badArg("newRecord", "victory", "victory rules or null", victory);
  return { schemaVersion: RECORD_VERSION, setup: s as BattleSetup, victory: v as VictorySpec | null, actions: [] };
}

/**
 * The record with one more action. The action is copied (an object the caller reuses or edits
 * afterwards does not change the record); a record or action that cannot be read is an
 * `engine/misuse` FusilladeError.
 */
export function recordAction(record: BattleRecord, action: Action): BattleRecord {
  const r = objectArg("recordAction", "record", record);
  const actions = readingArg("recordAction", "record", () => r["actions"]);
  if (!Array.isArray(actions)) throw badArg("recordAction", "record.actions", "an array", actions);
  if (actions.length >= MAX_RECORD_ACTIONS) throw badArg("recordAction", "record.actions", `fewer than ${MAX_RECORD_ACTIONS} actions`, actions);
  const a = copied("recordAction", "action", action);
  if (a === null || typeof a !== "object" || Array.isArray(a)) throw badArg("recordAction", "action", "an action object", action);
  return readingArg("recordAction", "record", () => ({ ...record, actions: [...(actions as Action[]), a as Action] }));
}

/** A plain copy of a caller's value, or an `engine/misuse` FusilladeError when it cannot be read. */
function copied(api: string, arg: string, value: unknown): unknown {
  const c = plainCopy(value);
  if (c instanceof UnreadableInput) throw new FusilladeError("engine/misuse", `${api}: ${arg} could not be read (${c.message})`);
  return c;
}

/**
 * Why a record does not replay (a record that is not one, a bad setup, or the action at `index`
 * refused), or why `undo` refuses (nothing to take back, or a side that is not the battle's or
 * never acted).
 */
export type ReplayError =
  | { readonly code: "replay/record_invalid"; readonly error: InputError }
  | { readonly code: "replay/setup_invalid"; readonly error: InputError }
  | { readonly code: "replay/illegal_action"; readonly index: number; readonly violation: Violation }
  | { readonly code: "undo/empty_record" }
  | { readonly code: "undo/unknown_side"; readonly side: string; readonly sides: readonly string[] }
  | { readonly code: "undo/side_never_acted"; readonly side: string };

/**
 * An in-memory record read once as plain data (so nothing the caller holds is aliased, and a
 * getter or Proxy that throws is a typed error), with its shape checked; the setup and the actions
 * are validated as they replay.
 */
function readRecord(record: unknown): Result<BattleRecord, ReplayError> {
  const bad = (path: (string | number)[], message: string): { ok: false; error: ReplayError } => ({ ok: false, error: { code: "replay/record_invalid", error: { code: "state/invalid", issues: [{ path, message, code: "invalid_type" }] } } });
  const copy = plainCopy(record);
  if (copy instanceof UnreadableInput) return bad([...copy.path], copy.message);
  if (copy === null || typeof copy !== "object" || Array.isArray(copy)) return bad([], "a battle record is an object");
  const r = copy as { readonly [k: string]: unknown };
  if (r["setup"] === null || typeof r["setup"] !== "object" || Array.isArray(r["setup"])) return bad(["setup"], "a battle record has a setup object");
  const actions = r["actions"];
  if (!Array.isArray(actions)) return bad(["actions"], "a battle record has an array of actions");
  if (actions.length > MAX_RECORD_ACTIONS) return bad(["actions"], `a battle record has at most ${MAX_RECORD_ACTIONS} actions`);
  const victory = r["victory"] ?? null;
  if (victory !== null && (typeof victory !== "object" || Array.isArray(victory))) return bad(["victory"], "victory rules are an object or null");
  return { ok: true, value: { ...(r as unknown as BattleRecord), victory: victory as VictorySpec | null } };
}


/**
 * Every state of a replayed battle (`states[0]` the first, `states[i + 1]` after action i), who
 * made each action, and the battle's whole history: every event, in order.
 */
export interface Replayed {
  readonly states: readonly BattleState[];
  /** The side that made each action (the deciding side before it). */
  readonly actors: readonly (SideId | null)[];
  /** Every event of the battle, the opening's first (`events[i].seq === i`). */
  readonly events: readonly BattleEvent[];
  /** For each action, how many events the history held before it (`events.slice(eventStart[i], eventStart[i + 1])` are action i's). */
  readonly eventStart: readonly number[];
}

/**
 * Rebuilds every state of a battle from its record: the same setup, seed and actions always give
 * byte-identical states.
 * @example
 * const r = replay(record); if (r.ok) state = r.value.states.at(-1)!;
 */
export function replay(input: BattleRecord): Result<Replayed, ReplayError> {
  const read = readRecord(input);
  if (!read.ok) return read;
  const record = read.value;
  const first = startBattleWithEvents(record.setup, record.victory);
  if (!first.ok) return { ok: false, error: { code: "replay/setup_invalid", error: first.error } };
  const states: BattleState[] = [first.value.state];
  const actors: (SideId | null)[] = [];
  const events: BattleEvent[] = [...first.value.events];
  const eventStart: number[] = [];
  let s = first.value.state;
  for (const [index, action] of record.actions.entries()) {
    actors.push(s.turn.phase === "finished" ? null : (s.pending[0]?.side ?? s.turn.activeSide));
    eventStart.push(events.length);
    // Records may be built in memory: every action is validated as untrusted input.
    const r = playAction(s, action, record.victory, false);
    if (!r.ok) return { ok: false, error: { code: "replay/illegal_action", index, violation: r.violation } };
    s = r.state;
    states.push(s);
    for (const e of r.events) events.push(e);
  }
  return { ok: true, value: { states, actors, events, eventStart } };
}

/** The last state of a replayed record. */
export function finalState(record: BattleRecord): Result<BattleState, ReplayError> {
  const r = replay(record);
  return r.ok ? { ok: true, value: r.value.states[r.value.states.length - 1] as BattleState } : r;
}

/**
 * Takes back the last decision: without `side`, the last action; with `side`, every action back to
 * and including that side's last one (so the opponent's answers made since go too). Returns the
 * shortened record and the state it leads to. Refuses an empty record, a side that is not one of
 * the battle's, and a side that never acted (rather than taking back every action).
 * @example
 * const back = undo(record); if (back.ok) ({ record, state } = back.value);
 */
export function undo(input: BattleRecord, options: { readonly side?: SideId } = {}): Result<{ record: BattleRecord; state: BattleState }, ReplayError> {
  const read = readRecord(input);
  if (!read.ok) return read;
  const record = read.value;
  const r = replay(record);
  if (!r.ok) return r;
  if (record.actions.length === 0) return { ok: false, error: { code: "undo/empty_record" } };
  let keep = record.actions.length - 1;
  const side = readSide(options);
  if (side !== undefined) {
    const sides = Object.keys(r.value.states[0]?.sides ?? {});
    if (!sides.includes(side)) return { ok: false, error: { code: "undo/unknown_side", side, sides } };
    while (keep >= 0 && r.value.actors[keep] !== side) keep--;
    // Taking back "that side's last action" when it never acted would silently take back everything.
    if (keep < 0) return { ok: false, error: { code: "undo/side_never_acted", side } };
  }
  return { ok: true, value: { record: { ...record, actions: record.actions.slice(0, keep) }, state: r.value.states[keep] as BattleState } };
}

/**
 * The `side` option of `undo` as a string (undefined when absent; anything else is a side nobody has).
 * Options that are not an object (`undo(record, "fr")`, null) or cannot be read are refused: taking
 * back the last action of either side instead would lose an action the caller meant to keep.
 */
function readSide(options: unknown): string | undefined {
  const copy = copied("undo", "options", options);
  if (copy === null || typeof copy !== "object" || Array.isArray(copy)) throw badArg("undo", "options", "an object such as { side }", options);
  const side = (copy as { readonly side?: unknown }).side;
  return side === undefined ? undefined : typeof side === "string" ? side : String(side);
}

/** Writes a record as JSON text. */
export function saveRecord(record: BattleRecord): string {
  const read = readRecord(record);
  if (!read.ok) throw new FusilladeError("engine/misuse", `saveRecord: not a battle record (${read.error.code === "replay/record_invalid" ? (read.error.error.issues[0]?.message ?? "") : read.error.code})`);
  return readingArg("saveRecord", "record", () => JSON.stringify(read.value));
}

function invalid(code: InputError["code"], issues: InputIssue[]): { ok: false; error: InputError } {
  return { ok: false, error: { code, issues } };
}

/**
 * Reads a record from JSON text or parsed JSON, upgrading an older format version through the
 * migrations (a missing `schemaVersion` is version 0), then validating it.
 * @example
 * const r = loadRecord(text); if (!r.ok) console.log(formatInputError(r.error));
 */
export function loadRecord(input: string | unknown, migrations: { readonly [fromVersion: number]: Migration } = RECORD_MIGRATIONS): Result<BattleRecord, InputError> {
  // A parsed record is copied first: the record returned never shares an array with the caller's.
  let data: unknown = typeof input === "string" ? input : plainCopy(input);
  if (data instanceof UnreadableInput) return invalid("state/invalid", [{ path: [...data.path], message: data.message, code: "unreadable" }]);
  if (typeof input === "string") {
    try {
      data = JSON.parse(input);
    } catch (e) {
      return invalid("json/invalid", [{ path: [], message: e instanceof Error ? e.message : "malformed JSON", code: "invalid_json" }]);
    }
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) return invalid("state/invalid", [{ path: [], message: "a battle record is a JSON object", code: "invalid_type" }]);
  let rec = data as { readonly [k: string]: unknown };
  let version = typeof rec["schemaVersion"] === "number" ? rec["schemaVersion"] : 0;
  if (!Number.isInteger(version) || version < 0 || version > RECORD_VERSION) {
    return invalid("state/invalid", [{ path: ["schemaVersion"], message: `unknown record version ${String(rec["schemaVersion"])}; this release reads versions up to ${RECORD_VERSION}`, code: "custom" }]);
  }
  while (version < RECORD_VERSION) {
    const m = migrations[version];
    if (m === undefined) return invalid("state/invalid", [{ path: ["schemaVersion"], message: `no migration from record version ${version}`, code: "custom" }]);
    rec = m(rec);
    version += 1;
    if (rec["schemaVersion"] !== version) return invalid("state/invalid", [{ path: ["schemaVersion"], message: `the migration from version ${version - 1} did not produce version ${version}`, code: "custom" }]);
  }
  const parsed = BattleRecordSchema.safeParse(rec);
  if (!parsed.success) return invalid("state/invalid", toIssues(parsed.error));
  return { ok: true, value: parsed.data as unknown as BattleRecord };
}
