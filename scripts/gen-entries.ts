// Generates the engine entries src/engine/all.ts (root), src/whn.ts (`fusillade/whn`) and
// src/fnf.ts (`fusillade/fnf`) from one template: the same wrapper functions, each calling its
// entry's register function first. Plain functions, not a factory object, so a bundler drops the
// ones an app does not call. `npm run gen:entries` writes them; `--check` exits 1 when a
// file differs from what the template gives (test/docs/entries.test.ts runs the same check).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** One entry: where it lives, how it registers its rulesets, and the text that differs. */
export interface Entry {
  readonly file: string;
  /** The relative path from the file to src/. */
  readonly src: string;
  readonly header: string;
  /** [export name, path under src/] of each ruleset pack the entry registers. */
  readonly rulesets: readonly (readonly [string, string])[];
  readonly register: string;
  readonly registerDoc: string;
  readonly afterRegister: string;
  readonly refused: string;
  readonly rulesText: string;
  readonly routed: string;
  readonly tail: string;
}

interface Wrapper {
  readonly doc: string;
  readonly sig: string;
  readonly call: string;
  readonly guard?: boolean;
  /** A statement run before the call (argument checks). */
  readonly pre?: string;
}

export const ENTRIES: readonly Entry[] = [
  {
    file: "src/engine/all.ts",
    src: "../",
    header: `/**
 * The engine with every ruleset registered: what the root entry exports. Each function registers
 * the rulesets (once) and calls the engine; \`fusillade/whn\` and \`fusillade/fnf\` export the same
 * functions for one ruleset, so a bundle of one of them leaves the other ruleset out.
 */`,
    rulesets: [["WHN_RULESET", "rules/whn/ruleset.js"], ["FNF_RULESET", "rules/fnf/ruleset.js"]],
    register: "registerAllRulesets",
    registerDoc: "Registers every ruleset with the engine (idempotent).",
    afterRegister: `
// Loaded, the root entry plays every ruleset: its functions below register them too, for bundles
// that keep only the functions an app calls.
registerAllRulesets();
setDefaultLoader(registerAllRulesets);
`,
    refused: "",
    rulesText: "every ruleset",
    routed: "Every action type the engine routes.",
    tail: "",
  },
  {
    file: "src/whn.ts",
    src: "./",
    header: `/**
 * \`fusillade/whn\`: the engine for the figure-scale rulesets (WHN and CORE) alone. The same
 * functions as the root entry's engine (\`createBattle\`, \`apply\`, \`legalActions\`, …), which register
 * only these rules, so a bundled app that plays them leaves the FnF rules out.
 * @example
 * import { createBattle, apply, ridgeAction } from "fusillade/whn";
 * const r = createBattle(ridgeAction(1));
 * if (r.ok) console.log(apply(r.value, { type: "turn/advance" }).ok);
 * @packageDocumentation
 * @module fusillade/whn
 */`,
    rulesets: [["WHN_RULESET", "rules/whn/ruleset.js"]],
    register: "registerWhn",
    registerDoc: "Registers the WHN and CORE rules with the engine (idempotent; every function here does it).",
    afterRegister: "",
    refused: " A battle of another ruleset is refused (a FusilladeError naming the entry to import).",
    rulesText: "the WHN or CORE rulesets",
    routed: "Every action type the engine routes (the WHN and CORE ones, once registered).",
    tail: `
export { WHN_RULESET };
// Scenarios as named exports: a bundler keeps only those an app uses (a namespace of the root entry,
// such as \`scenarios\`, is bundled whole by esbuild).
export { ridgeAction, builtinScenario, BUILTIN_SCENARIO_IDS, scenarioSetup, parseScenario, parseScenarioText, type BuiltinScenarioId, type Scenario } from "./scenarios/index.js";
export * from "./engine/common.js";
`,
  },
  {
    file: "src/fnf.ts",
    src: "./",
    header: `/**
 * \`fusillade/fnf\`: the engine for the brigade-scale ruleset (FnF) alone. The same functions as the
 * root entry's engine (\`createBattle\`, \`apply\`, \`legalActions\`, …), which register only the FnF
 * rules, so a bundled app that plays them leaves the figure-scale rules out.
 * @example
 * import { createBattle, apply, scenario } from "fusillade/fnf";
 * const r = createBattle(scenario("coa1811", 1));
 * if (r.ok) console.log(apply(r.value, { type: "turn/advance" }).ok);
 * @packageDocumentation
 * @module fusillade/fnf
 */`,
    rulesets: [["FNF_RULESET", "rules/fnf/ruleset.js"]],
    register: "registerFnf",
    registerDoc: "Registers the FnF rules with the engine (idempotent; every function here does it).",
    afterRegister: "",
    refused: " A battle of another ruleset is refused (a FusilladeError naming the entry to import).",
    rulesText: "the FnF ruleset",
    routed: "Every action type the engine routes (the FnF ones, once registered).",
    tail: `
export { FNF_RULESET };
// The FnF helpers as named exports: a bundler keeps only those an app uses (the root entry's \`fnf\`
// namespace is bundled whole by esbuild).
export {
  scenario,
  SCENARIOS,
  type ScenarioName,
  layoutOf,
  distanceBetween,
  commandOf,
  inCommand,
  sees,
  visibleUnits,
  maneuverOdds,
  fireOdds,
  meleeOdds,
  firePoints,
  fireModifiers,
  maneuverModifiers,
  meleeModifiers,
  stands,
} from "./rules/fnf/api.js";
export * from "./engine/common.js";
`,
  },
];

