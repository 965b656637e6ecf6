import { EngineError } from "../errors/EngineError.ts";
import { EPS } from "../_internal/tolerance.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { toSquareMatrix, type MatrixInput } from "../_internal/symmetricMatrix.ts";
import { frequencyOf, readFrequency, type Frequency, type FrequencyInput } from "./Frequency.ts";
import { readAssetIds } from "./assetIds.ts";
import { choleskyCheck } from "../linearAlgebra/choleskyCheck.ts";

/**
 * A covariance matrix of named assets, checked once by the one validator of the engine
 * ({@link covariance}): square, finite, symmetric, positive semi-definite, every variance > 0
 * (docs/maths.md#covariance-rules). Values are per period² at the sampling `frequency`
 * (multiply by `periodsPerYear` to annualise). Structurally a `CovarianceMatrix` `{ size, values }`.
 */
export interface Covariance {
  /** n unique ids, the row and column order. */
  readonly assets: readonly string[];
  readonly size: number;
  /** n·n values row-major, exactly symmetric. Do not mutate. */
  readonly values: Float64Array;
  readonly periodsPerYear: number;
  readonly frequency: Frequency;
  /**
   * False when the matrix is only semi-definite (collinear assets, or fewer periods than assets
   * in a sample estimate): risk parity, HRP and Black–Litterman accept it, mean–variance needs it
   * definite on the assets it holds.
   */
  readonly definite: boolean;
}

/** Options of {@link covariance}. */
export interface CovarianceOptions extends FrequencyInput {
  /** n unique non-empty ids, the row order (default for a bare matrix: "0", "1", …). */
  assets?: readonly string[];
}

/** Any covariance a method accepts: a labelled {@link Covariance}, or a bare matrix (rows, n·n values, `{ size, values }`). */
export type CovarianceInput = Covariance | MatrixInput;

const checked = new WeakSet<object>();

/** True when `value` was made by {@link covariance} (or an estimator) and is therefore already checked. */
export function isCovariance(value: unknown): value is Covariance {
  return typeof value === "object" && value !== null && checked.has(value);
}

/** The smallest variance accepted, relative to the largest (so that 1/σ² products stay finite). */
const MIN_VARIANCE_RATIO = 1e-150;

/**
 * Labels and checks a covariance matrix: the one validator every method uses
 * (docs/maths.md#covariance-rules). A matrix checked here is not checked again by the methods
 * that read it, so a Black–Litterman or optimizer call on it costs no O(n³) check.
 *
 * Rules: square, finite; every variance > 0 and >= 1e-150 × the largest; symmetric within
 * `1e-9·√(Σ_ii·Σ_jj)` (then averaged to exact symmetry); positive semi-definite (no Cholesky pivot
 * below `−1e-9·Σ_kk` of the matrix scaled by its largest variance).
 *
 * Cost: O(n³/3) once.
 * @param matrix rows, n·n values row-major, `{ size, values }`, or a `Covariance` (relabelled).
 * @param options the ids and the sampling (see {@link CovarianceOptions}).
 * @throws EngineError INVALID_INPUT naming `covariance[i][j]` and the rule.
 * @example
 * const c = covariance([[0.04, 0.006], [0.006, 0.09]], { assets: ["A", "B"], frequency: "annual" });
 * [c.assets, c.definite] // => [["A", "B"], true]
 */
export function covariance(matrix: CovarianceInput, options: CovarianceOptions): Covariance {
  const o = readOptions<CovarianceOptions>(options, "{ assets?, frequency?, periodsPerYear? }", [
    "assets",
    "frequency",
    "periodsPerYear",
  ]);
  const { periodsPerYear, frequency } = readFrequency("options", o);
  return readCovariance("covariance", matrix, { assets: o.assets, periodsPerYear, frequency });
}

