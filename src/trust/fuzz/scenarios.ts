/**
 * The battles the fuzzer plays: the built-in scenarios of both rulesets (with their victory rules)
 * and random setups built with the army presets (WHN) or drawn from the built-in FnF order of
 * battle (FnF), all derived from one seed.
 */
import type { BattleSetup, UnitSetup } from "../../state/setup.js";
import type { VictorySpec } from "../../scenarios/format.js";
import { BUILTIN_SCENARIO_IDS, builtinScenario } from "../../scenarios/builtin.js";
import { scenarioSetup } from "../../scenarios/load.js";
import { ridgeAction } from "../../scenarios/index.js";
import { FNF_SCENARIOS, fnfScenario } from "../../rules/fnf/scenarios.js";
import { cavalryRegiment, footBattery, horseBattery, infantryBattalion } from "../../presets/builders.js";
import { CORE_TROOPS, CORE_TROOP_KINDS, coreCharacter, coreUnit } from "../../presets/core.js";
import { Rng } from "./rng.js";
import { badArg, intArg, seedArg } from "../../engine/args.js";

/** A battle to fuzz: a name, its setup and its victory rules. */
export interface FuzzBattle {
  readonly name: string;
  readonly setup: BattleSetup;
  readonly victory: VictorySpec | null;
}

/** Names of the fixed battles (built-in scenarios) the fuzzer plays. */
export const FIXED_BATTLES = ["ridgeAction", ...BUILTIN_SCENARIO_IDS, "coa1811"] as const;

/** A built-in battle by name, seeded. */
export function fixedBattle(name: (typeof FIXED_BATTLES)[number], seed: number): FuzzBattle {
  if (!(FIXED_BATTLES as readonly unknown[]).includes(name)) throw badArg("fixedBattle", "name", `one of ${FIXED_BATTLES.join(", ")}`, name);
  seedArg("fixedBattle", "seed", seed);
  if (name === "ridgeAction") return { name, setup: ridgeAction(seed), victory: null };
  if (name === "coa1811") return { name, setup: fnfScenario("coa1811", seed, 4), victory: null };
  const s = builtinScenario(name);
  return { name, setup: scenarioSetup(s, seed), victory: s.victory };
}

/** A random WHN unit of a side from the presets, at a place. */
function randomUnit(rng: Rng, id: string, side: "fr" | "gb", x: number, y: number): UnitSetup {
  const nation = side === "fr" ? "french" : "british";
  const facing = side === "fr" ? 90 : 270;
  const at = { x, y };
  const common = { nation, id, side, at, facing, quality: rng.pick(["RAW", "REGULAR", "VETERAN"] as const) ?? "REGULAR" } as const;
  switch (rng.int(7)) {
    case 0:
    case 1:
      return infantryBattalion({ ...common, formation: rng.pick(["ATTACK_COLUMN", "LINE", "MARCH_COLUMN", "SQUARE"] as const) ?? "LINE", figures: 12 + 4 * rng.int(4) });
    case 2:
      return infantryBattalion({ ...common, kind: "light", formation: rng.pick(["OPEN_ORDER", "LINE"] as const) ?? "OPEN_ORDER", figures: 12 });
    case 3:
      return infantryBattalion({ ...common, kind: "rifles", figures: 8 + 2 * rng.int(3) });
    case 4:
      return cavalryRegiment({ ...common, kind: rng.pick(["hussars", "dragoons", "cuirassiers", "lancers"] as const) ?? "hussars", formation: rng.pick(["CAV_LINE", "CAV_COLUMN"] as const) ?? "CAV_LINE", figures: 8 + 2 * rng.int(3) });
    case 5:
      return footBattery({ ...common, formation: rng.pick(["LIMBERED", "UNLIMBERED"] as const) ?? "UNLIMBERED" });
    default:
      return horseBattery(common);
  }
}

/**
 * A random WHN battle: 1–4 units a side in columns 14" apart (so setups never overlap), facing
 * each other 10–24" apart, with random rules options.
 */
export function randomWhnBattle(seed: number): FuzzBattle {
  seedArg("randomWhnBattle", "seed", seed);
  const rng = new Rng(seed);
  const units: UnitSetup[] = [];
  const gap = 10 + rng.real(0, 14);
  for (const side of ["fr", "gb"] as const) {
    const n = 1 + rng.int(4);
    for (let i = 0; i < n; i++) {
      const x = 8 + i * 16 + rng.real(-1, 1);
      const y = side === "fr" ? 12 + rng.real(0, 2) : 12 + gap + 6 + rng.real(0, 2);
      units.push(randomUnit(rng, `${side}-${i + 1}`, side, x, y));
    }
  }
  const setup: BattleSetup = {
    ruleset: "whn",
    seed,
    table: { width: 72, height: 48 },
    sides: [
      { id: "fr", name: "French", nation: "french" },
      { id: "gb", name: "British", nation: "british" },
    ],
    maxTurns: 2 + rng.int(4),
    units,
    options: { hr: { volley: rng.chance(0.3), squareness: rng.pick(["off", "direct", "tieOnly", "modelCount"] as const) ?? "off" } },
  };
  return { name: `randomWhn#${seed}`, setup, victory: null };
}

