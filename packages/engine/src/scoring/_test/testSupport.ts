// Test-only helpers of the scoring area (imported by *.test.ts, never by the engine). They
// recompute the regression independently, in the plainest two-pass way, from ln(marketCap).
import fc from "fast-check";
import type { ConvictionInput } from "../types.ts";

export const unit = fc.double({ min: 0, max: 1, noNaN: true });
/** Market caps from 1e6 to 1e13 USD, log-uniform. */
export const cap = fc.double({ min: 6, max: 13, noNaN: true }).map((u) => 10 ** u);
export const company: fc.Arbitrary<ConvictionInput> = fc.record({
  linguisticBeta: unit,
  marketBuzz: unit,
  marketCap: fc.oneof(
    { arbitrary: cap, weight: 8 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: fc.constant(0), weight: 1 },
  ),
});
export const companies = fc.array(company, { maxLength: 40 });
/** 0, the default 500M, or any cap in range. */
export const minCap = fc.oneof(fc.constant(0), fc.constant(500_000_000), cap);

export function isEligible(c: ConvictionInput, minMarketCap: number): boolean {
  return c.marketCap !== null && c.marketCap >= minMarketCap && c.marketCap > 0;
}

/** x = ln(marketCap) and y = buzz of the eligible companies, with their indices. */
export function eligibleXY(cs: ReadonlyArray<ConvictionInput>, minMarketCap: number): { idx: number[]; x: number[]; y: number[] } {
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

export function sd(v: number[]): number {
  return v.length === 0 ? 0 : Math.sqrt(centredCross(v, v) / v.length);
}

/** Leverage h_ii = 1/n + (x_i − x̄)² / Sxx of eligible position k (1 when Sxx = 0 and n = 1). */
export function leverage(x: number[], k: number): number {
  const sxx = centredCross(x, x);
  if (sxx === 0) return 1 / x.length;
  return 1 / x.length + (x[k]! - mean(x)) ** 2 / sxx;
}

export function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** A permutation of 0..n−1 from random keys. */
export function permutationOf(n: number): fc.Arbitrary<number[]> {
  return fc
    .array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n, maxLength: n })
    .map((keys) => keys.map((k, i) => [k, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, i]) => i));
}
