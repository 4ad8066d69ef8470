import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import * as fusillade from "../../src/index.js";
import * as analysis from "../../src/analysis/index.js";
import { applyUnknown as apply, createBattleUnknown as createBattle, formatInputError, saveState, scenarios, BattleSetupSchema, type BattleState } from "../../src/index.js";
import { jsonSchemaFiles, schemaSources } from "../../src/schemas/index.js";
import { NATIONS, cavalryRegiment, footBattery, horseBattery, infantryBattalion } from "../../src/presets/index.js";

const dir = join(import.meta.dirname, "..", "..", "schemas");
/** The namespaces scripts/gen-json-schemas.ts publishes schemas from. */
const NAMESPACES: ReadonlyArray<Readonly<Record<string, unknown>>> = [fusillade, fusillade.scenarios, analysis];
const load = (file: string): object => JSON.parse(readFileSync(join(dir, file), "utf8")) as object;
const ajv = new Ajv2020({ strict: true, allErrors: true });
const validators = {
  state: ajv.compile(load("battle-state.json")),
  setup: ajv.compile(load("battle-setup.json")),
  action: ajv.compile(load("action.json")),
  options: ajv.compile(load("rules-options.json")),
};

function valid(v: (typeof validators)[keyof typeof validators], data: unknown): string[] {
  return v(data) ? [] : (v.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ""}`);
}

/**
 * Every built-in scenario's setup: the scenario files (`builtinScenario`) and the functions of
 * `scenarios` that give a valid setup from a seed (`ridgeAction`).
 */
function builtInScenarios(): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = scenarios.BUILTIN_SCENARIO_IDS.map((id) => [id, scenarios.scenarioSetup(scenarios.builtinScenario(id), 1)]);
  for (const [name, fn] of Object.entries(scenarios)) {
    if (typeof fn !== "function") continue;
    let setup: unknown;
    try {
      setup = (fn as (seed: number) => unknown)(1);
    } catch {
      continue;
    }
    if (BattleSetupSchema.safeParse(setup).success) out.push([name, setup]);
  }
  return out;
}

function played(setup: unknown, advances: number): BattleState {
  const r = createBattle(setup);
  if (!r.ok) throw new Error(formatInputError(r.error));
  let s = r.value;
  for (let i = 0; i < advances && s.result === null; i++) {
    const next = apply(s, { type: "turn/advance" });
    if (!next.ok) break;
    s = next.state;
  }
  return s;
}

describe("JSON Schemas", () => {
  it("are up to date with the zod schemas (run `npm run schemas` after changing a schema)", () => {
    const files = jsonSchemaFiles(schemaSources(NAMESPACES));
    expect(readdirSync(dir).filter((f) => f.endsWith(".json")).sort()).toEqual(Object.keys(files).sort());
    for (const [name, text] of Object.entries(files)) expect(readFileSync(join(dir, name), "utf8"), `schemas/${name}`).toBe(text);
  });

  it("accept every built-in scenario setup", () => {
    const found = builtInScenarios();
    expect(found.map(([n]) => n)).toContain("ridgeAction");
    for (const [name, setup] of found) expect(valid(validators.setup, setup), name).toEqual([]);
  });

  it("accept the built-in scenario files and refuse a broken one", () => {
    const scenario = ajv.compile(load("scenario.json"));
    for (const id of scenarios.BUILTIN_SCENARIO_IDS) expect(scenario(scenarios.BUILTIN_SCENARIO_FILES[id]), `${id}: ${JSON.stringify(scenario.errors?.slice(0, 2))}`).toBe(true);
    expect(scenario({ ...(scenarios.BUILTIN_SCENARIO_FILES["quatre-bras"] as object), sides: "none" })).toBe(false);
  });

  it("accept the study files shipped in studies/", () => {
    const study = ajv.compile(load("study.json"));
    const studies = join(dir, "..", "studies");
    const files = readdirSync(studies).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(study(JSON.parse(readFileSync(join(studies, f), "utf8"))), `${f}: ${JSON.stringify(study.errors?.slice(0, 2))}`).toBe(true);
  });

  it("accept setups built from every army preset", () => {
    const setup = {
      seed: "presets",
      sides: [{ id: "a", name: "A" }, { id: "b", name: "B" }],
      units: NATIONS.flatMap((nation, i) => [
        infantryBattalion({ nation, id: `${nation}-inf`, side: i % 2 ? "a" : "b", at: { x: 5 + i * 10, y: 5 } }),
        cavalryRegiment({ nation, id: `${nation}-cav`, side: i % 2 ? "a" : "b", kind: "lancers", at: { x: 5 + i * 10, y: 15 } }),
        footBattery({ nation, id: `${nation}-foot`, side: i % 2 ? "a" : "b", at: { x: 5 + i * 10, y: 25 } }),
        horseBattery({ nation, id: `${nation}-horse`, side: i % 2 ? "a" : "b", at: { x: 5 + i * 10, y: 35 } }),
      ]),
    };
    expect(valid(validators.setup, setup)).toEqual([]);
    expect(createBattle(setup).ok).toBe(true);
  });

  it("CORE-TURN-2: accept a saved state after a few turn/advance actions, and each state on the way", () => {
    for (const [name, setup] of builtInScenarios()) {
      for (const n of [0, 3, 9]) {
        const saved = JSON.parse(saveState(played(setup, n))) as unknown;
        expect(valid(validators.state, saved), `${name} after ${n} advances`).toEqual([]);
      }
    }
  });

  it("accept the default rules options and partial ones, and refuse unknown keys", () => {
    expect(valid(validators.options, {})).toEqual([]);
    expect(valid(validators.options, { whn: { carbineLongRange: 12 }, hr: { squareness: "tieOnly" } })).toEqual([]);
    expect(valid(validators.options, { whn: { carbineLongRange: 10 } })).not.toEqual([]);
    expect(valid(validators.options, { house: {} })).not.toEqual([]);
  });

  it("accept actions and refuse malformed ones", () => {
    expect(valid(validators.action, { type: "turn/advance" })).toEqual([]);
    expect(valid(validators.action, { type: "turn/advance", extra: 1 })).not.toEqual([]);
    expect(valid(validators.action, { type: "no/such" })).not.toEqual([]);
  });

  it("refuse states the engine refuses: a bad formation, a negative event count, a malformed turn fact", () => {
    const saved = JSON.parse(saveState(played(scenarios.ridgeAction(1), 2))) as { units: Record<string, { formation: string }>; eventSeq: number; facts: { turn: { rallied: string[] } } };
    const badFormation = structuredClone(saved);
    badFormation.units["fr-1e"]!.formation = "PHALANX";
    expect(valid(validators.state, badFormation)).not.toEqual([]);
    const badCount = structuredClone(saved);
    badCount.eventSeq = -1;
    expect(valid(validators.state, badCount)).not.toEqual([]);
    const badFact = structuredClone(saved);
    badFact.facts.turn.rallied = ["1-not-an-id"];
    expect(valid(validators.state, badFact)).not.toEqual([]);
  });
});
