import type { PreparedPriceTable } from "./preparedPriceTable.ts";
import type { ResolvedHolding } from "./resolveHoldings.ts";
import { NAV_BASE } from "./navAtPoints.ts";
import { readClose } from "./validatePriceSeries.ts";
import { firstAbove, firstAtLeast } from "../../_internal/sortedSearch.ts";

/** Rows computed together: each holding's coefficient is loaded once per block of this many weekly points. */
const BLOCK = 8;

/** Per-holding scratch, grown on demand and reused across calls (the engine is single-threaded). */
let capacity = 0;
let coef = new Float64Array(0);
let weight = new Float64Array(0);
let cash = new Float64Array(0);
let column = new Int32Array(0);
let invest = new Int32Array(0);
let lastTrading = new Int32Array(0);
let endClose = new Float64Array(0);

function ensure(h: number): void {
  if (h <= capacity) return;
  capacity = Math.max(h, 2 * capacity, 64);
  coef = new Float64Array(capacity);
  weight = new Float64Array(capacity);
  cash = new Float64Array(capacity);
  column = new Int32Array(capacity);
  invest = new Int32Array(capacity);
  lastTrading = new Int32Array(capacity);
  endClose = new Float64Array(capacity);
}

/**
 * Where a window's weekly points sit in a table: point k < W − 1 is slot `firstSlot + k`; the last
 * point is slot `endSlot`, or −1 when it is a mid-week end the table does not hold.
 */
export interface TableWindow {
  firstSlot: number;
  endSlot: number;
}

