import { EngineError } from "../../errors/EngineError.ts";
import { assertUnixSeconds, MAX_UNIX_SECONDS, MIN_UNIX_SECONDS } from "../../_internal/assertUnixSeconds.ts";
import { toFiniteFloat64 } from "../../_internal/validate.ts";
import { SECONDS_PER_DAY } from "../../stats/conventions.ts";

/**
 * Checks the shared calendar: at least one date, each a finite Unix timestamp in seconds (years 1 to
 * 9999: milliseconds are refused, docs/maths.md#strict-inputs) at 00:00 UTC,
 * strictly increasing. Returns it as a Float64Array (never mutating the input). O(D): one tight
 * pass, the messages (which name the day) built only when a rule is broken.
 */
export function validateCalendar(calendar: unknown): Float64Array {
  const c = toFiniteFloat64("calendar", calendar, 1);
  if (allValidDays(c)) return c;
  for (let i = 0; i < c.length; i++) {
    const t = c[i]!;
    assertUnixSeconds(`calendar[${i}]`, t);
    if (t % SECONDS_PER_DAY !== 0) {
      throw new EngineError(
        "INVALID_INPUT",
        `calendar[${i}] must be a Unix timestamp at 00:00 UTC (a multiple of 86400), got ${t}`,
        {
          field: `calendar[${i}]`,
        },
      );
    }
    if (i > 0 && !(t > c[i - 1]!)) {
      throw new EngineError(
        "INVALID_INPUT",
        `calendar must be strictly increasing: calendar[${i}] = ${t} <= calendar[${i - 1}] = ${c[i - 1]}`,
        {
          field: `calendar[${i}]`,
        },
      );
    }
  }
  return c;
}

/**
 * True when every day is in range, at 00:00 UTC and after the one before. `floor(t / 86400) · 86400
 * === t` holds exactly for the multiples of 86400 (the product is exact, |t| < 2^53), and costs a
 * division instead of the floating-point remainder `%` (a library call in V8).
 */
function allValidDays(c: Float64Array): boolean {
  let previous = -Infinity;
  for (let i = 0; i < c.length; i++) {
    const t = c[i]!;
    if (
      !(
        t >= MIN_UNIX_SECONDS &&
        t <= MAX_UNIX_SECONDS &&
        Math.floor(t / SECONDS_PER_DAY) * SECONDS_PER_DAY === t &&
        t > previous
      )
    )
      return false;
    previous = t;
  }
  return true;
}
