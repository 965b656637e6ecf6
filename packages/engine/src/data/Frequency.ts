import { EngineError } from "../errors/EngineError.ts";

/**
 * How often a series is sampled, carried by every labelled matrix and vector
 * (docs/maths.md#frequency-and-annual-units). "custom" is any other whole or fractional count of
 * periods a year.
 */
export type Frequency = "daily" | "weekly" | "monthly" | "quarterly" | "annual" | "custom";

/** Periods a year of each named frequency: 252 trading days, 52 weeks, 12 months, 4 quarters, 1 year. */
export const PERIODS_PER_YEAR = Object.freeze({
  daily: 252,
  weekly: 52,
  monthly: 12,
  quarterly: 4,
  annual: 1,
} as const satisfies Record<Exclude<Frequency, "custom">, number>);

/**
 * The frequency whose periods a year equal `periodsPerYear`, else "custom".
 * @throws EngineError INVALID_INPUT unless `periodsPerYear` is finite and > 0.
 * @example
 * frequencyOf(52) // => "weekly"
 */
export function frequencyOf(periodsPerYear: number): Frequency {
  if (typeof periodsPerYear !== "number" || !Number.isFinite(periodsPerYear) || !(periodsPerYear > 0)) {
    throw new EngineError(
      "INVALID_INPUT",
      `periodsPerYear must be a finite number > 0, got ${String(periodsPerYear)}`,
      { field: "periodsPerYear" },
    );
  }
  for (const [name, count] of Object.entries(PERIODS_PER_YEAR)) if (count === periodsPerYear) return name as Frequency;
  return "custom";
}

/** What a labelled object says about its sampling: periods a year, or a named frequency, or both (they must agree). */
export interface FrequencyInput {
  /** Periods a year: finite, > 0. */
  periodsPerYear?: number;
  /** A named frequency (not "custom"). */
  frequency?: Exclude<Frequency, "custom">;
}

/**
 * Reads `{ periodsPerYear?, frequency? }` into both, refusing a missing or contradictory pair.
 * @throws EngineError INVALID_INPUT naming `${field}.periodsPerYear` or `${field}.frequency`.
 * @example
 * readFrequency("returns", { frequency: "monthly" }) // => { periodsPerYear: 12, frequency: "monthly" }
 */
export function readFrequency(field: string, input: FrequencyInput): { periodsPerYear: number; frequency: Frequency } {
  const { periodsPerYear, frequency } = input;
  if (frequency !== undefined && !Object.hasOwn(PERIODS_PER_YEAR, frequency)) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field}.frequency must be one of ${Object.keys(PERIODS_PER_YEAR).join(", ")}, got ${String(frequency)}`,
      {
        field: `${field}.frequency`,
      },
    );
  }
  if (
    periodsPerYear !== undefined &&
    !(typeof periodsPerYear === "number" && Number.isFinite(periodsPerYear) && periodsPerYear > 0)
  ) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field}.periodsPerYear must be a finite number > 0, got ${String(periodsPerYear)}`,
      {
        field: `${field}.periodsPerYear`,
      },
    );
  }
  if (frequency !== undefined) {
    const count: number = PERIODS_PER_YEAR[frequency];
    if (periodsPerYear !== undefined && periodsPerYear !== count) {
      throw new EngineError(
        "INVALID_INPUT",
        `${field}.periodsPerYear ${periodsPerYear} contradicts frequency "${frequency}" (${count} periods a year); give one of them`,
        {
          field: `${field}.periodsPerYear`,
        },
      );
    }
    return { periodsPerYear: count, frequency };
  }
  if (periodsPerYear === undefined) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} needs its sampling: give frequency ("daily", "weekly", "monthly", "quarterly", "annual") or periodsPerYear, or dates to read it from`,
      { field: `${field}.frequency` },
    );
  }
  return { periodsPerYear, frequency: frequencyOf(periodsPerYear) };
}