/**
 * The buy-and-hold NAV of docs/maths.md#buy-and-hold-nav from a weekly price table: the same
 * terms as `navAtPoints` (cash `w_h` before purchase, `c_h · P_h(t)` while trading with
 * `c_h = w_h / P_h(a_h)`, cash `c_h · P_h(e_h)` after), summed in the same holding order from 0,
 * so every value is bit-for-bit `navAtPoints`'s. Time-major: a block of 8 weekly rows is summed
 * at once, one accumulator per row (no reassociation within a row), each holding's coefficient
 * and column loaded once per block; a block where every holding trades takes a branch-free loop.
 * Every close read is checked first through the table's bad-slot lists (same error as a direct
 * read). Writes into `out` (length W) and returns it. Cost O(H·W) multiply-adds, no allocation.
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
  const data = table.data;
  const { firstSlot, endSlot } = window;
  ensure(H);
  let maxInvest = 0;
  let minLast = W - 1;
  for (let h = 0; h < H; h++) {
    const hold = holdings[h]!;
    const col = table.columns.get(hold.id)!;
    const inv = hold.investPoint;
    const lt = firstAbove(points, hold.lastIndex, inv) - 1;
    const { start, closes } = hold.series;
    const id = hold.id;
    checkReads(table, col, id, closes, start, points, firstSlot, inv, Math.min(lt, W - 2));
    // The end close: from the table, or read (and checked) from the series for a mid-week end.
    const end = lt === W - 1 ? (endSlot >= 0 ? checkedSlot(table, col, endSlot, id, closes, points[W - 1]! - start) : readClose(fieldOf(id), closes, points[W - 1]! - start)) : 0;
    const purchase = inv === W - 1 ? end : data[(firstSlot + inv) * S + col]!;
    const c = hold.weight / purchase;
    column[h] = col;
    invest[h] = inv;
    lastTrading[h] = lt;
    weight[h] = hold.weight;
    coef[h] = c;
    endClose[h] = end;
    cash[h] = lt < W - 1 ? c * readClose(fieldOf(id), closes, hold.lastIndex - start) : 0;
    if (inv > maxInvest) maxInvest = inv;
    if (lt < minLast) minLast = lt;
  }

  const rows = W - 1; // rows from the table's contiguous slots; the last point is summed apart
  let k = 0;
  for (; k + BLOCK <= rows; k += BLOCK) {
    const base = (firstSlot + k) * S;
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;
    if (k >= maxInvest && k + BLOCK - 1 <= minLast) {
      for (let h = 0; h < H; h++) {
        const c = coef[h]!;
        const j = base + column[h]!;
        a0 += c * data[j]!;
        a1 += c * data[j + S]!;
        a2 += c * data[j + 2 * S]!;
        a3 += c * data[j + 3 * S]!;
        a4 += c * data[j + 4 * S]!;
        a5 += c * data[j + 5 * S]!;
        a6 += c * data[j + 6 * S]!;
        a7 += c * data[j + 7 * S]!;
      }
    } else {
      for (let h = 0; h < H; h++) {
        const inv = invest[h]!;
        const lt = lastTrading[h]!;
        const c = coef[h]!;
        const j = base + column[h]!;
        if (k >= inv && k + BLOCK - 1 <= lt) {
          a0 += c * data[j]!;
          a1 += c * data[j + S]!;
          a2 += c * data[j + 2 * S]!;
          a3 += c * data[j + 3 * S]!;
          a4 += c * data[j + 4 * S]!;
          a5 += c * data[j + 5 * S]!;
          a6 += c * data[j + 6 * S]!;
          a7 += c * data[j + 7 * S]!;
        } else {
          a0 += term(h, k, j, data);
          a1 += term(h, k + 1, j + S, data);
          a2 += term(h, k + 2, j + 2 * S, data);
          a3 += term(h, k + 3, j + 3 * S, data);
          a4 += term(h, k + 4, j + 4 * S, data);
          a5 += term(h, k + 5, j + 5 * S, data);
          a6 += term(h, k + 6, j + 6 * S, data);
          a7 += term(h, k + 7, j + 7 * S, data);
        }
      }
    }
    out[k] = a0;
    out[k + 1] = a1;
    out[k + 2] = a2;
    out[k + 3] = a3;
    out[k + 4] = a4;
    out[k + 5] = a5;
    out[k + 6] = a6;
    out[k + 7] = a7;
  }
  for (; k < rows; k++) {
    const base = (firstSlot + k) * S;
    let a = 0;
    for (let h = 0; h < H; h++) a += term(h, k, base + column[h]!, data);
    out[k] = a;
  }
  let last = 0;
  for (let h = 0; h < H; h++) {
    const lt = lastTrading[h]!;
    last += W - 1 < invest[h]! ? weight[h]! : W - 1 <= lt ? coef[h]! * endClose[h]! : cash[h]!;
  }
  out[W - 1] = last;

  const v0 = out[0]!;
  out[0] = NAV_BASE;
  for (let t = 1; t < W; t++) out[t] = NAV_BASE * (out[t]! / v0);
  return out;
}

/** Holding h's value at point k (< W − 1), whose close is `data[j]` when it trades. */
function term(h: number, k: number, j: number, data: Float64Array): number {
  return k < invest[h]! ? weight[h]! : k <= lastTrading[h]! ? coef[h]! * data[j]! : cash[h]!;
}

/** The name of a holding's series in messages (built only when a message is). */
function fieldOf(id: string): string {
  return `prices[${JSON.stringify(id)}]`;
}

/** Throws the error of a direct read when a close the backtest reads in slots [firstSlot + from, firstSlot + to] is bad. */
function checkReads(
  table: PreparedPriceTable,
  col: number,
  id: string,
  closes: ArrayLike<number>,
  start: number,
  points: Int32Array,
  firstSlot: number,
  from: number,
  to: number,
): void {
  const bad = table.badSlots[col]!;
  if (bad.length === 0 || to < from) return;
  const i = firstAtLeast(bad, firstSlot + from);
  if (i < bad.length && bad[i]! <= firstSlot + to) readClose(fieldOf(id), closes, points[bad[i]! - firstSlot]! - start);
}

/** The close of column `col` at `slot`, with the error of a direct read at daily index `j` when it is bad. */
function checkedSlot(table: PreparedPriceTable, col: number, slot: number, id: string, closes: ArrayLike<number>, j: number): number {
  const bad = table.badSlots[col]!;
  if (bad.length > 0) {
    const i = firstAtLeast(bad, slot);
    if (i < bad.length && bad[i] === slot) readClose(fieldOf(id), closes, j);
  }
  return table.data[slot * table.width + col]!;
}
