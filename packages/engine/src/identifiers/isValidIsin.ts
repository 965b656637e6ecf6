import { isinCheckDigitUnchecked } from "./_internal/isinCheckDigitUnchecked.ts";
import { ISIN_PATTERN } from "./_internal/isinFormat.ts";

/**
 * Whether `value` is an ISIN (ISO 6166): the format (2 uppercase letters, 9 uppercase letters
 * or digits, 1 digit; exactly 12 characters, no lowercase, no spaces) and the Luhn check digit
 * of {@link isinCheckDigit}.
 *
 * @see docs/maths.md#isin-check-digit
 * Cost: O(1).
 * @param value any string (a non-string gives false).
 * @returns true when both the format and the check digit hold.
 * @throws nothing.
 * @example
 * isValidIsin("DE0007164600") // => true (SAP SE)
 */
export function isValidIsin(value: string): boolean {
  if (typeof value !== "string" || !ISIN_PATTERN.test(value)) return false;
  return isinCheckDigitUnchecked(value.slice(0, 11)) === value.charCodeAt(11) - 48;
}
