/**
 * situation.ts as a whole (WHN-ART-2, -4, -5, -8, -12, -18, CORE-SHOOT-1, CORE-GEO-15, -16, -17):
 * the whole situation of a legal read, the range limit to the last float, cover from terrain and
 * from screening units by ammunition, the to-hit inputs one by one, and every refusal whole.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { unitId } from "../../src/index.js";
import { gunFireSituation, type GunFireRequest } from "../../src/rules/whn/artillery/situation.js";
import { toHitScore } from "../../src/rules/whn/shooting/modifiers.js";
import { battle, gun, line, patch, patchGun, rect, unit } from "../fixtures/artillery.js";

// A French gun at (36, 4) facing north (front edge y = 4); a British line, front edge at (36, y), facing south.
const base = (y = 20, extra: Parameters<typeof battle>[0] = [], over: Parameters<typeof battle>[2] = {}, spec: Parameters<typeof gun>[2] = {}): BattleState =>
  battle([gun("fr-art", "fr", spec), line("gb-1", y), ...extra], { phase: "shooting" }, over);
const req = (ammunition: GunFireRequest["ammunition"], more: Partial<GunFireRequest> = {}): GunFireRequest => ({ unit: unitId("fr-art"), target: unitId("gb-1"), ammunition, ...more });
const read = (s: BattleState, r: GunFireRequest) => {
  const x = gunFireSituation(s, r);
  if (!x.ok) throw new Error(JSON.stringify(x.violation));
  return x.situation;
};
const why = (s: BattleState, r: GunFireRequest) => {
  const x = gunFireSituation(s, r);
  if (x.ok) throw new Error("expected a refusal");
  return x.violation;
};
const flags = (s: BattleState, id: string, f: Partial<BattleState["units"][never]["flags"]>) => patch(s, id, { flags: { ...unit(s, id).flags, ...f } });
/** A British line of 4 in 2 files standing across the line of fire at y = 10. */
const screen = line("gb-2", 10, { position: { x: 36, y: 10 }, files: 2, figures: 4 });
const NO_MODS = { bs: 3, bsPenalty: false, band: null, cover: "none", moved: false, standAndShoot: false, targetFormation: "LINE", veteranLights: false, mounted: false, initialVolley: false, loneCharacter: false } as const;

