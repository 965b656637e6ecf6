import { EngineError } from "../../errors/EngineError.ts";
import { projectOntoBudgetBox } from "./projectOntoBudgetBox.ts";

/**
 * Accelerated projected gradient (FISTA, Beck & Teboulle 2009) on the same problem, used only to
 * find a start near the optimal face: the active-set method then needs a few iterations instead
 * of one per bound that changes. Step 1/L with L = the largest absolute row sum of Q (an upper
 * bound of its largest eigenvalue, Gershgorin). Stops after `iterations` steps or when a step
 * moves no weight by more than 1e-12. Cost O(n²) per step.
 */
function projectedGradientStart(Q: Float64Array, c: Float64Array, lo: number, hi: number, start: Float64Array, iterations: number): { x: Float64Array; steps: number } {
  const n = c.length;
  let L = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += Math.abs(Q[i * n + j]!);
    L = Math.max(L, s);
  }
  let x: Float64Array = Float64Array.from(start);
  const y = Float64Array.from(start);
  const v = new Float64Array(n);
  let t = 1;
  let steps = 0;
  while (steps < iterations) {
    steps++;
    for (let i = 0; i < n; i++) {
      let grad = c[i]!;
      const row = i * n;
      for (let j = 0; j < n; j++) grad += Q[row + j]! * y[j]!;
      v[i] = y[i]! - grad / L;
    }
    const next = projectOntoBudgetBox(v, lo, hi);
    const tNext = (1 + Math.sqrt(1 + 4 * t * t)) / 2;
    let moved = 0;
    for (let i = 0; i < n; i++) {
      moved = Math.max(moved, Math.abs(next[i]! - x[i]!));
      y[i] = next[i]! + ((t - 1) / tNext) * (next[i]! - x[i]!);
    }
    x = next;
    t = tNext;
    if (moved <= 1e-12) break;
  }
  return { x, steps };
}

/**
 * Exact primal active-set method (Nocedal & Wright 2006, "Numerical Optimization", §16.5) for
 *
 *   minimise ½ wᵀQw + cᵀw   s.t.   Σ w_i = 1,   lo <= w_i <= hi,
 *
 * with Q symmetric positive definite (dense, row-major n×n), from a feasible start (first moved
 * near the optimal face by at most 200 accelerated projected-gradient steps). Each iteration
 * solves the equality-constrained problem on the current face (the free set F, the others fixed at
 * their bound) in closed form with a Cholesky factor of Q_FF:
 *   y = Q_FF⁻¹ g_F,  e = Q_FF⁻¹ 1,  ν = 1ᵀy / 1ᵀe,  p_F = ν e − y   (so 1ᵀp_F = 0),
 * takes the longest feasible step toward w + p (fixing the first bound it hits), and, once the face
 * optimum is reached, releases the bound with the most negative multiplier (g_i − ν at lo, ν − g_i
 * at hi). It stops when every multiplier is >= −1e-12·(1 + max|g|): the KKT conditions hold to
 * rounding, so the result is the exact minimiser up to floating-point error (strict convexity makes
 * it unique). Finite: the objective strictly decreases between faces and no face repeats.
 *
 * Cost: O(n²) per projected-gradient step; per active-set iteration O(n²) for the gradient plus
 * O(|F|³) for the factorisation, the number of iterations being about the number of bounds that
 * differ between the start and the optimum.
 * Returns the weights and the number of iterations (projected-gradient steps + active-set iterations).
 * @throws EngineError SOLVER_FAILURE when Q_FF is not positive definite or the iteration limit (50·n + 50) is hit.
 */
