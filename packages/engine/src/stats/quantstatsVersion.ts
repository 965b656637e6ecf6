import { EngineError } from "../errors/EngineError.ts";
import type { StatsConvention } from "./statsConvention.ts";

/**
 * The quantstats release a `"quantstats"` preset follows (docs/maths.md#convention-presets):
 * "0.0.84" (default; the newest release whose source was read) or "0.0.81", whose CVaR, PSR,
 * rolling Sharpe and Sortino, serenity index and 10-year window quantstats itself changed in
 * 0.0.82–0.0.84.
 */
export type QuantstatsVersion = "0.0.81" | "0.0.84";

/**
 * The checked `quantstatsVersion` option ("0.0.84" when absent).
 * @throws EngineError INVALID_INPUT (field `quantstatsVersion`) when it is given with a convention
 *   other than "quantstats", or is not one of the two releases.
 */
export function quantstatsVersionOf(value: unknown, convention: StatsConvention): QuantstatsVersion {
  if (value === undefined) return "0.0.84";
  if (value !== "0.0.81" && value !== "0.0.84") {
    throw new EngineError(
      "INVALID_INPUT",
      `quantstatsVersion must be "0.0.81" or "0.0.84", got ${typeof value === "string" ? JSON.stringify(value) : typeof value}`,
      {
        field: "quantstatsVersion",
      },
    );
  }
  if (convention !== "quantstats") {
    throw new EngineError(
      "INVALID_INPUT",
      `quantstatsVersion applies to convention "quantstats" only, got convention "${convention}"`,
      { field: "quantstatsVersion" },
    );
  }
  return value;
}
