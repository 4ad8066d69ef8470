/**
 * `fusillade play`: plays a built-in scenario. Until the whole-battles work exports `playBattle`,
 * it walks the scenario's turn sequence with `turn/advance` and prints the event log; once
 * `playBattle` is exported from the package entry, it is called instead.
 */
import * as fusillade from "../../index.js";
import { UsageError, type Io } from "../io.js";

/** Options of `play`. */
export interface PlayOptions {
  readonly seed?: string;
  readonly steps?: string;
}

type PlayBattle = (scenario: unknown, bots: readonly string[], seed: number | string) => { result?: unknown; log?: ReadonlyArray<Record<string, unknown>> };

/** Runs `play`; returns the exit code. */
export function playCommand(io: Io, scenario: string, o: PlayOptions): number {
  const make = (fusillade.scenarios as Record<string, unknown>)[scenario];
  const builtin = Object.entries(fusillade.scenarios).filter(([, v]) => typeof v === "function" && !["infantryBattalion", "cavalryRegiment"].includes(v.name)).map(([k]) => k);
  if (typeof make !== "function" || !builtin.includes(scenario)) throw new UsageError(`play: unknown scenario "${scenario}"; built-in: ${builtin.join(", ")}`);
  const seed = o.seed === undefined ? 1 : /^\d+$/.test(o.seed) ? Number(o.seed) : o.seed;
  const setup = (make as (seed: number | string) => unknown)(seed);
  const play = Object.entries(fusillade).find(([k]) => k === "playBattle")?.[1] as PlayBattle | undefined;
  if (typeof play === "function") {
    const r = play(setup, ["random", "random"], seed);
    for (const e of r.log ?? []) io.stdout.write(`${JSON.stringify(e)}\n`);
    io.stdout.write(`result: ${JSON.stringify(r.result ?? null)}\n`);
    return 0;
  }
  const created = fusillade.createBattle(setup);
  if (!created.ok) throw new UsageError(`play: ${fusillade.formatInputError(created.error)}`);
  let state = created.value;
  const steps = o.steps === undefined ? 24 : Number(o.steps);
  if (!Number.isInteger(steps) || steps < 1) throw new UsageError(`--steps must be a positive integer, got "${o.steps ?? ""}"`);
  io.stdout.write(`${scenario} (seed ${JSON.stringify(seed)}): no playBattle yet — walking the turn sequence, ${steps} steps\n`);
  for (let i = 0; i < steps; i++) {
    const r = fusillade.apply(state, { type: "turn/advance" });
    if (!r.ok) {
      io.stdout.write(`stopped: ${fusillade.formatViolation(r.violation)}\n`);
      break;
    }
    state = r.state;
    for (const e of r.events) {
      const details = Object.entries(e).filter(([k]) => !["seq", "type", "rule", "gameTurn"].includes(k)).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`).join(" ");
      io.stdout.write(`#${e.seq} ${e.type} [${e.rule}] ${details}\n`);
    }
  }
  return 0;
}
