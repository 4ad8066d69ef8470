/**
 * The `fusillade` command line (commander): `odds`, `study`, `merge`, `play`, `tournament`. `runCli` runs one
 * command line against an {@link Io} and returns the exit code: 0 done, 1 failure, 2 bad input
 * (bad file, unknown option, bad shard spec), 130 interrupted (partial results written).
 */
import { Command, CommanderError, Option } from "commander";
import { availableParallelism } from "node:os";
import { UsageError, type Io } from "./io.js";
import { ENGINE } from "./engine.js";
import { studyCommand, type StudyOptions } from "./commands/study.js";
import { mergeCommand } from "./commands/merge.js";
import { balanceCommand, type BalanceOptions } from "./commands/balance.js";
import { tournamentCommand, type TournamentOptions } from "./commands/tournament.js";
import { ODDS_KINDS, oddsCommand, type OddsOptions } from "./commands/odds.js";
import { playCommand, type PlayOptions } from "./commands/play.js";

function build(io: Io, setCode: (c: number) => void): Command {
  const program = new Command("fusillade")
    .description("Napoleonic wargame rules engine: exact odds, Monte Carlo balance studies, battles")
    .version(ENGINE.version)
    .exitOverride()
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });

  const outputs = (c: Command): Command =>
    c
      .option("--json <file>", "write the result as JSON (- for stdout)")
      .option("--csv <file>", "write the rows as CSV (- for stdout)")
      .option("--report <file>", "write a self-contained HTML report with SVG charts")
      .option("--no-timing", "leave wall time and worker count out of the JSON (byte-identical reruns)")
      .option("-q, --quiet", "do not print the table");

  outputs(
    program
      .command("study")
      .description("run a study file (or a built-in study by name, e.g. musketry-by-formation)")
      .argument("<file>", "study JSON file or built-in study name")
      .option("-n, --n <samples>", "samples per cell (overrides the file; drops a stop rule)")
      .option("--seed <seed>", "seed (overrides the file)")
      .option("--chunk <samples>", "samples per work unit")
      .option("-w, --workers <count>", 'threads that sample: this one and count − 1 worker threads, or "auto" (one per core; default 1: inline)')
      .option("--shard <k/n|auto>", "run only shard k of n (write it with --json, combine with merge); auto: from a Kubernetes Indexed Job, Slurm array or AWS Batch array job")
      .option("--shard-count <n>", "with --shard auto: the number of shards when the scheduler does not say (Kubernetes, AWS Batch; or FUSILLADE_SHARD_COUNT)"),
  ).action(async (file: string, o: StudyOptions) => setCode(await studyCommand(io, file, o, availableParallelism())));

  program
    .command("balance")
    .description("search point values (or any numeric rule parameter) until paired win rates reach 50 % (a balance file or built-in name, e.g. whn-small-list)")
    .argument("<file>", "balance JSON file or built-in name")
    .option("--json <file>", "write the result as JSON (- for stdout)")
    .option("--md <file>", "write the result as a Markdown table")
    .option("--svg <file>", "write an SVG chart of the search")
    .option("--seed <seed>", "seed (overrides the file)")
    .option("--tolerance <p>", "score tolerance around 50 %, e.g. 0.01 (overrides the file)")
    .option("--max-n <samples>", "most samples per match-up at one value (overrides the file)")
    .option("--no-timing", "leave the wall time out of the outputs (byte-identical reruns)")
    .option("-q, --quiet", "do not print the table or progress")
    .action(async (file: string, o: BalanceOptions) => setCode(await balanceCommand(io, file, o)));

  outputs(program.command("merge").description("combine shard files of one study into its result").argument("<shards...>", "shard JSON files")).action(
    async (files: string[], o: StudyOptions) => setCode(await mergeCommand(io, files, o)),
  );

  program
    .command("odds")
    .description("exact outcome distribution of one resolution")
    .addArgument(new Command().createArgument("<question>", `one of ${ODDS_KINDS.join(", ")}`).choices(ODDS_KINDS))
    .option("--ld <n>", "effective Leadership")
    .option("--margin <n>", "combat result margin (breakTest)")
    .option("--modifier <n>", "roll modifier (leadership, fnfFire)")
    .option("--points <n>", "fire points (fnfFire)")
    .option("--attacker <n>", "attacker's melee modifiers (fnfMelee)")
    .option("--defender <n>", "defender's melee modifiers (fnfMelee)")
    .option("--models <n>", "models left (rally)")
    .option("--disordered", "the unit is DISORDERED (panic, fnfManeuver)")
    .option("--pursuit-dice <n>", "pursuer's D6 (pursuit; 2, or 3 for fast troops)")
    .option("--flee-dice <n>", "fleeing unit's D6 (pursuit)")
    .option("--obstacle", "an obstacle halves the pursuit roll (pursuit, CORE-PURS-5)")
    .option("--fleeing", "the unit is FLEEING (rally)")
    .option("--params <json>", "experiment params for volley, combatRound, combat (as in a study's base)")
    .option("--json", "print JSON")
    .action((kind: string, o: OddsOptions) => setCode(oddsCommand(io, kind, o)));

  program
    .command("play")
    .description("bots play a built-in scenario or a scenario file to the end; prints the battle's account and result")
    .argument("[scenario]", "built-in scenario (quatre-bras, reverse-slope, skirmish-screen) or a scenario file (*.json)", "quatre-bras")
    .option("--seed <seed>", "battle seed (a whole number)")
    .option("--bots <bots>", "one bot per side: random, greedy or search", "greedy,greedy")
    .option("--svg-dir <dir>", "write an SVG picture of the table at the start of every phase and step")
    .option("--max-decisions <n>", "stop after this many decisions")
    .option("--json", "print the result and the battle record as JSON")
    .action((scenario: string, o: PlayOptions) => setCode(playCommand(io, scenario, o)));

  program
    .command("tournament")
    .description("round robin between bots on the built-in scenarios of both rulesets, sides swapped; win rates with Wilson intervals")
    .option("--bots <bots>", "bots to pit against each other: random, greedy, search", "random,greedy,search")
    .option("--scenarios <list>", "scenarios (default: every built-in one), e.g. whn:quatre-bras,fnf:coa1811")
    .option("--pairs <n>", "seeds per pairing and scenario, each played twice with sides swapped", "2")
    .option("--seed <seed>", "seed of the round robin", "1")
    .option("--search-ms <ms>", "search bot's time budget a decision, in milliseconds", "200")
    .option("--search-clock <clock>", "what --search-ms measures: cpu (this process's CPU time, fair on a loaded machine) or wall", "cpu")
    .option("--search-budget <playouts>", "search bot's playouts a decision instead of a time budget (reproducible)")
    .option("--greedy-budget <n>", "greedy bot's forward-model applications a decision", "24")
    .option("--fnf-turns <n>", "turns of an FnF battle", "8")
    .option("--json", "print the games and the table as JSON")
    .option("-q, --quiet", "no progress lines")
    .action((o: TournamentOptions) => setCode(tournamentCommand(io, o)));
  return program;
}

/**
 * Runs one command line (without `node` and the script name) and returns its exit code.
 * @example
 * const code = await runCli(["study", "musketry-by-formation", "--csv", "out.csv"], processIo());
 */
export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  let code = 0;
  const program = build(io, (c) => (code = c));
  try {
    await program.parseAsync([...argv], { from: "user" });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help") return 0;
      return 2;
    }
    if (e instanceof UsageError) {
      io.stderr.write(`fusillade: ${e.message}\n`);
      return 2;
    }
    io.stderr.write(`fusillade: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 1;
  }
}
