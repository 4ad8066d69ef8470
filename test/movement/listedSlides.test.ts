import { describe, expect, it } from "vitest";
import { battle, legalActions, scenarios } from "../../src/index.js";
import { battleOf, fr, gb, must, toStep, unitOf } from "../fixtures/movement.js";

type Slide = { type: "movement/moveTo"; unit: string; to?: { x: number; y: number }; models?: readonly { x: number; y: number }[]; march: boolean };
const slidesOf = (s: Parameters<typeof legalActions>[0], unit: string): Slide[] =>
  legalActions(s).filter((a) => a.type === "movement/moveTo" && a.unit === unit) as unknown as Slide[];

describe("listed slides of free movers end (issue 22: the skirmish-screen move loop)", () => {
  it("WHN-MOVE-5: a square that slid its whole allowance is offered no slide of (nearly) nothing", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 10, { formation: "SQUARE" }), gb("gb-1", 36, 44)]), "remaining");
    const slides = slidesOf(s, "fr-1");
    expect(slides).toHaveLength(16);
    const full = slides.find((a) => a.to !== undefined && Math.abs(a.to.x - 34) < 1e-5 && Math.abs(a.to.y - 10) < 1e-9);
    expect(full).toBeDefined();
    const after = must(s, full as Slide);
    // trim() leaves a remainder of 1e-6" unused: too little for any listed slide.
    expect(unitOf(after, "fr-1").flags.moveUsed).toBeGreaterThan(0.999);
    expect(slidesOf(after, "fr-1")).toEqual([]);
    // After half the allowance, only the half-of-what-is-left slides remain (0.5" each, still listed).
    const half = slides.find((a) => a.to !== undefined && Math.abs(a.to.x - 35) < 1e-5 && Math.abs(a.to.y - 10) < 1e-9);
    const rest = slidesOf(must(s, half as Slide), "fr-1");
    expect(rest.length).toBeGreaterThan(0);
    for (const a of rest) expect(Math.hypot((a.to?.x ?? 0) - 35, (a.to?.y ?? 0) - 10)).toBeGreaterThanOrEqual(0.25);
  });

  it("WHN-MOVE-7: an extended-order unit with no move left is offered its march only if it has not moved, never a zero slide", () => {
    const x = fr("fr-x", 36, 12, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 6, startingFigures: 6, files: 6, command: {},
      models: Array.from({ length: 6 }, (_, i) => ({ x: 33 + i * 1.6, y: 11.6, facing: 90 })) });
    const s = toStep(battleOf([x, gb("gb-1", 36, 44)]), "remaining");
    const slides = slidesOf(s, "fr-x").filter((a) => !a.march);
    expect(slides.length).toBeGreaterThan(0);
    const longest = slides[slides.length - 1] as Slide;
    const after = must(s, longest);
    expect(unitOf(after, "fr-x").flags.moveUsed).toBeGreaterThan(0.999);
    expect(slidesOf(after, "fr-x")).toEqual([]);
  });

  it("CORE-MOVE-1: greedy against greedy on skirmish-screen, seed 3, ends (it looped on a square's zero slides up to the decision cap)", () => {
    const out = battle.playBattle(scenarios.builtinScenario("skirmish-screen"), ["greedy", "greedy"], 3, { maxDecisions: 600 });
    expect(out.stopped).toBe("finished");
    expect(out.decisions).toBeLessThan(300);
  }, 120_000);
});
