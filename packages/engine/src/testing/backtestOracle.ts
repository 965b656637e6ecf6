import type { BacktestInput } from "../backtest/types.ts";
import { mondayOf } from "./businessCalendar.ts";

/**
 * Calendar indices of the weekly points, by Date-based week membership: every last trading day
 * of a week up to the end (the end itself last), keeping the last 52·years + 1 of them.
 */
export function oracleWeeklyPoints(calendar: ArrayLike<number>, years: number, asOf: number): number[] {
  let end = -1;
  for (let i = 0; i < calendar.length; i++) if (calendar[i]! <= asOf) end = i;
  const points: number[] = [];
  for (let i = 0; i <= end; i++) {
    if (i === end || mondayOf(calendar[i + 1]!) !== mondayOf(calendar[i]!)) points.push(i);
  }
  return points.slice(Math.max(0, points.length - (52 * years + 1)));
}

/**
 * A straightforward day-by-day simulation of the documented buy-and-hold rules, sharing no code
 * with the engine: per holding a state (waiting in cash, holding shares, cash after the last close).
 * Returns the weekly NAV (rebased to 10000) and the ids used.
 */
export function oracleNav(input: BacktestInput & { calendar: ArrayLike<number> }): {
  nav: number[];
  used: string[];
  points: number[];
} {
  const { calendar } = input;
  const years = input.years ?? 5;
  const asOf = input.asOf ?? calendar[calendar.length - 1]!;
  const points = oracleWeeklyPoints(calendar, years, asOf);
  const isPoint = new Set(points);
  const first = points[0]!;
  const last = points[points.length - 1]!;

  const weights = new Map<string, number>();
  for (const h of input.holdings) weights.set(h.id, (weights.get(h.id) ?? 0) + h.weight);
  const live: { id: string; w: number; start: number; closes: ArrayLike<number>; lastIdx: number }[] = [];
  for (const [id, w] of weights) {
    const s = input.prices.get(id);
    if (w <= 0 || s === undefined || s.closes.length === 0) continue;
    const lastIdx = s.start + s.closes.length - 1;
    if (!points.some((p) => p >= s.start && p <= lastIdx)) continue;
    live.push({ id, w, start: s.start, closes: s.closes, lastIdx });
  }
  const total = live.reduce((a, h) => a + h.w, 0);
  const state = live.map((h) => ({ cash: h.w / total, shares: 0, phase: "waiting" as "waiting" | "held" | "done" }));
  const values: number[] = [];
  for (let i = first; i <= last; i++) {
    live.forEach((h, j) => {
      const s = state[j]!;
      const has = i >= h.start && i <= h.lastIdx;
      if (s.phase === "waiting" && has && isPoint.has(i)) {
        s.shares = s.cash / h.closes[i - h.start]!;
        s.cash = 0;
        s.phase = "held";
      }
      if (s.phase === "held" && i > h.lastIdx) {
        s.cash = s.shares * h.closes[h.lastIdx - h.start]!;
        s.shares = 0;
        s.phase = "done";
      }
    });
    if (isPoint.has(i)) {
      let v = 0;
      live.forEach((h, j) => {
        const s = state[j]!;
        v += s.phase === "held" ? s.shares * h.closes[i - h.start]! : s.cash;
      });
      values.push(v);
    }
  }
  return { nav: values.map((v) => (10000 * v) / values[0]!), used: live.map((h) => h.id), points };
}
