import { EPS } from "../../_internal/tolerance.ts";
import { powerOfTwoAtMost } from "../powerOfTwoScale.ts";
import { scaledMoments } from "../scaledMoments.ts";

/** Population central moments of a series, in a form that cannot overflow or underflow (docs/maths.md#skewness-and-kurtosis). */
export interface CentralMoments {
  n: number;
  /** The mean (unscaled). */
  mean: number;
  /** Population standard deviation sqrt(m2) (unscaled; n denominator). */
  sd: number;
  /** Sample standard deviation (n - 1 denominator, unscaled); 0 for n = 1. */
  sampleSd: number;
  /** m3 / m2^(3/2) and m4 / m2² (scale-free); both 0 when the series is constant to EPS. */
  g1: number;
  /** Raw (not excess) kurtosis m4 / m2². */
  b2: number;
  /** True when the deviations from the mean are within EPS of 0 relative to the largest |value|. */
  degenerate: boolean;
}

/**
 * Mean, standard deviations and the shape ratios `g1 = m3 / m2^{3/2}`, `b2 = m4 / m2²` of finite
 * values (length >= 1), with `m_k = (1/n) Σ (x_t - x̄)^k`. The mean comes from `scaledMoments`
 * (compensated, clamped); the deviations are divided by a power of two near the largest one (exact)
 * before they are raised to powers, and summed with Neumaier's compensation, so neither tiny nor
 * huge values lose the ratios.
 */
export function centralMoments(values: Float64Array): CentralMoments {
  const n = values.length;
  const m = scaledMoments(values);
  const mean = m.mean * m.scale;
  const sampleSd = m.scale * Math.sqrt(m.variance);
  let maxDev = 0;
  for (let i = 0; i < n; i++) {
    const d = Math.abs(values[i]! / m.scale - m.mean);
    if (d > maxDev) maxDev = d;
  }
  if (!(maxDev > EPS * m.maxAbs) || n < 2) {
    return { n, mean, sd: m.scale * Math.sqrt(((n - 1) / n) * m.variance), sampleSd, g1: 0, b2: 0, degenerate: true };
  }
  const s = powerOfTwoAtMost(maxDev);
  let s2 = 0,
    c2 = 0,
    s3 = 0,
    c3 = 0,
    s4 = 0,
    c4 = 0;
  for (let i = 0; i < n; i++) {
    const e = (values[i]! / m.scale - m.mean) / s;
    const e2 = e * e;
    const e3 = e2 * e;
    const e4 = e2 * e2;
    let t = s2 + e2;
    c2 += Math.abs(s2) >= Math.abs(e2) ? s2 - t + e2 : e2 - t + s2;
    s2 = t;
    t = s3 + e3;
    c3 += Math.abs(s3) >= Math.abs(e3) ? s3 - t + e3 : e3 - t + s3;
    s3 = t;
    t = s4 + e4;
    c4 += Math.abs(s4) >= Math.abs(e4) ? s4 - t + e4 : e4 - t + s4;
    s4 = t;
  }
  const m2 = (s2 + c2) / n;
  const m3 = (s3 + c3) / n;
  const m4 = (s4 + c4) / n;
  return {
    n,
    mean,
    sd: m.scale * s * Math.sqrt(m2),
    sampleSd,
    g1: m3 / (m2 * Math.sqrt(m2)) + 0,
    b2: m4 / (m2 * m2),
    degenerate: false,
  };
}
