import type { UniverseAccess } from "../../context/contextParts.ts";
import { findPremade } from "./findPremade.ts";

/**
 * Dates of the completed historical runs of a premade strategy (docs/parity.md#historical-snapshots, #premade-strategy-endpoints), ascending;
 * processing and failed runs are not listed.
 *
 * @throws ApiError 404 when no premade strategy has that id
 * @example
 * historicalDates(ctx, premade.id).available_dates // => ["2026-08-31", "2026-09-30"]
 */
export function historicalDates(ctx: UniverseAccess, id: string): { available_dates: string[] } {
  const p = findPremade(ctx, id);
  return {
    available_dates: p.snapshots
      .filter((s) => s.state === "completed")
      .map((s) => s.date)
      .sort(),
  };
}
