/**
 * Neumaier's compensated sum of `values[from..to)` (Neumaier 1974, "Rundungsfehleranalyse einiger
 * Verfahren zur Summation endlicher Summen", ZAMM 54): a running correction term recovers the
 * low-order bits that plain `+=` drops, so the error no longer grows with the length.
 *
 * @see docs/maths.md#numbers
 * Cost: O(to - from).
 * @param values finite numbers (not checked: callers validate). Never mutated.
 * @param from first index (default 0).
 * @param to one past the last index (default `values.length`).
 * @returns the sum; `0` for an empty range. Overflows to ±Infinity like plain summation when the
 *   true sum is not representable: callers that must stay finite scale their input first.
 * @example
 * compensatedSum([1e100, 1, -1e100]) // => 1
 */
export function compensatedSum(values: ArrayLike<number>, from = 0, to = values.length): number {
  let sum = 0;
  let correction = 0;
  for (let i = from; i < to; i++) {
    const x = values[i]!;
    const t = sum + x;
    correction += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
  }
  return sum + correction;
}
