/**
 * The q-quantile of `sorted` (ascending, length >= 1) by linear interpolation between order
 * statistics, `h = (n - 1) q`, `x_(⌊h⌋) + (h - ⌊h⌋)(x_(⌊h⌋+1) - x_(⌊h⌋))`: Hyndman & Fan's type 7,
 * numpy's `percentile` and pandas' `quantile` default (docs/maths.md#tail-ratio).
 */
export function linearQuantile(sorted: Float64Array, q: number): number {
  const n = sorted.length;
  const h = (n - 1) * q;
  const lo = Math.min(Math.floor(h), n - 1);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  // a + f (b - a) is exact at f = 0 and within an ulp of b at f = 1; (b - a) cannot overflow for returns
  // but can for arbitrary doubles, so interpolate on halves when it would.
  const f = h - lo;
  const d = b - a;
  return (Number.isFinite(d) ? a + f * d : 2 * (a / 2 + f * (b / 2 - a / 2))) + 0;
}
