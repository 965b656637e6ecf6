import { EngineError } from "../errors/EngineError.ts";
import { assertFeasibleWeightRules } from "../_internal/assertFeasibleWeightRules.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { formatNumber } from "../_internal/formatNumber.ts";
import { assertInRange, assertInteger } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "../data/Frequency.ts";
import { DEFAULT_CONFIDENCE } from "../stats/index.ts";
import { portfolioResult } from "../portfolio/PortfolioResult.ts";
import type { ExcludedCompany, OptimizerCompany, OptimizerResult, ReturnScenarios } from "./types.ts";
import { computeMetadata } from "./_internal/computeMetadata.ts";
import { oneTermWarning, type TermData } from "./_internal/objectiveTerms.ts";
import { describeExclusion } from "./_internal/results.ts";
import { timeLimitWarning } from "./_internal/readCvarOptions.ts";
import { scenarioPerformance } from "./_internal/scenarioPerformance.ts";
import { loadSolver } from "../highs/solver.ts";
import type { MeanCvarMethod } from "./_internal/solveMeanCvar.ts";
import { solveTradeOff } from "./_internal/solveTradeOff.ts";
import { ALL_TERMS } from "./_internal/objectiveTerms.ts";
import { validateCompanies } from "./_internal/validateCompanies.ts";
import { validateScenarios } from "./_internal/validateScenarios.ts";

/**
 * Options of {@link meanCvarOptimize}: the contract's eight optimized-portfolio parameters
 * (rest-interface.md §4.2, in its order), plus β and the formulation. Defaults and why:
 * docs/maths.md#mean-cvar-optimizer. They are the service's: maxWeight 0.2 and minHoldings 2 by
 * default, where the quant API's `meanCvar` and `minimumCvar` default to no cap and no holdings rule.
 */
export interface MeanCvarOptimizeOptions {
  /** 1. Minimum market cap (USD) for inclusion: > 0; default 500,000,000 (the service's scoringMinMarketCap). */
  minMarketCap?: number;
  /**
   * 2. m, weight of the expected-return term μᵀw (normalised, docs/maths.md#scale-aware-objective):
   * > 0; default 1 (as important as tail risk). Any size the normalised gains fit a double for
   * (about 1e300): large ones are scaled (docs/maths.md#objective-scaling).
   */
  returnMultiplier?: number;
  /** 3. λ_ℓ, weight of the linguistic-beta reward ℓᵀw (normalised): 0 <= x <= 1 (0: ignore it; 1: as important as tail risk); default 0.5. */
  linguisticBetaWeight?: number;
  /** 4. Annual risk-free rate for the Sharpe ratio: finite, > -1; default 0. */
  riskFreeRate?: number;
  /** 5. K, minimum number of holdings with weight >= minActiveWeight: integer >= 2; default 2 (the service's default; `meanCvar` has none). */
  minHoldings?: number;
  /** 6. w_min, the weight a holding needs to count toward minHoldings: > 0.0001 (and <= 1); default 0.01. */
  minActiveWeight?: number;
  /** 7. w_max, maximum weight of any holding: 0 < x <= 1; default 0.2 (the service's default; `meanCvar` defaults to 1). */
  maxWeight?: number;
  /** 8. λ_b, weight of ‖w − b‖₁, the distance from the buzz-implied weights (normalised): 0 <= x <= 1 (0: ignore it; 1: as important as tail risk); default 0.25. */
  buzzPenalty?: number;
  /** β of the CVaR: 0 < β < 1; default 0.95. */
  confidence?: number;
  /** "cutting-plane" (default: scenario generation, fast) or "plain-lp" (all scenarios at once, for comparison). */
  method?: MeanCvarMethod;
  /**
   * Seconds the solve may take (finite, > 0); default none: the optimum is certified however long
   * that takes. Only the cardinality MILP can take long; when it is stopped, the best feasible
   * weights found are returned with `solver.status` "time-limit", the gap to the best proven
   * bound, and a warning (docs/maths.md#solver-time-limit). Results then depend on the machine.
   */
  timeLimitSeconds?: number;
}

