import { describe, expect, it } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { defaultSplit, faceAgainst, fightersByEnemy, findContacts, splitAssignment, splitModels, centreOfUnit, type Contact } from "../../src/rules/whn/combat/contacts.js";
import { layoutOf } from "../../src/rules/whn/unit.js";
import { engaged, foot } from "../fixtures/combat.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const W = 20 / 25.4;
const contact = (u: string, enemy: string, models: number[], enemyFace: Contact["enemyFace"] = "front", ownFace: Contact["ownFace"] = "front", lapping = false): Contact => ({ unit: u, enemy, models, enemyFace, ownFace, lapping });
const entries = (m: Map<string, number>) => [...m.entries()];

/** a (5 files, 4 ranks) against two 3-file enemies b and c side by side: a's middle model touches both. */
function twoFoes(): { s: BattleState; units: Unit[]; contacts: Contact[] } {
  const s = engaged({}, { files: 3, figures: 9, position: { x: 36 - 1.5 * W, y: 24 } }, { units: [foot("c", "gb", { files: 3, figures: 9, position: { x: 36 + 1.5 * W, y: 24 }, facing: 270 })] });
  const units = [unit(s, "a"), unit(s, "b"), unit(s, "c")];
  return { s, units, contacts: findContacts(units) };
}

describe("findContacts (CORE-CC-2, CORE-GEO-12, CORE-GEO-14)", () => {
  it("CORE-CC-2: front to front, 5 files against 7: every front model of both touches, corner contact included", () => {
    const s = engaged({}, { files: 7, figures: 21 });
    expect(findContacts([unit(s, "a"), unit(s, "b")])).toEqual([contact("a", "b", [0, 1, 2, 3, 4]), contact("b", "a", [0, 1, 2, 3, 4, 5, 6])]);
  });

  it("CORE-CC-2: units of one side never contact each other; one unit alone has no contact", () => {
    const s = engaged({}, {}, { units: [foot("f", "fr", { position: { x: 36 + 5 * W, y: 24 }, facing: 90 })] });
    expect(findContacts([unit(s, "a"), unit(s, "f")])).toEqual([]);
    expect(findContacts([unit(s, "a")])).toEqual([]);
  });

  it("CORE-CC-2: a model touching two enemy units is listed in both contacts", () => {
    expect(twoFoes().contacts).toEqual([contact("a", "b", [0, 1, 2]), contact("a", "c", [2, 3, 4]), contact("b", "a", [0, 1, 2]), contact("c", "a", [0, 1, 2])]);
  });

  it("CORE-GEO-14: an enemy's front on a unit's flank is fought on that flank by one and on the front by the other", () => {
    const s = engaged({ files: 4, figures: 8 }, {}, { units: [foot("c", "fr", { files: 4, figures: 4, position: { x: 36 + (5 * W) / 2, y: 24 + 1.5 }, facing: 180 })] });
    expect(findContacts([unit(s, "a"), unit(s, "b"), unit(s, "c")])).toEqual([
      contact("a", "b", [0, 1, 2, 3]),
      contact("b", "a", [0, 1, 2, 3, 4]),
      contact("b", "c", [0, 5, 10, 15], "front", "left"),
      contact("c", "b", [0, 1, 2, 3], "left", "front"),
    ]);
  });

  it("CORE-GEO-12: a combat recorded a hair apart counts the front-rank models whose frontage overlaps the enemy", () => {
    const h = engaged({}, { files: 3, figures: 9, position: { x: 36 + 2 * W, y: 24.05 } });
    expect(findContacts([unit(h, "a"), unit(h, "b")])).toEqual([contact("a", "b", [2, 3, 4]), contact("b", "a", [0, 1, 2])]);
    // Wholly beside each other: no overlap seen along the facing, so no contact at all.
    const miss = engaged({}, { files: 3, figures: 9, position: { x: 36 + 6 * W, y: 24.05 } });
    expect(findContacts([unit(miss, "a"), unit(miss, "b")])).toEqual([]);
  });

  it("WHN-CC-6: a square is fought on a front; a hair apart it has no frontage to fall back on", () => {
    const sq = engaged({ formation: "SQUARE", files: 4, figures: 16 }, {});
    expect(findContacts([unit(sq, "a"), unit(sq, "b")])).toEqual([contact("a", "b", [0, 1, 2, 3, 4]), contact("b", "a", [0, 1, 2, 3, 4])]);
    const apart = engaged({ formation: "SQUARE", files: 4, figures: 16 }, { position: { x: 36, y: 24.05 } });
    expect(findContacts([unit(apart, "a"), unit(apart, "b")])).toEqual([]);
  });

  it("CORE-GEO-9: a unit's centre is its layout centre: a 4-rank block facing north is centred half its depth behind its front", () => {
    const s = engaged();
    const c = centreOfUnit(unit(s, "a"));
    expect(c.x).toBeCloseTo(36, 9);
    expect(c.y).toBeCloseTo(24 - 2 * W, 9);
  });
});

