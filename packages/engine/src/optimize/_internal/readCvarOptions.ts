import { EngineError } from "../../errors/EngineError.ts";
import { assertFeasibleWeightRules } from "../../_internal/assertFeasibleWeightRules.ts";
import { assertInRange, assertInteger } from "../../_internal/validate.ts";
import { DEFAULT_CONFIDENCE } from "../../stats/index.ts";
import { perPeriod } from "../../portfolio/annualRate.ts";
import type { RiskFreeRateOption, WeightRuleOptions } from "../../portfolio/PortfolioOptions.ts";
import type { HoldingsRule } from "./minimumCvarProblem.ts";
import type { MeanCvarMethod } from "./solveMeanCvar.ts";

/**
 * The options `minimumCvar` and `meanCvar` share, with the names and defaults of every
 * weight-producing method (portfolio/PortfolioOptions.ts, docs/maths.md#portfolio-result).
 */
export interface CvarRuleOptions extends WeightRuleOptions, RiskFreeRateOption {
  /** β of CVaR_β: 0 < β < 1; default 0.95 (the mean loss of the worst 5 % of periods). */
  confidence?: number;
  /** "cutting-plane" (default: scenario generation, fast) or "plain-lp" (every scenario at once, for comparison). */
  method?: MeanCvarMethod;
  /**
   * Seconds the solve may take (finite, > 0); default none: the optimum is certified however long
   * it takes. Only a binding minHoldings rule (a MILP) can take long; when stopped, the best
   * feasible weights come back with `certificate.status` "time-limit", the proven gap and a warning.
   * With constraint options it bounds the holdings MILP and every LP/QP round after a solve's first
   * (scenario generation, tracking-error cuts, the polish) (docs/maths.md#portfolio-constraints).
   */
  timeLimitSeconds?: number;
}

/** The shared option names, for the strict-option check (docs/maths.md#strict-inputs). */
export const CVAR_RULE_OPTION_NAMES = [
  "confidence",
  "maxWeight",
  "minHoldings",
  "minActiveWeight",
  "riskFreeRate",
  "method",
  "timeLimitSeconds",
] as const;

/** The checked shared options. */
export interface CvarRules {
  confidence: number;
  maxWeight: number;
  rule: HoldingsRule;
  /** Annual. */
  riskFreeRate: number;
  method: MeanCvarMethod;
  timeLimitSeconds: number | undefined;
}

/**
 * Checks the shared options against their bounds and the weight rules against the n assets
 * (docs/maths.md#minimum-cvar). Without minHoldings there is no holdings rule (K = 0): the result
 * is the true optimum; minActiveWeight is then not read.
 * @throws EngineError INVALID_INPUT naming the option; INFEASIBLE naming the rule no portfolio of n assets can meet.
 * @example
 * readCvarRules({ maxWeight: 0.5 }, 4, 252).rule // => { minHoldings: 0, minActiveWeight: 0.5 }
 */
export function readCvarRules(o: CvarRuleOptions, n: number, periodsPerYear: number): CvarRules {
  const {
    confidence = DEFAULT_CONFIDENCE,
    maxWeight = 1,
    minHoldings,
    minActiveWeight = 0.01,
    riskFreeRate = 0,
    method = "cutting-plane",
    timeLimitSeconds,
  } = o;
  assertInRange("confidence", confidence, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  assertInRange("maxWeight", maxWeight, { min: 0, max: 1, minExclusive: true });
  if (minHoldings !== undefined) {
    assertInteger("minHoldings", minHoldings, { min: 1 });
    assertInRange("minActiveWeight", minActiveWeight, { min: 0.0001, max: 1, minExclusive: true });
  }
  perPeriod("riskFreeRate", riskFreeRate, "rate", periodsPerYear);
  if (method !== "cutting-plane" && method !== "plain-lp") {
    throw new EngineError("INVALID_INPUT", `method must be "cutting-plane" or "plain-lp", got ${String(method)}`, {
      field: "method",
    });
  }
  if (timeLimitSeconds !== undefined)
    assertInRange("timeLimitSeconds", timeLimitSeconds, { min: 0, minExclusive: true });
  const rule: HoldingsRule =
    minHoldings === undefined ? { minHoldings: 0, minActiveWeight: maxWeight } : { minHoldings, minActiveWeight };
  assertFeasibleWeightRules(
    { maxWeight, minHoldings: rule.minHoldings, minActiveWeight: minHoldings === undefined ? 0 : minActiveWeight },
    n,
    {
      candidates: "assets",
      countKey: "assets",
      given: (key) => o[key] !== undefined,
    },
  );
  return { confidence, maxWeight, rule, riskFreeRate, method, timeLimitSeconds };
}

/**
 * The warning of a solve stopped by `timeLimitSeconds` (the service optimizer's words).
 * @example
 * timeLimitWarning(2, 0.00012345) // => "the solver stopped at the time limit (2 s) before proving the optimum: these weights meet every constraint and their objective is within 0.000123 of the best possible"
 */
export function timeLimitWarning(timeLimitSeconds: number | undefined, gap: number): string {
  return `the solver stopped at the time limit (${timeLimitSeconds} s) before proving the optimum: these weights meet every constraint and their objective is within ${gap.toPrecision(3)} of the best possible`;
}
