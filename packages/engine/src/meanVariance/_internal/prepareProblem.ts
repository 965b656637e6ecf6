import { EngineError } from "../../errors/EngineError.ts";
import { assertFeasibleWeightRules, type WeightRules } from "../../_internal/assertFeasibleWeightRules.ts";
import { readOptions } from "../../_internal/readOptions.ts";
import { readEstimates } from "../../_internal/readEstimates.ts";
import { assertInRange, assertInteger } from "../../_internal/validate.ts";
import type { Covariance, CovarianceInput } from "../../data/covariance.ts";
import type { ExpectedReturns } from "../../data/expectedReturns.ts";
import type { Frequency } from "../../data/Frequency.ts";
import type { WeightRuleOptions } from "../../portfolio/PortfolioOptions.ts";
import { findDuplicates } from "./findDuplicates.ts";
import type { QpProblem } from "../../quadraticProgram/qpProblem.ts";

/**
 * A checked problem: the labelled covariance and μ (per period, covariance order) for reporting, and
 * the solver's copy scaled by powers of two (exact) so that max Σ_ii and max |μ_i| are near 1: then
 * nothing in the solver underflows or overflows whatever the units. `sigmaScale`, `muScale` undo it.
 *
 * When the covariance is only semi-definite because some assets are exact duplicates (the same
 * covariance row and the same expected return), the solver works on `scaled`, the problem with each
 * group of duplicates merged into one asset whose bounds are the sums of its members' (an exact
 * reformulation: the objective and the budget depend only on the group's total); `groups` maps it
 * back. `full` is always the problem on every asset, on which the certificate is computed.
 */
export interface PreparedProblem {
  n: number;
  assets: readonly string[];
  covariance: Covariance;
  /** Σ per period², the covariance's values (never mutated). */
  Sigma: Float64Array;
  mu: Float64Array | undefined;
  periodsPerYear: number;
  frequency: Frequency;
  full: QpProblem;
  scaled: QpProblem;
  /** Members of each asset of `scaled` (original indices, ascending), or null when nothing was merged. */
  groups: Int32Array[] | null;
  sigmaScale: number;
  muScale: number;
  rules: WeightRules;
  warnings: string[];
}

const DEFAULTS = { maxWeight: 1, minActiveWeight: 0.01 } as const;

function powerOfTwoNear(x: number): number {
  return x > 0 && Number.isFinite(x) ? 2 ** Math.round(Math.log2(x)) : 1;
}

/**
 * Reads the expected returns and the covariance (readEstimates: the one covariance validator, ids
 * matched, frequencies agreeing) and the weight rules of {@link WeightRuleOptions}, then their
 * joint feasibility, exactly as meanCvarOptimize does: K <= n, w_min <= w_max, K·w_min <= 1,
 * n·w_max >= 1 (K, w_min only when minHoldings is given).
 * @throws EngineError INVALID_INPUT naming the field; INFEASIBLE naming the rule.
 */
