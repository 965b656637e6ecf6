import { assertFeasibleWeightRules } from "../../_internal/assertFeasibleWeightRules.ts";
import { assertKnownKeys } from "../../_internal/assertKnownKeys.ts";
import { EngineError } from "../../errors/EngineError.ts";
import { assertInRange, assertInteger, toFiniteFloat64 } from "../../_internal/validate.ts";
import type { CovarianceMatrix } from "../../riskModels/types.ts";
import type { MeanVarianceOptions } from "../types.ts";
import type { QpProblem } from "./qpProblem.ts";

/** The weight rules, checked. */
export interface WeightRules {
  maxWeight: number;
  minHoldings: number;
  minActiveWeight: number;
}

/**
 * A checked problem: the original Σ (symmetrised) and μ for reporting, and the solver's copy
 * scaled by powers of two (exact) so that max Σ_ii and max |μ_i| are near 1: then nothing in the
 * solver underflows or overflows whatever the units. `sigmaScale`, `muScale` undo it.
 */
export interface PreparedProblem {
  n: number;
  Sigma: Float64Array;
  mu: Float64Array | undefined;
  scaled: QpProblem;
  sigmaScale: number;
  muScale: number;
  rules: WeightRules;
}

const DEFAULTS = { maxWeight: 1, minHoldings: 1, minActiveWeight: 0.01 } as const;

function powerOfTwoNear(x: number): number {
  return x > 0 && Number.isFinite(x) ? 2 ** Math.round(Math.log2(x)) : 1;
}

/**
 * Validates the covariance (an object {size, values}: size an integer >= 1, size² finite values,
 * symmetric to 1e-10 relative, positive definite), the expected returns (size finite values) and
 * the weight rules of {@link MeanVarianceOptions}, then their joint feasibility, exactly as
 * meanCvarOptimize does: K <= n, w_min <= w_max, K·w_min <= 1, n·w_max >= 1.
 * @throws EngineError INVALID_INPUT naming the field; INFEASIBLE naming the rule.
 */
export function prepareProblem(covariance: CovarianceMatrix, expectedReturns: ArrayLike<number> | undefined, options: MeanVarianceOptions, extraKeys: readonly string[] = []): PreparedProblem {
  if (covariance === null || typeof covariance !== "object") {
    throw new EngineError("INVALID_INPUT", "covariance must be an object {size, values}", { field: "covariance" });
  }
  assertInteger("covariance.size", covariance.size, { min: 1 });
  const n = covariance.size;
  const raw = toFiniteFloat64("covariance.values", covariance.values, n * n);
  if (raw.length !== n * n) {
    throw new EngineError("INVALID_INPUT", `covariance.values must hold size² = ${n * n} values, got ${raw.length}`, { field: "covariance.values" });
  }
  let maxAbs = 0;
  for (let k = 0; k < n * n; k++) maxAbs = Math.max(maxAbs, Math.abs(raw[k]!));
  const Sigma = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = raw[i * n + j]!;
      const b = raw[j * n + i]!;
      if (Math.abs(a - b) > 1e-10 * maxAbs) {
        throw new EngineError("INVALID_INPUT", `covariance must be symmetric: values[${i * n + j}] = ${a} but values[${j * n + i}] = ${b}`, { field: "covariance.values" });
      }
      Sigma[i * n + j] = i === j ? a : a / 2 + b / 2;
    }
  }
  let maxDiag = 0;
  for (let i = 0; i < n; i++) maxDiag = Math.max(maxDiag, Sigma[i * n + i]!);
  const sigmaScale = powerOfTwoNear(maxDiag);
  const scaledSigma = Float64Array.from(Sigma, (x) => x / sigmaScale);
  // Positive definiteness: a non-positive diagonal is rejected here; otherwise each face the solver
  // visits is factorised, and a failed pivot there is the same INVALID_INPUT (solveFace). A full
  // factorisation up front would cost O(n³) on every call for the same answer.
  for (let i = 0; i < n; i++) {
    if (!(Sigma[i * n + i]! > 0)) {
      throw new EngineError("INVALID_INPUT", `covariance must be positive definite: its diagonal entry ${i} is ${Sigma[i * n + i]}`, { field: "covariance" });
    }
  }
  let mu: Float64Array | undefined;
  let muScale = 1;
  const scaledMu = new Float64Array(n);
  if (expectedReturns !== undefined) {
    mu = toFiniteFloat64("expectedReturns", expectedReturns, 1);
    if (mu.length !== n) {
      throw new EngineError("INVALID_INPUT", `expectedReturns must hold covariance.size = ${n} values, got ${mu.length}`, { field: "expectedReturns" });
    }
    let maxMu = 0;
    for (let i = 0; i < n; i++) maxMu = Math.max(maxMu, Math.abs(mu[i]!));
    muScale = powerOfTwoNear(maxMu);
    for (let i = 0; i < n; i++) scaledMu[i] = mu[i]! / muScale;
  }
  const rules = checkRules(options, n, extraKeys);
  const lo = new Float64Array(n);
  const hi = new Float64Array(n).fill(rules.maxWeight);
  return { n, Sigma, mu, scaled: { n, Sigma: scaledSigma, mu: scaledMu, lo, hi }, sigmaScale, muScale, rules };
}

function checkRules(options: MeanVarianceOptions, n: number, extraKeys: readonly string[]): WeightRules {
  if (options === null || typeof options !== "object") throw new EngineError("INVALID_INPUT", "options must be an object", { field: "options" });
  assertKnownKeys("options", options, ["maxWeight", "minHoldings", "minActiveWeight", ...extraKeys]);
  const { maxWeight = DEFAULTS.maxWeight, minHoldings = DEFAULTS.minHoldings, minActiveWeight = DEFAULTS.minActiveWeight } = options;
  assertInRange("maxWeight", maxWeight, { min: 0, max: 1, minExclusive: true });
  assertInteger("minHoldings", minHoldings, { min: 1 });
  assertInRange("minActiveWeight", minActiveWeight, { min: 0.0001, max: 1, minExclusive: true });
  assertFeasibleWeightRules({ maxWeight, minHoldings, minActiveWeight }, n, {
    candidates: "assets",
    countKey: "assets",
    given: (rule) => (options as Record<string, unknown>)[rule] !== undefined,
  });
  return { maxWeight, minHoldings, minActiveWeight };
}
