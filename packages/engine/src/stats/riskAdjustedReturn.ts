import { assertInRange, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { assertRepresentable } from "./assertRepresentable.ts";
import { periodOptions, type PeriodOptions } from "./periodOptions.ts";
import { conventionOf, type StatsConvention } from "./statsConvention.ts";
import { PERIODS_PER_YEAR } from "./conventions.ts";
import { timeInMarket } from "./timeInMarket.ts";

/** Options of {@link riskAdjustedReturn}. */
export interface RiskAdjustedReturnOptions extends PeriodOptions {
  /** Years the returns span, for the engine's CAGR (finite, >= 0); default n / periodsPerYear. A tear sheet passes its calendar years. */
  years?: number;
  /** "engine" (default), "empyrical" (the same) or "quantstats" (docs/maths.md#convention-presets). */
  convention?: StatsConvention;
}

/**
 * Risk-adjusted return (quantstats `rar`): the CAGR over the {@link timeInMarket}, the growth
 * rate a year of being invested, `RAR = CAGR / x` with `x = |{t : r_t ≠ 0}| / n`; CAGR over
 * `years` (default `n / periodsPerYear`), the risk-free rate not used.
 * quantstats convention (0.0.84 `rar(returns, rf)`): on the excess returns `e_t = r_t − rf` (the
 * *annual* rate taken from every period, not de-annualised: `_prepare_returns` is called without
 * periods), the CAGR over `n / 252` years whatever the data's frequency (`cagr` is called with its
 * default 252), over the exposure of `e` rounded up to a whole percent, `⌈100 x_e⌉ / 100` — two
 * slips kept under the preset only (docs/maths.md#risk-adjusted-return).
 * Degenerate cases: 0 when no period is invested (quantstats: Infinity or NaN); 0 under the preset
 * when the excess growth factor `Π (1 + e_t)` is negative (quantstats: NaN), −1 / x when it is 0.
 *
 * @see docs/maths.md#risk-adjusted-return
 * Cost: O(n).
 * @param returns at least 1 finite value > -1. Never mutated.
 * @param options `{ periodsPerYear, riskFreeRate, years, convention }`.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a value that is not finite
 *   and > -1, an option is out of range or unknown, or the growth factor overflows.
 * @example
 * riskAdjustedReturn([0.1, 0, 0.1, 0], { periodsPerYear: 2 }) // => 0.2 (a CAGR of 10 % over 2 years, invested half the time)
 */
export function riskAdjustedReturn(returns: NumericArray, options: RiskAdjustedReturnOptions = {}): number {
  const convention = conventionOf(options, ["convention", "riskFreeRate", "periodsPerYear", "years"]);
  const r = toFiniteFloat64("returns", returns, 1);
  const { riskFreeRate, periodsPerYear } = periodOptions(options, ["convention", "years"]);
  for (let t = 0; t < r.length; t++)
    if (!(r[t]! > -1)) assertInRange(`returns[${t}]`, r[t]!, { min: -1, minExclusive: true });
  const n = r.length;
  const years = options.years === undefined ? n / periodsPerYear : options.years;
  assertInRange("years", years, { min: 0 }); // checked under every preset (quantstats counts n / 252 years)
  if (convention === "quantstats") {
    const e = new Float64Array(n);
    for (let t = 0; t < n; t++) e[t] = r[t]! - riskFreeRate;
    const x = timeInMarket(e, { convention });
    if (x === 0) return 0;
    return (
      assertRepresentable(growthRate(e, PERIODS_PER_YEAR.daily / n) / x, "returns", "the risk-adjusted return") + 0
    );
  }
  const x = timeInMarket(r);
  if (x === 0 || years === 0) return 0;
  return assertRepresentable(growthRate(r, 1 / years) / x, "returns", "the risk-adjusted return") + 0;
}

/**
 * `(Π (1 + x_t))^power − 1`, as `expm1(power · Σ log1p x_t)` (Neumaier-compensated sum) when every
 * factor is positive; −1 when a factor is 0; 0 when the product is negative (no real power).
 */
function growthRate(x: Float64Array, power: number): number {
  let logSum = 0;
  let c = 0;
  let negative = false;
  for (let t = 0; t < x.length; t++) {
    const f = 1 + x[t]!;
    if (f === 0) return -1;
    if (f < 0) negative = !negative;
    const y = f < 0 ? Math.log(-f) : Math.log1p(x[t]!);
    const s = logSum + y;
    c += Math.abs(logSum) >= Math.abs(y) ? logSum - s + y : y - s + logSum;
    logSum = s;
  }
  if (negative) return 0;
  return assertRepresentable(Math.expm1((logSum + c) * power), "returns", "the annual growth factor");
}
