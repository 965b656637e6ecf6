import { ROUNDING } from "../../_internal/tolerance.ts";

/** Relative tolerance within which two covariance rows (and two expected returns) are the same. */
const SAME = ROUNDING;

/**
 * Groups of exact duplicates among n assets: i and j are duplicates when their covariance rows agree
 * entry by entry within `1e-12·√(Σ_kk·Σ_ii)` and their expected returns within `1e-12·max|μ|` (any
 * returns when μ is absent). Then `w_i + w_j` is all the objective and the budget see, so the pair
 * can be solved as one asset (docs/maths.md#minimum-variance). Returns every group (singletons
 * included), each ascending, in the order of their first members. Candidates are compared only
 * when their variances agree (after a sort by variance), so the cost is O(n log n + n·pairs).
 */
export function findDuplicates(Sigma: Float64Array, n: number, mu: Float64Array | undefined): Int32Array[] {
  let muMax = 0;
  if (mu !== undefined) for (let i = 0; i < n; i++) muMax = Math.max(muMax, Math.abs(mu[i]!));
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => Sigma[a * n + a]! - Sigma[b * n + b]! || a - b);
  const leader = Int32Array.from({ length: n }, (_, i) => i);
  for (let x = 0; x < n; x++) {
    const a = order[x]!;
    if (leader[a] !== a) continue;
    const va = Sigma[a * n + a]!;
    for (let y = x + 1; y < n; y++) {
      const b = order[y]!;
      if (Sigma[b * n + b]! - va > SAME * va) break;
      if (leader[b] !== b) continue;
      if (mu !== undefined && Math.abs(mu[a]! - mu[b]!) > SAME * muMax) continue;
      let same = true;
      for (let k = 0; k < n && same; k++)
        same = Math.abs(Sigma[a * n + k]! - Sigma[b * n + k]!) <= SAME * Math.sqrt(Sigma[k * n + k]! * va);
      if (same) leader[b] = a;
    }
  }
  const members = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const l = leader[i]!;
    const list = members.get(l);
    if (list === undefined) members.set(l, [i]);
    else list.push(i);
  }
  return [...members.values()].map((list) => Int32Array.from(list)).sort((p, q) => p[0]! - q[0]!);
}
