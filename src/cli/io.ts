/**
 * What the CLI touches outside itself, behind one interface so tests can run commands in-process:
 * output streams, files, the clock, and Ctrl-C.
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
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
}

/** The real process: stdout, stderr, the file system, `performance.now()`, SIGINT and SIGTERM. */
export function processIo(): Io {
  return {
    stdout: { write: (t) => void process.stdout.write(t), isTTY: process.stdout.isTTY === true, columns: process.stdout.columns },
    stderr: { write: (t) => void process.stderr.write(t), isTTY: process.stderr.isTTY === true, columns: process.stderr.columns },
    cwd: process.cwd(),
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

/** An error the user can fix: printed as is, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
