/**
 * shtB: the gaps the seed-7 draw left in situation.ts and template.ts, and their kind elsewhere:
 * which of the phase's fires count against a square (only its own), an enemy body exactly as near
 * as the character shot at (not closer), a nearer enemy hidden from the shooters (not visible), and
 * where a square looks from when it shoots a volley (the face toward the template, HR-VOLLEY-9).
 */
import { describe, expect, it } from "vitest";
import type { BattleEvent, BattleState, UnitSetup } from "../../src/index.js";
import type { BattleSetup } from "../../src/state/setup.js";
import { battalion, leader, play, shooterSetup, shootingBattle, targetSetup } from "../fixtures/shooting.js";
import { legal, read, refusal } from "../fixtures/shtA.js";

const gbLine = (id: string, x: number, y: number, over: Partial<UnitSetup> = {}) =>
  battalion(id, "gb", { figures: 4, files: 4, light: true, formation: "LINE", position: { x, y }, facing: 270, command: {}, ...over });
const withShots = (s: BattleState, shots: { shooter: string; target: string; face: number | null }[]): BattleState =>
  ({ ...s, facts: { ...s.facts, shots: [...s.facts.shots, ...shots] } }) as BattleState;

describe("WHN-SHOOT-10: only the square's own fires this phase count against it", () => {
  const square = () =>
    shootingBattle([
      shooterSetup({ formation: "SQUARE", figures: 16, files: 4, initialVolleyUsed: true }),
      targetSetup(10),
      battalion("fr-2", "fr", { figures: 16, files: 8, formation: "LINE", position: { x: 20, y: 10 }, facing: 90, command: {} }),
    ]);

  it("WHN-SHOOT-10: another French unit's shot at gb-1 (with face 0 recorded) leaves the square free to fire face 0 at gb-1", () => {
    const s = withShots(square(), [{ shooter: "fr-2", target: "gb-1", face: 0 }]);
    const sit = legal(read(s, "fr-1", "gb-1"));
    expect(sit.face).toBe(0);
    expect(sit.firers).toEqual({ count: 4, rule: "WHN-SHOOT-10" });
    expect(legal(read(s, "fr-1", "gb-1", { face: 0 })).face).toBe(0);
  });

  it("WHN-SHOOT-10: the square's own shot at gb-1 is still counted when another unit's shots are also recorded", () => {
    const s = withShots(square(), [{ shooter: "fr-2", target: "gb-1", face: null }, { shooter: "fr-1", target: "gb-1", face: 0 }]);
    expect(refusal(read(s, "fr-1", "gb-1"))).toEqual({ code: "shooting/target_already_shot_by_square", rule: "WHN-SHOOT-10", unit: "fr-1", target: "gb-1" });
    // Stand and shoot looks at no fires at all.
    expect(legal(read(s, "fr-1", "gb-1", { standAndShoot: true })).face).toBe(0);
  });
});

describe("CORE-LOS-1: an enemy exactly as near as the target is not a closer one", () => {
  // A wide firing line (8 files, x 32.85…39.15) so that both bodies face its front edge square on.
  const wide = (units: UnitSetup[], characters: NonNullable<BattleSetup["characters"]>) =>
    shootingBattle([shooterSetup({ figures: 16, files: 8, initialVolleyUsed: true }), ...units], { characters });

  it("CORE-LOS-1: two lone characters at the same distance may each be picked out; a third one nearer may not", () => {
    const wel = leader("wel", "gb", { position: { x: 35, y: 20 }, facing: 270 });
    const hill = leader("hill", "gb", { position: { x: 37, y: 20 }, facing: 270 });
    const s = wide([targetSetup(25)], [wel, hill]);
    expect(legal(read(s, "fr-1", "wel")).target).toMatchObject({ kind: "loneCharacter", character: { id: "wel" } });
    expect(legal(read(s, "fr-1", "hill")).target).toMatchObject({ kind: "loneCharacter", character: { id: "hill" } });
    const pack = leader("pack", "gb", { position: { x: 36, y: 19.9 }, facing: 270 });
    const t = wide([targetSetup(25)], [wel, hill, pack]);
    expect(refusal(read(t, "fr-1", "wel"))).toEqual({ code: "shooting/character_not_closest", rule: "CORE-LOS-1", character: "wel", closer: "pack" });
    expect(legal(read(t, "fr-1", "pack")).target).toMatchObject({ kind: "loneCharacter" });
  });

  it("CORE-LOS-1: a joined character's unit level with another enemy unit is exposed; the other unit 0.1\" nearer is not", () => {
    const ney = leader("ney", "gb", { joinedTo: "gb-1", position: { x: 33, y: 20 }, facing: 270 });
    const level = wide([targetSetup(10, { position: { x: 33, y: 20 } }), gbLine("gb-2", 39.5, 20)], [ney]);
    expect(legal(read(level, "fr-1", "ney")).target).toMatchObject({ kind: "joinedCharacter", unit: { id: "gb-1" }, character: { id: "ney" } });
    const nearer = wide([targetSetup(10, { position: { x: 33, y: 20 } }), gbLine("gb-2", 39.5, 19.9)], [ney]);
    expect(refusal(read(nearer, "fr-1", "ney"))).toEqual({ code: "shooting/character_not_exposed", rule: "CORE-LOS-1", character: "ney", closer: "gb-2" });
  });
});

