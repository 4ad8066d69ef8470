/**
 * The hand-written mutable baseline for one WHN musket volley, as a fast loop with no library code:
 * 20 musket shots at BS 3 against a 24-model formed unit at T 3 with no save, then the regulars'
 * 10 % Panic test (2D6 against Ld 7). Uses its own inline sfc32 so it measures only the arithmetic.
 */
export function makeBaselineVolley(seed: number): () => number {
  let a = seed >>> 0;
  let b = 0x9e3779b9;
  let c = 0x243f6a88;
  let d = 1;
  const u32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  const LIMIT = 4294967296 - (4294967296 % 6);
  const d6 = (): number => {
    for (;;) {
      const x = u32();
      if (x < LIMIT) return (x % 6) + 1;
    }
  };
  for (let i = 0; i < 12; i++) u32();
  return () => {
    let figures = 24;
    let casualties = 0;
    for (let s = 0; s < 20; s++) {
      if (d6() >= 4 && d6() >= 4 && figures > 0) {
        figures--;
        casualties++;
      }
    }
    let order = 0;
    if (casualties >= 2.4) {
      if (d6() + d6() > 7) order = 1;
    }
    return figures * 2 + order;
  };
}
