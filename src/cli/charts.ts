/**
 * Vega-Lite chart specs for a study result: sweep curves (estimate against the x axis, one line per
 * series, interval bars), proportions and means with interval bars, and outcome histograms.
 */
import type { StudyResult } from "../analysis/index.js";
import { studyRows } from "../analysis/index.js";

/** A chart to render: a title and its Vega-Lite spec. */
export interface Chart {
  readonly title: string;
  readonly spec: Record<string, unknown>;
}

const MAX_HIST_CELLS = 8;

function label(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** The metric keys a report shows: the study's `report.metrics` (matching variant-prefixed keys too), else all. */
export function reportMetrics(doc: StudyResult): string[] {
  const keys = new Set<string>();
  for (const c of doc.cells) for (const k of Object.keys(c.metrics)) keys.add(k);
  const wanted = doc.provenance.study.report.metrics;
  const all = [...keys].sort();
  if (wanted === undefined) return all;
  return all.filter((k) => wanted.some((m) => k === m || k.endsWith(`:${m}`)));
}

function xAxis(doc: StudyResult): string | null {
  const sweep = Object.keys(doc.provenance.study.sweep);
  return doc.provenance.study.report.x ?? sweep[0] ?? null;
}

/** Builds every chart of a result. */
export function studyCharts(doc: StudyResult): Chart[] {
  const metrics = reportMetrics(doc);
  const x = xAxis(doc);
  const sweepKeys = Object.keys(doc.provenance.study.sweep);
  const others = sweepKeys.filter((k) => k !== x);
  const rows = studyRows(doc)
    .filter((r) => metrics.some((m) => r.metric === m || r.metric.startsWith(`${m}=`)))
    .map((r) => ({
      metric: r.metric,
      x: x === null ? "" : label(r.coords[x]),
      xNum: x === null ? null : typeof r.coords[x] === "number" ? (r.coords[x] as number) : null,
      series: others.length === 0 ? "all" : others.map((k) => `${k}=${label(r.coords[k])}`).join(", "),
      cell: sweepKeys.length === 0 ? "study" : sweepKeys.map((k) => `${k}=${label(r.coords[k])}`).join(", "),
      estimate: r.estimate,
      low: r.low,
      high: r.high,
    }));
  const charts: Chart[] = [];
  const numericX = rows.length > 0 && rows.every((r) => r.xNum !== null);
  const byMetric = [...new Set(rows.map((r) => r.metric))];
  for (const m of byMetric) {
    const data = rows.filter((r) => r.metric === m);
    if (x !== null) {
      const xEnc = numericX ? { field: "xNum", type: "quantitative", title: x } : { field: "x", type: "ordinal", title: x, sort: null };
      charts.push({
        title: `${m} against ${x}`,
        spec: {
          $schema: "https://vega.github.io/schema/vega-lite/v6.json",
          width: 420,
          height: 220,
          data: { values: data },
          encoding: { x: xEnc, color: { field: "series", type: "nominal", title: others.join(", ") || "series" } },
          layer: [
            { mark: { type: "line", point: true }, encoding: { y: { field: "estimate", type: "quantitative", title: m, scale: { zero: false } } } },
            { mark: { type: "errorbar", ticks: true }, encoding: { y: { field: "low", type: "quantitative", title: m }, y2: { field: "high" } } },
          ],
        },
      });
    } else {
      charts.push({
        title: m,
        spec: {
          $schema: "https://vega.github.io/schema/vega-lite/v6.json",
          width: 420,
          height: 60,
          data: { values: data },
          layer: [
            { mark: { type: "bar" }, encoding: { x: { field: "estimate", type: "quantitative", title: m }, y: { field: "metric", type: "nominal", title: null } } },
            { mark: { type: "errorbar", ticks: true, color: "black" }, encoding: { x: { field: "low", type: "quantitative" }, x2: { field: "high" }, y: { field: "metric", type: "nominal" } } },
          ],
        },
      });
    }
  }
  for (const m of metrics) {
    const cells = doc.cells.slice(0, MAX_HIST_CELLS);
    const data: Array<{ cell: string; value: number; share: number }> = [];
    for (const c of cells) {
      const s = c.metrics[m];
      if (s === undefined || s.kind !== "number" || s.n === 0 || Object.keys(s.hist).length < 2) continue;
      const cell = sweepKeys.length === 0 ? "study" : sweepKeys.map((k) => `${k}=${label(c.coords[k])}`).join(", ");
      for (const [v, k] of Object.entries(s.hist)) data.push({ cell, value: Number(v), share: k / s.n });
    }
    if (data.length === 0) continue;
    charts.push({
      title: `Distribution of ${m}${doc.cells.length > MAX_HIST_CELLS ? ` (first ${MAX_HIST_CELLS} cells)` : ""}`,
      spec: {
        $schema: "https://vega.github.io/schema/vega-lite/v6.json",
        data: { values: data },
        facet: { row: { field: "cell", type: "nominal", title: null, sort: null } },
        spec: {
          width: 420,
          height: 80,
          mark: { type: "bar" },
          encoding: { x: { field: "value", type: "ordinal", title: m }, y: { field: "share", type: "quantitative", title: "share", axis: { format: "%" } } },
        },
      },
    });
  }
  return charts;
}
