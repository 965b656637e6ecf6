import { assertInRange } from "../_internal/validate.ts";

/** Band of a conviction score, as the service describes it. */
export type ConvictionBand = "high" | "moderate" | "low";

/**
 * Band of a conviction score: "high" when score > 0.5, "moderate" when 0.2 <= score <= 0.5,
 * "low" when score < 0.2 (an ineligible company's 0 is "low").
 *
 * @see docs/maths.md#conviction-score
 * Cost: O(1).
 * @param score finite in [0, 1].
 * @returns the band.
 * @throws EngineError INVALID_INPUT (field `score`) when the score is not finite in [0, 1].
 * @example
 * convictionBand(0.5) // => "moderate"
 */
export function convictionBand(score: number): ConvictionBand {
  assertInRange("score", score, { min: 0, max: 1 });
  if (score > 0.5) return "high";
  if (score >= 0.2) return "moderate";
  return "low";
}
