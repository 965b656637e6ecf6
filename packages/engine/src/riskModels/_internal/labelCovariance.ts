import { EngineError } from "../../errors/EngineError.ts";
import { makeCovariance, type Covariance } from "../../data/covariance.ts";
import { choleskyCheck } from "../../linearAlgebra/choleskyCheck.ts";
import type { LabelledReturnMatrix } from "./readReturns.ts";

/**
 * Labels an estimate with the ids and sampling of the returns it came from, after the rules of
 * docs/maths.md#covariance-rules: an asset whose estimated variance is 0 (constant returns) or
 * below 1e-150 of the largest is refused naming it (no method can use it), and `definite` is the
 * one validator's Cholesky test (choleskyCheck, without the copy and symmetry pass an estimate does not need; false too when rounding between variances of very
 * different magnitudes makes a pivot fall below its tolerance). `extra` fields (the shrinkage) are set beside.
 * Cost: O(N³/3) (the validator's Cholesky).
 * @throws EngineError INVALID_INPUT naming `returns` and the asset.
 */
export function labelCovariance<E extends object>(
  m: LabelledReturnMatrix,
  values: Float64Array,
  extra?: E,
): Covariance & E {
  const n = m.assets;
  let largest = 0;
  for (let i = 0; i < n; i++) largest = Math.max(largest, values[i * n + i]!);
  for (let i = 0; i < n; i++) {
    const v = values[i * n + i]!;
    if (!(v > 0) || !(v / largest >= 1e-150)) {
      const why = v > 0 ? `is below 1e-150 of the largest (${largest})` : "is 0 (its returns are constant)";
      throw new EngineError(
        "INVALID_INPUT",
        `returns of asset ${m.ids[i]} (column ${i}) give no usable covariance: its estimated variance ${why}; every method needs each variance > 0, so drop the asset`,
        { field: "returns", details: { asset: m.ids[i], column: i, variance: v } },
      );
    }
  }
  // The estimate is exactly symmetric and finite, and a Gram matrix (or a convex combination of
  // one with a PSD target), so only the validator's Cholesky remains to say whether it is definite.
  // A pivot the validator finds below its tolerance is rounding between variances of very different
  // magnitudes (1e-85 next to 1e-2, say), so such an estimate is kept, marked singular.
  const { failedAt, definite } = choleskyCheck(values, n, largest);
  return makeCovariance(m.ids, values, m.periodsPerYear, m.frequency, failedAt < 0 && definite, extra);
}
