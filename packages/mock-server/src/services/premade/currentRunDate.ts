import type { PremadeStrategy } from "../../_internal/fixtures.ts";

/**
 * The as-of date of a premade strategy's current run: its latest completed snapshot (the
 * fixtures' current constituents are that run's), or null when it has no dated run.
 *
 * @example
 * currentRunDate(premade) // => "2026-10-30"
 */
export function currentRunDate(p: Pick<PremadeStrategy, "snapshots">): string | null {
  let date: string | null = null;
  for (const s of p.snapshots) if (s.state === "completed" && (date === null || s.date > date)) date = s.date;
  return date;
}