describe("CORE-LOS-1: a nearer enemy the shooters cannot see does not shield a lone character", () => {
  const WOOD = { id: "wood", kind: "woods", polygon: [{ x: 28, y: 12 }, { x: 34.2, y: 12 }, { x: 34.2, y: 14.5 }, { x: 28, y: 14.5 }], tags: { blocksLos: true } };
  const wel = leader("wel", "gb", { position: { x: 36, y: 20 }, facing: 270 });

  it("CORE-LOS-1: gb-2 in the arc but behind a wood is nearer, yet wel may be picked out; without the wood gb-2 is the closer enemy", () => {
    const hidden = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(25), gbLine("gb-2", 30, 16)], { characters: [wel], terrain: [WOOD] } as never);
    expect(legal(read(hidden, "fr-1", "wel")).target).toMatchObject({ kind: "loneCharacter", character: { id: "wel" } });
    const open = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(25), gbLine("gb-2", 30, 16)], { characters: [wel] });
    expect(refusal(read(open, "fr-1", "wel"))).toEqual({ code: "shooting/character_not_closest", rule: "CORE-LOS-1", character: "wel", closer: "gb-2" });
  });
});

describe("HR-VOLLEY-9: a square's volley looks from the face toward the template", () => {
  const BOWS = { equipment: { missile: "bow" as const, melee: "handWeapon" as const } };
  // A low wall just in front of the square's north face (its mid at (36, 10)); the west face's lines pass west of it.
  const WALL = { id: "wall", kind: "wall", polygon: [{ x: 35.5, y: 10.05 }, { x: 36.5, y: 10.05 }, { x: 36.5, y: 10.6 }, { x: 35.5, y: 10.6 }], tags: { hardCover: true } };
  const field = (terrain: unknown[]) =>
    shootingBattle(
      [shooterSetup({ ...BOWS, formation: "SQUARE", figures: 16, files: 4 }), battalion("gb-1", "gb", { figures: 10, files: 5, formation: "LINE", position: { x: 36, y: 26 }, facing: 270, command: {} })],
      { options: { hr: { volley: true } }, terrain } as Partial<BattleSetup>,
    );
  const hits = (events: readonly BattleEvent[]) => events.filter((e) => e.type === "shooting/hits").map(({ seq: _s, gameTurn: _g, ...e }) => e);

  it("HR-VOLLEY-9: behind the wall as seen from the north face, gb-1 has hard cover: 10 rolls need 7 (a 6, then 4+ on the next die: 5 hits from ten 6s), 5 without the wall", () => {
    const dice = [6, ...new Array<number>(10).fill(6), ...new Array<number>(10).fill(1)];
    expect(hits(play(field([WALL]), { type: "shooting/volley", shooter: "fr-1", aim: { x: 36, y: 26.8 } }, dice).events)).toEqual([
      { type: "shooting/hits", rule: "HR-VOLLEY-9", shooter: "fr-1", unit: "gb-1", rolls: 10, need: 7, hits: 5 },
    ]);
    expect(hits(play(field([]), { type: "shooting/volley", shooter: "fr-1", aim: { x: 36, y: 26.8 } }, dice).events)).toEqual([
      { type: "shooting/hits", rule: "HR-VOLLEY-9", shooter: "fr-1", unit: "gb-1", rolls: 10, need: 5, hits: 10 },
    ]);
  });
});
