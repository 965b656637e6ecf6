/**
 * The metrics table of the full tear sheet (issue 24), portfolio against benchmark: every number
 * is an @thematic/engine function's (docs/maths.md#distribution-and-risk-statistics,
 * #tear-sheet, #convention-presets); this file only picks them, in quantstats' report order, and
 * formats them. Like statisticsAdapter, it computes nothing itself.
 */
import {
  annualReturns, beta, cagr, calmarRatio, captureRatios, conditionalValueAtRisk, cornishFisherValueAtRisk, drawdownTable, gainToPainRatio, hitRate,
  informationRatio, jensenAlpha, kellyCriterion, kurtosis, maxDrawdown, meanReturn, monthlyReturns, omegaRatio, payoffRatio, periodCagr,
  probabilisticSharpeRatio, profitFactor, recoveryFactor, sharpeRatio, simpleReturns, skewness, sortinoRatio, tailRatio, trackingError, ulcerIndex,
  valueAtRisk, volatility, yearsBetween, type StatsConvention,
} from "@thematic/engine";

/** One row: a metric's label, its group, and the formatted values ("–" where it does not apply). */
export interface MetricRow {
  group: "Returns" | "Risk-adjusted" | "Drawdowns" | "Distribution" | "Periods" | "Against the benchmark";
  label: string;
  portfolio: string;
  benchmark: string;
}

/** Options of the metrics: the series' periods per year (52 weekly, 252 daily), annual risk-free rate, convention preset. */
export interface ReportMetricOptions {
  periodsPerYear: number;
  riskFreeRate: number;
  convention: StatsConvention;
}

interface Series {
  t: Float64Array;
  v: Float64Array;
}

/** A signed figure with a true minus sign, none when it rounds to zero ("0.00", not "−0.00"). */
const signed = (x: number, digits: number) => {
  const s = Math.abs(x).toFixed(digits);
  return `${x < 0 && Number(s) !== 0 ? "−" : ""}${s}`;
};
const pct = (x: number, digits = 2) => `${signed(x * 100, digits)}%`;
const num = (x: number, digits = 2) => signed(x, digits);
const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

/**
 * The rows (at least 40) of the metrics table of `portfolio` against `benchmark` (the same timestamps).
 *
 * @example
 * const t = Float64Array.from({ length: 60 }, (_, k) => 1704412800 + k * 604800); // 60 Fridays from 2024-01-05
 * const portfolio = { t, v: t.map((_, k) => 100 * (1 + 0.02 * Math.sin(k / 3)) + k) };
 * const benchmark = { t, v: t.map((_, k) => 100 + k / 2) };
 * reportMetrics(portfolio, benchmark, { periodsPerYear: 52, riskFreeRate: 0, convention: "engine" }).length // => 47
 */
