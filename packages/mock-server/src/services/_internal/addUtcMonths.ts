/**
 * The UTC midnight `months` calendar months after (or before, when negative) the UTC day of
 * `ms`, the day of month clamped to the target month's length: 31 March − 1 month = 28 or 29
 * February, 29 February + 12 months = 28 February (the usual end-of-month rule, as date-fns'
 * `addMonths`/`addYears`). Time of day is dropped. Replaces date-fns for the mock's three uses
 * (docs/decisions.md "Light and quick where users run it").
 *
 * @example
 * new Date(addUtcMonths(Date.UTC(2024, 2, 31), -1)).toISOString().slice(0, 10) // => "2024-02-29"
 * new Date(addUtcMonths(Date.UTC(2024, 1, 29), 12)).toISOString().slice(0, 10) // => "2025-02-28"
 */
export function addUtcMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay));
}

/** `YYYY-MM-DD` of a UTC day `years` calendar years from `day` (also `YYYY-MM-DD`), clamped as {@link addUtcMonths}. */
export function shiftIsoDayYears(day: string, years: number): string {
  return new Date(addUtcMonths(Date.parse(`${day}T00:00:00Z`), 12 * years)).toISOString().slice(0, 10);
}