export function prepareProblem(
  expectedReturns: ExpectedReturns | ArrayLike<number> | undefined,
  covariance: CovarianceInput,
  options: WeightRuleOptions | undefined,
  extraKeys: readonly string[] = [],
  requireReturns = true,
): PreparedProblem {
  if (requireReturns && expectedReturns === undefined) {
    throw new EngineError(
      "INVALID_INPUT",
      "expectedReturns must be given: labelled ExpectedReturns (e.g. meanHistoricalReturn) or one value per covariance asset",
      { field: "expectedReturns" },
    );
  }
  const est = readEstimates(expectedReturns, covariance);
  const cov = est.covariance;
  const n = cov.size;
  const Sigma = cov.values;
  const warnings = [...est.warnings];
  const rules = checkRules(options, n, extraKeys, warnings);
  let maxDiag = 0;
  for (let i = 0; i < n; i++) maxDiag = Math.max(maxDiag, Sigma[i * n + i]!);
  const sigmaScale = powerOfTwoNear(maxDiag);
  const scaledSigma = Float64Array.from(Sigma, (x) => x / sigmaScale);
  const mu = est.mu;
  let muScale = 1;
  const scaledMu = new Float64Array(n);
  if (mu !== undefined) {
    let maxMu = 0;
    for (let i = 0; i < n; i++) maxMu = Math.max(maxMu, Math.abs(mu[i]!));
    muScale = powerOfTwoNear(maxMu);
    for (let i = 0; i < n; i++) scaledMu[i] = mu[i]! / muScale;
  }
  const lo = new Float64Array(n);
  const hi = new Float64Array(n).fill(rules.maxWeight);
  const full: QpProblem = { n, Sigma: scaledSigma, mu: scaledMu, lo, hi };
  let scaled = full;
  let groups: Int32Array[] | null = null;
  if (!cov.definite) {
    const found = findDuplicates(Sigma, n, mu);
    if (found.length < n) {
      groups = found;
      scaled = mergeGroups(full, found);
      const named = found
        .filter((g) => g.length > 1)
        .map((g) => Array.from(g, (i) => `"${cov.assets[i]}"`).join(" = "));
      warnings.push(
        `exact duplicates (the same covariance row${mu === undefined ? "" : " and expected return"}): ${named.slice(0, 5).join("; ")}${named.length > 5 ? `; and ${named.length - 5} more groups` : ""}. ` +
          "Each group was solved as one asset and its weight split evenly: the optimum is not unique (any split within the caps is as good)",
      );
    }
  }
  return {
    n,
    assets: cov.assets,
    covariance: cov,
    Sigma,
    mu,
    periodsPerYear: cov.periodsPerYear,
    frequency: cov.frequency,
    full,
    scaled,
    groups,
    sigmaScale,
    muScale,
    rules,
    warnings,
  };
}

/** The problem on one asset per group: Σ and μ of the group's first member, bounds the sums of its members'. */
function mergeGroups(P: QpProblem, groups: Int32Array[]): QpProblem {
  const m = groups.length;
  const Sigma = new Float64Array(m * m);
  const mu = new Float64Array(m);
  const lo = new Float64Array(m);
  const hi = new Float64Array(m);
  for (let g = 0; g < m; g++) {
    const a = groups[g]![0]!;
    mu[g] = P.mu[a]!;
    for (let h = 0; h < m; h++) Sigma[g * m + h] = P.Sigma[a * P.n + groups[h]![0]!]!;
    for (const i of groups[g]!) {
      lo[g] = lo[g]! + P.lo[i]!;
      hi[g] = hi[g]! + P.hi[i]!;
    }
  }
  return { n: m, Sigma, mu, lo, hi };
}

function checkRules(
  options: WeightRuleOptions | undefined,
  n: number,
  extraKeys: readonly string[],
  warnings: string[],
): WeightRules {
  const o = readOptions<WeightRuleOptions>(options, "{ maxWeight?, minHoldings?, minActiveWeight?, … }", [
    "maxWeight",
    "minHoldings",
    "minActiveWeight",
    ...extraKeys,
  ] as Array<keyof WeightRuleOptions & string>);
  const maxWeight = o.maxWeight === undefined ? DEFAULTS.maxWeight : o.maxWeight;
  const minActiveWeight = o.minActiveWeight === undefined ? DEFAULTS.minActiveWeight : o.minActiveWeight;
  assertInRange("maxWeight", maxWeight, { min: 0, max: 1, minExclusive: true });
  if (o.minHoldings !== undefined) assertInteger("minHoldings", o.minHoldings, { min: 1 });
  assertInRange("minActiveWeight", minActiveWeight, { min: 0.0001, max: 1, minExclusive: true });
  if (o.minHoldings === undefined && o.minActiveWeight !== undefined) {
    warnings.push(
      "minActiveWeight is read only with minHoldings (the weight a holding needs to count): without minHoldings it was ignored",
    );
  }
  const minHoldings = o.minHoldings === undefined ? 0 : o.minHoldings;
  assertFeasibleWeightRules(
    { maxWeight, minHoldings, minActiveWeight: o.minHoldings === undefined ? 0 : minActiveWeight },
    n,
    {
      candidates: "assets",
      countKey: "assets",
      given: (rule) => (o as Record<string, unknown>)[rule] !== undefined,
    },
  );
  return { maxWeight, minHoldings, minActiveWeight };
}
