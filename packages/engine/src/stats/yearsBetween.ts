import { EngineError } from "../errors/EngineError.ts";
import { assertUnixSeconds } from "../_internal/assertUnixSeconds.ts";
import { assertFinite } from "../_internal/validate.ts";
import { DAYS_PER_YEAR, SECONDS_PER_DAY } from "./conventions.ts";
import { assertRepresentable } from "./assertRepresentable.ts";

/**
 * Calendar time between two Unix timestamps in Julian years:
 * `(end - start) / (365.25 * 86400)`.
 *
 * @see docs/maths.md#calendar-and-time
 * Cost: O(1).
 * @param startSeconds finite Unix seconds, years 1 to 9999 (milliseconds are refused, docs/maths.md#strict-inputs).
 * @param endSeconds finite Unix seconds, `>= startSeconds`.
 * @throws EngineError INVALID_INPUT when either is not finite or `endSeconds < startSeconds`.
 * @example
 * yearsBetween(0, 31557600) // => 1
 */
export function yearsBetween(startSeconds: number, endSeconds: number): number {
  assertFinite("startSeconds", startSeconds);
  assertFinite("endSeconds", endSeconds);
  assertUnixSeconds("startSeconds", startSeconds);
  assertUnixSeconds("endSeconds", endSeconds);
  if (endSeconds < startSeconds) {
    throw new EngineError(
      "INVALID_INPUT",
      `endSeconds must satisfy endSeconds >= startSeconds (${startSeconds}), got ${endSeconds}`,
      { field: "endSeconds" },
    );
  }
  const span = assertRepresentable(endSeconds - startSeconds, "endSeconds", "endSeconds - startSeconds");
  return span / (DAYS_PER_YEAR * SECONDS_PER_DAY);
}
