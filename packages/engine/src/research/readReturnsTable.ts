import { EngineError } from "../errors/EngineError.ts";
import { assertInteger, toFiniteFloat64 } from "../_internal/validate.ts";
import { isAssetReturns, readDates } from "../data/assetReturns.ts";
import { readFrequency, type Frequency } from "../data/Frequency.ts";
import { readAssetIds } from "../data/assetIds.ts";
import type { ResearchReturns } from "./types.ts";

/** A checked {@link ResearchReturns}: T×N row-major values with their ids and sampling. */
export interface CheckedReturnsTable {
  readonly assets: readonly string[];
  readonly returns: Float64Array;
  /** T */
  readonly periods: number;
  /** N */
  readonly columns: number;
  readonly periodsPerYear: number;
  readonly frequency: Frequency;
  readonly dates: readonly number[] | undefined;
}

/**
 * Reads an {@link AssetReturns} as it is (checked when built), or checks a bare or look-alike
 * matrix: `periods` an integer >= `minPeriods`, T·N finite values (N >= `minColumns`), each > −1
 * when `simple`, `assets` N unique ids, the sampling when given (else one period a year), `dates`.
 * @throws EngineError INVALID_INPUT naming `${field}.periods`, `${field}.returns[k]`, … .
 */
export function readReturnsTable(
  field: string,
  input: unknown,
  rules: { minPeriods: number; minColumns: number; simple: boolean },
): CheckedReturnsTable {
  if (input === null || typeof input !== "object") {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must be AssetReturns or a matrix { returns, periods }, got ${input === null ? "null" : typeof input}`,
      { field },
    );
  }
  const table = input as Partial<Exclude<ResearchReturns, never>> & { frequency?: unknown; periodsPerYear?: unknown };
  const trusted = isAssetReturns(input);
  assertInteger(`${field}.periods`, table.periods, { min: rules.minPeriods });
  const periods = table.periods;
  const returns = trusted
    ? (input.returns as Float64Array)
    : toFiniteFloat64(`${field}.returns`, table.returns, periods);
  const columns = returns.length / periods;
  if (!Number.isInteger(columns) || columns < rules.minColumns) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field}.returns must hold periods × columns values with at least ${rules.minColumns} column${rules.minColumns === 1 ? "" : "s"}: ${returns.length} values over ${periods} periods`,
      { field: `${field}.returns` },
    );
  }
  if (trusted) {
    return {
      assets: input.assets,
      returns,
      periods,
      columns,
      periodsPerYear: input.periodsPerYear,
      frequency: input.frequency,
      dates: input.dates,
    };
  }
  if (rules.simple) {
    for (let k = 0; k < returns.length; k++) {
      if (!(returns[k]! > -1)) {
        throw new EngineError(
          "INVALID_INPUT",
          `${field}.returns[${k}] (period ${Math.floor(k / columns)}) must be a simple return > -1, got ${returns[k]}`,
          { field: `${field}.returns[${k}]` },
        );
      }
    }
  }
  const assets =
    table.assets === undefined
      ? Object.freeze(Array.from({ length: columns }, (_, i) => String(i)))
      : readAssetIds(`${field}.assets`, table.assets, columns).assets;
  const sampling =
    table.periodsPerYear === undefined && table.frequency === undefined
      ? { periodsPerYear: 1, frequency: "custom" as const }
      : readFrequency(field, {
          periodsPerYear: table.periodsPerYear as number | undefined,
          frequency: table.frequency as Exclude<Frequency, "custom"> | undefined,
        });
  const dates = table.dates === undefined ? undefined : readDates(`${field}.dates`, table.dates, periods);
  return {
    assets,
    returns,
    periods,
    columns,
    periodsPerYear: sampling.periodsPerYear,
    frequency: sampling.frequency,
    dates,
  };
}
