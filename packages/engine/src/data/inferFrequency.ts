import { EngineError } from "../errors/EngineError.ts";
import type { Frequency } from "./Frequency.ts";

/** Median gap (calendar days) bands of each frequency: business days (1–3 days, median 1), weeks, months, quarters, years. */
const BANDS: ReadonlyArray<{ frequency: Exclude<Frequency, "custom">; min: number; max: number }> = [
  { frequency: "daily", min: 0.5, max: 1.5 },
  { frequency: "weekly", min: 5, max: 9 },
  { frequency: "monthly", min: 26, max: 33 },
  { frequency: "quarterly", min: 85, max: 95 },
  { frequency: "annual", min: 360, max: 370 },
];

/**
 * The sampling of a calendar, read from the median gap between consecutive dates
 * (docs/maths.md#labelled-data): daily (business days: median 1 day), weekly (5–9), monthly (26–33),
 * quarterly (85–95) or annual (360–370 days).
 *
 * Cost: O(T log T).
 * @param dates at least 2 strictly increasing Unix seconds.
 * @throws EngineError INVALID_INPUT when the dates are too few or their median gap fits no band (give `frequency`).
 * @example
 * inferFrequency([1704153600, 1704240000, 1704326400]) // => "daily"
 */
export function inferFrequency(dates: readonly number[]): Exclude<Frequency, "custom"> {
  if (!Array.isArray(dates) || dates.length < 2) {
    throw new EngineError(
      "INVALID_INPUT",
      "dates must hold at least 2 Unix seconds to read the frequency from; give frequency instead",
      { field: "dates" },
    );
  }
  const gaps: number[] = [];
  for (let t = 1; t < dates.length; t++) {
    const a = dates[t - 1];
    const b = dates[t];
    if (typeof a !== "number" || typeof b !== "number" || !Number.isFinite(a) || !Number.isFinite(b) || !(b > a)) {
      throw new EngineError(
        "INVALID_INPUT",
        `dates[${t}] must be a finite Unix second after dates[${t - 1}], got ${String(b)}`,
        { field: `dates[${t}]` },
      );
    }
    gaps.push((b - a) / 86400);
  }
  gaps.sort((x, y) => x - y);
  const mid = gaps.length >> 1;
  const median = gaps.length % 2 === 1 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2;
  for (const band of BANDS) if (median >= band.min && median <= band.max) return band.frequency;
  throw new EngineError(
    "INVALID_INPUT",
    `the dates are ${median} days apart (median), which is no daily, weekly, monthly, quarterly or annual sampling; give frequency or periodsPerYear`,
    { field: "dates", details: { medianGapDays: median } },
  );
}
