import { EngineError } from "../../errors/EngineError.ts";
import { activeSetAt } from "../../quadraticProgram/activeSetAt.ts";
import { certifyPath, certifyTangency, type Kkt } from "./certify.ts";
import { criticalLine, type Segment } from "./criticalLine.ts";
import { dot, multiply, type BoundState, type QpProblem } from "../../quadraticProgram/qpProblem.ts";
import { solveFace } from "../../quadraticProgram/solveFace.ts";
import { ROUNDING } from "../../_internal/tolerance.ts";

/** What to find on the path, in the solver's (scaled) units. */
export type Goal =
  | { kind: "min-variance" }
  | { kind: "max-sharpe"; riskFree: number }
  | { kind: "efficient-return"; target: number }
  | { kind: "efficient-risk"; variance: number };

/** What made a goal infeasible, in the solver's (scaled) units, for the caller's message. */
export type Infeasibility =
  | { kind: "max-sharpe"; largestReturn: number }
  | { kind: "efficient-return"; largestReturn: number; minimumVarianceReturn: number }
  | { kind: "efficient-risk"; minimumVariance: number };

/** Throws the caller's INFEASIBLE error (in its units); the default names the field only. */
export type OnInfeasible = (why: Infeasibility) => never;

const defaultInfeasible: OnInfeasible = (why) => {
  const field =
    why.kind === "max-sharpe" ? "riskFreeRate" : why.kind === "efficient-return" ? "targetReturn" : "targetVolatility";
  throw new EngineError("INFEASIBLE", `${field} cannot be met within the weight rules`, { field });
};

export interface GoalSolution {
  weights: Float64Array;
  state: BoundState;
  /** The path parameter of the optimum (the return multiplier of P(t)). */
  t: number;
  kkt: Kkt;
  iterations: number;
}

/**
 * w = p + t·q, clipped into its bounds (a free weight can sit a rounding error outside), with the
 * budget restored exactly: far along a piece (t large) t·q carries rounding, which is spread over
 * the free weights.
 */
export function pointOn(P: QpProblem, s: Segment, t: number): Float64Array {
  const w = new Float64Array(P.n);
  let sum = 0;
  let free = 0;
  for (let i = 0; i < P.n; i++) {
    const v = s.face.p[i]! + t * s.face.q[i]!;
    w[i] = v < P.lo[i]! ? P.lo[i]! : v > P.hi[i]! ? P.hi[i]! : v;
    sum += w[i]!;
    if (s.state[i] === 0) free++;
  }
  if (free > 0 && sum !== 1) {
    const fix = (1 - sum) / free;
    for (let i = 0; i < P.n; i++) {
      if (s.state[i] !== 0) continue;
      const v = w[i]! + fix;
      w[i] = v < P.lo[i]! ? P.lo[i]! : v > P.hi[i]! ? P.hi[i]! : v;
    }
  }
  return w;
}

function variance(P: QpProblem, w: Float64Array): number {
  return dot(w, multiply(P, w));
}

/** Per piece: A = pᵀΣp, r0 = μᵀp, r1 = μᵀq; on the piece v(t) = A + r1·t², r(t) = r0 + r1·t (docs/maths.md#critical-line). */
function pieceMoments(P: QpProblem, s: Segment): { A: number; r0: number; r1: number } {
  return { A: dot(s.face.p, multiply(P, s.face.p)), r0: dot(P.mu, s.face.p), r1: dot(P.mu, s.face.q) };
}

/**
 * The risk target is a hard limit: when rounding in the closed form puts wᵀΣw a few ulps above it,
 * t is bisected on the same piece (between its start, within the limit, and t) until it is not.
 */
function withinVariance(P: QpProblem, s: Segment, t: number, limit: number): number {
  const v = (x: number): number => variance(P, pointOn(P, s, x));
  if (v(t) <= limit) return t;
  let inside = s.from;
  let outside = t;
  for (let k = 0; k < 100 && outside - inside > 0; k++) {
    const mid = inside + (outside - inside) / 2;
    if (mid === inside || mid === outside) break;
    if (v(mid) <= limit) inside = mid;
    else outside = mid;
  }
  return inside;
}

