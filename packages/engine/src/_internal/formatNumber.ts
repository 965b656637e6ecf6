/**
 * A number for people, in error messages and warnings: rounded to `digits` significant digits
 * (default 6) unless it is a safe integer (written exactly: a bound such as 2^53 - 1 must not read
 * as a larger one), trailing zeros dropped, thousands grouped with commas from 10,000 up, exponent form
 * below 1e-6 and from 1e21 (JavaScript's own rule). The exact value belongs in the error's
 * `details` (docs/maths.md#strict-inputs).
 *
 * Cost: O(1).
 * @example
 * formatNumber(3 * 0.2) // => "0.6"
 * formatNumber(500_000_000) // => "500,000,000"
 * formatNumber(1.0000000000000002, 17) // => "1.0000000000000002"
 * formatNumber(Number.MAX_SAFE_INTEGER) // => "9,007,199,254,740,991"
 */
export function formatNumber(x: number, digits = 6): string {
  if (!Number.isFinite(x)) return String(x);
  const rounded = Number.isSafeInteger(x) ? x : Number(x.toPrecision(digits));
  const text = String(rounded);
  if (Math.abs(rounded) < 1e4 || text.includes("e")) return text;
  const [int, frac] = text.split(".") as [string, string | undefined];
  const sign = int.startsWith("-") ? "-" : "";
  const digitsOnly = sign === "" ? int : int.slice(1);
  const grouped = digitsOnly.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}${frac === undefined ? "" : `.${frac}`}`;
}

/**
 * `value` rounded for people, with more digits when needed so that it does not read as equal to
 * any of `others` it differs from (e.g. a value just above a bound: "1.0000000000000002", not "1").
 * @example
 * formatDistinct(1.0000000000000002, [1]) // => "1.0000000000000002"
 */
export function formatDistinct(value: number, others: readonly number[]): string {
  for (let digits = 6; digits < 17; digits++) {
    const text = formatNumber(value, digits);
    if (others.every((o) => o === value || formatNumber(o, digits) !== text)) return text;
  }
  return formatNumber(value, 17);
}
