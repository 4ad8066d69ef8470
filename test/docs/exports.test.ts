import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as root from "../../src/index.js";
import * as state from "../../src/state/index.js";
import * as trust from "../../src/trust/index.js";

// The root entry's public surface, held here: a name that joins or leaves the root fails this test
// (and should be documented in README "What the package exports" and the app-integration guide).
const PUBLIC = [
  "ARTILLERY_FACES", "ActionSchema", "DEFAULT_OPTIONS", "DiceScriptExhaustedError", "Dist", "EVENT_CATALOGUE",
  "EVENT_SCHEMAS", "EVENT_TYPES", "EngineEventSchema", "FusilladeError", "MAX_LEADERSHIP", "MAX_STATE_TEXT",
  "PLAYER_TURN", "RULE_IDS", "actionTypes", "advance", "analysis", "apply", "applyTrusted", "applyUnknown",
  "artilleryFaceOf", "battle", "bots", "characterId", "combatId", "createBattle", "createBattleUnknown",
  "createBattleWithEvents", "d3Of", "decidingSide", "describeEvent", "eventRules", "firstLegalAction", "fnf",
  "forkDice", "forkState", "formatInputError", "formatViolation", "geometry", "isEngineEventType", "isFigureScale",
  "isForcedStep", "isLegal", "isRuleId", "isScatterHit", "legalActions", "loadState", "namesOf", "pLeadershipPass",
  "parseAction", "parseEvent", "parseState", "pendingDecision", "presets", "recentEvents", "renderSvg", "reseed",
  "rollToHit", "roller", "sampleLegalAction", "saveState", "scenarios", "scriptedDice", "seedDice", "sideId",
  "toHitChance", "toHitRolls", "unitId", "violation", "whn", "withScriptedDice",
];

/** The deprecated root aliases (src/deprecated.ts), with the entry each moved to. */
/** Names that were never at the root: only in `fusillade/state`. */
const ONLY_IN_STATE = ["ACTION_FIELD_DOCS", "FNF_BASES"];
const MOVED_TO_STATE = Object.keys(state).filter((n) => !PUBLIC.includes(n) && !ONLY_IN_STATE.includes(n));
const DEPRECATED = [...MOVED_TO_STATE, "trust"];

describe("root exports", () => {
  it("are the public names plus the deprecated aliases, nothing else", () => {
    expect(Object.keys(root).sort()).toEqual([...PUBLIC, ...DEPRECATED].sort());
  });

  it("each deprecated alias is the value of its new entry", () => {
    const r = root as Record<string, unknown>;
    for (const name of MOVED_TO_STATE) expect(r[name], name).toBe((state as Record<string, unknown>)[name]);
    expect(r.trust).toBe(trust);
    expect(MOVED_TO_STATE).toContain("BattleStateSchema");
    expect(MOVED_TO_STATE).toContain("FNF_ARMS");
  });

  it("each deprecated alias carries @deprecated naming its new entry", () => {
    const text = readFileSync(new URL("../../src/deprecated.ts", import.meta.url), "utf8");
    for (const name of MOVED_TO_STATE) {
      expect(text, name).toContain(`/** @deprecated Import \`${name}\` from \`fusillade/state\`. */\nexport const ${name}: typeof S.${name} = S.${name};`);
    }
    expect(text).toMatch(/@deprecated Import from `fusillade\/trust`[^\n]*\*\/\nexport const trust: typeof T = T;/);
  });

  it("the package maps fusillade/state and fusillade/trust to those modules", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { exports: Record<string, { import: { default: string } }> };
    expect(pkg.exports["./state"]?.import.default).toBe("./dist/state/index.js");
    expect(pkg.exports["./trust"]?.import.default).toBe("./dist/trust/index.js");
  });
});

// The root's `fnf` namespace: the ruleset's API under short names, plus names kept for one minor
// version (src/rules/fnf/deprecated.ts): the old stuttering names and three internals.
const FNF_DEPRECATED = [
  "FNF_ACTIONS", "FNF_BASES", "FNF_SCENARIOS", "fnfFireModifiers", "fnfFirePoints", "fnfLayoutOf", "fnfManeuverModifiers",
  "fnfMeleeModifiers", "fnfModule", "fnfScenario", "fnfStands",
];

describe("the fnf namespace", () => {
  const f = root.fnf as Record<string, unknown>;
  const text = readFileSync(new URL("../../src/rules/fnf/deprecated.ts", import.meta.url), "utf8");

  it("exports no internal under a public name; every deprecated name is marked and documented", () => {
    const deprecated = [...text.matchAll(/\*\/\nexport (?:const|type) (\w+)/g)].map((m) => m[1]!);
    expect(deprecated.filter((n) => n !== "FnfScenarioName").sort()).toEqual(FNF_DEPRECATED);
    for (const n of FNF_DEPRECATED) expect(text, n).toMatch(new RegExp(`/\\*\\* @deprecated [^\\n]*\\*/\\nexport const ${n}: `));
    const internal = Object.keys(f).filter((n) => /^(fnf|FNF_)/.test(n));
    expect(internal.sort()).toEqual(FNF_DEPRECATED);
  });

  it("the internals kept for one minor version are the engine's values; FNF_BASES moved to fusillade/state", async () => {
    expect(f.FNF_BASES).toBe(state.FNF_BASES);
    expect(f.fnfModule).toBe((await import("../../src/rules/fnf/module.js")).fnfModule);
    expect(f.FNF_ACTIONS).toBe((await import("../../src/rules/fnf/actions.js")).FNF_ACTIONS);
  });
});
