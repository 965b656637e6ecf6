import { characterValue, digitSum } from "./characterValue.ts";

/** The Luhn computation on an already-validated body (no checks). */
export function isinCheckDigitUnchecked(body: string): number {
  let sum = 0;
  let double = true; // the rightmost digit of the expansion is doubled
  for (let i = body.length - 1; i >= 0; i--) {
    const v = characterValue(body.charCodeAt(i));
    // A letter expands to two digits: units (further right) first, then tens.
    const digits = v >= 10 ? 2 : 1;
    let rest = v;
    for (let k = 0; k < digits; k++) {
      const d = rest % 10;
      rest = Math.floor(rest / 10);
      sum += double ? digitSum(2 * d) : d;
      double = !double;
    }
  }
  return (10 - (sum % 10)) % 10;
}
