/**
 * What the CLI touches outside itself, behind one interface so tests can run commands in-process:
 * output streams, files, the clock, and Ctrl-C.
 */
import { readFileSync, writeFileSync, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";

/** A writable text stream. */
export interface Out {
  write(text: string): void;
  readonly isTTY: boolean;
  readonly columns?: number;
}

/** The CLI's view of the world. */
export interface Io {
  readonly stdout: Out;
  readonly stderr: Out;
  readonly cwd: string;
  readFile(path: string): string;
  writeFile(path: string, text: string): void;
  /** Milliseconds from an arbitrary origin (wall time of runs, progress rate). */
  now(): number;
  /** Calls `handler` on Ctrl-C (SIGINT / SIGTERM); returns a function removing it. */
  onInterrupt(handler: () => void): () => void;
  /** Environment variables (`--shard auto` reads array-job variables); none when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** The real process: stdout, stderr, the file system, `performance.now()`, SIGINT and SIGTERM. */
export function processIo(): Io {
  return {
    stdout: { write: (t) => void process.stdout.write(t), isTTY: process.stdout.isTTY === true, columns: process.stdout.columns },
    stderr: { write: (t) => void process.stderr.write(t), isTTY: process.stderr.isTTY === true, columns: process.stderr.columns },
    cwd: process.cwd(),
    env: process.env,
    readFile: (p) => readFileSync(p, "utf8"),
    writeFile: (p, text) => {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
    },
    now: () => performance.now(),
    onInterrupt: (handler) => {
      let count = 0;
      const h = (): void => {
        count++;
        if (count > 1) process.exit(130);
        handler();
      };
      process.on("SIGINT", h);
      process.on("SIGTERM", h);
      return () => {
        process.off("SIGINT", h);
        process.off("SIGTERM", h);
      };
    },
  };
}

/** What a path is on disk: nothing, a file or a folder. */
function kindOf(path: string): "none" | "file" | "dir" {
  try {
    return statSync(path).isDirectory() ? "dir" : "file";
  } catch {
    return "none";
  }
}

/**
 * Checks, before any work, that a file can be written at `path` (an output given to `--json`,
 * `--csv`, `--report`): it is not a folder, and no file stands where its folder would be.
 * Throws a {@link UsageError} naming the option.
 */
export function checkOutputFile(option: string, path: string): void {
  if (kindOf(path) === "dir") throw new UsageError(`${option} ${path}: is a folder; give a file name`);
  for (let d = dirname(path); d !== dirname(d); d = dirname(d)) {
    const k = kindOf(d);
    if (k === "file") throw new UsageError(`${option} ${path}: ${d} is a file, not a folder`);
    if (k === "dir") return;
  }
}

/** Checks that `path` can be a folder of outputs (`--svg-dir`): not an existing file, nor inside one. */
export function checkOutputDir(option: string, path: string): void {
  if (kindOf(path) === "file") throw new UsageError(`${option} ${path}: is a file, not a folder`);
  checkOutputFile(option, `${path}/x`);
}

/** Writes an output file, turning a file-system failure into a {@link UsageError} naming the path. */
export function writeOutput(io: Io, path: string, text: string): void {
  try {
    io.writeFile(path, text);
  } catch (e) {
    throw new UsageError(`${path}: cannot write it (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** An error the user can fix: printed as is, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
