import { EngineError } from "../errors/EngineError.ts";
import { projectOntoBounds } from "../_internal/projectOntoBounds.ts";
import { SIGN_TOLERANCE, WARM_START_STEP } from "../_internal/tolerance.ts";
import { multiply, type BoundState, type QpProblem } from "./qpProblem.ts";
import { solveFace, type Face } from "./solveFace.ts";

/** The warm start stops once no weight has changed bound for this many steps. */
const STABLE_STEPS = 10;

/**
 * Accelerated projected gradient (FISTA, Beck & Teboulle 2009) on P(t) from the projection of
 * `from` (the equal weights unless a start is given), only to start the active-set method near the
 * optimal face. Step 1/L, L = the
 * largest absolute row sum of Σ (Gershgorin). At most `steps` steps; stops early when no weight
 * moves by more than WARM_START_STEP (1e-13) or no weight has changed bound for 10 steps. Cost O(n²) per step.
 */
function warmStart(P: QpProblem, t: number, steps: number, from: Float64Array): { w: Float64Array; steps: number } {
  const { n, Sigma, mu, lo, hi } = P;
  let L = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += Math.abs(Sigma[i * n + j]!);
    L = Math.max(L, s);
  }
  let x = projectOntoBounds(from, lo, hi);
  const y = Float64Array.from(x);
  const v = new Float64Array(n);
  const grad = new Float64Array(n);
  let momentum = 1;
  let done = 0;
  let stable = 0;
  const bound = new Int8Array(n);
  while (done < steps) {
    done++;
    multiply(P, y, grad);
    for (let i = 0; i < n; i++) v[i] = y[i]! - (grad[i]! - t * mu[i]!) / L;
    const next = projectOntoBounds(v, lo, hi);
    const nextMomentum = (1 + Math.sqrt(1 + 4 * momentum * momentum)) / 2;
    let moved = 0;
    for (let i = 0; i < n; i++) {
      moved = Math.max(moved, Math.abs(next[i]! - x[i]!));
      y[i] = next[i]! + ((momentum - 1) / nextMomentum) * (next[i]! - x[i]!);
    }
    let changes = 0;
    for (let i = 0; i < n; i++) {
      const b = next[i]! <= lo[i]! ? -1 : next[i]! >= hi[i]! ? 1 : 0;
      if (b !== bound[i]) changes++;
      bound[i] = b;
    }
    stable = changes === 0 ? stable + 1 : 0;
    x = next;
    momentum = nextMomentum;
    if (moved <= WARM_START_STEP || stable >= STABLE_STEPS) break;
  }
  return { w: x, steps: done };
}

/**
 * Exact primal active-set method (Nocedal & Wright 2006, "Numerical Optimization", §16.5) for P(t)
 * at one t: the engine's one solver of a strictly convex quadratic over the budget and per-weight
 * bounds (docs/maths.md#critical-line). The mean–variance methods call it at t = 0 to start the
 * critical line; the score tilt's risk-diversification overlay calls it at t = 1 with
 * Σ = Q and μ = −c to minimise ½wᵀQw + cᵀw. From a feasible start near the optimal face (the warm
 * start, from `start` or the equal weights), repeatedly move to the optimum of the current face
 * ({@link solveFace}) as far as the bounds allow (fixing the first bound hit), and at a face
 * optimum release the bound whose multiplier has the wrong sign by the most. A vertex (no free
 * weight) is optimal when some ν lies between every multiplier at hi and every one at lo;
 * otherwise the worst pair is released together. Stops when every multiplier has the right sign to
 * within {@link SIGN_TOLERANCE} relative: the KKT conditions of the strictly convex P(t) hold, so
 * the face is the optimum's. Returns the bound state of that face, the face's solution (the
 * weights are `p + t·q`) and the iterations (warm-start steps included).
 *
 * Cost: O(n²) per warm-start step; per active-set iteration O(n·|F| + |F|³/3) (F the free set).
 * @throws EngineError SOLVER_FAILURE after 50·n + 50 active-set iterations.
 * @throws SingularFace when Σ is singular on a face's free weights.
 */
