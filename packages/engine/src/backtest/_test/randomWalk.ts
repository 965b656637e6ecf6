/** A small seeded generator (mulberry32): deterministic uniform numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