/**
 * The wrappers, each calling the entry's register function first. `guard` marks the functions that
 * take a state: they check its ruleset is registered before the engine reads it.
 */
const WRAPPERS = (e: Entry): Wrapper[] => [
  {
    doc: `/**
 * Starts a battle from a setup: validates it, rolls the wind, begins the first turn.${e.refused} The
 * setup is typed ({@link BattleSetup}) and still validated in full at run time; the result is the
 * first state, or an \`InputError\` with the path of every problem.
 * @example
 * const r = createBattle(setup);
 * if (!r.ok) console.log(formatInputError(r.error));
 */`,
    sig: "createBattle(setup: BattleSetup): Result<BattleState, InputError>",
    call: "createBattle0(setup)",
  },
  {
    doc: "/** {@link createBattle} for a value of unknown shape (parsed JSON, a message): the same validation. */",
    sig: "createBattleUnknown(setup: unknown): Result<BattleState, InputError>",
    call: "createBattleUnknown0(setup)",
  },
  {
    doc: "/** {@link createBattle}, with the events of the battle's opening (the start of its history). */",
    sig: "createBattleWithEvents(setup: unknown): Result<{ state: BattleState; events: BattleEvent[] }, InputError>",
    call: "createBattleWithEvents0(setup)",
  },
  {
    doc: `/**
 * Validates a saved battle state (e.g. read back from JSON): migrated from an earlier format
 * version if need be, then the state schema and every state invariant. Returns it typed, or an
 * \`InputError\` with the path of every problem.
 */`,
    sig: "parseState(input: unknown): Result<BattleState, InputError>",
    call: "parseState0(input)",
  },
  {
    doc: "/** Parses and validates a saved battle state from JSON text (size-limited); see {@link parseState}. */",
    sig: "loadState(text: string): Result<BattleState, InputError>",
    call: "loadState0(text)",
  },
  {
    doc: `/**
 * Applies an action to a battle state: the next state and the events of the step, or a violation
 * naming the rule that forbids it. The input state is never mutated; a violation changes nothing.
 * The action is typed ({@link ActionInput}) and still validated in full at run time.
 * @example
 * const r = apply(state, { type: "turn/advance" });
 * if (r.ok) state = r.state; else console.log(formatViolation(r.violation));
 */`,
    sig: "apply(state: BattleState, action: ActionInput): ApplyResult",
    call: "apply0(state, action)",
  },
  {
    doc: "/** {@link apply} for a value of unknown shape (parsed JSON, a network message): the same validation. */",
    sig: "applyUnknown(state: BattleState, action: unknown): ApplyResult",
    call: "applyUnknown0(state, action)",
  },
  {
    doc: `/**
 * Applies an already-typed action without validating its shape (the fast path for bots, whose
 * actions come from {@link legalActions}); the game rules are still checked.
 */`,
    sig: "applyTrusted(state: BattleState, action: Action): ApplyResult",
    call: "applyTrusted0(state, action)",
  },
  {
    doc: `/**
 * Validates a value as an action of ${e.rulesText} without applying it: the typed action (defaults
 * filled in), or the \`action/invalid\` violation {@link apply} would return.
 */`,
    sig: "parseAction(input: unknown): { readonly ok: true; readonly value: Action } | { readonly ok: false; readonly violation: Violation }",
    call: "parseAction0(input)",
  },
  {
    doc: `/**
 * Applies \`turn/advance\` while it is the only legal action, stopping where a real choice awaits
 * (or the battle is over), with every event on the way.
 * @example
 * state = advance(state).state;
 */`,
    sig: "advance(state: BattleState, options?: AdvanceOptions): Advanced",
    call: 'advance0(adopt(state), optionsArg("advance", "options", options))',
    guard: true,
  },
  {
    doc: "/** Whether the deciding side has no choice (`turn/advance` is its only legal action). */",
    sig: "isForcedStep(state: BattleState): boolean",
    call: "isForcedStep0(adopt(state))",
    guard: true,
  },
  {
    doc: `/**
 * Every legal action for the deciding side (each applies without a violation), plus \`turn/advance\`
 * when no decision is pending.
 * @example
 * const actions = legalActions(state);
 */`,
    sig: "legalActions(state: BattleState): Action[]",
    call: "legalActions0(state)",
    guard: true,
  },
  {
    doc: "/** The first action {@link legalActions} would list, checking candidates only up to it. */",
    sig: "firstLegalAction(state: BattleState): Action | undefined",
    call: "firstLegalAction0(state)",
    guard: true,
  },
  {
    doc: `/**
 * A uniformly random legal action, applied: the action with its result, checking only the
 * candidates it draws. Null when nothing is legal.
 */`,
    sig: "sampleLegalAction(state: BattleState, rng: IntSource): LegalPick | null",
    call: "sampleLegalAction0(state, rng)",
    guard: true,
  },
  {
    doc: "/** Dry run: whether an action would apply. */",
    sig: "isLegal(state: BattleState, action: Action): boolean",
    call: "isLegal0(state, action)",
    guard: true,
  },
  {
    doc: `/**
 * Renders a violation as an English sentence, naming its rule.
 * @example
 * formatViolation(r.violation) // "The battle is over; … [CORE-TURN-1]"
 */`,
    sig: "formatViolation(v: Violation): string",
    call: "formatViolation0(v)",
  },
  {
    doc: `/** ${e.routed} */`,
    sig: "actionTypes(): readonly string[]",
    call: "actionTypes0()",
  },
];

