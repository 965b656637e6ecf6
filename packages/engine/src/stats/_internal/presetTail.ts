import { assertInRange, toFiniteFloat64 } from "../../_internal/validate.ts";
import { normalPdf, normalQuantile } from "../../_internal/normal.ts";
import { snapToInteger } from "../../_internal/tolerance.ts";
import { compensatedSum } from "../../_internal/compensatedSum.ts";
import type { StatsConvention } from "../statsConvention.ts";
import { assertRepresentable } from "../assertRepresentable.ts";
import { linearQuantile } from "./linearQuantile.ts";
import { scaledMoments } from "../scaledMoments.ts";
import { powerOfTwoScale } from "../powerOfTwoScale.ts";
import type { QuantstatsVersion } from "../quantstatsVersion.ts";

/**
 * VaR and CVaR of the losses `L = -r` under the empyrical and quantstats conventions
 * (docs/maths.md#convention-presets), as positive numbers when they are losses:
 * - empyrical `value_at_risk`: `-Q(1 - β)`, Q numpy's linearly interpolated percentile;
 *   `conditional_value_at_risk`: minus the mean of the `k + 1` smallest returns,
 *   `k = ⌊(n - 1)(1 - β)⌋` (the product snapped to an integer within EPS);
 * - quantstats `value_at_risk` (variance–covariance): `-(r̄ + s Φ⁻¹(1 - β))`;
 *   `conditional_value_at_risk` (0.0.83 on, its default "parametric" method): the normal expected
 *   shortfall `-(r̄ - s φ(Φ⁻¹(1 - β)) / (1 - β))`, s the sample standard deviation (r̄ when s = 0);
 *   up to 0.0.82 (`quantstatsVersion` "0.0.81"): minus the mean of the returns strictly below the
 *   Gaussian VaR return `r̄ + s Φ⁻¹(1 - β)`, or the Gaussian VaR itself when none is.
 */
export function presetTail(
  returns: unknown,
  beta: unknown,
  convention: Exclude<StatsConvention, "engine">,
  which: "var" | "cvar",
  version: QuantstatsVersion = "0.0.84",
): number {
  const r = toFiniteFloat64("returns", returns, convention === "quantstats" ? 2 : 1);
  assertInRange("beta", beta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const alpha = 1 - beta;
  if (convention === "quantstats") {
    const m = scaledMoments(r);
    const mean = m.mean * m.scale;
    const sd = m.scale * Math.sqrt(m.variance);
    const z = -normalQuantile(beta); // Φ⁻¹(1 - β), without rounding 1 - β
    const gaussianVar = mean + sd * z;
    const value =
      which === "var"
        ? gaussianVar
        : version === "0.0.81"
          ? meanBelow(r, gaussianVar)
          : mean - (sd * normalPdf(z)) / alpha;
    return assertRepresentable(-value, "returns", which === "var" ? "the VaR" : "the CVaR") + 0;
  }
  const sorted = Float64Array.from(r).sort();
  if (which === "var") return -linearQuantile(sorted, alpha) + 0;
  const k = Math.min(Math.floor(snapToInteger((r.length - 1) * alpha)), r.length - 1);
  const scale = powerOfTwoScale(sorted, 0, k + 1);
  const tail = sorted.subarray(0, k + 1).map((x) => x / scale);
  return -(compensatedSum(tail) / (k + 1)) * scale + 0;
}

/** Mean of the values strictly below `threshold` (compensated), or `threshold` when there is none (quantstats <= 0.0.82). */
function meanBelow(r: Float64Array, threshold: number): number {
  const tail = r.filter((x) => x < threshold);
  if (tail.length === 0) return threshold;
  const scale = powerOfTwoScale(tail);
  return (compensatedSum(tail.map((x) => x / scale)) / tail.length) * scale;
}
