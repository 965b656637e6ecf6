/**
 * The metrics table of the full tear sheet, portfolio against benchmark, read from the engine's
 * `tearSheet()` result: every figure and every convention behind it is the engine's
 * (docs/maths.md#tear-sheet, #convention-presets); the rows, labels and formats come from the one
 * table {@link METRIC_FORMATS}. A figure the result has and the table does not name is still a row
 * (group "Other"), so figures added to `tearSheet()` appear without a change here.
 */
import { METRIC_FORMATS, type MetricFormat, NOT_ROWS } from "../table/metricFormats.ts";

/** One row: a metric's label, its group, and the formatted values ("–" where it does not apply). */
export interface MetricRow {
  group: string;
  label: string;
  portfolio: string;
  benchmark: string;
}

/** A `tearSheet()` result, read as data: numbers (or null), nested objects of them; arrays are series, not rows. */
export type SheetFigures = object;

/** A signed figure with a true minus sign, none when it rounds to zero ("0.00", not "−0.00"). */
const signed = (x: number, digits: number) => {
  const s = Math.abs(x).toFixed(digits);
  return `${x < 0 && Number(s) !== 0 ? "−" : ""}${s}`;
};

/** The text of `x` in `format` ("–" for null or a non-finite number, which the engine returns where a figure does not exist). */
export function formatMetric(x: number | null, format: MetricFormat): string {
  if (x === null || !Number.isFinite(x)) return "–";
  switch (format) {
    case "pct":
      return `${signed(x * 100, 2)}%`;
    case "pct1":
      return `${signed(x * 100, 1)}%`;
    case "int":
      return String(Math.round(x));
    case "date":
      return new Date(x * 1000).toISOString().slice(0, 10);
    case "days":
      return `${Math.round(x)} days`;
    default:
      return signed(x, 2);
  }
}

/** `{ a: 1, b: { c: 2 } }` → `{ a: 1, "b.c": 2 }`: numbers and nulls by path; arrays left out. */
function flatten(
  value: object,
  prefix = "",
  out: Record<string, number | null> = {},
  skip: readonly string[] = [],
): Record<string, number | null> {
  for (const [key, x] of Object.entries(value)) {
    if (skip.includes(key)) continue;
    const path = prefix === "" ? key : `${prefix}.${key}`;
    if (typeof x === "number" || x === null) out[path] = x;
    else if (typeof x === "object" && !Array.isArray(x)) flatten(x as object, path, out);
  }
  return out;
}

/** "maxDrawdownDays" → "Max drawdown days"; "trailing.oneYear" → "Trailing: one year". */
function labelOf(path: string): string {
  const words = path.split(".").map((part) => part.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase());
  const text = words.join(": ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The rows of the metrics table from `sheet`, the engine's `tearSheet()` of the portfolio against
 * the benchmark. The benchmark's column is `sheet.benchmark` when the result has one, else the
 * top-level figures of `benchmarkSheet` (the benchmark's tear sheet against itself); relative
 * figures (beta, alpha, tracking error…) have no benchmark value.
 *
 * @example
 * const days = Array.from({ length: 150 }, (_, i) => 1704672000 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // 30 weeks from Monday 2024-01-08
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 9)) }]]);
 * const backtest = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: prices.get("A")! }, years: 1 });
 * const rows = reportMetrics(tearSheet(backtest, { periodsPerYear: 252, rollingWindow: 20 }));
 * rows.find((row) => row.label === "Beta")!.portfolio // => "1.00"
 */
export function reportMetrics(sheet: SheetFigures, benchmarkSheet?: SheetFigures): MetricRow[] {
  const own = sheet as Record<string, unknown>;
  const portfolio = {
    ...flatten(sheet, "", {}, ["portfolio", "benchmark"]),
    ...(isObject(own.portfolio) ? flatten(own.portfolio) : {}),
  };
  const benchmark = isObject(own.benchmark)
    ? flatten(own.benchmark)
    : benchmarkSheet === undefined
      ? {}
      : flatten(benchmarkSheet, "", {}, ["portfolio", "benchmark"]);
  const rows: MetricRow[] = [];
  const used = new Set<string>(NOT_ROWS);
  for (const spec of METRIC_FORMATS) {
    for (const key of spec.keys) used.add(key);
    const key = spec.keys.find((k) => k in portfolio);
    if (key === undefined) continue;
    const other = spec.relative ? undefined : spec.keys.find((k) => k in benchmark);
    rows.push({
      group: spec.group,
      label: spec.label,
      portfolio: formatMetric(portfolio[key]!, spec.format),
      benchmark: other === undefined ? "–" : formatMetric(benchmark[other]!, spec.format),
    });
  }
  for (const key of Object.keys(portfolio)) {
    if (used.has(key)) continue;
    rows.push({
      group: "Other",
      label: labelOf(key),
      portfolio: formatMetric(portfolio[key]!, "num"),
      benchmark: key in benchmark ? formatMetric(benchmark[key]!, "num") : "–",
    });
  }
  return rows;
}

function isObject(x: unknown): x is object {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}