describe("gunFireSituation (WHN-ART-8, WHN-ART-18)", () => {
  it("WHN-ART-8: a legal shot read gives every fact, whole", () => {
    const s = base();
    expect(read(s, req("shot"))).toEqual({
      gun: unit(s, "fr-art"),
      target: unit(s, "gb-1"),
      ammunition: "shot",
      range: 16,
      maxRange: 48,
      cover: "none",
      toHit: { bs: 3, need: 4, modifiers: [] },
      muzzle: { x: 36, y: 4 },
      aim: { x: 36, y: 20 },
      standAndShoot: false,
      andLimber: false,
    });
  });

  it("WHN-ART-8: the range limit is max + 0.001 exactly: a canister target at 18.001\" is in, one float further is out", () => {
    const at = read(base(22.001), req("canister"));
    expect(at.range).toBe(18 + 0.001);
    expect(at.maxRange).toBe(18);
    const v = why(base(22.0011), req("canister"));
    expect(v).toMatchObject({ unit: "fr-art", target: "gb-1", ammunition: "canister", max: 18, code: "artillery/out_of_range", rule: "WHN-ART-8" });
    expect(v["actual"] as number).toBeCloseTo(18.0011, 9);
  });

  it("WHN-ART-8: shot reaches 36\" for a light gun, shell 36\" for a British medium gun", () => {
    expect(read(base(40, [], {}, { gun: "light" }), req("shot")).range).toBe(36);
    expect(why(base(40.01, [], {}, { gun: "light" }), req("shot"))).toMatchObject({ code: "artillery/out_of_range", ammunition: "shot", max: 36 });
    expect(read(base(40, [], {}, { british: true }), req("shell")).maxRange).toBe(36);
    expect(why(base(40.01, [], {}, { british: true }), req("shell"))).toMatchObject({ code: "artillery/out_of_range", ammunition: "shell", max: 36 });
  });

  it("CORE-GEO-17: soft terrain cover over the target gives the soft-cover modifier", () => {
    const woods = { id: "wood", kind: "woods", polygon: rect(30, 19, 42, 30), tags: { softCover: true } };
    const r = read(base(20, [], { terrain: [woods] } as never), req("shot"));
    expect(r.cover).toBe("soft");
    expect(r.toHit).toEqual({ bs: 3, need: 5, modifiers: [{ key: "softCover", value: -1, rule: "WHN-SHOOT-5" }] });
  });

  it("HR-COVER-1: with units giving cover, a screening unit gives the cover of the ammunition's kind (roundshot, canister, shell)", () => {
    const opts = (coverType: Record<string, string>) => ({ options: { hr: { cover: true, coverType } } }) as never;
    const s = base(20, [screen], opts({ roundshot: "soft", canister: "hard", shell: "hard" }), { british: true });
    expect(read(s, req("shot")).cover).toBe("soft");
    expect(read(s, req("canister")).cover).toBe("hard");
    expect(read(s, req("shell")).cover).toBe("hard");
    const t = base(20, [screen], opts({ roundshot: "hard", canister: "soft", shell: "soft" }), { british: true });
    expect(read(t, req("shot")).cover).toBe("hard");
    expect(read(t, req("canister")).cover).toBe("soft");
    expect(read(t, req("shell")).cover).toBe("soft");
    // no screening unit: no unit cover whatever the table says
    expect(read(base(20, [], opts({ roundshot: "hard", canister: "hard", shell: "hard" })), req("shot")).cover).toBe("none");
  });

  it("HR-COVER-1 / CORE-GEO-17: cover never stacks; the better of terrain (soft) and a screen (hard) counts", () => {
    const woods = { id: "wood", kind: "woods", polygon: rect(30, 19, 42, 30), tags: { softCover: true } };
    const s = base(20, [screen], { terrain: [woods], options: { hr: { cover: true, coverType: { roundshot: "hard" } } } } as never);
    expect(read(s, req("shot")).cover).toBe("hard");
  });

  it("WHN-ART-18: the crew's BS is lowered by one when DISORDERED, rallied, or rallied from fleeing", () => {
    const penal = toHitScore({ ...NO_MODS, bsPenalty: true });
    expect(read(patch(base(), "fr-art", { order: "DISORDERED" }), req("shot")).toHit).toEqual(penal);
    expect(read(flags(base(), "fr-art", { rallied: true }), req("shot")).toHit).toEqual(penal);
    expect(read(flags(base(), "fr-art", { ralliedFromFleeing: true }), req("shot")).toHit).toEqual(penal);
    expect(penal.bs).toBe(2);
  });

  it("WHN-ART-5: a gun that moved this turn shoots with the moved modifier, carried under WHN-ART-5", () => {
    expect(read(flags(base(), "fr-art", { moved: true }), req("shot")).toHit).toEqual({ bs: 3, need: 5, modifiers: [{ key: "moved", value: -1, rule: "WHN-ART-5" }] });
  });

  it("CORE-CHRG-3: stand and shoot takes −1 for the charging enemy, and the gun's own moved flag is ignored", () => {
    const s = flags(base(), "fr-art", { moved: true });
    const r = read(s, req("shot", { standAndShoot: true }));
    expect(r.toHit).toEqual({ bs: 3, need: 5, modifiers: [{ key: "standAndShoot", value: -1, rule: "CORE-CHRG-3" }] });
    expect(r.standAndShoot).toBe(true);
    expect(r.andLimber).toBe(false);
  });

  it("WHN-SHOOT-5: the target's open or extended order counts against the gun too", () => {
    expect(read(patch(base(), "gb-1", { formation: "OPEN_ORDER" }), req("shot")).toHit).toEqual(toHitScore({ ...NO_MODS, targetFormation: "OPEN_ORDER" }));
    expect(read(patch(base(), "gb-1", { formation: "EXTENDED_ORDER" }), req("shot")).toHit).toEqual({ bs: 3, need: 6, modifiers: [{ key: "targetExtendedOrder", value: -2, rule: "WHN-SHOOT-5" }] });
  });
});

