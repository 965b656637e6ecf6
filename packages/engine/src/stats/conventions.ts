/**
 * Fixed conventions of the statistics area, each stated once in docs/maths.md.
 *
 * @see docs/maths.md#calendar-and-time
 */

/** Periods per year used to annualise (252 trading days, 52 weeks, …): one table, kept with the frequencies. @see docs/maths.md#calendar-and-time */
export { PERIODS_PER_YEAR } from "../data/Frequency.ts";

/** Days in a (Julian) year when calendar time is turned into years. @see docs/maths.md#calendar-and-time */
export const DAYS_PER_YEAR = 365.25;

/** Seconds in a day; timestamps are Unix seconds at 00:00 UTC. @see docs/maths.md#calendar-and-time */
export const SECONDS_PER_DAY = 86400;

/** Default confidence level β of VaR and CVaR. @see docs/maths.md#signs */
export const DEFAULT_CONFIDENCE = 0.95;
