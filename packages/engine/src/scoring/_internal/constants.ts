/**
 * Constants of the conviction score (docs/maths.md#conviction-score).
 *
 * `EPS` is the engine's one shared relative tolerance (docs/maths.md#numbers). Here it decides
 * when all eligible market caps count as equal: max ln(mcap) − min ln(mcap) <= EPS, i.e. every
 * market cap is within a factor e^EPS ≈ 1 + 1e-9 of every other.
 */
export const EPS = 1e-9;
/** Weight of the linguistic beta in the logit: z = BETA_WEIGHT·(ℓ − 0.5) + BUZZ_WEIGHT·e. */
export const BETA_WEIGHT = 4;
/** Weight of the size-neutral buzz residual in the logit. */
export const BUZZ_WEIGHT = 6;
/** Scores are clamped to [SCORE_FLOOR, 1 − SCORE_FLOOR] so they stay strictly inside (0, 1). */
export const SCORE_FLOOR = 2 ** -52;
