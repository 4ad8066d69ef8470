/**
 * Bit patterns of math functions on seeded inputs, computed the same way in Node and in the
 * browser: src/math (which must agree everywhere) and the engine's own `Math.*` (which does not,
 * and whose disagreement the test reports as a figure).
 */
import type * as Det from "../../src/math/index.js";
import { botRandom } from "./play.js";

/** The functions probed, each on its own inputs. */
export const PROBED = ["sin", "cos", "atan2", "hypot", "exp", "log"] as const;

/** Per function, the 16-hex-digit bits of each output. */
export type ProbeBits = Record<(typeof PROBED)[number], string[]>;

const bits = (v: number): string => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  return view.getUint32(0).toString(16).padStart(8, "0") + view.getUint32(4).toString(16).padStart(8, "0");
};

type Impl = { sin: (d: number) => number; cos: (d: number) => number; atan2: (y: number, x: number) => number; hypot: (x: number, y: number) => number; exp: (x: number) => number; log: (x: number) => number };

function probe(impl: Impl, n: number, seed: number): ProbeBits {
  const random = botRandom(seed);
  const out: ProbeBits = { sin: [], cos: [], atan2: [], hypot: [], exp: [], log: [] };
  for (let i = 0; i < n; i++) {
    const deg = (random() - 0.5) * 720;
    const y = (random() - 0.5) * 96;
    const x = (random() - 0.5) * 96;
    out.sin.push(bits(impl.sin(deg)));
    out.cos.push(bits(impl.cos(deg)));
    out.atan2.push(bits(impl.atan2(y, x)));
    out.hypot.push(bits(impl.hypot(x, y)));
    out.exp.push(bits(impl.exp((random() - 0.5) * 40)));
    out.log.push(bits(impl.log(random() * 1000 + 1e-9)));
  }
  return out;
}

/** src/math on `n` seeded inputs. */
export function deterministicProbe(M: typeof Det, n: number, seed: number): ProbeBits {
  return probe({ sin: M.sinDeg, cos: M.cosDeg, atan2: M.atan2Deg, hypot: M.hypot, exp: M.exp, log: M.ln }, n, seed);
}

/** The engine's `Math.*` on the same inputs (radians converted as the core used to). */
export function engineProbe(n: number, seed: number): ProbeBits {
  const rad = Math.PI / 180;
  return probe(
    {
      sin: (d) => Math.sin(d * rad),
      cos: (d) => Math.cos(d * rad),
      atan2: (y, x) => (Math.atan2(y, x) * 180) / Math.PI,
      hypot: (x, y) => Math.hypot(x, y),
      exp: (x) => Math.exp(x),
      log: (x) => Math.log(x),
    },
    n,
    seed,
  );
}
