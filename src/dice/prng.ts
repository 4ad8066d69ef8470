/**
 * Integer primitives behind the seeded dice: the sfc32 generator, seeding by
 * splitmix32 (numbers) or a 128-bit string hash, and stream forking.
 *
 * Everything here is 32-bit integer arithmetic on plain numbers (`| 0`, `>>> 0`,
 * `Math.imul`) so the sequence is identical on every JavaScript engine, forever.
 * Any change to an output of this file changes saved replays: a major version.
 */

/** The four 32-bit words of an sfc32 generator: `[a, b, c, counter]`, each a uint32. */
export type Sfc32Words = readonly [number, number, number, number];

/** 2^32, the number of distinct uint32 values. */
export const UINT32_RANGE = 4294967296;

/**
 * Rounds discarded after seeding. The seeders already mix well; the warm-up makes
 * nearby seeds (1, 2, 3…) and nearby fork indices diverge completely before the
 * first die is rolled.
 */
const WARM_UP_ROUNDS = 12;

/** Domain tags keep a fork's hash input apart from any seed's. */
const FORK_TAG = 0x666f726b; // "fork"

/** Murmur3's 32-bit finaliser: a bijection on uint32 with full avalanche. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Mutable sfc32 words used only while seeding (the roller keeps its own fields). */
type Words = [number, number, number, number];

/** One sfc32 step on a scratch array; returns the output word (uint32). */
function sfc32Step(w: Words): number {
  const a = w[0], b = w[1], c = w[2], d = w[3];
  const t = (((a + b) | 0) + d) | 0;
  w[0] = b ^ (b >>> 9);
  w[1] = (c + (c << 3)) | 0;
  w[2] = (((c << 21) | (c >>> 11)) + t) | 0;
  w[3] = (d + 1) | 0;
  return t >>> 0;
}

/** Runs the warm-up and returns canonical uint32 words. */
function warmUp(w: Words): Sfc32Words {
  for (let i = 0; i < WARM_UP_ROUNDS; i++) sfc32Step(w);
  return [w[0] >>> 0, w[1] >>> 0, w[2] >>> 0, w[3] >>> 0];
}

/** Next output of a splitmix32 stream whose running state is `state` (already advanced). */
function splitmix32Output(state: number): number {
  let z = state;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  z ^= z >>> 15;
  return z >>> 0;
}

const GOLDEN_GAMMA = 0x9e3779b9;

/**
 * Seeds sfc32 from a safe integer. The low word drives a splitmix32 stream for all
 * four words; the high word (non-zero only beyond 2^32 or for negative seeds) is
 * folded into the counter word, so distinct safe integers give distinct states.
 */
export function sfc32FromInteger(seed: number): Sfc32Words {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / UINT32_RANGE) >>> 0;
  let s = lo;
  const w: Words = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++) {
    s = (s + GOLDEN_GAMMA) | 0;
    w[i] = splitmix32Output(s);
  }
  w[3] = (w[3] ^ hi) | 0;
  return warmUp(w);
}

/** Rotates a 32-bit word left by `r` bits. */
function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

/**
 * A 128-bit non-cryptographic hash of a sequence of words (string code units, or
 * uint32 state words). Four lanes each absorb every word with a distinct odd
 * multiplier and a rotation (so high bits reach low bits), each lane also takes
 * its neighbour, and the length is folded in so prefixes and zero-padding differ.
 */
function hash128(words: ArrayLike<number> | string): Words {
  let a = 0x243f6a88, b = 0x85a308d3, c = 0x13198a2e, d = 0x03707344; // digits of pi
  const n = words.length;
  for (let i = 0; i < n; i++) {
    const k = typeof words === "string" ? words.charCodeAt(i) : (words[i] ?? 0);
    a = b ^ rotl(Math.imul(a ^ k, 0x9e3779b1), 13);
    b = c ^ rotl(Math.imul(b ^ k, 0x85ebca77), 17);
    c = d ^ rotl(Math.imul(c ^ k, 0xc2b2ae3d), 11);
    d = a ^ rotl(Math.imul(d ^ k, 0x27d4eb2f), 19);
  }
  a ^= n;
  a = fmix32(a ^ d);
  b = fmix32(b ^ a);
  c = fmix32(c ^ b);
  d = fmix32(d ^ c);
  a = fmix32(a ^ d);
  return [a | 0, b | 0, c | 0, d | 0];
}

/** Seeds sfc32 from a string (hashed by UTF-16 code unit). */
export function sfc32FromString(seed: string): Sfc32Words {
  return warmUp(hash128(seed));
}

/**
 * Words of an independent child stream: a hash of the parent's current words and
 * the stream index. The parent is not advanced, so the child does not depend on
 * what the parent rolls later.
 */
export function sfc32Fork(parent: Sfc32Words, streamIndex: number): Sfc32Words {
  const lo = streamIndex >>> 0;
  const hi = Math.floor(streamIndex / UINT32_RANGE) >>> 0;
  return warmUp(hash128([FORK_TAG, parent[0], parent[1], parent[2], parent[3], lo, hi]));
}
