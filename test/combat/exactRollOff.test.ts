/** CORE-MUS-3 in the exact round distribution (found unreached by the sampled mutation run, #17). */
import { describe, expect, it } from "vitest";
import { roundOutcomes } from "../../src/rules/whn/combat/index.js";
import { duelInput, plainResult, victim } from "../fixtures/combatPlain.js";

describe("exact round distribution with two musicians", () => {
  it("CORE-MUS-3: a draw between two musicians is a roll-off: each side wins by 1 with half the draw's chance", () => {
    // Neither side can wound (no attacks): every round is a draw of 0 – 0, settled by the roll-off.
    const quiet = duelInput({ attacks: 0 }, { attacks: 0 }, {
      victims: [victim("a", 0, 20, { result: plainResult(20, { musicianFrom: 1 }) }), victim("b", 1, 20, { result: plainResult(20, { musicianFrom: 1 }) })],
    });
    const outs = roundOutcomes(quiet);
    expect(outs.map((o) => [o.p, o.verdict.winner, o.verdict.margin])).toEqual([
      [0.5, 0, 1],
      [0.5, 1, 1],
    ]);
    // Without the option the draw stands, with all the chance.
    const draw = roundOutcomes({ ...quiet, options: { ...quiet.options, bothMusiciansRollOff: false } });
    expect(draw.map((o) => [o.p, o.verdict.winner])).toEqual([[1, null]]);
  });
});
