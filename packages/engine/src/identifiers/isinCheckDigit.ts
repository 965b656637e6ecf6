import { EngineError } from "../errors/EngineError.ts";
import { isinCheckDigitUnchecked } from "./_internal/isinCheckDigitUnchecked.ts";
import { describeValue } from "./_internal/describeValue.ts";
import { ISIN_BODY_PATTERN, ISIN_BODY_RULE } from "./_internal/isinFormat.ts";

/**
 * Check digit of an ISIN (ISO 6166) from its first 11 characters.
 *
 * Each letter becomes two digits (A = 10, …, Z = 35), each digit stays one, giving a digit
 * string d_1 … d_m. Luhn: from the right, d_m is doubled, d_{m-1} is not, d_{m-2} is, …; a
 * doubled digit contributes the sum of the digits of 2·d (2·d − 9 when 2·d ≥ 10), the others
 * contribute themselves; with S the total, the check digit is (10 − S mod 10) mod 10.
 *
 * @see docs/maths.md#isin-check-digit
 * Cost: O(1) (11 characters).
 * @param body the first 11 characters: 2 uppercase letters (country) then 9 uppercase letters
 *   or digits; lowercase is rejected, not folded.
 * @returns the check digit, an integer 0..9.
 * @throws EngineError INVALID_INPUT (field `body`) when `body` is not of that form.
 * @example
 * isinCheckDigit("US037833100") // => 5 (Apple Inc., US0378331005)
 */
export function isinCheckDigit(body: string): number {
  if (typeof body !== "string" || !ISIN_BODY_PATTERN.test(body)) {
    throw new EngineError(
      "INVALID_INPUT",
      `body must be an ISIN body of ${ISIN_BODY_RULE}, got ${describeValue(body)}`,
      {
        field: "body",
      },
    );
  }
  return isinCheckDigitUnchecked(body);
}