export function boxBudgetQp(Q: Float64Array, c: Float64Array, lo: number, hi: number, start: Float64Array): { weights: Float64Array; iterations: number } {
  const n = c.length;
  if (lo >= hi || n * lo >= 1 || n * hi <= 1) return { weights: Float64Array.from(start), iterations: 0 }; // one feasible point
  const { x: w, steps } = projectedGradientStart(Q, c, lo, hi, start, 200);
  // 0 free, -1 at lo, +1 at hi.
  const state = new Int8Array(n);
  for (let i = 0; i < n; i++) state[i] = w[i]! <= lo ? -1 : w[i]! >= hi ? 1 : 0;
  const g = new Float64Array(n);
  const gradient = (): number => {
    let scale = 0;
    for (let i = 0; i < n; i++) {
      let s = c[i]!;
      const row = i * n;
      for (let j = 0; j < n; j++) s += Q[row + j]! * w[j]!;
      g[i] = s;
      scale = Math.max(scale, Math.abs(s));
    }
    return scale;
  };
  const limit = 50 * n + 50;
  for (let iteration = 1; iteration <= limit; iteration++) {
    const scale = gradient();
    const free: number[] = [];
    for (let i = 0; i < n; i++) if (state[i] === 0) free.push(i);
    const m = free.length;
    let nu: number;
    if (m === 0) {
      // No face to move on: KKT holds iff some ν lies between every g at hi and every g at lo.
      let minLo = Infinity;
      let maxHi = -Infinity;
      let loArg = -1;
      let hiArg = -1;
      for (let i = 0; i < n; i++) {
        if (state[i] === -1 && g[i]! < minLo) [minLo, loArg] = [g[i]!, i];
        if (state[i] === 1 && g[i]! > maxHi) [maxHi, hiArg] = [g[i]!, i];
      }
      if (maxHi <= minLo + 1e-12 * (1 + scale)) return { weights: w, iterations: steps + iteration };
      state[loArg >= 0 ? loArg : hiArg] = 0;
      continue;
    }
    // Face optimum in closed form.
    const L = new Float64Array(m * m);
    for (let a = 0; a < m; a++) for (let b = 0; b <= a; b++) L[a * m + b] = Q[free[a]! * n + free[b]!]!;
    for (let a = 0; a < m; a++) {
      for (let b = 0; b <= a; b++) {
        let s = L[a * m + b]!;
        for (let k = 0; k < b; k++) s -= L[a * m + k]! * L[b * m + k]!;
        if (a === b) {
          if (!(s > 0)) throw new EngineError("SOLVER_FAILURE", "the risk-diversification QP is not strictly convex on the current face");
          L[a * m + a] = Math.sqrt(s);
        } else {
          L[a * m + b] = s / L[b * m + b]!;
        }
      }
    }
    const solve = (rhs: Float64Array): Float64Array => {
      const x = Float64Array.from(rhs);
      for (let a = 0; a < m; a++) {
        let s = x[a]!;
        for (let k = 0; k < a; k++) s -= L[a * m + k]! * x[k]!;
        x[a] = s / L[a * m + a]!;
      }
      for (let a = m - 1; a >= 0; a--) {
        let s = x[a]!;
        for (let k = a + 1; k < m; k++) s -= L[k * m + a]! * x[k]!;
        x[a] = s / L[a * m + a]!;
      }
      return x;
    };
    const y = solve(Float64Array.from(free, (i) => g[i]!));
    const e = solve(new Float64Array(m).fill(1));
    let sy = 0;
    let se = 0;
    for (let a = 0; a < m; a++) {
      sy += y[a]!;
      se += e[a]!;
    }
    nu = sy / se;
    // Longest feasible step toward the face optimum.
    let step = 1;
    let blocking = -1;
    let blockingState = 0;
    const p = new Float64Array(m);
    for (let a = 0; a < m; a++) {
      p[a] = nu * e[a]! - y[a]!;
      const i = free[a]!;
      if (p[a]! < 0) {
        const t = (lo - w[i]!) / p[a]!;
        if (t < step) [step, blocking, blockingState] = [t, i, -1];
      } else if (p[a]! > 0) {
        const t = (hi - w[i]!) / p[a]!;
        if (t < step) [step, blocking, blockingState] = [t, i, 1];
      }
    }
    if (step < 0) step = 0;
    for (let a = 0; a < m; a++) {
      const i = free[a]!;
      const v = w[i]! + step * p[a]!;
      w[i] = v < lo ? lo : v > hi ? hi : v;
    }
    if (blocking >= 0) {
      w[blocking] = blockingState === -1 ? lo : hi;
      state[blocking] = blockingState;
      continue;
    }
    // At the face optimum: the most negative multiplier of a bound, if any, is released.
    const gScale = gradient();
    let worst = -1e-12 * (1 + gScale);
    let release = -1;
    for (let i = 0; i < n; i++) {
      const multiplier = state[i] === -1 ? g[i]! - nu : state[i] === 1 ? nu - g[i]! : 0;
      if (multiplier < worst) [worst, release] = [multiplier, i];
    }
    if (release < 0) return { weights: w, iterations: steps + iteration };
    state[release] = 0;
  }
  throw new EngineError("SOLVER_FAILURE", `the risk-diversification QP did not converge in ${limit} active-set iterations`);
}
