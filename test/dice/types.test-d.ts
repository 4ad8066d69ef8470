import { describe, expectTypeOf, it } from "vitest";
import type { ArtilleryFace, Dice, DiceState, ScatterFace } from "../../src/dice/index.js";
import { roller, seedDice } from "../../src/dice/index.js";

describe("dice types", () => {
  it("the artillery die's type derives from its faces", () => {
    expectTypeOf<ArtilleryFace>().toEqualTypeOf<2 | 4 | 6 | 8 | 10 | "MISFIRE">();
  });

  it("a scatter face narrows on kind", () => {
    expectTypeOf<Extract<ScatterFace, { kind: "ARROW" }>["angle"]>().toEqualTypeOf<number>();
  });

  it("dice state is readonly data", () => {
    const state = seedDice(1);
    if (state.kind === "prng") {
      // @ts-expect-error the generator words cannot be mutated
      state.s[0] = 1;
    }
    // @ts-expect-error draws cannot be reassigned
    state.draws = 3;
    expectTypeOf(roller).returns.toEqualTypeOf<Dice>();
    expectTypeOf<Dice["snapshot"]>().returns.toEqualTypeOf<DiceState>();
  });
});
