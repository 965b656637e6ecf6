import { assertAllPositive, assertInRange, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import { assertRepresentable } from "./assertRepresentable.ts";
import { periodOptions } from "./periodOptions.ts";
import { presetTail } from "./_internal/presetTail.ts";
import { drawdownSeries } from "./_internal/drawdownSeries.ts";
import { scaledMoments } from "./scaledMoments.ts";
import { quantstatsVersionOf, type QuantstatsVersion } from "./quantstatsVersion.ts";
import { conventionOf } from "./statsConvention.ts";
import { DEFAULT_CONFIDENCE } from "./conventions.ts";
import { cagr } from "./cagr.ts";
import { conditionalValueAtRisk } from "./conditionalValueAtRisk.ts";
import { simpleReturns } from "./simpleReturns.ts";
import { ulcerIndex } from "./ulcerIndex.ts";
import type { DrawdownRatioOptions } from "./ulcerPerformanceIndex.ts";

/** Options of {@link serenityIndex}. */
export interface SerenityIndexOptions extends DrawdownRatioOptions {
  /** With convention "quantstats": "0.0.84" (default) or "0.0.81", whose drawdown CVaR was the mean of the drawdowns below their Gaussian VaR. */
  quantstatsVersion?: QuantstatsVersion;
}

/**
 * Serenity index (KeyQuant's "serenity ratio", the white paper quantstats cites): the annual
 * excess return over the ulcer index times a "pitfall" indicator, the conditional drawdown at risk
 * relative to the volatility. Engine: `(CAGR - rf) / (UI · CDaR / σ)`, UI the {@link ulcerIndex},
 * CDaR the historical expected shortfall at 95 % of the drawdown losses `-D_t`
 * ({@link conditionalValueAtRisk} of the drawdowns; Chekhlov, Uryasev & Zabarankin 2005,
 * "Drawdown measure in portfolio optimization", *IJTAF* 8(1)) and σ the annualised volatility.
 * quantstats convention (`serenity_index`): `(Σ r_t - rf) / (UI_qs · (-CVaR_qs(D)) / s)`, the sum
 * of the simple returns minus the annual rate, its ulcer index (n − 1), the CVaR of the drawdown
 * series by its own `cvar` (0.0.84: the Gaussian expected shortfall; 0.0.81: the mean of the
 * drawdowns below their Gaussian VaR) and s the per-period sample standard deviation.
 * Degenerate case: no drawdown, or constant returns, gives 0 (quantstats: NaN).
 *
 * @see docs/maths.md#ulcer-performance-index-and-serenity-index
 * Cost: O(n).
 * @param values at least 3 finite values > 0, a NAV or price series.
 * @param options `{ riskFreeRate, periodsPerYear, years, convention, quantstatsVersion }`.
 * @throws EngineError INVALID_INPUT when `values` is short or holds a non-finite or non-positive
 *   value, an option is out of range, or the index overflows.
 * @example
 * serenityIndex([100, 90, 100, 120, 110, 130], { periodsPerYear: 5 }) // => 16.61697419686123
 */
export function serenityIndex(values: NumericArray, options: SerenityIndexOptions = {}): number {
  const convention = conventionOf(options, [
    "convention",
    "riskFreeRate",
    "periodsPerYear",
    "years",
    "quantstatsVersion",
  ]);
  const version = quantstatsVersionOf(options.quantstatsVersion, convention);
  const v = toFiniteFloat64("values", values, 3);
  assertAllPositive("values", v);
  const { riskFreeRate, periodsPerYear } = periodOptions(options, ["convention", "years", "quantstatsVersion"]);
  const n = v.length - 1;
  const years = options.years === undefined ? n / periodsPerYear : options.years;
  assertInRange("years", years, { min: 0 });
  const r = simpleReturns(v);
  const d = drawdownSeries(v);
  const ui = ulcerIndex(v, { convention });
  const m = scaledMoments(r);
  const sd = m.scale * Math.sqrt(m.variance);
  if (ui === 0 || !(sd > EPS * m.maxAbs * m.scale)) return 0;
  if (convention === "quantstats") {
    const pitfall = presetTail(d, DEFAULT_CONFIDENCE, "quantstats", "cvar", version) / sd;
    const denominator = ui * pitfall;
    if (denominator === 0) return 0;
    return assertRepresentable((compensatedSum(r) - riskFreeRate) / denominator, "values", "the serenity index") + 0;
  }
  const cdar = conditionalValueAtRisk(d, DEFAULT_CONFIDENCE);
  if (cdar === 0) return 0;
  const sigma = sd * Math.sqrt(periodsPerYear);
  return (
    assertRepresentable(
      ((cagr(v[0]!, v[n]!, years) - riskFreeRate) * sigma) / (ui * cdar),
      "values",
      "the serenity index",
    ) + 0
  );
}
