import type { PriceSeries } from "../backtest/types.ts";
import { assertUnixSeconds } from "../_internal/assertUnixSeconds.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { isoDate } from "../backtest/isoDate.ts";
import { validateCloses } from "../backtest/validatePriceSeries.ts";
import { EngineError } from "../errors/EngineError.ts";
import { assertFinite, assertInteger } from "../_internal/validate.ts";
import { assertRepresentable } from "../stats/assertRepresentable.ts";
import type { ExcludedCompany, ReturnScenarios } from "./types.ts";
import { firstAbove } from "../_internal/sortedSearch.ts";

/** Options of {@link scenariosFromPrices}. */
export interface ScenariosFromPricesOptions {
  /** Number of daily returns in the look-back window: integer >= 2; default 1260 (5 × 252 trading days). */
  lookbackDays?: number;
  /** Unix seconds; the window ends on the last calendar day <= asOf. Default: the last calendar day. */
  asOf?: number;
}

/** Default look-back: 1260 daily returns, five years of 252 trading days. */
const DEFAULT_LOOKBACK_DAYS = 1260;

/**
 * Historical return scenarios for the optimizers: the last `lookbackDays` daily simple returns
 * `R[t, i] = P_i(d_t) / P_i(d_{t-1}) - 1` of each id, ending on the last calendar day `e` <= asOf
 * (docs/maths.md#return-scenarios). The window holds the closes of calendar days
 * `s..e` with `s = max(0, e - lookbackDays)`: fewer returns when the calendar is shorter. An id
 * is kept only when it has a close on every day of the window; otherwise (no series, or a series
 * starting after `s` or ending before `e`) it is excluded with the reason. Kept ids stay in input order.
 * Every close of each listed id's series is checked, inside the window or not (as the backtests
 * do, docs/maths.md#price-validation); a result with no id is refused rather than returned empty.
 *
 * @see docs/maths.md#return-scenarios
 * Cost: O(T·N) for T returns and N ids.
 * @param calendar strictly increasing finite Unix seconds (trading days), non-empty; fewer than 3 days leave fewer
 *   than 2 returns (INSUFFICIENT_DATA).
 * @param prices series by id, at least one (backtest `PriceSeries`: `start` integer in [0, calendar.length],
 *   `start + closes.length <= calendar.length`); every close of each listed id's series finite and > 0.
 * @param ids unique non-empty strings, at least one.
 * @param options see {@link ScenariosFromPricesOptions}.
 * @throws EngineError INVALID_INPUT when an argument breaks a rule above (the message names it), including
 *   an empty calendar, an empty `prices` Map, empty `ids` and `options` that is not an object, or a
 *   return overflows (a close more than 1.8e308 times the previous one).
 * @throws EngineError INSUFFICIENT_DATA when `asOf` precedes the calendar, the window holds fewer
 *   than 2 returns, or no id has a close on every day of the window (field `ids`, the reasons listed).
 * @example
 * const day = 86400;
 * const r = scenariosFromPrices([0, day, 2 * day], new Map([["A", { start: 0, closes: [100, 110, 99] }]]), ["A"]);
 * Array.from(r.scenarios.returns) // => [0.10000000000000009, -0.09999999999999998]
 */
