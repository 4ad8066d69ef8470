/** A progress bar with rate and ETA on stderr, drawn only when stderr is a terminal. */
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

/** Returns an `onProgress` callback and a `done` function that clears the line. */
export function progressBar(io: Io, label: string): { onProgress: (p: Progress) => void; done: () => void } {
  if (!io.stderr.isTTY) return { onProgress: () => undefined, done: () => undefined };
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
