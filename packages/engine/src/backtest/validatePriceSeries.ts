import { EngineError } from "../errors/EngineError.ts";
import { assertInteger } from "../_internal/validate.ts";
import type { PriceSeries } from "./types.ts";

function describe(value: unknown): string {
  return typeof value === "number" ? String(value) : value === null ? "null" : typeof value;
}

/**
 * Checks the shape of one price series against a calendar of `calendarLength` dates: `start` an
 * integer in [0, calendarLength], `closes` array-like with `start + closes.length <= calendarLength`.
 * O(1): the closes themselves are checked by {@link validateCloses}.
 * `field` names the series in messages, e.g. `prices["AAPL"]`.
 */
export function validatePriceSeries(field: string, series: unknown, calendarLength: number): PriceSeries {
  if (series === null || typeof series !== "object") {
    throw new EngineError("INVALID_INPUT", `${field} must be an object { start, closes }, got ${describe(series)}`, {
      field,
    });
  }
  const { start, closes } = series as PriceSeries;
  assertInteger(`${field}.start`, start, { min: 0, max: calendarLength });
  if (closes === null || typeof closes !== "object" || typeof closes.length !== "number") {
    throw new EngineError("INVALID_INPUT", `${field}.closes must be an array of numbers, got ${describe(closes)}`, {
      field: `${field}.closes`,
    });
  }
  if (start + closes.length > calendarLength) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must end within the calendar: start + closes.length = ${start + closes.length} > calendar.length = ${calendarLength}`,
      { field: `${field}.closes` },
    );
  }
  return series as PriceSeries;
}

/**
 * True when `series` passes {@link validatePriceSeries} for a calendar of `calendarLength` dates,
 * tested without building the field name (callers validate many series and name only a bad one).
 */
export function isWellShapedSeries(series: unknown, calendarLength: number): series is PriceSeries {
  if (series === null || typeof series !== "object") return false;
  const { start, closes } = series as PriceSeries;
  return (
    typeof start === "number" &&
    Number.isInteger(start) &&
    start >= 0 &&
    start <= calendarLength &&
    closes !== null &&
    typeof closes === "object" &&
    typeof closes.length === "number" &&
    start + closes.length <= calendarLength
  );
}

/**
 * `closes[j]` when it is a finite number > 0; otherwise throws INVALID_INPUT naming
 * `${field}.closes[j]`. Called on every close the backtest reads (after {@link validateCloses}
 * has checked the whole series, so it only fails for a value written in place since).
 */
export function readClose(field: string, closes: ArrayLike<number>, j: number): number {
  const v = closes[j];
  if (typeof v === "number" && v > 0 && v < Infinity) return v;
  throw badClose(field, closes, j);
}

/** The INVALID_INPUT error naming `${field}.closes[j]` as not a finite number > 0. */
export function badClose(field: string, closes: ArrayLike<number>, j: number): EngineError {
  return new EngineError(
    "INVALID_INPUT",
    `${field}.closes[${j}] must be a finite number > 0, got ${describe(closes[j])}`,
    {
      field: `${field}.closes[${j}]`,
    },
  );
}

/**
 * Closes arrays checked whole, with the length checked: a series given again (a Map of the same
 * arrays, a sweep, a server's universe) is not scanned again. An array that grew is checked from
 * where the last check stopped. Values written into an array in place after its check are not
 * seen by it (the reads of a backtest still check each value they use): give a new array to
 * change prices, as for the Map cache (docs/maths.md#map-price-cache).
 */
let checkedLength = new WeakMap<object, number>();

/** Forgets every closes array checked so far: the next call checks them all again (benchmarks of a first call, tests). */
export function forgetCheckedCloses(): void {
  checkedLength = new WeakMap();
}

/**
 * Checks every close of a series: each `closes[j]` a finite number > 0, whether or not the
 * caller will read it (docs/maths.md#price-validation). Throws INVALID_INPUT naming
 * `${field}.closes[j]` for the first bad one; `field` is built only then (`name()`). O(length)
 * the first time an array is seen, O(1) after (see {@link checkedLength}).
 */
export function validateCloses(name: () => string, closes: ArrayLike<number>): void {
  const bad = firstBadClose(closes);
  if (bad >= 0) throw badClose(name(), closes, bad);
}

/** Index of the first close of `closes` that is not a finite number > 0, or -1 (remembered, as {@link validateCloses}). */
export function firstBadClose(closes: ArrayLike<number>): number {
  const n = closes.length;
  const done = checkedLength.get(closes) ?? 0;
  if (done >= n) return -1;
  const bad = closes instanceof Float64Array ? firstBadTyped(closes, done) : firstBadAny(closes, done);
  if (bad < 0) checkedLength.set(closes, n);
  return bad;
}

/**
 * Index of the first close at or after `from` that is not a finite number > 0, or -1. Eight at a
 * time: `P > 0` for each (false for NaN), and their sum accumulated over the array, checked
 * finite at the end (an infinite close makes it infinite or NaN); a stop, or a sum that is not
 * finite (an infinity, or finite closes summing past 1.8e308), is resolved one close at a time.
 */
function firstBadTyped(c: Float64Array, from: number): number {
  const n = c.length;
  let i = from;
  let sum = 0;
  for (; i + 8 <= n; i += 8) {
    const a = c[i]!,
      b = c[i + 1]!,
      d = c[i + 2]!,
      e = c[i + 3]!,
      f = c[i + 4]!,
      g = c[i + 5]!,
      h = c[i + 6]!,
      k = c[i + 7]!;
    if (!(a > 0 && b > 0 && d > 0 && e > 0 && f > 0 && g > 0 && h > 0 && k > 0)) break;
    sum += a + b + (d + e) + (f + g + (h + k));
  }
  return firstBadAny(c, sum < Infinity ? i : from);
}

/** {@link firstBadTyped} one close at a time, each checked to be a number (any array-like). */
function firstBadAny(c: ArrayLike<number>, from: number): number {
  const n = c.length;
  for (let i = from; i < n; i++) {
    const v = c[i];
    if (!(typeof v === "number" && v > 0 && v < Infinity)) return i;
  }
  return -1;
}
