/**
 * The ONE table of how the report shows the engine's `tearSheet()` figures: for each figure (its
 * path in the result, e.g. `sortinoRatio`, `drawdown.maxDrawdown`, `trailing.yearToDate`), its
 * group, label and format, in page order. The figures themselves, and every convention behind
 * them (the Calmar ratio's years, the information ratio's scaling, the hit-rate ties), are the
 * engine's (docs/maths.md#tear-sheet, #convention-presets); this table only names and formats them.
 * A figure of the result that the table does not name is still shown, under "Other", labelled
 * from its key (docs/maths.md#charts).
 */

/** How a figure is written: a percentage (2 or 1 decimals), a number, a count, a date (Unix seconds), calendar days. */
export type MetricFormat = "pct" | "pct1" | "num" | "int" | "date" | "days";

/** One row of the table: the result paths it reads (the first present wins), its group, label and format. */
export interface MetricFormatRow {
  keys: readonly string[];
  group: string;
  label: string;
  format: MetricFormat;
  /** A figure of the portfolio against the benchmark (beta, tracking error…): no benchmark value. */
  relative?: true;
}

const row = (group: string, label: string, format: MetricFormat, ...keys: string[]): MetricFormatRow => ({
  keys,
  group,
  label,
  format,
});
const rel = (label: string, format: MetricFormat, ...keys: string[]): MetricFormatRow => ({
  keys,
  group: "Against the benchmark",
  label,
  format,
  relative: true,
});

/** Paths of the result that are not table rows (series, episodes, dates shown in the page's header). */
export const NOT_ROWS: readonly string[] = ["start", "end", "riskFreeRate", "bestPeriod.t", "worstPeriod.t"];

