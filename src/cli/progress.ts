/**
 * Progress on stderr: a redrawn bar with rate and ETA when stderr is a terminal; otherwise (piped,
 * CI logs) one plain line every few seconds, so a long `study` is never silent.
 */
import type { Progress } from "../analysis/index.js";
import type { Io } from "./io.js";

function human(x: number): string {
  return x >= 1e6 ? `${(x / 1e6).toFixed(2)}M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)}k` : String(Math.round(x));
}

function duration(s: number): string {
  if (!Number.isFinite(s)) return "?";
  if (s < 60) return `${s.toFixed(0)}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m${String(Math.round(s % 60)).padStart(2, "0")}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}

/** Milliseconds between two plain progress lines when stderr is not a terminal. */
export const PLAIN_PROGRESS_EVERY_MS = 5000;

/** Returns an `onProgress` callback and a `done` function that clears the line. */
export function progressBar(io: Io, label: string): { onProgress: (p: Progress) => void; done: () => void } {
  if (!io.stderr.isTTY) return plainProgress(io, label);
  const start = io.now();
  let last = 0;
  let drawn = false;
  return {
    onProgress: (p) => {
      const t = io.now();
      if (t - last < 100 && p.done < p.total) return;
      last = t;
      const width = 24;
      const f = p.total > 0 ? Math.min(1, p.done / p.total) : 1;
      const fill = Math.round(f * width);
      const rate = p.done / Math.max(1e-3, (t - start) / 1000);
      const eta = rate > 0 ? (p.total - p.done) / rate : Number.POSITIVE_INFINITY;
      io.stderr.write(`\r${label} [${"=".repeat(fill)}${" ".repeat(width - fill)}] ${(f * 100).toFixed(0).padStart(3)}% ${human(p.done)}/${human(p.total)} samples ${human(rate)}/s ETA ${duration(eta)}  `);
      drawn = true;
    },
    done: () => {
      if (drawn) io.stderr.write("\r\u001b[2K");
    },
  };
}

/** Not a terminal: a full line (no carriage return) at most every {@link PLAIN_PROGRESS_EVERY_MS}, and a last one at the end. */
function plainProgress(io: Io, label: string): { onProgress: (p: Progress) => void; done: () => void } {
  const start = io.now();
  let last = start;
  let final: Progress | null = null;
  let printedFinal = false;
  const line = (p: Progress, t: number): string => {
    const f = p.total > 0 ? Math.min(1, p.done / p.total) : 1;
    const elapsed = (t - start) / 1000;
    const rate = p.done / Math.max(1e-3, elapsed);
    const eta = rate > 0 ? (p.total - p.done) / rate : Number.POSITIVE_INFINITY;
    return `${label}: ${(f * 100).toFixed(0)}% ${human(p.done)}/${human(p.total)} samples, ${human(rate)}/s, ${duration(elapsed)} elapsed, ETA ${duration(eta)}\n`;
  };
  return {
    onProgress: (p) => {
      final = p;
      const t = io.now();
      if (p.done >= p.total) {
        if (!printedFinal && t - start >= PLAIN_PROGRESS_EVERY_MS) io.stderr.write(line(p, t));
        printedFinal = true;
        return;
      }
      if (t - last < PLAIN_PROGRESS_EVERY_MS) return;
      last = t;
      io.stderr.write(line(p, t));
    },
    done: () => {
      // A run that lasted long enough to print lines ends with the finished count.
      if (final !== null && !printedFinal && last !== start) io.stderr.write(line(final, io.now()));
    },
  };
}
