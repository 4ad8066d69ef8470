import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { apply, createBattle, formatInputError, scenarios, type BattleEvent, type BattleSetup, type BattleState, type Unit, type UnitId } from "../../src/index.js";
import { renderSvg, escapeXml, recentEvents, terrainStyle } from "../../src/render/index.js";
import { infantryBattalion, footBattery } from "../../src/presets/index.js";
import { checkWellFormed, count, groups } from "./xml.js";

function start(setup: BattleSetup): BattleState {
  const r = createBattle(setup);
  if (!r.ok) throw new Error(formatInputError(r.error));
  return r.value;
}

function withUnit(s: BattleState, id: string, change: Partial<Unit>): BattleState {
  const u = s.units[id as UnitId];
  if (u === undefined) throw new Error(`no unit ${id}`);
  return { ...s, units: { ...s.units, [id]: { ...u, ...change } } };
}

const ridge = (): BattleState => start(scenarios.ridgeAction(5));

function event(seq: number, details: Record<string, BattleEvent[string]>): BattleEvent {
  return { seq, gameTurn: 1, type: "test/mark", rule: "CORE-GEO-29", ...details } as BattleEvent;
}

describe("renderSvg", () => {
  it("draws one well-formed unit group per unit in play, with the table and terrain", () => {
    const s = ridge();
    const svg = renderSvg(s);
    expect(checkWellFormed(svg)).toEqual([]);
    expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg"`)).toBe(true);
    expect(groups(svg, `class="unit `)).toHaveLength(Object.keys(s.units).length);
    expect(count(svg, `class="terrain terrain-hill"`)).toBe(1);
    expect(count(svg, `class="terrain terrain-woods"`)).toBe(1);
    expect(count(svg, `class="facing"`)).toBe(6);
  });

  it("CORE-GEO-5: draws every model's base of a block in its formation", () => {
    const svg = renderSvg(ridge());
    const [fr] = groups(svg, `data-unit="fr-1e"`);
    expect(fr).toBeDefined();
    expect(count(fr!, `class="model"`)).toBe(24);
    expect(count(fr!, `class="footprint"`)).toBe(1);
    expect(fr).toContain(`data-formation="ATTACK_COLUMN"`);
    expect(renderSvg(ridge(), { models: false })).not.toContain(`class="model"`);
  });

  it("CORE-GEO-7: a square shows its models on four faces", () => {
    const s = withUnit(ridge(), "gb-52", { formation: "SQUARE" });
    const [sq] = groups(renderSvg(s), `data-unit="gb-52"`);
    expect(count(sq!, `class="model"`)).toBe(24);
    expect(sq).toContain(`data-formation="SQUARE"`);
  });

  it("WHN-GEN-5: a DISORDERED unit gets the hatch pattern, a FLEEING one a red dashed outline and a flag", () => {
    const s = withUnit(withUnit(ridge(), "fr-1e", { order: "DISORDERED" }), "gb-lgd", { order: "FLEEING" });
    const svg = renderSvg(s, { idPrefix: "t1" });
    const [dis] = groups(svg, `data-unit="fr-1e"`);
    const [fled] = groups(svg, `data-unit="gb-lgd"`);
    const [good] = groups(svg, `data-unit="fr-2e"`);
    expect(svg).toContain(`<pattern id="t1-hatch"`);
    expect(dis).toContain(`fill="url(#t1-hatch)"`);
    expect(dis).toContain(`class="unit unit-infantry order-disordered"`);
    expect(good).not.toContain("hatch");
    expect(fled).toContain(`stroke-dasharray="4 2"`);
    expect(fled).toContain("⚑");
    expect(fled).toContain("FLEEING");
  });

  it("shows figures left and leaves removed units out", () => {
    let s = withUnit(ridge(), "fr-2e", { figures: 17 });
    s = withUnit(s, "gb-95", { removed: { reason: "destroyed", gameTurn: 1 } });
    const svg = renderSvg(s);
    expect(groups(svg, `data-unit="fr-2e"`)[0]).toContain("· 17/24");
    expect(svg).not.toContain(`data-unit="gb-95"`);
    expect(groups(svg, `class="unit `)).toHaveLength(5);
  });

  it("escapes every text: unit, side and character names, colours and titles", () => {
    const evil = `<script>alert("x")</script> & 'q'`;
    const setup = scenarios.ridgeAction(1);
    const s = start({
      ...setup,
      sides: [{ id: "fr", name: evil, nation: "french" }, setup.sides[1]],
      units: setup.units.map((u) => (u.id === "fr-1e" ? { ...u, name: evil } : u)),
      characters: [{ id: "ney", side: "fr", name: `Ney <"bravest">`, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 3, I: 6, A: 3, Ld: 9 }, base: { w: 0.8, d: 0.8 }, position: { x: 30, y: 12 }, facing: 90, isGeneral: true }],
    });
    const svg = renderSvg(s, { colours: { fr: `red" onload="x` }, title: evil });
    expect(checkWellFormed(svg)).toEqual([]);
    expect(svg).not.toContain("<script>");
    expect(svg).not.toContain(`" onload="`);
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;");
    expect(svg).toContain("Ney &lt;&quot;bravest&quot;&gt;");
  });

  it("escapes any string to text that unescapes back to it", () => {
    const unescape = (t: string) => t.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (name) => {
        const e = escapeXml(name);
        expect(e).not.toMatch(/[<>"']/);
        expect(unescape(e)).toBe(name.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ""));
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it("draws characters, a General with a gold ring", () => {
    const s = start({
      ...scenarios.ridgeAction(1),
      characters: [{ id: "wellington", side: "gb", name: "Wellington", profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 3, I: 6, A: 3, Ld: 10 }, base: { w: 0.8, d: 0.8 }, position: { x: 40, y: 40 }, facing: 270, isGeneral: true }],
    });
    const [g] = groups(renderSvg(s), `data-character="wellington"`);
    expect(g).toContain(`class="character general"`);
    expect(g).toContain(`stroke="#d4a017"`);
  });

  it("CORE-GEO-33: draws every circle of every fire", () => {
    const s = start({ ...scenarios.ridgeAction(1), fires: [{ id: "f1", circles: [{ centre: { x: 5, y: 25 }, diameter: 2, terrain: "woods" }, { centre: { x: 6, y: 26 }, diameter: 2, terrain: "woods" }] }] });
    expect(count(renderSvg(s), `class="fire"`)).toBe(2);
  });

  it("CORE-GEO-29, CORE-GEO-32: draws templates and shot lines from event details", () => {
    const s = ridge();
    const events = [
      event(0, { template: { centre: { x: 36, y: 30 }, diameter: 5 } }),
      event(1, { template: [{ centre: { x: 10, y: 10 }, diameter: 2 }, { centre: "bad" }] }),
      event(2, { line: { from: { x: 30, y: 8 }, to: { x: 36, y: 33 } } }),
      event(3, { shooter: "gb-52", target: "fr-1e" }),
      event(4, { unit: "fr-1e", from: { x: 28, y: 8 }, to: { x: 28, y: 12 } }),
      event(5, { shooter: "gb-52", target: "nobody" }),
    ];
    const svg = renderSvg(s, { events });
    expect(count(svg, `class="template"`)).toBe(2);
    expect(count(svg, `class="shot"`)).toBe(2);
    expect(count(svg, `class="trail"`)).toBe(1);
    expect(svg).toContain(`data-rule="CORE-GEO-29"`);
    expect(checkWellFormed(svg)).toEqual([]);
  });

  it("CORE-TURN-2: recentEvents keeps the events of the current phase or step only", () => {
    let s = ridge();
    const history: BattleEvent[] = [];
    for (let i = 0; i < 3; i++) {
      const r = apply(s, { type: "turn/advance" });
      if (!r.ok) throw new Error(r.violation.code);
      s = r.state;
      history.push(...r.events);
    }
    const recent = recentEvents(history);
    expect(recent[0]?.type).toMatch(/^turn\/(phase|step)Started$/);
    expect(recent.length).toBeLessThan(history.length);
  });

  it("WHN-ART-1: draws a gun as one base in its limbered or unlimbered state", () => {
    const setup = scenarios.ridgeAction(1);
    const s = start({ ...setup, units: [...setup.units, footBattery({ nation: "british", id: "gb-guns", side: "gb", at: { x: 30, y: 36 }, facing: 270 })] });
    const [g] = groups(renderSvg(s), `data-unit="gb-guns"`);
    expect(g).toContain(`class="unit unit-artillery order-good"`);
    expect(count(g!, `class="model"`)).toBe(1);
  });

  it("is pure and deterministic: the same state gives the same string and is not changed", () => {
    const s = ridge();
    const before = JSON.stringify(s);
    expect(renderSvg(s)).toBe(renderSvg(s));
    expect(JSON.stringify(s)).toBe(before);
  });

  it("colours sides by nation, by option, else blue and red", () => {
    const s = ridge();
    expect(groups(renderSvg(s), `data-unit="gb-52"`)[0]).toContain(`fill="#c0392b"`);
    expect(groups(renderSvg(s, { colours: { gb: "#00ff00" } }), `data-unit="gb-52"`)[0]).toContain(`fill="#00ff00"`);
    const anon = start({ seed: 1, sides: [{ id: "a", name: "A" }, { id: "b", name: "B" }], units: [infantryBattalion({ nation: "french", side: "b", at: { x: 10, y: 10 } })] });
    expect(renderSvg(anon)).toContain(`fill="#c0392b"`);
  });

  it("refuses a scale that is not a positive number", () => {
    expect(() => renderSvg(ridge(), { scale: 0 })).toThrow(/renderSvg: scale/);
  });

  it("CORE-GEO-31: styles terrain by its most telling tag", () => {
    expect(terrainStyle({ tags: { water: true, difficult: true } }).kind).toBe("water");
    expect(terrainStyle({ tags: { hardCover: true } }).kind).toBe("building");
    expect(terrainStyle({ tags: { hill: 2 } }).kind).toBe("hill");
    expect(terrainStyle({ tags: {} }).kind).toBe("open");
  });
});

describe("renderSvg for FnF battles", () => {
  const fnf = (): BattleState =>
    start({
      ruleset: "fnf",
      seed: 7,
      sides: [{ id: "fr", name: "French", nation: "french" }, { id: "gb", name: "British", nation: "british" }],
      units: [],
      wind: 0,
      fnf: {
        units: {
          "fr-b1": { id: "fr-b1", side: "fr", name: "Brigade <Reille>", kind: "brigade", arm: "infantry", bases: 6, formation: "LINE", position: { x: 30, y: 10 }, facing: 90 },
          "gb-b1": { id: "gb-b1", side: "gb", kind: "brigade", arm: "infantry", bases: 4, formation: "COLUMN_OF_ATTACK", position: { x: 30, y: 30 }, facing: 270, disordered: true },
        },
      },
    });

  it("FNF-GEO-2: draws each brigade's stands, the command stand outlined, a disordered brigade hatched", () => {
    const svg = renderSvg(fnf());
    expect(checkWellFormed(svg)).toEqual([]);
    const [fr] = groups(svg, `data-unit="fr-b1"`);
    const [gb] = groups(svg, `data-unit="gb-b1"`);
    expect(count(fr!, `class="model"`)).toBe(6);
    expect(count(fr!, `class="model command"`)).toBe(1);
    expect(fr).toContain("Brigade &lt;Reille&gt; · 6/6");
    expect(gb).toContain(`fill="url(#fz-hatch)"`);
    expect(fr).not.toContain("hatch");
  });
});
