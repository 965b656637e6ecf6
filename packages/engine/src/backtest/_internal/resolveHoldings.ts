import { EngineError } from "../../errors/EngineError.ts";
import { assertInRange } from "../../_internal/validate.ts";
import type { BacktestHolding, PriceSeries } from "../types.ts";
import { powerOfTwoScale } from "../../stats/powerOfTwoScale.ts";
import { isoDate } from "../isoDate.ts";
import { badClose, isWellShapedSeries, validateCloses, validatePriceSeries } from "../validatePriceSeries.ts";
import type { TableSeries } from "./preparedPriceTable.ts";
import { firstAtLeast } from "../../_internal/sortedSearch.ts";

/** One holding the backtest uses (docs/maths.md#backtest-holdings). */
export interface ResolvedHolding {
  id: string;
  /** Normalised weight: the resolved holdings' weights sum to 1. */
  weight: number;
  series: PriceSeries;
  /** Position (in the weekly points) where the allocation is invested: 0 at inception, later for a late listing. */
  investPoint: number;
  /** Calendar index of the last close (the holding is cash from there on when it is before the window's end). */
  lastIndex: number;
}

/**
 * Validates the holdings, merges duplicate ids, drops unresolvable ones and normalises the rest.
 * Pushes one warning per event (merge, drop, late listing, delisting) onto `warnings`; a zero
 * weight (an optimizer's output lists every asset) is skipped without one, its series not read.
 * The shape of each series a holding of positive weight names is validated here; every close of
 * a series dropped from the window too (validateCloses: O(D) the first time a closes array is
 * seen, O(1) after). The closes of the holdings kept are checked by the caller,
 * {@link checkResolvedCloses} or navAtPoints, which checks each group of series as it reads it
 * (one pass over memory): so a bad close is refused wherever it is, the dropped series' first,
 * then the kept ones', each in holding order, whichever path reads the prices.
 * O(H·log W) for H holdings and W weekly points, plus those checks. `seriesChecked`: the series
 * of `prices` are a weekly price table's, shape-checked and their closes checked when it was made
 * (`firstBad`), so they are not scanned again.
 */
