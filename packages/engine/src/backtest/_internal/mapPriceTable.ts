import { weeklyPriceTable } from "../weeklyPriceTable.ts";
import type { PreparedCalendar } from "./preparedCalendar.ts";
import { preparedPriceTableOf, type PreparedPriceTable, type TableSeries } from "./preparedPriceTable.ts";
import type { ResolvedHolding } from "./resolveHoldings.ts";

/**
 * What the engine remembers of a Map of prices given to backtests (docs/maths.md#map-price-cache):
 * how many series the calls on it have read, and, once that pays, the weekly price table gathered
 * from it, with the calendar it was gathered on and each series' length then.
 */
interface MapState {
  /** Series read by the calls made without a table since the last (re)start: the rent paid so far. */
  reads: number;
  /** True once gathering failed (a series of the Map breaks the shape rules): never tried again. */
  unusable: boolean;
  table: PreparedPriceTable | undefined;
  /** The prepared calendar the table was gathered on (its days are the table's). */
  calendar: PreparedCalendar | undefined;
  /** closes.length of each column when gathered. */
  lengths: Int32Array;
}

const states = new WeakMap<object, MapState>();

/** Whether backtests on a Map use the cache (tests switch it off to compare with the direct reads). */
let enabled = true;

/** Sets whether Maps of prices are cached; returns the previous value. For tests. */
export function useMapPriceCache(use: boolean): boolean {
  const previous = enabled;
  enabled = use;
  return previous;
}

/** The table gathered from `prices`, if any (for tests). */
export function cachedMapTable(prices: object): PreparedPriceTable | undefined {
  return states.get(prices)?.table;
}

/** True when the two prepared calendars hold the same days (identical objects in the usual case). */
function sameDays(a: PreparedCalendar, b: PreparedCalendar): boolean {
  if (a === b || a.days === b.days) return true;
  if (a.days.length !== b.days.length) return false;
  for (let i = 0; i < a.days.length; i++) if (a.days[i] !== b.days[i]) return false;
  return true;
}

/**
 * The weekly price table of `prices` (a Map given to a backtest) for this call, with `holdings`
 * pointed at its columns, or undefined to read the Map directly (navAtPoints).
 *
 * Policy (rent or buy, docs/maths.md#map-price-cache): a table gathers every series of the Map once,
 * S series; a direct call reads its H resolved series. Calls read directly until the reads made on
 * the Map reach S, then the table is gathered (the call that gathers pays about one more direct
 * read of the Map) and used by later calls while valid, so no sequence of calls costs more than
 * about twice the better of "always direct" and "table from the start". A Map whose series are
 * all held gathers on its second call.
 *
 * Valid: the calendar holds the same days, and each resolved holding's series has the start, the
 * closes array and the length it had when gathered (O(H) checks). Writing new values into a
 * closes array in place is not seen: give a new array to change a series. An invalid table is
 * dropped and the rent starts again.
 */
export function mapPriceTable(
  prices: unknown,
  calendar: PreparedCalendar,
  holdings: ResolvedHolding[],
): { table: PreparedPriceTable; holdings: ResolvedHolding[] } | undefined {
  if (!enabled || !(prices instanceof Map)) return undefined;
  let state = states.get(prices);
  if (state === undefined) {
    state = { reads: 0, unusable: false, table: undefined, calendar: undefined, lengths: new Int32Array(0) };
    states.set(prices, state);
  }
  if (state.unusable) return undefined;
  if (state.table !== undefined) {
    const columns = matchColumns(state, calendar, holdings);
    if (columns !== undefined) return { table: state.table, holdings: columns };
    state.table = undefined;
    state.calendar = undefined;
    state.reads = 0;
  }
  if (state.reads < prices.size) {
    state.reads += holdings.length;
    return undefined;
  }
  try {
    const handle = weeklyPriceTable(calendar.days, prices);
    state.table = preparedPriceTableOf(handle);
  } catch {
    state.unusable = true;
    return undefined;
  }
  state.calendar = calendar;
  const table = state.table!;
  state.lengths = new Int32Array(table.width);
  for (const s of table.series.values()) state.lengths[s.column] = s.closes.length;
  const columns = matchColumns(state, calendar, holdings);
  if (columns === undefined) {
    // Cannot happen (the table was gathered from the Map the holdings were resolved against); read directly.
    state.table = undefined;
    return undefined;
  }
  return { table, holdings: columns };
}

/** `holdings` with each series replaced by its table column, or undefined when the table does not hold exactly that series. */
function matchColumns(
  state: MapState,
  calendar: PreparedCalendar,
  holdings: ResolvedHolding[],
): ResolvedHolding[] | undefined {
  const table = state.table!;
  if (!sameDays(state.calendar!, calendar)) return undefined;
  const out: ResolvedHolding[] = new Array(holdings.length);
  for (let i = 0; i < holdings.length; i++) {
    const h = holdings[i]!;
    const s: TableSeries | undefined = table.series.get(h.id);
    if (
      s === undefined ||
      s.start !== h.series.start ||
      s.closes !== h.series.closes ||
      state.lengths[s.column] !== s.closes.length
    )
      return undefined;
    out[i] = { ...h, series: s };
  }
  return out;
}
