/**
 * Reference computations for the conviction score (docs/maths.md#conviction-score), written the
 * plainest two-pass way from ln(marketCap), sharing no code with the engine: the oracles the
 * scoring tests compare against.
 */
import type { ConvictionInput } from "../scoring/types.ts";

/** Whether a company enters the regression: a known market cap, > 0 and >= `minMarketCap`. */
export function isEligible(c: ConvictionInput, minMarketCap: number): boolean {
  return c.marketCap !== null && c.marketCap >= minMarketCap && c.marketCap > 0;
}

/**
 * x = ln(marketCap) and y = buzz of the eligible companies, with their indices.
 *
 * @example
 * eligibleXY([{ linguisticBeta: 0, marketBuzz: 0.5, marketCap: Math.E }], 0) // => { idx: [0], x: [1], y: [0.5] }
 */
export function eligibleXY(
  cs: ReadonlyArray<ConvictionInput>,
  minMarketCap: number,
): { idx: number[]; x: number[]; y: number[] } {
  const idx: number[] = [];
  const x: number[] = [];
  const y: number[] = [];
  cs.forEach((c, i) => {
    if (isEligible(c, minMarketCap)) {
      idx.push(i);
      x.push(Math.log(c.marketCap as number));
      y.push(c.marketBuzz);
    }
  });
  return { idx, x, y };
}

/** Arithmetic mean (NaN for an empty array: callers check the length). */
export function mean(v: number[]): number {
  return v.reduce((a, b) => a + b, 0) / v.length;
}

/** Σ (a_i − ā)(b_i − b̄), two passes. */
export function centredCross(a: number[], b: number[]): number {
  const ma = mean(a);
  const mb = mean(b);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - ma) * (b[i]! - mb);
  return s;
}

/** Population standard deviation, two passes; 0 for an empty array. */
export function sd(v: number[]): number {
  return v.length === 0 ? 0 : Math.sqrt(centredCross(v, v) / v.length);
}

/** Leverage h_ii = 1/n + (x_i − x̄)² / Sxx of eligible position k (1/n when Sxx = 0). */
export function leverage(x: number[], k: number): number {
  const sxx = centredCross(x, x);
  if (sxx === 0) return 1 / x.length;
  return 1 / x.length + (x[k]! - mean(x)) ** 2 / sxx;
}

/** The logistic function 1 / (1 + e^(−z)). */
export function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}
