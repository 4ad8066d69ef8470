import { describe, expect, it } from "vitest";
import { createBattleUnknown as createBattle, parseState, saveState, type BattleState } from "../../src/index.js";
import { parseScenario, parseScenarioText } from "../../src/scenarios/index.js";
import { parseStudy } from "../../src/analysis/index.js";
import { loadRecord, replay, type BattleRecord } from "../../src/battle/index.js";
import { deepFreeze } from "../../src/trust/index.js";
import { smallBattle } from "../fixtures/setups.js";
import { HOSTILE_CASES, type Reader } from "./hostileCases.js";

/** Hostile inputs the readers accept today: reported to their owners (docs/guides/trust.md § Findings). */
const KNOWN_ACCEPTED = new Set<string>([
  // parseScenario checks the file's format; the overlap is refused when the battle is created
  // (createBattle: "unit … overlaps unit …"), with the setup's path rather than the file's.
  "scenario: two units overlapping at deployment",
]);
/** Hostile inputs whose reader throws instead of returning a typed error today (reported). */
const KNOWN_THROWS = new Set<string>([]);

function saved(): Record<string, unknown> {
  const r = createBattle(smallBattle());
  if (!r.ok) throw new Error("fixture");
  return JSON.parse(saveState(r.value)) as Record<string, unknown>;
}

/** Hands an input to its reader: ok, or the paths of the problems reported. */
function read(reader: Reader, input: unknown): { ok: boolean; paths: unknown[] } {
  switch (reader) {
    case "scenario":
    case "scenarioText": {
      const r = reader === "scenario" ? parseScenario(input) : parseScenarioText(input as string);
      return r.ok ? { ok: true, paths: [] } : { ok: false, paths: r.error.issues.map((i) => i.path) };
    }
    case "study": {
      const r = parseStudy(input);
      return r.ok ? { ok: true, paths: [] } : { ok: false, paths: r.issues.map((i) => i.path) };
    }
    case "record":
    case "recordText": {
      const r = loadRecord(input);
      if (!r.ok) return { ok: false, paths: r.error.issues.map((i) => i.path) };
      const again = replay(r.value as BattleRecord);
      return again.ok ? { ok: true, paths: [] } : { ok: false, paths: [again.error.code] };
    }
    case "setup": {
      const r = createBattle(input);
      return r.ok ? { ok: true, paths: [] } : { ok: false, paths: r.error.issues.map((i) => i.path) };
    }
    case "state": {
      const r = parseState(input);
      return r.ok ? { ok: true, paths: [] } : { ok: false, paths: r.error.issues.map((i) => i.path) };
    }
  }
}

describe("hostile input catalogue (scenario, study, record, setup and state files)", () => {
  const accepted: string[] = [];
  for (const [name, reader, make] of HOSTILE_CASES) {
    it(`refuses ${name} with a typed error naming the path, leaving the input unchanged`, () => {
      const raw = make();
      const input = deepFreeze(reader === "state" ? { ...saved(), ...(raw as object) } : raw);
      let out: { ok: boolean; paths: unknown[] } | undefined;
      if (KNOWN_THROWS.has(name)) {
        expect(() => read(reader, input)).toThrow(RangeError);
        return;
      }
      expect(() => (out = read(reader, input))).not.toThrow();
      if (out?.ok === true) {
        accepted.push(name);
        return;
      }
      expect(out?.paths.length).toBeGreaterThan(0);
      for (const p of out?.paths ?? []) expect(Array.isArray(p) || typeof p === "string").toBe(true);
    });
  }

  it("accepts only the hostile inputs already reported (and nothing pollutes Object.prototype)", () => {
    expect(accepted.sort()).toEqual([...KNOWN_ACCEPTED].sort());
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(HOSTILE_CASES.length).toBeGreaterThanOrEqual(50);
  });
});

void (null as unknown as BattleState);
