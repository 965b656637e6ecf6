/**
 * The largest meanᵀw over {Σw = 1, 0 <= w <= w_max, at least K weights >= w_min} (K = 0: no rule),
 * exactly: the K highest means at w_min, then the rest filled greedily in the order of the means,
 * up to w_max each (for a linear objective on the capped simplex a greedy fill is optimal, and some
 * optimum holds the K highest means). Used to refuse a target return before any solve; its support
 * meets the target and the holdings rule, so a time-limited MILP without a point falls back to it.
 *
 * Cost: O(n log n).
 */
export function maximumMeanReturn(
  mean: Float64Array,
  maxWeight: number,
  minHoldings: number,
  minActiveWeight: number,
): { value: number; weights: Float64Array } {
  const n = mean.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => mean[b]! - mean[a]! || a - b);
  const w = new Float64Array(n);
  let left = 1;
  for (let h = 0; h < minHoldings; h++) {
    w[order[h]!] = minActiveWeight;
    left -= minActiveWeight;
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
