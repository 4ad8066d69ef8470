/**
 * The registry of rules modules. The engine imports no ruleset: each ruleset registers its modules
 * (a {@link RulesetPack}) before its first battle, so an app that plays one ruleset bundles only
 * that one (`fusillade/whn`, `fusillade/fnf`). The root entry registers every ruleset.
 */
import type { Action } from "./actions.js";
import type { ActionSchemaLike, CandidateListing, RulesModule } from "./module.js";
import type { BattleEvent, BattleState, Ruleset } from "../state/battle.js";
import { FusilladeError } from "./violation.js";

/** A rules module of any action set, as the registry holds it. */
export type AnyModule = RulesModule<readonly ActionSchemaLike[]>;

/** How a ruleset's turn facts follow a committed step's events (FnF keeps none). */
export type FactsRecorder = (facts: BattleState["facts"], events: readonly BattleEvent[], combats: BattleState["combats"]) => BattleState["facts"];

/**
 * The rules of one or more rulesets, registered together: their modules, turn-facts recorders and
 * the legal-action listings of modules that declare none of their own.
 */
export interface RulesetPack {
  /** Names the pack in messages. */
  readonly name: string;
  /** The rulesets this pack plays. */
  readonly rulesets: readonly Ruleset[];
  /** Its phase modules (not the turn module, which the engine owns). */
  readonly modules: readonly AnyModule[];
  /** The turn-facts recorder of each of its rulesets that has one. */
  readonly facts?: { readonly [R in Ruleset]?: FactsRecorder };
  /** Legal-action listings by module name, for modules with neither `listing` nor `legal`. */
  readonly fallbackListings?: { readonly [module: string]: CandidateListing<Action> };
  /** Run once, when the pack is first registered (before any of its battles). */
  readonly onRegister?: () => void;
}

/**
 * The fixed order of every module (hooks of one point run in it, `legalActions` lists in it):
 * the same whichever rulesets are registered. The victory module is last: it judges the position
 * once the other hooks of a point have run.
 */
const MODULE_ORDER = ["whn/movement", "whn/shooting", "whn/combat", "whn/morale", "whn/artillery", "fnf", "victory"];

const phaseModules: AnyModule[] = [];
const registeredRulesets = new Set<Ruleset>();
const registeredPacks = new Set<RulesetPack>();
const fallbacks = new Map<string, CandidateListing<Action>>();
let version = 0;
let defaultLoader: (() => void) | null = null;

/**
 * The registered phase modules in their fixed order (live: it grows when a ruleset registers).
 * Every module except the turn module, which drives them.
 */
export const PHASE_MODULES: readonly AnyModule[] = phaseModules;

/** The turn-facts recorder of each registered ruleset that has one (live). */
export const FACTS_RECORDERS: { [R in Ruleset]?: FactsRecorder } = {};

/** Counts registrations: a cache built from the registry is stale once it changes. */
export function registryVersion(): number {
  return version;
}

/**
 * Registers a ruleset pack with the engine (idempotent; a module shared by two packs is held once).
 * Throws for a module the engine does not know the place of (a programmer error).
 */
export function registerRuleset(pack: RulesetPack): void {
  if (registeredPacks.has(pack)) return;
  for (const m of pack.modules) {
    if (!MODULE_ORDER.includes(m.name)) throw new FusilladeError("engine/misuse", `registerRuleset: unknown rules module "${m.name}" in pack "${pack.name}"`);
    if (!phaseModules.some((p) => p.name === m.name)) phaseModules.push(m);
  }
  phaseModules.sort((a, b) => MODULE_ORDER.indexOf(a.name) - MODULE_ORDER.indexOf(b.name));
  for (const [r, rec] of Object.entries(pack.facts ?? {}) as [Ruleset, FactsRecorder][]) FACTS_RECORDERS[r] = rec;
  for (const [name, listing] of Object.entries(pack.fallbackListings ?? {})) fallbacks.set(name, listing);
  registeredPacks.add(pack);
  for (const r of pack.rulesets) registeredRulesets.add(r);
  version++;
  pack.onRegister?.();
}

/** Whether a ruleset's rules are registered. */
export function isRegistered(ruleset: Ruleset): boolean {
  return registeredRulesets.has(ruleset);
}

/**
 * Sets what registers the rulesets when a battle of an unregistered one turns up (the root entry
 * registers all of them; a ruleset entry sets none).
 */
export function setDefaultLoader(load: () => void): void {
  defaultLoader = load;
}

/**
 * Makes sure a ruleset is registered before its battle is played: runs the default loader if one
 * is set, else throws a FusilladeError naming the entry to import.
 */
export function ensureRuleset(ruleset: Ruleset): void {
  if (registeredRulesets.has(ruleset)) return;
  defaultLoader?.();
  if (registeredRulesets.has(ruleset)) return;
  const entry = ruleset === "fnf" ? "fusillade/fnf" : "fusillade/whn";
  throw new FusilladeError("engine/misuse", `fusillade: the ${ruleset} ruleset is not registered; play its battles with the functions of "${entry}" or of "fusillade"`);
}

/**
 * {@link ensureRuleset} for a caller's state before it is read by the engine: a value that is not a
 * readable state is left alone here, so the engine's own reading refuses it with its typed error.
 */
export function ensureRulesetOf(state: unknown): void {
  let ruleset: unknown;
  try {
    ruleset = typeof state === "object" && state !== null ? (state as { ruleset?: unknown }).ruleset : undefined;
  } catch {
    return;
  }
  if (typeof ruleset === "string") ensureRuleset(ruleset as Ruleset);
}

/** A listing whose candidates are already checked (a module's own `legal`). */
function checkedListing(list: (s: BattleState) => readonly Action[]): CandidateListing<Action> {
  return { candidates: (s) => [...list(s)], check: () => true };
}

let listings: readonly CandidateListing<Action>[] = [];
let listingsVersion = -1;

/**
 * Each registered module's legal-action listing, in module order: its own `listing`, else its own
 * `legal` (already checked), else the pack's fallback listing for it.
 */
export function registeredListings(): readonly CandidateListing<Action>[] {
  if (listingsVersion === version) return listings;
  listings = phaseModules.flatMap((m): CandidateListing<Action>[] => {
    const mod = m as unknown as { readonly listing?: CandidateListing<Action>; readonly legal?: (s: BattleState) => readonly Action[] };
    if (mod.listing !== undefined) return [mod.listing];
    if (mod.legal !== undefined) return [checkedListing(mod.legal)];
    const fallback = fallbacks.get(m.name);
    return fallback === undefined ? [] : [fallback];
  });
  listingsVersion = version;
  return listings;
}
