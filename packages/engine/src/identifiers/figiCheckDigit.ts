import { EngineError } from "../errors/EngineError.ts";
import { figiCheckDigitUnchecked } from "./_internal/figiCheckDigitUnchecked.ts";
import { describeValue } from "./_internal/describeValue.ts";
import { FIGI_BODY_PATTERN, FIGI_BODY_RULE } from "./_internal/figiFormat.ts";

/**
 * Check digit of a FIGI (OMG Financial Instrument Global Identifier 1.0) from its first 11
 * characters.
 *
 * Unlike the ISIN, letters are NOT expanded into two digits before the alternation: each
 * character c_k (k = 1..11 from the left) has one value v_k (digits 0..9, A = 10, …, Z = 35),
 * v_k is multiplied by 2 at the even positions k = 2, 4, …, 10 (equivalently every second
 * character from the right, starting one left of the last), each product (at most 70) is
 * replaced by the sum of its decimal digits, and with S the total the check digit is
 * (10 − S mod 10) mod 10.
 *
 * @see docs/maths.md#figi-check-digit
 * Cost: O(1) (11 characters).
 * @param body the first 11 characters of a FIGI: 2 uppercase consonants (not BS, BM, GG, GB, GH,
 *   KY, VG), "G", 8 uppercase consonants or digits.
 * @returns the check digit, an integer 0..9.
 * @throws EngineError INVALID_INPUT (field `body`) when `body` is not of that form.
 * @example
 * figiCheckDigit("BBG000B9XRY") // => 4 (Apple Inc. composite FIGI, BBG000B9XRY4)
 */
export function figiCheckDigit(body: string): number {
  if (typeof body !== "string" || !FIGI_BODY_PATTERN.test(body)) {
    throw new EngineError(
      "INVALID_INPUT",
      `body must be a FIGI body of ${FIGI_BODY_RULE}, got ${describeValue(body)}`,
      {
        field: "body",
      },
    );
  }
  return figiCheckDigitUnchecked(body);
}
