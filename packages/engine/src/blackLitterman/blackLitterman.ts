import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { assertInRange } from "../_internal/validate.ts";
import { cholesky } from "../linearAlgebra/cholesky.ts";
import { choleskySolve } from "../linearAlgebra/choleskySolve.ts";
import { gramMatrix } from "../linearAlgebra/gramMatrix.ts";
import { readEstimates } from "../_internal/readEstimates.ts";
import { makeCovariance, type Covariance, type CovarianceInput } from "../data/covariance.ts";
import { makeExpectedReturns, type ExpectedReturns } from "../data/expectedReturns.ts";
import { readViews, type BlackLittermanViews } from "./_internal/readViews.ts";
import { ROUNDING } from "../_internal/tolerance.ts";

export type {
  BlackLittermanView,
  BlackLittermanViews,
  AbsoluteView,
  RelativeView,
  ViewLeg,
} from "./_internal/readViews.ts";

/** Options of {@link blackLitterman}. */
export interface BlackLittermanOptions {
  /**
   * The views by asset id (default none: the posterior mean is the prior): `{ A03: 0.25 }` for
   * absolute views held with He & Litterman's default uncertainty, or a list of absolute
   * (`{ asset, return }`) and relative (`{ long, short, return }`) views, each with an optional
   * `confidence` or `variance`. Returns are annual (docs/maths.md#frequency-and-annual-units).
   */
  views?: BlackLittermanViews;
  /** τ, the uncertainty of the prior relative to Σ: in (0, 1], default 0.05. */
  tau?: number;
}

/** Result of {@link blackLitterman}: labelled estimates that feed any optimizer directly. */
export interface BlackLittermanResult {
  /** μ_BL, the posterior expected returns, per period with the covariance's ids and frequency. */
  expectedReturns: ExpectedReturns;
  /** The posterior covariance of returns `Σ + M` (He & Litterman 1999), labelled like the input. */
  covariance: Covariance;
  /** ω of each view, in input order, annual (the variance of the view's annual return; 0 for a view held with confidence 1). */
  viewVariances: Float64Array;
}

/**
 * Black–Litterman posterior returns (Black & Litterman 1992; He & Litterman 1999): the prior
 * `π ~ N(μ, τΣ)` combined with k views `P·μ = q + ε`, `ε ~ N(0, Ω)`, `Ω = diag(ω)`:
 *
 *   μ_BL = π + τΣPᵀ·(PτΣPᵀ + Ω)⁻¹·(q − Pπ)
 *   M    = τΣ − τΣPᵀ·(PτΣPᵀ + Ω)⁻¹·PτΣ,     posterior covariance Σ + M
 *
 * (the "master formula" written so that ω = 0, a certain view, is allowed). Views name assets by
 * id; each row of P is an absolute view's 1 on its asset, or a relative view's long leg less its
 * short leg (equal weights within a leg, or the weights given). A view's annual return r is
 * `q = r/P` per period and its annual `variance` ω is `ω/P²` per period² (P the periods a year of
 * the covariance), so the posterior is per period, the units of the prior and Σ. Each view's ω is
 * given, or set from Idzorek's (2005) confidence c as `ω = ((1 − c)/c)·p·τΣ·pᵀ`, or by default
 * He & Litterman's `ω = p·τΣ·pᵀ` (c = ½).
 *
 * @see docs/maths.md#black-litterman-posterior
 * Cost: O(n·s·k + n²k/2 + k³) (s the assets a view names) after the O(n³) check of a bare
 * covariance; a `Covariance` from `covariance()` or an estimator is not checked again.
 * @param prior π per period: labelled `ExpectedReturns` (e.g. {@link impliedEquilibriumReturns};
 *   matched to the covariance by id), or one value per covariance asset in its order. Never mutated.
 * @param covariance Σ: a labelled `Covariance`, or a bare matrix (assets "0", "1", …, one period a year). Never mutated.
 * @param options see {@link BlackLittermanOptions}.
 * @throws EngineError INVALID_INPUT when an input breaks its rule, a view names an unknown asset
 *   (with the closest ids) or has no net position, both `confidence` and `variance` are given, or
 *   `PτΣPᵀ + Ω` is singular (certain views that are linearly dependent, or a view on a
 *   combination with zero variance).
 * @example
 * const S = covariance([[0.04, 0], [0, 0.04]], { assets: ["A", "B"], frequency: "annual" });
 * const prior = expectedReturns({ A: 0.05, B: 0.05 }, { frequency: "annual" });
 * blackLitterman(prior, S, { tau: 1, views: [{ asset: "A", return: 0.1, confidence: 1 }] }).expectedReturns.values // => Float64Array [0.1, 0.05]
 */
