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
 */
export function navAtPoints(holdings: readonly ResolvedHolding[], points: Int32Array, out?: Float64Array): Float64Array {
  const w = points.length;
  const value = new Float64Array(w);
  for (const h of holdings) {
    const { start, closes } = h.series;
    const field = `prices[${JSON.stringify(h.id)}]`;
    const weight = h.weight;
    const invest = h.investPoint;
    const coefficient = weight / readClose(field, closes, points[invest]! - start);
    // Last point at which the holding still trades (points[invest] <= lastIndex by resolveHoldings).
    const lastTrading = firstAbove(points, h.lastIndex, invest) - 1;
    for (let k = 0; k < invest; k++) value[k]! += weight;
    // Every close read is checked inline; the slow path (readClose) builds the message and throws.
    // A Float64Array holds only numbers, so its loop skips the typeof test.
    if (closes instanceof Float64Array) {
      for (let k = invest; k <= lastTrading; k++) {
        const j = points[k]! - start;
        const v = closes[j]!;
        if (!(v > 0 && v < Infinity)) readClose(field, closes, j);
        value[k]! += coefficient * v;
      }
    } else {
      for (let k = invest; k <= lastTrading; k++) {
        const j = points[k]! - start;
        const v = closes[j];
        if (typeof v !== "number" || !(v > 0 && v < Infinity)) readClose(field, closes, j);
        value[k]! += coefficient * (v as number);
      }
    }
    if (lastTrading < w - 1) {
      const cash = coefficient * readClose(field, closes, h.lastIndex - start);
      for (let k = lastTrading + 1; k < w; k++) value[k]! += cash;
    }
  }
  const base = value[0]!;
  const nav = out ?? new Float64Array(w);
  nav[0] = NAV_BASE;
  for (let k = 1; k < w; k++) nav[k] = NAV_BASE * (value[k]! / base);
  return nav;
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