/** A random CORE unit of a side from the core presets, at a place (light troops sometimes skirmishing). */
function randomCoreUnit(rng: Rng, id: string, side: "fr" | "gb", x: number, y: number): UnitSetup {
  const kind = rng.pick(CORE_TROOP_KINDS) ?? "spearmen";
  const light = CORE_TROOPS[kind].light;
  const figures = Math.max(4, CORE_TROOPS[kind].figures + 2 * rng.int(3) - 2);
  return coreUnit({ kind, id, side, at: { x, y }, facing: side === "fr" ? 90 : 270, figures, skirmish: light && rng.chance(0.4) });
}

/**
 * A random CORE battle (the core rules on their own): 1–4 core units a side, as in
 * {@link randomWhnBattle}, with a General and sometimes a battle standard bearer on each side.
 */
export function randomCoreBattle(seed: number): FuzzBattle {
  seedArg("randomCoreBattle", "seed", seed);
  const rng = new Rng(seed);
  const units: UnitSetup[] = [];
  const characters: NonNullable<BattleSetup["characters"]>[number][] = [];
  const gap = 10 + rng.real(0, 14);
  for (const side of ["fr", "gb"] as const) {
    const n = 1 + rng.int(4);
    const y = side === "fr" ? 12 + rng.real(0, 2) : 12 + gap + 6 + rng.real(0, 2);
    for (let i = 0; i < n; i++) units.push(randomCoreUnit(rng, `${side}-${i + 1}`, side, 8 + i * 16 + rng.real(-1, 1), y));
    const back = side === "fr" ? y - 6 : y + 6;
    characters.push(coreCharacter({ kind: "general", id: `${side}-gen`, side, at: { x: 66, y: back }, facing: side === "fr" ? 90 : 270, mounted: true }));
    if (rng.chance(0.6)) characters.push(coreCharacter({ kind: "battleStandard", id: `${side}-bsb`, side, joinedTo: `${side}-1`, at: units.find((u) => u.id === `${side}-1`)?.position ?? { x: 8, y } }));
  }
  const setup: BattleSetup = {
    ruleset: "core",
    seed,
    table: { width: 72, height: 48 },
    sides: [
      { id: "fr", name: "Host" },
      { id: "gb", name: "Horde" },
    ],
    maxTurns: 2 + rng.int(4),
    units,
    characters,
    options: { core: { outnumberBonus: rng.chance(0.3), autoBreakBelowQuarter: rng.chance(0.3) }, hr: { volley: rng.chance(0.3) } },
  };
  return { name: `randomCore#${seed}`, setup, victory: null };
}

/** A random FnF battle: a random part of the Coa order of battle (at least one unit a side), nudged. */
export function randomFnfBattle(seed: number): FuzzBattle {
  seedArg("randomFnfBattle", "seed", seed);
  const rng = new Rng(seed);
  const base = fnfScenario("coa1811", seed, 2 + rng.int(4));
  const oob = FNF_SCENARIOS.coa1811;
  const units: Record<string, unknown> = {};
  for (const side of ["fr", "al"]) {
    const mine = Object.entries(oob.units ?? {}).filter(([, u]) => u.side === side);
    const keep = mine.filter((_, i) => i === 0 || rng.chance(0.6));
    for (const [id, u] of keep) units[id] = { ...u, position: { x: u.position.x + rng.real(-1, 1), y: u.position.y + rng.real(-1, 1) } };
  }
  return { name: `randomFnf#${seed}`, setup: { ...base, fnf: { ...oob, units } as NonNullable<BattleSetup["fnf"]> }, victory: null };
}

/** The i-th battle of a fuzz campaign: the fixed battles in turn, then random ones of every ruleset. */
export function campaignBattle(i: number, seed: number): FuzzBattle {
  intArg("campaignBattle", "i", i, 0, Number.MAX_SAFE_INTEGER);
  seedArg("campaignBattle", "seed", seed);
  const mixed = (seed * 7919 + i * 104729) >>> 0;
  const k = i % (FIXED_BATTLES.length + 4);
  if (k < FIXED_BATTLES.length) return fixedBattle(FIXED_BATTLES[k] as (typeof FIXED_BATTLES)[number], mixed % 100_000);
  if (k === FIXED_BATTLES.length + 2) return randomFnfBattle(mixed);
  return k === FIXED_BATTLES.length + 3 ? randomCoreBattle(mixed) : randomWhnBattle(mixed);
}
