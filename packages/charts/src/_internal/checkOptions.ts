import { ChartError } from "../ChartError.ts";
import type { ChartOptions } from "../types.ts";
import { strictOptions } from "./strictOptions.ts";

/** Longest title, characters. */
export const TITLE_MAX = 200;
/** Longest legend or axis label, characters. */
export const LABEL_MAX = 80;

/** The plot size and title after validation. */
export interface ResolvedOptions {
  title: string;
  width: number;
  height: number;
}

/** The option names every chart takes. */
export const CHART_OPTION_KEYS = ["title", "width", "height"] as const;

/**
 * Validates {@link ChartOptions} and fills the defaults. `options` may hold only the chart
 * options and the chart's own `extraKeys` (checked by the caller): any other key is refused with
 * the closest valid name ({@link strictOptions}).
 *
 * @throws ChartError naming `options.width`, `options.height`, `options.title` or the unknown `options.<key>`
 * @example
 * resolveOptions(undefined, "NAV", 300).width // => 720
 */
export function resolveOptions(
  options: ChartOptions | undefined,
  defaultTitle: string,
  defaultHeight: number,
  extraKeys: readonly string[] = [],
): ResolvedOptions {
  const o = strictOptions<ChartOptions>("options", options, [...CHART_OPTION_KEYS, ...extraKeys] as Array<
    keyof ChartOptions
  >);
  return {
    title: o.title === undefined ? defaultTitle : checkLabel("options.title", o.title, TITLE_MAX),
    width: o.width === undefined ? 720 : checkSize("options.width", o.width),
    height: o.height === undefined ? defaultHeight : checkSize("options.height", o.height, 80),
  };
}

/**
 * A non-empty string of at most `max` characters.
 *
 * @throws ChartError naming `field`
 */
export function checkLabel(field: string, value: unknown, max: number = LABEL_MAX): string {
  if (typeof value !== "string" || value.trim() === "") throw new ChartError(field, "must be a non-empty string");
  if (value.length > max) throw new ChartError(field, `must be at most ${max} characters, got ${value.length}`);
  return value;
}

function checkSize(field: string, value: unknown, min = 120): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > 4000)
    throw new ChartError(field, `must be an integer in ${min}..4000, got ${displayValue(value)}`);
  return value;
}

/**
 * An annual rate a person types (a risk-free rate): a finite fraction in (−1, 1), as the engine's
 * annual units (docs/maths.md#frequency-and-annual-units); 4 is refused with the hint that 0.04 is 4 %.
 *
 * @throws ChartError naming `field`
 * @example
 * checkAnnualRate("options.riskFreeRate", 0.04) // => 0.04
 */
export function checkAnnualRate(field: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value))
    throw new ChartError(field, `must be a finite annual rate, got ${displayValue(value)}`);
  if (!(value > -1 && value < 1)) {
    throw new ChartError(
      field,
      `must be an annual rate as a fraction in (-1, 1), got ${value}${Math.abs(value) < 100 ? ` (for ${value} %, give ${value / 100})` : ""}`,
    );
  }
  return value;
}

/**
 * A value as an error message shows it, for any value at all (a string quoted, a number or
 * boolean as is, an object or array named by its kind: `String` throws on an object without a
 * prototype).
 *
 * @example
 * displayValue("bogus") // => "\"bogus\""
 */
export function displayValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (
    value === null ||
    value === undefined ||
    typeof value === "number" ||
    typeof value === "boolean" ||
    typeof value === "bigint"
  )
    return String(value);
  if (typeof value === "symbol") return value.toString();
  if (typeof value === "function") return "a function";
  return Array.isArray(value) ? "an array" : "an object";
}
