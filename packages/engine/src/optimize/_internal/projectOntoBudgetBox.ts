/**
 * Euclidean projection onto {w : Σ w_i = 1, lo <= w_i <= hi}: `w_i = clip(v_i − ν, lo, hi)` with the
 * ν that makes the sum 1 (the KKT conditions of min ‖w − v‖²). `g(ν) = Σ clip(v_i − ν, lo, hi)` is
 * continuous, piecewise linear and non-increasing with breakpoints `v_i − hi` and `v_i − lo`; a
 * binary search over the sorted breakpoints finds the segment where g crosses 1, then ν is solved
 * in closed form on it. Preconditions: `n·lo <= 1 <= n·hi`, `lo < hi`.
 *
 * Cost: O(n log n).
 */
export function projectOntoBudgetBox(v: Float64Array, lo: number, hi: number, out: Float64Array = new Float64Array(v.length)): Float64Array {
  const n = v.length;
  const g = (nu: number): number => {
    let s = 0;
    for (let i = 0; i < n; i++) {
      const x = v[i]! - nu;
      s += x <= lo ? lo : x >= hi ? hi : x;
    }
    return s;
  };
  const breakpoints = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    breakpoints[2 * i] = v[i]! - hi;
    breakpoints[2 * i + 1] = v[i]! - lo;
  }
  breakpoints.sort();
  // g(B_0) = n·hi >= 1 >= n·lo = g(B_last): the last breakpoint with g >= 1 and the next one bracket ν.
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
    if (v[i]! - hi >= to) fixedSum += hi; // v_i − ν >= hi on the whole segment
    else if (v[i]! - lo <= from) fixedSum += lo;
    else {
      freeSum += v[i]!;
      free++;
    }
  }
  const nu = free > 0 ? (freeSum + fixedSum - 1) / free : from;
  for (let i = 0; i < n; i++) {
    const x = v[i]! - nu;
    out[i] = x <= lo ? lo : x >= hi ? hi : x;
  }
  return out;
}
