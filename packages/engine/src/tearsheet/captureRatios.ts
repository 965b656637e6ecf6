import type { NumericArray } from "../_internal/validate.ts";
import { assertInRange } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "../stats/conventions.ts";
import { assertRepresentable } from "../stats/assertRepresentable.ts";
import { pairedReturns } from "./_internal/pairedReturns.ts";

/** Up- and down-market capture ratios (see {@link captureRatios}). */
export interface CaptureRatios {
  /** Over the periods with `b_t > 0`; 0 when there is none. */
  up: number;
  /** Over the periods with `b_t < 0`; 0 when there is none. */
  down: number;
  /** Number of up and down periods of the benchmark. */
  upPeriods: number;
  downPeriods: number;
}

/**
 * Up- and down-market capture ratios (Morningstar's definition, as empyrical's `up_capture` /
 * `down_capture`): over the periods U where the benchmark rose (`b_t > 0`), the portfolio's
 * annualised geometric return over the benchmark's,
 * `UC = ((Π_U (1 + r_t))^(p/|U|) - 1) / ((Π_U (1 + b_t))^(p/|U|) - 1)`, and likewise over the
 * periods where it fell (`b_t < 0`) for the down capture. Periods with `b_t = 0` count in
 * neither. Products are taken as sums of `log1p` (no overflow). An up capture above 1 and a down
 * capture below 1 are what a manager wants.
 *
 * @see docs/maths.md#capture-ratios
 * Cost: O(n).
 * @param returns finite values > -1, at least 1.
 * @param benchmarkReturns finite values > -1 of the same periods.
 * @param periodsPerYear finite, > 0; default 252. Use 52 for weekly returns.
 * @throws EngineError INVALID_INPUT when an array is empty, holds a non-finite value or one <= -1,
 *   the lengths differ, `periodsPerYear` is out of range, or a ratio overflows.
 * @example
 * captureRatios([0.02, -0.01], [0.01, -0.02], 1) // => { up: 2, down: 0.5, upPeriods: 1, downPeriods: 1 }
 */
export function captureRatios(
  returns: NumericArray,
  benchmarkReturns: NumericArray,
  periodsPerYear: number = PERIODS_PER_YEAR.daily,
): CaptureRatios {
  const { r, b } = pairedReturns(returns, benchmarkReturns, 1);
  assertInRange("periodsPerYear", periodsPerYear, { min: 0, minExclusive: true });
  let upR = 0;
  let upB = 0;
  let downR = 0;
  let downB = 0;
  let nu = 0;
  let nd = 0;
  for (let t = 0; t < r.length; t++) {
    assertInRange(`returns[${t}]`, r[t]!, { min: -1, minExclusive: true });
    assertInRange(`benchmarkReturns[${t}]`, b[t]!, { min: -1, minExclusive: true });
    if (b[t]! > 0) {
      upR += Math.log1p(r[t]!);
      upB += Math.log1p(b[t]!);
      nu++;
    } else if (b[t]! < 0) {
      downR += Math.log1p(r[t]!);
      downB += Math.log1p(b[t]!);
      nd++;
    }
  }
  const ratio = (lr: number, lb: number, n: number) =>
    n === 0
      ? 0
      : assertRepresentable(
          Math.expm1((lr * periodsPerYear) / n) / Math.expm1((lb * periodsPerYear) / n),
          "returns",
          "a capture ratio",
        ) + 0;
  return { up: ratio(upR, upB, nu), down: ratio(downR, downB, nd), upPeriods: nu, downPeriods: nd };
}
