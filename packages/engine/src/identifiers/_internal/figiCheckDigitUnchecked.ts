import { characterValue, digitSum } from "./characterValue.ts";

/** The check-digit computation on an already-validated 11-character body (no checks). */
export function figiCheckDigitUnchecked(body: string): number {
  let sum = 0;
  for (let i = 0; i < 11; i++) {
    const v = characterValue(body.charCodeAt(i));
    sum += i % 2 === 1 ? digitSum(2 * v) : digitSum(v); // i odd ⇔ position k = i + 1 even
  }
  return (10 - (sum % 10)) % 10;
}
