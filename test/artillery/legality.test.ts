import { describe, expect, it } from "vitest";
import { apply, legalActions, sideId, unitId, withScriptedDice } from "../../src/index.js";
import { battle, fire, gun, line, patch, refuse } from "../fixtures/artillery.js";
import { regiment } from "../fixtures/setups.js";

describe("illegal artillery actions change nothing", () => {
  it("WHN-ART-4: firing limbered, marching unlimbered; WHN-ART-12: shell from a French gun; WHN-ART-8: beyond the calibre's range", () => {
    const s = battle([gun("fr-art", "fr", { gun: "light" }), line("gb-1", 44)]);
    expect(refuse(s, fire("fr-art", "gb-1", "shot"))).toMatchObject({ code: "artillery/out_of_range", rule: "WHN-ART-8", max: 36, actual: 40 });
    expect(refuse(s, fire("fr-art", "gb-1", "shell"))).toMatchObject({ code: "artillery/shell_not_allowed", rule: "WHN-ART-12" });
    expect(refuse(patch(s, "fr-art", { formation: "LIMBERED", position: { x: 36, y: 8 } }), fire("fr-art", "gb-1", "canister"))).toMatchObject({ code: "artillery/limbered", rule: "WHN-ART-4" });
    const m = battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 8 } }), line("gb-1", 44)], { phase: "movement", step: "remaining" });
    expect(refuse(m, { type: "artillery/move", unit: "fr-art", path: [{ kind: "forward", distance: 2 }], march: true })).toMatchObject({ code: "artillery/may_not_march", rule: "WHN-ART-4" });
  });

  it("CORE-GEO-15: a gun fires only at targets in its front arc; CORE-GEO-16: in sight", () => {
    const behind = battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 20 } }), line("gb-1", 10, { facing: 90 })]);
    expect(refuse(behind, fire("fr-art", "gb-1", "shot"))).toMatchObject({ code: "artillery/not_in_arc", rule: "CORE-GEO-15" });
    const screened = battle([gun("fr-art", "fr"), line("gb-1", 30), line("gb-2", 15)]);
    expect(refuse(screened, fire("fr-art", "gb-1", "shot"))).toMatchObject({ code: "artillery/no_line_of_sight", rule: "CORE-GEO-16" });
  });

  it("WHN-ART-2: the wrong phase or another side's gun is refused by the engine", () => {
    const s = battle([gun("fr-art", "fr"), gun("gb-art", "gb", {}, { position: { x: 36, y: 30 }, facing: 270 })]);
    expect(refuse(s, fire("gb-art", "fr-art", "shot"))).toMatchObject({ code: "action/not_your_turn" });
    const m = battle([gun("fr-art", "fr"), line("gb-1", 20)], { phase: "movement", step: "remaining" });
    expect(refuse(m, fire("fr-art", "gb-1", "shot"))).toMatchObject({ code: "action/wrong_phase" });
  });
});

describe("legal artillery actions", () => {
  it("WHN-ART-8: the lister offers every ammunition that may be fired, and each applies", () => {
    const s = battle([gun("fr-art", "fr"), line("gb-1", 14)]);
    const fires = legalActions(s).filter((a) => a.type === "artillery/fire");
    expect(fires.map((a) => (a as { ammunition: string }).ammunition).sort()).toEqual(["canister", "shot"]);
    for (const a of fires) expect(apply(withScriptedDice(s, Array(40).fill(1)), a).ok).toBe(true);
  });

  it("WHN-ART-6: a gun's pending charge response lists its artillery responses", () => {
    const base = battle(
      [gun("gb-art", "gb", {}, { position: { x: 36, y: 30 }, facing: 270 }), regiment("fr-hus", "fr", { position: { x: 36, y: 16 }, facing: 90, figures: 6, files: 6 })],
      { phase: "movement", step: "chargeResponses" },
    );
    const s = { ...base, pending: [{ kind: "chargeResponse" as const, side: sideId("gb"), unit: unitId("gb-art"), targets: [unitId("fr-hus")], rule: "CORE-CHRG-2" as const }] };
    const responses = legalActions(s)
      .filter((a) => a.type === "artillery/respond")
      .map((a) => (a as { response: string }).response);
    expect(responses).toEqual(["hold", "standAndShoot", "flee", "fireAndFlee"]);
  });

  it("WHN-ART-3 / WHN-ART-4: gun moves are listed as a finite set of paths (marches only limbered), and every listed one applies", () => {
    const unl = battle([gun("fr-art", "fr", { gun: "medium" }, { position: { x: 36, y: 8 } }), line("gb-1", 44)], { phase: "movement", step: "remaining" });
    const moves = (st: typeof unl) => legalActions(st).filter((a) => a.type === "artillery/move") as { path: { kind: string; distance?: number }[]; march: boolean }[];
    const u = moves(unl);
    // Unlimbered medium gun: 2" (WHN-ART-3): 4 forward lengths, 6 wheels and 3 turns fit; of the 6
    // wheel-then-forward paths only those whose wheel arc leaves room do; no march.
    expect(u.filter((a) => a.path.length === 1).length).toBe(13);
    expect(u.length).toBeLessThan(19);
    expect(u.some((a) => a.march)).toBe(false);
    expect(Math.max(...u.map((a) => a.path[0]?.distance ?? 0))).toBeCloseTo(2, 5);
    for (const a of u) expect(apply(unl, a as unknown as Parameters<typeof apply>[1]).ok).toBe(true);
    const lim = patch(unl, "fr-art", { formation: "LIMBERED" });
    const l = moves(lim);
    expect(l.filter((a) => a.march).length).toBe(10);
    // Limbered foot medium: 4", march 8" (WHN-ART-4).
    expect(Math.max(...l.filter((a) => a.march).map((a) => a.path[0]?.distance ?? 0))).toBeCloseTo(8, 5);
    for (const a of l) expect(apply(lim, a as unknown as Parameters<typeof apply>[1]).ok).toBe(true);
    // A gun its crew have left is not moved.
    const left = patch(unl, "fr-art", { figures: 0, artillery: { ...unl.units[unitId("fr-art")]!.artillery!, abandoned: true } });
    expect(moves(left)).toEqual([]);
  });
});
