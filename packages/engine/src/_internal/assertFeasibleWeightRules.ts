import { EngineError } from "../errors/EngineError.ts";
import { formatNumber } from "./formatNumber.ts";
import { EPS } from "./tolerance.ts";

/** The weight rules every long-only optimizer of the engine shares (mean-CVaR, the mean–variance family, the LP risk measures), checked: `minHoldings` is 0 when not given (no holdings rule: the true optimum). */
export interface WeightRules {
  maxWeight: number;
  minHoldings: number;
  minActiveWeight: number;
}

/** How the caller names what it weights, and which rules the user set. */
export interface FeasibilityContext {
  /** What the n candidates are, in messages: "eligible companies", "assets". */
  candidates: string;
  /** The key of n in the error's details: "eligible", "assets". */
  countKey: string;
  /** True when the user set this rule (else the message marks the value "(default)"). */
  given: (rule: keyof WeightRules) => boolean;
  /** Said after "raise maxWeight to at least …" (e.g. " or include more companies"). Default "". */
  otherwise?: string;
}

/**
 * Refuses weight rules no portfolio of `n` candidates can meet, before any solve. K <= n,
 * w_min <= w_max, K·w_min <= 1 and n·w_max >= 1 are together necessary and sufficient for a
 * fully invested long-only portfolio with at least K holdings of at least w_min and none above
 * w_max (docs/maths.md#mean-cvar-optimizer). Messages print numbers for people and say which
 * values are defaults; `details` holds the exact values (docs/maths.md#strict-inputs).
 *
 * Cost: O(1).
 * @throws EngineError INFEASIBLE naming the rule that cannot hold
 * @example
 * assertFeasibleWeightRules({ maxWeight: 0.2, minHoldings: 2, minActiveWeight: 0.01 }, 3, { candidates: "assets", countKey: "assets", given: () => false })
 * // throws "maxWeight cannot hold: 3 assets × maxWeight 0.2 (default) = 0.6 < 1; raise maxWeight to at least 0.333333"
 */
export function assertFeasibleWeightRules(rules: WeightRules, n: number, context: FeasibilityContext): void {
  const { maxWeight, minHoldings, minActiveWeight } = rules;
  const show = (rule: keyof WeightRules, value: number): string =>
    `${rule} ${formatNumber(value)}${context.given(rule) ? "" : " (default)"}`;
  const infeasible = (field: keyof WeightRules, message: string, values: Record<string, number>): never => {
    const defaults = Object.keys(values).filter((k) => k in rules && !context.given(k as keyof WeightRules));
    throw new EngineError("INFEASIBLE", message, { field, details: { ...values, [context.countKey]: n, defaults } });
  };
  if (minHoldings > n) {
    infeasible("minHoldings", `${show("minHoldings", minHoldings)} exceeds the ${n} ${context.candidates}`, {
      minHoldings,
    });
  }
  if (minActiveWeight > maxWeight) {
    infeasible(
      "minActiveWeight",
      `${show("minActiveWeight", minActiveWeight)} exceeds ${show("maxWeight", maxWeight)}: no holding can count as active`,
      {
        minActiveWeight,
        maxWeight,
      },
    );
  }
  if (minHoldings * minActiveWeight > 1 + EPS) {
    infeasible(
      "minHoldings",
      `minHoldings × minActiveWeight > 1: ${show("minHoldings", minHoldings)} × ${show("minActiveWeight", minActiveWeight)} = ${formatNumber(minHoldings * minActiveWeight)}`,
      { minHoldings, minActiveWeight, product: minHoldings * minActiveWeight },
    );
  }
  if (n * maxWeight < 1 - EPS) {
    infeasible(
      "maxWeight",
      `maxWeight cannot hold: ${n} ${context.candidates} × ${show("maxWeight", maxWeight)} = ${formatNumber(n * maxWeight)} < 1; raise maxWeight to at least ${formatNumber(1 / n)}${context.otherwise ?? ""}`,
      { maxWeight, product: n * maxWeight },
    );
  }
}
