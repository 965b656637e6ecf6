import { expect } from "vitest";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { closeTo, closeToTolerance } from "../../testing/closeTo.ts";
import type { CovarianceMatrix } from "../types.ts";
import { choleskyInPlace } from "../../linearAlgebra/choleskyInPlace.ts";

/** One case of oracle_riskModels.json (see oracle_riskModels.py for how each field is computed). */
export interface OracleCase {
  name: string;
  periods: number;
  assets: number;
  returns: number[];
  [estimate: string]: unknown;
}

export const oracle: { cases: OracleCase[] } = JSON.parse(
  readFileSync(new URL("./oracle_riskModels.json", import.meta.url), "utf8"),
);

/** Asserts every entry is within rel·max(|a|,|e|) + abs of the oracle's. */
export function expectAllClose(actual: ArrayLike<number>, expected: ArrayLike<number>, rel = 1e-10, abs = 1e-15): void {
  expect(actual.length).toBe(expected.length);
  for (let k = 0; k < expected.length; k++) {
    if (!closeTo(actual[k]!, expected[k]!, rel, abs)) {
      expect.fail(
        `entry ${k}: expected ${actual[k]} to be within ${closeToTolerance(actual[k]!, expected[k]!, rel, abs)} of ${expected[k]}`,
      );
    }
  }
}

/**
 * Asserts `C` is exactly symmetric, finite, and positive semidefinite: a Cholesky factorisation of
 * C + 1e-12·(max diagonal)·I succeeds (a negative eigenvalue below that shift makes it fail).
 */
export function expectSymmetricPsd(C: CovarianceMatrix): void {
  const { size: n, values } = C;
  expect(values.length).toBe(n * n);
  let maxDiag = 0;
  for (let i = 0; i < n; i++) {
    maxDiag = Math.max(maxDiag, values[i * n + i]!);
    for (let j = 0; j < n; j++) {
      expect(Number.isFinite(values[i * n + j]!)).toBe(true);
      expect(values[i * n + j]).toBe(values[j * n + i]);
    }
  }
  const shift = 1e-12 * maxDiag + 1e-300;
  const shifted = Float64Array.from(values);
  for (let i = 0; i < n; i++) shifted[i * n + i]! += shift;
  if (!choleskyInPlace(shifted, n))
    expect.fail("not positive semidefinite: a Cholesky pivot of C + 1e-12·(max diagonal)·I is not > 0");
}

/** A T×N return matrix (T in [2, 40], N in [1, 8]) of daily-sized returns, some assets possibly constant. */
export const returnMatrixArb = fc
  .record({ periods: fc.integer({ min: 2, max: 40 }), assets: fc.integer({ min: 1, max: 8 }) })
  .chain(({ periods, assets }) =>
    fc.record({
      periods: fc.constant(periods),
      assets: fc.constant(assets),
      returns: fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), {
        minLength: periods * assets,
        maxLength: periods * assets,
      }),
    }),
  );

/**
 * The same, every asset's returns ranging over more than `minRange`: a covariance estimate then has
 * every variance > 0, the rule of docs/maths.md#covariance-rules (a constant asset is refused,
 * naming it).
 */
export const returnMatrixVaryingBy = (minRange: number) =>
  returnMatrixArb.filter(({ returns, periods, assets }) => {
    for (let i = 0; i < assets; i++) {
      let min = Infinity;
      let max = -Infinity;
      for (let t = 0; t < periods; t++) {
        min = Math.min(min, returns[t * assets + i]!);
        max = Math.max(max, returns[t * assets + i]!);
      }
      if (!(max - min > minRange)) return false;
    }
    return true;
  });

/** Every asset varying (range > 1e-70: variances down to about 1e-142, within 1e-150 of the largest). */
export const varyingReturnMatrixArb = returnMatrixVaryingBy(1e-70);
