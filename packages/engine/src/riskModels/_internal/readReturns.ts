import { isAssetReturns, type AssetReturns } from "../../data/assetReturns.ts";
import { PERIODS_PER_YEAR, readFrequency, type Frequency } from "../../data/Frequency.ts";
import { readAssetIds } from "../../data/assetIds.ts";
import type { ReturnMatrix } from "../types.ts";
import { validateReturnMatrix, type CheckedReturnMatrix } from "./validateReturnMatrix.ts";

/** A checked return matrix with the labels every estimate carries. */
export interface LabelledReturnMatrix extends CheckedReturnMatrix {
  /** N ids, the column order. */
  ids: readonly string[];
  periodsPerYear: number;
  frequency: Frequency;
  /** True when the input had no ids (labelled "0", "1", … with one period a year). */
  bare: boolean;
}

/**
 * Reads the input of an estimator (docs/maths.md#labelled-data): an {@link AssetReturns} keeps its
 * ids and sampling; a `ReturnScenarios` (from scenariosFromPrices) is labelled by its `assetIds`,
 * daily; a bare {@link ReturnMatrix} is labelled by position ("0", "1", …) with one period a year,
 * so its estimates are per period as before. Checks as {@link validateReturnMatrix}.
 * @throws EngineError INVALID_INPUT naming the field.
 */
export function readReturns(matrix: AssetReturns | ReturnMatrix, minPeriods = 2): LabelledReturnMatrix {
  const m = validateReturnMatrix(matrix, minPeriods);
  const input = matrix as Partial<AssetReturns> & { assetIds?: unknown };
  if (isAssetReturns(matrix))
    return {
      ...m,
      ids: matrix.assets,
      periodsPerYear: matrix.periodsPerYear,
      frequency: matrix.frequency,
      bare: false,
    };
  if (Array.isArray(input.assets)) {
    // A labelled look-alike (an AssetReturns that crossed a worker boundary or JSON): its labels are checked.
    const { assets } = readAssetIds("returns.assets", input.assets, m.assets);
    const { periodsPerYear, frequency } = readFrequency("returns", { periodsPerYear: input.periodsPerYear });
    return { ...m, ids: assets, periodsPerYear, frequency, bare: false };
  }
  if (input.assetIds !== undefined) {
    const { assets } = readAssetIds("returns.assetIds", input.assetIds, m.assets);
    return { ...m, ids: assets, periodsPerYear: PERIODS_PER_YEAR.daily, frequency: "daily", bare: false };
  }
  return {
    ...m,
    ids: Object.freeze(Array.from({ length: m.assets }, (_, i) => String(i))),
    periodsPerYear: 1,
    frequency: "custom",
    bare: true,
  };
}
