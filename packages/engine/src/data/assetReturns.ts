import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { readFrequency, type Frequency, type FrequencyInput } from "./Frequency.ts";
import { readAssetIds } from "./assetIds.ts";

/**
 * Per-period simple returns of named assets, T periods × N assets, row-major (`returns[t·N + i]` is
 * asset `assets[i]` in period t), with the sampling they were taken at. Every estimator, optimizer
 * and chart reads the ids and the frequency from here (docs/maths.md#labelled-data). Structurally a
 * `ReturnMatrix`, so any function taking one takes this.
 */
export interface AssetReturns {
  /** N unique ids, the column order. */
  readonly assets: readonly string[];
  /** T·N finite values, each > −1. Never mutated by the engine; do not mutate it either. */
  readonly returns: Float64Array;
  /** T, the number of periods (rows), >= 1. */
  readonly periods: number;
  /** Periods a year (252 daily, 52 weekly, 12 monthly, …): what annualises every figure. */
  readonly periodsPerYear: number;
  readonly frequency: Frequency;
  /** T strictly increasing Unix seconds (each period's end), when known. */
  readonly dates?: readonly number[];
}

/** Options of {@link assetReturns}: the ids, and the sampling (a frequency, periods a year, or both). */
export interface AssetReturnsOptions extends FrequencyInput {
  /** N unique non-empty ids, one per column. */
  assets: readonly string[];
  /** T strictly increasing Unix seconds, one per row (optional). */
  dates?: readonly number[];
}

const built = new WeakSet<object>();

/** True when `value` was made by one of the engine's builders (its numbers were checked then). */
export function isAssetReturns(value: unknown): value is AssetReturns {
  return typeof value === "object" && value !== null && built.has(value);
}

/**
 * Labels a matrix of per-period simple returns with its assets and sampling. Every value is
 * checked once here (finite, > −1), so the functions that read an `AssetReturns` do not check again.
 *
 * @see docs/maths.md#labelled-data
 * Cost: O(T·N).
 * @param values T rows of N returns, or T·N values row-major.
 * @param options see {@link AssetReturnsOptions}.
 * @throws EngineError INVALID_INPUT naming the field and the rule (`values[t][i]`, `options.assets[i]`, …).
 * @example
 * const r = assetReturns([[0.01, 0.02], [-0.01, 0.00]], { assets: ["A", "B"], frequency: "daily" });
 * [r.periods, r.periodsPerYear, r.assets] // => [2, 252, ["A", "B"]]
 */
export function assetReturns(
  values: ArrayLike<ArrayLike<number>> | ArrayLike<number>,
  options: AssetReturnsOptions,
): AssetReturns {
  const o = readOptions<AssetReturnsOptions>(options, "{ assets, frequency?, periodsPerYear?, dates? }", [
    "assets",
    "frequency",
    "periodsPerYear",
    "dates",
  ]);
  const { assets } = readAssetIds("options.assets", o.assets);
  const n = assets.length;
  if (n === 0)
    throw new EngineError("INVALID_INPUT", "options.assets must name at least one asset", { field: "options.assets" });
  const { periodsPerYear, frequency } = readFrequency("options", o);
  if (values === null || typeof values !== "object" || typeof (values as ArrayLike<unknown>).length !== "number") {
    throw new EngineError("INVALID_INPUT", "values must be rows of returns or T·N values row-major", {
      field: "values",
    });
  }
  const nested =
    values.length > 0 && !ArrayBuffer.isView(values) && typeof (values as ArrayLike<unknown>)[0] === "object";
  const periods = nested ? values.length : values.length / n;
  if (!Number.isInteger(periods) || periods < 1) {
    throw new EngineError(
      "INVALID_INPUT",
      `values must hold a whole number of rows of ${n} returns (one per asset), got ${values.length} values`,
      { field: "values" },
    );
  }
  const returns = new Float64Array(periods * n);
  for (let t = 0; t < periods; t++) {
    const row = nested ? (values as ArrayLike<ArrayLike<number>>)[t] : undefined;
    if (nested && (row === null || typeof row !== "object" || row.length !== n)) {
      throw new EngineError("INVALID_INPUT", `values[${t}] must be a row of ${n} returns (one per asset)`, {
        field: `values[${t}]`,
      });
    }
    for (let i = 0; i < n; i++) {
      const v = nested ? row![i] : (values as ArrayLike<number>)[t * n + i];
      if (typeof v !== "number" || !Number.isFinite(v) || v <= -1) {
        const where = nested ? `values[${t}][${i}]` : `values[${t * n + i}]`;
        throw new EngineError(
          "INVALID_INPUT",
          `${where} (asset ${assets[i]}, period ${t}) must be a finite simple return > -1, got ${String(v)}`,
          { field: where },
        );
      }
      returns[t * n + i] = v;
    }
  }
  return makeAssetReturns(
    assets,
    returns,
    periods,
    periodsPerYear,
    frequency,
    o.dates === undefined ? undefined : readDates("options.dates", o.dates, periods),
  );
}

/** Checks T strictly increasing finite Unix seconds. */
export function readDates(field: string, dates: unknown, periods: number): readonly number[] {
  if (!Array.isArray(dates) || dates.length !== periods) {
    throw new EngineError("INVALID_INPUT", `${field} must hold ${periods} Unix seconds (one per period)`, { field });
  }
  for (let t = 0; t < dates.length; t++) {
    const d = dates[t];
    if (typeof d !== "number" || !Number.isFinite(d) || (t > 0 && !(d > dates[t - 1]))) {
      throw new EngineError(
        "INVALID_INPUT",
        `${field}[${t}] must be a finite Unix second after ${field}[${t - 1}], got ${String(d)}`,
        { field: `${field}[${t}]` },
      );
    }
    if (Math.abs(d) > 1e11) {
      throw new EngineError(
        "INVALID_INPUT",
        `${field}[${t}] = ${d} looks like milliseconds; give Unix seconds (divide by 1000)`,
        { field: `${field}[${t}]` },
      );
    }
  }
  return Object.freeze([...dates] as number[]);
}

/**
 * Wraps values already checked by an engine builder (no copy, no check). Private to the engine:
 * the builders (prices, rows, records, Arrow, CSV) end here.
 */
export function makeAssetReturns(
  assets: readonly string[],
  returns: Float64Array,
  periods: number,
  periodsPerYear: number,
  frequency: Frequency,
  dates?: readonly number[],
): AssetReturns {
  const value: AssetReturns = Object.freeze({
    assets,
    returns,
    periods,
    periodsPerYear,
    frequency,
    ...(dates === undefined ? {} : { dates }),
  });
  built.add(value);
  return value;
}
