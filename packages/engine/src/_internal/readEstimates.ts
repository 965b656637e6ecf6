import { EngineError } from "../errors/EngineError.ts";
import { isCovariance, readCovariance, type Covariance, type CovarianceInput } from "../data/covariance.ts";
import { isExpectedReturns, type ExpectedReturns } from "../data/expectedReturns.ts";
import { readFrequency, type Frequency } from "../data/Frequency.ts";
import { alignAssets, readAssetIds } from "../data/assetIds.ts";
import { toFiniteFloat64 } from "./validate.ts";

/** Expected returns and a covariance read together, in the covariance's asset order. */
export interface Estimates {
  covariance: Covariance;
  /** μ per period in `covariance.assets` order, or undefined when none was given. */
  mu: Float64Array | undefined;
  assets: readonly string[];
  periodsPerYear: number;
  frequency: Frequency;
  /** Said when the inputs carried no ids or frequency (figures are then per period). */
  warnings: string[];
}

/** Field names of the two inputs, for messages. */
export interface EstimateFields {
  mu: string;
  covariance: string;
}

/** Expected returns labelled with {@link expectedReturns} or an estimator, or a look-alike that crossed JSON. */
function labelledMu(field: string, value: unknown): ExpectedReturns | undefined {
  if (isExpectedReturns(value)) return value;
  if (value === null || typeof value !== "object" || !Array.isArray((value as ExpectedReturns).assets))
    return undefined;
  const v = value as ExpectedReturns;
  const { assets } = readAssetIds(`${field}.assets`, v.assets);
  const values = toFiniteFloat64(`${field}.values`, v.values, 1);
  if (values.length !== assets.length) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field}.values must hold one return per asset (${assets.length}), got ${values.length}`,
      { field: `${field}.values` },
    );
  }
  const { periodsPerYear, frequency } = readFrequency(field, { periodsPerYear: v.periodsPerYear });
  return { assets, values, periodsPerYear, frequency };
}

function labelledCovariance(value: unknown): boolean {
  return (
    isCovariance(value) ||
    (value !== null &&
      typeof value === "object" &&
      Array.isArray((value as Covariance).assets) &&
      "values" in value &&
      "size" in value)
  );
}

/** The warning a result carries when its covariance came bare (no ids, no frequency), else undefined. */
export function bareCovarianceWarning(covariance: unknown, field = "covariance"): string | undefined {
  if (labelledCovariance(covariance)) return undefined;
  return (
    `${field} carries no asset ids or frequency: the assets are labelled by position ("0", "1", …) and every figure is per period (periodsPerYear 1); ` +
    "label it (covariance(), or estimate it from assetReturns()) for annual figures"
  );
}

/**
 * Reads expected returns and a covariance given together (docs/maths.md#labelled-data): the
 * covariance through the one validator (readCovariance); labelled expected returns are matched to it
 * by id (alignAssets: the same ids, any order) and must be sampled as often. A bare covariance next
 * to labelled expected returns takes their ids (in their order) and frequency; bare expected returns
 * are read in the covariance's order; when neither is labelled, the assets are "0", "1", … and every
 * figure is per period (one period a year), which the warnings say.
 * @throws EngineError INVALID_INPUT naming the field and the rule.
 */
export function readEstimates(
  expectedReturns: ExpectedReturns | ArrayLike<number> | undefined,
  covariance: CovarianceInput,
  fields: EstimateFields = { mu: "expectedReturns", covariance: "covariance" },
): Estimates {
  const er = expectedReturns === undefined ? undefined : labelledMu(fields.mu, expectedReturns);
  const covLabelled = labelledCovariance(covariance);
  const cov =
    covLabelled || er === undefined
      ? readCovariance(fields.covariance, covariance)
      : readCovariance(fields.covariance, covariance, {
          assets: er.assets,
          periodsPerYear: er.periodsPerYear,
          frequency: er.frequency,
        });
  const warnings: string[] = [];
  if (!covLabelled && er === undefined) warnings.push(bareCovarianceWarning(covariance, fields.covariance)!);
  let mu: Float64Array | undefined;
  if (er !== undefined) {
    if (er.periodsPerYear !== cov.periodsPerYear) {
      throw new EngineError(
        "INVALID_INPUT",
        `${fields.mu} are sampled ${er.periodsPerYear} times a year but ${fields.covariance} ${cov.periodsPerYear}: estimate both from the same returns`,
        { field: fields.mu },
      );
    }
    const position = alignAssets(fields.covariance, cov.assets, er.assets, fields.mu);
    mu = position === null ? er.values : Float64Array.from(position, (p) => er.values[p]!);
  } else if (expectedReturns !== undefined) {
    mu = toFiniteFloat64(fields.mu, expectedReturns, 1);
    if (mu.length !== cov.size) {
      throw new EngineError(
        "INVALID_INPUT",
        `${fields.mu} must hold one value per ${fields.covariance} asset (${cov.size}), got ${mu.length}`,
        { field: fields.mu },
      );
    }
  }
  return {
    covariance: cov,
    mu,
    assets: cov.assets,
    periodsPerYear: cov.periodsPerYear,
    frequency: cov.frequency,
    warnings,
  };
}
