// mulberry32: a small seeded generator of numbers in [0, 1), for choices outside the battle (a
// script's samples, a test bot's or the playground bots' picks; never the battle's dice, which live
// in the state). One copy for scripts/mutate-sample.mjs, test/browser/play.ts and the playground page
// (its bundle re-exports it: scripts/build-playground.ts).

/**
 * A generator seeded by the low 32 bits of `seed`.
 * @param {number} seed
 * @returns {() => number}
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
