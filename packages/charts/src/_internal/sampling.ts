import { EngineError, type Frequency, frequencyOf, inferFrequency, PERIODS_PER_YEAR } from "@thematic/engine";
import { displayValue } from "./checkOptions.ts";
import { ChartError } from "../ChartError.ts";

/** Seconds in an average (Julian) year: docs/maths.md#calendar-and-time. */
const SECONDS_PER_YEAR = 365.25 * 86400;

/** A given periodsPerYear may differ from the points' own rate (points a year) by at most this factor. */
export const RATE_TOLERANCE = 1.5;

type Named = Exclude<Frequency, "custom">;
const NAMES: Record<Named, { adjective: string; unit: string }> = {
  daily: { adjective: "daily", unit: "day" },
  weekly: { adjective: "weekly", unit: "week" },
  monthly: { adjective: "monthly", unit: "month" },
  quarterly: { adjective: "quarterly", unit: "quarter" },
  annual: { adjective: "annual", unit: "year" },
};

/** How often a series' points are sampled, and what that makes one period and one year. */
export interface Sampling {
  /** P: what annualises every figure (volatility × √P, Sharpe × √P, a mean return × P). */
  periodsPerYear: number;
  /** The engine's name of P ("daily" 252, "weekly" 52, "monthly" 12, …; "custom" for any other P). */
  frequency: Frequency;
  /** Where P came from: the input's own `frequency` ("data"), its dates ("dates"), or `options.periodsPerYear` ("option"). */
  source: "data" | "dates" | "option";
  /** "daily", "weekly", "monthly", "quarterly", "annual", or "periodic" for a P that is none of them. */
  adjective: string;
  /** One period: "day", "week", "month", "quarter", "year" or "period". */
  unit: string;
  /** For a subtitle: "Daily", or "Daily, 260 periods a year (given)" when P is not the name's own. */
  label: string;
}

/** What the sampling of a series is read from. */
export interface SamplingInput {
  /** The points' times (Unix seconds, strictly increasing, checked). */
  times: Float64Array;
  /** A `frequency` the input declares (a backtest result's), with its field name; undefined when it declares none. */
  declared?: { field: string; value: unknown };
  /** `options.periodsPerYear` as given (undefined when absent). */
  option: unknown;
  /** The option's field name; default "options.periodsPerYear". */
  optionField?: string;
}

/**
 * The sampling of a series (docs/maths.md#chart-series), read from the data:
 * 1. a `frequency` the input declares (a backtest result's "daily" or "weekly") gives P (252, 52);
 *    it must agree with the dates, and an `options.periodsPerYear` other than P is refused;
 * 2. else the dates' median gap names it (the engine's `inferFrequency`: daily business days,
 *    weekly, monthly, quarterly, annual); `options.periodsPerYear` may refine P (260 or 365 for
 *    daily points) but is refused when it is more than 1.5 times off the points' own rate
 *    (points per year of the series: 52 on weekly points contradicts daily data);
 * 3. else (irregular dates) `options.periodsPerYear` is P, and the label says it was given;
 *    without it, undefined (a chart that annualises then asks for it: {@link requireSampling}).
 *
 * Cost: O(T log T) for T points.
 * @throws ChartError naming the declared field or the option when they contradict the data or break their rule
 * @example
 * readSampling({ times: Float64Array.of(0, 604800, 1209600), option: undefined })!.periodsPerYear // => 52
 */
