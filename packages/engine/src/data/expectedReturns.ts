import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { readFrequency, type Frequency, type FrequencyInput } from "./Frequency.ts";
import { readAssetIds } from "./assetIds.ts";

/**
 * Expected returns of named assets, per period at `frequency` (an estimator's output, or a
 * Black–Litterman posterior). `annual(i) = values[i]·periodsPerYear` (docs/maths.md#frequency-and-annual-units).
 */
export interface ExpectedReturns {
  readonly assets: readonly string[];
  /** One finite per-period return per asset. Do not mutate. */
  readonly values: Float64Array;
  readonly periodsPerYear: number;
  readonly frequency: Frequency;
}

/** Options of {@link expectedReturns}. */
export interface ExpectedReturnsOptions extends FrequencyInput {
  /** Whether `values` are annual rates (default true: the units a person types) or per period. */
  annual?: boolean;
}

const checked = new WeakSet<object>();

/** True when `value` was made by an engine builder or estimator. */
export function isExpectedReturns(value: unknown): value is ExpectedReturns {
  return typeof value === "object" && value !== null && checked.has(value);
}

/**
 * Labels expected returns given by id. Values are annual unless `annual: false`; they are stored per
 * period (`annual / periodsPerYear`), the units of the covariance they go with.
 *
 * @param values `{ id: return }` or a Map, in the order the assets should take.
 * @throws EngineError INVALID_INPUT naming `values.<id>` and the rule.
 * @example
 * const mu = expectedReturns({ A: 0.08, B: 0.12 }, { frequency: "monthly" });
 * [mu.assets, mu.values[1]] // => [["A", "B"], 0.01]
 */
export function expectedReturns(
  values: Readonly<Record<string, number>> | ReadonlyMap<string, number>,
  options: ExpectedReturnsOptions,
): ExpectedReturns {
  const o = readOptions<ExpectedReturnsOptions>(options, "{ frequency?, periodsPerYear?, annual? }", [
    "frequency",
    "periodsPerYear",
    "annual",
  ]);
  const { periodsPerYear, frequency } = readFrequency("options", o);
  if (o.annual !== undefined && typeof o.annual !== "boolean") {
    throw new EngineError("INVALID_INPUT", "options.annual must be true or false", { field: "options.annual" });
  }
  if (values === null || typeof values !== "object")
    throw new EngineError("INVALID_INPUT", "values must be { id: return } or a Map", { field: "values" });
  const entries = values instanceof Map ? [...values.entries()] : Object.entries(values);
  const { assets } = readAssetIds(
    "values (ids)",
    entries.map(([id]) => id),
  );
  if (assets.length === 0)
    throw new EngineError("INVALID_INPUT", "values must name at least one asset", { field: "values" });
  const divisor = o.annual === false ? 1 : periodsPerYear;
  const out = new Float64Array(assets.length);
  entries.forEach(([id, v], i) => {
    if (typeof v !== "number" || !Number.isFinite(v))
      throw new EngineError("INVALID_INPUT", `values.${id} must be a finite number, got ${String(v)}`, {
        field: `values.${id}`,
      });
    out[i] = v / divisor;
  });
  return makeExpectedReturns(assets, out, periodsPerYear, frequency);
}

/** Wraps values already checked (no copy). Private to the engine: estimators end here. */
export function makeExpectedReturns(
  assets: readonly string[],
  values: Float64Array,
  periodsPerYear: number,
  frequency: Frequency,
): ExpectedReturns {
  const value: ExpectedReturns = Object.freeze({ assets, values, periodsPerYear, frequency });
  checked.add(value);
  return value;
}
