/** Study rows as a readable table or CSV. */
import type { StudyResult, StudyRow } from "../analysis/index.js";
import { studyRows } from "../analysis/index.js";

function fmt(x: number | null): string {
  if (x === null || Number.isNaN(x)) return "";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (Number.isInteger(x)) return String(x);
  const a = Math.abs(x);
  return a >= 1000 ? x.toFixed(0) : a >= 1 ? x.toFixed(3) : x.toFixed(4);
}

function coordText(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** The columns of a result's rows: the sweep axes, then metric, n, estimate, interval, exact. */
function columns(doc: StudyResult): string[] {
  return [...Object.keys(doc.provenance.study.sweep), "metric", "n", "estimate", "low", "high", "exact"];
}

function cellsOf(doc: StudyResult, r: StudyRow): string[] {
  return [...Object.keys(doc.provenance.study.sweep).map((k) => coordText(r.coords[k])), r.metric, String(r.n), fmt(r.estimate), fmt(r.low), fmt(r.high), fmt(r.exact)];
}

/**
 * A plain-text table of the rows, with a provenance header.
 * @example
 * io.stdout.write(resultTable(doc));
 */
export function resultTable(doc: StudyResult, metrics?: readonly string[]): string {
  const head = columns(doc);
  const rows = studyRows(doc)
    .filter((r) => metrics === undefined || metrics.some((m) => r.metric === m || r.metric.endsWith(`:${m}`) || r.metric.startsWith(`${m}=`) || r.metric.includes(`:${m}=`)))
    .map((r) => cellsOf(doc, r));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const numeric = new Set(["n", "estimate", "low", "high", "exact"]);
  const line = (cells: readonly string[]): string => cells.map((c, i) => (numeric.has(head[i] as string) ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join("  ").trimEnd();
  const p = doc.provenance;
  const out = [
    `${doc.title ?? doc.name} — ${p.experiment}, seed ${JSON.stringify(p.seed)}, ${p.n !== null ? `n ${p.n} per cell` : `until ±${p.stop?.halfWidth} on ${p.stop?.metric}`}, ${Math.round(p.confidence * 100)} % intervals, ${p.engine.name} ${p.engine.version}${doc.run !== undefined ? `, ${(doc.run.wallTimeMs / 1000).toFixed(2)} s on ${doc.run.workers} worker(s)` : ""}${doc.complete ? "" : " — INTERRUPTED, partial results"}`,
    "",
    line(head),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
  ];
  return `${out.join("\n")}\n`;
}

function csvCell(s: string): string {
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The rows as CSV (RFC 4180), with a header line; numbers at full precision. */
export function resultCsv(doc: StudyResult): string {
  const keys = Object.keys(doc.provenance.study.sweep);
  const head = [...keys, "metric", "n", "estimate", "low", "high", "exact"];
  const lines = [head.map(csvCell).join(",")];
  for (const r of studyRows(doc)) {
    lines.push([...keys.map((k) => coordText(r.coords[k])), r.metric, String(r.n), String(r.estimate), String(r.low), String(r.high), r.exact === null ? "" : String(r.exact)].map(csvCell).join(","));
  }
  return `${lines.join("\n")}\n`;
}
