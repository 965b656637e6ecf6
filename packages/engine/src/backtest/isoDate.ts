import { SECONDS_PER_DAY } from "../stats/conventions.ts";

/** `YYYY-MM-DD` (UTC) of a Unix timestamp in seconds, for warnings and messages. */
export function isoDate(unixSeconds: number): string {
  const ms = unixSeconds * 1000;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return String(unixSeconds);
  return new Date(Math.floor(unixSeconds / SECONDS_PER_DAY) * SECONDS_PER_DAY * 1000).toISOString().slice(0, 10);
}
