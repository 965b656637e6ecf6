import { EngineError } from "../errors/EngineError.ts";
import { readReturnsTable } from "../research/readReturnsTable.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { assertInRange } from "../_internal/validate.ts";
import type { AssetReturns } from "../data/assetReturns.ts";
import { weightVector, type WeightsInput } from "../portfolio/weightVector.ts";
import { DEFAULT_CONFIDENCE } from "../stats/conventions.ts";
import { closestName } from "../_internal/assertKnownKeys.ts";
import { RISK_MEASURES, type RiskMeasure } from "./RiskMeasure.ts";
import { seriesRisk } from "./_internal/seriesRisk.ts";
import { portfolioReturns } from "./_internal/solveRisk.ts";

/** Options of {@link portfolioRisk}. */
export interface PortfolioRiskOptions {
  /** Which measure (required). */
  riskMeasure: RiskMeasure;
  /** β of CDaR_β, read with riskMeasure "cdar" only: 0 < β < 1; default 0.95. */
  confidence?: number;
}

/**
 * A risk measure of docs/maths.md#risk-measures at labelled weights held over `returns`: ρ of the
 * portfolio's returns `r_t = Σ_i w_i·R[t, i]` (weights need not sum to 1; an asset absent from
 * `weights` weighs 0). The value `minimumRisk` and `meanRisk` report as `risk`.
 *
 * @see docs/maths.md#risk-measures
 * Cost: O(T·n).
 * @throws EngineError INVALID_INPUT naming `returns`, `weights.<id>` (with the closest ids) or the option.
 * @example
 * const r = assetReturns([[0.02, -0.01], [-0.02, 0.01], [0.01, 0.00]], { assets: ["A", "B"], frequency: "daily" });
 * portfolioRisk(r, { A: 0.5, B: 0.5 }, { riskMeasure: "minimax" }) // => 0.005
 */
export function portfolioRisk(returns: AssetReturns, weights: WeightsInput, options: PortfolioRiskOptions): number {
  const data = readReturnsTable("returns", returns, { minPeriods: 1, minColumns: 1, simple: true });
  const o = readOptions<PortfolioRiskOptions>(options, "{ riskMeasure, confidence? }", ["riskMeasure", "confidence"]);
  const measure = o.riskMeasure;
  if (measure === undefined || !RISK_MEASURES.includes(measure)) {
    const given = String(measure);
    throw new EngineError(
      "INVALID_INPUT",
      `riskMeasure must be one of ${RISK_MEASURES.map((m) => `"${m}"`).join(", ")}, got ${measure === undefined ? "none" : `"${given}" (closest: "${closestName(given, RISK_MEASURES)}")`}`,
      { field: "riskMeasure" },
    );
  }
  if (o.confidence !== undefined) {
    if (measure !== "cdar")
      throw new EngineError(
        "INVALID_INPUT",
        `confidence is read with riskMeasure "cdar" only, not "${measure}"; remove it`,
        { field: "confidence" },
      );
    assertInRange("confidence", o.confidence, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  }
  const w = weightVector("weights", weights, data.assets);
  return seriesRisk(measure, portfolioReturns(data, w), o.confidence ?? DEFAULT_CONFIDENCE);
}