export function scenariosFromPrices(
  calendar: ArrayLike<number>,
  prices: ReadonlyMap<string, PriceSeries>,
  ids: readonly string[],
  options: ScenariosFromPricesOptions = {},
): { scenarios: ReturnScenarios; excluded: ExcludedCompany[] } {
  if (calendar === null || typeof calendar !== "object" || typeof calendar.length !== "number") {
    throw new EngineError("INVALID_INPUT", "calendar must be an array of Unix seconds", { field: "calendar" });
  }
  if (calendar.length === 0) {
    throw new EngineError("INVALID_INPUT", "calendar must hold at least 1 day, got 0", { field: "calendar" });
  }
  for (let j = 0; j < calendar.length; j++) {
    assertFinite(`calendar[${j}]`, calendar[j]);
    assertUnixSeconds(`calendar[${j}]`, calendar[j]!);
    if (j > 0 && !(calendar[j]! > calendar[j - 1]!)) {
      throw new EngineError(
        "INVALID_INPUT",
        `calendar must be strictly increasing, but calendar[${j}] <= calendar[${j - 1}]`,
        {
          field: `calendar[${j}]`,
        },
      );
    }
  }
  if (!(prices instanceof Map))
    throw new EngineError("INVALID_INPUT", "prices must be a Map from id to price series", { field: "prices" });
  if (!Array.isArray(ids)) throw new EngineError("INVALID_INPUT", "ids must be an array of strings", { field: "ids" });
  readOptions<ScenariosFromPricesOptions>(options, "{ lookbackDays?, asOf? }", ["lookbackDays", "asOf"]);
  const { lookbackDays = DEFAULT_LOOKBACK_DAYS } = options;
  assertInteger("lookbackDays", lookbackDays, { min: 2 });
  // Only undefined means "default": a null is a wrong type, rejected by assertFinite.
  const asOf = options.asOf === undefined ? calendar[calendar.length - 1]! : options.asOf;
  assertFinite("asOf", asOf);

  // End: the last calendar index with calendar[e] <= asOf.
  const end = firstAbove(calendar, asOf) - 1;
  if (end < 0) {
    throw new EngineError("INSUFFICIENT_DATA", `asOf ${asOf} precedes the first calendar day`, { field: "asOf" });
  }
  const start = Math.max(0, end - lookbackDays);
  const T = end - start;
  if (T < 2) {
    throw new EngineError(
      "INSUFFICIENT_DATA",
      `the look-back window ending ${isoDate(calendar[end]!)} holds ${T} daily return(s); at least 2 are needed`,
      {
        field: "calendar",
      },
    );
  }

  // Empty input is refused here, not returned as an empty scenario set (`details.periods`: the window's T, for callers' own messages).
  if (prices.size === 0)
    throw new EngineError("INVALID_INPUT", "prices must hold at least 1 series, got an empty Map", {
      field: "prices",
      details: { periods: T },
    });
  if (ids.length === 0)
    throw new EngineError("INVALID_INPUT", "ids must hold at least 1 id, got 0", {
      field: "ids",
      details: { periods: T },
    });

  const kept: string[] = [];
  const series: ArrayLike<number>[] = [];
  const offsets: number[] = [];
  const excluded: ExcludedCompany[] = [];
  const seen = new Set<string>();
  const window = `${isoDate(calendar[start]!)}..${isoDate(calendar[end]!)}`;
  for (let i = 0; i < ids.length; i++) {
    const id: unknown = ids[i];
    if (typeof id !== "string" || id.length === 0)
      throw new EngineError("INVALID_INPUT", `ids[${i}] must be a non-empty string`, { field: `ids[${i}]` });
    if (seen.has(id))
      throw new EngineError("INVALID_INPUT", `ids[${i}] ${id} is listed more than once`, { field: `ids[${i}]` });
    seen.add(id);
    const s = prices.get(id);
    if (s === undefined) {
      excluded.push({ id, reason: "no price series" });
      continue;
    }
    const at = `prices.get(${id})`;
    if (s === null || typeof s !== "object") {
      throw new EngineError("INVALID_INPUT", `${at} must be { start, closes }`, { field: at });
    }
    if (s.closes === null || typeof s.closes !== "object" || typeof s.closes.length !== "number") {
      throw new EngineError("INVALID_INPUT", `${at}.closes must be an array of numbers`, { field: `${at}.closes` });
    }
    assertInteger(`${at}.start`, s.start, { min: 0, max: calendar.length });
    if (s.start + s.closes.length > calendar.length) {
      throw new EngineError(
        "INVALID_INPUT",
        `${at}: start + closes.length must be <= calendar.length (${calendar.length}), got ${s.start + s.closes.length}`,
        {
          field: `${at}.closes`,
        },
      );
    }
    validateCloses(() => at, s.closes);
    if (s.start > start || s.start + s.closes.length - 1 < end) {
      excluded.push({ id, reason: `no close on every day of the look-back window ${window}` });
      continue;
    }
    kept.push(id);
    series.push(s.closes);
    offsets.push(s.start);
  }

  const N = kept.length;
  if (N === 0) {
    const listed = excluded
      .slice(0, 3)
      .map((x) => `${x.id} (${x.reason})`)
      .join(", ");
    throw new EngineError(
      "INSUFFICIENT_DATA",
      `none of the ${ids.length} id(s) has a close on every day of the look-back window ${window}: ${listed}${excluded.length > 3 ? `, and ${excluded.length - 3} more` : ""}`,
      { field: "ids", details: { excluded, periods: T } },
    );
  }
  const returns = new Float64Array(T * N);
  for (let i = 0; i < N; i++) {
    const closes = series[i]!;
    const base = start - offsets[i]!;
    let previous = closes[base]!;
    for (let t = 0; t < T; t++) {
      const next = closes[base + t + 1]!;
      const r = next / previous - 1;
      // Finite closes can still have a ratio beyond 1.8e308 (5e-324 then 1): no finite return is honest.
      returns[t * N + i] =
        r < Infinity
          ? r
          : assertRepresentable(r, `prices.get(${kept[i]!}).closes[${base + t + 1}]`, `the ratio of two closes`);
      previous = next;
    }
  }
  return { scenarios: { assetIds: kept, returns, periods: T }, excluded };
}
