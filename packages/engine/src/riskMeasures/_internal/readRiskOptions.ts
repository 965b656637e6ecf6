import { EngineError } from "../../errors/EngineError.ts";
import { closestName } from "../../_internal/assertKnownKeys.ts";
import { assertFeasibleWeightRules } from "../../_internal/assertFeasibleWeightRules.ts";
import { assertInRange, assertInteger } from "../../_internal/validate.ts";
import { readReturnsTable, type CheckedReturnsTable } from "../../research/readReturnsTable.ts";
import { perPeriod } from "../../portfolio/annualRate.ts";
import type { RiskFreeRateOption, WeightRuleOptions } from "../../portfolio/PortfolioOptions.ts";
import { DEFAULT_CONFIDENCE } from "../../stats/conventions.ts";
import { RISK_MEASURES, type RiskMeasure } from "../RiskMeasure.ts";

/** The options `minimumRisk` and `meanRisk` share, with the names and defaults of every weight-producing method. */
export interface RiskRuleOptions extends WeightRuleOptions, RiskFreeRateOption {
  /** Which measure to optimise (required): "mad", "semi-deviation", "cdar", "max-drawdown" or "minimax". */
  riskMeasure: RiskMeasure;
  /** β of CDaR_β, read with riskMeasure "cdar" only: 0 < β < 1; default 0.95. */
  confidence?: number;
  /**
   * Seconds the solve may take (finite, > 0); default none. Only a binding minHoldings rule (a MILP)
   * can take long; when stopped, the best feasible weights come back with `certificate.status`
   * "time-limit", the proven gap and a warning.
   */
  timeLimitSeconds?: number;
}

/** The shared option names, for the strict-option check (docs/maths.md#strict-inputs). */
export const RISK_RULE_OPTION_NAMES = [
  "riskMeasure",
  "confidence",
  "maxWeight",
  "minHoldings",
  "minActiveWeight",
  "riskFreeRate",
  "timeLimitSeconds",
] as const;

/** The checked shared options; minHoldings 0 means no holdings rule. */
export interface RiskRules {
  measure: RiskMeasure;
  /** β (0.95 unless riskMeasure is "cdar" and it was given; read by "cdar" only). */
  confidence: number;
  maxWeight: number;
  minHoldings: number;
  minActiveWeight: number;
  /** Annual. */
  riskFreeRate: number;
  timeLimitSeconds: number | undefined;
}

/**
 * Reads the returns argument: an `AssetReturns` as it is (checked when built), or a look-alike
 * (crossed a worker boundary or JSON) checked again; at least 2 periods (a mean and a volatility).
 * @throws EngineError INVALID_INPUT naming `returns…` and the rule.
 */
export function readRiskReturns(returns: unknown): CheckedReturnsTable {
  return readReturnsTable("returns", returns, { minPeriods: 2, minColumns: 1, simple: true });
}

/**
 * Checks the shared options (docs/maths.md#risk-measures) against their bounds and the weight rules
 * against the n assets.
 * @throws EngineError INVALID_INPUT naming the option; INFEASIBLE naming the weight rule no portfolio of n assets can meet.
 */
export function readRiskRules(o: Partial<RiskRuleOptions>, n: number, periodsPerYear: number): RiskRules {
  const {
    riskMeasure,
    confidence,
    maxWeight = 1,
    minHoldings,
    minActiveWeight = 0.01,
    riskFreeRate = 0,
    timeLimitSeconds,
  } = o;
  if (riskMeasure === undefined) {
    throw new EngineError(
      "INVALID_INPUT",
      `riskMeasure is required: one of ${RISK_MEASURES.map((m) => `"${m}"`).join(", ")}`,
      { field: "riskMeasure" },
    );
  }
  if (!RISK_MEASURES.includes(riskMeasure)) {
    const given = String(riskMeasure);
    throw new EngineError(
      "INVALID_INPUT",
      `riskMeasure must be one of ${RISK_MEASURES.map((m) => `"${m}"`).join(", ")}, got "${given}" (closest: "${closestName(given, RISK_MEASURES)}")`,
      {
        field: "riskMeasure",
      },
    );
  }
  if (confidence !== undefined) {
    if (riskMeasure !== "cdar") {
      throw new EngineError(
        "INVALID_INPUT",
        `confidence is read with riskMeasure "cdar" only, not "${riskMeasure}"; remove it`,
        { field: "confidence" },
      );
    }
    assertInRange("confidence", confidence, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  }
  assertInRange("maxWeight", maxWeight, { min: 0, max: 1, minExclusive: true });
  if (minHoldings !== undefined) {
    assertInteger("minHoldings", minHoldings, { min: 1 });
    assertInRange("minActiveWeight", minActiveWeight, { min: 0.0001, max: 1, minExclusive: true });
  }
  perPeriod("riskFreeRate", riskFreeRate, "rate", periodsPerYear);
  if (timeLimitSeconds !== undefined)
    assertInRange("timeLimitSeconds", timeLimitSeconds, { min: 0, minExclusive: true });
  assertFeasibleWeightRules(
    { maxWeight, minHoldings: minHoldings ?? 0, minActiveWeight: minHoldings === undefined ? 0 : minActiveWeight },
    n,
    {
      candidates: "assets",
      countKey: "assets",
      given: (key) => o[key] !== undefined,
    },
  );
  return {
    measure: riskMeasure,
    confidence: confidence ?? DEFAULT_CONFIDENCE,
    maxWeight,
    minHoldings: minHoldings ?? 0,
    minActiveWeight: minHoldings === undefined ? maxWeight : minActiveWeight,
    riskFreeRate,
    timeLimitSeconds,
  };
}
