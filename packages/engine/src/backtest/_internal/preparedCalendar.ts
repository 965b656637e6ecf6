import { EngineError } from "../../errors/EngineError.ts";
import { validateCalendar } from "./validateCalendar.ts";
import { isoWeek } from "./isoWeek.ts";
import { SECONDS_PER_DAY } from "../../stats/conventions.ts";
import { MAX_UNIX_SECONDS, MIN_UNIX_SECONDS } from "../../_internal/assertUnixSeconds.ts";

/** A checked trading calendar and the index of the last trading day of each ISO week. */
export interface PreparedCalendar {
  /** The trading days, Unix seconds at 00:00 UTC, strictly increasing (never exposed, never mutated). */
  days: Float64Array;
  /**
   * Increasing indices i < days.length - 1 where day i is the last trading day of its ISO week
   * (day i + 1 falls in a later ISO week). The calendar's own last day is not listed: whether its
   * week is over is unknown.
   */
  weekEnds: Int32Array;
}

/** Prepared calendars by the `TradingCalendar` handle given to users (see ../tradingCalendar.ts). */
const registry = new WeakMap<object, PreparedCalendar>();

/**
 * Checks `calendar` (validateCalendar's rules) and indexes its ISO-week ends. O(D). An array or a
 * Float64Array of valid days is copied, checked and indexed in one pass ({@link quickPrepare});
 * anything else, or a day breaking a rule, goes through the checks that name it
 * ({@link checkedPrepare}). `days` is a new array in practice (quickPrepare copies; checkedPrepare
 * keeps a Float64Array input itself, but only one that breaks a rule reaches it, and throws):
 * callers still copy `days` when it is their input.
 *
 * @throws EngineError INVALID_INPUT as validateCalendar
 */
export function prepareCalendar(calendar: unknown): PreparedCalendar {
  return quickPrepare(calendar) ?? checkedPrepare(calendar);
}

/**
 * The days checked one rule at a time (validateCalendar, whose messages name the first day
 * breaking a rule), then their ISO-week ends indexed. Exported for tests (quickPrepare must agree).
 */
export function checkedPrepare(calendar: unknown): PreparedCalendar {
  const days = validateCalendar(calendar);
  const ends = new Int32Array(Math.max(0, days.length - 1));
  let count = 0;
  // Day number (t / 86400, exact: days are midnights) at which the next ISO week starts: week w
  // holds the days d with floor((d + 3) / 7) = w, so week w + 1 starts at 7(w + 1) − 3. One
  // division and one comparison a day instead of two floors.
  let nextWeekStart = 7 * (isoWeek(days[0]!) + 1) - 3;
  for (let i = 0; i + 1 < days.length; i++) {
    const day = days[i + 1]! / SECONDS_PER_DAY;
    if (day >= nextWeekStart) {
      ends[count++] = i;
      nextWeekStart = 7 * (isoWeek(days[i + 1]!) + 1) - 3;
    }
  }
  return { days, weekEnds: ends.slice(0, count) };
}

/**
 * {@link checkedPrepare} for the usual input, an array or Float64Array of valid days, in one pass
 * (each day read once: copied, checked, its week compared with the next week's start), with no
 * message built; undefined as soon as a day breaks a rule or the input is another kind of
 * object, so that checkedPrepare names the fault. The checks are validateCalendar's: a number
 * within years 1..9999 in seconds, a midnight (`floor(t / 86400) · 86400 === t`, exact), greater
 * than the day before.
 */
function quickPrepare(calendar: unknown): PreparedCalendar | undefined {
  if (!Array.isArray(calendar) && !(calendar instanceof Float64Array)) return undefined;
  const n = calendar.length;
  if (n === 0) return undefined;
  const days = new Float64Array(n);
  const ends = new Int32Array(n - 1);
  let count = 0;
  let previous = -Infinity;
  let nextWeekStart = -Infinity;
  for (let i = 0; i < n; i++) {
    const t: unknown = calendar[i];
    if (typeof t !== "number") return undefined;
    const day = Math.floor(t / SECONDS_PER_DAY);
    if (!(t >= MIN_UNIX_SECONDS && t <= MAX_UNIX_SECONDS && day * SECONDS_PER_DAY === t && t > previous))
      return undefined;
    if (day >= nextWeekStart) {
      if (i > 0) ends[count++] = i - 1;
      nextWeekStart = 7 * (Math.floor((day + 3) / 7) + 1) - 3;
    }
    days[i] = t;
    previous = t;
  }
  return { days, weekEnds: ends.slice(0, count) };
}

/** Remembers `prepared` as the data behind `handle`. */
export function registerCalendar(handle: object, prepared: PreparedCalendar): void {
  registry.set(handle, prepared);
}

/**
 * Plain calendars (arrays of days) prepared before, by the array: the days as they were (a private
 * copy) and their prepared form, reused while the array still holds exactly those days.
 */
const plainCalendars = new WeakMap<object, PreparedCalendar>();

/** True when `calendar` holds exactly `days` (same length, every day equal): O(D) comparisons, no check or week scan. */
function holdsDays(calendar: ArrayLike<unknown>, days: Float64Array): boolean {
  if (calendar.length !== days.length) return false;
  for (let i = 0; i < days.length; i++) if (calendar[i] !== days[i]) return false;
  return true;
}

/**
 * The prepared form of a backtest's `calendar`: a `TradingCalendar`'s in O(1), a plain array's
 * checked and indexed now (O(D)), or, for an array given before that still holds the same days
 * (compared one by one, so writing into the array is seen), the form prepared then: the same
 * object each time, so that what is cached against a calendar (the weekly closes of a Map,
 * mapPriceTable.ts) is found again by identity.
 *
 * @throws EngineError INVALID_INPUT for a plain array breaking validateCalendar's rules, or an object
 *   that looks like a TradingCalendar but was not made by `tradingCalendar`
 */
export function preparedCalendarOf(calendar: unknown): PreparedCalendar {
  if (calendar === null || typeof calendar !== "object") return prepareCalendar(calendar);
  const prepared = registry.get(calendar);
  if (prepared !== undefined) return prepared;
  if ((calendar as { kind?: unknown }).kind === "TradingCalendar") {
    throw new EngineError(
      "INVALID_INPUT",
      "calendar is a TradingCalendar not made by tradingCalendar() of this engine copy; pass the days instead",
      {
        field: "calendar",
      },
    );
  }
  const known = plainCalendars.get(calendar);
  if (known !== undefined && holdsDays(calendar as ArrayLike<unknown>, known.days)) return known;
  const fresh = prepareCalendar(calendar);
  // A Float64Array is checked in place: keep a copy, which later writes to the array cannot reach.
  const kept = fresh.days === calendar ? { ...fresh, days: fresh.days.slice() } : fresh;
  plainCalendars.set(calendar, kept);
  return kept;
}