describe("faceAgainst (CORE-GEO-14)", () => {
  // a faces north (+y) with its front edge on y = 24 and its centre on x = 36; it is 4 ranks deep.
  const la = layoutOf(unit(engaged(), "a"));
  const depth = 4 * W;

  it("CORE-GEO-14: ahead of the front edge or on it is front; behind the rear edge or on it is rear; otherwise the side", () => {
    expect(faceAgainst(la, { x: 36.2, y: 30 })).toBe("front");
    expect(faceAgainst(la, { x: 36.2, y: 24 - 0.0005 })).toBe("front");
    expect(faceAgainst(la, { x: 36.2, y: 24 - 0.002 })).toBe("right");
    expect(faceAgainst(la, { x: 35.8, y: 24 - 0.002 })).toBe("left");
    expect(faceAgainst(la, { x: 36.2, y: 24 - depth + 0.0005 })).toBe("rear");
    expect(faceAgainst(la, { x: 36.2, y: 24 - depth + 0.002 })).toBe("right");
    expect(faceAgainst(la, { x: 36.2, y: 10 })).toBe("rear");
  });

  it("CORE-GEO-14: a point straight behind the centre line of the front (u = 0) reads as the left side", () => {
    expect(faceAgainst(la, { x: 36, y: 23 })).toBe("left");
  });

  it("WHN-CC-6: a square's faces are all fronts", () => {
    const sq = layoutOf(unit(engaged({ formation: "SQUARE", files: 4, figures: 16 }), "a"));
    expect(faceAgainst(sq, { x: 40, y: 22 })).toBe("front");
    expect(faceAgainst(sq, { x: 36, y: 10 })).toBe("front");
  });
});

describe("fighters per enemy and splits (CORE-CC-2, WHN-CC-1, CORE-WPN-8)", () => {
  it("CORE-CC-2: a shared model attacks the enemy with most of the unit's contacts; ties go to the first id", () => {
    const { units, contacts } = twoFoes();
    const a = units[0]!;
    expect(entries(fightersByEnemy(a, contacts, 1))).toEqual([
      ["b", 3],
      ["c", 2],
    ]);
    expect(splitModels(a, contacts)).toEqual([{ model: 2, enemies: ["b", "c"] }]);
    expect(entries(defaultSplit(a, contacts))).toEqual([
      ["b", 1],
      ["c", 0],
    ]);
    // b and c touch only a: nothing to split.
    expect(splitModels(units[1]!, contacts)).toEqual([]);
    expect(entries(defaultSplit(units[1]!, contacts))).toEqual([]);
  });

  it("CORE-CC-2: the owner's split moves the shared model; a split that cannot be made keeps the default", () => {
    const { units, contacts } = twoFoes();
    const a = units[0]!;
    expect(entries(fightersByEnemy(a, contacts, 1, new Map([["c", 1]])))).toEqual([
      ["b", 2],
      ["c", 3],
    ]);
    expect(entries(fightersByEnemy(a, contacts, 1, new Map([["c", 2]])))).toEqual([
      ["b", 3],
      ["c", 2],
    ]);
  });

  it("WHN-CC-1: a second rank fights behind each front model in contact, with the enemy its front model attacks", () => {
    const { units, contacts } = twoFoes();
    const a = units[0]!;
    expect(entries(fightersByEnemy(a, contacts, 2))).toEqual([
      ["b", 6],
      ["c", 4],
    ]);
    expect(entries(fightersByEnemy(a, contacts, 2, new Map([["c", 1]])))).toEqual([
      ["b", 4],
      ["c", 6],
    ]);
    // Three ranks allowed: two rear models a file.
    expect(entries(fightersByEnemy(a, contacts, 3))).toEqual([
      ["b", 9],
      ["c", 6],
    ]);
  });

  it("WHN-CC-1: rear ranks add only behind a contact on the unit's own front, never behind a flank contact", () => {
    const s = engaged({ files: 4, figures: 8 }, {}, { units: [foot("c", "fr", { files: 4, figures: 4, position: { x: 36 + (5 * W) / 2, y: 24 + 1.5 }, facing: 180 })] });
    const units = [unit(s, "a"), unit(s, "b"), unit(s, "c")];
    const contacts = findContacts(units);
    // b's file-0 front model touches a and c; a has more contacts, so it attacks a.
    expect(entries(fightersByEnemy(units[1]!, contacts, 1))).toEqual([
      ["a", 5],
      ["c", 3],
    ]);
    expect(entries(fightersByEnemy(units[1]!, contacts, 2))).toEqual([
      ["a", 10],
      ["c", 3],
    ]);
    // c is one rank deep: nothing behind.
    expect(entries(fightersByEnemy(units[2]!, contacts, 2))).toEqual([["b", 4]]);
  });
});

