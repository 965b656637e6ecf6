import { EngineError } from "../errors/EngineError.ts";
import { figiCheckDigitUnchecked } from "./_internal/figiCheckDigitUnchecked.ts";
import { describeValue } from "./_internal/describeValue.ts";
import { FIGI_FORMAT_RULE, FIGI_PATTERN } from "./_internal/figiFormat.ts";

/**
 * Returns `value` when it is a FIGI (see {@link isValidFigi}); otherwise throws, saying which
 * rule failed: the format, or the check digit (with the expected digit).
 *
 * @see docs/maths.md#figi-check-digit
 * Cost: O(1).
 * @param field the name of the input, used in the message and as `EngineError.field`.
 * @param value the candidate (any type).
 * @returns `value`, typed as a string.
 * @throws EngineError INVALID_INPUT when `value` is not a string, breaks the format, or has a
 *   wrong check digit.
 * @example
 * assertFigi("figi", "BBG000B9XRY4") // => "BBG000B9XRY4"
 */
export function assertFigi(field: string, value: unknown): string {
  if (typeof value !== "string" || !FIGI_PATTERN.test(value)) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must be a FIGI of ${FIGI_FORMAT_RULE}, got ${describeValue(value)}`,
      {
        field,
      },
    );
  }
  const expected = figiCheckDigitUnchecked(value);
  if (expected !== value.charCodeAt(11) - 48) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must be a FIGI with a valid check digit: expected ${expected} as 12th character, got ${describeValue(value)}`,
      { field },
    );
  }
  return value;
}
