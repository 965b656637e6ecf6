/**
 * Rearranges `a[lo..hi]` so that `a[k]` holds the value it would hold if that range were sorted
 * ascending, every value before it is `<=` and every value after it is `>=` (Hoare's FIND /
 * quickselect with median-of-three pivots). Expected O(n); after `2·log2(n) + 8` partition rounds
 * without convergence it sorts the remaining range instead, so the worst case is O(n log n).
 * Preconditions (not checked): no NaN, `lo <= k <= hi`. Mutates `a`: callers pass a copy.
 */
export function selectInPlace(a: Float64Array, k: number, lo = 0, hi = a.length - 1): void {
  let budget = 2 * Math.ceil(Math.log2(hi - lo + 2)) + 8;
  while (hi > lo) {
    if (hi - lo < 16 || budget-- <= 0) {
      a.subarray(lo, hi + 1).sort();
      return;
    }
    // Median of three of a[lo], a[mid], a[hi] as pivot.
    const mid = lo + ((hi - lo) >> 1);
    const x = a[lo]!;
    const y = a[mid]!;
    const z = a[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    // Hoare partition: afterwards a[lo..j] <= pivot <= a[i..hi] with j < i.
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return; // j < k < i: a[k] equals the pivot and is in place.
  }
}
