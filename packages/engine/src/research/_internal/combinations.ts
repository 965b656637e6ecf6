/**
 * The binomial coefficient C(n, k) by the multiplicative formula (exact while the result is below
 * 2^53), or `Infinity` as soon as a partial product exceeds `cap`.
 * @example
 * binomial(6, 2) // => 15
 */
export function binomial(n: number, k: number, cap = Number.MAX_SAFE_INTEGER): number {
  if (k < 0 || k > n) return 0;
  const m = Math.min(k, n - k);
  let c = 1;
  for (let i = 1; i <= m; i++) {
    c = (c * (n - m + i)) / i; // C(n − m + i, i), an integer at every step
    if (c > cap) return Infinity;
  }
  return c;
}

/**
 * Every k-subset of {0, …, n − 1}, ascending within a subset, the subsets in lexicographic order
 * (Python's `itertools.combinations(range(n), k)`). Preconditions: 1 <= k <= n, C(n, k) small.
 * @example
 * combinations(4, 2).map((c) => Array.from(c)) // => [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
 */
export function combinations(n: number, k: number): Int32Array[] {
  const out: Int32Array[] = [];
  const c = Int32Array.from({ length: k }, (_, i) => i);
  for (;;) {
    out.push(c.slice());
    let i = k - 1;
    while (i >= 0 && c[i] === n - k + i) i--;
    if (i < 0) return out;
    c[i]!++;
    for (let j = i + 1; j < k; j++) c[j] = c[j - 1]! + 1;
  }
}
