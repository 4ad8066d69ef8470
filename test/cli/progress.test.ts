import { describe, expect, it } from "vitest";
import { progressBar, PLAIN_PROGRESS_EVERY_MS } from "../../src/cli/progress.js";
import type { Io } from "../../src/cli/io.js";

function clockIo(tty: boolean) {
  const err: string[] = [];
  let t = 0;
  const io: Io = {
    stdout: { write: () => undefined, isTTY: false },
    stderr: { write: (s) => void err.push(s), isTTY: tty },
    cwd: "/",
    readFile: () => "",
    writeFile: () => undefined,
    now: () => t,
    onInterrupt: () => () => undefined,
  };
  return { io, err, at: (ms: number) => void (t = ms) };
}

describe("CLI progress", () => {
  it("not a terminal: one plain line every few seconds, none between, a last line at the end", () => {
    const { io, err, at } = clockIo(false);
    const bar = progressBar(io, "study");
    at(100);
    bar.onProgress({ done: 10, total: 100 });
    expect(err).toEqual([]);
    at(PLAIN_PROGRESS_EVERY_MS + 1);
    bar.onProgress({ done: 40, total: 100 });
    at(PLAIN_PROGRESS_EVERY_MS + 2);
    bar.onProgress({ done: 41, total: 100 });
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^study: 40% 40\/100 samples, .* ETA .*\n$/);
    expect(err[0]).not.toContain("\r");
    at(2 * PLAIN_PROGRESS_EVERY_MS + 10);
    bar.onProgress({ done: 100, total: 100 });
    bar.done();
    expect(err).toHaveLength(2);
    expect(err[1]).toMatch(/^study: 100% 100\/100 samples/);
  });

  it("not a terminal: a run shorter than the interval prints nothing", () => {
    const { io, err, at } = clockIo(false);
    const bar = progressBar(io, "study");
    at(50);
    bar.onProgress({ done: 100, total: 100 });
    bar.done();
    expect(err).toEqual([]);
  });

  it("a terminal: the redrawn bar, cleared at the end", () => {
    const { io, err, at } = clockIo(true);
    const bar = progressBar(io, "study");
    at(500);
    bar.onProgress({ done: 50, total: 100 });
    bar.done();
    expect(err[0]).toMatch(/^\rstudy \[/);
    expect(err.at(-1)).toBe("\r\u001b[2K");
  });
});
