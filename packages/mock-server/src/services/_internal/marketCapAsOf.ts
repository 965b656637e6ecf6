import type { Company, PriceTable } from "../../_internal/fixtures.ts";
import { dayToSeconds, lowerBound } from "../benchmarks/_internal/seriesDates.ts";

/**
 * A company's market capitalisation as of `date` (docs/maths.md#market-cap-as-of-a-date): the
 * universe's figure (as of its last price date) scaled by the primary listing's price move,
 * `marketCap · close(D) / close(last)`, where close(D) is the close of the last trading day on or
 * before `date` (the last close for a listing delisted before it). The universe's figure when the
 * listing has no price on or before `date` or the ratio is not a positive finite number. Whole
 * USD. O(log days).
 *
 * @example
 * marketCapAsOf(universe.prices, company, universe.asOf) === company.marketCap // => true
 */
export function marketCapAsOf(
  prices: Pick<PriceTable, "calendar" | "series">,
  company: Pick<Company, "marketCap" | "securities">,
  date: string,
): number {
  const listing = company.securities.find((s) => s.isPrimary) ?? company.securities[0];
  const series = listing === undefined ? undefined : prices.series.get(listing.id);
  if (series === undefined || series.closes.length === 0) return company.marketCap;
  const day = lowerBound(prices.calendar, dayToSeconds(date) + 1) - 1 - series.start;
  if (day < 0) return company.marketCap;
  const last = series.closes[series.closes.length - 1]!;
  const then = series.closes[Math.min(day, series.closes.length - 1)]!;
  const value = Math.round((company.marketCap * then) / last);
  return Number.isFinite(value) && value > 0 ? value : company.marketCap;
}
