import { readOptions } from "../_internal/readOptions.ts";
import { EngineError } from "../errors/EngineError.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import { assertInRange } from "../_internal/validate.ts";
import type { CovarianceInput } from "../data/covariance.ts";
import type { ExpectedReturns } from "../data/expectedReturns.ts";
import { perPeriod } from "../portfolio/annualRate.ts";
import type { RiskFreeRateOption } from "../portfolio/PortfolioOptions.ts";
import type { Performance, PortfolioResult } from "../portfolio/PortfolioResult.ts";
import { portfolioPerformance } from "../portfolio/portfolioPerformance.ts";
import { portfolioResult } from "../portfolio/PortfolioResult.ts";
import type { WeightsInput } from "../portfolio/weightVector.ts";
import { readAllocationInputs, type PricesInput } from "./_internal/readAllocationInputs.ts";
import { solveAllocation, trackingError } from "./_internal/solveAllocation.ts";

/** Options of {@link discreteAllocation}. */
export interface DiscreteAllocationOptions extends RiskFreeRateOption {
  /**
   * What the whole shares are chosen for (docs/maths.md#discrete-allocation):
   * - "track-weights" (default): the least L1 distance `Σ|w_i − p_i·x_i/C|` between target and held
   *   weights, cash left counting as off target;
   * - "least-cash": PyPortfolioOpt's `lp_portfolio`, `Σ|w_i·C − p_i·x_i| + leftover` in currency,
   *   which invests as fully as the prices allow (the leftover is below the largest price).
   */
  objective?: "track-weights" | "least-cash";
  /** Stop the MILP after this many seconds (> 0) and keep the best allocation found; default none. */
  timeLimitSeconds?: number;
  /** Σ of the assets (labelled), for the performance block of the held weights; default none (null figures). */
  covariance?: CovarianceInput;
  /** μ of the assets (labelled, or one per covariance asset), for the performance block; default none. */
  expectedReturns?: ExpectedReturns | ArrayLike<number>;
}

/**
 * Whole-share holdings for a cash amount: the one portfolio result (its `weights` are the weights
 * held, `shares_i·price_i / cash`, summing to `spent / cash`) and the share counts beside it.
 */
export type DiscreteAllocationResult = PortfolioResult<"discrete-allocation"> & {
  /** One `{ id, shares }` per asset, in the weights' order: integers >= 0. */
  shares: Array<{ id: string; shares: number }>;
  /** `Σ shares_i·price_i` (<= cash). */
  spent: number;
  /** Cash left over: `cash − spent` (>= 0). */
  leftover: number;
  /** `Σ_i |w_i − shares_i·price_i / cash|`: the L1 distance to the target weights (cash counts as off-target). */
  trackingError: number;
  /** The same distance for naive rounding down, `floor(w_i·cash / price_i)` shares; never below `trackingError` with the default objective. */
  roundDownTrackingError: number;
};

/** Above this many shares of one asset the integer program would need more than doubles' integer precision in HiGHS's tolerances. */
const MAX_SHARES = 1e9;

const OPTION_NAMES = [
  "objective",
  "timeLimitSeconds",
  "covariance",
  "expectedReturns",
  "riskFreeRate",
] as const satisfies ReadonlyArray<keyof DiscreteAllocationOptions>;

/**
 * Discrete allocation: whole numbers of shares for a cash amount C, never spending more than C,
 * chosen by a mixed-integer program solved by HiGHS (branch and bound):
 *
 *   track-weights (default):  minimise Σ_i u_i               s.t. u_i >= |w_i − p_i·x_i/C|, Σ_i p_i·x_i <= C
 *   least-cash:               minimise Σ_i u_i + (1 − Σ_i p_i·x_i/C)   (the same, plus the cash left)
 *
 * with x_i ∈ {0, 1, …, ⌊C/p_i⌋}. The first minimises the L1 tracking error `Σ|w_i − p_i·x_i/C|`;
 * the second, PyPortfolioOpt's `lp_portfolio` (reported in currency, `C` times the above), equals
 * `2·Σ_i max(0, w_i·C − p_i·x_i)`: only under-weights cost, so it invests as fully as possible (at
 * its optimum the leftover is below the largest price). Rounding every target down,
 * `x_i = ⌊w_i·C / p_i⌋`, is feasible and is the solver's start, and the better of the two is kept
 * (this matters only when a time limit stops the search).
 *
 * Weights are labelled (`{ id: w }`, a Map, `{ id, weight }[]` or a portfolio result) and prices
 * are read by id; bare numbers are labelled by position ("0", "1", …) with bare prices, one per
 * weight. An asset of weight 0 needs no price (it gets no shares).
 *
 * @see docs/maths.md#discrete-allocation
 * Cost: one MILP with 2n columns and 2n + 1 rows (NP-hard in general; milliseconds for tens of
 * assets, tens of ms for 300 in practice, bench/suites/optimize.ts). Loads the HiGHS solver on first use.
 * @param weights target weights >= 0 summing to 1 (within 1e-6; normalised). Never mutated.
 * @param prices share prices > 0 by id, in the currency of `cash`. Never mutated.
 * @param cash the amount to invest, > 0; at most 1e9 shares of any asset may be needed.
 * @param options see {@link DiscreteAllocationOptions}.
 * @returns see {@link DiscreteAllocationResult}; its certificate's objective is the tracking error, or the
 *   least-cash objective in currency, and its gap the distance to HiGHS's proven bound.
 * @throws EngineError INVALID_INPUT when an input breaks its rule (an asset of positive weight without a
 *   price is named with the closest priced ids; rejects: the function is async); SOLVER_FAILURE when HiGHS fails.
 * @example
 * (await discreteAllocation({ A: 0.5, B: 0.5 }, { A: 30, B: 70 }, 100)).shares // => [{ id: "A", shares: 1 }, { id: "B", shares: 1 }]
 */
