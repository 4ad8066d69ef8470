import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createBattle, formatInputError, type BattleState, type UnitSetup } from "../../src/index.js";
import {
  NATIONS,
  TROOPS,
  TROOP_KINDS,
  cavalryRegiment,
  defaultFiles,
  footBattery,
  horseBattery,
  infantryBattalion,
  type Nation,
} from "../../src/presets/index.js";
import { canAdopt, shapeOk } from "../../src/rules/whn/movement/formations.js";

/** Every preset of one nation, placed apart on the table, for side `side`. */
function armyOf(nation: Nation, side: string, y: number): UnitSetup[] {
  // Two rows of five, 14" apart across and 11" deep, so no two footprints overlap.
  const at = (i: number) => ({ x: 6 + (i % 5) * 14, y: y + Math.floor(i / 5) * 11 });
  return [
    infantryBattalion({ nation, side, id: `${side}-line`, at: at(0) }),
    infantryBattalion({ nation, side, id: `${side}-light`, kind: "light", at: at(1) }),
    infantryBattalion({ nation, side, id: `${side}-gren`, kind: "grenadiers", formation: "LINE", at: at(2) }),
    infantryBattalion({ nation, side, id: `${side}-rifles`, kind: "rifles", at: at(3) }),
    cavalryRegiment({ nation, side, id: `${side}-hus`, at: at(4) }),
    cavalryRegiment({ nation, side, id: `${side}-drag`, kind: "dragoons", formation: "CAV_COLUMN", at: at(5) }),
    cavalryRegiment({ nation, side, id: `${side}-cuir`, kind: "cuirassiers", at: at(6) }),
    cavalryRegiment({ nation, side, id: `${side}-lance`, kind: "lancers", at: at(7) }),
    footBattery({ nation, side, id: `${side}-foot`, gun: "heavy", at: at(8) }),
    horseBattery({ nation, side, id: `${side}-horse`, at: at(9) }),
  ];
}

function battle(a: Nation, b: Nation): BattleState {
  const r = createBattle({
    seed: 1,
    sides: [{ id: "a", name: a, nation: a }, { id: "b", name: b, nation: b }],
    units: [...armyOf(a, "a", 10), ...armyOf(b, "b", 33)],
  });
  if (!r.ok) throw new Error(formatInputError(r.error));
  return r.value;
}

describe("army presets", () => {
  it("WHN-PROF-1: the line infantry preset is the specification's example infantryman", () => {
    expect(TROOPS.lineInfantry.profile).toEqual({ M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 6 });
    expect(TROOPS.lineInfantry.source.profile).toContain("WHN-PROF-1");
  });

  it("notes the source of every figure of every troop type", () => {
    for (const kind of TROOP_KINDS) {
      const s = TROOPS[kind].source;
      for (const note of [s.profile, s.equipment, s.figures]) expect(note).toMatch(/(WHN|CORE)-[A-Z]+-\d+|engine default/);
    }
  });

  it.each(NATIONS.map((n) => [n]))("every troop type of the %s army makes a valid battle in a legal formation", (nation) => {
    const s = battle(nation, nation === "british" ? "french" : "british");
    expect(Object.keys(s.units)).toHaveLength(20);
    for (const u of Object.values(s.units)) expect(shapeOk(u), `${u.id} in ${u.formation} with ${u.files} files`).toBe(true);
  });

  it("infantryBattalion({ nation, quality, figures }) needs nothing more", () => {
    const u = infantryBattalion({ nation: "french", quality: "veteran", figures: 24 });
    expect(u).toMatchObject({ troopType: "infantry", quality: "VETERAN", figures: 24, formation: "ATTACK_COLUMN", files: 4, side: "french" });
    expect(u.equipment).toMatchObject({ missile: "musket", melee: "musketBayonet" });
    expect(u.command).toEqual({ leader: true, standard: true, musician: true });
  });

  it("WHN-CC-7: cuirassiers wear breastplates (heavy armour); WHN-CC-1: lancers carry lances", () => {
    expect(cavalryRegiment({ nation: "french", kind: "cuirassiers" }).equipment).toMatchObject({ armour: "heavy", melee: "sabre" });
    expect(cavalryRegiment({ nation: "austrian", kind: "lancers" }).equipment).toMatchObject({ melee: "lance" });
  });

  it("WHN-SKIRM-1: rifles are light troops designated for extended order; line infantry are not light", () => {
    const rifles = infantryBattalion({ nation: "british", kind: "rifles" });
    expect(rifles).toMatchObject({ light: true, extendedOrderAllowed: true, formation: "OPEN_ORDER" });
    expect(rifles.equipment).toMatchObject({ missile: "rifle", melee: "rifleSwordBayonet" });
    expect(infantryBattalion({ nation: "russian" }).light).toBe(false);
  });

  it("WHN-ART-2: a battery has 4 crew and an artillery record (AMB-39); WHN-ART-12: British guns fire shell", () => {
    const gb = footBattery({ nation: "british" });
    expect(gb).toMatchObject({ troopType: "artillery", figures: 4, formation: "UNLIMBERED", files: 1 });
    expect(gb.artillery).toMatchObject({ gun: "medium", arm: "foot", british: true });
    const fr = horseBattery({ nation: "french", gun: "howitzer" });
    expect(fr).toMatchObject({ formation: "LIMBERED", figures: 4 });
    expect(fr.artillery).toMatchObject({ gun: "howitzer", arm: "horse", british: false });
    expect(fr.command).toEqual({ leader: false, standard: false, musician: false });
  });

  it("WHN-ART-1: heavy guns are never horse artillery", () => {
    expect(() => horseBattery({ nation: "prussian", gun: "heavy" as "light" })).toThrow(/WHN-ART-1/);
  });

  it("refuses a figure count that is not a positive whole number", () => {
    expect(() => infantryBattalion({ nation: "spanish", figures: 0 })).toThrow(/infantryBattalion: figures/);
  });

  it("WHN-FORM-1: defaultFiles gives a shape every formation accepts, for any unit size", () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 80 }), fc.constantFrom("LINE", "ATTACK_COLUMN", "MARCH_COLUMN", "SQUARE", "OPEN_ORDER", "EXTENDED_ORDER", "CAV_LINE", "CAV_COLUMN"), (n, f) => {
        const cav = f.startsWith("CAV");
        const setup = cav ? cavalryRegiment({ nation: "french", figures: n }) : infantryBattalion({ nation: "french", kind: "rifles", figures: n });
        const r = createBattle({ seed: 1, sides: [{ id: "french", name: "F" }, { id: "x", name: "X" }], units: [setup] });
        if (!r.ok) throw new Error(formatInputError(r.error));
        const u = Object.values(r.value.units)[0]!;
        expect(canAdopt(u, f, defaultFiles(f, n))).toBeNull();
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});
