/**
 * The largest meanᵀw over {Σw = 1, 0 <= w <= w_max, at least K weights >= w_min} (K = 0: no
 * holdings rule), exactly: the K highest means at w_min, then the rest filled greedily in the order
 * of the means, up to w_max each. (Some optimum holds the K highest means at >= w_min: swapping a
 * lower-mean holding for a higher-mean one below w_min never lowers the return; with those bounds
 * fixed, a greedy fill is optimal for a linear objective on the capped simplex.) Used to refuse a
 * target return no portfolio can reach before any solve (minimum CVaR, the LP risk measures); its
 * support meets the target and the holdings rule, so a time-limited MILP without a point can fall back to it.
 *
 * Cost: O(n log n).
 * @example
 * maximumReturn(Float64Array.of(0.01, 0.03, 0.02), 0.5, { minHoldings: 3, minActiveWeight: 0.1 }).value // => 0.024
 */
export function maximumReturn(
  mean: Float64Array,
  maxWeight: number,
  rule: { readonly minHoldings: number; readonly minActiveWeight: number },
): { value: number; weights: Float64Array } {
  const n = mean.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => mean[b]! - mean[a]! || a - b);
  const w = new Float64Array(n);
  let left = 1;
  for (let h = 0; h < rule.minHoldings; h++) {
    w[order[h]!] = rule.minActiveWeight;
    left -= rule.minActiveWeight;
  }
  for (const i of order) {
    if (left <= 0) break;
    const add = Math.min(maxWeight - w[i]!, left);
    w[i]! += add;
    left -= add;
  }
  let total = 0;
  for (let i = 0; i < n; i++) total += mean[i]! * w[i]!;
  return { value: total, weights: w };
}
