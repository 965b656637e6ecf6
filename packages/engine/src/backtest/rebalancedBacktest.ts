import { EngineError } from "../errors/EngineError.ts";
import type { BacktestInput, BacktestResult, TableBacktestInput } from "./types.ts";
import { prepareWindow } from "./backtestWindow.ts";
import { frequencyOf } from "./_internal/dailyWindow.ts";
import { checkResolvedCloses, resolveHoldings } from "./_internal/resolveHoldings.ts";
import { seriesStatistics } from "./_internal/seriesStatistics.ts";
import { readClose } from "./validatePriceSeries.ts";
import { firstAbove } from "../_internal/sortedSearch.ts";
import { yearsBetween } from "../stats/yearsBetween.ts";
import { NAV_BASE } from "./_internal/navAtPoints.ts";
import { checkRule, type RebalanceRule } from "./_internal/rebalanceRule.ts";

export type { RebalanceRule, RebalanceFrequency } from "./_internal/rebalanceRule.ts";

/** What a rebalanced backtest traded (docs/maths.md#rebalanced-backtest). */
export interface RebalancingReport {
  /** Number of times the rule fired (a rebalance with nothing to trade counts too). */
  count: number;
  /** Unix seconds of each rebalance (a weekly point's close). */
  dates: number[];
  /** Sum over rebalances of the one-way turnover `Σ |traded value| / (2 · value before trading)`. */
  turnover: number;
  /** `turnover` per year of the window (365.25-day years). */
  annualTurnover: number;
  /** Sum over rebalances of the cost paid as a fraction of the value before trading. */
  costs: number;
}

/** A backtest result with its rebalancing report. */
export interface RebalancedBacktestResult extends BacktestResult {
  rebalancing: RebalancingReport;
}

/**
 * A backtest that trades back to the target weights by calendar (`frequency`: the last weekly
 * point of each month, quarter or year) and/or when a holding drifts out of its band, paying a
 * proportional cost on the value traded, solved exactly so the portfolio stays self-financing
 * (docs/maths.md#rebalanced-backtest). Same window, weekly points, holdings rules, warnings,
 * benchmark and statistics as `buyAndHoldBacktest`; a rule that never fires gives exactly
 * `buyAndHoldBacktest`'s result (bit for bit; the service's default stays buy-and-hold).
 * Holdings that cannot trade at a rebalance (not yet listed, or delisted) keep their target
 * weight in cash. No rebalance happens at the last point.
 *
 * Cost: O(H·W) plus, per rebalance, O(H) per fixed-point iteration of the cost equation (a few).
 * @param input as `buyAndHoldBacktest`'s, with `rebalance` (see {@link RebalanceRule}).
 * @throws EngineError as `buyAndHoldBacktest`; INVALID_INPUT naming `rebalance.*` for a bad rule.
 * @example
 * const days = Array.from({ length: 261 }, (_, i) => 1704067200 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // Mondays to Fridays from 2024-01-01
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + i) }], ["B", { start: 0, closes: days.map(() => 100) }]]);
 * const input = { calendar: days, holdings: [{ id: "A", weight: 1 }, { id: "B", weight: 1 }], prices, benchmark: { symbol: "SPY", series: prices.get("B")! }, years: 1 };
 * const r = rebalancedBacktest({ ...input, rebalance: { frequency: "quarterly", costBps: 10 } });
 * r.rebalancing.dates.map((t) => new Date(t * 1000).toISOString().slice(0, 10)) // => ["2024-03-29", "2024-06-28", "2024-09-27"] (the last weekly point of each quarter inside the window)
 * r.metadata.returns > buyAndHoldBacktest(input).metadata.returns // => false (selling the riser A to buy B costs here)
 */
