/**
 * Reads a V8 `.cpuprofile` (from `node --cpu-prof`) and prints the hottest functions by self time
 * and by inclusive time (a function counted once per sample even when recursive), with their
 * source location. Usage: `tsx bench/profile.ts <file.cpuprofile> [top=25] [filter]`.
 */
import { readFileSync } from "node:fs";

/** A node of a V8 CPU profile. */
interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

/** A V8 CPU profile. */
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** One function's share of the samples. */
export interface HotFunction {
  readonly key: string;
  readonly selfMs: number;
  readonly totalMs: number;
}

/** Where a frame comes from, short: `name (path:line)` with the path from the project root. */
function frameKey(n: ProfileNode): string {
  const url = n.callFrame.url.replace(/^file:\/\//, "").replace(/^.*\/main\//, "");
  return `${n.callFrame.functionName || "(anonymous)"} (${url}:${n.callFrame.lineNumber + 1})`;
}

/** Self and inclusive time per function of a profile. */
export function hotFunctions(p: CpuProfile): HotFunction[] {
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const n of p.nodes) byId.set(n.id, n);
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    const leaf = byId.get(id);
    if (leaf === undefined) return;
    const k = frameKey(leaf);
    self.set(k, (self.get(k) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (n === undefined) break;
      const key = frameKey(n);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + dt);
    }
  });
  return [...total.keys()].map((key) => ({ key, selfMs: self.get(key) ?? 0, totalMs: total.get(key) ?? 0 }));
}

/** Prints the top functions of a profile file by self and by inclusive time. */
export function printProfile(file: string, top = 25, filter = ""): void {
  const p = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const hot = hotFunctions(p).filter((h) => h.key.includes(filter));
  const all = (p.timeDeltas.reduce((a, b) => a + b, 0) / 1000).toFixed(0);
  const row = (h: HotFunction): string => `${h.selfMs.toFixed(1).padStart(9)} ${h.totalMs.toFixed(1).padStart(9)}  ${h.key}`;
  console.log(`${file}: ${all} ms sampled\n     self     total  function — by self time`);
  for (const h of [...hot].sort((a, b) => b.selfMs - a.selfMs).slice(0, top)) console.log(row(h));
  console.log(`\n     self     total  function — by inclusive time`);
  for (const h of [...hot].sort((a, b) => b.totalMs - a.totalMs).slice(0, top)) console.log(row(h));
}

if (process.argv[1] !== undefined && /profile\.[tj]s$/.test(process.argv[1])) {
  const [file, top, filter] = process.argv.slice(2);
  if (file === undefined) {
    console.error("usage: tsx bench/profile.ts <file.cpuprofile> [top] [filter]");
    process.exit(2);
  }
  printProfile(file, top === undefined ? 25 : Number(top), filter ?? "");
}
