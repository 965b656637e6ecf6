import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { assertInRange, assertInteger } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "../data/Frequency.ts";
import type { Certificate, Performance } from "../portfolio/PortfolioResult.ts";
import { portfolioResult } from "../portfolio/PortfolioResult.ts";
import type { ExcludedCompany, OptimizerCompany, OptimizerResult, ReturnScenarios, Signal } from "./types.ts";
import { computeMetadata } from "./_internal/computeMetadata.ts";
import { correlationMatrix } from "./_internal/correlationMatrix.ts";
import { diversifyWeights } from "./_internal/diversifyWeights.ts";
import { describeExclusion, NO_SCENARIOS_WARNING } from "./_internal/results.ts";
import { scenarioPerformance } from "./_internal/scenarioPerformance.ts";
import { EPS } from "../_internal/tolerance.ts";
import { validateCompanies } from "./_internal/validateCompanies.ts";
import { validateScenarios, type CheckedScenarios } from "./_internal/validateScenarios.ts";
import { waterFill } from "./_internal/waterFill.ts";

/** Options of {@link scoreTilt} (real-service-notes.md "Optimize"); each default is documented in docs/maths.md#score-tilt. */
export interface ScoreTiltOptions {
  /** The signal to weight by; default "convictionScore". */
  signal?: Signal;
  /** p in weights ∝ score^p: 0 <= p <= 10; default 1. 0 = equal weight. */
  tiltExponent?: number;
  /** Upper bound of every weight: 0 < x <= 1; default 1. */
  maxWeight?: number;
  /** Lower bound of every weight: 0 <= x <= 1; default 0. */
  minWeight?: number;
  /** Companies with a smaller market cap (USD) are excluded: >= 0; default 0 (then a null market cap is kept). */
  minMarketCap?: number;
  /** Keep only the top N companies by signal (ties by id): integer >= 2; default all qualifying companies. */
  topN?: number;
  /** δ of the correlation overlay: 0 <= δ <= 1; default 0 (pure tilt, no solver). δ > 0 needs `scenarios`. */
  riskDiversification?: number;
  /** Annual risk-free rate for the Sharpe ratio: finite, > -1; default 0. */
  riskFreeRate?: number;
}

const SIGNALS: readonly Signal[] = ["convictionScore", "linguisticBeta", "marketBuzz"];

function signalValue(c: OptimizerCompany, signal: Signal): number {
  return signal === "convictionScore" ? (c.convictionScore ?? 0) : c[signal];
}

/**
 * Score-tilt weighting, backing `POST /strategies/{id}/optimize` (docs/maths.md#score-tilt):
 * weights ∝ s_i^p over the qualifying companies, bounded exactly by water-filling
 * `w_i = clip(λ·s_i^p, minWeight, maxWeight)` with λ such that Σw = 1; then, when
 * `riskDiversification` δ > 0, the correlation overlay
 * `min (1 − δ)‖w − w_tilt‖² + δ·wᵀCw` under the same bounds (a strictly convex QP, solved exactly
 * by an active-set method).
 *
 * Qualifying: market cap >= minMarketCap (a null market cap qualifies only when minMarketCap is 0);
 * when `scenarios` are given, present in them (so that the metadata describe exactly the weights
 * returned); then the top N by score (ties by id). The score is the signal's value, null as 0 and
 * a negative value as 0 (with a warning). If every kept score is 0 (and p > 0) the weights are
 * equal, with a warning. Without scenarios the six risk fields of the metadata are 0, with a warning.
 * Always asynchronous (a Promise), so that the signature would not change if a solver had to be
 * loaded; no WebAssembly solver is used by the score tilt.
 *
 * The result is the one portfolio result over the kept companies, in input order with zeros
 * (a weight is never rounded: a tilt weight of 1e-18 is a weight), beside the service's `metadata`
 * and `excluded` (see {@link OptimizerResult}); its certificate is "closed-form" for the pure tilt,
 * the active-set QP's for the overlay. Arguments in the order of {@link meanCvarOptimize}.
 *
 * @see docs/maths.md#score-tilt
 * Cost: O(n log n) for δ = 0 (plus O(T·n) for the metadata with scenarios); δ > 0 adds O(T·n²)
 * for the correlation matrix and the QP solve.
 * @param companies non-empty, unique ids, finite fields (see {@link OptimizerCompany}). Never mutated.
 * @param scenarios daily returns (see {@link ReturnScenarios}), or undefined; required when riskDiversification > 0.
 * @param options see {@link ScoreTiltOptions}; each option is validated against its bound.
 * @throws EngineError INVALID_INPUT when an input or option breaks its rule, or `scenarios` is missing with δ > 0.
 * @throws EngineError INFEASIBLE when no company meets minMarketCap, or the bounds cannot hold for the n kept
 *   companies (n·minWeight > 1, n·maxWeight < 1, minWeight > maxWeight); `field` names the option.
 * @throws EngineError NO_RESOLVABLE_HOLDINGS when no qualifying company has return history in `scenarios`.
 * @throws EngineError SOLVER_FAILURE when the overlay's active-set method fails (not observed; a guard).
 * @example
 * const c = (id: string, convictionScore: number) => ({ id, marketCap: 1e9, linguisticBeta: 0.5, marketBuzz: 0.1, convictionScore });
 * (await scoreTilt([c("A", 0.6), c("B", 0.3), c("C", 0.1)], undefined, { maxWeight: 0.5 })).weights
 * // => [{ id: "A", weight: 0.5 }, { id: "B", weight: 0.37499999999999994 }, { id: "C", weight: 0.125 }]
 */