export function blackLitterman(
  prior: ExpectedReturns | ArrayLike<number>,
  covariance: CovarianceInput,
  options?: BlackLittermanOptions,
): BlackLittermanResult {
  const o = readOptions<BlackLittermanOptions>(options, "{ views?, tau? }", ["views", "tau"]);
  if (prior === undefined) {
    throw new EngineError(
      "INVALID_INPUT",
      "prior must be given: labelled ExpectedReturns (e.g. impliedEquilibriumReturns) or one return per covariance asset",
      { field: "prior" },
    );
  }
  const est = readEstimates(prior, covariance, { mu: "prior", covariance: "covariance" });
  const cov = est.covariance;
  const n = cov.size;
  const pi = est.mu!;
  const tau = o.tau === undefined ? 0.05 : o.tau;
  assertInRange("tau", tau, { min: 0, minExclusive: true, max: 1 });
  const views = readViews(o.views, cov.assets, cov.periodsPerYear);
  const k = views.length;
  const P2 = cov.periodsPerYear * cov.periodsPerYear;

  // Work in units where max Σ_ii = 1 (Σ/S): returns keep their units, and with S = scale,
  // μ_BL − π = τΣPᵀ(PτΣPᵀ + Ω)⁻¹(q − Pπ) = (τΣ/S)Pᵀ(P(τΣ/S)Pᵀ + Ω/S)⁻¹(q − Pπ).
  // A view's portfolio is sparse (one or a few assets): every product with P runs over its non-zero weights.
  const sigma = cov.values;
  let S = 0;
  for (let i = 0; i < n; i++) S = Math.max(S, sigma[i * n + i]!);
  const support: Int32Array[] = views.map(({ portfolio: p }) => {
    const nonZero: number[] = [];
    for (let j = 0; j < n; j++) if (p[j] !== 0) nonZero.push(j);
    return Int32Array.from(nonZero);
  });
  const q = new Float64Array(k);
  const omegaScaled = new Float64Array(k);
  const viewVariances = new Float64Array(k);
  const tsp = new Float64Array(n * k); // τΣPᵀ/S, n×k, row i = asset i
  for (let v = 0; v < k; v++) {
    const view = views[v]!;
    const p = view.portfolio;
    const nz = support[v]!;
    q[v] = view.q;
    // Column v of τΣPᵀ/S = Σ_j p_j·(τ/S)·Σ[:, j], read along row j (Σ is symmetric).
    for (const j of nz) {
      const w = p[j]!;
      const row = j * n;
      for (let i = 0; i < n; i++) tsp[i * k + v] = tsp[i * k + v]! + (sigma[row + i]! / S) * tau * w;
    }
    let pTp = 0; // p·τΣ·pᵀ in scaled units
    for (const i of nz) pTp += p[i]! * tsp[i * k + v]!;
    pTp = Math.max(0, pTp);
    if (view.variance !== undefined) {
      omegaScaled[v] = view.variance / S;
      viewVariances[v] = view.variance * P2;
    } else {
      const c = view.confidence;
      omegaScaled[v] = ((1 - c) / c) * pTp;
      viewVariances[v] = omegaScaled[v]! * S * P2;
    }
  }

  // A = PτΣPᵀ + Ω (k×k), then solve A·x = q − Pπ; the posterior covariance needs (τΣPᵀ)A⁻¹(PτΣ) = WᵀW, W = L⁻¹(PτΣ).
  const A = new Float64Array(k * k);
  for (let a = 0; a < k; a++) {
    const p = views[a]!.portfolio;
    for (let b = 0; b < k; b++) {
      let s = 0;
      for (const i of support[a]!) s += p[i]! * tsp[i * k + b]!;
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
    const p = views[v]!.portfolio;
    let s = q[v]!;
    for (const i of support[v]!) s -= p[i]! * pi[i]!;
    gap[v] = s;
  }
  const x = k > 0 ? choleskySolve(L, k, gap) : gap;
  const returns = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = pi[i]!;
    for (let v = 0; v < k; v++) s += tsp[i * k + v]! * x[v]!;
    returns[i] = s + 0;
    if (!Number.isFinite(returns[i]!))
      throw new EngineError(
        "INVALID_INPUT",
        "the posterior returns overflow: prior and views are too large for doubles",
        { field: "prior" },
      );
  }
  // W[i·k + v] = (L⁻¹·(τΣPᵀ/S)ᵀ)_vi, one forward substitution per asset; then M/S = τΣ/S − WᵀW.
  const W = new Float64Array(n * k);
  for (let i = 0; i < n; i++) {
    const base = i * k;
    for (let a = 0; a < k; a++) {
      let s = tsp[base + a]!;
      for (let b = 0; b < a; b++) s -= L[a * k + b]! * W[base + b]!;
      W[base + a] = s / L[a * k + a]!;
    }
  }
  const G = k > 0 ? gramMatrix(W, k, n, 1, "views", "the posterior covariance") : undefined;
  // Posterior covariance Σ + M = (Σ/S + τΣ/S − WᵀW)·S, in the caller's units.
  const values = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) {
    const d = sigma[i]! / S;
    const m = (d + tau * d - (G === undefined ? 0 : G[i]!)) * S;
    if (!Number.isFinite(m))
      throw new EngineError("INVALID_INPUT", "the posterior covariance overflows: covariance too large for doubles", {
        field: "covariance",
      });
    values[i] = m + 0;
  }
  for (let v = 0; v < k; v++) {
    if (!Number.isFinite(viewVariances[v]!))
      throw new EngineError("INVALID_INPUT", `views[${v}]: ω overflows`, { field: `views[${v}]` });
  }
  // Σ + M with M positive semi-definite and vanishing on Σ's null space: definite exactly when Σ is.
  return {
    expectedReturns: makeExpectedReturns(cov.assets, returns, cov.periodsPerYear, cov.frequency),
    covariance: makeCovariance(cov.assets, values, cov.periodsPerYear, cov.frequency, cov.definite),
    viewVariances,
  };
}

/** A Cholesky factor is usable when its smallest pivot is not negligible next to the largest diagonal of A. */
function choleskyWellConditioned(L: Float64Array, k: number, A: Float64Array): boolean {
  let maxDiag = 0;
  for (let a = 0; a < k; a++) maxDiag = Math.max(maxDiag, A[a * k + a]!);
  for (let a = 0; a < k; a++) if (!(L[a * k + a]! ** 2 > ROUNDING * maxDiag)) return false;
  return true;
}