export type { MeanCvarMethod };

/** Every key of {@link MeanCvarOptimizeOptions}: any other is refused with the closest of these (docs/maths.md#strict-inputs). */
const OPTION_NAMES = [
  "minMarketCap",
  "returnMultiplier",
  "linguisticBetaWeight",
  "riskFreeRate",
  "minHoldings",
  "minActiveWeight",
  "maxWeight",
  "buzzPenalty",
  "confidence",
  "method",
  "timeLimitSeconds",
] as const satisfies ReadonlyArray<keyof MeanCvarOptimizeOptions>;

const DEFAULTS = {
  minMarketCap: 500_000_000,
  returnMultiplier: 1,
  linguisticBetaWeight: 0.5,
  riskFreeRate: 0,
  minHoldings: 2,
  minActiveWeight: 0.01,
  maxWeight: 0.2,
  buzzPenalty: 0.25,
} as const;

/**
 * Mean-CVaR portfolio optimizer, backing `POST /strategies/{id}/optimized-portfolio`
 * (docs/maths.md#mean-cvar-optimizer), on a scale-aware objective (docs/maths.md#scale-aware-objective):
 *
 *   maximise  m·μᵀw/s_R + λ_ℓ·ℓᵀw/s_L − CVaR_β(w)/s_C − λ_b·‖w − b‖₁/s_D
 *   s.t.      Σw = 1,  0 <= w_i <= w_max,  #{i : w_i >= w_min} >= K,
 *
 * each term divided by its range s_j over the payoff table (the best portfolio of each term alone,
 * evaluated on every term; the tail-risk one is a minimum-CVaR LP), so that the weights mean the
 * same on any data: 0 ignores a term, 1 makes it as important as tail risk. `objectiveTerms`
 * reports each term's value, normalised distance from its best and share of the objective; a
 * warning says when one term alone decides the weights.
 *
 * over the eligible companies (market cap known and >= minMarketCap, and a column in `scenarios`);
 * μ_i the mean of asset i's scenario returns, ℓ_i its linguistic beta, b_i = buzz_i⁺ / Σ buzz⁺
 * (equal weights when every buzz is <= 0), CVaR_β the historical CVaR of the portfolio's daily
 * returns over the T scenarios (the Rockafellar–Uryasev LP value). Solved to proven optimality with
 * HiGHS: the LP first (scenario generation, or the plain RU LP with `method: "plain-lp"`), the
 * MILP with binaries z_i (w_i >= w_min·z_i, Σz >= K) only when the LP optimum has fewer than K
 * holdings at or above w_min. Infeasible parameter sets are rejected before any solve.
 * The metadata `cvar` is CVaR at the same β, recomputed from the returned weights; `certificate.objective`
 * is −J = −Σ_j λ_j·ρ_j (0 would be every term at its best at once), see {@link ObjectiveTerm}.
 *
 * Built on the same construction as {@link meanCvar} (which weighs expected return and tail risk of
 * any assets, no company records needed); this one adds the company filters, the linguistic-beta and
 * buzz terms and the service's defaults (maxWeight 0.2, minHoldings 2, minMarketCap 5e8). The result
 * is the one portfolio result over the eligible companies, in input order with zeros, beside the
 * service's `metadata`, `excluded` and `objectiveTerms` (see {@link OptimizerResult}).
 *
 * @see docs/maths.md#mean-cvar-optimizer
 * Cost: O(T·n) per cutting-plane round plus the HiGHS solves, twice (the minimum-CVaR anchor of the
 * normalisation, then the problem): 100 assets × 1260 days take tens of ms for each LP (bench/suites/optimize.ts); the MILP, when the cardinality constraint binds, takes
 * seconds at that size.
 * @param companies non-empty, unique ids, finite fields (see {@link OptimizerCompany}). Never mutated.
 * @param scenarios daily returns (see {@link ReturnScenarios}, e.g. from {@link scenariosFromPrices}).
 * @param options see {@link MeanCvarOptimizeOptions}; each is validated against the contract's bound.
 * @throws EngineError INVALID_INPUT when an input or option breaks its rule (the message names it).
 * @throws EngineError NO_RESOLVABLE_HOLDINGS when no company has a column in `scenarios`.
 * @throws EngineError INFEASIBLE naming the constraint, before solving, when no company is eligible,
 *   minHoldings exceeds the eligible count, minActiveWeight > maxWeight, minHoldings·minActiveWeight > 1,
 *   or eligible count·maxWeight < 1.
 * @throws EngineError SOLVER_FAILURE when HiGHS fails or optimality cannot be certified.
 * @example
 * const companies = ["A", "B", "C"].map((id) => ({ id, marketCap: 1e10, linguisticBeta: 0.5, marketBuzz: 1, convictionScore: 0.5 }));
 * const returns = new Float64Array([0.01, -0.02, 0.03, -0.01, 0.02, 0.01, 0.02, 0.01, -0.03, 0, 0.01, 0.02]);
 * const r = await meanCvarOptimize(companies, { assetIds: ["A", "B", "C"], returns, periods: 4 }, { maxWeight: 0.5 });
 * r.weights.map((x) => x.weight) // => [0.4285714285714286, 0.3333333333333333, 0.23809523809523814]
 * r.certificate.status // => "optimal"
 */
