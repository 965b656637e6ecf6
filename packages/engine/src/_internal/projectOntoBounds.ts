/**
 * Euclidean projection onto {w : Σ w_i = 1, lo_i <= w_i <= hi_i} (per-weight bounds, Σlo <= 1 <= Σhi):
 * `w_i = clip(v_i − ν, lo_i, hi_i)` with the ν that makes the sum 1. `g(ν) = Σ clip(v_i − ν, lo_i, hi_i)`
 * is continuous, piecewise linear and non-increasing with breakpoints `v_i − hi_i`, `v_i − lo_i`; a
 * binary search over the sorted breakpoints brackets the root, then ν is solved in closed form on
 * that segment. Cost O(n log n).
 */
export function projectOntoBounds(
  v: Float64Array,
  lo: Float64Array,
  hi: Float64Array,
  out: Float64Array = new Float64Array(v.length),
): Float64Array {
  const n = v.length;
  const g = (nu: number): number => {
    let s = 0;
    for (let i = 0; i < n; i++) {
      const x = v[i]! - nu;
      s += x <= lo[i]! ? lo[i]! : x >= hi[i]! ? hi[i]! : x;
    }
    return s;
  };
  const breakpoints = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    breakpoints[2 * i] = v[i]! - hi[i]!;
    breakpoints[2 * i + 1] = v[i]! - lo[i]!;
  }
  breakpoints.sort();
  let left = 0;
  let right = breakpoints.length - 1;
  while (right - left > 1) {
    const mid = (left + right) >>> 1;
    if (g(breakpoints[mid]!) >= 1) left = mid;
    else right = mid;
  }
  const from = breakpoints[left]!;
  const to = breakpoints[right]!;
  let fixedSum = 0;
  let freeSum = 0;
  let free = 0;
  for (let i = 0; i < n; i++) {
    if (v[i]! - hi[i]! >= to) fixedSum += hi[i]!;
    else if (v[i]! - lo[i]! <= from) fixedSum += lo[i]!;
    else {
      freeSum += v[i]!;
      free++;
    }
  }
  const nu = free > 0 ? (freeSum + fixedSum - 1) / free : from;
  for (let i = 0; i < n; i++) {
    const x = v[i]! - nu;
    out[i] = x <= lo[i]! ? lo[i]! : x >= hi[i]! ? hi[i]! : x;
  }
  return out;
}
