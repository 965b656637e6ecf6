/** One company as the conviction score sees it (the fields of a strategy holding it needs). */
export interface ConvictionInput {
  /** Structural exposure to the theme, finite in [0, 1]. */
  linguisticBeta: number;
  /** Recent thematic media momentum, finite in [0, 1]. */
  marketBuzz: number;
  /** Market capitalisation in USD, finite and >= 0, or null when unknown (then the company scores 0). */
  marketCap: number | null;
}

/** Options of {@link convictionScores} and {@link sizeNeutralBuzz}. */
export interface ConvictionOptions {
  /**
   * Companies whose market cap is below this (USD), or unknown, are ineligible and score exactly
   * 0; the service's `scoringMinMarketCap`. Finite and >= 0. Default
   * {@link DEFAULT_SCORING_MIN_MARKET_CAP}.
   */
  minMarketCap?: number;
}

/** Default minimum market cap for a conviction score: 500,000,000 USD (the service default). */
export const DEFAULT_SCORING_MIN_MARKET_CAP = 500_000_000;
