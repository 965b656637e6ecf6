import { EngineError } from "../errors/EngineError.ts";
import { isinCheckDigitUnchecked } from "./_internal/isinCheckDigitUnchecked.ts";
import { describeValue } from "./_internal/describeValue.ts";
import { ISIN_FORMAT_RULE, ISIN_PATTERN } from "./_internal/isinFormat.ts";

/**
 * Returns `value` when it is an ISIN (see {@link isValidIsin}); otherwise throws, saying which
 * rule failed: the format, or the check digit (with the expected digit).
 *
 * @see docs/maths.md#isin-check-digit
 * Cost: O(1).
 * @param field the name of the input, used in the message and as `EngineError.field`.
 * @param value the candidate (any type).
 * @returns `value`, typed as a string.
 * @throws EngineError INVALID_INPUT when `value` is not a string, breaks the format, or has a
 *   wrong check digit.
 * @example
 * assertIsin("isin", "JP3633400001") // => "JP3633400001" (Toyota Motor Corp.)
 */
export function assertIsin(field: string, value: unknown): string {
  if (typeof value !== "string" || !ISIN_PATTERN.test(value)) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must be an ISIN of ${ISIN_FORMAT_RULE}, got ${describeValue(value)}`,
      {
        field,
      },
    );
  }
  const expected = isinCheckDigitUnchecked(value.slice(0, 11));
  if (expected !== value.charCodeAt(11) - 48) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must be an ISIN with a valid check digit (ISO 6166 Luhn): expected ${expected} as 12th character, got ${describeValue(value)}`,
      { field },
    );
  }
  return value;
}