describe("gunFireSituation refusals, each whole", () => {
  it("WHN-ART-15 / WHN-ART-7 / WHN-ART-16 / WHN-ART-2: a gun its crew cannot work", () => {
    expect(why(patchGun(base(), "fr-art", { gunDestroyed: true }), req("shot"))).toEqual({ unit: "fr-art", code: "artillery/gun_destroyed", rule: "WHN-ART-15" });
    expect(why(patchGun(base(), "fr-art", { shelteringIn: unitId("x"), abandoned: true }), req("shot"))).toEqual({ unit: "fr-art", square: "x", code: "artillery/crew_sheltering", rule: "WHN-ART-7" });
    expect(why(patchGun(base(), "fr-art", { abandoned: true }), req("shot"))).toEqual({ unit: "fr-art", code: "artillery/gun_abandoned", rule: "WHN-ART-16" });
    expect(why(patch(base(), "fr-art", { figures: 0 }), req("shot"))).toEqual({ unit: "fr-art", code: "artillery/no_crew", rule: "WHN-ART-2" });
  });

  it("CORE-SHOOT-1: a gun in a close combat, or touching an enemy, may not fire", () => {
    const inCombat = { ...base(), combats: { c1: { units: [unitId("fr-art"), unitId("gb-x")] } } } as unknown as BattleState;
    expect(why(inCombat, req("shot"))).toEqual({ unit: "fr-art", code: "artillery/engaged", rule: "CORE-SHOOT-1" });
    const touching = base(20, [line("gb-2", 4, { position: { x: 36, y: 4 }, files: 2, figures: 4 })]);
    expect(why(touching, req("shot"))).toEqual({ unit: "fr-art", code: "artillery/engaged", rule: "CORE-SHOOT-1" });
  });

  it("CORE-SHOOT-1: a target in a close combat may not be fired at", () => {
    const s = { ...base(), combats: { c1: { units: [unitId("gb-1"), unitId("fr-x")] } } } as unknown as BattleState;
    expect(why(s, req("shot"))).toEqual({ target: "gb-1", code: "artillery/target_engaged", rule: "CORE-SHOOT-1" });
    const other = { ...base(), combats: { c1: { units: [unitId("gb-9"), unitId("fr-x")] } } } as unknown as BattleState;
    expect(read(other, req("shot")).target.id).toBe("gb-1");
  });

  it("CORE-GEO-15: a target outside the gun's arc is refused", () => {
    const s = base(20, [line("gb-2", 3, { position: { x: 10, y: 3 }, facing: 90 })]);
    expect(why(s, { ...req("shot"), target: unitId("gb-2") })).toEqual({ unit: "fr-art", target: "gb-2", code: "artillery/not_in_arc", rule: "CORE-GEO-15" });
  });

  it("CORE-GEO-16: a unit across the line of fire blocks it (friend or foe), named in blockedBy", () => {
    expect(why(base(20, [screen]), req("shot"))).toEqual({ unit: "fr-art", target: "gb-1", blockedBy: ["gb-2"], code: "artillery/no_line_of_sight", rule: "CORE-GEO-16" });
    const friend = base(20, [line("fr-2", 10, { side: "fr", position: { x: 36, y: 10 }, facing: 90 })]);
    expect(why(friend, req("shot"))).toEqual({ unit: "fr-art", target: "gb-1", blockedBy: ["fr-2"], code: "artillery/no_line_of_sight", rule: "CORE-GEO-16" });
  });

  it("findGun: an unknown id, a removed gun, a unit that is not a gun", () => {
    expect(why(base(), { ...req("shot"), unit: unitId("nope") })).toEqual({ unit: "nope", code: "artillery/unknown_unit", rule: null });
    expect(why(patch(base(), "fr-art", { removed: { reason: "captured", gameTurn: 1 } }), req("shot"))).toEqual({ unit: "fr-art", code: "artillery/unknown_unit", rule: null });
    expect(why(base(), { ...req("shot"), unit: unitId("gb-1") })).toEqual({ unit: "gb-1", code: "artillery/not_artillery", rule: "WHN-ART-1" });
  });
});
