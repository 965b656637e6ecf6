/** Result of {@link waterFill}. */
export interface WaterFillResult {
  weights: Float64Array;
  /**
   * True when every positive score sits at `hi` and the companies with a zero score had to take the
   * rest (equally): Σ over positive scores of hi + (number of zero scores)·lo < 1.
   */
  zeroScoresFilled: boolean;
}

/**
 * Exact water-filling: `w_i = clip(λ·a_i, lo, hi)` with the λ >= 0 that makes `Σ w_i = 1`
 * (docs/maths.md#score-tilt). `f(λ) = Σ clip(λ·a_i, lo, hi)` is continuous, piecewise linear and
 * non-decreasing with breakpoints `lo/a_i` and `hi/a_i`. A binary search over the sorted
 * breakpoints (f evaluated directly, as a sum of non-negative terms, so nothing cancels) finds the
 * segment where f crosses 1; on it every item is known to be at lo, at hi or linear, and
 * `λ = (1 − Σ_fixed) / Σ_linear a_i` in closed form. No iteration count, no tolerance.
 *
 * Zero scores never move off `lo` for finite λ; when even `λ → ∞` leaves `f < 1` (every positive
 * score capped at `hi`), the zero-score items share the rest equally (the limit of the same rule
 * with scores `a_i + τ`, τ → 0+), which is in [lo, hi] whenever `n·lo <= 1 <= n·hi`.
 *
 * Cost: O(n log n) (one sort of the scores, 2·log n evaluations of f).
 * Preconditions (checked by the callers): `a_i` finite and >= 0; `0 <= lo <= hi`; `n·lo <= 1 <= n·hi`
 * within EPS. A higher score never gets less weight (clip(λ·a) is non-decreasing in a).
 */
export function waterFill(a: Float64Array, lo: number, hi: number): WaterFillResult {
  const n = a.length;
  const weights = new Float64Array(n);
  const positive: number[] = [];
  for (let i = 0; i < n; i++) if (a[i]! > 0) positive.push(i);
  const zeros = n - positive.length;
  // Boundary cases where the bounds alone fix the answer: all weights equal 1/n.
  if (positive.length === 0 || n * lo >= 1 || n * hi <= 1) {
    weights.fill(1 / n);
    return { weights, zeroScoresFilled: false };
  }
  if (positive.length * hi + zeros * lo < 1) {
    const rest = (1 - positive.length * hi) / zeros;
    for (let i = 0; i < n; i++) weights[i] = a[i]! > 0 ? hi : rest;
    return { weights, zeroScoresFilled: true };
  }
  // The positive scores, descending: then lo/a and hi/a are two ascending lists of breakpoints.
  const sorted = new Float64Array(positive.length);
  positive.forEach((i, k) => (sorted[k] = a[i]!));
  sorted.sort().reverse();
  const f = (lambda: number): number => {
    let s = zeros * lo;
    for (let k = 0; k < sorted.length; k++) {
      const v = lambda * sorted[k]!;
      s += v <= lo ? lo : v >= hi ? hi : v;
    }
    return s;
  };
  // In each list, the first breakpoint where f >= 1 (f(lo/a_max) = n·lo < 1 <= f(hi/a_min) = Σ hi + zeros·lo).
  const firstReaching = (bound: number): number => {
    let left = -1;
    let right = sorted.length; // index sorted.length stands for +∞
    while (right - left > 1) {
      const mid = (left + right) >>> 1;
      if (f(bound / sorted[mid]!) >= 1) right = mid;
      else left = mid;
    }
    return right;
  };
  const kLo = firstReaching(lo);
  const kHi = firstReaching(hi);
  const at = (bound: number, k: number): number => (k < 0 ? 0 : k >= sorted.length ? Infinity : bound / sorted[k]!);
  // f crosses 1 between the last breakpoint below and the first breakpoint at or above it.
  const to = Math.min(at(lo, kLo), at(hi, kHi));
  const from = Math.max(at(lo, kLo - 1), at(hi, kHi - 1));
  let fixedSum = zeros * lo;
  let freeSum = 0;
  for (let k = 0; k < sorted.length; k++) {
    const ak = sorted[k]!;
    if (hi / ak <= from) fixedSum += hi;
    else if (lo / ak >= to) fixedSum += lo;
    else freeSum += ak;
  }
  const lambda = freeSum > 0 ? (1 - fixedSum) / freeSum : to;
  for (let i = 0; i < n; i++) {
    const v = lambda * a[i]!;
    weights[i] = v <= lo ? lo : v >= hi ? hi : v;
  }
  return { weights, zeroScoresFilled: false };
}
