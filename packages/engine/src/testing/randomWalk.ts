/** A standard normal draw by Box–Muller. */
export function normal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * A geometric random walk of `n` daily closes: P_0 = `start`, P_t = P_{t-1}·exp(μ - σ²/2 + σ·Z_t),
 * with daily drift μ and volatility σ (defaults 0.0003 and 0.02).
 */
export function geometricRandomWalk(
  random: () => number,
  n: number,
  { start = 100, drift = 0.0003, vol = 0.02 }: { start?: number; drift?: number; vol?: number } = {},
): Float64Array {
  const out = new Float64Array(n);
  let p = start;
  for (let t = 0; t < n; t++) {
    if (t > 0) p *= Math.exp(drift - (vol * vol) / 2 + vol * normal(random));
    out[t] = p;
  }
  return out;
}