export async function meanCvarOptimize(
  companies: readonly OptimizerCompany[],
  scenarios: ReturnScenarios,
  options: MeanCvarOptimizeOptions = {},
): Promise<OptimizerResult<"mean-cvar">> {
  const checkedCompanies = validateCompanies(companies);
  const checked = validateScenarios(scenarios);
  readOptions<MeanCvarOptimizeOptions>(options, `{ ${OPTION_NAMES.join("?, ")}? }`, OPTION_NAMES);
  const {
    minMarketCap = DEFAULTS.minMarketCap,
    returnMultiplier = DEFAULTS.returnMultiplier,
    linguisticBetaWeight = DEFAULTS.linguisticBetaWeight,
    riskFreeRate = DEFAULTS.riskFreeRate,
    minHoldings = DEFAULTS.minHoldings,
    minActiveWeight = DEFAULTS.minActiveWeight,
    maxWeight = DEFAULTS.maxWeight,
    buzzPenalty = DEFAULTS.buzzPenalty,
    confidence = DEFAULT_CONFIDENCE,
    method = "cutting-plane",
    timeLimitSeconds,
  } = options;
  assertInRange("minMarketCap", minMarketCap, { min: 0, minExclusive: true });
  assertInRange("returnMultiplier", returnMultiplier, { min: 0, minExclusive: true });
  assertInRange("linguisticBetaWeight", linguisticBetaWeight, { min: 0, max: 1 });
  assertInRange("riskFreeRate", riskFreeRate, { min: -1, minExclusive: true });
  assertInteger("minHoldings", minHoldings, { min: 2 });
  assertInRange("minActiveWeight", minActiveWeight, { min: 0.0001, max: 1, minExclusive: true });
  assertInRange("maxWeight", maxWeight, { min: 0, max: 1, minExclusive: true });
  assertInRange("buzzPenalty", buzzPenalty, { min: 0, max: 1 });
  assertInRange("confidence", confidence, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  if (timeLimitSeconds !== undefined)
    assertInRange("timeLimitSeconds", timeLimitSeconds, { min: 0, minExclusive: true });
  if (method !== "cutting-plane" && method !== "plain-lp") {
    throw new EngineError("INVALID_INPUT", `method must be "cutting-plane" or "plain-lp", got ${String(method)}`, {
      field: "method",
    });
  }

  // Eligibility, in input order.
  const excluded: ExcludedCompany[] = [];
  const eligible: OptimizerCompany[] = [];
  let withHistory = 0;
  for (const c of checkedCompanies) {
    const hasHistory = checked.column.has(c.id);
    if (hasHistory) withHistory++;
    const capReason = describeExclusion.marketCap(c.marketCap, minMarketCap);
    if (capReason !== undefined) excluded.push({ id: c.id, reason: capReason });
    else if (!hasHistory) excluded.push({ id: c.id, reason: describeExclusion.noHistory });
    else eligible.push(c);
  }
  const n = eligible.length;
  if (withHistory === 0) {
    throw new EngineError(
      "NO_RESOLVABLE_HOLDINGS",
      `none of the ${checkedCompanies.length} companies has return history in scenarios`,
      {
        field: "scenarios",
      },
    );
  }
  // Feasibility, before any solve (assertFeasibleWeightRules; docs/maths.md#mean-cvar-optimizer).
  // Messages print numbers for people and say which values are defaults; `details` has the exact values.
  const given = (key: keyof MeanCvarOptimizeOptions): boolean => options[key] !== undefined;
  if (n === 0) {
    const shown = `minMarketCap ${formatNumber(minMarketCap)}${given("minMarketCap") ? "" : " (default)"}`;
    throw new EngineError("INFEASIBLE", `no company is eligible: none with return history has marketCap >= ${shown}`, {
      field: "minMarketCap",
      details: { minMarketCap, eligible: 0, defaults: given("minMarketCap") ? [] : ["minMarketCap"] },
    });
  }
  assertFeasibleWeightRules({ maxWeight, minHoldings, minActiveWeight }, n, {
    candidates: "eligible companies",
    countKey: "eligible",
    given,
    otherwise: " or include more companies",
  });

  const warnings: string[] = [];
  const T = checked.periods;
  const N = checked.assets;
  const cols = eligible.map((c) => checked.column.get(c.id)!);
  const R = checked.scenarios.returns;
  const returns = new Float64Array(T * n);
  const mean = new Float64Array(n);
  for (let t = 0; t < T; t++) {
    for (let i = 0; i < n; i++) {
      const v = R[t * N + cols[i]!]!;
      returns[t * n + i] = v;
      mean[i]! += v;
    }
  }
  const target = new Float64Array(n);
  let buzzSum = 0;
  for (let i = 0; i < n; i++) buzzSum += Math.max(0, eligible[i]!.marketBuzz);
  if (buzzSum > 0) {
    for (let i = 0; i < n; i++) target[i] = Math.max(0, eligible[i]!.marketBuzz) / buzzSum;
  } else {
    target.fill(1 / n);
    if (buzzPenalty > 0)
      warnings.push("no eligible company has a positive marketBuzz; the buzz target b is equal weight");
  }
  const negative = eligible.filter((c) => c.marketBuzz < 0).length;
  if (negative > 0)
    warnings.push(
      `${negative} eligible compan${negative === 1 ? "y has" : "ies have"} a negative marketBuzz, counted as 0 in b`,
    );

  for (let i = 0; i < n; i++) mean[i] = mean[i]! / T;
  const data: TermData = {
    n,
    periods: T,
    returns,
    mean,
    beta: Float64Array.from(eligible, (c) => c.linguisticBeta),
    target,
    maxWeight,
    confidence,
  };
  const highs = await loadSolver();
  const deadline = timeLimitSeconds === undefined ? undefined : performance.now() + 1000 * timeLimitSeconds;
  const termWeights = [returnMultiplier, linguisticBetaWeight, 1, buzzPenalty] as const;
  const {
    weights,
    terms: objectiveTerms,
    report,
  } = solveTradeOff(highs, data, termWeights, ALL_TERMS, { minActiveWeight, minHoldings }, method, deadline);
  if (report.status === "time-limit") warnings.push(timeLimitWarning(timeLimitSeconds, report.gap));
  const alone = oneTermWarning(objectiveTerms);
  if (alone !== undefined) warnings.push(alone);
  const metadata = computeMetadata(eligible, weights, checked, cols, riskFreeRate, confidence);
  const certificate = {
    status: report.status,
    solver: report.method,
    objective: report.objective,
    gap: report.gap,
    residuals: null,
    iterations: report.iterations,
  };
  const perf = scenarioPerformance(returns, T, n, weights, riskFreeRate, PERIODS_PER_YEAR.daily, "daily");
  const assets = Object.freeze(eligible.map((c) => c.id));
  return {
    ...portfolioResult("mean-cvar", assets, weights, certificate, perf, warnings),
    metadata,
    excluded,
    objectiveTerms,
  };
}