export function activeSetAt(
  P: QpProblem,
  t: number,
  warmSteps = 200,
  from?: Float64Array,
): { state: BoundState; face: Face; iterations: number } {
  const { n, mu, lo, hi } = P;
  const start = warmStart(P, t, warmSteps, from ?? new Float64Array(n).fill(1 / n));
  const w = start.w;
  const state: BoundState = new Int8Array(n);
  for (let i = 0; i < n; i++) state[i] = w[i]! <= lo[i]! ? -1 : w[i]! >= hi[i]! ? 1 : 0;
  const limit = 50 * n + 50;
  const Sw = new Float64Array(n);
  for (let iteration = 1; iteration <= limit; iteration++) {
    const face = solveFace(P, state);
    if (face.free === 0) {
      multiply(P, w, Sw);
      let minLo = Infinity;
      let maxHi = -Infinity;
      let loArg = -1;
      let hiArg = -1;
      let scale = 0;
      for (let i = 0; i < n; i++) {
        const g = Sw[i]! - t * mu[i]!;
        scale = Math.max(scale, Math.abs(Sw[i]!), Math.abs(t * mu[i]!));
        if (lo[i]! === hi[i]!) continue;
        if (state[i] === -1 && g < minLo) [minLo, loArg] = [g, i];
        if (state[i] === 1 && g > maxHi) [maxHi, hiArg] = [g, i];
      }
      if (loArg < 0 || hiArg < 0 || maxHi <= minLo + SIGN_TOLERANCE * scale)
        return { state, face, iterations: start.steps + iteration };
      state[loArg] = 0;
      state[hiArg] = 0;
      continue;
    }
    // Longest feasible step toward the face optimum.
    let step = 1;
    let blocking = -1;
    let blockingState = 0;
    for (let i = 0; i < n; i++) {
      if (state[i] !== 0) continue;
      const target = face.p[i]! + t * face.q[i]!;
      const d = target - w[i]!;
      if (d < 0 && target < lo[i]!) {
        const s = (lo[i]! - w[i]!) / d;
        if (s < step) [step, blocking, blockingState] = [s, i, -1];
      } else if (d > 0 && target > hi[i]!) {
        const s = (hi[i]! - w[i]!) / d;
        if (s < step) [step, blocking, blockingState] = [s, i, 1];
      }
    }
    if (step < 0) step = 0;
    for (let i = 0; i < n; i++) {
      if (state[i] !== 0) w[i] = state[i] === -1 ? lo[i]! : hi[i]!;
      else {
        const v = w[i]! + step * (face.p[i]! + t * face.q[i]! - w[i]!);
        w[i] = v < lo[i]! ? lo[i]! : v > hi[i]! ? hi[i]! : v;
      }
    }
    if (blocking >= 0) {
      w[blocking] = blockingState === -1 ? lo[blocking]! : hi[blocking]!;
      state[blocking] = blockingState;
      continue;
    }
    // At the face optimum: release the worst multiplier, if any has the wrong sign.
    let scale = Math.abs(face.nu0 + t * face.nu1);
    for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(t * mu[i]!));
    multiply(P, w, Sw);
    for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(Sw[i]!));
    let worst = SIGN_TOLERANCE * scale;
    let release = -1;
    for (let i = 0; i < n; i++) {
      if (state[i] === 0 || lo[i]! === hi[i]!) continue; // a pinned weight (lo = hi) never moves
      const g = face.G0[i]! + t * face.G1[i]!;
      const wrong = state[i] === -1 ? -g : g;
      if (wrong > worst) [worst, release] = [wrong, i];
    }
    if (release < 0) return { state, face, iterations: start.steps + iteration };
    state[release] = 0;
  }
  throw new EngineError(
    "SOLVER_FAILURE",
    `the budget-and-bounds QP did not converge in ${limit} active-set iterations`,
  );
}
