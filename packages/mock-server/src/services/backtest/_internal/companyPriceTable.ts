import { type PriceSeries, weeklyPriceTable, type WeeklyPriceTable } from "@thematic/engine";
import type { Universe } from "../../../_internal/fixtures.ts";
import { yieldToEventLoop } from "../../../_internal/yieldToEventLoop.ts";
import { universeCalendar } from "../../_internal/universeCalendar.ts";
import { tradeableListing } from "./tradeableListing.ts";

/** Tables by the universe they were made from (fixtures never change within a universe). */
const tables = new WeakMap<Universe, WeeklyPriceTable>();

/** Preparations in progress, by universe (concurrent first backtests share one). */
const preparing = new WeakMap<Universe, Promise<WeeklyPriceTable>>();

/** Event-loop time one slice of the preparation may take before it yields, ms. */
export const PREPARE_SLICE_MS = 8;

/**
 * The weekly closes of every company's tradeable listing (`tradeableListing`), keyed by company
 * id, gathered once per universe by the engine's `weeklyPriceTable` on the universe's prepared
 * calendar (`universeCalendar`): a backtest's holdings are company ids, so the table answers them
 * directly, with warnings naming the company ids. A company without a priced listing is absent
 * (the engine drops it with a warning). About 8 bytes × 640 companies × 1,200 weeks (6 MB).
 * Built at once when not prepared yet (the fixtures generate each company's prices on first use:
 * about a second for all of them); the request paths call {@link prepareCompanyPriceTable} first.
 *
 * @example
 * buyAndHoldBacktest({ calendar: universeCalendar(universe.prices), holdings, prices: companyPriceTable(universe), benchmark })
 */
export function companyPriceTable(universe: Universe): WeeklyPriceTable {
  let table = tables.get(universe);
  if (table === undefined) {
    const series = new Map<string, PriceSeries>();
    for (const company of universe.companies) addSeries(universe, company, series);
    table = weeklyPriceTable(universeCalendar(universe.prices), series);
    tables.set(universe, table);
  }
  return table;
}

/**
 * {@link companyPriceTable}, prepared without holding the event loop: the companies' prices are
 * generated in slices of about {@link PREPARE_SLICE_MS} with a turn of the loop between two, so
 * the first backtest after a start no longer blocks every other request for 0.9 to 1.9 s
 * (docs/decisions.md, "the first backtest prepares the price table"). Nothing is done at start: the
 * first request that needs the table pays for it, and concurrent ones wait for the same work.
 *
 * Cost: as companyPriceTable, spread over turns of the event loop; O(1) once prepared.
 * @example
 * await prepareCompanyPriceTable(universe); companyPriceTable(universe) // => the table, at once
 */
export function prepareCompanyPriceTable(universe: Universe): Promise<WeeklyPriceTable> {
  const ready = tables.get(universe);
  if (ready !== undefined) return Promise.resolve(ready);
  let pending = preparing.get(universe);
  if (pending === undefined) {
    pending = (async () => {
      const series = new Map<string, PriceSeries>();
      let sliceStart = performance.now();
      for (const company of universe.companies) {
        addSeries(universe, company, series);
        if (performance.now() - sliceStart >= PREPARE_SLICE_MS) {
          await yieldToEventLoop();
          sliceStart = performance.now();
        }
      }
      const built = tables.get(universe) ?? weeklyPriceTable(universeCalendar(universe.prices), series);
      tables.set(universe, built);
      preparing.delete(universe);
      return built;
    })();
    preparing.set(universe, pending);
  }
  return pending;
}

function addSeries(universe: Universe, company: Universe["companies"][number], into: Map<string, PriceSeries>): void {
  const listing = tradeableListing(company);
  const s = listing === undefined ? undefined : universe.prices.series.get(listing.id);
  if (s !== undefined) into.set(company.id, s);
}
