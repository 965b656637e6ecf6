/**
 * ln(m / ref) for 0 < m <= ref, accurate to a few units in the last place of the result's
 * size and never non-finite:
 * - m >= ref/2: log1p((m − ref)/ref); the subtraction is exact (Sterbenz), so market caps
 *   that are nearly equal get a nearly exact small log difference;
 * - otherwise ln(m/ref), the ratio rounded once (relative error 2^−53, absolute ~1e−16 in the log);
 * - when the ratio would underflow (below 2^−1000), ln m − ln ref.
 * Multiplying m and ref by the same power of two leaves the result bit-for-bit unchanged
 * (except in the underflow branch), and by any other factor changes it by rounding only.
 *
 * @example
 * logRatio(1e9, 1e9) // => 0
 */
export function logRatio(m: number, ref: number): number {
  if (m >= ref * 0.5) return Math.log1p((m - ref) / ref);
  const r = m / ref;
  return r >= 2 ** -1000 ? Math.log(r) : Math.log(m) - Math.log(ref);
}
