/**
 * The HTML report: one self-contained file (no scripts, no network) with every chart rendered to
 * SVG by Vega-Lite and Vega at write time, the result table and the provenance. The Vega-Lite specs
 * are embedded too (as JSON), for anyone who wants to restyle them.
 */
import { compile } from "vega-lite";
import { View, parse } from "vega";
import type { StudyResult } from "../analysis/index.js";
import { resultTable } from "./format.js";
import { studyCharts } from "./charts.js";

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Renders a Vega-Lite spec to SVG text. */
export async function renderSvg(spec: Record<string, unknown>): Promise<string> {
  const vg = compile(spec as unknown as Parameters<typeof compile>[0]).spec;
  const view = new View(parse(vg), { renderer: "none", logLevel: 0 });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/**
 * The report's HTML text.
 * @example
 * io.writeFile("out.html", await studyReport(doc));
 */
export async function studyReport(doc: StudyResult): Promise<string> {
  const charts = studyCharts(doc);
  const figures: string[] = [];
  for (const [i, c] of charts.entries()) {
    const svg = await renderSvg(c.spec);
    figures.push(`<figure class="chart" id="chart-${i}"><figcaption>${esc(c.title)}</figcaption>${svg}</figure>`);
  }
  const p = doc.provenance;
  const specs = JSON.stringify(charts.map((c) => c.spec)).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(doc.title ?? doc.name)} — fusillade study</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #222; }
h1 { font-size: 1.5rem; } figure { margin: 1.5rem 0; } figcaption { font-weight: 600; margin-bottom: .4rem; }
pre { background: #f6f6f4; padding: .8rem; overflow-x: auto; font-size: 12px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; } dt { font-weight: 600; }
.warn { color: #a00; font-weight: 600; }
</style>
</head>
<body>
<h1>${esc(doc.title ?? doc.name)}</h1>
${p.study.description !== undefined ? `<p>${esc(p.study.description)}</p>` : ""}
${doc.complete ? "" : `<p class="warn">Interrupted run: partial results.</p>`}
<dl>
<dt>Experiment</dt><dd>${esc(p.experiment)}</dd>
<dt>Seed</dt><dd>${esc(JSON.stringify(p.seed))} (${esc(p.streams)})</dd>
<dt>Samples</dt><dd>${p.n !== null ? `${p.n} per cell` : `until ±${p.stop?.halfWidth} on ${esc(p.stop?.metric ?? "")} (at most ${p.stop?.maxN})`}</dd>
<dt>Intervals</dt><dd>${Math.round(p.confidence * 100)} % (Wilson for proportions, t for means)</dd>
<dt>Engine</dt><dd>${esc(p.engine.name)} ${esc(p.engine.version)}</dd>
${doc.run !== undefined ? `<dt>Wall time</dt><dd>${(doc.run.wallTimeMs / 1000).toFixed(2)} s on ${doc.run.workers} worker(s)</dd>` : ""}
</dl>
${figures.join("\n")}
<h2>Table</h2>
<pre>${esc(resultTable(doc))}</pre>
<h2>Study file</h2>
<pre>${esc(JSON.stringify(p.study, null, 2))}</pre>
<script type="application/json" id="vega-lite-specs">${specs}</script>
</body>
</html>
`;
}
