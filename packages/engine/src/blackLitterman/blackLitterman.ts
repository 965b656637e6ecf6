import { assertKnownKeys } from "../_internal/assertKnownKeys.ts";
import { EngineError } from "../errors/EngineError.ts";
import { assertInRange, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { cholesky, choleskySolve, toCovariance, type MatrixInput } from "../_internal/symmetricMatrix.ts";

/** One view: "the portfolio p will return q", with how sure the investor is. */
export interface BlackLittermanView {
  /**
   * p: n weights of the view portfolio, not all 0. An absolute view on asset i has `p_i = 1`, 0
   * elsewhere; a relative view "i beats j by q" has `p_i = 1, p_j = −1`.
   */
  portfolio: NumericArray;
  /** q: the view's expected return of p, in the units of `prior`. */
  expectedReturn: number;
  /**
   * Idzorek's (2005) confidence in (0, 1]: the fraction of the tilt a 100%-certain view would give;
   * `ω = ((1 − c)/c)·p·τΣ·pᵀ`. Exclusive with `variance`.
   */
  confidence?: number;
  /** ω, the variance of the view's error (> 0), given directly. Exclusive with `confidence`. */
  variance?: number;
}

/** Input of {@link blackLitterman}. */
export interface BlackLittermanInput {
  /** Σ, n×n covariance of returns (docs/maths.md#matrix-inputs). */
  covariance: MatrixInput;
  /** π, n prior expected returns (e.g. {@link impliedEquilibriumReturns}). */
  prior: NumericArray;
  /** The views (default none: the posterior mean is the prior). */
  views?: readonly BlackLittermanView[];
  /** τ, the uncertainty of the prior relative to Σ: in (0, 1], default 0.05. */
  tau?: number;
}

/** Result of {@link blackLitterman}. */
export interface BlackLittermanResult {
  /** n posterior expected returns `μ_BL`. */
  returns: Float64Array;
  /** The posterior covariance of returns `Σ + M` (He & Litterman 1999), row-major `values[i·size + j]`. */
  covariance: { size: number; values: Float64Array };
  /** ω of each view, in input order (0 for a view held with confidence 1). */
  viewVariances: Float64Array;
}

/**
 * Black–Litterman posterior returns (Black & Litterman 1992; He & Litterman 1999): the prior
 * `π ~ N(μ, τΣ)` combined with k views `P·μ = q + ε`, `ε ~ N(0, Ω)`, `Ω = diag(ω)`:
 *
 *   μ_BL = π + τΣPᵀ·(PτΣPᵀ + Ω)⁻¹·(q − Pπ)
 *   M    = τΣ − τΣPᵀ·(PτΣPᵀ + Ω)⁻¹·PτΣ,     posterior covariance Σ + M
 *
 * (the "master formula" written so that ω = 0, a certain view, is allowed). Each view's ω is
 * given, or set from Idzorek's (2005) confidence c as `ω = ((1 − c)/c)·p·τΣ·pᵀ`, or by default
 * He & Litterman's `ω = p·τΣ·pᵀ` (c = ½).
 *
 * @see docs/maths.md#black-litterman-posterior
 * Cost: O(n²k + k³) after the O(n³) check of the covariance.
 * @param input see {@link BlackLittermanInput}. Never mutated.
 * @throws EngineError INVALID_INPUT when an input breaks its rule, a view portfolio is all zero or
 *   has a different size, both `confidence` and `variance` are given, or `PτΣPᵀ + Ω` is singular
 *   (certain views that are linearly dependent, or a view on a zero-variance combination).
 * @example
 * blackLitterman({ covariance: [[0.04, 0], [0, 0.04]], prior: [0.05, 0.05], tau: 1,
 *   views: [{ portfolio: [1, 0], expectedReturn: 0.1, confidence: 1 }] }).returns // => Float64Array [0.1, 0.05]
 */
export function blackLitterman(input: BlackLittermanInput): BlackLittermanResult {
  if (input === null || typeof input !== "object") {
    throw new EngineError("INVALID_INPUT", "input must be an object { covariance, prior, views?, tau? }", { field: "input" });
  }
  assertKnownKeys("input", input, ["covariance", "prior", "views", "tau"] satisfies ReadonlyArray<keyof BlackLittermanInput>);
  const cov = toCovariance("covariance", input.covariance);
  const n = cov.n;
  const prior = toFiniteFloat64("prior", input.prior, 1);
  if (prior.length !== n) {
    throw new EngineError("INVALID_INPUT", `prior must hold one return per covariance row: got ${prior.length} for a ${n}×${n} covariance`, { field: "prior" });
  }
  const tau = input.tau === undefined ? 0.05 : input.tau;
  assertInRange("tau", tau, { min: 0, minExclusive: true, max: 1 });
  const views = input.views === undefined ? [] : input.views;
  if (!Array.isArray(views)) throw new EngineError("INVALID_INPUT", "views must be an array of { portfolio, expectedReturn, confidence? | variance? }", { field: "views" });
  const k = views.length;

  // Work in units where max Σ_ii = 1 (cov.data); τΣ in those units is tau·data. Returns keep their units:
  // with S = scale, μ_BL − π = τΣPᵀ(PτΣPᵀ + Ω)⁻¹(q − Pπ) = (τ·data)Pᵀ(P(τ·data)Pᵀ + Ω/S)⁻¹(q − Pπ).
  const S = cov.scale;
  const tauSigma = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) tauSigma[i] = tau * cov.data[i]!;
  const P = new Float64Array(k * n);
  const q = new Float64Array(k);
  const omegaScaled = new Float64Array(k);
  const viewVariances = new Float64Array(k);
  const tsp = new Float64Array(n * k); // τΣPᵀ, n×k
  for (let v = 0; v < k; v++) {
    const view = views[v] as BlackLittermanView | null;
    const field = `views[${v}]`;
    if (view === null || typeof view !== "object") {
      throw new EngineError("INVALID_INPUT", `${field} must be an object { portfolio, expectedReturn, confidence? | variance? }`, { field });
    }
    assertKnownKeys(field, view, ["portfolio", "expectedReturn", "confidence", "variance"] satisfies ReadonlyArray<keyof BlackLittermanView>);
    const p = toFiniteFloat64(`${field}.portfolio`, view.portfolio, 1);
    if (p.length !== n) {
      throw new EngineError("INVALID_INPUT", `${field}.portfolio must hold one weight per asset: got ${p.length} for ${n} assets`, { field: `${field}.portfolio` });
    }
    let top = 0;
    for (let i = 0; i < n; i++) top = Math.max(top, Math.abs(p[i]!));
    if (top === 0) throw new EngineError("INVALID_INPUT", `${field}.portfolio must not be all zero`, { field: `${field}.portfolio` });
    assertInRange(`${field}.expectedReturn`, view.expectedReturn, {});
    P.set(p, v * n);
    q[v] = view.expectedReturn;
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += tauSigma[i * n + j]! * p[j]!;
      tsp[i * k + v] = s;
    }
    let pTp = 0; // p·τΣ·pᵀ in scaled units
    for (let i = 0; i < n; i++) pTp += p[i]! * tsp[i * k + v]!;
    pTp = Math.max(0, pTp);
    if (view.confidence !== undefined && view.variance !== undefined) {
      throw new EngineError("INVALID_INPUT", `${field}.confidence and ${field}.variance: give one, not both`, { field: `${field}.variance` });
    }
    if (view.variance !== undefined) {
      assertInRange(`${field}.variance`, view.variance, { min: 0, minExclusive: true });
      omegaScaled[v] = view.variance / S;
      viewVariances[v] = view.variance;
    } else {
      const c = view.confidence === undefined ? 0.5 : view.confidence;
      assertInRange(`${field}.confidence`, c, { min: 0, minExclusive: true, max: 1 });
      omegaScaled[v] = ((1 - c) / c) * pTp;
      viewVariances[v] = omegaScaled[v]! * S;
    }
  }

  // A = PτΣPᵀ + Ω (k×k), then solve A·x = q − Pπ and A·Y = PτΣ.
  const A = new Float64Array(k * k);
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < k; b++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += P[a * n + i]! * tsp[i * k + b]!;
      A[a * k + b] = s;
    }
  }
  for (let a = 0; a < k; a++) {
    for (let b = a + 1; b < k; b++) {
      const m = 0.5 * (A[a * k + b]! + A[b * k + a]!);
      A[a * k + b] = m;
      A[b * k + a] = m;
    }
    A[a * k + a] = A[a * k + a]! + omegaScaled[a]!;
  }
  const L = k > 0 ? cholesky(A, k) : new Float64Array(0);
  if (L === undefined || !choleskyWellConditioned(L, k, A)) {
    throw new EngineError(
      "INVALID_INPUT",
      "views must be estimable: PτΣPᵀ + Ω is singular (views held with confidence 1 that are linearly dependent, or a view on a combination with zero variance)",
      { field: "views" },
    );
  }
  const gap = new Float64Array(k);
  for (let v = 0; v < k; v++) {
    let s = q[v]!;
    for (let i = 0; i < n; i++) s -= P[v * n + i]! * prior[i]!;
    gap[v] = s;
  }
  const x = k > 0 ? choleskySolve(L, k, gap) : gap;
  const returns = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = prior[i]!;
    for (let v = 0; v < k; v++) s += tsp[i * k + v]! * x[v]!;
    returns[i] = s + 0;
  }
  // M = τΣ − (τΣPᵀ)·A⁻¹·(PτΣ); posterior covariance = Σ + M, back in the caller's units.
  const values = new Float64Array(n * n);
  const column = new Float64Array(k);
  const solved: Float64Array[] = [];
  for (let j = 0; j < n; j++) {
    for (let v = 0; v < k; v++) column[v] = tsp[j * k + v]!;
    solved.push(k > 0 ? choleskySolve(L, k, column) : column);
  }
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      let s = 0;
      const yj = solved[j]!;
      for (let v = 0; v < k; v++) s += tsp[i * k + v]! * yj[v]!;
      const m = (cov.data[i * n + j]! + tauSigma[i * n + j]! - s) * S;
      values[i * n + j] = m + 0;
      values[j * n + i] = m + 0;
    }
  }
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(returns[i]!)) throw new EngineError("INVALID_INPUT", "the posterior returns overflow: prior and views are too large for doubles", { field: "prior" });
  }
  for (let i = 0; i < n * n; i++) {
    if (!Number.isFinite(values[i]!)) throw new EngineError("INVALID_INPUT", "the posterior covariance overflows: covariance too large for doubles", { field: "covariance" });
  }
  for (let v = 0; v < k; v++) {
    if (!Number.isFinite(viewVariances[v]!)) throw new EngineError("INVALID_INPUT", `views[${v}]: ω overflows`, { field: `views[${v}]` });
  }
  return { returns, covariance: { size: n, values }, viewVariances };
}

/** A Cholesky factor is usable when its smallest pivot is not negligible next to the largest diagonal of A. */
function choleskyWellConditioned(L: Float64Array, k: number, A: Float64Array): boolean {
  let maxDiag = 0;
  for (let a = 0; a < k; a++) maxDiag = Math.max(maxDiag, A[a * k + a]!);
  for (let a = 0; a < k; a++) if (!(L[a * k + a]! ** 2 > 1e-12 * maxDiag)) return false;
  return true;
}
