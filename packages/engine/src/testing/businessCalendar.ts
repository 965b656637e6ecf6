/**
 * Business-day calendars for tests and oracles, computed with `Date` (independently of the
 * engine's own calendar code).
 */

const DAY = 86400;

/** Unix seconds at 00:00 UTC of an ISO date `YYYY-MM-DD`. */
export function utc(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / 1000;
}

/**
 * Monday–Friday dates from `from` to `to` inclusive (Unix seconds at 00:00 UTC), minus any day for
 * which `isHoliday(t)` is true.
 */
export function businessCalendar(from: number, to: number, isHoliday: (t: number) => boolean = () => false): number[] {
  const out: number[] = [];
  for (let t = from; t <= to; t += DAY) {
    const weekday = new Date(t * 1000).getUTCDay(); // 0 Sunday .. 6 Saturday
    if (weekday !== 0 && weekday !== 6 && !isHoliday(t)) out.push(t);
  }
  return out;
}

/** Monday 00:00 UTC of the ISO week holding `t`, computed with Date (independent of the engine's week formula). */
export function mondayOf(t: number): number {
  const weekday = new Date(t * 1000).getUTCDay();
  return t - ((weekday + 6) % 7) * DAY;
}
