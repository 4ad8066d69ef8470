/**
 * The outside check of `loadState` (test/trust/outsideCheck.ts): states reached by legal play with
 * one field changed at random either fail to load, or are playable — something is listed unless
 * the battle is over, listed actions apply without throwing, and what they return loads.
 *
 * `npm test` runs a fixed-seed slice; `OUTSIDE_RUNS=5000 [OUTSIDE_SEED=7] [OUTSIDE_POOL=60]` runs longer
 * (figures of recorded runs: docs/guides/trust.md, fifth session).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { BattleState } from "../../src/index.js";
import { Rng } from "../../src/trust/fuzz/rng.js";
import { applyUnknown, legalActions } from "../../src/index.js";
import { checkMutated, mutateOneField, playedPool } from "./outsideCheck.js";

const RUNS = Number(process.env["OUTSIDE_RUNS"] ?? 60);
const SEED = Number(process.env["OUTSIDE_SEED"] ?? 23);
const POOL = Number(process.env["OUTSIDE_POOL"] ?? 8);
const PLAY_ON = Number(process.env["OUTSIDE_PLAY_ON"] ?? 5);

describe("outside check: random one-field edits of played states", () => {
  it(
    "CORE-TURN-2: a state reached by legal play with one field changed either fails to load or can be played on (listed actions apply, their results load)",
    () => {
      const pool: BattleState[] = playedPool(POOL, 12, SEED);
      expect(pool.length).toBe(POOL);
      const tally = { refused: 0, playable: 0, applied: 0 };
      fc.assert(
        fc.property(fc.nat(pool.length - 1), fc.nat(), (which, seed) => {
          const rng = new Rng(seed);
          const m = mutateOneField(pool[which]!, rng);
          if (m === null) return;
          const v = checkMutated(m.json, 4, rng, PLAY_ON);
          if (v.kind === "failed") expect.fail(`${m.what}: ${v.why}`);
          if (v.kind === "refused") tally.refused++;
          else {
            tally.playable++;
            tally.applied += v.applied;
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
      if (process.env["OUTSIDE_RUNS"] !== undefined) console.log(`outside check: ${RUNS} edits of ${pool.length} played states: ${tally.refused} refused at load, ${tally.playable} loaded and playable, ${tally.applied} listed actions applied and reloaded`);
      // The edits must reach both outcomes, or the check tests nothing.
      expect(tally.refused).toBeGreaterThan(0);
      expect(tally.playable).toBeGreaterThan(0);
    },
    600_000,
  );

  it("CORE-TURN-2: the check fails a loadable state with nothing listed, a listed action that throws or is refused, and a result that does not load", () => {
    const [s] = playedPool(1, 1, 3);
    const json = JSON.parse(JSON.stringify(s));
    const rng = new Rng(1);
    expect(checkMutated(json, 4, rng).kind).toBe("playable");
    expect(checkMutated(json, 4, rng, 0, { legalActions: () => [], applyUnknown })).toMatchObject({ kind: "failed", why: expect.stringMatching(/^stuck: nothing listed/) });
    const boom = (): never => {
      throw new RangeError("boom");
    };
    expect(checkMutated(json, 4, rng, 0, { legalActions, applyUnknown: boom })).toMatchObject({ kind: "failed", why: expect.stringMatching(/threw: RangeError: boom$/) });
    const refuse: typeof applyUnknown = () => ({ ok: false, violation: { code: "x/y", rule: null } as never });
    expect(checkMutated(json, 4, rng, 0, { legalActions, applyUnknown: refuse })).toMatchObject({ kind: "failed", why: expect.stringMatching(/refused: x\/y$/) });
    const unloadable: typeof applyUnknown = (st, a) => {
      const r = applyUnknown(st, a);
      return r.ok ? { ...r, state: { ...r.state, units: { ...r.state.units, ghost: { ...Object.values(r.state.units)[0]!, id: "ghost", position: { x: -50, y: -50 } } } } } : r;
    };
    expect(checkMutated(json, 4, rng, 0, { legalActions, applyUnknown: unloadable })).toMatchObject({ kind: "failed", why: expect.stringMatching(/does not load: unit.placedOnTable at units.ghost.position/) });
  });
});