describe("splitAssignment (CORE-CC-2)", () => {
  const shared = [
    { model: 7, enemies: ["x", "y"] },
    { model: 3, enemies: ["y"] },
    { model: 5, enemies: ["x", "y", "z"] },
  ];

  it("CORE-CC-2: counts that do not add up to the shared models are refused", () => {
    expect(splitAssignment(shared, new Map([["x", 1], ["y", 1]]))).toBeNull();
    expect(splitAssignment(shared, new Map([["x", 2], ["y", 2]]))).toBeNull();
  });

  it("CORE-CC-2: a count given to an enemy the remaining models do not touch is refused", () => {
    expect(splitAssignment(shared, new Map([["z", 2], ["y", 1]]))).toBeNull();
    const two = [
      { model: 1, enemies: ["b", "c"] },
      { model: 2, enemies: ["b", "c"] },
    ];
    expect(splitAssignment(two, new Map([["b", 0], ["c", 0], ["d", 2]]))).toBeNull();
  });

  it("CORE-CC-2: models with fewest choices are placed first, each on the enemy with most left (ties: first id)", () => {
    // 3 (only y) first → y; then 7 (x or y): x has 1 left, y 1 → x by id; then 5: z.
    expect([...splitAssignment(shared, new Map([["x", 1], ["y", 1], ["z", 1]]))!.entries()]).toEqual([
      [3, "y"],
      [7, "x"],
      [5, "z"],
    ]);
    // y 2: 3 → y; 7: x and y 1 each → x; 5: y.
    expect([...splitAssignment(shared, new Map([["x", 1], ["y", 2]]))!.entries()]).toEqual([
      [3, "y"],
      [7, "x"],
      [5, "y"],
    ]);
    // Most left first: q 2 beats p 1, then the tie goes to p.
    const three = [1, 2, 3].map((model) => ({ model, enemies: ["p", "q"] }));
    expect([...splitAssignment(three, new Map([["p", 1], ["q", 2]]))!.entries()]).toEqual([
      [1, "q"],
      [2, "p"],
      [3, "q"],
    ]);
    // Same choices: lower model number first.
    const tie = [
      { model: 9, enemies: ["p", "q"] },
      { model: 4, enemies: ["p", "q"] },
    ];
    expect([...splitAssignment(tie, new Map([["q", 2]]))!.entries()]).toEqual([
      [4, "q"],
      [9, "q"],
    ]);
    expect([...splitAssignment(tie, new Map([["p", 1], ["q", 1]]))!.entries()]).toEqual([
      [4, "p"],
      [9, "q"],
    ]);
    expect([...splitAssignment([], new Map())!.entries()]).toEqual([]);
  });
});
