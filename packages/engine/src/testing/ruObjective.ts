/**
 * The Rockafellar–Uryasev function of equally weighted scenarios, written straight from its
 * definition: F(α) = α + 1/((1-β)N) Σ max(L_i - α, 0), with L = -r. Used as the test oracle.
 */
export function ruObjective(returns: ArrayLike<number>, beta: number, alpha: number): number {
  const n = returns.length;
  let tail = 0;
  for (let i = 0; i < n; i++) tail += Math.max(-returns[i]! - alpha, 0);
  return alpha + tail / ((1 - beta) * n);
}
