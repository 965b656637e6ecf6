/**
 * "2021-11-26 → 2026-11-20": the first and last dates of a series (UTC), for subtitles.
 *
 * @example
 * dateRange(Float64Array.of(0, 86400)) // => "1970-01-01 → 1970-01-02"
 */
export function dateRange(t: Float64Array): string {
  const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);
  return t.length === 0 ? "" : `${day(t[0]!)} → ${day(t[t.length - 1]!)}`;
}
