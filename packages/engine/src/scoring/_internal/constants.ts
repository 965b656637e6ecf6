/**
 * Constants of the conviction score (docs/maths.md#conviction-score). The engine's shared `EPS`
 * (src/_internal/tolerance.ts) decides when all eligible market caps count as equal:
 * max ln(mcap) − min ln(mcap) <= EPS, i.e. every cap is within a factor e^EPS of every other.
 */
/** Weight of the linguistic beta in the logit: z = BETA_WEIGHT·(ℓ − 0.5) + BUZZ_WEIGHT·e. */
export const BETA_WEIGHT = 4;
/** Weight of the size-neutral buzz residual in the logit. */
export const BUZZ_WEIGHT = 6;
/** Scores are clamped to [SCORE_FLOOR, 1 − SCORE_FLOOR] so they stay strictly inside (0, 1). */
export const SCORE_FLOOR = 2 ** -52;