export function readSampling(input: SamplingInput): Sampling | undefined {
  const { times, declared, option } = input;
  const optionField = input.optionField ?? "options.periodsPerYear";
  if (option !== undefined && !(typeof option === "number" && Number.isFinite(option) && option > 0 && option <= 366)) {
    throw new ChartError(
      optionField,
      `must be a number in (0, 366] (252 for daily points, 52 weekly, 12 monthly), got ${displayValue(option)}`,
    );
  }
  const given = option as number | undefined;
  const observed = observedFrequency(times);
  if (declared !== undefined && declared.value !== undefined) {
    const value = declared.value;
    if (typeof value !== "string" || !Object.hasOwn(PERIODS_PER_YEAR, value)) {
      throw new ChartError(
        declared.field,
        `must be one of ${Object.keys(PERIODS_PER_YEAR).join(", ")}, got ${displayValue(value)}`,
      );
    }
    const name = value as Named;
    if (observed !== undefined && observed !== name) {
      throw new ChartError(
        declared.field,
        `is "${name}" but the points are ${NAMES[observed].adjective} (${medianGapDays(times)} days apart, median)`,
      );
    }
    const p = PERIODS_PER_YEAR[name];
    if (given !== undefined && given !== p) {
      throw new ChartError(
        optionField,
        `${given} contradicts the data: it is ${name} (${p} periods a year, ${declared.field}); leave periodsPerYear out`,
        {
          details: { given, periodsPerYear: p, frequency: name },
        },
      );
    }
    return sampling(p, name, "data");
  }
  if (observed !== undefined) {
    const p = PERIODS_PER_YEAR[observed];
    if (given === undefined) return sampling(p, observed, "dates");
    const rate = pointsPerYear(times);
    if (rate !== undefined && (given > rate * RATE_TOLERANCE || given < rate / RATE_TOLERANCE)) {
      throw new ChartError(
        optionField,
        `${given} contradicts the data: its points are ${NAMES[observed].adjective} (about ${Math.round(rate)} a year; ${p} periods a year by default); leave periodsPerYear out or give a value near ${p}`,
        {
          details: { given, periodsPerYear: p, frequency: observed, pointsPerYear: rate },
        },
      );
    }
    return sampling(given, observed, "option");
  }
  return given === undefined ? undefined : sampling(given, undefined, "option");
}

/**
 * {@link readSampling}, required: a chart that annualises cannot draw without P.
 *
 * @throws ChartError naming the option when the dates name no frequency and no periodsPerYear is given
 */
export function requireSampling(input: SamplingInput): Sampling {
  const found = readSampling(input);
  if (found !== undefined) return found;
  const gap = medianGapDays(input.times);
  throw new ChartError(
    input.optionField ?? "options.periodsPerYear",
    `is needed: the points are ${gap} days apart (median), which is no daily, weekly, monthly, quarterly or annual sampling; give periodsPerYear (252 daily, 52 weekly, 12 monthly)`,
  );
}

/** The named frequency of the dates' median gap, or undefined when it fits none (or there are fewer than 2 dates). */
function observedFrequency(times: Float64Array): Named | undefined {
  if (times.length < 2) return undefined;
  try {
    return inferFrequency(Array.from(times));
  } catch (error) {
    if (error instanceof EngineError) return undefined;
    throw error;
  }
}

function pointsPerYear(times: Float64Array): number | undefined {
  const years = (times[times.length - 1]! - times[0]!) / SECONDS_PER_YEAR;
  return years > 0 ? (times.length - 1) / years : undefined;
}

function medianGapDays(times: Float64Array): number {
  const gaps = Array.from(
    { length: Math.max(0, times.length - 1) },
    (_, i) => (times[i + 1]! - times[i]!) / 86400,
  ).sort((a, b) => a - b);
  if (gaps.length === 0) return 0;
  const mid = gaps.length >> 1;
  const median = gaps.length % 2 === 1 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2;
  return Number(median.toPrecision(4));
}

function sampling(periodsPerYear: number, observed: Named | undefined, source: Sampling["source"]): Sampling {
  const frequency = frequencyOf(periodsPerYear);
  const name = observed ?? (frequency === "custom" ? undefined : frequency);
  const adjective = name === undefined ? "periodic" : NAMES[name].adjective;
  const unit = name === undefined ? "period" : NAMES[name].unit;
  const capital = adjective[0]!.toUpperCase() + adjective.slice(1);
  const own = name !== undefined && PERIODS_PER_YEAR[name] === periodsPerYear;
  const label =
    source !== "option" || (own && observed !== undefined)
      ? capital
      : `${capital}, ${periodsPerYear} periods a year (given)`;
  return { periodsPerYear, frequency, source, adjective, unit, label };
}
