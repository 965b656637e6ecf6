import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { EngineError } from "../errors/EngineError.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";

/** The three means of {@link averageWinLoss} (0 where no period qualifies). */
export interface AverageWinLoss {
  /** Mean of the non-zero returns. */
  return: number;
  /** Mean of the positive returns. */
  win: number;
  /** Mean of the negative returns (a negative number). */
  loss: number;
}

/**
 * Average return, win and loss (quantstats `avg_return`, `avg_win`, `avg_loss`): the means of the
 * non-zero, the positive and the negative returns. With `jointWith` (a benchmark's returns of the
 * same periods) only the periods where *both* series qualify count, as quantstats' report table
 * computes them (it drops a row of its two-column frame where either value fails the filter):
 * the average win of r is then the mean of `r_t` over `{t : r_t > 0 and b_t > 0}`.
 *
 * @see docs/maths.md#joint-days
 * Cost: O(n).
 * @param returns at least 1 finite value. Never mutated.
 * @param options `{ jointWith }`: returns of the same length, or undefined (each series on its own).
 * @throws EngineError INVALID_INPUT when a series is empty, holds a non-finite value or the lengths differ.
 * @example
 * averageWinLoss([0.02, -0.01, 0, 0.04]) // => { return: 0.016666666666666666, win: 0.03, loss: -0.01 }
 */
export function averageWinLoss(returns: NumericArray, options: { jointWith?: NumericArray } = {}): AverageWinLoss {
  const r = toFiniteFloat64("returns", returns, 1);
  const b = options.jointWith === undefined ? undefined : toFiniteFloat64("jointWith", options.jointWith, 1);
  if (b !== undefined && b.length !== r.length) {
    throw new EngineError("INVALID_INPUT", `jointWith must have the length of returns (${r.length}), got ${b.length}`, {
      field: "jointWith",
    });
  }
  const mean = (keep: (x: number) => boolean): number => {
    const part = r.filter((x, t) => keep(x) && (b === undefined || keep(b[t]!)));
    return part.length === 0 ? 0 : compensatedSum(part) / part.length + 0;
  };
  return { return: mean((x) => x !== 0), win: mean((x) => x > 0), loss: mean((x) => x < 0) };
}