export async function discreteAllocation(
  weights: WeightsInput | ArrayLike<number>,
  prices: PricesInput,
  cash: number,
  options?: DiscreteAllocationOptions,
): Promise<DiscreteAllocationResult> {
  const { assets, w, p } = readAllocationInputs(weights, prices);
  assertInRange("cash", cash, { min: 0, minExclusive: true });
  const o = readOptions<DiscreteAllocationOptions>(
    options,
    "{ objective?, timeLimitSeconds?, covariance?, expectedReturns?, riskFreeRate? }",
    OPTION_NAMES,
  );
  const objective = o.objective === undefined ? "track-weights" : o.objective;
  if (objective !== "track-weights" && objective !== "least-cash") {
    throw new EngineError(
      "INVALID_INPUT",
      `objective must be "track-weights" or "least-cash", got ${String(objective)}`,
      { field: "objective" },
    );
  }
  const { timeLimitSeconds } = o;
  if (timeLimitSeconds !== undefined)
    assertInRange("timeLimitSeconds", timeLimitSeconds, { min: 0, minExclusive: true });
  for (let i = 0; i < p.length; i++) {
    if (!(cash / p[i]! <= MAX_SHARES) && !Number.isNaN(p[i]!)) {
      const field = /^\d+$/.test(assets[i]!) && assets[i] === String(i) ? `prices[${i}]` : `prices.${assets[i]}`;
      throw new EngineError(
        "INVALID_INPUT",
        `${field} must be at least cash / 1e9 (at most 1e9 shares of one asset), got ${p[i]}`,
        { field },
      );
    }
  }
  const estimates = o.covariance !== undefined || o.expectedReturns !== undefined;
  const riskFreeRate = o.riskFreeRate === undefined ? 0 : o.riskFreeRate;
  if (!estimates) perPeriod("riskFreeRate", riskFreeRate, "rate", 1);

  // The MILP over the priced assets (an unpriced asset has weight 0 and gets no shares).
  const priced = Array.from(p, (_, i) => i).filter((i) => !Number.isNaN(p[i]!));
  const {
    x,
    timedOut,
    objective: value,
    bound,
  } = await solveAllocation({
    n: priced.length,
    w: Float64Array.from(priced, (i) => w[i]!),
    p: Float64Array.from(priced, (i) => p[i]!),
    C: cash,
    timeLimitSeconds,
    leastCash: objective === "least-cash",
  });
  const counts = new Float64Array(assets.length);
  priced.forEach((i, k) => (counts[i] = x[k]!));
  const pOrZero = p.map((v) => (Number.isNaN(v) ? 0 : v));
  const spent = compensatedSum(Array.from(counts, (v, i) => v * pOrZero[i]!));
  const held = Float64Array.from(counts, (v, i) => (v * pOrZero[i]!) / cash);
  const naive = Float64Array.from(w, (wi, i) => (Number.isNaN(p[i]!) ? 0 : Math.floor((wi * cash) / p[i]!)));
  const certificate = {
    status: timedOut ? ("time-limit" as const) : ("optimal" as const),
    solver: "milp" as const,
    objective: value,
    gap: Math.max(0, value - bound),
    residuals: null,
    iterations: 1,
  };
  const heldById = new Map<string, number>();
  // Every asset of positive target weight, held or not, must be in the estimates.
  held.forEach((v, i) => w[i]! > 0 && heldById.set(assets[i]!, v));
  const performance: Performance = estimates
    ? heldPerformance(heldById, o.covariance, o.expectedReturns, riskFreeRate)
    : {
        expectedReturn: null,
        volatility: null,
        sharpeRatio: null,
        riskFreeRate,
        periodsPerYear: 1,
        frequency: "custom",
      };
  const warnings = timedOut
    ? [
        `the solver stopped at the time limit (${timeLimitSeconds} s): the allocation is the best found, within ${certificate.gap.toPrecision(3)} of the best possible`,
      ]
    : [];
  return {
    ...portfolioResult("discrete-allocation", assets, held, certificate, performance, warnings, 0),
    shares: assets.map((id, i) => ({ id, shares: counts[i]! + 0 })),
    spent,
    leftover: Math.max(0, cash - spent),
    trackingError: trackingError(counts, w, pOrZero, cash),
    roundDownTrackingError: trackingError(naive, w, pOrZero, cash),
  };
}

/**
 * The performance block of the held weights (cash earns nothing) from the estimates given; an
 * asset held but missing from them is refused naming `options.covariance` (or `options.expectedReturns`).
 */
function heldPerformance(
  held: ReadonlyMap<string, number>,
  cov: CovarianceInput | undefined,
  mu: ExpectedReturns | ArrayLike<number> | undefined,
  riskFreeRate: number,
): Performance {
  try {
    return portfolioPerformance(held, {
      ...(cov === undefined ? {} : { covariance: cov }),
      ...(mu === undefined ? {} : { expectedReturns: mu }),
      riskFreeRate,
    });
  } catch (error) {
    if (!(error instanceof EngineError) || !error.field?.startsWith("weights")) throw error;
    const field = cov === undefined ? "options.expectedReturns" : "options.covariance";
    throw new EngineError(
      error.code,
      `${field} must name every asset held: ${error.message.replace(/^weights names/, "the allocation holds")}`,
      { field, details: error.details ?? {} },
    );
  }
}