export const METRIC_FORMATS: readonly MetricFormatRow[] = [
  row("Returns", "Periods", "int", "periods"),
  row("Returns", "Time in market", "pct1", "timeInMarket"),
  row("Returns", "Total return", "pct", "totalReturn"),
  row("Returns", "CAGR", "pct", "cagr"),
  row("Returns", "Risk-adjusted return (CAGR / time in market)", "pct", "riskAdjustedReturn"),
  row("Returns", "Volatility (a year)", "pct", "volatility"),
  row("Risk-adjusted", "Sharpe ratio", "num", "sharpeRatio"),
  row("Risk-adjusted", "Probabilistic Sharpe ratio", "pct1", "probabilisticSharpeRatio"),
  row("Risk-adjusted", "Smart Sharpe ratio", "num", "smartSharpeRatio"),
  row("Risk-adjusted", "Sortino ratio", "num", "sortinoRatio"),
  row("Risk-adjusted", "Smart Sortino ratio", "num", "smartSortinoRatio"),
  row("Risk-adjusted", "Sortino ratio / √2", "num", "adjustedSortinoRatio"),
  row("Risk-adjusted", "Smart Sortino ratio / √2", "num", "adjustedSmartSortinoRatio"),
  row("Risk-adjusted", "Omega ratio", "num", "omegaRatio"),
  row("Risk-adjusted", "Calmar ratio", "num", "calmarRatio"),
  row("Risk-adjusted", "Ulcer performance index", "num", "ulcerPerformanceIndex"),
  row("Risk-adjusted", "Serenity index", "num", "serenityIndex"),
  row("Risk-adjusted", "Risk-return ratio", "num", "riskReturnRatio"),
  row("Risk-adjusted", "Recovery factor", "num", "recoveryFactor"),
  row("Risk-adjusted", "Gain-to-pain ratio", "num", "gainToPainRatio"),
  row("Risk-adjusted", "Gain-to-pain ratio (months)", "num", "monthlyGainToPainRatio"),
  row("Risk-adjusted", "Common sense ratio", "num", "commonSenseRatio"),
  row("Risk-adjusted", "CPC index", "num", "cpcIndex"),
  row("Drawdowns", "Maximum drawdown", "pct", "drawdown.maxDrawdown"),
  row("Drawdowns", "Maximum drawdown: peak", "date", "drawdown.maxDrawdownStart"),
  row("Drawdowns", "Maximum drawdown: trough", "date", "drawdown.maxDrawdownTrough"),
  row("Drawdowns", "Maximum drawdown: recovery", "date", "drawdown.maxDrawdownEnd"),
  row("Drawdowns", "Longest drawdown", "days", "drawdown.longestDrawdownDays"),
  row("Drawdowns", "Average drawdown", "pct", "drawdown.averageDrawdown"),
  row("Drawdowns", "Average drawdown length", "days", "drawdown.averageDrawdownDays"),
  row("Drawdowns", "Drawdown episodes", "int", "drawdown.episodes"),
  row("Drawdowns", "Ulcer index", "pct", "ulcerIndex"),
  row("Distribution", "Skewness", "num", "skewness"),
  row("Distribution", "Excess kurtosis", "num", "kurtosis"),
  row("Distribution", "Tail ratio", "num", "tailRatio"),
  row("Distribution", "Outlier win ratio", "num", "outlierWinRatio"),
  row("Distribution", "Outlier loss ratio", "num", "outlierLossRatio"),
  row("Distribution", "Value at risk (a period)", "pct", "valueAtRisk"),
  row("Distribution", "Expected shortfall (a period)", "pct", "conditionalValueAtRisk"),
  row("Distribution", "Risk of ruin", "pct", "riskOfRuin"),
  row("Trades", "Average return", "pct", "averageReturn"),
  row("Trades", "Average win", "pct", "averageWin"),
  row("Trades", "Average loss", "pct", "averageLoss"),
  row("Trades", "Payoff ratio", "num", "payoffRatio"),
  row("Trades", "Profit ratio", "num", "profitRatio"),
  row("Trades", "Profit factor", "num", "profitFactor"),
  row("Trades", "Kelly criterion", "pct1", "kellyCriterion"),
  row("Trades", "Most consecutive wins", "int", "consecutiveWins"),
  row("Trades", "Most consecutive losses", "int", "consecutiveLosses"),
  row("Expected returns", "Expected return (a period)", "pct", "expectedReturn"),
  row("Expected returns", "Expected return (a month)", "pct", "expectedMonthlyReturn"),
  row("Expected returns", "Expected return (a year)", "pct", "expectedYearlyReturn"),
  row("Trailing returns", "Month to date", "pct", "trailing.monthToDate"),
  row("Trailing returns", "3 months", "pct", "trailing.threeMonths"),
  row("Trailing returns", "6 months", "pct", "trailing.sixMonths"),
  row("Trailing returns", "Year to date", "pct", "trailing.yearToDate"),
  row("Trailing returns", "1 year", "pct", "trailing.oneYear"),
  row("Trailing returns", "3 years (a year)", "pct", "trailing.threeYears"),
  row("Trailing returns", "5 years (a year)", "pct", "trailing.fiveYears"),
  row("Trailing returns", "10 years (a year)", "pct", "trailing.tenYears"),
  row("Trailing returns", "All time (a year)", "pct", "trailing.allTime"),
  row("Periods", "Best period", "pct", "bestPeriod", "bestPeriod.return"),
  row("Periods", "Worst period", "pct", "worstPeriod", "worstPeriod.return"),
  row("Periods", "Best month", "pct", "bestMonth"),
  row("Periods", "Worst month", "pct", "worstMonth"),
  row("Periods", "Best year", "pct", "bestYear"),
  row("Periods", "Worst year", "pct", "worstYear"),
  row("Periods", "Average up month", "pct", "averageUpMonth"),
  row("Periods", "Average down month", "pct", "averageDownMonth"),
  row("Periods", "Positive periods", "pct1", "winRate.periods", "positivePeriods"),
  row("Periods", "Positive months", "pct1", "winRate.months"),
  row("Periods", "Positive quarters", "pct1", "winRate.quarters"),
  row("Periods", "Positive years", "pct1", "winRate.years"),
  rel("Beta", "num", "beta"),
  rel("Alpha (a year)", "pct", "alpha"),
  rel("Correlation", "num", "correlation"),
  rel("R²", "num", "rSquared"),
  rel("Treynor ratio", "num", "treynorRatio"),
  rel("Tracking error (a year)", "pct", "trackingError"),
  rel("Information ratio", "num", "informationRatio"),
  rel("Up capture", "pct1", "upCapture"),
  rel("Down capture", "pct1", "downCapture"),
  rel("Hit rate (periods above the benchmark)", "pct1", "hitRate"),
];
