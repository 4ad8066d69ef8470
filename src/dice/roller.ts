/**
 * The mutable roller used inside one action: created from a {@link DiceState},
 * rolled, then snapshotted back into the battle state (or discarded).
 */
import { ARTILLERY_FACES, SCATTER_HIT, SCATTER_HIT_MAX_D6 } from "./faces.js";
import type { ArtilleryFace, ScatterFace } from "./faces.js";
import { UINT32_RANGE } from "./prng.js";
import { FusilladeError } from "../engine/violation.js";
import { kindOf } from "../engine/args.js";
import { checkDiceState, prngState, scriptedState } from "./state.js";
import type { DiceState } from "./state.js";

/** A roller over one dice state. Every method advances it; `snapshot()` reads it back as data. */
export interface Dice {
  /** One D6, 1..6, unbiased. */
  d6(): number;
  /** The sum of `n` D6 (0 for n = 0). */
  nd6(n: number): number;
  /** A D3: one D6 read 1-2→1, 3-4→2, 5-6→3. */
  d3(): number;
  /** The sum of two D3 (2..6). */
  twoD3(): number;
  /** The artillery die (one D6): 1→2, 2→4, 3→6, 4→8, 5→10, 6→"MISFIRE". */
  artillery(): ArtilleryFace;
  /** The scatter die (one D6): 1-2 → HIT; 3-6 → ARROW, whose angle is then drawn with `angle()`. */
  scatter(): ScatterFace;
  /** A direction in degrees, uniform on [0, 360) (CORE-GEO-30). */
  angle(): number;
  /** A roll-off: each side rolls a D6 (first side's die first), ties re-rolled, higher wins. */
  rollOff(): "first" | "second";
  /** D6 faces plus angles drawn since the stream began (carried over from the state). */
  readonly draws: number;
  /** The dice state after everything rolled so far. */
  snapshot(): DiceState;
}

/**
 * Thrown by scripted dice asked for more values than the script holds: a {@link FusilladeError}
 * with code `dice/script_exhausted`.
 */
export class DiceScriptExhaustedError extends FusilladeError {
  /** Which queue ran out. */
  readonly kind: "d6" | "angle";
  /** How many values had been drawn from the stream when it ran out. */
  readonly draws: number;

  constructor(kind: "d6" | "angle", draws: number) {
    const queue = kind === "angle" ? "angle" : "d6";
    const count = typeof draws === "number" ? draws : Number.NaN;
    super("dice/script_exhausted", `scripted dice: the ${queue === "d6" ? "d6" : "angles"} script is exhausted (after ${count} draws)`);
    this.name = "DiceScriptExhaustedError";
    this.kind = queue;
    this.draws = count;
  }
}

/**
 * Largest multiple of 6 not above 2^32: raw words at or above it are rejected so
 * that `u % 6` is exactly uniform.
 */
const D6_LIMIT = UINT32_RANGE - (UINT32_RANGE % 6);

/** Degrees per raw word step: 360 / 2^32 = 45 / 2^29, exact in a double, so `u * DEG` is exact. */
const DEGREES_PER_STEP = 360 / UINT32_RANGE;

function checkCount(n: number): void {
  if (!Number.isInteger(n) || n < 0) {
    throw new FusilladeError("engine/misuse", `Dice.nd6: the number of dice must be a non-negative integer, got ${kindOf(n)}`);
  }
}

/** The rolls every roller reads off its own D6 and angle draws (one place for both rollers). */
abstract class DiceBase implements Dice {
  abstract draws: number;
  abstract d6(): number;
  abstract angle(): number;
  abstract snapshot(): DiceState;

  nd6(n: number): number {
    checkCount(n);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += this.d6();
    return sum;
  }

  d3(): number {
    return (this.d6() + 1) >> 1;
  }

  twoD3(): number {
    return this.d3() + this.d3();
  }

  artillery(): ArtilleryFace {
    return ARTILLERY_FACES[this.d6() - 1] as ArtilleryFace;
  }

  scatter(): ScatterFace {
    return this.d6() <= SCATTER_HIT_MAX_D6 ? SCATTER_HIT : { kind: "ARROW", angle: this.angle() };
  }

  rollOff(): "first" | "second" {
    for (;;) {
      const first = this.d6();
      const second = this.d6();
      if (first > second) return "first";
      if (second > first) return "second";
    }
  }
}

/** sfc32 roller. State lives in four int32 fields; nothing is allocated per roll. */
class PrngDice extends DiceBase {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  draws: number;

  constructor(s: readonly [number, number, number, number], draws: number) {
    super();
    this.a = s[0] | 0;
    this.b = s[1] | 0;
    this.c = s[2] | 0;
    this.d = s[3] | 0;
    this.draws = draws;
  }

  /** One sfc32 step: the output is a + b + counter (pre-increment), as in the reference. */
  private next(): number {
    const a = this.a, b = this.b, c = this.c, d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    this.d = (d + 1) | 0;
    return t >>> 0;
  }

  d6(): number {
    let u = this.next();
    while (u >= D6_LIMIT) u = this.next();
    this.draws++;
    return (u % 6) + 1;
  }

  angle(): number {
    const u = this.next();
    this.draws++;
    return u * DEGREES_PER_STEP;
  }

  snapshot(): DiceState {
    return prngState([this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0], this.draws);
  }
}

/** Scripted roller: reads its queues in order and throws once one runs dry. */
class ScriptedDice extends DiceBase {
  private nextD6 = 0;
  private nextAngle = 0;
  draws: number;

  constructor(
    private readonly d6Queue: readonly number[],
    private readonly angleQueue: readonly number[],
    draws: number,
  ) {
    super();
    this.draws = draws;
  }

  d6(): number {
    const v = this.d6Queue[this.nextD6];
    if (v === undefined) throw new DiceScriptExhaustedError("d6", this.draws);
    this.nextD6++;
    this.draws++;
    return v;
  }

  angle(): number {
    const v = this.angleQueue[this.nextAngle];
    if (v === undefined) throw new DiceScriptExhaustedError("angle", this.draws);
    this.nextAngle++;
    this.draws++;
    return v;
  }

  snapshot(): DiceState {
    return scriptedState(this.d6Queue.slice(this.nextD6), this.angleQueue.slice(this.nextAngle), this.draws);
  }
}

/**
 * A roller continuing from `state`. The state itself is never changed; call
 * `snapshot()` for the state after the rolls. Throws a FusilladeError (`engine/misuse`) for a malformed
 * state (a programmer error, e.g. a corrupted save).
 */
export function roller(state: DiceState): Dice {
  checkDiceState(state, "roller");
  return state.kind === "prng"
    ? new PrngDice(state.s, state.draws)
    : new ScriptedDice(state.d6, state.angles, state.draws);
}
