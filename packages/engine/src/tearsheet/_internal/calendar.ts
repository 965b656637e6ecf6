import { SECONDS_PER_DAY } from "../../stats/conventions.ts";

/**
 * `t` moved back `months` calendar months (UTC), the day of the month clamped to the target
 * month's length and the time of day kept: 2024-03-31 minus 1 month is 2024-02-29 (as Python's
 * `dateutil.relativedelta`, which quantstats uses).
 */
export function monthsBefore(t: number, months: number): number {
  const d = new Date(t * 1000);
  const timeOfDay = t - Math.floor(t / SECONDS_PER_DAY) * SECONDS_PER_DAY;
  const index = d.getUTCFullYear() * 12 + d.getUTCMonth() - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay)) / 1000 + timeOfDay;
}

/** 00:00 UTC of the first day of `t`'s month (`yearStart`: of its year). */
export function periodStart(t: number, unit: "month" | "year"): number {
  const d = new Date(t * 1000);
  return Date.UTC(d.getUTCFullYear(), unit === "month" ? d.getUTCMonth() : 0, 1) / 1000;
}
