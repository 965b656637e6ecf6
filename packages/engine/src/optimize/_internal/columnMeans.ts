/**
 * μ_i = (1/T)·Σ_t R[t, i], the mean of each column of a T×n row-major matrix (summed in period order).
 * @example
 * columnMeans(Float64Array.of(0.01, 0.02, 0.03, 0.04), 2, 2) // => Float64Array [0.02, 0.03]
 */
export function columnMeans(returns: Float64Array, periods: number, n: number): Float64Array {
  const mean = new Float64Array(n);
  for (let t = 0; t < periods; t++) for (let i = 0; i < n; i++) mean[i]! += returns[t * n + i]!;
  for (let i = 0; i < n; i++) mean[i] = mean[i]! / periods;
  return mean;
}
