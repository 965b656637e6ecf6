import type { MeanCvarProblem } from "./meanCvarProblem.ts";

/** The holdings rule of a CVaR problem: K holdings of at least w_min (K = 0: no rule). */
export interface HoldingsRule {
  minHoldings: number;
  minActiveWeight: number;
}

/**
 * The minimum-CVaR problem as the solver sees it (docs/maths.md#minimum-cvar): no gain, CVaR_β of
 * the returns divided by s = their largest magnitude (CVaR is positively homogeneous: same
 * minimiser, and the certificate 1e-9 then holds relative to the data's size), over
 * {Σw = 1, 0 <= w <= w_max} and the holdings rule, with the floor `meanᵀw >= value` when a target
 * return is given (mean and value divided by s too). Shared by the tail-risk anchor of the
 * scale-aware objective and by `minimumCvar` / `meanCvar`. With every return 0, s = 1.
 *
 * Cost: O(T·n) (the scaled copy of the returns).
 * @example
 * minimumCvarProblem({ n: 1, periods: 2, returns: Float64Array.of(0.02, -0.04), target: Float64Array.of(1) }, 1, 1, 0.5, { minHoldings: 0, minActiveWeight: 1 }).scale // => 0.04
 */
export function minimumCvarProblem(
  d: { n: number; periods: number; returns: Float64Array; target: Float64Array },
  tailSize: number,
  maxWeight: number,
  confidence: number,
  rule: HoldingsRule,
  floor?: { mean: Float64Array; value: number },
): { problem: MeanCvarProblem; scale: number } {
  let largest = 0;
  for (let k = 0; k < d.returns.length; k++) largest = Math.max(largest, Math.abs(d.returns[k]!));
  const scale = largest > 0 ? largest : 1;
  const problem: MeanCvarProblem = {
    n: d.n,
    periods: d.periods,
    returns: d.returns.map((r) => r / scale),
    gain: new Float64Array(d.n),
    target: d.target,
    buzzPenalty: 0,
    maxWeight,
    minActiveWeight: rule.minActiveWeight,
    minHoldings: rule.minHoldings,
    confidence,
    tailSize,
  };
  if (floor !== undefined) problem.returnFloor = { mean: floor.mean.map((m) => m / scale), value: floor.value / scale };
  return { problem, scale };
}
