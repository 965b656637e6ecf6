import { type PriceSeries, weeklyPriceTable, type WeeklyPriceTable } from "@thematic/engine";
import type { Universe } from "../../../_internal/fixtures.ts";
import { universeCalendar } from "../../_internal/universeCalendar.ts";
import { tradeableListing } from "./tradeableListing.ts";

/** Tables by the universe they were made from (fixtures never change within a universe). */
const tables = new WeakMap<Universe, WeeklyPriceTable>();

/**
 * The weekly closes of every company's tradeable listing (`tradeableListing`), keyed by company
 * id, gathered once per universe by the engine's `weeklyPriceTable` on the universe's prepared
 * calendar (`universeCalendar`): a backtest's holdings are company ids, so the table answers them
 * directly, with warnings naming the company ids. A company without a priced listing is absent
 * (the engine drops it with a warning). About 8 bytes × 640 companies × 1,200 weeks (6 MB).
 *
 * @example
 * buyAndHoldBacktest({ calendar: universeCalendar(universe.prices), holdings, prices: companyPriceTable(universe), benchmark })
 */
export function companyPriceTable(universe: Universe): WeeklyPriceTable {
  let table = tables.get(universe);
  if (table === undefined) {
    const series = new Map<string, PriceSeries>();
    for (const company of universe.companies) {
      const listing = tradeableListing(company);
      const s = listing === undefined ? undefined : universe.prices.series.get(listing.id);
      if (s !== undefined) series.set(company.id, s);
    }
    table = weeklyPriceTable(universeCalendar(universe.prices), series);
    tables.set(universe, table);
  }
  return table;
}
