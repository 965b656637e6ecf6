/**
 * Numeric value of one identifier character, shared by the ISIN and FIGI check digits: a digit
 * is itself ('0'..'9' → 0..9) and an uppercase letter is its position in the alphabet plus 9
 * ('A' → 10, 'B' → 11, …, 'Z' → 35). Both ISO 6166 and the FIGI standard (OMG FIGI 1.0,
 * section 7.2.1 letter table) use this mapping. Expects a code unit that is a digit or an
 * uppercase ASCII letter (callers validate first); returns -1 otherwise.
 *
 * @example
 * characterValue("Y".charCodeAt(0)) // => 34
 */
export function characterValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // '0'..'9'
  if (code >= 65 && code <= 90) return code - 55; // 'A'..'Z' → 10..35
  return -1;
}

/** Sum of the decimal digits of a value in 0..99 (e.g. 16 → 7, 70 → 7). */
export function digitSum(value: number): number {
  return value >= 10 ? Math.floor(value / 10) + (value % 10) : value;
}
