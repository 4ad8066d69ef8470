/** WHN-ART-6/WHN-ART-8 fire candidates (found unreached by the sampled mutation run, #17). */
import { describe, expect, it } from "vitest";
import { artilleryCandidates } from "../../src/rules/whn/artillery/legal.js";
import { battle, gun, line } from "../fixtures/artillery.js";

describe("artillery fire candidates", () => {
  it("WHN-ART-8, WHN-ART-6: a horse gun may fire each ammunition with or without limbering after; a foot gun only without", () => {
    const s = battle([gun("fr-h", "fr", { arm: "horse" }, { position: { x: 30, y: 10 }, facing: 90 }), gun("fr-f", "fr", {}, { position: { x: 42, y: 10 }, facing: 90 }), line("gb-1", 30)]);
    const fire = artilleryCandidates(s).filter((a) => a.type === "artillery/fire") as { unit: string; ammunition: string; andLimber?: boolean }[];
    const of = (u: string) => fire.filter((a) => a.unit === u).map((a) => `${a.ammunition}${a.andLimber === true ? "+limber" : ""}`);
    expect(of("fr-h")).toEqual(["shot", "shot+limber", "canister", "canister+limber", "shell", "shell+limber"]);
    expect(of("fr-f")).toEqual(["shot", "canister", "shell"]);
    expect(fire.every((a) => a.andLimber === undefined || a.andLimber === true)).toBe(true);
  });
});
