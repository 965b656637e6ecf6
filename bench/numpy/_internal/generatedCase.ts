import { seededRandom } from "../../../packages/engine/src/_test/seededRandom.ts";

/** Benchmark data shared by the engine and its numpy peer: a business-day calendar and random-walk closes. */
export interface GeneratedCase {
  /** Unix seconds at 00:00 UTC, Monday to Friday, ending on Friday 2024-12-27. */
  calendar: number[];
  /** One series of daily closes per holding, each the calendar's length. */
  closes: Float64Array[];
  benchmark: Float64Array;
  /** Positive weights (not normalised). */
  weights: Float64Array;
  years: number;
}

/**
 * `holdings` random walks (±2 % a day, uniform) of `days` business days and a benchmark, weights
 * uniform in (0, 1]; the same seed gives the same data.
 *
 * @example
 * generatedCase(50, 1260, 5, 1).closes.length // => 50
 */
export function generatedCase(holdings: number, days: number, years: number, seed: number): GeneratedCase {
  const random = seededRandom(seed);
  const calendar: number[] = [];
  let t = Date.UTC(2024, 11, 27) / 1000;
  while (calendar.length < days) {
    const weekday = new Date(t * 1000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) calendar.push(t);
    t -= 86400;
  }
  calendar.reverse();
  const walk = (): Float64Array => {
    const out = new Float64Array(days);
    let p = 20 + random() * 180;
    for (let d = 0; d < days; d++) {
      out[d] = p;
      p *= 1 + (random() - 0.5) * 0.04;
    }
    return out;
  };
  const closes = Array.from({ length: holdings }, walk);
  const weights = Float64Array.from({ length: holdings }, () => 1 - random());
  return { calendar, closes, benchmark: walk(), weights, years };
}
