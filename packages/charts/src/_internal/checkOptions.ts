import { ChartError } from "../ChartError.ts";
import type { ChartOptions } from "../types.ts";

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

/**
 * Validates {@link ChartOptions} and fills the defaults.
 *
 * @throws ChartError naming `options.width`, `options.height` or `options.title`
 * @example
 * resolveOptions(undefined, "NAV", 300).width // => 720
 */
export function resolveOptions(options: ChartOptions | undefined, defaultTitle: string, defaultHeight: number): ResolvedOptions {
  if (options !== undefined && (options === null || typeof options !== "object")) throw new ChartError("options", "must be an object { title?, width?, height? }");
  const o = options ?? {};
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
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > 4000) throw new ChartError(field, `must be an integer in ${min}..4000, got ${String(value)}`);
  return value;
}
