import { EngineError } from "../errors/EngineError.ts";
import { assertInRange, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { scaledByLargestVariance } from "../_internal/symmetricMatrix.ts";
import { matVec } from "../linearAlgebra/matVec.ts";
import { readCovariance, type CovarianceInput } from "../data/covariance.ts";
import { makeExpectedReturns, type ExpectedReturns } from "../data/expectedReturns.ts";
import { weightVector, type WeightsInput } from "../portfolio/weightVector.ts";
import { isLabelledWeights } from "../_internal/isLabelledWeights.ts";

/**
 * The equilibrium (prior) returns implied by market weights (reverse optimisation; Black &
 * Litterman 1992, He & Litterman 1999): `π = δ·Σ·w_mkt`, the expected excess returns for which
 * the market portfolio is the mean–variance optimum of an investor with risk aversion δ. π is in
 * the covariance's units and carries its ids and frequency; δ is the same whatever the frequency
 * (annualising Σ annualises π), so He & Litterman's 2.5 fits daily data too.
 *
 * @see docs/maths.md#black-litterman-posterior
 * Cost: O(n²) after the O(n³) check of a bare covariance.
 * @param covariance a labelled `Covariance`, or a bare matrix (assets "0", "1", …). Never mutated.
 * @param marketWeights by id (`{ id: w }`, a Map, `{ id, weight }[]`; every asset named, an unknown
 *   id refused with the closest ids), or n finite weights in the covariance's order
 *   (market-capitalisation weights, usually >= 0 summing to 1). Never mutated.
 * @param riskAversion δ > 0 and <= 1e6 (He & Litterman use 2.5).
 * @returns the implied excess returns, per period, labelled like the covariance.
 * @throws EngineError INVALID_INPUT when an input breaks its rule, an asset has no market weight, or the sizes differ.
 * @example
 * const S = covariance([[0.04, 0.01], [0.01, 0.09]], { assets: ["A", "B"], frequency: "annual" });
 * impliedEquilibriumReturns(S, { A: 0.6, B: 0.4 }, 2.5).values // => Float64Array [0.06999999999999999, 0.105]
 */
export function impliedEquilibriumReturns(
  covariance: CovarianceInput,
  marketWeights: WeightsInput | NumericArray,
  riskAversion: number,
): ExpectedReturns {
  const cov = readCovariance("covariance", covariance);
  const n = cov.size;
  const w = readMarketWeights(marketWeights, cov.assets);
  assertInRange("riskAversion", riskAversion, { min: 0, minExclusive: true, max: 1e6 });
  const { data, scale } = scaledByLargestVariance(cov.values, n);
  const sw = matVec(data, n, w);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = riskAversion * scale * sw[i]! + 0;
    if (!Number.isFinite(out[i]!)) {
      throw new EngineError(
        "INVALID_INPUT",
        "riskAversion·covariance·marketWeights overflows: the inputs are too large for doubles",
        { field: "covariance" },
      );
    }
  }
  return makeExpectedReturns(cov.assets, out, cov.periodsPerYear, cov.frequency);
}

function readMarketWeights(value: WeightsInput | NumericArray, assets: readonly string[]): Float64Array {
  const n = assets.length;
  if (!isLabelledWeights(value)) {
    const w = toFiniteFloat64("marketWeights", value, 1);
    if (w.length !== n) {
      throw new EngineError(
        "INVALID_INPUT",
        `marketWeights must hold one weight per covariance row: got ${w.length} for a ${n}×${n} covariance`,
        { field: "marketWeights" },
      );
    }
    return w;
  }
  const w = weightVector("marketWeights", value as WeightsInput, assets);
  const given = new Set<string>(
    value instanceof Map
      ? [...value.keys()]
      : Array.isArray(value)
        ? value.map((x: { id: string }) => x.id)
        : "weights" in value && Array.isArray(value.weights)
          ? value.weights.map((x) => x.id)
          : Object.keys(value),
  );
  const missing = assets.filter((id) => !given.has(id));
  if (missing.length > 0) {
    throw new EngineError(
      "INVALID_INPUT",
      `marketWeights must give every asset a weight (0 allowed): missing ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ` and ${missing.length - 5} more` : ""}`,
      {
        field: "marketWeights",
        details: { missing },
      },
    );
  }
  return w;
}
