import { roller, seedDice, forkDice } from "../dice/index.js";
import { BattleSetupSchema, type BattleSetup } from "../state/setup.js";
import { SETUP_LIMITS } from "../state/limits.js";
import { BattleStateSchema, SCHEMA_VERSION, isFigureScale, type BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import { toIssues } from "./issues.js";
import { footprintOf } from "../rules/whn/unit.js";
import { gunServesArm } from "../rules/whn/artillery/guns.js";
import { setupShapeRefusal } from "../rules/whn/movement/formations.js";
import { coreSetupIssues } from "../rules/core/setup.js";
import { rectCorners, rectsOverlap } from "../geometry/rect.js";
import { scanInput } from "./scan.js";
import { FusilladeError, type InputError, type InputIssue, type Result } from "./violation.js";
import { describe, plainCopy, UnreadableInput } from "./plain.js";
import { commit, makeContext } from "./apply.js";
import { beginBattle } from "./turn.js";
import { migrateState } from "./migrate.js";
import { canonicalJson } from "../trust/hash.js";
import type { BattleEvent } from "../state/battle.js";
import { checkLoaded } from "../trust/catalogue.js";
import { adopt, own } from "./owned.js";
import { ensureRuleset } from "./modules.js";

/** Largest JSON text {@link loadState} accepts (characters). */
export const MAX_STATE_TEXT = 50_000_000;

function invalid(code: InputError["code"], issues: InputIssue[]): { ok: false; error: InputError } {
  return { ok: false, error: { code, issues } };
}

/** Checks a parsed setup for duplicate ids and unknown references, with array paths. */
function checkSetup(setup: ReturnType<typeof BattleSetupSchema.parse>): InputIssue[] {
  const issues: InputIssue[] = [];
  const sideIds = setup.sides.map((s) => s.id as string);
  if (sideIds[0] === sideIds[1]) issues.push({ path: ["sides", 1, "id"], message: `duplicate side id "${sideIds[1]}"`, code: "custom" });
  const seen = new Map<string, string>();
  const claim = (id: string, path: (string | number)[]): void => {
    const prev = seen.get(id);
    if (prev !== undefined) issues.push({ path, message: `duplicate id "${id}" (already used at ${prev})`, code: "custom" });
    else seen.set(id, path.join("."));
  };
  // A parent may start with detachments merged into its ranks (WHN-DET-5): their models count in its figures.
  const mergedStart = new Map<string, number>();
  for (const u of setup.units) if (u.mergedInto !== null) mergedStart.set(u.mergedInto, (mergedStart.get(u.mergedInto) ?? 0) + (u.startingFigures ?? u.figures));
  setup.units.forEach((u, i) => {
    claim(u.id, ["units", i, "id"]);
    if (!sideIds.includes(u.side)) issues.push({ path: ["units", i, "side"], message: `unknown side "${u.side}"`, code: "custom" });
    if (u.startingFigures !== undefined && u.figures > u.startingFigures + (mergedStart.get(u.id) ?? 0))
      issues.push({ path: ["units", i, "figures"], message: "more figures than startingFigures (and the detachments merged into it)", code: "custom" });
    const { x, y } = u.position;
    if (x < 0 || y < 0 || x > setup.table.width || y > setup.table.height)
      issues.push({ path: ["units", i, "position"], message: `position (${x}, ${y}) is off the ${setup.table.width}" × ${setup.table.height}" table`, code: "custom" });
  });
  const unitIds = new Set(setup.units.map((u) => u.id as string));
  setup.units.forEach((u, i) => {
    if (u.detachmentOf !== null && (!unitIds.has(u.detachmentOf) || u.detachmentOf === u.id))
      issues.push({ path: ["units", i, "detachmentOf"], message: `unknown parent unit "${u.detachmentOf}"`, code: "custom" });
  });
  setup.characters.forEach((c, i) => {
    claim(c.id, ["characters", i, "id"]);
    if (!sideIds.includes(c.side)) issues.push({ path: ["characters", i, "side"], message: `unknown side "${c.side}"`, code: "custom" });
    if (c.joinedTo !== null && !unitIds.has(c.joinedTo))
      issues.push({ path: ["characters", i, "joinedTo"], message: `unknown unit "${c.joinedTo}"`, code: "custom" });
  });
  // FnF pieces are records, which zod cannot cap: their sizes are checked here (SETUP_LIMITS).
  const fnfUnits = Object.keys(setup.fnf?.units ?? {}).length;
  if (fnfUnits > SETUP_LIMITS.fnfUnits) issues.push({ path: ["fnf", "units"], message: `${fnfUnits} FnF units; a battle has at most ${SETUP_LIMITS.fnfUnits}`, code: "too_big" });
  const fnfLeaders = Object.keys(setup.fnf?.leaders ?? {}).length;
  if (fnfLeaders > SETUP_LIMITS.fnfLeaders) issues.push({ path: ["fnf", "leaders"], message: `${fnfLeaders} FnF leaders; a battle has at most ${SETUP_LIMITS.fnfLeaders}`, code: "too_big" });
  if (setup.firstSide !== undefined && !sideIds.includes(setup.firstSide))
    issues.push({ path: ["firstSide"], message: `unknown side "${setup.firstSide}"`, code: "custom" });
  return issues;
}

/**
 * WHN guns must be of a type their arm may serve, the same check as building a battery preset: a
 * heavy gun is never horse artillery (WHN-ART-1).
 */
function unfitUnits(state: BattleState, order: readonly string[]): InputIssue[] {
  const issues: InputIssue[] = [];
  order.forEach((id, i) => {
    const u = state.units[id as keyof typeof state.units];
    if (u === undefined) return;
    const art = u.artillery;
    if (art !== null && !gunServesArm(art.gun, art.arm))
      issues.push({ path: ["units", i, "artillery", "gun"], message: `a ${art.gun} gun cannot serve a ${art.arm} battery (WHN-ART-1)`, code: "gun_not_allowed" });
    // A unit starts in a shape it could adopt (WHN-FORM-5 and the other formation minimums); one merged into its parent is not on the table.
    const shape = u.mergedInto === null && u.removed === null ? setupShapeRefusal(u, state) : null;
    if (shape !== null)
      issues.push({ path: ["units", i, "formation"], message: `unit "${id}" cannot stand in ${u.formation} with ${u.files} files and ${u.figures} models: ${shape.why} (${shape.rule})`, code: "formation_not_allowed" });
  });
  return issues;
}

/**
 * Units may not stand on one another at deployment (CORE-MOVE-4: no unit is ever inside another).
 * A sweep over x keeps this near-linear for large armies.
 */
function overlappingUnits(state: BattleState, order: readonly string[]): InputIssue[] {
  const boxes = order.flatMap((id, index) => {
    const u = state.units[id as keyof typeof state.units];
    // A detachment merged into its parent stands in the parent's ranks, not on the table (WHN-DET-5).
    if (u === undefined || u.figures === 0 || u.removed !== null || u.mergedInto !== null) return [];
    const fp = footprintOf(u);
    const xs = fp.flatMap((r) => rectCorners(r).map((c) => c.x));
    return [{ id, index, fp, lo: Math.min(...xs), hi: Math.max(...xs) }];
  });
  boxes.sort((a, b) => a.lo - b.lo);
  const issues: InputIssue[] = [];
  for (let i = 0; i < boxes.length && issues.length < 20; i++) {
    const a = boxes[i]!;
    for (let j = i + 1; j < boxes.length && boxes[j]!.lo <= a.hi; j++) {
      const b = boxes[j]!;
      if (a.fp.some((ra) => b.fp.some((rb) => rectsOverlap(ra, rb)))) {
        const [first, second] = a.index < b.index ? [a, b] : [b, a];
        issues.push({ path: ["units", second.index, "position"], message: `unit "${second.id}" overlaps unit "${first.id}" (units.${first.index})`, code: "custom" });
      }
    }
  }
  return issues;
}

/**
 * Validates a battle setup and returns the battle's first state (the first player's turn begun), or
 * a typed error listing every problem with its path. Never throws for bad input. The parameter is
 * typed ({@link BattleSetup}, the setup as written, defaults optional) for completion and checking
 * where it is written; the setup is still validated in full at run time. For a setup of unknown
 * shape (parsed JSON, a network message) use {@link createBattleUnknown}.
 * @example
 * const r = createBattle({ seed: 42, sides: [{ id: "fr", name: "France" }, { id: "gb", name: "Britain" }], units: [...] });
 * if (!r.ok) console.log(r.error.issues);
 */
export function createBattle(setup: BattleSetup): Result<BattleState, InputError> {
  return createBattleUnknown(setup);
}

/**
 * {@link createBattle} for a value of unknown shape (parsed JSON, a file, a message): the same
 * validation, with no compile-time claim on the input.
 * @example
 * const r = createBattleUnknown(JSON.parse(text)); if (!r.ok) console.log(formatInputError(r.error));
 */
export function createBattleUnknown(setup: unknown): Result<BattleState, InputError> {
  const prepared = prepareBattle(setup);
  return prepared.ok ? { ok: true, value: beginPrepared(prepared.value.battle, prepared.value.seed) } : prepared;
}

/** {@link createBattle}, with the events of the battle's opening (the start of its history). */
export function createBattleWithEvents(setup: unknown): Result<{ state: BattleState; events: BattleEvent[] }, InputError> {
  const prepared = prepareBattle(setup);
  return prepared.ok ? { ok: true, value: beginPreparedWithEvents(prepared.value.battle, prepared.value.seed) } : prepared;
}

/**
 * A validated setup that can begin with any dice seed: its checked state before the seed's wind
 * roll, dice and first turn. Many battles of one setup validate it once (see `beginPrepared`).
 */
export interface PreparedBattle {
  /** The validated state; its `wind` and `dice` are placeholders, replaced when a battle begins. */
  readonly state: BattleState;
  /** The setup's own wind, or undefined when each battle rolls it (CORE-GEO-33). */
  readonly wind: number | undefined;
}

/**
 * Validates a setup once for many battles: the same checks as {@link createBattle}, returning the
 * prepared battle and the setup's own seed.
 */
export function prepareBattle(input: unknown): Result<{ battle: PreparedBattle; seed: number | string }, InputError> {
  const setup = plainCopy(input);
  if (setup instanceof UnreadableInput) return invalid("setup/invalid", [{ path: [...setup.path], message: setup.message, code: "unreadable" }]);
  const hostile = scanInput(setup);
  if (hostile.length > 0) return invalid("setup/invalid", hostile);
  const parsed = BattleSetupSchema.safeParse(setup);
  if (!parsed.success) return invalid("setup/invalid", toIssues(parsed.error));
  const s = parsed.data;
  const problems = checkSetup(s);
  if (problems.length > 0) return invalid("setup/invalid", problems);

  const first = (s.firstSide ?? s.sides[0].id) as SideId;
  const draft = {
    schemaVersion: SCHEMA_VERSION,
    ruleset: s.ruleset,
    table: s.table,
    turn: { gameTurn: 1, maxTurns: s.maxTurns, firstSide: first, activeSide: first, phase: "start", step: null },
    result: null,
    sides: Object.fromEntries(s.sides.map((side) => [side.id, side])),
    units: Object.fromEntries(s.units.map((u) => [u.id, { ...u, startingFigures: u.startingFigures ?? u.figures }])),
    characters: Object.fromEntries(s.characters.map((c) => [c.id, c])),
    combats: {},
    pending: [],
    terrain: s.terrain,
    fires: s.fires,
    // Placeholders, replaced by `beginPrepared` (a valid wind and the seed's unrolled dice).
    wind: s.wind ?? 0,
    options: s.options,
    dice: seedDice(s.seed),
    fnf: s.fnf ?? (s.ruleset === "fnf" ? { units: {} } : null),
    victory: s.victory,
  };
  const checked = BattleStateSchema.safeParse(draft);
  if (!checked.success) return invalid("setup/invalid", toIssues(checked.error));
  const state = checked.data as BattleState;
  const unfit = isFigureScale(state.ruleset) ? unfitUnits(state, s.units.map((u) => u.id as string)) : [];
  if (unfit.length > 0) return invalid("setup/invalid", unfit);
  const outOfRuleset = isFigureScale(state.ruleset) ? coreSetupIssues(state, s.units.map((u) => u.id as string), s.characters.map((c) => c.id as string)) : [];
  if (outOfRuleset.length > 0) return invalid("setup/invalid", outOfRuleset);
  const overlaps = isFigureScale(state.ruleset) ? overlappingUnits(state, s.units.map((u) => u.id as string)) : [];
  if (overlaps.length > 0) return invalid("setup/invalid", overlaps);
  return { ok: true, value: { battle: { state, wind: s.wind }, seed: s.seed } };
}

/**
 * The first state of a prepared battle with a dice seed: the wind rolled unless the setup fixed it,
 * then the first player's turn begun. Equal to `createBattle` of the setup with that seed.
 */
export function beginPrepared(prepared: PreparedBattle, seed: number | string): BattleState {
  return beginPreparedWithEvents(prepared, seed).state;
}

/** {@link beginPrepared}, with the events of the battle's opening (its history starts with them). */
export function beginPreparedWithEvents(prepared: PreparedBattle, seed: number | string): { state: BattleState; events: BattleEvent[] } {
  ensureRuleset(prepared.state.ruleset);
  const dice = roller(seedDice(seed));
  let wind = prepared.wind;
  if (wind === undefined) {
    // Wind: a scatter-die arrow, re-rolling HIT (CORE-GEO-33).
    for (let face = dice.scatter(); wind === undefined; face = dice.scatter()) if (face.kind === "ARROW") wind = face.angle;
  }
  const state: BattleState = { ...prepared.state, wind, dice: dice.snapshot() };
  const { ctx, sink } = makeContext(state, dice);
  const begun = beginBattle(state, ctx);
  const out = commit(begun, dice, sink.drafts);
  own(out.state);
  return out;
}

/**
 * Validates a saved battle state (for example one read back from JSON), returning it typed, or a
 * typed error with the path of every problem. A state of an earlier format version is migrated
 * first (a version-1 state's event log is dropped, the facts the rules need derived from it); then
 * the state schema, then every state invariant of the catalogue (an issue with `code: "invariant"`
 * names the invariant broken).
 */
export function parseState(input: unknown): Result<BattleState, InputError> {
  // Read once as plain data: a getter or Proxy trap that throws is a refusal, and the state
  // returned shares nothing with the caller's object.
  const copy = plainCopy(input);
  if (copy instanceof UnreadableInput) return invalid("state/invalid", [{ path: [...copy.path], message: copy.message, code: "unreadable" }]);
  return parseCopy(copy);
}

/** `parseState` of a value already copied as plain data. */
function parseCopy(input: unknown): Result<BattleState, InputError> {
  const hostile = scanInput(input);
  if (hostile.length > 0) return invalid("state/invalid", hostile);
  const migrated = migrateState(input);
  if (!migrated.ok) return invalid("state/invalid", migrated.issues);
  const checked = BattleStateSchema.safeParse(migrated.value);
  if (!checked.success) return invalid("state/invalid", toIssues(checked.error));
  const state = checked.data as BattleState;
  // A state can match the schema and still be one no legal play reaches (units off the table or
  // on top of each other, a decision nobody can answer…): the invariant catalogue refuses it.
  const breaches = checkLoaded(state);
  if (breaches.length > 0) {
    return invalid(
      "state/invalid",
      breaches.map((b) => ({ path: [...b.path], message: `${b.message} (invariant ${b.invariant}, ${b.rule})`, code: "invariant", invariant: b.invariant })),
    );
  }
  return { ok: true, value: own(state) };
}

/** Parses and validates a saved battle state from JSON text (size-limited). */
export function loadState(text: string): Result<BattleState, InputError> {
  if (typeof text !== "string") return invalid("json/invalid", [{ path: [], message: `loadState reads JSON text, got ${text === null ? "null" : typeof text}`, code: "invalid_type" }]);
  if (text.length > MAX_STATE_TEXT) {
    return invalid("json/invalid", [{ path: [], message: `the text is longer than ${MAX_STATE_TEXT} characters`, code: "too_big" }]);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return invalid("json/invalid", [{ path: [], message: e instanceof Error ? e.message : "malformed JSON", code: "invalid_json" }]);
  }
  // JSON.parse builds fresh plain data: no copy needed.
  return parseCopy(data);
}

/**
 * Serialises a battle state to canonical JSON text (object keys sorted at every level) that
 * {@link loadState} reads back equal: `saveState(loadState(t)) === t` for any saved `t`, so saves
 * hash and diff as text.
 */
export function saveState(state: BattleState): string {
  // Adopted first: a value that is not a state (null, a cycle, a Proxy that throws) is refused as one.
  return canonicalJson(adopt(state));
}

/**
 * A copy of the state whose dice are re-seeded: what happens next no longer depends on the original
 * dice (for a bot's search copies, or "what if" branches). A seed `seedDice` refuses (0.5, NaN…)
 * throws a {@link FusilladeError} (`engine/misuse`).
 */
export function reseed(state: BattleState, seed: number | string): BattleState {
  const base = adopt(state);
  return own({ ...base, dice: misuse("reseed", () => seedDice(seed)) });
}

/** A copy of the state on an independent, reproducible dice stream derived from its own; a bad stream throws a {@link FusilladeError}. */
export function forkState(state: BattleState, stream: number): BattleState {
  const base = adopt(state);
  return own({ ...base, dice: misuse("forkState", () => forkDice(base.dice, stream)) });
}

/** Runs a dice helper for an engine API, turning its RangeError for a bad argument into a FusilladeError. */
function misuse<T>(api: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw new FusilladeError("engine/misuse", `${api}: ${describe(e)}`, { cause: e });
  }
}