export function rebalancedBacktest(
  input: (BacktestInput | TableBacktestInput) & { rebalance: RebalanceRule },
): RebalancedBacktestResult {
  const { window, prepared: w } = prepareWindow(input);
  if (frequencyOf(input) === "daily") {
    throw new EngineError(
      "INVALID_INPUT",
      'frequency "daily" is not supported by rebalancedBacktest (weekly points only)',
      { field: "frequency" },
    );
  }
  const rule = checkRule(input.rebalance);
  const warnings = [...w.warnings];
  const { points, timestamps } = w;
  const W = points.length;
  const prices = w.table === undefined ? w.prices : w.table.series;
  const holdings = resolveHoldings(input.holdings, prices, w.calendar.days, points, warnings, w.table !== undefined);
  checkResolvedCloses(holdings);
  const H = holdings.length;

  // Weekly closes the simulation reads, time-major, each checked as buyAndHoldBacktest checks it.
  const close = new Float64Array(W * H);
  const invest = new Int32Array(H);
  const lastTrading = new Int32Array(H);
  const lastClose = new Float64Array(H);
  const target = new Float64Array(H);
  for (let h = 0; h < H; h++) {
    const { id, series, investPoint, lastIndex, weight } = holdings[h]!;
    const field = `prices[${JSON.stringify(id)}]`;
    const lt = firstAbove(points, lastIndex, investPoint) - 1;
    invest[h] = investPoint;
    lastTrading[h] = lt;
    target[h] = weight;
    for (let k = investPoint; k <= lt; k++)
      close[k * H + h] = readClose(field, series.closes, points[k]! - series.start);
    lastClose[h] = lt < W - 1 ? readClose(field, series.closes, lastIndex - series.start) : 0;
  }

  // State per holding: shares while it trades, else cash (units of the initial capital).
  const shares = new Float64Array(H);
  const cash = new Float64Array(H);
  const value = new Float64Array(H);
  for (let h = 0; h < H; h++) {
    if (invest[h] === 0) shares[h] = target[h]! / close[h]!;
    else cash[h] = target[h]!;
  }
  const nav = new Float64Array(W);
  const report: RebalancingReport = { count: 0, dates: [], turnover: 0, annualTurnover: 0, costs: 0 };
  let base = 0;
  for (let k = 0; k < W; k++) {
    let total = 0;
    for (let h = 0; h < H; h++) {
      if (k > 0 && k === invest[h]) {
        shares[h] = cash[h]! / close[k * H + h]!; // a late listing is bought at its first weekly close
        cash[h] = 0;
      }
      if (k > 0 && k === lastTrading[h]! + 1) {
        cash[h] = shares[h]! * lastClose[h]!; // delisted: cash at its last close
        shares[h] = 0;
      }
      const v = k >= invest[h]! && k <= lastTrading[h]! ? shares[h]! * close[k * H + h]! : cash[h]!;
      value[h] = v;
      total += v;
    }
    if (k === 0) base = total;
    if (k < W - 1 && shouldRebalance(rule, k, timestamps, total, value, target, invest, lastTrading)) {
      const after = postTradeValue(rule.cost, total, value, target, invest, lastTrading, k);
      let traded = 0;
      for (let h = 0; h < H; h++) {
        const goal = target[h]! * after;
        if (k >= invest[h]! && k <= lastTrading[h]!) {
          traded += Math.abs(goal - value[h]!);
          // Nothing to trade keeps the shares exactly (goal / close would round them).
          if (goal !== value[h]) shares[h] = goal / close[k * H + h]!;
        } else cash[h] = goal;
      }
      report.count++;
      report.dates.push(timestamps[k]!);
      report.turnover += traded / (2 * total);
      report.costs += (total - after) / total;
      total = after;
    }
    nav[k] = k === 0 ? NAV_BASE : NAV_BASE * (total / base);
  }
  const years = yearsBetween(timestamps[0]!, timestamps[W - 1]!);
  report.annualTurnover = years > 0 ? report.turnover / years : 0;

  const benchmarkNav = window.benchmark.nav;
  return {
    metadata: {
      ...seriesStatistics("portfolio", nav, timestamps, w.riskFreeRate),
      stockCount: H,
      weekCount: W - 1,
      warnings,
    },
    timeSeries: Array.from(timestamps, (t, k) => [t, nav[k]!] as [number, number]),
    benchmarkMetadata: { ...window.benchmark.statistics, symbol: window.benchmark.symbol },
    benchmarkTimeSeries: Array.from(timestamps, (t, k) => [t, benchmarkNav[k]!] as [number, number]),
    rebalancing: report,
  };
}

/** Calendar period index of a timestamp: months since 1970, quarters, or years (UTC). */
function period(frequency: NonNullable<ReturnType<typeof checkRule>["frequency"]>, t: number): number {
  const d = new Date(t * 1000);
  const months = d.getUTCFullYear() * 12 + d.getUTCMonth();
  return frequency === "monthly" ? months : frequency === "quarterly" ? Math.floor(months / 3) : d.getUTCFullYear();
}

/** Whether point k (not the last) rebalances: the end of a calendar period, or a band breached by a traded holding. */
function shouldRebalance(
  rule: ReturnType<typeof checkRule>,
  k: number,
  timestamps: Float64Array,
  total: number,
  value: Float64Array,
  target: Float64Array,
  invest: Int32Array,
  lastTrading: Int32Array,
): boolean {
  if (
    rule.frequency !== undefined &&
    period(rule.frequency, timestamps[k]!) !== period(rule.frequency, timestamps[k + 1]!)
  )
    return true;
  if (rule.absolute === Infinity && rule.relative === Infinity) return false;
  for (let h = 0; h < value.length; h++) {
    if (k < invest[h]! || k > lastTrading[h]!) continue;
    const x = value[h]! / total;
    const w = target[h]!;
    if (Math.abs(x - w) > rule.absolute || Math.abs(x / w - 1) > rule.relative) return true;
  }
  return false;
}

/**
 * The value V' after trading to the targets at cost c per unit traded: the fixed point of
 * `V' = V − c · Σ_traded |w_h V' − v_h|`, a contraction of factor <= c < 1, iterated to
 * convergence (docs/maths.md#rebalanced-backtest).
 */
function postTradeValue(
  cost: number,
  total: number,
  value: Float64Array,
  target: Float64Array,
  invest: Int32Array,
  lastTrading: Int32Array,
  k: number,
): number {
  if (cost === 0) return total;
  let after = total;
  for (let i = 0; i < 200; i++) {
    let traded = 0;
    for (let h = 0; h < value.length; h++)
      if (k >= invest[h]! && k <= lastTrading[h]!) traded += Math.abs(target[h]! * after - value[h]!);
    const next = total - cost * traded;
    if (next === after) return after;
    after = next;
  }
  if (!(after > 0))
    throw new EngineError("INVALID_INPUT", "rebalance.costBps leaves no value after trading", {
      field: "rebalance.costBps",
    });
  return after;
}
