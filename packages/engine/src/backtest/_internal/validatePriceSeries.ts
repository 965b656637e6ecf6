import { EngineError } from "../../errors/EngineError.ts";
import { assertInteger } from "../../_internal/validate.ts";
import type { PriceSeries } from "../types.ts";

function describe(value: unknown): string {
  return typeof value === "number" ? String(value) : value === null ? "null" : typeof value;
}

/**
 * Checks the shape of one price series against a calendar of `calendarLength` dates: `start` an
 * integer in [0, calendarLength], `closes` array-like with `start + closes.length <= calendarLength`.
 * O(1): the closes themselves are checked as they are read ({@link readClose}).
 * `field` names the series in messages, e.g. `prices["AAPL"]`.
 */
export function validatePriceSeries(field: string, series: unknown, calendarLength: number): PriceSeries {
  if (series === null || typeof series !== "object") {
    throw new EngineError("INVALID_INPUT", `${field} must be an object { start, closes }, got ${describe(series)}`, { field });
  }
  const { start, closes } = series as PriceSeries;
  assertInteger(`${field}.start`, start, { min: 0, max: calendarLength });
  if (closes === null || typeof closes !== "object" || typeof closes.length !== "number") {
    throw new EngineError("INVALID_INPUT", `${field}.closes must be an array of numbers, got ${describe(closes)}`, { field: `${field}.closes` });
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
 * `${field}.closes[j]`. Called on every close the backtest reads.
 */
export function readClose(field: string, closes: ArrayLike<number>, j: number): number {
  const v = closes[j];
  if (typeof v === "number" && v > 0 && v < Infinity) return v;
  throw new EngineError("INVALID_INPUT", `${field}.closes[${j}] must be a finite number > 0, got ${describe(v)}`, {
    field: `${field}.closes[${j}]`,
  });
}
