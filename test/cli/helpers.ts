import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Io } from "../../src/cli/io.js";

/** An in-memory Io over a temporary folder; `tty` makes stderr a terminal (progress bar on). */
export function memoryIo(options: { tty?: boolean; onNow?: (calls: number, interrupt: () => void) => void } = {}): Io & { out: string[]; err: string[]; dir: string; interrupt: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "fusillade-cli-"));
  const out: string[] = [];
  const err: string[] = [];
  let handler: () => void = () => undefined;
  let calls = 0;
  const io = {
    out,
    err,
    dir,
    interrupt: () => handler(),
    stdout: { write: (t: string) => void out.push(t), isTTY: false },
    stderr: { write: (t: string) => void err.push(t), isTTY: options.tty === true },
    cwd: dir,
    readFile: (p: string) => readFileSync(p, "utf8"),
    writeFile: (p: string, text: string) => {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
    },
    now: () => {
      calls++;
      options.onNow?.(calls, () => handler());
      return calls;
    },
    onInterrupt: (h: () => void) => {
      handler = h;
      return () => {
        handler = () => undefined;
      };
    },
  };
  return io;
}