export async function scoreTilt(
  companies: readonly OptimizerCompany[],
  scenarios?: ReturnScenarios,
  options: ScoreTiltOptions = {},
): Promise<OptimizerResult<"score-tilt">> {
  const checkedCompanies = validateCompanies(companies);
  readOptions<ScoreTiltOptions>(
    options,
    "{ signal?, tiltExponent?, maxWeight?, minWeight?, minMarketCap?, topN?, riskDiversification?, riskFreeRate? }",
    ["signal", "tiltExponent", "maxWeight", "minWeight", "minMarketCap", "topN", "riskDiversification", "riskFreeRate"],
  );
  const {
    signal = "convictionScore",
    tiltExponent = 1,
    maxWeight = 1,
    minWeight = 0,
    minMarketCap = 0,
    topN,
    riskDiversification = 0,
    riskFreeRate = 0,
  } = options;
  if (!SIGNALS.includes(signal)) {
    throw new EngineError("INVALID_INPUT", `signal must be one of ${SIGNALS.join(", ")}, got ${String(signal)}`, {
      field: "signal",
    });
  }
  assertInRange("tiltExponent", tiltExponent, { min: 0, max: 10 });
  assertInRange("maxWeight", maxWeight, { min: 0, max: 1, minExclusive: true });
  assertInRange("minWeight", minWeight, { min: 0, max: 1 });
  assertInRange("minMarketCap", minMarketCap, { min: 0 });
  if (topN !== undefined) assertInteger("topN", topN, { min: 2 });
  assertInRange("riskDiversification", riskDiversification, { min: 0, max: 1 });
  assertInRange("riskFreeRate", riskFreeRate, { min: -1, minExclusive: true });
  const checked: CheckedScenarios | undefined = scenarios === undefined ? undefined : validateScenarios(scenarios);
  if (riskDiversification > 0 && checked === undefined) {
    throw new EngineError(
      "INVALID_INPUT",
      "scenarios are required when riskDiversification > 0 (the overlay needs return history)",
      {
        field: "scenarios",
      },
    );
  }

  // Qualifying companies, in input order; reasons for the others.
  const reasons = new Map<string, string>();
  let capPassed = 0;
  let kept: OptimizerCompany[] = [];
  for (const c of checkedCompanies) {
    const capReason = minMarketCap > 0 ? describeExclusion.marketCap(c.marketCap, minMarketCap) : undefined;
    if (capReason !== undefined) {
      reasons.set(c.id, capReason);
      continue;
    }
    capPassed++;
    if (checked !== undefined && !checked.column.has(c.id)) {
      reasons.set(c.id, describeExclusion.noHistory);
      continue;
    }
    kept.push(c);
  }
  if (kept.length === 0) {
    if (capPassed === 0) {
      throw new EngineError("INFEASIBLE", `no company has marketCap >= minMarketCap (${minMarketCap})`, {
        field: "minMarketCap",
      });
    }
    throw new EngineError(
      "NO_RESOLVABLE_HOLDINGS",
      `none of the ${capPassed} qualifying companies has return history in scenarios`,
      {
        field: "scenarios",
      },
    );
  }

  const warnings: string[] = [];
  const negative = kept.filter((c) => signalValue(c, signal) < 0).length;
  if (negative > 0)
    warnings.push(`${negative} compan${negative === 1 ? "y has" : "ies have"} a negative ${signal}, counted as 0`);
  const score = (c: OptimizerCompany): number => Math.max(0, signalValue(c, signal));

  if (topN !== undefined && topN < kept.length) {
    const ranked = [...kept].sort((a, b) => score(b) - score(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const top = new Set(ranked.slice(0, topN).map((c) => c.id));
    for (const c of ranked.slice(topN)) reasons.set(c.id, `not among the top ${topN} by ${signal}`);
    kept = kept.filter((c) => top.has(c.id));
  }

  const n = kept.length;
  if (minWeight > maxWeight) {
    throw new EngineError("INFEASIBLE", `minWeight (${minWeight}) exceeds maxWeight (${maxWeight})`, {
      field: "minWeight",
    });
  }
  if (n * minWeight > 1 + EPS) {
    throw new EngineError(
      "INFEASIBLE",
      `minWeight cannot hold: ${n} companies × minWeight ${minWeight} = ${n * minWeight} > 1`,
      { field: "minWeight" },
    );
  }
  if (n * maxWeight < 1 - EPS) {
    throw new EngineError(
      "INFEASIBLE",
      `maxWeight cannot hold: ${n} companies × maxWeight ${maxWeight} = ${n * maxWeight} < 1`,
      { field: "maxWeight" },
    );
  }

  // Tilt: a_i = (s_i / s_max)^p, scaled by the largest score so that s^10 cannot overflow.
  let sMax = 0;
  for (const c of kept) sMax = Math.max(sMax, score(c));
  const a = new Float64Array(n);
  if (sMax === 0) {
    a.fill(1);
    if (tiltExponent > 0) warnings.push(`every kept company has ${signal} 0; equal weights are used`);
  } else {
    for (let h = 0; h < n; h++) a[h] = Math.pow(score(kept[h]!) / sMax, tiltExponent);
  }
  const filled = waterFill(a, minWeight, maxWeight);
  if (filled.zeroScoresFilled) {
    warnings.push(
      `every company with a positive ${signal} is at maxWeight; the remaining weight is shared equally by the companies whose ${signal} is 0`,
    );
  }
  let w = filled.weights;
  const cols = checked === undefined ? undefined : kept.map((c) => checked.column.get(c.id)!);

  let certificate: Certificate = {
    status: "closed-form",
    solver: "closed-form",
    objective: null,
    gap: 0,
    residuals: null,
    iterations: 0,
  };
  if (riskDiversification > 0 && checked !== undefined && cols !== undefined) {
    const overlay = diversifyWeights(correlationMatrix(checked, cols), w, minWeight, maxWeight, riskDiversification);
    w = overlay.weights;
    certificate = {
      status: "optimal",
      solver: "active-set-qp",
      objective: overlay.objective,
      gap: 0,
      residuals: null,
      iterations: overlay.iterations,
    };
  }

  if (checked === undefined) warnings.push(NO_SCENARIOS_WARNING);
  const metadata = computeMetadata(kept, w, checked, cols, riskFreeRate, 0.95);
  const excluded: ExcludedCompany[] = [];
  for (const c of checkedCompanies) {
    const reason = reasons.get(c.id);
    if (reason !== undefined) excluded.push({ id: c.id, reason });
  }
  const perf: Performance =
    checked === undefined || cols === undefined
      ? {
          expectedReturn: null,
          volatility: null,
          sharpeRatio: null,
          riskFreeRate,
          periodsPerYear: PERIODS_PER_YEAR.daily,
          frequency: "daily",
        }
      : scenarioPerformance(
          checked.scenarios.returns,
          checked.periods,
          checked.assets,
          w,
          riskFreeRate,
          PERIODS_PER_YEAR.daily,
          "daily",
          cols,
        );
  const assets = Object.freeze(kept.map((c) => c.id));
  // No rounding to 0 (dust 0): a tilt weight of 1e-18 is the tilt's, and the mock lists it.
  return {
    ...portfolioResult("score-tilt", assets, Float64Array.from(w), certificate, perf, warnings, 0),
    metadata,
    excluded,
  };
}
