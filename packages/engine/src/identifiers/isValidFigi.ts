import { figiCheckDigitUnchecked } from "./_internal/figiCheckDigitUnchecked.ts";
import { FIGI_PATTERN } from "./_internal/figiFormat.ts";

/**
 * Whether `value` is a FIGI: 12 characters; characters 1-2 uppercase consonants (Y included)
 * and not one of BS, BM, GG, GB, GH, KY, VG; character 3 "G"; characters 4-11 uppercase
 * consonants or digits; character 12 the check digit of {@link figiCheckDigit}.
 *
 * @see docs/maths.md#figi-check-digit
 * Cost: O(1).
 * @param value any string (a non-string gives false).
 * @returns true when both the format and the check digit hold.
 * @throws nothing.
 * @example
 * isValidFigi("BBG000BPH459") // => true (Microsoft Corp. composite FIGI)
 */
export function isValidFigi(value: string): boolean {
  if (typeof value !== "string" || !FIGI_PATTERN.test(value)) return false;
  return figiCheckDigitUnchecked(value) === value.charCodeAt(11) - 48;
}
