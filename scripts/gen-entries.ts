// Generates the engine entries src/engine/all.ts (root), src/whn.ts (`fusillade/whn`) and
// src/fnf.ts (`fusillade/fnf`) from one template: the same wrapper functions, each calling its
// entry's register function first. Plain functions, not a factory object, so a bundler drops the
// ones an app does not call. It also generates the root's guarded namespaces (src/guarded/, see
// below). `npm run gen:entries` writes them all; `--check` exits 1 when a file differs from what
// the generator gives (CI runs it; test/docs/entries.test.ts runs the same check for the three
// entries, test/trust/guarded.test.ts checks every namespace function is a wrapper).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join, relative } from "node:path";

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

// ------------------------------------------------------------------------------------------------
// The guarded namespaces: the root entry's `geometry`, `analysis`, `fnf` and `whn.*` namespaces are
// generated modules (src/guarded/) that re-export everything of the module the rules use and
// override each function with `guarded(name, f)` (src/engine/guard.ts), which turns any raw error
// into a FusilladeError. Each wrapper is `/* @__PURE__ */` (a bundler drops the unused ones) and
// carries the helper's TSDoc with `@function`, so typedoc and editors show it as the function.

/** A namespace of the root entry: its public name, the module the rules use, the generated file. */
export interface GuardedNamespace {
  readonly name: string;
  readonly source: string;
  readonly file: string;
}

export const GUARDED: readonly GuardedNamespace[] = [
  { name: "geometry", source: "src/geometry/index.ts", file: "src/guarded/geometry.ts" },
  { name: "analysis", source: "src/analysis/index.ts", file: "src/guarded/analysis.ts" },
  { name: "fnf", source: "src/rules/fnf/index.ts", file: "src/guarded/fnf.ts" },
  { name: "whn", source: "src/rules/whn/index.ts", file: "src/guarded/whn.ts" },
];

/** A relative import path from one file under ROOT to another, ending in `.js`. */
function importPath(from: string, to: string): string {
  const r = relative(dirname(from), to).replace(/\\/g, "/").replace(/\.ts$/, ".js");
  return r.startsWith(".") ? r : `./${r}`;
}

/** A doc comment's text lines (without the comment markers), or [] when there is none. */
function docLines(text: string): string[] {
  const body = text.replace(/^\/\*\*/, "").replace(/\*\/$/, "");
  const lines = body.split("\n").map((l) => (/^\s*\*/.test(l) ? l.replace(/^\s*\* ?/, "") : l.trimStart()).replace(/\s+$/, ""));
  while (lines.length > 0 && lines[0]!.trim() === "") lines.shift();
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === "") lines.pop();
  return lines;
}

/** A doc comment from lines. */
function docComment(lines: readonly string[], indent = ""): string {
  return `${indent}/**\n${lines.map((l) => (l === "" ? `${indent} *` : `${indent} * ${l}`)).join("\n")}\n${indent} */`;
}

/** The TSDoc of a declaration (a variable's is on its statement), as lines. */
function declarationDoc(ts: typeof import("typescript"), d: import("typescript").Declaration): string[] {
  const sf = d.getSourceFile();
  const docs = ts.getJSDocCommentsAndTags(d).filter((n) => n.kind === ts.SyntaxKind.JSDoc);
  const last = docs[docs.length - 1];
  return last === undefined ? [] : docLines(sf.text.slice(last.pos, last.end));
}

/** The module comment of a source file: the doc comment it starts with, if any. */
function moduleDoc(text: string): string[] {
  const m = /^\s*(\/\*\*[^]*?\*\/)/.exec(text);
  return m === null ? [] : docLines(m[1]!);
}

