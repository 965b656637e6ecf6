import { EngineError } from "../../errors/EngineError.ts";
import { formatNumber } from "../../_internal/formatNumber.ts";
import type { PreparedProblem } from "./prepareProblem.ts";
import type { OnInfeasible } from "./solveGoal.ts";
import { ROUNDING } from "../../_internal/tolerance.ts";

/** What the user typed, annual (for the message). */
export interface AnnualTargets {
  riskFreeRate?: number;
  targetReturn?: number;
  targetVolatility?: number;
}

/**
 * The INFEASIBLE errors of the mean–variance goals in the units a person typed
 * (docs/maths.md#frequency-and-annual-units): every figure annual, with the periods a year used.
 * Maximum Sharpe names the best asset's annual expected return and the rate; a target return out
 * of reach states the range of efficient targets; a target volatility below the floor states it.
 */
export function infeasibleIn(prepared: PreparedProblem, targets: AnnualTargets): OnInfeasible {
  const P = prepared.periodsPerYear;
  const perYear =
    P === 1 ? " (per period: the inputs carry no frequency)" : ` a year (${formatNumber(P)} periods a year)`;
  const annualReturn = (scaled: number) => scaled * prepared.muScale * P;
  return (why) => {
    if (why.kind === "max-sharpe") {
      const mu = prepared.mu!;
      let best = 0;
      for (let i = 1; i < prepared.n; i++) if (mu[i]! > mu[best]!) best = i;
      const largest = annualReturn(why.largestReturn);
      const bestReturn = mu[best]! * P;
      throw new EngineError(
        "INFEASIBLE",
        `no portfolio within the weight rules earns more than riskFreeRate ${formatNumber(targets.riskFreeRate!)}${perYear}: ` +
          `the best asset, "${prepared.assets[best]}", is expected to earn ${formatNumber(bestReturn)}` +
          `${Math.abs(largest - bestReturn) > ROUNDING * Math.abs(bestReturn) ? ` and the best portfolio the rules allow ${formatNumber(largest)}` : ""}; ` +
          "riskFreeRate is annual, as a fraction (0.04 for 4 %)",
        {
          field: "riskFreeRate",
          details: {
            riskFreeRate: targets.riskFreeRate,
            bestAsset: prepared.assets[best],
            bestAssetReturn: bestReturn,
            largestReturn: largest,
            periodsPerYear: P,
          },
        },
      );
    }
    if (why.kind === "efficient-return") {
      const largest = annualReturn(why.largestReturn);
      const smallest = annualReturn(why.minimumVarianceReturn);
      throw new EngineError(
        "INFEASIBLE",
        `targetReturn ${formatNumber(targets.targetReturn!)} is above the largest expected return within the weight rules: ` +
          `efficient targets lie from ${formatNumber(smallest)} (the minimum-variance portfolio) to ${formatNumber(largest)}${perYear}`,
        {
          field: "targetReturn",
          details: {
            targetReturn: targets.targetReturn,
            minimumVarianceReturn: smallest,
            largestReturn: largest,
            periodsPerYear: P,
          },
        },
      );
    }
    const floor = Math.sqrt(why.minimumVariance * prepared.sigmaScale * P);
    throw new EngineError(
      "INFEASIBLE",
      `targetVolatility ${formatNumber(targets.targetVolatility!)} is below the least volatility any portfolio within the weight rules has, ${formatNumber(floor)}${perYear}`,
      {
        field: "targetVolatility",
        details: { targetVolatility: targets.targetVolatility, minimumVolatility: floor, periodsPerYear: P },
      },
    );
  };
}
