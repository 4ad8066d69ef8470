import { describe, expect, it } from "vitest";
import { builtinExperiments, mergeShards, parseStudy, planStudy, runChunk, runPlanAsync, runPlanSync, shardChunks, shardDocument, studyResult, type Plan, type StudyInput } from "../../src/analysis/index.js";

const ENGINE = { name: "fusillade", version: "test" };

function plan(input: StudyInput): Plan {
  const s = parseStudy(input);
  if (!s.ok) throw new Error(JSON.stringify(s.issues));
  const p = planStudy(s.study, builtinExperiments());
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return p.plan;
}

const volley: StudyInput = { name: "v", experiment: "whn/volley", n: 900, chunk: 200, sweep: { range: [6, 14] }, seed: 7 };

describe("study files", () => {
  it("reports every problem with its path", () => {
    const r = parseStudy({ name: "Bad Name", experiment: "whn/volley", chunk: 0, sweep: { "no such": [1] } });
    expect(r.ok).toBe(false);
    const paths = r.ok ? [] : r.issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "chunk", 'sweep["no such"]']));
    const none = parseStudy({ name: "v", experiment: "whn/volley" });
    expect(none.ok ? [] : none.issues).toEqual([{ path: "n", message: expect.stringMatching(/exactly one of `n`/) }]);
  });
  it("checks each cell's params against the experiment", () => {
    const s = parseStudy({ name: "v", experiment: "whn/volley", n: 10, sweep: { "firer.formation": ["LINE", "PHALANX"] } });
    if (!s.ok) throw new Error("parse");
    const p = planStudy(s.study, builtinExperiments());
    expect(p.ok).toBe(false);
    expect(p.ok ? "" : p.issues[0]?.message).toMatch(/firer\.formation="PHALANX"/);
    const u = parseStudy({ name: "v", experiment: "whn/nothing", n: 10 });
    const q = u.ok ? planStudy(u.study, builtinExperiments()) : null;
    expect(q !== null && !q.ok && q.issues[0]?.message).toMatch(/unknown experiment "whn\/nothing"/);
  });
});

describe("runs are independent of how the work is spread", () => {
  it("inline, 3 in flight out of order, and 4 shards merged give the same result", async () => {
    const p = plan(volley);
    const single = JSON.stringify(studyResult(p, runPlanSync(p, (u) => runChunk(p, u.cell, u.chunk)), ENGINE));
    let flip = 0;
    const async3 = await runPlanAsync(p, (u) => new Promise((r) => setTimeout(() => r(runChunk(p, u.cell, u.chunk)), flip++ % 3 === 0 ? 5 : 0)), { parallelism: 3 });
    expect(JSON.stringify(studyResult(p, async3, ENGINE))).toBe(single);
    const shards = [1, 2, 3, 4].map((k) => {
      const shard = { index: k, count: 4 };
      return shardDocument(p, shard, runPlanSync(p, (u) => runChunk(p, u.cell, u.chunk), { chunks: shardChunks(p, shard) }), ENGINE);
    });
    const merged = mergeShards(p, JSON.parse(JSON.stringify(shards.reverse())) as typeof shards);
    expect(merged.ok).toBe(true);
    if (merged.ok) expect(JSON.stringify(studyResult(p, merged.outcome, ENGINE))).toBe(single);
    const missing = mergeShards(p, shards.slice(1));
    expect(missing.ok ? "" : missing.message).toMatch(/missing shard/);
  });
  it("a stop rule stops each cell at the same chunk for any parallelism", async () => {
    const p = plan({ name: "lt", experiment: "whn/leadership", seed: 3, chunk: 100, stop: { metric: "passed", halfWidth: 0.03, minN: 100, maxN: 20_000 }, sweep: { ld: [5, 9] } });
    const a = runPlanSync(p, (u) => runChunk(p, u.cell, u.chunk));
    const b = await runPlanAsync(p, async (u) => runChunk(p, u.cell, u.chunk), { parallelism: 4 });
    expect(JSON.stringify(studyResult(p, b, ENGINE))).toBe(JSON.stringify(studyResult(p, a, ENGINE)));
    for (const c of a.cells) {
      expect(c.reason).toBe("target");
      expect(c.tally.n).toBeLessThan(20_000);
    }
    const doc = studyResult(p, a, ENGINE);
    const m = doc.cells[0]?.metrics["passed"];
    expect(m?.kind === "boolean" && m.halfWidth).toBeLessThanOrEqual(0.03);
  });
  it("paired variants roll the same dice: identical variants differ by exactly 0", () => {
    const p = plan({ name: "ab", experiment: "whn/volley", n: 300, variants: { A: {}, B: { range: 8 } }, base: { range: 8 } });
    const doc = studyResult(p, runPlanSync(p, (u) => runChunk(p, u.cell, u.chunk)), ENGINE);
    const d = doc.cells[0]?.metrics["B-A:casualties"];
    expect(d?.kind === "number" && [d.mean, d.sd]).toEqual([0, 0]);
  });
  it("an aborted run keeps the chunks merged so far and says it is incomplete", () => {
    const p = plan(volley);
    const flag = { aborted: false };
    let done = 0;
    const out = runPlanSync(p, (u) => {
      if (++done === 3) flag.aborted = true;
      return runChunk(p, u.cell, u.chunk);
    }, { signal: flag });
    expect(out.interrupted).toBe(true);
    const doc = studyResult(p, out, ENGINE);
    expect(doc.complete).toBe(false);
    expect(doc.cells[0]?.n).toBe(600);
  });
});

describe("built-in studies", () => {
  it("every file in studies/ is a valid study whose cells all set up", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const dir = new URL("../../studies/", import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) {
      const p = plan(JSON.parse(readFileSync(new URL(f, dir), "utf8")) as StudyInput);
      expect(`${p.study.name}.json`).toBe(f);
      const raw = JSON.parse(readFileSync(new URL(f, dir), "utf8")) as Record<string, unknown>;
      // Whole battles (whn/battle) cost seconds each with greedy bots: two battles a cell by random bots still set every cell up.
      const battles = raw["experiment"] === "whn/battle";
      const n = battles ? 2 : 20;
      const base = battles ? { ...(raw["base"] as Record<string, unknown>), bots: ["random", "random"], maxDecisions: 300 } : raw["base"];
      const small = plan({ ...raw, base, n, chunk: n } as StudyInput);
      const out = runPlanSync(small, (u) => runChunk(small, u.cell, u.chunk));
      expect(out.cells.every((c) => c.tally.n === n)).toBe(true);
    }
  }, 240_000);
});