/** The generated files of every guarded namespace: [path under ROOT, text]. */
export async function renderGuarded(root: string = ROOT): Promise<[string, string][]> {
  const ts = (await import("typescript")).default;
  const program = ts.createProgram([join(root, "src/index.ts")], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  /** The symbol a `const x = y` re-export stands for (followed through imports), else the symbol itself. */
  const canonical = (s: import("typescript").Symbol): import("typescript").Symbol => {
    const d = s.valueDeclaration;
    if (d !== undefined && ts.isVariableDeclaration(d) && d.initializer !== undefined && ts.isIdentifier(d.initializer)) {
      let t = checker.getSymbolAtLocation(d.initializer);
      if (t !== undefined && t.flags & ts.SymbolFlags.Alias) t = checker.getAliasedSymbol(t);
      if (t !== undefined && t !== s) return canonical(t);
    }
    return s;
  };
  const out: [string, string][] = [];
  const render = (name: string, source: string, file: string): void => {
    const sf = program.getSourceFile(join(root, source));
    if (sf === undefined) throw new Error(`gen-entries: ${source} is not part of the program`);
    const moduleSymbol = checker.getSymbolAtLocation(sf);
    if (moduleSymbol === undefined) throw new Error(`gen-entries: ${source} is not a module`);
    const namespaces: string[] = [];
    const wrappers: string[] = [];
    const imports: string[] = [];
    const functions: { name: string; decl: import("typescript").Declaration; canonical: import("typescript").Symbol; isAlias: boolean }[] = [];
    const exports = checker.getExportsOfModule(moduleSymbol).slice().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const sym of exports) {
      const target = sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
      const decl = target.declarations?.[0];
      if (decl === undefined) continue;
      if (ts.isSourceFile(decl)) {
        // `export * as movement from "./movement/index.js"`: a namespace, guarded in its own file.
        const subSource = relative(root, decl.fileName).replace(/\\/g, "/");
        const subFile = `${file.replace(/\.ts$/, "")}/${sym.name}.ts`;
        render(`${name}.${sym.name}`, subSource, subFile);
        namespaces.push(`${docComment(moduleDoc(decl.text))}\nexport * as ${sym.name} from "${importPath(file, subFile)}";`);
        continue;
      }
      let callable = (target.flags & ts.SymbolFlags.Function) !== 0;
      if (!callable && (target.flags & ts.SymbolFlags.Variable) !== 0) {
        const t = checker.getTypeOfSymbol(target);
        callable = t.getCallSignatures().length > 0 && t.getConstructSignatures().length === 0;
      }
      if (!callable || (target.flags & ts.SymbolFlags.Class) !== 0) continue;
      functions.push({ name: sym.name, decl, canonical: canonical(target), isAlias: canonical(target) !== target });
    }
    // Two names of one function (a deprecated `const fnfStands = stands`) are one wrapper under both
    // names, so `fnf.fnfStands === fnf.stands` still holds; the wrapper is named after the function's own name.
    const primaryOf = new Map<import("typescript").Symbol, string>();
    for (const f of functions) if (!f.isAlias && !primaryOf.has(f.canonical)) primaryOf.set(f.canonical, f.name);
    for (const f of functions) if (!primaryOf.has(f.canonical)) primaryOf.set(f.canonical, f.name);
    const aliases: string[] = [];
    for (const f of functions) {
      const raw = `${f.name}$`;
      imports.push(`${f.name} as ${raw}`);
      const doc = declarationDoc(ts, f.decl);
      // `@function` (typedoc: show the variable as a function) goes before the first block tag: after an `@example` it would be read as code.
      const firstTag = doc.findIndex((l) => l.startsWith("@"));
      const at = firstTag < 0 ? doc.length : firstTag;
      const comment = docComment([...doc.slice(0, at), "@function", ...doc.slice(at)]);
      const primary = primaryOf.get(f.canonical)!;
      if (primary === f.name) wrappers.push(`${comment}\nexport const ${f.name}: typeof ${raw} = /* @__PURE__ */ guarded("${name}.${f.name}", ${raw});`);
      else aliases.push(`${comment}\nexport const ${f.name}: typeof ${raw} = ${primary};`);
    }
    wrappers.push(...aliases);
    const from = importPath(file, source);
    const text = `// Generated by scripts/gen-entries.ts from ${source}: every function of it, guarded; do not edit by hand.
${docComment(moduleDoc(sf.text))}
${wrappers.length > 0 ? `import { guarded } from "${importPath(file, "src/engine/guard.ts")}";\nimport {\n${imports.map((i) => `  ${i},`).join("\n")}\n} from "${from}";\n` : ""}
export * from "${from}";
${namespaces.map((n) => `\n${n}\n`).join("")}${wrappers.map((w) => `\n${w}\n`).join("")}`;
    out.push([file, text]);
  };
  for (const g of GUARDED) render(g.name, g.source, g.file);
  return out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** The generated namespace files that differ from what the generator gives: [] when all are fresh. */
export async function staleGuarded(root: string = ROOT): Promise<string[]> {
  const stale: string[] = [];
  for (const [file, text] of await renderGuarded(root)) {
    let now = "";
    try {
      now = readFileSync(join(root, file), "utf8");
    } catch {
      now = "";
    }
    if (now !== text) stale.push(file);
  }
  return stale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes("--check")) {
    const stale = [...staleEntries(), ...(await staleGuarded())];
    if (stale.length > 0) {
      console.error(`stale generated entries (run \`npm run gen:entries\`): ${stale.join(", ")}`);
      process.exit(1);
    }
    console.log("engine entries and guarded namespaces are fresh");
  } else {
    for (const e of ENTRIES) writeFileSync(join(ROOT, e.file), renderEntry(e));
    const guarded = await renderGuarded();
    for (const [file, text] of guarded) {
      mkdirSync(dirname(join(ROOT, file)), { recursive: true });
      writeFileSync(join(ROOT, file), text);
    }
    console.log(`wrote ${[...ENTRIES.map((e) => e.file), ...guarded.map(([f]) => f)].join(", ")}`);
  }
}
