import { compensatedSum } from "../_internal/compensatedSum.ts";
import { powerOfTwoAtMost, powerOfTwoScale } from "./powerOfTwoScale.ts";

/**
 * Mean and sample variance of `values - shift`, returned in scaled form so that neither can
 * overflow: mean = `scale * mean`, variance = `scale^2 * variance` with `scale` a power of two.
 * Corrected two-pass algorithm (Chan, Golub & LeVeque 1983): a Neumaier sum for the mean and for
 * the squared deviations, plus the first-order correction `(Σ d)² / n`. The mean is clamped into
 * [min, max] so that a constant series has a variance of exactly 0.
 *
 * Fast path: when every |value - shift| lies in [2^-400, 2^400] (all realistic data) no scaling
 * is needed (`scale` = 1) and nothing is copied; otherwise values are divided by a power of two
 * (exact) first. Preconditions (not checked): finite values, length >= 1 (variance 0 for length 1).
 */
export interface ScaledMoments {
  scale: number;
  /** Mean of (values - shift) / scale. */
  mean: number;
  /** Sample variance (n - 1 denominator) of (values - shift) / scale. */
  variance: number;
  /** max |values - shift| / scale. */
  maxAbs: number;
}

const SAFE_MAX = 2 ** 400;
const SAFE_MIN = 2 ** -400;

export function scaledMoments(values: Float64Array, shift = 0): ScaledMoments {
  const n = values.length;
  // Pass 1: Neumaier sum of (v - shift), with min, max and max |v - shift|.
  let sum = 0;
  let correction = 0;
  let min = Infinity;
  let max = -Infinity;
  let maxAbs = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]! - shift;
    if (v < min) min = v;
    if (v > max) max = v;
    const a = Math.abs(v);
    if (a > maxAbs) maxAbs = a;
    const t = sum + v;
    correction += Math.abs(sum) >= a ? sum - t + v : v - t + sum;
    sum = t;
  }
  const safe = maxAbs <= SAFE_MAX && (maxAbs >= SAFE_MIN || maxAbs === 0) && Math.abs(shift) <= SAFE_MAX;
  if (!safe) return scaledPath(values, shift);
  return finish(values, shift, 1, (sum + correction) / n, min, max, maxAbs);
}

/** Extreme magnitudes: divide by a power of two near the largest |value| (exact), then the same passes. */
function scaledPath(values: Float64Array, shift: number): ScaledMoments {
  const n = values.length;
  let scale = powerOfTwoScale(values);
  if (Math.abs(shift) > scale) scale = powerOfTwoAtMost(Math.abs(shift));
  const scaledShift = shift / scale;
  const x = new Float64Array(n);
  let min = Infinity;
  let max = -Infinity;
  let maxAbs = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]! / scale - scaledShift;
    x[i] = v;
    if (v < min) min = v;
    if (v > max) max = v;
    const a = Math.abs(v);
    if (a > maxAbs) maxAbs = a;
  }
  return finish(x, 0, scale, compensatedSum(x) / n, min, max, maxAbs);
}

/** Pass 2: variance of (x - shift) around the clamped mean. */
function finish(
  x: Float64Array,
  shift: number,
  scale: number,
  rawMean: number,
  min: number,
  max: number,
  maxAbs: number,
): ScaledMoments {
  const n = x.length;
  const mean = rawMean < min ? min : rawMean > max ? max : rawMean;
  if (n < 2) return { scale, mean, variance: 0, maxAbs };
  let sq = 0;
  let sqC = 0;
  let dev = 0;
  for (let i = 0; i < n; i++) {
    const d = x[i]! - shift - mean;
    const d2 = d * d;
    const t = sq + d2;
    sqC += sq >= d2 ? sq - t + d2 : d2 - t + sq;
    sq = t;
    dev += d; // first-order correction term only: plain summation is enough
  }
  const variance = Math.max(0, (sq + sqC - (dev * dev) / n) / (n - 1));
  return { scale, mean, variance, maxAbs };
}
