import { readConvictionInputs } from "./_internal/readConvictionInputs.ts";
import type { ConvictionInput, ConvictionOptions } from "./types.ts";

/**
 * The size-neutral buzz component e_i of the conviction score: the residual of the ordinary
 * least squares of market buzz on x = ln(marketCap) over eligible companies,
 * e_i = buzz_i − a − b·x_i, and exactly 0 for ineligible companies.
 *
 * Over eligible companies e has mean 0 and zero sample covariance with x (up to rounding), and
 * it is unchanged when every market cap is multiplied by the same factor (x shifts by a
 * constant). Degenerate cases: one eligible company, or all eligible market caps equal within
 * EPS relative (max x − min x <= 1e-9): b = 0, e_i = buzz_i − mean(buzz).
 *
 * @see docs/maths.md#size-neutral-buzz
 * Cost: O(n) time, two passes, O(n) memory.
 * @param companies linguisticBeta and marketBuzz finite in [0, 1]; marketCap null or finite >= 0.
 *   Never mutated. Empty gives an empty result.
 * @param options.minMarketCap finite >= 0, default 500,000,000 (USD); a company is eligible when
 *   its market cap is >= minMarketCap and > 0.
 * @returns a Float64Array aligned with `companies`.
 * @throws EngineError INVALID_INPUT naming the field (`companies[2].marketBuzz`,
 *   `options.minMarketCap`, …) when a value breaks its rule.
 * @example
 * sizeNeutralBuzz([
 *   { linguisticBeta: 0.5, marketBuzz: 0.25, marketCap: 1e9 },
 *   { linguisticBeta: 0.5, marketBuzz: 0.75, marketCap: 1e9 },
 *   { linguisticBeta: 0.5, marketBuzz: 0.9, marketCap: null },
 * ]) // => Float64Array [-0.25, 0.25, 0] (equal caps: buzz minus its mean; null cap: 0)
 */
export function sizeNeutralBuzz(companies: ReadonlyArray<ConvictionInput>, options?: ConvictionOptions): Float64Array {
  const { n, buzz, logCap, eligible, meanX, meanY, slope } = readConvictionInputs(companies, options);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (eligible[i] === 1) out[i] = buzz[i]! - meanY - slope * (logCap[i]! - meanX);
  }
  return out;
}
