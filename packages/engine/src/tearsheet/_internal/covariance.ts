import { compensatedSum } from "../../_internal/compensatedSum.ts";

/**
 * Sample covariance `Σ (x_t - x̄)(y_t - ȳ) / (n - 1)` over [from, to) by the two-pass algorithm
 * (means by compensated sums, then a compensated sum of the products), and the sample variance of
 * y on the same pass; preconditions (not checked): finite values, to - from >= 2.
 */
export function covariance(
  x: Float64Array,
  y: Float64Array,
  from = 0,
  to = x.length,
): { cov: number; varY: number; maxAbsY: number } {
  const n = to - from;
  const mx = compensatedSum(x, from, to) / n;
  const my = compensatedSum(y, from, to) / n;
  let s = 0;
  let c = 0;
  let sy = 0;
  let cy = 0;
  let maxAbsY = 0;
  for (let t = from; t < to; t++) {
    const dy = y[t]! - my;
    const p = (x[t]! - mx) * dy;
    const u = s + p;
    c += Math.abs(s) >= Math.abs(p) ? s - u + p : p - u + s;
    s = u;
    const q = dy * dy;
    const v = sy + q;
    cy += sy >= q ? sy - v + q : q - v + sy;
    sy = v;
    const a = Math.abs(y[t]!);
    if (a > maxAbsY) maxAbsY = a;
  }
  return { cov: (s + c) / (n - 1), varY: Math.max(0, (sy + cy) / (n - 1)), maxAbsY };
}
