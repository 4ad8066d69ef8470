/**
 * The legal-play walk mode of `npm run fuzz` (issue 17): `npm run fuzz -- --mode walk --battles N --seed S` (`--ruleset core` keeps one ruleset's battles).
 *
 * Plays whole battles with listed actions only (random, greedy and search bots mixed; the built-in
 * scenarios of both rulesets and random setups), checking the invariant catalogue after every
 * step. Each distinct failure is shrunk to a minimal record and written as JSON under `--out`
 * (default `fuzz-walks/`); the record replays with `replay` / `replayVerdict`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { campaignBattle } from "../src/trust/fuzz/scenarios.js";
import { shrinkWalk, walkBattle, type WalkFailure } from "../src/trust/fuzz/walk.js";

/** Runs the walk mode with the command line's options; returns the exit code. */
export function runWalks(arg: (name: string, fallback: number) => number, text: (name: string, fallback: string) => string): number {
  const battles = arg("battles", 1000);
  const seed = arg("seed", 1);
  const start = arg("start", 0);
  const fullEvery = Math.max(1, arg("full-every", 1));
  const maxDecisions = arg("max-decisions", 600);
  const out = resolve(text("out", "fuzz-walks"));
  // `--ruleset core` (or whn, fnf) walks only that ruleset's battles of the campaign.
  const only = text("ruleset", "");
  const totals = { battles: 0, steps: 0, checks: 0, finished: 0, capped: 0 };
  const bots = new Map<string, number>();
  const bySignature = new Map<string, { count: number; first: WalkFailure; battle: string; index: number }>();
  const t0 = performance.now();
  for (let i = start; i < start + battles; i++) {
    const b = campaignBattle(i, seed);
    if (only !== "" && (b.setup.ruleset ?? "whn") !== only) continue;
    const r = walkBattle(b, (Math.imul(seed, 1_000_003) + i) >>> 0, { fullEvery, maxDecisions });
    totals.battles++;
    totals.steps += r.steps;
    totals.checks += r.checks;
    if (r.stopped === "finished") totals.finished++;
    if (r.stopped === "maxDecisions") totals.capped++;
    for (const k of r.bots) bots.set(k, (bots.get(k) ?? 0) + 1);
    if (r.failure !== null) {
      const seen = bySignature.get(r.failure.signature);
      if (seen !== undefined) seen.count++;
      else bySignature.set(r.failure.signature, { count: 1, first: r.failure, battle: b.name, index: i });
      process.stderr.write(`✗ battle ${i} (${b.name}, ${r.bots.join("/")}): ${r.failure.signature}: ${r.failure.message}\n`);
    }
    if (totals.battles % 100 === 0) process.stderr.write(`… ${totals.battles} battles, ${totals.steps} steps, ${bySignature.size} distinct failure(s), ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  }
  const seconds = (performance.now() - t0) / 1000;
  const failed = [...bySignature.values()].reduce((n, f) => n + f.count, 0);
  console.log(`walk: seed ${seed}, battles ${start}–${start + battles - 1}: ${totals.battles} battles (${totals.finished} finished, ${totals.capped} at the ${maxDecisions}-decision cap, ${failed} failed), ${totals.steps} steps in ${seconds.toFixed(1)} s`);
  console.log(`      ${totals.checks} invariant checks (whole catalogue every ${fullEvery === 1 ? "step" : `${fullEvery} steps and at the end; the rest every step`}); bot sides: ${[...bots].map(([k, n]) => `${k} ${n}`).join(", ")}`);
  console.log(`      ${bySignature.size} distinct failure(s)`);
  for (const [sig, { count, first, battle, index }] of bySignature) {
    const shrunk = shrinkWalk(first.record, arg("shrink", 60));
    const file = join(out, `${sig.replace(/[^A-Za-z0-9.-]+/g, "_")}-${seed}-${index}.json`);
    mkdirSync(out, { recursive: true });
    writeFileSync(file, `${JSON.stringify({ signature: sig, message: first.message, battle, seed, index, record: shrunk.record }, null, 1)}\n`);
    console.log(`\n✗ ${sig} ×${count}  [battle ${battle}, index ${index}, step ${first.step}]`);
    console.log(`  ${first.message}`);
    console.log(`  shrunk ${first.record.actions.length} → ${shrunk.record.actions.length} actions (${shrunk.replays} replays)${shrunk.verdict === null ? ", but the replay does not reproduce it" : ""}: ${file}`);
  }
  return bySignature.size === 0 ? 0 : 1;
}
