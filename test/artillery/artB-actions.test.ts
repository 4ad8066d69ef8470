import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { ARTILLERY_ACTIONS, ARTILLERY_RESPONSES, ExtinguishSchema, GunFireSchema, GunMoveSchema, GunRespondSchema, LeaveShelterSchema, LimberSchema, RemanSchema, ShelterSchema, UnlimberSchema } from "../../src/rules/whn/artillery/actions.js";
import { artilleryModule } from "../../src/rules/whn/artillery/index.js";
import { leaveShelter, reman, shelter } from "../../src/rules/whn/artillery/crew.js";
import { fireHandler } from "../../src/rules/whn/artillery/fire.js";
import { extinguish } from "../../src/rules/whn/artillery/firefighting.js";
import { limber, moveGun, unlimber } from "../../src/rules/whn/artillery/move.js";
import { respondHandler } from "../../src/rules/whn/artillery/respond.js";
import { artilleryUpkeep } from "../../src/rules/whn/artillery/upkeep.js";
import { legalArtilleryActions } from "../../src/rules/whn/artillery/legal.js";
import { battle, gun, line, patch, rect, unit } from "../fixtures/artillery.js";
import { hook } from "../fixtures/artB.js";

describe("artillery action schemas", () => {
  it("every action is a strict object with its own type; the list holds all nine in order", () => {
    expect(ARTILLERY_ACTIONS).toEqual([LimberSchema, UnlimberSchema, GunMoveSchema, GunFireSchema, GunRespondSchema, ShelterSchema, LeaveShelterSchema, RemanSchema, ExtinguishSchema]);
    expect(LimberSchema.parse({ type: "artillery/limber", unit: "a" })).toEqual({ type: "artillery/limber", unit: "a" });
    expect(UnlimberSchema.parse({ type: "artillery/unlimber", unit: "a" })).toEqual({ type: "artillery/unlimber", unit: "a" });
    expect(RemanSchema.parse({ type: "artillery/reman", unit: "a" })).toEqual({ type: "artillery/reman", unit: "a" });
    expect(LimberSchema.safeParse({ type: "artillery/limber", unit: "a", extra: 1 }).success).toBe(false);
    expect(LimberSchema.safeParse({ type: "artillery/unlimber", unit: "a" }).success).toBe(false);
    expect(UnlimberSchema.safeParse({ type: "artillery/limber", unit: "a" }).success).toBe(false);
    expect(RemanSchema.safeParse({ type: "artillery/reman" }).success).toBe(false);
  });

  it("WHN-ART-3: a gun move has 1 to 50 legs and marches only when asked", () => {
    const leg = { kind: "forward", distance: 1 };
    expect(GunMoveSchema.parse({ type: "artillery/move", unit: "a", path: [leg] })).toEqual({ type: "artillery/move", unit: "a", path: [leg], march: false });
    expect(GunMoveSchema.parse({ type: "artillery/move", unit: "a", path: [leg], march: true }).march).toBe(true);
    expect(GunMoveSchema.safeParse({ type: "artillery/move", unit: "a", path: [] }).success).toBe(false);
    expect(GunMoveSchema.safeParse({ type: "artillery/move", unit: "a", path: Array(50).fill(leg) }).success).toBe(true);
    expect(GunMoveSchema.safeParse({ type: "artillery/move", unit: "a", path: Array(51).fill(leg) }).success).toBe(false);
  });

  it("WHN-ART-8: a fire names shot, canister or shell; fire-and-limber is optional", () => {
    expect(GunFireSchema.parse({ type: "artillery/fire", unit: "a", target: "b", ammunition: "shell" })).toEqual({ type: "artillery/fire", unit: "a", target: "b", ammunition: "shell" });
    expect(GunFireSchema.parse({ type: "artillery/fire", unit: "a", target: "b", ammunition: "shot", andLimber: true }).andLimber).toBe(true);
    expect(GunFireSchema.safeParse({ type: "artillery/fire", unit: "a", target: "b", ammunition: "grape" }).success).toBe(false);
    expect(GunFireSchema.safeParse({ type: "artillery/fire", unit: "a", ammunition: "shot" }).success).toBe(false);
  });

  it("WHN-ART-6, WHN-ART-7: the gun responses, with optional ammunition and square", () => {
    expect(ARTILLERY_RESPONSES).toEqual(["hold", "standAndShoot", "flee", "fireAndFlee", "shelter"]);
    expect(GunRespondSchema.parse({ type: "artillery/respond", unit: "a", response: "hold" })).toEqual({ type: "artillery/respond", unit: "a", response: "hold" });
    expect(GunRespondSchema.parse({ type: "artillery/respond", unit: "a", response: "shelter", square: "sq" }).square).toBe("sq");
    expect(GunRespondSchema.parse({ type: "artillery/respond", unit: "a", response: "standAndShoot", ammunition: "canister" }).ammunition).toBe("canister");
    expect(GunRespondSchema.safeParse({ type: "artillery/respond", unit: "a", response: "countercharge" }).success).toBe(false);
  });

  it("WHN-ART-7: shelter names its square; leaving comes out at the rear unless a face is given", () => {
    expect(ShelterSchema.parse({ type: "artillery/shelter", unit: "a", square: "sq" })).toEqual({ type: "artillery/shelter", unit: "a", square: "sq" });
    expect(ShelterSchema.safeParse({ type: "artillery/shelter", unit: "a" }).success).toBe(false);
    expect(LeaveShelterSchema.parse({ type: "artillery/leaveShelter", unit: "a" })).toEqual({ type: "artillery/leaveShelter", unit: "a", face: "rear" });
    for (const face of ["front", "right", "rear", "left"]) expect(LeaveShelterSchema.parse({ type: "artillery/leaveShelter", unit: "a", face }).face).toBe(face);
    expect(LeaveShelterSchema.safeParse({ type: "artillery/leaveShelter", unit: "a", face: "top" }).success).toBe(false);
  });

  it("WHN-FIRE-4: extinguish names a fire and a circle 0 … 10 000 (0 by default)", () => {
    expect(ExtinguishSchema.parse({ type: "artillery/extinguish", unit: "a", fire: "f1" })).toEqual({ type: "artillery/extinguish", unit: "a", fire: "f1", circle: 0 });
    expect(ExtinguishSchema.parse({ type: "artillery/extinguish", unit: "a", fire: "f1", circle: 10_000 }).circle).toBe(10_000);
    expect(ExtinguishSchema.safeParse({ type: "artillery/extinguish", unit: "a", fire: "f1", circle: 10_001 }).success).toBe(false);
    expect(ExtinguishSchema.safeParse({ type: "artillery/extinguish", unit: "a", fire: "f1", circle: -1 }).success).toBe(false);
    expect(ExtinguishSchema.safeParse({ type: "artillery/extinguish", unit: "a", fire: "f1", circle: 0.5 }).success).toBe(false);
  });
});