export function reportMetrics(portfolio: Series, benchmark: Series, options: ReportMetricOptions): MetricRow[] {
  const { periodsPerYear: p, riskFreeRate: rf, convention } = options;
  const period = { riskFreeRate: rf, periodsPerYear: p };
  const c = { convention };
  const r = simpleReturns(portfolio.v);
  const b = simpleReturns(benchmark.v);
  const points = (s: Series) => Array.from(s.t, (t, i) => [t, s.v[i]!] as [number, number]);
  const both = <T>(f: (s: Series, ret: Float64Array) => T): [T, T] => [f(portfolio, r), f(benchmark, b)];
  const rows: MetricRow[] = [];
  const add = (group: MetricRow["group"], label: string, [a, z]: [string, string]) => rows.push({ group, label, portfolio: a, benchmark: z });
  const own = (group: MetricRow["group"], label: string, f: (s: Series, ret: Float64Array) => number, fmt: (x: number) => string) =>
    add(group, label, both(f).map((x) => fmt(x)) as [string, string]);

  const t = portfolio.t;
  add("Returns", "Start", [day(t[0]!), day(t[0]!)]);
  add("Returns", "End", [day(t[t.length - 1]!), day(t[t.length - 1]!)]);
  add("Returns", "Periods", [String(r.length), String(b.length)]);
  own("Returns", "Total return", (s) => s.v[s.v.length - 1]! / s.v[0]! - 1, (x) => pct(x));
  own("Returns", "CAGR (calendar years)", (s) => cagr(s.v[0]!, s.v[s.v.length - 1]!, yearsBetween(s.t[0]!, s.t[s.t.length - 1]!)), (x) => pct(x));
  own("Returns", "CAGR (n / p years)", (_, ret) => periodCagr(ret, p), (x) => pct(x));
  own("Returns", "Mean period return", (_, ret) => meanReturn(ret), (x) => pct(x, 3));
  own("Returns", "Volatility (a year)", (_, ret) => volatility(ret, p), (x) => pct(x));
  own("Risk-adjusted", "Sharpe ratio", (_, ret) => sharpeRatio(ret, period), num);
  own("Risk-adjusted", "Probabilistic Sharpe ratio", (_, ret) => probabilisticSharpeRatio(ret, { ...period, convention }), (x) => pct(x, 1));
  own("Risk-adjusted", "Sortino ratio", (_, ret) => sortinoRatio(ret, period), num);
  own("Risk-adjusted", "Sortino ratio / √2", (_, ret) => sortinoRatio(ret, period) / Math.SQRT2, num);
  own("Risk-adjusted", "Calmar ratio", (s) => calmarRatio(s.v, convention === "engine" ? yearsBetween(s.t[0]!, s.t[s.t.length - 1]!) : (s.v.length - 1) / p), num);
  own("Risk-adjusted", "Omega ratio", (_, ret) => omegaRatio(ret, period), num);
  own("Risk-adjusted", "Gain-to-pain ratio", (_, ret) => gainToPainRatio(ret), num);
  own("Risk-adjusted", "Recovery factor", (s) => recoveryFactor(s.v, c), num);
  own("Drawdowns", "Maximum drawdown", (s) => maxDrawdown(s.v), (x) => pct(x));
  const episodes = both((s) => drawdownTable(s.v));
  add("Drawdowns", "Longest drawdown (periods)", episodes.map((e) => String(e.reduce((m, x) => Math.max(m, x.length), 0))) as [string, string]);
  add("Drawdowns", "Average drawdown", episodes.map((e) => (e.length === 0 ? pct(0) : pct(e.reduce((s, x) => s + x.depth, 0) / e.length))) as [string, string]);
  add("Drawdowns", "Drawdown episodes", episodes.map((e) => String(e.length)) as [string, string]);
  own("Drawdowns", "Ulcer index", (s) => ulcerIndex(s.v, c), (x) => pct(x));
  own("Distribution", "Skewness", (_, ret) => skewness(ret, c), num);
  own("Distribution", "Excess kurtosis", (_, ret) => kurtosis(ret, c), num);
  own("Distribution", "Tail ratio", (_, ret) => tailRatio(ret), num);
  own("Distribution", "VaR 95% (a period)", (_, ret) => valueAtRisk(ret, 0.95, c), (x) => pct(x));
  own("Distribution", "CVaR 95% (a period)", (_, ret) => conditionalValueAtRisk(ret, 0.95, c), (x) => pct(x));
  own("Distribution", "Cornish-Fisher VaR 95%", (_, ret) => cornishFisherValueAtRisk(ret, 0.95), (x) => pct(x));
  own("Distribution", "Payoff ratio", (_, ret) => payoffRatio(ret), num);
  own("Distribution", "Profit factor", (_, ret) => profitFactor(ret), num);
  own("Distribution", "Kelly criterion", (_, ret) => kellyCriterion(ret), (x) => pct(x, 1));
  own("Distribution", "Positive periods", (_, ret) => hitRate(ret, undefined, c), (x) => pct(x, 1));
  own("Periods", "Best period", (_, ret) => Math.max(...ret), (x) => pct(x));
  own("Periods", "Worst period", (_, ret) => Math.min(...ret), (x) => pct(x));
  const months = both((s) => monthlyReturns(points(s)).map((m) => m.return));
  const years = both((s) => annualReturns(points(s)).map((y) => y.return));
  const over = (label: string, sets: [number[], number[]], f: (x: number[]) => number, fmt: (x: number) => string) =>
    add("Periods", label, sets.map((x) => (x.length === 0 ? "–" : fmt(f(x)))) as [string, string]);
  over("Best month", months, (x) => Math.max(...x), (x) => pct(x));
  over("Worst month", months, (x) => Math.min(...x), (x) => pct(x));
  over("Average up month", months, (x) => mean(x.filter((m) => m > 0)), (x) => pct(x));
  over("Average down month", months, (x) => mean(x.filter((m) => m < 0)), (x) => pct(x));
  over("Positive months", months, (x) => x.filter((m) => m > 0).length / x.length, (x) => pct(x, 1));
  over("Best year", years, (x) => Math.max(...x), (x) => pct(x));
  over("Worst year", years, (x) => Math.min(...x), (x) => pct(x));
  const rel = (label: string, value: string) => add("Against the benchmark", label, [value, "–"]);
  rel("Beta", num(beta(r, b)));
  rel("Alpha (a year)", pct(jensenAlpha(r, b, { ...period, convention })));
  rel("Tracking error (a year)", pct(trackingError(r, b, p)));
  rel(convention === "engine" ? "Information ratio (a year)" : "Information ratio (a period)", num(informationRatio(r, b, p, c)));
  const capture = captureRatios(r, b, p);
  rel("Up capture", pct(capture.up, 1));
  rel("Down capture", pct(capture.down, 1));
  rel("Hit rate (periods above the benchmark)", pct(hitRate(r, b, c), 1));
  return rows;
}

/** Mean of a non-empty list (0 when empty: no up or down month). */
function mean(x: number[]): number {
  return x.length === 0 ? 0 : meanReturn(x);
}
