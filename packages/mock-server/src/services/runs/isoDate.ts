/**
 * The UTC calendar date (YYYY-MM-DD) of an instant in ms: the as-of date of a run started then.
 *
 * @example
 * isoDate(Date.UTC(2026, 10, 20, 23, 59)) // => "2026-11-20"
 */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
