/**
 * The dice state as plain JSON data, stored inside the battle state so reducers
 * stay pure and a battle replays from seed + actions.
 */
import { sfc32Fork, sfc32FromInteger, sfc32FromString } from "./prng.js";
import { badArg, readingArg } from "../engine/args.js";

/** Plain-data dice state stored inside the battle state. */
export type DiceState =
  | {
      readonly kind: "prng";
      readonly algorithm: "sfc32";
      readonly s: readonly [number, number, number, number];
      readonly draws: number;
    }
  | {
      readonly kind: "scripted";
      readonly d6: readonly number[];
      readonly angles: readonly number[];
      readonly draws: number;
    };

/** The PRNG variant of {@link DiceState}. */
export type PrngDiceState = Extract<DiceState, { kind: "prng" }>;
/** The scripted variant of {@link DiceState}. */
export type ScriptedDiceState = Extract<DiceState, { kind: "scripted" }>;

/** Builds a frozen PRNG state from four uint32 words. */
export function prngState(s: readonly [number, number, number, number], draws: number): PrngDiceState {
  return Object.freeze({
    kind: "prng",
    algorithm: "sfc32",
    s: Object.freeze([s[0], s[1], s[2], s[3]] as const),
    draws,
  });
}

/** Builds a frozen scripted state (queues are copied; callers validate). */
export function scriptedState(d6: readonly number[], angles: readonly number[], draws: number): ScriptedDiceState {
  return Object.freeze({
    kind: "scripted",
    d6: Object.freeze(d6.slice()),
    angles: Object.freeze(angles.slice()),
    draws,
  });
}

/**
 * Seeds a PRNG dice state. Safe-integer seeds go through splitmix32, string seeds
 * through a 128-bit hash of their UTF-16 code units. The mapping is pinned by the
 * golden tests: changing it breaks saved replays.
 */
export function seedDice(seed: number | string): DiceState {
  if (typeof seed === "string") return prngState(sfc32FromString(seed), 0);
  if (typeof seed !== "number" || !Number.isSafeInteger(seed)) throw badArg("seedDice", "seed", "a string or a safe integer", seed);
  return prngState(sfc32FromInteger(seed), 0);
}

/** Throws a FusilladeError (`engine/misuse`) unless both are arrays, every scripted D6 an integer 1..6 and every angle in [0, 360). */
export function checkScript(d6: readonly number[], angles: readonly number[], api: string): void {
  if (!Array.isArray(d6)) throw badArg(api, "d6", "an array", d6);
  if (!Array.isArray(angles)) throw badArg(api, "angles", "an array", angles);
  readingArg(api, "the script", () => {
    for (let i = 0; i < d6.length; i++) {
      const v = d6[i];
      if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > 6) throw badArg(api, `d6[${i}]`, "an integer 1..6", v);
    }
    for (let i = 0; i < angles.length; i++) {
      const v = angles[i];
      if (typeof v !== "number" || !(v >= 0 && v < 360)) throw badArg(api, `angles[${i}]`, "a number in [0, 360)", v);
    }
  });
}

/**
 * Scripted dice for tests: each D6 roll takes the next value of `d6`, each random
 * direction the next value of `angles` (degrees). Values are listed in the order
 * the rules consume them.
 */
export function scriptedDice(d6: readonly number[], angles: readonly number[] = []): DiceState {
  checkScript(d6, angles, "scriptedDice");
  return scriptedState(d6, angles, 0);
}

function isUint32(v: unknown): boolean {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 4294967296;
}

/** Throws a FusilladeError (`engine/misuse`) naming `api` when `state` is not a well-formed {@link DiceState}. */
export function checkDiceState(state: DiceState, api: string): void {
  if (typeof state !== "object" || state === null) throw badArg(api, "the dice state", "an object", state);
  try {
    checkDice(state, api);
  } catch (e) {
    // A getter or Proxy trap that throws, or a field of the wrong type: the one error type.
    readingArg(api, "the dice state", () => {
      throw e;
    });
  }
}

function checkDice(state: DiceState, api: string): void {
  if (!Number.isSafeInteger(state.draws) || state.draws < 0) throw badArg(api, "the dice state's draws", "a non-negative integer", state.draws);
  if (state.kind === "prng") {
    const s = state.s;
    if (state.algorithm !== "sfc32" || !Array.isArray(s) || s.length !== 4 || !(isUint32(s[0]) && isUint32(s[1]) && isUint32(s[2]) && isUint32(s[3]))) {
      throw badArg(api, "a prng dice state", 'algorithm "sfc32" with four uint32 words in s', state);
    }
    return;
  }
  if (state.kind === "scripted") return checkScript(state.d6, state.angles, api);
  throw badArg(api, "the dice state's kind", '"prng" or "scripted"', (state as { kind: unknown }).kind);
}

/**
 * Derives an independent child stream (bots' search copies, Monte Carlo streams,
 * workers). The child depends only on the parent's current state and `streamIndex`,
 * not on anything the parent rolls later; its `draws` start at 0. A scripted state
 * has no randomness to split: its child replays the parent's remaining script.
 */
export function forkDice(state: DiceState, streamIndex: number): DiceState {
  checkDiceState(state, "forkDice");
  if (!Number.isSafeInteger(streamIndex) || streamIndex < 0) throw badArg("forkDice", "streamIndex", "a non-negative safe integer", streamIndex);
  if (state.kind === "scripted") return scriptedState(state.d6, state.angles, 0);
  return prngState(sfc32Fork(state.s, streamIndex), 0);
}
