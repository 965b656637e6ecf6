import { closeIndex, type PreparedPriceTable, type TableSeries } from "./preparedPriceTable.ts";
import type { ResolvedHolding } from "./resolveHoldings.ts";
import { NAV_BASE } from "./navAtPoints.ts";
import { readClose } from "../validatePriceSeries.ts";
import { firstAbove } from "../../_internal/sortedSearch.ts";

/**
 * Where a window's weekly points sit in a table: point k < W − 1 is slot `firstSlot + k`; the last
 * point is slot `endSlot`, or −1 when it is a mid-week end the table does not hold.
 */
export interface TableWindow {
  firstSlot: number;
  endSlot: number;
}

/** Blocks holding a purchase or a delisting inside them, by block number (scratch, reused). */
let dirty = new Uint8Array(0);

/**
 * The buy-and-hold NAV of docs/maths.md#buy-and-hold-nav from a weekly price table: the same
 * terms as `navAtPoints` (cash `w_h` before purchase, `c_h · P_h(t)` while trading with
 * `c_h = w_h / P_h(a_h)`, cash `c_h · P_h(e_h)` after), summed in the same holding order from 0,
 * so every value is bit-for-bit `navAtPoints`'s (docs/maths.md#weekly-price-table). The blocks of
 * 8 slots where no holding is bought or delisted inside the window go to the table's block
 * kernel (WebAssembly SIMD: two rows per instruction, each lane the scalar sequence of
 * operations); the others, at most two per irregular holding, are summed here term by term.
 * The holdings' series were checked whole (resolveHoldings refuses a series with a bad close);
 * the closes read from the series itself (a mid-week end, a last close) are checked again as read.
 * Writes into `out` (length W) and returns it. Cost O(H·W) multiply-adds, no allocation.
 */
export function navFromTable(
  table: PreparedPriceTable,
  holdings: readonly ResolvedHolding[],
  points: Int32Array,
  window: TableWindow,
  out: Float64Array,
): Float64Array {
  const H = holdings.length;
  const W = points.length;
  const S = table.width;
  const memory = table.memory;
  const { f64, i32 } = memory;
  const { firstSlot, endSlot } = window;
  const rows = W - 1; // rows 0..W-2 are the slots firstSlot..firstSlot+W-2; the last point is summed apart
  // Blocks covering rows 0..W-2 (rows >= 1: prepareWindow rejects windows of fewer than 2 points);
  // the first and last may stick out of the window (those rows are computed and ignored).
  const firstBlock = firstSlot >> 3;
  const endBlock = ((firstSlot + rows - 1) >> 3) + 1;
  if (dirty.length < endBlock + 1) dirty = new Uint8Array(Math.max(endBlock + 1, 2 * dirty.length));
  dirty.fill(0, firstBlock, endBlock + 1);

  let last = 0;
  for (let h = 0; h < H; h++) {
    const hold = holdings[h]!;
    const col = (hold.series as TableSeries).column;
    const inv = hold.investPoint;
    const lt = hold.lastIndex >= points[W - 1]! ? W - 1 : firstAbove(points, hold.lastIndex, inv) - 1;
    const { start, closes } = hold.series;
    const id = hold.id;
    // The end close: from the table, or read (and checked) from the series for a mid-week end.
    const end =
      lt === W - 1
        ? endSlot >= 0
          ? f64[closeIndex(table, endSlot, col)]!
          : checkedClose(id, closes, points[W - 1]! - start)
        : 0;
    const purchase = inv === W - 1 ? end : f64[closeIndex(table, firstSlot + inv, col)]!;
    const c = hold.weight / purchase;
    const cash = lt < W - 1 ? c * checkedClose(id, closes, hold.lastIndex - start) : 0;
    const r = memory.hold / 8 + h * 5;
    f64[r] = c;
    f64[r + 1] = hold.weight;
    f64[r + 2] = cash;
    i32[2 * r + 6] = col;
    i32[2 * r + 7] = firstSlot + inv;
    i32[2 * r + 8] = firstSlot + lt;
    // A purchase after inception at slot s (inside a block unless s starts it) or a last trading
    // slot s before the end (unless it ends a block) makes its block mixed; a purchase at inception
    // only separates rows before the window, which are dropped.
    if (inv > 0 && ((firstSlot + inv) & 7) !== 0) dirty[(firstSlot + inv) >> 3] = 1;
    if (lt < W - 1 && ((firstSlot + lt) & 7) !== 7) dirty[(firstSlot + lt) >> 3] = 1;
    // The last point, summed here in holding order as every row is (inv <= W - 1: resolveHoldings
    // drops a holding with no close at any point).
    last += W - 1 <= lt ? c * end : cash;
  }

  // Clean runs of blocks go to the kernel; a mixed block is summed term by term. Rows outside 0..W-2 are dropped.
  const outBase = memory.out / 8;
  let b = firstBlock;
  while (b < endBlock) {
    if (dirty[b] === 1) {
      for (let k = Math.max(0, b * 8 - firstSlot); k < Math.min(rows, b * 8 + 8 - firstSlot); k++)
        out[k] = rowSum(table, H, firstSlot + k);
      b++;
      continue;
    }
    let e = b;
    while (e < endBlock && dirty[e] === 0) e++;
    memory.rows(b, e, H, S, memory.hold, memory.data, memory.out);
    const from = Math.max(0, b * 8 - firstSlot);
    const to = Math.min(rows, e * 8 - firstSlot);
    out.set(f64.subarray(outBase + from + firstSlot - b * 8, outBase + to + firstSlot - b * 8), from);
    b = e;
  }
  out[W - 1] = last;

  const v0 = out[0]!;
  out[0] = NAV_BASE;
  for (let t = 1; t < W; t++) out[t] = NAV_BASE * (out[t]! / v0);
  return out;
}

/** The NAV sum of one table slot from the holding records, term by term in holding order. */
function rowSum(table: PreparedPriceTable, H: number, slot: number): number {
  const { f64, i32, hold } = table.memory;
  let a = 0;
  for (let h = 0; h < H; h++) {
    const r = hold / 8 + h * 5;
    a +=
      slot < i32[2 * r + 7]!
        ? f64[r + 1]!
        : slot <= i32[2 * r + 8]!
          ? f64[r]! * f64[closeIndex(table, slot, i32[2 * r + 6]!)]!
          : f64[r + 2]!;
  }
  return a;
}

/** The name of a holding's series in messages (built only when a message is). */
function fieldOf(id: string): string {
  return `prices[${JSON.stringify(id)}]`;
}

/** `closes[j]`, checked inline as `readClose` does; its slow path (building the field name) runs only for a bad close, and throws. */
function checkedClose(id: string, closes: ArrayLike<number>, j: number): number {
  const v = closes[j];
  return typeof v === "number" && v > 0 && v < Infinity ? v : readClose(fieldOf(id), closes, j);
}
