/** Beyond this magnitude a NAV is left as it is: a double there has no cents digits to round to (2^53 / 100 ≈ 9·10^13). */
const EXACT_LIMIT = 1e13;

/** The JSON text after the integer part, by cents 0 to 99: "", ".01" … ".09", ".1", ".11" … */
const FRACTIONS = Array.from({ length: 100 }, (_, f) =>
  f === 0 ? "" : f % 10 === 0 ? `.${f / 10}` : `.${f < 10 ? "0" : ""}${f}`,
);

/**
 * A NAV point as the service answers it: rounded to cents (docs/maths.md#nav-in-responses),
 * `Math.round(x · 100) / 100` (half up), never `-0`; unchanged when |x| ≥ 10^13. The engine keeps
 * full precision; only the mock's responses round.
 *
 * @example
 * navCents(10156.804999) // => 10156.8
 * navCents(11565.6789) // => 11565.68
 */
export function navCents(x: number): number {
  if (!(Math.abs(x) < EXACT_LIMIT)) return x;
  const cents = Math.round(x * 100) / 100;
  return cents === 0 ? 0 : cents;
}

/**
 * The JSON text of {@link navCents}`(x)`, exactly `JSON.stringify(navCents(x))` for every finite
 * `x`, written from the integer number of cents: about 4× faster than formatting the double
 * (`bench/README.md`, "Server load"), which is most of an uncached backtest's response. A positive
 * number of cents below 10^15 is the decimal `i.ff` with trailing zeros dropped, and that decimal,
 * having at most 15 significant digits, is the shortest text that reads back as the double
 * `cents / 100`; every other case goes through `JSON.stringify`.
 *
 * @example
 * navCentsText(10089.5) // => "10089.5"
 * navCentsText(10000.004) // => "10000"
 */
export function navCentsText(x: number): string {
  const cents = Math.round(x * 100);
  if (cents > 0 && cents < EXACT_LIMIT * 100) {
    const whole = Math.floor(cents / 100);
    return `${whole}${FRACTIONS[cents - whole * 100]!}`;
  }
  return JSON.stringify(navCents(x));
}
