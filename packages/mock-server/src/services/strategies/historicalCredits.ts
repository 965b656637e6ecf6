import type { OptionsAccess } from "../../context/contextParts.ts";
import { ApiError } from "../../errors/ApiError.ts";
import type { StoreState } from "../../store/StoreState.ts";

const DAY_MS = 86_400_000;

/** Start (ms, UTC) of the ISO week (Monday 00:00) and of the calendar month holding `now`, and the next ones. */
function windows(now: number): { week: [number, number]; month: [number, number] } {
  const d = new Date(now);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const weekStart = midnight - ((d.getUTCDay() + 6) % 7) * DAY_MS;
  return {
    week: [weekStart, weekStart + 7 * DAY_MS],
    month: [Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)],
  };
}

/**
 * The credits of HISTORICAL runs (real reference, v2 submit: historical runs "are rate-limited
 * (weekly/monthly credits)"; the amounts are not published, the mock's are
 * `ctx.options.historicalCredits`, default 25 a week and 100 a month). A user's use is the number
 * of historical runs of their strategies started in the current ISO week / calendar month (UTC,
 * on the mock's clock; a forced re-run of one date counts once per window, at its latest start).
 * Call before starting a new historical run.
 *
 * @throws ApiError 429 with `Retry-After` (seconds to the window that frees a credit) when the
 *   weekly or the monthly credits are used up
 */
export function checkHistoricalCredits(
  ctx: OptionsAccess,
  state: Readonly<StoreState>,
  userId: string,
  now: number,
): void {
  const { weekly, monthly } = ctx.options.historicalCredits;
  const { week, month } = windows(now);
  let inWeek = 0;
  let inMonth = 0;
  for (const s of state.strategies) {
    if (s.userId !== userId) continue;
    for (const v of s.versions) {
      for (const r of v.historicalRuns ?? []) {
        if (r.startedAt >= week[0] && r.startedAt <= now) inWeek += 1;
        if (r.startedAt >= month[0] && r.startedAt <= now) inMonth += 1;
      }
    }
  }
  const blocked: Array<{ what: string; used: number; of: number; reset: number }> = [];
  if (inWeek >= weekly) blocked.push({ what: "this week", used: inWeek, of: weekly, reset: week[1] });
  if (inMonth >= monthly) blocked.push({ what: "this month", used: inMonth, of: monthly, reset: month[1] });
  if (blocked.length === 0) return;
  const reset = Math.max(...blocked.map((b) => b.reset));
  const retryAfter = Math.max(1, Math.ceil((reset - now) / 1000));
  throw new ApiError(
    429,
    `historical-run credits used up: ${blocked.map((b) => `${b.used} of ${b.of} ${b.what}`).join(", ")}; the next credit is available at ${new Date(reset).toISOString()} (Retry-After ${retryAfter} s). LIVE runs (no as_of_date) are not limited`,
    { headers: { "Retry-After": String(retryAfter) } },
  );
}
