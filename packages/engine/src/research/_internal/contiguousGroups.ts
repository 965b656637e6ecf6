/**
 * Boundaries of `count` contiguous groups of `periods` periods whose sizes differ by at most one,
 * the first `periods mod count` groups one period longer (numpy's `array_split`): group g is
 * [bounds[g], bounds[g + 1]). Preconditions (checked by the callers): 1 <= count <= periods.
 * @example
 * contiguousGroups(10, 3) // => Int32Array [0, 4, 7, 10]
 */
export function contiguousGroups(periods: number, count: number): Int32Array {
  const bounds = new Int32Array(count + 1);
  const size = Math.floor(periods / count);
  const extra = periods % count;
  for (let g = 0; g < count; g++) bounds[g + 1] = bounds[g]! + size + (g < extra ? 1 : 0);
  return bounds;
}
