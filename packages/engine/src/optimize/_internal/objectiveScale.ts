import { EngineError } from "../../errors/EngineError.ts";
import type { MeanCvarProblem } from "./meanCvarProblem.ts";

/**
 * The mean-CVaR problem divided by s = max(1, ‖gain‖∞) (docs/maths.md#objective-scaling): gain/s,
 * returns/s (so CVaR/s, CVaR being positively homogeneous), buzzPenalty/s. The maximiser is the
 * same; HiGHS sees objective coefficients of at most 1 whatever `returnMultiplier` is (it treats a
 * cost >= 1e20 as infinite, and the absolute certificate 1e-9 cannot hold on objectives of 1e9).
 * With s = 1 (every ordinary input) `p` itself is returned, bit for bit.
 *
 * Cost: O(T·n) when s > 1, O(n) otherwise.
 * @throws EngineError INVALID_INPUT (field returnMultiplier) when a gain overflows to ±Infinity
 * @example
 * const p = { n: 2, periods: 1, returns: Float64Array.of(0.01, -0.02), gain: Float64Array.of(1e9, 2e9), target: Float64Array.of(0.5, 0.5),
 *   buzzPenalty: 0, maxWeight: 1, minActiveWeight: 0.01, minHoldings: 1, confidence: 0.95, tailSize: 0.05 };
 * scaleObjective(p).scale // => 2e9
 * scaleObjective(p).problem.gain // => Float64Array [0.5, 1]
 */
export function scaleObjective(p: MeanCvarProblem): { problem: MeanCvarProblem; scale: number } {
  let scale = 1;
  for (let i = 0; i < p.n; i++) scale = Math.max(scale, Math.abs(p.gain[i]!));
  if (!Number.isFinite(scale)) {
    throw new EngineError(
      "INVALID_INPUT",
      "returnMultiplier is too large: returnMultiplier × mean daily return / (range of the expected-return term) overflows a double (docs/maths.md#scale-aware-objective)",
      {
        field: "returnMultiplier",
      },
    );
  }
  if (scale === 1) return { problem: p, scale };
  const gain = p.gain.map((g) => g / scale);
  const returns = p.returns.map((r) => r / scale);
  return { problem: { ...p, gain, returns, buzzPenalty: p.buzzPenalty / scale }, scale };
}
