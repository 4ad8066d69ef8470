/**
 * Every rule table held cell by cell against the specification (rules/*.md): mutation testing does
 * not mutate the numbers of a table, so only a test that restates each cell notices a wrong one.
 * Each table below is written as the specification prints it (same rows, same columns, "–" for no
 * entry) and read back through the rule's own lookup, not through the code's table object alone.
 */
import { describe, expect, it } from "vitest";
import { meleeToHitNeed, shootingNeed, toWoundNeed } from "../../src/rules/whn/tables.js";
import { BAND_MODIFIER, WEAPONS, hitStrength, maxRange, rangeBand, weaponStats } from "../../src/rules/whn/shooting/weapons.js";
import { firingModels } from "../../src/rules/whn/shooting/firers.js";
import { weaponEffect } from "../../src/rules/whn/combat/weapons.js";
import { modelCountBonus, rankBonusOf, squarenessBonus } from "../../src/rules/whn/combat/ranks.js";
import { toHitScore, type ToHitInput } from "../../src/rules/whn/shooting/modifiers.js";
import { panicThreshold } from "../../src/rules/whn/shooting/panic.js";
import { FIRE_TABLE, GUNS, GUN_MOVES, LIMBER, hitLocation } from "../../src/rules/whn/artillery/guns.js";
import { FIRE_SCORES } from "../../src/rules/whn/artillery/fires.js";
import { FIRE_BASE_LOSSES, FIRE_MODIFIERS, RANGE_BANDS, firePointsAt, type FirerKind } from "../../src/rules/fnf/tables/fire.js";
import { MANEUVER_EFFECTS, MANEUVER_MODIFIERS, MUSKET_RANGE, PASSAGE_OF_LINES, TWO_INCH_RULE, maneuverResult } from "../../src/rules/fnf/tables/maneuver.js";
import { DEFENSIVE_TERRAIN, MELEE_MODIFIERS } from "../../src/rules/fnf/tables/charge.js";
import { FORMATION_TABLE } from "../../src/rules/whn/movement/formations.js";
import { FNF_BASES } from "../../src/rules/fnf/geometry/bases.js";
import { FNF_TERRAIN, fnfKind } from "../../src/rules/fnf/geometry/terrain.js";
import { DEFAULT_OPTIONS } from "../../src/index.js";

/** The cells of a markdown table: one string array per body row (header and rule line dropped). */
function cells(table: string): string[][] {
  return table
    .trim()
    .split("\n")
    .slice(2)
    .map((row) => row.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim()));
}

/** The leading signed number of a modifier cell ("−2 (instead of −1)" → −2, "+1" → 1). */
const modifier = (c: string | undefined): number => Number(/^[+−-]?\d+/.exec((c ?? "").trim())?.[0].replace("−", "-"));

/**
 * Holds a "condition | modifier" table: `keys` names, line by line, the entries of the code's
 * tables that stand for that line (null: applied elsewhere, see the comment there).
 */
function holdModifiers(table: string, keys: readonly (readonly (readonly [Record<string, number>, string])[] | null)[]): void {
  const rows = cells(table);
  expect(rows).toHaveLength(keys.length);
  rows.forEach(([condition, value], i) => {
    for (const [data, key] of keys[i] ?? []) expect([condition, key, data[key]]).toEqual([condition, key, modifier(value)]);
  });
}

