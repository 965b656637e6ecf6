/**
 * Binary searches over an ascending array (calendars, weekly points, week ends), O(log n).
 * `from`/`to` restrict the search to [from, to).
 *
 * @example
 * firstAtLeast([1, 3, 3, 5], 3) // => 1
 * firstAbove([1, 3, 3, 5], 3) // => 3
 */

/** First index i in [from, to) with sorted[i] >= x; `to` when none. */
export function firstAtLeast(sorted: ArrayLike<number>, x: number, from = 0, to = sorted.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index i in [from, to) with sorted[i] > x; `to` when none. */
export function firstAbove(sorted: ArrayLike<number>, x: number, from = 0, to = sorted.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
