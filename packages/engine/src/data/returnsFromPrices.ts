import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { makeAssetReturns, readDates, type AssetReturns } from "./assetReturns.ts";
import { readFrequency, type FrequencyInput } from "./Frequency.ts";
import { inferFrequency } from "./inferFrequency.ts";
import { readAssetIds } from "./assetIds.ts";

/** Options of {@link returnsFromPrices}. */
export interface ReturnsFromPricesOptions extends FrequencyInput {
  /** One Unix second per close (strictly increasing): the returns' dates are `dates[1..]`, and the frequency is read from them when not given. */
  dates?: readonly number[];
}

/**
 * Simple returns `r_t = P_t / P_{t−1} − 1` of aligned closes by asset id (docs/maths.md#simple-returns),
 * labelled with the ids (in the Map's or object's order) and the sampling (given, or read from
 * `dates` by {@link inferFrequency}). Every close is checked: finite and > 0.
 *
 * Cost: O(T·N).
 * @param prices id → closes, every series of the same length T + 1 >= 2 (one close per date).
 * @throws EngineError INVALID_INPUT naming `prices.<id>[t]` and the rule, an empty input, series of
 *   different lengths, or a sampling that is neither given nor readable from dates.
 * @example
 * const r = returnsFromPrices({ A: [100, 110, 99], B: [50, 50, 55] }, { frequency: "monthly" });
 * [r.assets, Array.from(r.returns).map((x) => +x.toFixed(4))] // => [["A", "B"], [0.1, 0, -0.1, 0.1]]
 */
export function returnsFromPrices(
  prices: ReadonlyMap<string, ArrayLike<number>> | Readonly<Record<string, ArrayLike<number>>>,
  options: ReturnsFromPricesOptions = {},
): AssetReturns {
  const o = readOptions<ReturnsFromPricesOptions>(options, "{ dates?, frequency?, periodsPerYear? }", [
    "dates",
    "frequency",
    "periodsPerYear",
  ]);
  if (prices === null || typeof prices !== "object")
    throw new EngineError("INVALID_INPUT", "prices must be a Map or an object of id → closes", { field: "prices" });
  const entries = prices instanceof Map ? [...prices.entries()] : Object.entries(prices);
  if (entries.length === 0)
    throw new EngineError("INVALID_INPUT", "prices must hold at least one asset's closes, got none", {
      field: "prices",
    });
  const { assets } = readAssetIds(
    "prices (ids)",
    entries.map(([id]) => id),
  );
  const n = assets.length;
  const length = (entries[0]![1] as ArrayLike<number> | null)?.length;
  if (typeof length !== "number" || length < 2) {
    throw new EngineError(
      "INVALID_INPUT",
      `prices.${assets[0]} must hold at least 2 closes, got ${typeof length === "number" ? length : "no array"}`,
      { field: `prices.${assets[0]}` },
    );
  }
  const periods = length - 1;
  const out = new Float64Array(periods * n);
  for (let i = 0; i < n; i++) {
    const [id, closes] = entries[i]!;
    if (closes === null || typeof closes !== "object" || closes.length !== length) {
      throw new EngineError(
        "INVALID_INPUT",
        `prices.${id} must hold ${length} closes like prices.${assets[0]} (aligned on one calendar), got ${closes?.length ?? typeof closes}`,
        {
          field: `prices.${id}`,
        },
      );
    }
    let previous = checkClose(id, 0, closes[0]);
    for (let t = 1; t < length; t++) {
      const close = checkClose(id, t, closes[t]);
      out[(t - 1) * n + i] = close / previous - 1;
      previous = close;
    }
  }
  let dates: readonly number[] | undefined;
  if (o.dates !== undefined) {
    const all = readDates("options.dates", o.dates, length);
    dates = Object.freeze(all.slice(1));
  }
  const sampling =
    o.frequency === undefined && o.periodsPerYear === undefined && o.dates !== undefined
      ? readFrequency("options", { frequency: inferFrequency(o.dates as number[]) })
      : readFrequency("options", o);
  return makeAssetReturns(assets, out, periods, sampling.periodsPerYear, sampling.frequency, dates);
}

function checkClose(id: string, t: number, v: unknown): number {
  if (typeof v !== "number" || !Number.isFinite(v) || !(v > 0)) {
    throw new EngineError("INVALID_INPUT", `prices.${id}[${t}] must be a finite close > 0, got ${String(v)}`, {
      field: `prices.${id}[${t}]`,
    });
  }
  return v;
}
