import type { PriceSeries } from "../types.ts";
import type { ResolvedHolding } from "./resolveHoldings.ts";
import { readClose } from "./validatePriceSeries.ts";
import { firstAbove } from "../../_internal/sortedSearch.ts";

/** Rebasing level of every NAV series (contract §2.10). */
export const NAV_BASE = 10000;

/**
 * Buy-and-hold NAV at the weekly points (docs/maths.md#buy-and-hold-nav). In units of the initial
 * capital, holding h (normalised weight w_h, bought at point a_h at close P_h(a_h), last close at
 * calendar index e_h) is worth
 *   w_h                              before a_h (cash),
 *   w_h · P_h(t) / P_h(a_h)          from a_h while it trades,
 *   w_h · P_h(e_h) / P_h(a_h)        after e_h (cash at its last close);
 * the NAV is `10000 · V(t) / V(t_0)` with `V` the sum over holdings, so it starts at exactly 10000.
 * Every close read is checked (finite, > 0). Cost O(H · W) for H holdings and W weekly points.
 *
 * The sum V(t) is taken in holding order from 0, (((0 + v_1) + v_2) + …), whatever the loop
 * shape: holdings are read four at a time (four series streamed side by side, one load and store
 * of V(t) per four terms instead of one per term, about twice as fast on a large portfolio), and
 * `V(t) + v_1 + v_2 + v_3 + v_4` rounds exactly as four `+=` do, so the bits are those of one
 * holding at a time (and of the weekly price table, docs/maths.md#weekly-price-table). A bad close
 * throws the error of the first bad read in holding order, as a holding-at-a-time loop would.
 */
export function navAtPoints(holdings: readonly ResolvedHolding[], points: Int32Array, out?: Float64Array): Float64Array {
  const w = points.length;
  const value = new Float64Array(w);
  const H = holdings.length;
  let h = 0;
  for (; h + 4 <= H; h += 4) addFour(holdings, h, points, value);
  for (; h < H; h++) addOne(holdings[h]!, points, value);
  const base = value[0]!;
  const nav = out ?? new Float64Array(w);
  nav[0] = NAV_BASE;
  for (let k = 1; k < w; k++) nav[k] = NAV_BASE * (value[k]! / base);
  return nav;
}

/** `closes[j]` is a finite number > 0 (the check of readClose, without building a message). */
function good(v: unknown): v is number {
  return typeof v === "number" && v > 0 && v < Infinity;
}

/** The terms of one holding: v(k) = weight before point `invest`, coefficient · P(k) up to `lastTrading`, `cash` after. */
interface Terms {
  closes: ArrayLike<number>;
  start: number;
  weight: number;
  invest: number;
  lastTrading: number;
  coefficient: number;
  cash: number;
}

/** The terms of `h`, or undefined when its purchase or last close is bad (the caller then throws in order). */
function termsOf(h: ResolvedHolding, points: Int32Array): Terms | undefined {
  const { start, closes } = h.series;
  const invest = h.investPoint;
  const purchase = closes[points[invest]! - start];
  if (!good(purchase)) return undefined;
  const coefficient = h.weight / purchase;
  // Last point at which the holding still trades (points[invest] <= lastIndex by resolveHoldings).
  const lastTrading = firstAbove(points, h.lastIndex, invest) - 1;
  let cash = 0;
  if (lastTrading < points.length - 1) {
    const last = closes[h.lastIndex - start];
    if (!good(last)) return undefined;
    cash = coefficient * last;
  }
  return { closes, start, weight: h.weight, invest, lastTrading, coefficient, cash };
}

/** v(k) of one holding; NaN for a bad close (the caller then throws in order). */
function term(t: Terms, points: Int32Array, k: number): number {
  if (k < t.invest) return t.weight;
  if (k > t.lastTrading) return t.cash;
  const v = t.closes[points[k]! - t.start];
  return good(v) ? t.coefficient * v : Number.NaN;
}

/**
 * Adds holdings[h..h+3] to `value`, each point's four terms in holding order. Where all four
 * trade (the usual case: every point) the four series are read side by side; elsewhere term by term.
 */
function addFour(holdings: readonly ResolvedHolding[], h: number, points: Int32Array, value: Float64Array): void {
  const a = termsOf(holdings[h]!, points);
  const b = termsOf(holdings[h + 1]!, points);
  const c = termsOf(holdings[h + 2]!, points);
  const d = termsOf(holdings[h + 3]!, points);
  if (a === undefined || b === undefined || c === undefined || d === undefined) return throwInOrder(holdings, h, points);
  const w = points.length;
  const from = Math.max(a.invest, b.invest, c.invest, d.invest);
  const to = Math.min(a.lastTrading, b.lastTrading, c.lastTrading, d.lastTrading);
  for (let k = 0; k < w; k++) {
    if (k === from && from <= to) {
      const ca = a.closes, cb = b.closes, cc = c.closes, cd = d.closes;
      const sa = a.start, sb = b.start, sc = c.start, sd = d.start;
      const ka = a.coefficient, kb = b.coefficient, kc = c.coefficient, kd = d.coefficient;
      for (; k <= to; k++) {
        const p = points[k]!;
        const va = ca[p - sa], vb = cb[p - sb], vc = cc[p - sc], vd = cd[p - sd];
        if (!(good(va) && good(vb) && good(vc) && good(vd))) return throwInOrder(holdings, h, points);
        value[k] = value[k]! + ka * va + kb * vb + kc * vc + kd * vd;
      }
      if (k >= w) break;
    }
    const s = value[k]! + term(a, points, k) + term(b, points, k) + term(c, points, k) + term(d, points, k);
    if (Number.isNaN(s)) return throwInOrder(holdings, h, points);
    value[k] = s;
  }
}

/** Adds one holding to `value`, reading (and checking) its closes in order. */
function addOne(h: ResolvedHolding, points: Int32Array, value: Float64Array): void {
  const t = termsOf(h, points);
  if (t === undefined) return throwInOrder([h], 0, points);
  for (let k = 0; k < points.length; k++) {
    const v = term(t, points, k);
    if (Number.isNaN(v)) return throwInOrder([h], 0, points);
    value[k]! += v;
  }
}

/**
 * Throws the error of the first bad close among holdings[h..h+3] in the order a holding-at-a-time
 * loop reads them (each holding's purchase close, its weekly closes, its last close), the caller
 * having found one.
 */
function throwInOrder(holdings: readonly ResolvedHolding[], h: number, points: Int32Array): never {
  for (let i = h; i < Math.min(h + 4, holdings.length); i++) {
    const { id, series, investPoint, lastIndex } = holdings[i]!;
    const field = `prices[${JSON.stringify(id)}]`;
    const { start, closes } = series;
    readClose(field, closes, points[investPoint]! - start);
    const lastTrading = firstAbove(points, lastIndex, investPoint) - 1;
    for (let k = investPoint; k <= lastTrading; k++) readClose(field, closes, points[k]! - start);
    if (lastTrading < points.length - 1) readClose(field, closes, lastIndex - start);
  }
  throw new Error("navAtPoints: a bad close was found but not found again (unreachable)");
}

/** A single series (the benchmark) rebased to 10000 at the first point; it must trade at every point. */
export function rebasedAtPoints(field: string, series: PriceSeries, points: Int32Array): Float64Array {
  const { start, closes } = series;
  const nav = new Float64Array(points.length);
  const p0 = readClose(field, closes, points[0]! - start);
  nav[0] = NAV_BASE;
  for (let k = 1; k < points.length; k++) nav[k] = NAV_BASE * (readClose(field, closes, points[k]! - start) / p0);
  return nav;
}
