import type { UniverseAccess } from "../../context/contextParts.ts";
import { ApiError } from "../../errors/ApiError.ts";
import { isoDate } from "./isoDate.ts";

/**
 * Checks the as-of date of a historical run or read: a real calendar date, not after today (UTC,
 * by the mock's clock: the reference rejects future dates with 400) and not before the first day
 * of the universe's prices (nothing existed to select from).
 *
 * @param field the field to name in the error, e.g. "body.as_of_date" or "query.date"
 * @throws ApiError 400 naming `field` and the rule
 * @example
 * checkAsOfDate(ctx, "2999-01-01", now, "body.as_of_date") // throws 400 "body.as_of_date: … future …"
 */
export function checkAsOfDate(ctx: UniverseAccess, date: string, now: number, field: string): void {
  const parsed = Date.parse(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(parsed) || isoDate(parsed) !== date) {
    throw new ApiError(400, `${field}: must be a date YYYY-MM-DD`);
  }
  const today = isoDate(now);
  if (date > today)
    throw new ApiError(400, `${field}: ${date} is in the future (today is ${today} UTC); future dates are rejected`);
  const first = ctx.universe.prices.calendar[0];
  if (first !== undefined && date < isoDate(first * 1000)) {
    throw new ApiError(400, `${field}: ${date} is before the first day with data (${isoDate(first * 1000)})`);
  }
}