/** The text of one entry file. */
export function renderEntry(e: Entry): string {
  const s = e.src;
  const modules = e.afterRegister ? "registerRuleset, setDefaultLoader, ensureRulesetOf" : "registerRuleset, ensureRulesetOf";
  const imports = `import type { BattleEvent, BattleState } from "${s}state/battle.js";
import type { BattleSetup } from "${s}state/setup.js";
import type { Action, ActionInput } from "${s}engine/actions.js";
import type { InputError, Result, Violation } from "${s}engine/violation.js";
import { apply as apply0, applyUnknown as applyUnknown0, applyTrusted as applyTrusted0, parseAction as parseAction0, type ApplyResult } from "${s}engine/apply.js";
import { createBattle as createBattle0, createBattleUnknown as createBattleUnknown0, createBattleWithEvents as createBattleWithEvents0, parseState as parseState0, loadState as loadState0 } from "${s}engine/create.js";
import { advance as advance0, isForcedStep as isForcedStep0, type AdvanceOptions, type Advanced } from "${s}engine/advance.js";
import { legalActions as legalActions0, firstLegalAction as firstLegalAction0, sampleLegalAction as sampleLegalAction0, isLegal as isLegal0, type IntSource, type LegalPick } from "${s}engine/decisions.js";
import { formatViolation as formatViolation0 } from "${s}engine/format.js";
import { adopt } from "${s}engine/owned.js";
import { optionsArg } from "${s}engine/args.js";
import { actionTypes as actionTypes0 } from "${s}engine/router.js";
import { ${modules} } from "${s}engine/modules.js";
${e.rulesets.map(([name, path]) => `import { ${name} } from "${s}${path}";`).join("\n")}
`;
  const register = `
/** ${e.registerDoc} */
export function ${e.register}(): void {
${e.rulesets.map(([name]) => `  registerRuleset(${name});`).join("\n")}
}
${e.afterRegister}`;
  const wrappers = WRAPPERS(e)
    .map((w) => `
${w.doc}
export function ${w.sig} {
  ${e.register}();
${w.guard ? "  ensureRulesetOf(state);\n" : ""}${w.pre ? `  ${w.pre}\n` : ""}  return ${w.call};
}
`)
    .join("");
  return `// Generated by scripts/gen-entries.ts (one template for the three engine entries); do not edit by hand.
${e.header}
${imports}${register}${wrappers}${e.tail}`;
}

/** The files whose text differs from the template's: [] when all are fresh. */
export function staleEntries(root: string = ROOT): string[] {
  return ENTRIES.filter((e) => {
    let now = "";
    try {
      now = readFileSync(join(root, e.file), "utf8");
    } catch {
      return true;
    }
    return now !== renderEntry(e);
  }).map((e) => e.file);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes("--check")) {
    const stale = staleEntries();
    if (stale.length > 0) {
      console.error(`stale generated entries (run \`npm run gen:entries\`): ${stale.join(", ")}`);
      process.exit(1);
    }
    console.log("engine entries are fresh");
  } else {
    for (const e of ENTRIES) writeFileSync(join(ROOT, e.file), renderEntry(e));
    console.log(`wrote ${ENTRIES.map((e) => e.file).join(", ")}`);
  }
}
