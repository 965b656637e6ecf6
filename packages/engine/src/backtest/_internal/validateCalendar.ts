import { EngineError } from "../../errors/EngineError.ts";
import { assertUnixSeconds } from "../../_internal/assertUnixSeconds.ts";
import { toFiniteFloat64 } from "../../_internal/validate.ts";
import { SECONDS_PER_DAY } from "../../stats/conventions.ts";

/**
 * Checks the shared calendar: at least one date, each a finite Unix timestamp in seconds (years 1 to
 * 9999: milliseconds are refused, docs/maths.md#strict-inputs) at 00:00 UTC,
 * strictly increasing. Returns it as a Float64Array (never mutating the input).
 */
export function validateCalendar(calendar: unknown): Float64Array {
  const c = toFiniteFloat64("calendar", calendar, 1);
  for (let i = 0; i < c.length; i++) {
    const t = c[i]!;
    assertUnixSeconds(`calendar[${i}]`, t);
    if (t % SECONDS_PER_DAY !== 0) {
      throw new EngineError("INVALID_INPUT", `calendar[${i}] must be a Unix timestamp at 00:00 UTC (a multiple of 86400), got ${t}`, {
        field: `calendar[${i}]`,
      });
    }
    if (i > 0 && !(t > c[i - 1]!)) {
      throw new EngineError("INVALID_INPUT", `calendar must be strictly increasing: calendar[${i}] = ${t} <= calendar[${i - 1}] = ${c[i - 1]}`, {
        field: `calendar[${i}]`,
      });
    }
  }
  return c;
}