/**
 * Solves one goal exactly: the minimum variance is the optimum of P(0) (active set); the other
 * goals walk the critical line from there to the piece where the goal's condition holds, and
 * solve it there in closed form (docs/maths.md#critical-line):
 * - maximum Sharpe: ψ(t) = v(t) − t·(r(t) − r_f) = A − (r0 − r_f)·t reaches 0, t* = A / (r0 − r_f);
 * - efficient return: r(t*) = target (t* = 0, the minimum variance, when it already earns the target);
 * - efficient risk: v(t*) = target variance, t* = √((v* − A)/r1) (the end of the line, the
 *   largest return, when no piece reaches v*).
 * @throws EngineError INFEASIBLE through `onInfeasible` when the target cannot be met.
 */
export function solveGoal(P: QpProblem, goal: Goal, onInfeasible: OnInfeasible = defaultInfeasible): GoalSolution {
  const start = activeSetAt(P, 0);
  let iterations = start.iterations;
  if (goal.kind === "min-variance") {
    const s: Segment = { from: 0, to: 0, face: solveFace(P, start.state), state: start.state };
    const w = pointOn(P, s, 0);
    return { weights: w, state: start.state, t: 0, kkt: certifyPath(P, w, start.state, 0), iterations };
  }
  let last: Segment | undefined;
  let minimumVarianceReturn = 0;
  for (const s of criticalLine(P, start.state, 0)) {
    iterations++;
    last = s;
    const { A, r0, r1 } = pieceMoments(P, s);
    if (iterations === start.iterations + 1) minimumVarianceReturn = r0 + r1 * s.from;
    let t: number | undefined;
    if (goal.kind === "max-sharpe") {
      if (r0 > goal.riskFree) {
        const root = A / (r0 - goal.riskFree);
        if (root <= s.to) t = Math.max(s.from, root);
      }
    } else if (goal.kind === "efficient-return") {
      if (r0 + r1 * s.from >= goal.target) t = s.from;
      else if (r1 > 0 && (s.to === Infinity || r0 + r1 * s.to >= goal.target))
        t = Math.min((goal.target - r0) / r1, s.to);
    } else {
      // The variance at both ends of the piece, from the weights themselves (rounding in r1 cannot hide a crossing).
      const vFrom = variance(P, pointOn(P, s, s.from));
      if (iterations === start.iterations + 1 && goal.variance < vFrom * (1 - ROUNDING))
        onInfeasible({ kind: "efficient-risk", minimumVariance: vFrom });
      if (vFrom >= goal.variance) t = s.from;
      else if (s.to !== Infinity && variance(P, pointOn(P, s, s.to)) >= goal.variance) {
        const closed = r1 > 0 ? Math.sqrt(Math.max(0, goal.variance - A) / r1) : s.to;
        t = Number.isFinite(closed) ? Math.min(Math.max(closed, s.from), s.to) : s.to;
      }
    }
    if (t !== undefined && Number.isFinite(t)) {
      t = Math.min(Math.max(t, s.from), s.to);
      if (goal.kind === "efficient-risk") t = withinVariance(P, s, t, goal.variance);
      const w = pointOn(P, s, t);
      const kkt =
        goal.kind === "max-sharpe" ? certifyTangency(P, w, s.state, t, goal.riskFree) : certifyPath(P, w, s.state, t);
      return { weights: w, state: s.state, t, kkt, iterations };
    }
  }
  // The end of the line: the largest return (with the least variance among the portfolios that earn it).
  const end = last!;
  const w = pointOn(P, end, end.from);
  const r = dot(P.mu, w);
  if (goal.kind === "max-sharpe") onInfeasible({ kind: "max-sharpe", largestReturn: r });
  if (goal.kind === "efficient-return") {
    let muMax = 0;
    for (let i = 0; i < P.n; i++) muMax = Math.max(muMax, Math.abs(P.mu[i]!));
    // A target equal to the largest return up to rounding is that portfolio.
    if (goal.target <= r + ROUNDING * muMax)
      return { weights: w, state: end.state, t: end.from, kkt: certifyPath(P, w, end.state, end.from), iterations };
    onInfeasible({ kind: "efficient-return", largestReturn: r, minimumVarianceReturn });
  }
  // Efficient risk with a target above every frontier variance: the constraint is slack, the optimum
  // is the largest-return portfolio; its certificate is that of P(t) for t large (the LP's KKT conditions).
  const tLarge = Math.max(1, end.from) * 1e6;
  return { weights: w, state: end.state, t: tLarge, kkt: certifyPath(P, w, end.state, tLarge), iterations };
}
