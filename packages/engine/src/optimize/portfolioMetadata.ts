import { EngineError } from "../errors/EngineError.ts";
import { assertInRange } from "../_internal/validate.ts";
import { DEFAULT_CONFIDENCE } from "../stats/index.ts";
import type { OptimizerCompany, OptimizerMetadata, ReturnScenarios } from "./types.ts";
import { computeMetadata } from "./_internal/computeMetadata.ts";
import { EPS } from "../_internal/tolerance.ts";
import { validateCompanies } from "./_internal/validateCompanies.ts";
import { validateScenarios } from "./_internal/validateScenarios.ts";

/**
 * The optimizer result's metadata (rest-interface.md §2.5) of a fully invested portfolio held at
 * constant weights over the return scenarios (docs/maths.md#portfolio-metadata):
 * - `numberStocks`: holdings with weight > 0;
 * - `weightedLinguisticBeta` = Σ w_i·ℓ_i; `marketBuzzCoverage` = Σ w_i over marketBuzz_i > 0, in [0, 1];
 * - with portfolio returns `r_t = Σ_i w_i·R[t, i]` (t = 1..T) and NAV `V_0 = 1, V_t = V_{t-1}·(1 + r_t)`:
 *   `expectedDailyReturn` = mean r_t; `annualizedReturn` = CAGR of V over T/252 years;
 *   `volatility` = sample sd of r × √252; `cvar` = historical CVaR_β of r (a positive loss, β = 0.95);
 *   `sharpeRatio` with the annual risk-free rate, 252 periods; `maxDrawdown` of V (<= 0).
 * Without scenarios those six risk fields are 0 (the optimizers add a warning saying so).
 *
 * @see docs/maths.md#portfolio-metadata
 * Cost: O(T·H) for H holdings.
 * @param weights unique ids, each a company id (and a scenario asset id when `scenarios` is given,
 *   for weights > 0); weights finite, >= 0, summing to 1 within 1e-9·max(1, H). Never mutated.
 * @param companies validated as for the optimizers (unique ids, finite fields).
 * @param scenarios daily returns with periods >= 2, or undefined.
 * @param riskFreeRate annual, finite, > -1; default 0.
 * @param confidence β of the CVaR, 0 < β < 1; default 0.95.
 * @throws EngineError INVALID_INPUT when an argument breaks a rule above (the message names it).
 * @example
 * portfolioMetadata([{ id: "A", weight: 1 }], [{ id: "A", marketCap: 1e9, linguisticBeta: 0.5, marketBuzz: 0.4, convictionScore: 0.3 }], undefined).weightedLinguisticBeta // => 0.5
 */
export function portfolioMetadata(
  weights: ReadonlyArray<{ id: string; weight: number }>,
  companies: readonly OptimizerCompany[],
  scenarios: ReturnScenarios | undefined,
  riskFreeRate = 0,
  confidence: number = DEFAULT_CONFIDENCE,
): OptimizerMetadata {
  const checkedCompanies = validateCompanies(companies);
  const checked = scenarios === undefined ? undefined : validateScenarios(scenarios);
  assertInRange("riskFreeRate", riskFreeRate, { min: -1, minExclusive: true });
  assertInRange("confidence", confidence, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  if (!Array.isArray(weights) || weights.length === 0) {
    throw new EngineError("INVALID_INPUT", "weights must be a non-empty array of { id, weight }", { field: "weights" });
  }
  const byId = new Map(checkedCompanies.map((c) => [c.id, c]));
  const seen = new Set<string>();
  const held: OptimizerCompany[] = [];
  const w = new Float64Array(weights.length);
  const cols: number[] = [];
  let sum = 0;
  for (let h = 0; h < weights.length; h++) {
    const entry = weights[h];
    const at = `weights[${h}]`;
    if (entry === null || typeof entry !== "object")
      throw new EngineError("INVALID_INPUT", `${at} must be { id, weight }`, { field: at });
    const company = byId.get(entry.id);
    if (company === undefined) {
      throw new EngineError("INVALID_INPUT", `${at}.id ${String(entry.id)} is not one of the companies`, {
        field: `${at}.id`,
      });
    }
    if (seen.has(entry.id))
      throw new EngineError("INVALID_INPUT", `${at}.id ${entry.id} is listed more than once`, { field: `${at}.id` });
    seen.add(entry.id);
    assertInRange(`${at}.weight`, entry.weight, { min: 0 });
    const col = checked?.column.get(entry.id);
    if (checked !== undefined && col === undefined && entry.weight > 0) {
      throw new EngineError("INVALID_INPUT", `${at}.id ${entry.id} has no column in scenarios.assetIds`, {
        field: `${at}.id`,
      });
    }
    held.push(company);
    w[h] = entry.weight;
    cols.push(col ?? 0);
    sum += entry.weight;
  }
  if (Math.abs(sum - 1) > EPS * Math.max(1, weights.length)) {
    throw new EngineError("INVALID_INPUT", `weights must sum to 1, got ${sum}`, { field: "weights" });
  }
  return computeMetadata(held, w, checked, checked === undefined ? undefined : cols, riskFreeRate, confidence);
}