/** A cell's number, or null for "–" (no entry). */
const num = (c: string | undefined): number | null => (c === undefined || c === "–" ? null : Number(c.replace(/["+]/g, "")));

describe("CORE tables", () => {
  it("CORE-WOUND-1: the Strength-against-Toughness table, every cell", () => {
    const table = cells(`
| S \\ T | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
| 1 | 4 | 5 | 6 | 6 | – | – | – | – |
| 2 | 3 | 4 | 5 | 6 | 6 | – | – | – |
| 3 | 2 | 3 | 4 | 5 | 6 | 6 | – | – |
| 4 | 2 | 2 | 3 | 4 | 5 | 6 | 6 | – |
| 5 | 2 | 2 | 2 | 3 | 4 | 5 | 6 | 6 |
| 6 | 2 | 2 | 2 | 2 | 3 | 4 | 5 | 6 |
| 7 | 2 | 2 | 2 | 2 | 2 | 3 | 4 | 5 |`);
    expect(table).toHaveLength(7);
    for (const [s, ...row] of table) {
      row.forEach((c, t) => expect([`S${s} T${t + 1}`, toWoundNeed(Number(s), t + 1)]).toEqual([`S${s} T${t + 1}`, num(c)]));
    }
  });

  it("CORE-CC-3: the Weapon Skill table, every cell", () => {
    const table = cells(`
| attacker WS \\ target WS | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
| 1 | 4 | 4 | 5 | 5 | 5 | 5 | 5 | 5 |
| 2 | 3 | 4 | 4 | 4 | 5 | 5 | 5 | 5 |
| 3 | 3 | 3 | 4 | 4 | 4 | 4 | 5 | 5 |
| 4 | 3 | 3 | 3 | 4 | 4 | 4 | 4 | 4 |
| 5 | 3 | 3 | 3 | 3 | 4 | 4 | 4 | 4 |`);
    expect(table).toHaveLength(5);
    for (const [a, ...row] of table) {
      row.forEach((c, t) => expect([`WS${a} v WS${t + 1}`, meleeToHitNeed(Number(a), t + 1)]).toEqual([`WS${a} v WS${t + 1}`, num(c)]));
    }
  });
});

describe("WHN tables", () => {
  it("WHN-SHOOT-4: the BS table, every cell", () => {
    const [row] = cells(`
| BS | 1 | 2 | 3 | 4 | 5 |
| --- | --- | --- | --- | --- | --- |
| D6 needed | 6 | 5 | 4 | 3 | 2 |`);
    (row ?? []).slice(1).forEach((c, i) => expect([i + 1, shootingNeed(i + 1)]).toEqual([i + 1, num(c)]));
  });

  it("WHN-SHOOT-2, WHN-SHOOT-3: the firearms table, every cell, and the band each range falls in", () => {
    const table = cells(`
| weapon | close (0) | long (−1) | extreme (−2) | S | save mod |
| --- | --- | --- | --- | --- | --- |
| rifle | 12" | 24" | 36" | 3 | 0 |
| musket | 8" | 12" | 24" | 3 | 0 |
| carbine | 6" | 9" | 18" | 3 | 0 |
| pistol | 1" | 2" | 4" | 3 | 0 |`);
    expect(BAND_MODIFIER).toEqual({ close: 0, long: -1, extreme: -2 });
    for (const [name, close, long, extreme, s] of table) {
      const w = weaponStats(name as "rifle" | "musket" | "carbine" | "pistol", DEFAULT_OPTIONS);
      expect([name, w.close, w.long, w.extreme, w.strength]).toEqual([name, num(close), num(long), num(extreme), num(s)]);
      const [c, l, e] = [num(close) as number, num(long) as number, num(extreme) as number];
      expect([rangeBand(w, c), rangeBand(w, c + 0.01), rangeBand(w, l), rangeBand(w, l + 0.01), rangeBand(w, e), rangeBand(w, e + 0.01)]).toEqual(["close", "long", "long", "extreme", "extreme", null]);
    }
    expect(Object.keys(WEAPONS)).toEqual(expect.arrayContaining(["rifle", "musket", "carbine", "pistol"]));
  });

  it("WHN-SHOOT-5: the to-hit modifiers table, every line", () => {
    const base: ToHitInput = { bs: 3, bsPenalty: false, band: "close", cover: "none", moved: false, standAndShoot: false, targetFormation: "LINE", veteranLights: false, mounted: false, initialVolley: false, loneCharacter: false };
    const plain = toHitScore(base).need;
    const lines: readonly (readonly [string, Partial<ToHitInput>, number])[] = [
      ["target behind soft cover", { cover: "soft" }, -1],
      ["target behind hard cover", { cover: "hard" }, -2],
      ["long range", { band: "long" }, -1],
      ["extreme range", { band: "extreme" }, -2],
      ["shooter moved this turn", { moved: true }, -1],
      ["shooting at a charging enemy", { standAndShoot: true }, -1],
      ["target in OPEN_ORDER", { targetFormation: "OPEN_ORDER" }, -1],
      ["target in EXTENDED_ORDER", { targetFormation: "EXTENDED_ORDER" }, -2],
      ["veteran light troops shooting at skirmishers", { veteranLights: true, targetFormation: "OPEN_ORDER" }, 1 - 1],
      ["shooter mounted", { mounted: true }, -1],
      ["initial volley at close range", { initialVolley: true }, 2],
      ["a DISORDERED shooter (BS −1)", { bsPenalty: true }, -1],
    ];
    for (const [line, change, modifier] of lines) expect([line, toHitScore({ ...base, ...change }).need - plain]).toEqual([line, 0 - modifier]);
    // The veteran-lights +1 alone: against skirmishers, not against formed troops.
    expect(toHitScore({ ...base, veteranLights: true, targetFormation: "EXTENDED_ORDER" }).need - toHitScore({ ...base, targetFormation: "EXTENDED_ORDER" }).need).toBe(-1);
    expect(toHitScore({ ...base, veteranLights: true }).need).toBe(plain);
  });

  it("WHN-PANIC-2: the shooting Panic thresholds, the specification's examples and every unit size to 60", () => {
    const table = cells(`
| quality | test when casualties this phase ≥ | examples (N at start of phase → casualties) |
| --- | --- | --- |
| RAW | 1 (any casualty) | any N → 1 |
| REGULAR | 10% of N | 20 → 2; 15 → 2; 5 → 1 |
| VETERAN | 25% of N | 20 → 5; 10 → 3; 4 → 1 |`);
    for (const [quality, , examples] of table) {
      for (const ex of (examples ?? "").split(";").filter((x) => !x.includes("any"))) {
        const [n, k] = ex.split("→").map((x) => Number(x.trim()));
        expect([quality, n, panicThreshold(quality as "RAW" | "REGULAR" | "VETERAN", n as number)]).toEqual([quality, n, k]);
      }
    }
    for (let n = 1; n <= 60; n++) {
      // "≥ p % of N": the least whole number of casualties that is at least p % of N.
      expect([n, panicThreshold("RAW", n), panicThreshold("REGULAR", n), panicThreshold("VETERAN", n)]).toEqual([n, 1, Math.ceil((10 * n) / 100), Math.ceil((25 * n) / 100)]);
    }
  });

  it("WHN-ART-1, WHN-ART-3: gun bodies and moves, every cell", () => {
    const bodies = cells(`
| type | calibre | arm | gun T | gun W |
| --- | --- | --- | --- | --- |
| Light | 3–4 pdr | foot or horse | 6 | 2 |
| Medium | 6–9 pdr | foot or horse | 7 | 3 |
| Heavy | 12 pdr | foot only | 7 | 3 |
| Limber (every type) | — | — | 7 | 3 |`);
    for (const [type, , arm, t, w] of bodies) {
      if (type?.startsWith("Limber")) {
        expect(LIMBER).toEqual({ T: num(t), W: num(w) });
        continue;
      }
      const g = GUNS[(type as string).toLowerCase() as "light" | "medium" | "heavy"];
      expect([type, g.T, g.W, [...g.arms]]).toEqual([type, num(t), num(w), arm === "foot only" ? ["foot"] : ["foot", "horse"]]);
    }
    expect(GUNS.howitzer).toEqual(GUNS.medium); // AMB-38
    const moves = cells(`
| type | unlimbered | limbered, foot | limbered, horse |
| --- | --- | --- | --- |
| Light | 3" | 6" | 8" |
| Medium (and howitzer) | 2" | 4" | 6" |
| Heavy | 1" | 3" | NA |`);
    for (const [type, un, foot, horse] of moves) {
      const key = (type as string).split(" ")[0]?.toLowerCase() as "light" | "medium" | "heavy";
      const expected = { unlimbered: num(un), foot: num(foot), horse: horse === "NA" ? null : num(horse) };
      expect([type, GUN_MOVES[key]]).toEqual([type, expected]);
      if (key === "medium") expect(GUN_MOVES.howitzer).toEqual(expected);
    }
  });

  it("WHN-ART-8: the artillery fire table, every cell", () => {
    const table = cells(`
| gun | canister (S4) | shot | shell / shrapnel |
| --- | --- | --- | --- |
| Light | 12", 4 shots | 36", S5, D3 W | 24", 1" pattern, British only |
| Medium | 18", 6 shots | 48", S6, D6 W | 36", 1.5" pattern, British only |
| Heavy | 24", 8 shots | 60", S7, D6 W | 48", 2" pattern, British only |
| Howitzer | 8", 4 shots | 48", S6, D6 W | 48", 2" pattern (any nation) |`);
    expect(table).toHaveLength(4);
    for (const [gun, canister, shot, shell] of table) {
      const [cRange, cShots] = (canister as string).split(",").map((x) => parseFloat(x));
      const [sRange, sS, sDie] = (shot as string).split(",").map((x) => x.trim());
      const [hRange, hPattern] = (shell as string).split(",").map((x) => parseFloat(x));
      const expected = {
        canister: { range: cRange, shots: cShots },
        shot: { range: parseFloat(sRange as string), S: Number((sS as string).slice(1)), woundsDie: (sDie as string).startsWith("D3") ? "d3" : "d6" },
        shell: { range: hRange, pattern: hPattern, anyNation: (shell as string).includes("any nation") },
      };
      expect([gun, FIRE_TABLE[(gun as string).toLowerCase() as "light" | "medium" | "heavy" | "howitzer"]]).toEqual([gun, expected]);
    }
  });

  it("WHN-FIRE-1: the fires table, every cell", () => {
    const table = cells(`
| terrain | start fire | spread 2" downwind | extinguish |
| --- | --- | --- | --- |
| woods | 5–6 | 4–6 | 5–6 |
| field | 4–6 | 2–6 | 4–6 |
| wooden building | 5–6 | 5–6 | 5–6 |
| stone building | 6 | 5–6 | 4–6 |`);
    const key = { woods: "woods", field: "field", "wooden building": "woodenBuilding", "stone building": "stoneBuilding" } as const;
    const least = (c: string | undefined): number => Number((c ?? "").split("–")[0]);
    for (const [terrain, start, spread, extinguish] of table) {
      expect([terrain, FIRE_SCORES[key[terrain as keyof typeof key]]]).toEqual([terrain, { start: least(start), spread: least(spread), extinguish: least(extinguish) }]);
    }
  });
});

describe("FnF tables", () => {
  it("FNF-FIRE-3: fire points by firer and range, every cell at both ends of its band", () => {
    const table = cells(`
| firer | up to 4" | up to 6" | up to 8" | up to 12" | up to 16" | up to 18" | up to 20" | up to 24" | up to 32" |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
| infantry base | 1 | – | – | – | – | – | – | – | – |
| rifle base | 1 | 1 | – | – | – | – | – | – | – |
| foot battery | 10 | 3 | 3 | 3 | 2 | 2 | 1 | 1 | – |
| horse battery | 8 | 3 | 3 | 2 | 1 | 1 | 1 | – | – |
| heavy battery | 12 | 4 | 4 | 4 | 4 | 2 | 2 | 2 | 1 |`);
    expect([...RANGE_BANDS]).toEqual([4, 6, 8, 12, 16, 18, 20, 24, 32]);
    const kind: Record<string, FirerKind> = { "infantry base": "infantry", "rifle base": "rifle", "foot battery": "FOOT", "horse battery": "HORSE", "heavy battery": "HEAVY" };
    for (const [firer, ...row] of table) {
      const k = kind[firer as string] as FirerKind;
      row.forEach((c, i) => {
        const upTo = RANGE_BANDS[i] as number;
        const from = i === 0 ? 0 : (RANGE_BANDS[i - 1] as number) + 0.01;
        const points = num(c) ?? 0;
        expect([firer, upTo, firePointsAt(k, from), firePointsAt(k, upTo)]).toEqual([firer, upTo, points, points]);
      });
      expect(firePointsAt(k, 32.01)).toBe(0);
    }
  });

  it("FNF-FIRE-5, FNF-FIRE-7: the fire modifiers and the bases each result takes, every line", () => {
    const F = FIRE_MODIFIERS;
    holdModifiers(
      `
| condition | modifier |
| --- | --- |
| target in COLUMN OF ATTACK or SUPPORTED LINE, or changed formation in this player turn | +1 |
| target is cavalry or limbered artillery | +1 |
| firer is British infantry in LINE | +1 |
| target in soft cover | −1 |
| target in hard cover | −2 |
| target in entrenchments | −3 |
| target is skirmishers, a staff officer (leader) or unlimbered artillery, and is in open ground | −1 |`,
      [[[F, "targetDeepOrChanged"]], [[F, "targetCavalryOrLimbered"]], [[F, "britishLine"]], [[F, "softCover"]], [[F, "hardCover"]], [[F, "entrenchments"]], [[F, "openGroundSmallTarget"]]],
    );
    expect(Object.keys(F)).toHaveLength(7);
    const effects = cells(`
| result | on a brigade or detachment | on a battery |
| --- | --- | --- |
| Desultory | no effect | no effect |
| Lively | DISORDERED | SILENCED |
| Telling | DISORDERED, loses 1 base | DAMAGED and SILENCED |
| Deadly | DISORDERED, loses 2 bases | WRECKED |
| Withering | DISORDERED, loses 3 bases | WRECKED |`);
    for (const [result, brigade] of effects) {
      const lost = Number(/loses (\d+)/.exec(brigade ?? "")?.[1] ?? 0);
      expect([result, FIRE_BASE_LOSSES[(result as string).toUpperCase() as keyof typeof FIRE_BASE_LOSSES]]).toEqual([result, lost]);
    }
  });

  it("FNF-MAN-4: the maneuver modifiers, every line", () => {
    const M = MANEUVER_MODIFIERS;
    holdModifiers(
      `
| condition | modifier |
| --- | --- |
| in a column (COLUMN OF ROUTE or COLUMN OF ATTACK) | +1 |
| Guard | +1 |
| Fresh | +2 |
| Spent | −2 |
| per attached corps or division leader | +1 |
| per attached exceptional corps or division leader (instead of +1) | +2 |
| exceptional brigadier | +1 |
| Austrian, Prussian before 1809, or Spanish | −1 |
| Militia | −1 |
| close-order troops moving in bad going | −2 |
| out of command radius | −1 |
| more than 18" (a leader's normal move) from its division leader | −2 (instead of −1) |`,
      // The national −1 lives in the nations table (FNF-CLASS-2), held in test/fnf/tables.test.ts.
      [[[M, "column"]], [[M, "guard"]], [[M, "fresh"]], [[M, "spent"]], [[M, "attachedLeader"]], [[M, "attachedExceptionalLeader"]], [[M, "exceptionalBrigadier"]], null, [[M, "militia"]], [[M, "closeOrderBadGoing"]], [[M, "outOfRadius"]], [[M, "beyondLeaderMove"]]],
    );
    expect(Object.keys(M)).toHaveLength(11);
  });

  it("FNF-MEL-3: the melee modifiers, every line", () => {
    const M = MELEE_MODIFIERS;
    const T = DEFENSIVE_TERRAIN;
    holdModifiers(
      `
| condition | modifier |
| --- | --- |
| attached leader or exceptional brigadier (not cumulative) | +1 |
| Fresh | +2 |
| Spent | −2 |
| attacker is French, or is cavalry (charging) | +1 |
| defender is Russian | +1 |
| cavalry | +1 |
| armoured cavalry | +1 |
| lancers, charging | +1 |
| supported: a friendly brigade within half a move (of the supported unit) to the rear (FNF-GEO-5) | +1 |
| breakthrough charge (attacker) | +1 |
| outnumbered 3:2 (enemy stands ≥ 1.5 × own) | −1 |
| outnumbered 2:1 (≥ 2 ×) | −2 |
| outnumbered 3:1 or more (≥ 3 ×) | −3 |
| DISORDERED | −1 |
| LOW ON AMMO | −1 |
| each stand lost in this turn's fire phases or in this melee's desperate struggles | −1 each |
| defender holds the hill or is in woods, or the attackers are across a stream or ford | +1 |
| defender is in a sunken road or in buildings, or the attackers are across a stone wall | +2 |
| the attackers are across works (trenches, fieldworks) | +3 |
| defender outflanked (an attacking base touches its flank or rear, FNF-GEO-4) | −3 |
| defender surrounded | −5 (instead of −3) |
| Guard | +1 |
| Militia | −1 |`,
      [
        [[M, "leader"]],
        [[M, "fresh"]],
        [[M, "spent"]],
        [[M, "frenchOrCavalryAttacker"]],
        [[M, "russianDefender"]],
        [[M, "cavalry"]],
        [[M, "armoured"]],
        [[M, "lancersCharging"]],
        [[M, "supported"]],
        [[M, "breakthrough"]],
        [[M, "outnumbered3to2"]],
        [[M, "outnumbered2to1"]],
        [[M, "outnumbered3to1"]],
        [[M, "disordered"]],
        [[M, "lowAmmo"]],
        [[M, "perStandLost"]],
        [[T, "hill"], [T, "woods"], [T, "stream"], [T, "ford"]],
        [[T, "sunkenRoad"], [T, "buildings"], [T, "stoneWall"]],
        [[T, "works"]],
        [[M, "outflanked"]],
        [[M, "surrounded"]],
        [[M, "guard"]],
        [[M, "militia"]],
      ],
    );
    expect(Object.keys(M)).toHaveLength(20);
    expect(Object.keys(T)).toHaveLength(8);
  });
});

describe("tables held since the mutation audit (#17)", () => {
  it("CORE-SHOOT-7: the ancient missiles table, every cell (long range beyond half the maximum)", () => {
    const table = cells(`
| weapon | max range | S | note |
| --- | --- | --- | --- |
| shortBow | 16" | 3 | |
| bow | 24" | 3 | |
| compositeBow | 24" | 3 | |
| longbow | 30" | 3 | |
| crossbow | 30" | 4 | |
| sling | 18" | 3 | |
| javelin | 8" | user's S | |`);
    expect(table).toHaveLength(7);
    for (const [name, max, strength] of table) {
      const w = weaponStats(name as "bow", DEFAULT_OPTIONS);
      const m = num(max) as number;
      const s = strength === "user's S" ? 5 : num(strength);
      expect([name, maxRange(w), hitStrength(w, 5)]).toEqual([name, m, s]);
      expect([name, rangeBand(w, m / 2), rangeBand(w, m / 2 + 0.01), rangeBand(w, m), rangeBand(w, m + 0.01)]).toEqual([name, "close", "long", "long", null]);
    }
  });

  it("WHN-CC-1: the close-combat weapons table, every cell", () => {
    const table = cells(`
| weapon | ranks fighting | effect |
| --- | --- | --- |
| musketBayonet | 1 | user's S |
| rifleSwordBayonet | 1 | user's S |
| pike | 2 (1 while DISORDERED) | user's S |
| infantrySword | 1 | user's S |
| sabre | 1 | +1 S |
| lance | 1 | +1 S and strikes first |`);
    expect(table).toHaveLength(6);
    const charging = { charging: true, mounted: true, disordered: false, lanceBonusAlways: false };
    for (const [name, ranks, effect] of table) {
      const e = weaponEffect(name as "pike", charging);
      const dis = weaponEffect(name as "pike", { ...charging, charging: false, disordered: true });
      const [ordered, disordered] = [Number((ranks ?? "").split(" ")[0]), Number(/\((\d)/.exec(ranks ?? "")?.[1] ?? (ranks ?? "").split(" ")[0])];
      const bonus = effect === "user's S" ? 0 : modifier(effect);
      const first = (effect ?? "").includes("strikes first");
      expect([name, e.ranks, dis.ranks, e.strength, e.tier]).toEqual([name, ordered, disordered, bonus, first ? 1 : 2]);
    }
  });

  it("WHN-FORM-1 / WHN-CC-2: the rank bonus cap of each formation, against infantry, cavalry and squares", () => {
    // Four full ranks behind a front of 4 (or 3) models; each cell: [vs infantry, vs cavalry, vs square].
    const table = cells(`
| formation | front 4 | front 3 |
| --- | --- | --- |
| MARCH_COLUMN | 0,0,0 | 0,0,0 |
| ATTACK_COLUMN | 3,0,3 | 0,0,0 |
| LINE | 1,0,1 | 1,0,1 |
| SQUARE | 0,4,0 | 0,4,0 |
| CAV_COLUMN | 2,2,0 | 0,0,0 |
| CAV_LINE | 1,1,0 | 1,1,0 |
| OPEN_ORDER | 0,0,0 | 0,0,0 |
| EXTENDED_ORDER | 0,0,0 | 0,0,0 |`);
    const vs = [
      { allCavalry: false, allSquares: false },
      { allCavalry: true, allSquares: false },
      { allCavalry: false, allSquares: true },
    ];
    for (const [formation, four, three] of table) {
      for (const [front, cell] of [[4, four], [3, three]] as const) {
        const ranks = [front, 4, 4, 4, 4];
        const got = vs.map((v) => rankBonusOf(formation as "LINE", ranks, v)).join(",");
        expect([formation, front, got]).toEqual([formation, front, cell]);
      }
    }
    // A rank of 3 models behind does not count (CORE-CR-2).
    expect(rankBonusOf("ATTACK_COLUMN", [4, 4, 3, 3], vs[0]!)).toBe(1);
  });

  it("WHN-SHOOT-9: the firing table, every cell (a 4-wide unit, 3 deep; squares 24 models)", () => {
    const table = cells(`
| formation | stationary | moved |
| --- | --- | --- |
| MARCH_COLUMN | 4 | 4 |
| ATTACK_COLUMN | 6 | 4 |
| LINE | 6 | 4 |
| SQUARE | 6 | 6 |
| CAV_COLUMN | 4 | 4 |
| CAV_LINE | 4 | 4 |
| OPEN_ORDER | 12 | 12 |
| EXTENDED_ORDER | 12 | 12 |`);
    for (const [formation, stationary, moved] of table) {
      const figures = formation === "SQUARE" ? 24 : 12;
      const input = { formation: formation as "LINE", ranks: [4, 4, 4], figures, order: "GOOD" as const };
      expect([formation, firingModels({ ...input, moved: false }).count, firingModels({ ...input, moved: true }).count]).toEqual([formation, num(stationary), num(moved)]);
    }
  });

  it("HR-SQUARE-2 and HR-SQUARE-5: the squareness and model-count bonuses, every cell", () => {
    const [square] = cells(`
| squareness | 4×4 | 5×5 | 6×6 | 7×7 | 9×9 |
| --- | --- | --- | --- | --- | --- |
| bonus | 0 | +1 | +2 | +3 | +5 |`);
    [4, 5, 6, 7, 9].forEach((a, i) => expect([a, squarenessBonus(a)]).toEqual([a, num(square?.[i + 1])]));
    const [count] = cells(`
| models | 24 | 25 | 34 | 35 | 45 | 55 | 65 |
| --- | --- | --- | --- | --- | --- | --- | --- |
| bonus | 0 | +1 | +1 | +2 | +3 | +4 | +5 |`);
    [24, 25, 34, 35, 45, 55, 65].forEach((m, i) => expect([m, modelCountBonus(m, null)]).toEqual([m, num(count?.[i + 1])]));
    expect(modelCountBonus(65, 3)).toBe(3);
  });

  it("FNF-MAN-2, FNF-MAN-3: the meaning of every maneuver result, column by column", () => {
    // move: fraction of a normal move; change: formation change allowed (full: a full-move change
    // too); contact; compulsory part; disorder after; a stopped bad-going move disorders (FNF-MAN-5).
    const table = cells(`
| score | result | move | change | full change | contact | compulsory | disorder | stops bad going |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
| 1 | RETIRE | 0 | no | no | no | retire | keep | yes |
| 3 | DISENGAGE | 0 | no | no | no | disengage | keep | yes |
| 5 | HOLD | 0 | no | no | no | none | keep | yes |
| 7 | TARDY | 0.5 | yes | no | no | none | keep | no |
| 10 | WELL_HANDLED | 1 | yes | yes | yes | none | keep | no |
| 1 | QUIT_FIELD | 0 | no | no | no | quit | keep | no |
| 3 | BROKEN | 0 | no | no | no | broken | keep | no |
| 5 | WAVERING | 0 | no | no | no | none | keep | no |
| 7 | SHAKEN | 0 | no | no | no | none | clear | no |
| 10 | RALLY_HALF_MOVE | 0.5 | yes | no | no | none | clear | no |
| 11 | RALLY_ELAN | 1 | yes | yes | yes | none | clear | no |`);
    expect(table).toHaveLength(Object.keys(MANEUVER_EFFECTS).length);
    const yes = (c: string | undefined): boolean => c === "yes";
    for (const [score, result, move, change, full, contact, compulsory, disorder, bad] of table) {
      const disordered = ["QUIT_FIELD", "BROKEN", "WAVERING", "SHAKEN", "RALLY_HALF_MOVE", "RALLY_ELAN"].includes(result ?? "");
      expect([score, maneuverResult(Number(score), disordered)]).toEqual([score, result]);
      const e = MANEUVER_EFFECTS[result as keyof typeof MANEUVER_EFFECTS];
      expect([result, e.move, e.mayChange, e.fullChangeAllowed, e.mayContact, e.compulsory, e.disorder, e.failsBadGoing]).toEqual([
        result, Number(move), yes(change), yes(full), yes(contact), compulsory, disorder, yes(bad),
      ]);
    }
  });

  it("FNF-MOVE-3, FNF-MAN-3: passage of lines costs 3\" (troops) or 6\" (guns); musket range 4\"; the 2\" rule", () => {
    expect([PASSAGE_OF_LINES.troops, PASSAGE_OF_LINES.guns, MUSKET_RANGE, TWO_INCH_RULE]).toEqual([3, 6, 4, 2]);
  });

  it("FNF-GEO-6: the FnF terrain kinds, every cell (shape, bad going, cover, defender's melee line, sight)", () => {
    // Each kind named in the table and its listed aliases; "–" for no melee line = 0.
    const table = cells(`
| kind | aliases | shape | bad going | cover | melee | sight |
| --- | --- | --- | --- | --- | --- | --- |
| rough | broken scrub marsh vineyards | area | yes | none | – | clear |
| woods | orchard | area | yes | soft | +1 | blocks |
| buildings | town village farm | area | yes | hard | +2 | blocks |
| hill | | area | no | none | +1 | clear |
| road | | line | no | none | – | clear |
| stream | | line | no | none | +1 | clear |
| deepStream | | line | no | none | +1 | clear |
| ford | | line | no | none | +1 | clear |
| hedge | fence ditch | line | no | soft | – | clear |
| stoneWall | | line | no | hard | +2 | clear |
| sunkenRoad | | line | no | hard | +2 | clear |
| works | trenches fieldworks entrenchments redoubt | line | no | entrenchments | +3 | clear |
| impassable | lake river cliff | area | no | none | – | clear |`);
    expect(table).toHaveLength(Object.keys(FNF_TERRAIN).length);
    for (const [kind, aliases, shape, bad, cover, melee, sight] of table) {
      const t = FNF_TERRAIN[kind as keyof typeof FNF_TERRAIN];
      expect([kind, t.shape, t.badGoing, t.cover, t.melee, t.blocksSight]).toEqual([kind, shape, bad === "yes", cover, melee === "–" ? 0 : modifier(melee), sight === "blocks"]);
      for (const alias of [kind, ...(aliases ?? "").split(" ").filter((a) => a !== "")]) {
        expect([alias, fnfKind({ kind: alias } as Parameters<typeof fnfKind>[0])]).toEqual([alias, kind]);
      }
    }
    expect(fnfKind({ kind: "cornfield" } as Parameters<typeof fnfKind>[0])).toBeNull();
  });

  it("WHN-ART-14: the location die, every face", () => {
    const [row] = cells(`
| D6 | 1 | 2 | 3 | 4 | 5 | 6 |
| --- | --- | --- | --- | --- | --- | --- |
| strikes | limber | horses | crew | crew | crew | gun |`);
    [1, 2, 3, 4, 5, 6].forEach((d, i) => expect([d, hitLocation(d)]).toEqual([d, row?.[i + 1]]));
  });

  it("WHN-FORM-1, WHN-MOVE-1 to WHN-MOVE-5, WHN-MOVE-7: march, wheel and speed of every formation", () => {
    // march: the multiple of M ("no": may not march); near enemy: may march within 8"; wheel: limit in
    // degrees ("any": within the allowance); speed: fraction of M; free: moves in any direction.
    const table = cells(`
| formation | march | near enemy | wheel | speed | free |
| --- | --- | --- | --- | --- | --- |
| MARCH_COLUMN | 3 | no | any | 1 | no |
| ATTACK_COLUMN | 2 | yes | any | 1 | no |
| LINE | no | no | 45 | 1 | no |
| SQUARE | no | no | 0 | 0.5 | yes |
| CAV_COLUMN | 2 | no | any | 1 | no |
| CAV_LINE | no | no | 45 | 1 | no |
| OPEN_ORDER | 2 | no | 45 | 1 | no |
| EXTENDED_ORDER | 2 | no | any | 1 | yes |
| LIMBERED | 2 | no | any | 1 | no |
| UNLIMBERED | no | no | any | 1 | no |`);
    for (const [formation, march, near, wheel, speed, free] of table) {
      const f = FORMATION_TABLE[formation as keyof typeof FORMATION_TABLE];
      expect([formation, f.march, f.marchNearEnemy, f.wheelLimit, f.speed, f.freeDirection]).toEqual([
        formation, march === "no" ? null : Number(march), near === "yes", wheel === "any" ? null : Number(wheel), Number(speed), free === "yes",
      ]);
    }
  });

  it("FNF-GEO-1: FnF base sizes, every cell (frontage × depth in mm)", () => {
    const table = cells(`
| base | mm |
| --- | --- |
| infantry | 40 × 30 |
| cavalry | 40 × 40 |
| skirmish | 60 × 40 |
| gunUnlimbered | 60 × 60 |
| heavyGunUnlimbered | 60 × 80 |
| footGunLimbered | 40 × 80 |
| horseGunLimbered | 40 × 120 |
| leader | 30 × 30 |`);
    expect(table).toHaveLength(Object.keys(FNF_BASES).length);
    for (const [base, mm] of table) {
      const [w, d] = (mm ?? "").split("×").map((x) => Number(x.trim()) / 25.4);
      const b = FNF_BASES[base as keyof typeof FNF_BASES];
      expect([base, b.w.toFixed(6), b.d.toFixed(6)]).toEqual([base, w?.toFixed(6), d?.toFixed(6)]);
    }
  });
});
