import type { PriceSeries } from "../types.ts";
import type { ResolvedHolding } from "./resolveHoldings.ts";
import { badClose, firstBadClose, readClose } from "../validatePriceSeries.ts";
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
 * Every close of each series is checked (finite, > 0; docs/maths.md#price-validation), a group
 * of eight series just before the group is summed, so that the sums read closes the check has
 * just brought into the cache (one pass over the daily series, not two); a series checked before
 * (the same closes array) is not scanned again, and each close read is still checked as read.
 * Cost O(H · W) for H holdings and W weekly points, plus O(H · D) the first time the series are seen.
 *
 * The sum V(t) is taken in holding order from 0, (((0 + v_1) + v_2) + …), whatever the loop
 * shape: holdings are read eight at a time (eight series streamed side by side, one load and
 * store of V(t) per eight terms; docs/maths.md#map-price-cache), and `V(t) + v_1 + … + v_8`
 * rounds exactly as eight `+=` do, so the bits are those of one holding at a time (and of the
 * weekly price table, docs/maths.md#weekly-price-table). A last group of fewer than eight is
 * padded with lanes of coefficient 0 reading its first series again (`x + 0 · P = x` exactly for
 * the sums here, which are never −0). A bad close throws the error of the first bad read in
 * holding order, as a holding-at-a-time loop would.
 */
export function navAtPoints(
  holdings: readonly ResolvedHolding[],
  points: Int32Array,
  out?: Float64Array,
): Float64Array {
  const w = points.length;
  // V(t) is summed in `out` itself, then rebased in place.
  const value = out === undefined ? new Float64Array(w) : out.fill(0);
  const H = holdings.length;
  for (let h = 0; h < H; h += LANES) addGroup(holdings, h, Math.min(LANES, H - h), points, value);
  // The scratch lanes keep no caller's series alive after the call.
  lanes.closes.fill(NO_CLOSES);
  const base = value[0]!;
  value[0] = NAV_BASE;
  for (let k = 1; k < w; k++) value[k] = NAV_BASE * (value[k]! / base);
  return value;
}

/** Holdings summed side by side. */
const LANES = 8;
const NO_CLOSES = new Float64Array(0);

/**
 * The terms of the holdings of one group (scratch, reused, as the engine runs one call at a time;
 * lane i is holding h + i): v(k) = weight before point `invest`, coefficient · P(k) up to point
 * `lastTrading`, `cash` after.
 */
const lanes = {
  // Filled (not holey), so that reading a lane needs no hole check.
  closes: Array.from({ length: LANES }, (): ArrayLike<number> => NO_CLOSES),
  start: new Int32Array(LANES),
  invest: new Int32Array(LANES),
  lastTrading: new Int32Array(LANES),
  weight: new Float64Array(LANES),
  coefficient: new Float64Array(LANES),
  cash: new Float64Array(LANES),
};
type Lanes = typeof lanes;

/** `closes[j]` is a finite number > 0 (the check of readClose, without building a message). */
function good(v: unknown): v is number {
  return typeof v === "number" && v > 0 && v < Infinity;
}

/**
 * Adds holdings[h..h+n-1] (n <= 8) to `value`, each point's terms in holding order. Where all of
 * them trade (the usual case: every point) their series are read side by side by a kernel;
 * elsewhere term by term.
 */
function addGroup(
  holdings: readonly ResolvedHolding[],
  h: number,
  n: number,
  points: Int32Array,
  value: Float64Array,
): void {
  for (let i = h; i < h + n; i++) {
    const { id, series } = holdings[i]!;
    const bad = firstBadClose(series.closes);
    if (bad >= 0) {
      lanes.closes.fill(NO_CLOSES);
      throw badClose(`prices[${JSON.stringify(id)}]`, series.closes, bad);
    }
  }
  const w = points.length;
  let from = 0;
  let to = w - 1;
  let typed = true;
  for (let i = 0; i < n; i++) {
    const { series, investPoint, lastIndex, weight } = holdings[h + i]!;
    const { start, closes } = series;
    const purchase = closes[points[investPoint]! - start];
    if (!good(purchase)) throwInOrder(holdings, h, n, points);
    const coefficient = weight / purchase;
    // Last point at which the holding still trades (points[investPoint] <= lastIndex by resolveHoldings).
    const lastTrading = lastIndex >= points[w - 1]! ? w - 1 : firstAbove(points, lastIndex, investPoint) - 1;
    let cash = 0;
    if (lastTrading < w - 1) {
      const last = closes[lastIndex - start];
      if (!good(last)) throwInOrder(holdings, h, n, points);
      cash = coefficient * last;
    }
    lanes.closes[i] = closes;
    lanes.start[i] = start;
    lanes.invest[i] = investPoint;
    lanes.lastTrading[i] = lastTrading;
    lanes.weight[i] = weight;
    lanes.coefficient[i] = coefficient;
    lanes.cash[i] = cash;
    if (investPoint > from) from = investPoint;
    if (lastTrading < to) to = lastTrading;
    if (!(closes instanceof Float64Array)) typed = false;
  }
  // Padding lanes: the first series again, coefficient 0, trading wherever the group does.
  for (let i = n; i < LANES; i++) {
    lanes.closes[i] = lanes.closes[0]!;
    lanes.start[i] = lanes.start[0]!;
    lanes.coefficient[i] = 0;
  }
  let k = 0;
  while (k < w) {
    // The kernel sums the points where every lane trades, up to any point it leaves to the term-by-term sum below.
    if (k >= from && k <= to) {
      k = typed ? sumTyped(lanes, points, k, to, value) : sumAny(lanes, points, k, to, value);
      if (k > to) continue;
    }
    let s = value[k]!;
    for (let i = 0; i < n; i++) {
      if (k < lanes.invest[i]!) s += lanes.weight[i]!;
      else if (k > lanes.lastTrading[i]!) s += lanes.cash[i]!;
      else {
        const v = lanes.closes[i]![points[k]! - lanes.start[i]!];
        if (!good(v)) throwInOrder(holdings, h, n, points);
        s += lanes.coefficient[i]! * v;
      }
    }
    value[k++] = s;
  }
}

/**
 * The kernel: adds the eight lanes' terms at points from..to (where every lane trades) to
 * `value`, `V + c_1 P_1 + … + c_8 P_8` left to right, and returns to + 1; or stops at the first
 * point k where a close is bad or the sum is not finite, and returns k (the caller sums that
 * point term by term, which throws in order for a bad close). For lanes whose closes are all
 * Float64Arrays: each element is a number, so `P > 0` (false for NaN) and a finite sum (an
 * infinite close makes its term, hence the sum, infinite or NaN) check it; and V8 keeps the
 * element loads of one function monomorphic, hence a second kernel, {@link sumAny}, for other
 * arrays.
 */
function sumTyped(lanes: Lanes, points: Int32Array, from: number, to: number, value: Float64Array): number {
  const c = lanes.closes as Float64Array[];
  const c0 = c[0]!,
    c1 = c[1]!,
    c2 = c[2]!,
    c3 = c[3]!,
    c4 = c[4]!,
    c5 = c[5]!,
    c6 = c[6]!,
    c7 = c[7]!;
  const s = lanes.start;
  const s0 = s[0]!,
    s1 = s[1]!,
    s2 = s[2]!,
    s3 = s[3]!,
    s4 = s[4]!,
    s5 = s[5]!,
    s6 = s[6]!,
    s7 = s[7]!;
  const q = lanes.coefficient;
  const q0 = q[0]!,
    q1 = q[1]!,
    q2 = q[2]!,
    q3 = q[3]!,
    q4 = q[4]!,
    q5 = q[5]!,
    q6 = q[6]!,
    q7 = q[7]!;
  for (let k = from; k <= to; k++) {
    const p = points[k]!;
    // `| 0`: the indices are int32 (p and the starts are calendar indices), so no overflow check.
    const v0 = c0[(p - s0) | 0]!,
      v1 = c1[(p - s1) | 0]!,
      v2 = c2[(p - s2) | 0]!,
      v3 = c3[(p - s3) | 0]!;
    const v4 = c4[(p - s4) | 0]!,
      v5 = c5[(p - s5) | 0]!,
      v6 = c6[(p - s6) | 0]!,
      v7 = c7[(p - s7) | 0]!;
    const sum = value[k]! + q0 * v0 + q1 * v1 + q2 * v2 + q3 * v3 + q4 * v4 + q5 * v5 + q6 * v6 + q7 * v7;
    if (!(v0 > 0 && v1 > 0 && v2 > 0 && v3 > 0 && v4 > 0 && v5 > 0 && v6 > 0 && v7 > 0 && sum < Infinity)) return k;
    value[k] = sum;
  }
  return to + 1;
}

/** {@link sumTyped} for lanes of any array type (number[], other typed arrays), each close checked to be a number. */
function sumAny(lanes: Lanes, points: Int32Array, from: number, to: number, value: Float64Array): number {
  const c = lanes.closes;
  const c0 = c[0]!,
    c1 = c[1]!,
    c2 = c[2]!,
    c3 = c[3]!,
    c4 = c[4]!,
    c5 = c[5]!,
    c6 = c[6]!,
    c7 = c[7]!;
  const s = lanes.start;
  const s0 = s[0]!,
    s1 = s[1]!,
    s2 = s[2]!,
    s3 = s[3]!,
    s4 = s[4]!,
    s5 = s[5]!,
    s6 = s[6]!,
    s7 = s[7]!;
  const q = lanes.coefficient;
  const q0 = q[0]!,
    q1 = q[1]!,
    q2 = q[2]!,
    q3 = q[3]!,
    q4 = q[4]!,
    q5 = q[5]!,
    q6 = q[6]!,
    q7 = q[7]!;
  for (let k = from; k <= to; k++) {
    const p = points[k]!;
    const v0 = c0[(p - s0) | 0],
      v1 = c1[(p - s1) | 0],
      v2 = c2[(p - s2) | 0],
      v3 = c3[(p - s3) | 0];
    const v4 = c4[(p - s4) | 0],
      v5 = c5[(p - s5) | 0],
      v6 = c6[(p - s6) | 0],
      v7 = c7[(p - s7) | 0];
    if (!(good(v0) && good(v1) && good(v2) && good(v3) && good(v4) && good(v5) && good(v6) && good(v7))) return k;
    const sum = value[k]! + q0 * v0 + q1 * v1 + q2 * v2 + q3 * v3 + q4 * v4 + q5 * v5 + q6 * v6 + q7 * v7;
    if (!(sum < Infinity)) return k;
    value[k] = sum;
  }
  return to + 1;
}

/**
 * Throws the error of the first bad close among holdings[h..h+n-1] in the order a holding-at-a-time
 * loop reads them (each holding's purchase close, its weekly closes, its last close), the caller
 * having found one.
 */
function throwInOrder(holdings: readonly ResolvedHolding[], h: number, n: number, points: Int32Array): never {
  lanes.closes.fill(NO_CLOSES);
  for (let i = h; i < h + n; i++) {
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
