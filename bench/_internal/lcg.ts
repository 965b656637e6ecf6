/**
 * Deterministic LCG (Numerical Recipes constants) so every run measures the same data: uniform
 * numbers in [0, 1), the same sequence for the same seed.
 *
 * @example
 * const random = lcg(1); random() // => 0.23645552527159452
 */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}
