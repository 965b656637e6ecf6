import { EngineError, isEngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { assertInRange, assertInteger, toFiniteFloat64 } from "../_internal/validate.ts";
import { makeAssetReturns, type AssetReturns } from "../data/assetReturns.ts";
import { readReturnsTable, type CheckedReturnsTable } from "../research/readReturnsTable.ts";
import type { ResearchReturns } from "../research/types.ts";
import { tearSheet, type TearSheetOptions, type TimePoint } from "../tearsheet/tearSheet.ts";
import { postTradeValue } from "./_internal/postTradeValue.ts";
import { readEstimatorWeights } from "./_internal/readEstimatorWeights.ts";
import type { WalkForwardEstimator, WalkForwardOptions, WalkForwardRebalance, WalkForwardResult } from "./types.ts";

const NAV_BASE = 10000;
const SHEET_OPTIONS: readonly string[] = ["riskFreeRate", "rollingWindow", "drawdowns", "convention"];

/**
 * Evaluates a method out of sample, as it would have been run (docs/maths.md#walk-forward-evaluation).
 * At each rebalance, at the end of period t, the estimator sees only the window of periods up to t
 * (the last L periods, or all of 0 … t) and returns target weights w*; the portfolio, whose weights
 * have drifted to x, trades toward them:
 * - one-way turnover `τ(w) = ½(Σ_i |w_i − x_i| + |Σ_i x_i − Σ_i w_i|)` (the last term is cash);
 *   with a limit ℓ the trade is scaled, `w = x + λ(w* − x)` with `λ = min(1, ℓ / τ(w*))`, so
 *   τ(w) = λ·τ(w*) <= ℓ (the first rebalance, from cash, is not limited);
 * - the value after trading V' solves `V' = V − c · Σ_i |w_i V' − v_i|` (c = costBps / 10⁴, v_i the
 *   holdings' values), the rebalanced backtest's self-financing cost equation;
 * - between rebalances the holdings drift with the returns, `v_i ← v_i (1 + r_{t,i})`, cash
 *   (1 − Σ w) earns nothing.
 * The NAV is marked at each period's end before any trade there, from 10000 at the end of period
 * L − 1; so the out-of-sample return of period t + 1 carries the cost of the trade at the end of t.
 *
 * Cost: O(T·N) plus the estimator's calls (one per rebalance, in time order) and the tear sheet.
 * @param returns T×N simple returns: an {@link AssetReturns}, or a bare `{ returns, periods }` (see {@link ResearchReturns}). Never mutated.
 * @param estimator from a window to target weights, see {@link WalkForwardEstimator}.
 * @param options see {@link WalkForwardOptions}; `window` is required.
 * @returns a Promise of the NAV, the returns, the rebalances, turnover, costs and the tear sheet.
 * @throws EngineError INVALID_INPUT (as a rejection) naming `returns.*`, `estimator`, or `options.*`; whatever the estimator throws.
 * @example
 * const data = assetReturns([[0.01, 0.03], [0.02, -0.01], [-0.01, 0.02], [0.03, 0.01], [0.0, 0.02]], { assets: ["A", "B"], frequency: "monthly" });
 * const run = await walkForward(data, () => ({ A: 0.5, B: 0.5 }), { window: { kind: "trailing", periods: 2 } });
 * Array.from(run.returns, (r) => +r.toFixed(10)) // => [0.005, 0.02, 0.01]
 * run.rebalances.length // => 3
 */
export async function walkForward(
  returns: ResearchReturns,
  estimator: WalkForwardEstimator,
  options: WalkForwardOptions,
): Promise<WalkForwardResult> {
  const data = readReturnsTable("returns", returns, { minPeriods: 3, minColumns: 1, simple: true });
  if (typeof estimator !== "function") {
    throw new EngineError(
      "INVALID_INPUT",
      `estimator must be a function from a window to weights, got ${estimator === null ? "null" : typeof estimator}`,
      { field: "estimator" },
    );
  }
  const o = readOptions<WalkForwardOptions>(
    options,
    "{ window, rebalance?, costBps?, turnoverLimit?, benchmark?, tearSheet? }",
    ["window", "rebalance", "costBps", "turnoverLimit", "benchmark", "tearSheet"],
  );
  const T = data.periods;
  const n = data.columns;
  const win = readOptions<WalkForwardOptions["window"]>(
    o.window,
    '{ kind: "trailing" | "expanding", periods }',
    ["kind", "periods"],
    "options.window",
  );
  if (o.window === undefined)
    throw new EngineError("INVALID_INPUT", 'options.window must be { kind: "trailing" | "expanding", periods }', {
      field: "options.window",
    });
  if (win.kind !== "trailing" && win.kind !== "expanding") {
    throw new EngineError(
      "INVALID_INPUT",
      `options.window.kind must be "trailing" or "expanding", got ${String(win.kind)}`,
      { field: "options.window.kind" },
    );
  }
  assertInteger("options.window.periods", win.periods, { min: 1, max: T - 2 }); // at least 2 out-of-sample periods (3 NAV points)
  const L = win.periods;
  const isRebalance = readSchedule(o.rebalance, data.dates, L);
  const cost =
    o.costBps === undefined
      ? 0
      : (assertInRange("options.costBps", o.costBps, { min: 0, max: 1000 }), o.costBps / 10000);
  let limit = Infinity;
  if (o.turnoverLimit !== undefined) {
    assertInRange("options.turnoverLimit", o.turnoverLimit, { min: 0, minExclusive: true });
    limit = o.turnoverLimit;
  }
  const bench = benchmarkReturns(o.benchmark, data);
  const sheetOptions = readOptions<Omit<TearSheetOptions, "periodsPerYear">>(
    o.tearSheet,
    "{ riskFreeRate?, rollingWindow?, drawdowns?, convention? }",
    ["riskFreeRate", "rollingWindow", "drawdowns", "convention"],
    "options.tearSheet",
  );

  const held = new Float64Array(n); // holdings' values, in units of the initial capital
  let cash = 1;
  const x = new Float64Array(n);
  const w = new Float64Array(n);
  const nav = new Float64Array(T - L + 1);
  const out = new Float64Array(T - L);
  const rebalances: WalkForwardRebalance[] = [];
  let turnover = 0;
  let costs = 0;
  let costsPaid = 0;
  let value = 1;
  nav[0] = NAV_BASE;
  for (let t = L - 1; t <= T - 2; t++) {
    const before = value;
    if (isRebalance(t)) {
      for (let i = 0; i < n; i++) x[i] = held[i]! / value;
      const r = rebalances.length;
      const date = data.dates?.[t];
      const from = win.kind === "trailing" ? t - L + 1 : 0;
      const given = await estimator(
        windowOf(data, from, t + 1),
        Object.freeze({ rebalance: r, period: t, date, current: x.slice() }),
      );
      const target = readEstimatorWeights(given, data.assets, r);
      const full = oneWayTurnover(target, x);
      const lambda = r > 0 && full > limit ? limit / full : 1;
      let tau = blend(w, x, target, lambda);
      for (let shrink = lambda; tau > limit && r > 0; ) tau = blend(w, x, target, (shrink *= 1 - 2 ** -50)); // rounding: keep τ <= ℓ exactly
      const after = postTradeValue(cost, value, held, w, "options.costBps");
      let invested = 0;
      for (let i = 0; i < n; i++) invested += held[i] = w[i]! * after;
      cash = after - invested;
      const paid = (value - after) / value;
      rebalances.push(Object.freeze({ period: t, date, target, weights: w.slice(), turnover: tau, cost: paid }));
      turnover += tau;
      costs += paid;
      costsPaid += NAV_BASE * (value - after);
      value = after;
    }
    const row = (t + 1) * n;
    let next = cash;
    for (let i = 0; i < n; i++) next += held[i] = held[i]! * (1 + data.returns[row + i]!);
    if (!(next > 0 && Number.isFinite(next))) {
      throw new EngineError(
        "INVALID_INPUT",
        `the portfolio's value is ${next} after period ${t + 1}: the estimator's weights lose everything (or overflow)`,
        { field: "estimator", details: { period: t + 1 } },
      );
    }
    const j = t - L + 1;
    out[j] = next / before - 1;
    nav[j + 1] = NAV_BASE * next;
    value = next;
  }

  // Without dates, period t ends at t · (365.25 days / periodsPerYear) in Unix seconds, so the tear sheet's calendar years are the data's.
  const spacing = (365.25 * 86400) / data.periodsPerYear;
  const stamps = Array.from({ length: T - L + 1 }, (_, j) =>
    data.dates === undefined ? (L - 1 + j) * spacing : data.dates[L - 1 + j]!,
  );
  const timeSeries = stamps.map((s, j) => [s, nav[j]!] as TimePoint);
  let b = NAV_BASE;
  const benchmarkTimeSeries = stamps.map((s, j) => [s, j === 0 ? b : (b *= 1 + bench[L - 1 + j]!)] as TimePoint);
  let sheet;
  try {
    sheet = tearSheet({ timeSeries, benchmarkTimeSeries }, { ...sheetOptions, periodsPerYear: data.periodsPerYear });
  } catch (e) {
    if (isEngineError(e) && e.field !== undefined && SHEET_OPTIONS.includes(e.field.replace(/^options\./, ""))) {
      throw new EngineError("INVALID_INPUT", `options.tearSheet: ${e.message}`, {
        field: `options.tearSheet.${e.field.replace(/^options\./, "")}`,
        cause: e,
      });
    }
    throw e;
  }
  return Object.freeze({
    assets: data.assets,
    periodsPerYear: data.periodsPerYear,
    frequency: data.frequency,
    firstPeriod: L,
    nav,
    dates: data.dates === undefined ? undefined : Object.freeze(stamps),
    returns: out,
    timeSeries,
    benchmarkTimeSeries,
    rebalances: Object.freeze(rebalances),
    turnover,
    annualTurnover: turnover / ((T - L) / data.periodsPerYear),
    costs,
    costsPaid,
    tearSheet: sheet,
  });
}

/** `½(Σ_i |w_i − x_i| + |Σ_i x_i − Σ_i w_i|)`: one-way turnover with cash as the (N+1)-th holding. */
export function oneWayTurnover(w: Float64Array, x: Float64Array): number {
  let gross = 0;
  let cashChange = 0;
  for (let i = 0; i < w.length; i++) {
    gross += Math.abs(w[i]! - x[i]!);
    cashChange += x[i]! - w[i]!;
  }
  return (gross + Math.abs(cashChange)) / 2;
}

/** Writes `x + λ(target − x)` into `w` (exactly `target` when λ = 1) and returns its turnover. */
function blend(w: Float64Array, x: Float64Array, target: Float64Array, lambda: number): number {
  for (let i = 0; i < w.length; i++) w[i] = lambda === 1 ? target[i]! : x[i]! + lambda * (target[i]! - x[i]!);
  return oneWayTurnover(w, x);
}

/** Rows [from, to) as a labelled window (values already checked). */
function windowOf(data: CheckedReturnsTable, from: number, to: number): AssetReturns {
  const n = data.columns;
  const dates = data.dates === undefined ? undefined : Object.freeze(data.dates.slice(from, to));
  return makeAssetReturns(
    data.assets,
    data.returns.slice(from * n, to * n),
    to - from,
    data.periodsPerYear,
    data.frequency,
    dates,
  );
}

/** Whether the end of period t (L − 1 <= t <= T − 2) rebalances. */
function readSchedule(schedule: unknown, dates: readonly number[] | undefined, L: number): (t: number) => boolean {
  if (schedule === undefined) return () => true;
  const s = readOptions<{ every: number; calendar: "monthly" | "quarterly" }>(
    schedule,
    '{ every } or { calendar: "monthly" | "quarterly" }',
    ["every", "calendar"],
    "options.rebalance",
  );
  if ((s.every === undefined) === (s.calendar === undefined)) {
    throw new EngineError(
      "INVALID_INPUT",
      'options.rebalance must give exactly one of every (periods) or calendar ("monthly" | "quarterly")',
      { field: "options.rebalance" },
    );
  }
  if (s.every !== undefined) {
    assertInteger("options.rebalance.every", s.every, { min: 1 });
    const k = s.every;
    return (t) => (t - (L - 1)) % k === 0;
  }
  if (s.calendar !== "monthly" && s.calendar !== "quarterly") {
    throw new EngineError(
      "INVALID_INPUT",
      `options.rebalance.calendar must be "monthly" or "quarterly", got ${String(s.calendar)}`,
      { field: "options.rebalance.calendar" },
    );
  }
  if (dates === undefined) {
    throw new EngineError(
      "INVALID_INPUT",
      "options.rebalance.calendar needs returns.dates (a calendar schedule reads each period's date)",
      { field: "options.rebalance.calendar" },
    );
  }
  const months = s.calendar === "monthly" ? 1 : 3;
  const bucket = (u: number): number => {
    const d = new Date(u * 1000);
    return Math.floor((d.getUTCFullYear() * 12 + d.getUTCMonth()) / months);
  };
  return (t) => t === L - 1 || bucket(dates[t]!) !== bucket(dates[t + 1]!);
}

/** The benchmark's T per-period returns: an asset's column, given returns, or the equal-weight portfolio. */
function benchmarkReturns(benchmark: unknown, data: CheckedReturnsTable): Float64Array {
  const T = data.periods;
  const n = data.columns;
  const out = new Float64Array(T);
  if (benchmark === undefined || typeof benchmark === "string") {
    const column = benchmark === undefined ? -1 : data.assets.indexOf(benchmark);
    if (benchmark !== undefined && column < 0) {
      throw new EngineError(
        "INVALID_INPUT",
        `options.benchmark "${benchmark}" is not one of the assets (${data.assets.slice(0, 5).join(", ")}${n > 5 ? ", …" : ""})`,
        { field: "options.benchmark" },
      );
    }
    for (let t = 0; t < T; t++) {
      if (column >= 0) out[t] = data.returns[t * n + column]!;
      else {
        let sum = 0;
        for (let i = 0; i < n; i++) sum += data.returns[t * n + i]!;
        out[t] = sum / n;
      }
    }
    return out;
  }
  if (benchmark === null || typeof benchmark !== "object" || (benchmark as ArrayLike<number>).length !== T) {
    throw new EngineError(
      "INVALID_INPUT",
      `options.benchmark must be an asset id or ${T} per-period returns (one per period)`,
      { field: "options.benchmark" },
    );
  }
  const given = toFiniteFloat64("options.benchmark", benchmark, T);
  for (let t = 0; t < T; t++) {
    if (!(given[t]! > -1))
      throw new EngineError("INVALID_INPUT", `options.benchmark[${t}] must be a simple return > -1, got ${given[t]}`, {
        field: `options.benchmark[${t}]`,
      });
    out[t] = given[t]!;
  }
  return out;
}
