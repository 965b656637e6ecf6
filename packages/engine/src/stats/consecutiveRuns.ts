import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";

/** The longest runs of {@link consecutiveRuns}. */
export interface ConsecutiveRuns {
  /** The most consecutive periods with a positive return. */
  wins: number;
  /** The most consecutive periods with a negative return. */
  losses: number;
}

/**
 * Longest winning and losing streaks (quantstats `consecutive_wins` / `consecutive_losses`): the
 * most consecutive periods with `r_t > 0`, and with `r_t < 0`; a zero return ends both. The same
 * in every convention; 0 when there is no such period.
 *
 * @see docs/maths.md#consecutive-wins-and-losses
 * Cost: O(n).
 * @param returns at least 1 finite value. Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value.
 * @example
 * consecutiveRuns([0.01, 0.02, -0.01, 0, -0.02, -0.01, -0.03, 0.01]) // => { wins: 2, losses: 3 }
 */
export function consecutiveRuns(returns: NumericArray): ConsecutiveRuns {
  const r = toFiniteFloat64("returns", returns, 1);
  let wins = 0;
  let losses = 0;
  let up = 0;
  let down = 0;
  for (let t = 0; t < r.length; t++) {
    up = r[t]! > 0 ? up + 1 : 0;
    down = r[t]! < 0 ? down + 1 : 0;
    if (up > wins) wins = up;
    if (down > losses) losses = down;
  }
  return { wins, losses };
}