export function resolveHoldings(
  holdings: unknown,
  prices: unknown,
  calendar: Float64Array,
  points: Int32Array,
  warnings: string[],
  seriesChecked = false,
): ResolvedHolding[] {
  if (!Array.isArray(holdings) || holdings.length === 0) {
    throw new EngineError("INVALID_INPUT", "holdings must be a non-empty array of { id, weight }", {
      field: "holdings",
    });
  }
  if (
    prices === null ||
    typeof prices !== "object" ||
    typeof (prices as ReadonlyMap<string, unknown>).get !== "function"
  ) {
    throw new EngineError("INVALID_INPUT", "prices must be a Map from holding id to { start, closes }", {
      field: "prices",
    });
  }
  const priceMap = prices as ReadonlyMap<string, unknown>;

  // Validate every holding first.
  const raw = new Float64Array(holdings.length);
  let anyPositive = false;
  for (let i = 0; i < holdings.length; i++) {
    const h = holdings[i] as BacktestHolding | null;
    if (h === null || typeof h !== "object" || typeof h.id !== "string" || h.id.length === 0) {
      throw new EngineError("INVALID_INPUT", `holdings[${i}].id must be a non-empty string`, {
        field: `holdings[${i}].id`,
      });
    }
    // The message (a template string) is built only for a bad weight.
    if (!(typeof h.weight === "number" && h.weight >= 0 && h.weight < Infinity))
      assertInRange(`holdings[${i}].weight`, h.weight, { min: 0 });
    if (h.weight > 0) anyPositive = true;
    raw[i] = h.weight;
  }
  if (!anyPositive) {
    throw new EngineError(
      "INVALID_INPUT",
      `at least one holdings[i].weight must be > 0, got ${holdings.length} weight(s) of 0`,
      {
        field: "holdings[0].weight",
      },
    );
  }

  // Merge duplicates, keeping the order of first appearance. Weights are divided by a power of two
  // near the largest (exact) so that sums cannot overflow, whatever their scale.
  const scale = powerOfTwoScale(raw);
  // Slot of each distinct id in first-appearance order. Ids are usually distinct, which one Set
  // insertion per id shows (the set grows); at the first repeated id, a Map from id to slot is
  // made of the ids seen so far and used from then on.
  const seen = new Set<string>();
  let slotOf: Map<string, number> | undefined;
  const ids: string[] = [];
  const weights = new Float64Array(holdings.length);
  const counts = new Int32Array(holdings.length);
  for (let i = 0; i < holdings.length; i++) {
    const id = (holdings[i] as BacktestHolding).id;
    let m: number | undefined;
    if (slotOf === undefined) {
      const size = seen.size;
      if (seen.add(id).size === size) {
        slotOf = new Map();
        for (let j = 0; j < ids.length; j++) slotOf.set(ids[j]!, j);
        m = slotOf.get(id);
      }
    } else {
      m = slotOf.get(id);
      if (m === undefined) slotOf.set(id, ids.length);
    }
    if (m === undefined) {
      m = ids.length;
      ids.push(id);
      weights[m] = raw[i]! / scale;
    } else weights[m]! += raw[i]! / scale;
    counts[m]!++;
  }

  const first = points[0]!;
  const last = points[points.length - 1]!;
  const resolved: ResolvedHolding[] = [];
  for (let m = 0; m < ids.length; m++) {
    const id = ids[m]!;
    const weight = weights[m]!;
    const count = counts[m]!;
    if (count > 1) warnings.push(`holding ${id} is listed ${count} times; its weights were added`);
    if (weight === 0) continue;
    const data = priceMap.get(id);
    if (data === undefined) {
      warnings.push(`holding ${id} has no price data and was dropped`);
      continue;
    }
    // The field name (a JSON.stringify per holding) is built only for a series that breaks a rule.
    const series =
      seriesChecked || isWellShapedSeries(data, calendar.length)
        ? (data as PriceSeries)
        : validatePriceSeries(`prices[${JSON.stringify(id)}]`, data, calendar.length);
    const lastIndex = series.start + series.closes.length - 1;
    const investPoint = series.start <= first ? 0 : firstAtLeast(points, series.start);
    if (series.closes.length === 0 || investPoint === points.length || points[investPoint]! > lastIndex) {
      checkSeriesCloses(id, series);
      warnings.push(
        `holding ${id} has no close on any weekly date from ${isoDate(calendar[first]!)} to ${isoDate(calendar[last]!)} and was dropped`,
      );
      continue;
    }
    if (investPoint > 0) {
      warnings.push(
        `holding ${id} has no close at inception (${isoDate(calendar[first]!)}); its allocation was held as cash until ${isoDate(calendar[points[investPoint]!]!)}, when it was bought`,
      );
    }
    if (lastIndex < last) {
      warnings.push(
        `holding ${id} stopped trading on ${isoDate(calendar[lastIndex]!)}; it was converted to cash at that close and held flat`,
      );
    }
    resolved.push({ id, weight, series, investPoint, lastIndex });
  }
  if (resolved.length === 0) {
    throw new EngineError(
      "NO_RESOLVABLE_HOLDINGS",
      `none of the ${ids.length} holding(s) has price data in the backtest window`,
      {
        field: "holdings",
      },
    );
  }
  let total = 0;
  for (const h of resolved) total += h.weight;
  for (const h of resolved) h.weight /= total;
  return resolved;
}

/** Refuses `series` (of holding `id`) when one of its closes is not a finite number > 0, naming it. */
function checkSeriesCloses(id: string, series: PriceSeries): void {
  const bad = (series as Partial<TableSeries>).firstBad;
  if (bad === undefined) validateCloses(() => `prices[${JSON.stringify(id)}]`, series.closes);
  else if (bad >= 0) throw badClose(`prices[${JSON.stringify(id)}]`, series.closes, bad);
}

/**
 * Checks every close of the kept holdings' series, in holding order (a weekly price table's from
 * what it found when made, O(1) each; a Map's through validateCloses): for the callers that do not
 * read the series through navAtPoints, which checks them itself.
 */
export function checkResolvedCloses(holdings: readonly ResolvedHolding[]): void {
  for (const h of holdings) checkSeriesCloses(h.id, h.series);
}