describe("the artillery module (index.ts)", () => {
  it("routes each action to its handler, in WHN only, fire in the shooting phase and the rest in movement", () => {
    const m = artilleryModule;
    expect(m.name).toBe("whn/artillery");
    expect(m.actions).toBe(ARTILLERY_ACTIONS);
    const want = {
      "artillery/limber": limber, "artillery/unlimber": unlimber, "artillery/move": moveGun, "artillery/fire": fireHandler, "artillery/respond": respondHandler,
      "artillery/shelter": shelter, "artillery/leaveShelter": leaveShelter, "artillery/reman": reman, "artillery/extinguish": extinguish,
    } as const;
    expect(Object.keys(m.routes).sort()).toEqual(Object.keys(want).sort());
    for (const [type, handler] of Object.entries(want)) {
      const r = (m.routes as Record<string, { rulesets: readonly string[]; phases: readonly string[]; handler: unknown }>)[type]!;
      expect(r.handler).toBe(handler);
      expect([...r.rulesets]).toEqual(["whn"]);
      expect([...r.phases]).toEqual([type === "artillery/fire" ? "shooting" : "movement"]);
    }
    expect(m.legal).toBe(legalArtilleryActions);
    expect(Object.keys(m.enter ?? {}).sort()).toEqual(["whn:combat", "whn:endOfGameTurn", "whn:movement.compulsory", "whn:movement.remaining", "whn:shooting", "whn:start"].sort());
    for (const k of ["whn:start", "whn:movement.remaining", "whn:shooting", "whn:combat"]) expect(m.enter?.[k]).toBe(artilleryUpkeep);
  });

  const woods = { id: "wood", kind: "woods", polygon: rect(30, 20, 42, 30), tags: { flammability: "woods" } } as unknown as BattleState["terrain"][number];

  it("WHN-ART-17, WHN-FIRE-3: the end of the game turn runs the upkeep, then spreads fires", () => {
    const s0 = battle([gun("fr-art", "fr"), line("gb-1", 44)], { phase: "shooting" });
    const s = { ...patch(s0, "fr-art", { removed: { reason: "destroyed", gameTurn: 1 }, figures: 0 }), terrain: [woods], fires: [{ id: "f1", circles: [{ centre: { x: 36, y: 24 }, diameter: 2, terrain: "woods" as const }] }] };
    const r = hook(s, artilleryModule.enter!["whn:endOfGameTurn"]!, [4]);
    expect(r.events.map((e) => e["type"])).toEqual(["artillery/captured", "fire/spread"]);
    expect(unit(r.state, "fr-art").removed).toEqual({ reason: "captured", gameTurn: 1 });
    expect(r.state.fires[0]?.circles).toHaveLength(2);
  });

  it("WHN-ART-17, WHN-FIRE-5: the compulsory step runs the upkeep, then steps units out of fires", () => {
    const s0 = battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 20 } }), gun("fr-2", "fr", {}, { position: { x: 10, y: 10 } }), line("gb-1", 44)], { phase: "movement", step: "compulsory" });
    const s = { ...patch(s0, "fr-2", { removed: { reason: "destroyed", gameTurn: 1 }, figures: 0 }), fires: [{ id: "f1", circles: [{ centre: { x: 36, y: 20.8 }, diameter: 2, terrain: "woods" as const }] }] };
    const r = hook(s, artilleryModule.enter!["whn:movement.compulsory"]!, []);
    expect(r.events.map((e) => e["type"])).toEqual(["artillery/captured", "fire/leftFire"]);
  });
});

describe("artilleryUpkeep outside WHN (WHN-ART-17)", () => {
  it("WHN-ART-17: a ruleset without guns is left alone, even with a gun whose last crew fell", () => {
    const s0 = battle([gun("fr-art", "fr"), line("gb-1", 44)], { phase: "shooting" });
    const s = { ...patch(s0, "fr-art", { removed: { reason: "destroyed", gameTurn: 1 }, figures: 0 }), ruleset: "core" } as BattleState;
    const r = hook(s, artilleryUpkeep);
    expect(r.events).toEqual([]);
    expect(unit(r.state, "fr-art").removed).toEqual({ reason: "destroyed", gameTurn: 1 });
    const whn = hook({ ...s, ruleset: "whn" } as BattleState, artilleryUpkeep);
    expect(whn.events).toEqual([{ type: "artillery/captured", rule: "WHN-ART-17", unit: "fr-art", lastCrewKilled: true }]);
  });
});
