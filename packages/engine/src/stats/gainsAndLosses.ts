import { compensatedSum } from "../_internal/compensatedSum.ts";
import { powerOfTwoScale } from "./powerOfTwoScale.ts";
import { assertRepresentable } from "./assertRepresentable.ts";

/**
 * The gains and losses of a return series in one pass: sums (compensated) of the positive values
 * and of the magnitudes of the negative ones, their counts, the sum of all values, all in units of
 * `scale` (a power of two near max |x|, so that no sum overflows).
 */
export interface GainsAndLosses {
  scale: number;
  gains: number;
  losses: number;
  total: number;
  wins: number;
  lossCount: number;
  zeros: number;
}

export function gainsAndLosses(x: Float64Array, shift = 0): GainsAndLosses {
  const n = x.length;
  const shifted = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const d = x[i]! - shift;
    shifted[i] =
      d < Infinity && d > -Infinity ? d : assertRepresentable(d, `returns[${i}]`, `returns[${i}] minus the threshold`);
  }
  const scale = powerOfTwoScale(shifted);
  const pos = new Float64Array(n);
  const neg = new Float64Array(n);
  let wins = 0;
  let lossCount = 0;
  for (let i = 0; i < n; i++) {
    const v = shifted[i]! / scale;
    shifted[i] = v;
    if (v > 0) pos[wins++] = v;
    else if (v < 0) neg[lossCount++] = -v;
  }
  return {
    scale,
    gains: compensatedSum(pos, 0, wins),
    losses: compensatedSum(neg, 0, lossCount),
    total: compensatedSum(shifted),
    wins,
    lossCount,
    zeros: n - wins - lossCount,
  };
}
