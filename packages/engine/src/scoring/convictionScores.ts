import { BETA_WEIGHT, BUZZ_WEIGHT, SCORE_FLOOR } from "./_internal/constants.ts";
import { readConvictionInputs } from "./_internal/readConvictionInputs.ts";
import type { ConvictionInput, ConvictionOptions } from "./types.ts";

/**
 * Conviction score of each company: thematic strength from linguistic beta and size-neutral
 * market buzz, independent of company size.
 *
 * For an eligible company (market cap finite, >= minMarketCap and > 0):
 * s_i = clamp(1 / (1 + exp(−z_i)), ε, 1 − ε) with z_i = 4·(ℓ_i − 0.5) + 6·e_i, ε = 2^−52,
 * ℓ_i the linguistic beta and e_i the size-neutral buzz of {@link sizeNeutralBuzz} (residual of
 * buzz on ln market cap over eligible companies). An ineligible company (below the minimum, or
 * null market cap) scores exactly 0. ℓ = 0.5 with average size-neutral buzz scores 0.5;
 * ℓ = 0.9 ≈ 0.83; ℓ = 0.1 ≈ 0.17.
 *
 * @see docs/maths.md#conviction-score
 * Cost: O(n) time, two passes over typed arrays, O(n) memory; no allocation per company.
 * @param companies linguisticBeta and marketBuzz finite in [0, 1]; marketCap null or finite >= 0.
 *   Never mutated. Empty gives an empty result.
 * @param options.minMarketCap finite >= 0, default {@link DEFAULT_SCORING_MIN_MARKET_CAP}
 *   (500,000,000 USD).
 * @returns a Float64Array aligned with `companies`: each value in (0, 1) for eligible
 *   companies, exactly 0 for ineligible ones.
 * @throws EngineError INVALID_INPUT naming the field (`companies[4].linguisticBeta`,
 *   `companies[0].marketCap`, `options.minMarketCap`, …) when a value breaks its rule.
 * @example
 * convictionScores([
 *   { linguisticBeta: 0.9, marketBuzz: 0.4, marketCap: 2e9 },
 *   { linguisticBeta: 0.9, marketBuzz: 0.4, marketCap: 1e8 },
 * ]) // => Float64Array [0.8320183851339245, 0] (second company below 500M)
 */
export function convictionScores(companies: ReadonlyArray<ConvictionInput>, options?: ConvictionOptions): Float64Array {
  const { n, beta, buzz, logCap, eligible, meanX, meanY, slope } = readConvictionInputs(companies, options);
  const out = new Float64Array(n);
  const hi = 1 - SCORE_FLOOR;
  for (let i = 0; i < n; i++) {
    if (eligible[i] !== 1) continue; // exactly 0
    const e = buzz[i]! - meanY - slope * (logCap[i]! - meanX);
    const z = BETA_WEIGHT * (beta[i]! - 0.5) + BUZZ_WEIGHT * e;
    // 1/(1+exp(−z)) is monotone in z and never NaN: exp(−z) = Infinity gives 0, then the clamp.
    const s = 1 / (1 + Math.exp(-z));
    out[i] = s < SCORE_FLOOR ? SCORE_FLOOR : s > hi ? hi : s;
  }
  return out;
}
