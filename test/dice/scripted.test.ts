import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FusilladeError } from "../../src/engine/violation.js";
import { DiceScriptExhaustedError, artilleryFaceOf, d3Of, isScatterHit, roller, scriptedDice } from "../../src/dice/index.js";
import { fcParams } from "./fc-params.js";

const faceArb = fc.integer({ min: 1, max: 6 });
const angleArb = fc.double({ min: 0, max: 360, maxExcluded: true, noNaN: true });

function catchError(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
}

describe("scripted dice", () => {
  it("return exactly the script, then throw DiceScriptExhaustedError", () => {
    fc.assert(
      fc.property(fc.array(faceArb, { maxLength: 40 }), fc.array(angleArb, { maxLength: 10 }), (faces, angles) => {
        const dice = roller(scriptedDice(faces, angles));
        expect(faces.map(() => dice.d6())).toEqual(faces);
        expect(angles.map(() => dice.angle())).toEqual(angles);
        expect(dice.draws).toBe(faces.length + angles.length);
        const d6Error = catchError(() => dice.d6());
        expect(d6Error).toBeInstanceOf(DiceScriptExhaustedError);
        expect(d6Error).toBeInstanceOf(Error);
        expect((d6Error as DiceScriptExhaustedError).kind).toBe("d6");
        const angleError = catchError(() => dice.angle());
        expect((angleError as DiceScriptExhaustedError).kind).toBe("angle");
        expect(dice.snapshot()).toEqual({ kind: "scripted", d6: [], angles: [], draws: faces.length + angles.length });
      }),
      fcParams(),
    );
  });

  it("the snapshot holds the remaining queues and continues them", () => {
    fc.assert(
      fc.property(fc.array(faceArb, { maxLength: 30 }), fc.nat(30), (faces, k) => {
        const used = Math.min(k, faces.length);
        const dice = roller(scriptedDice(faces));
        for (let i = 0; i < used; i++) dice.d6();
        const snap = dice.snapshot();
        expect(snap).toEqual({ kind: "scripted", d6: faces.slice(used), angles: [], draws: used });
        const revived = roller(JSON.parse(JSON.stringify(snap)) as typeof snap);
        expect(faces.slice(used).map(() => revived.d6())).toEqual(faces.slice(used));
      }),
      fcParams(),
    );
  });

  it("reject values outside 1..6 and angles outside [0, 360) as programmer errors", () => {
    for (const bad of [0, 7, 2.5, Number.NaN, -1]) expect(() => scriptedDice([1, bad])).toThrow(FusilladeError);
    for (const bad of [-1, 360, Number.NaN, Infinity]) expect(() => scriptedDice([], [bad])).toThrow(FusilladeError);
  });

  it("do not alias the caller's arrays", () => {
    const faces = [1, 2, 3];
    const state = scriptedDice(faces);
    faces[0] = 6;
    expect(roller(state).d6()).toBe(1);
  });

  it("CORE-GEO-30: artillery die faces are 2, 4, 6, 8, 10, MISFIRE for D6 1..6", () => {
    const dice = roller(scriptedDice([1, 2, 3, 4, 5, 6]));
    expect([1, 2, 3, 4, 5, 6].map(() => dice.artillery())).toEqual([2, 4, 6, 8, 10, "MISFIRE"]);
    expect([1, 2, 3, 4, 5, 6].map(artilleryFaceOf)).toEqual([2, 4, 6, 8, 10, "MISFIRE"]);
  });

  it("CORE-GEO-30: the scatter die is HIT on 1-2; an ARROW then takes the scripted angle", () => {
    const dice = roller(scriptedDice([1, 2, 3, 6], [90, 271.5]));
    expect(dice.scatter()).toEqual({ kind: "HIT" });
    expect(dice.scatter()).toEqual({ kind: "HIT" });
    expect(dice.scatter()).toEqual({ kind: "ARROW", angle: 90 });
    expect(dice.scatter()).toEqual({ kind: "ARROW", angle: 271.5 });
    expect([1, 2, 3, 4, 5, 6].map(isScatterHit)).toEqual([true, true, false, false, false, false]);
  });

  it("an ARROW with no scripted angle left throws an angle exhaustion", () => {
    const dice = roller(scriptedDice([4]));
    expect((catchError(() => dice.scatter()) as DiceScriptExhaustedError).kind).toBe("angle");
  });

  it("a D3 reads 1-2→1, 3-4→2, 5-6→3; 2D3 adds two of them", () => {
    const dice = roller(scriptedDice([1, 2, 3, 4, 5, 6, 1, 6, 6, 6]));
    expect([1, 2, 3, 4, 5, 6].map(() => dice.d3())).toEqual([1, 1, 2, 2, 3, 3]);
    expect([1, 2, 3, 4, 5, 6].map(d3Of)).toEqual([1, 1, 2, 2, 3, 3]);
    expect(dice.twoD3()).toBe(4);
    expect(dice.twoD3()).toBe(6);
  });

  it("nd6 sums the next n values", () => {
    expect(roller(scriptedDice([6, 5, 1])).nd6(3)).toBe(12);
  });

  it("a roll-off re-rolls ties, the first side's die first", () => {
    const dice = roller(scriptedDice([3, 3, 6, 6, 2, 5, 4, 1]));
    expect(dice.rollOff()).toBe("second");
    expect(dice.draws).toBe(6);
    expect(dice.rollOff()).toBe("first");
  });

  it("face helpers reject non-faces", () => {
    expect(() => artilleryFaceOf(0)).toThrow(FusilladeError);
    expect(() => d3Of(7)).toThrow(FusilladeError);
    expect(() => isScatterHit(1.5)).toThrow(FusilladeError);
  });
});