/**
 * The engine's reading of any covariance input. A checked {@link Covariance} is returned as it is
 * (relabelled only when `label` is given); a labelled look-alike (one that crossed a worker boundary
 * or JSON) is checked and keeps its labels; a bare matrix is checked and labelled by `label` or by
 * position ("0", "1", …) with one period a year (figures per period).
 * @throws EngineError INVALID_INPUT naming `${field}[i][j]` and the rule.
 */
export function readCovariance(
  field: string,
  input: unknown,
  label?: { assets?: readonly string[] | undefined; periodsPerYear?: number; frequency?: Frequency },
): Covariance {
  if (isCovariance(input) && label === undefined) return input;
  // A labelled look-alike (a Covariance that crossed a worker boundary or JSON) keeps its labels and is checked.
  const lookAlike = isCovariance(input) || isLabelled(input) ? (input as Covariance) : undefined;
  const { n, data } = toSquareMatrix(
    field,
    lookAlike === undefined ? input : { size: lookAlike.size, values: lookAlike.values },
  );
  const given = label?.assets ?? lookAlike?.assets;
  const assets = given === undefined ? positionIds(n) : readAssetIds(`${field} assets`, given, n).assets;
  let scale = 0;
  for (let i = 0; i < n; i++) {
    const v = data[i * n + i]!;
    if (!(v > 0)) {
      throw new EngineError(
        "INVALID_INPUT",
        `${field}[${i}][${i}] (the variance of ${assets[i]}) must be > 0, got ${v}`,
        { field: `${field}[${i}][${i}]` },
      );
    }
    if (v > scale) scale = v;
  }
  for (let i = 0; i < n; i++) {
    if (!(data[i * n + i]! / scale >= MIN_VARIANCE_RATIO)) {
      throw new EngineError(
        "INVALID_INPUT",
        `${field}[${i}][${i}] (a variance) must be at least 1e-150 times the largest variance`,
        { field: `${field}[${i}][${i}]` },
      );
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = data[i * n + j]!;
      const b = data[j * n + i]!;
      if (Math.abs(a - b) > EPS * Math.sqrt(data[i * n + i]! * data[j * n + j]!)) {
        throw new EngineError(
          "INVALID_INPUT",
          `${field} must be symmetric: ${field}[${i}][${j}] = ${a} differs from ${field}[${j}][${i}] = ${b}`,
          {
            field: `${field}[${i}][${j}]`,
          },
        );
      }
      const m = a / 2 + b / 2;
      data[i * n + j] = m;
      data[j * n + i] = m;
    }
  }
  const { failedAt, definite } = choleskyCheck(data, n, scale);
  if (failedAt >= 0) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must be positive semi-definite (a covariance matrix); it fails at row ${failedAt} (${assets[failedAt]})`,
      { field },
    );
  }
  const sampling =
    label?.periodsPerYear !== undefined
      ? { periodsPerYear: label.periodsPerYear, frequency: label.frequency ?? frequencyOf(label.periodsPerYear) }
      : lookAlike !== undefined
        ? readFrequency(field, { periodsPerYear: lookAlike.periodsPerYear })
        : { periodsPerYear: 1, frequency: "custom" as const };
  const { periodsPerYear, frequency } = sampling;
  return makeCovariance(assets, data, periodsPerYear, frequency, definite);
}

function isLabelled(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as Covariance).assets) &&
    "values" in value &&
    "size" in value
  );
}

function positionIds(n: number): readonly string[] {
  return Object.freeze(Array.from({ length: n }, (_, i) => String(i)));
}

/**
 * Wraps values already checked (no copy, no check). Private to the engine: estimators end here.
 * `extra` fields (an estimator's shrinkage intensity, say) are set beside the labels.
 */
export function makeCovariance<E extends object = Record<never, never>>(
  assets: readonly string[],
  values: Float64Array,
  periodsPerYear: number,
  frequency: Frequency,
  definite: boolean,
  extra?: E,
): Covariance & E {
  const value = Object.freeze({
    ...extra,
    assets,
    size: assets.length,
    values,
    periodsPerYear,
    frequency,
    definite,
  }) as Covariance & E;
  checked.add(value);
  return value;
}
