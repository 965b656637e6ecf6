import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { readCovariance } from "../data/covariance.ts";
import { cholesky, choleskySolve, matVec, scaledByLargestVariance, toSquareMatrix } from "./symmetricMatrix.ts";

describe("toSquareMatrix / scaledByLargestVariance (covariances read by the one validator, readCovariance)", () => {
  it("reads rows, flat row-major values and { size, values } alike", () => {
    const rows = [[4, 1], [1, 9]];
    const expected = [4, 1, 1, 9];
    expect(Array.from(toSquareMatrix("m", rows).data)).toEqual(expected);
    expect(Array.from(toSquareMatrix("m", Float64Array.from(expected)).data)).toEqual(expected);
    expect(Array.from(toSquareMatrix("m", expected).data)).toEqual(expected);
    expect(Array.from(toSquareMatrix("m", { size: 2, values: Float64Array.from(expected) }).data)).toEqual(expected);
    const cov = scaledByLargestVariance(readCovariance("m", { size: 2, values: expected }).values, 2);
    expect([cov.n, cov.scale, ...cov.data]).toEqual([2, 9, 4 / 9, 1 / 9, 1 / 9, 1]);
  });

  it("accepts a singular PSD matrix (rank 1) and rejects an indefinite one, naming the field", () => {
    expect(readCovariance("c", [[1, 1], [1, 1]]).size).toBe(2);
    const bad: Array<[unknown, string]> = [
      [[[1, 1.1], [1.1, 1]], "c"],
      [{ size: 2, values: [1, 0, 0] }, "c.values"],
      [{ size: 0, values: [] }, "c.size"],
      [[[1, 0], [0, 1e-200]], "c[1][1]"],
    ];
    for (const [value, field] of bad) {
      try {
        readCovariance("c", value);
        expect.fail(`expected an EngineError naming ${field}`);
      } catch (e) {
        expect(isEngineError(e, "INVALID_INPUT") && e.field === field, String(e)).toBe(true);
      }
    }
  });

  it("cholesky + choleskySolve solve A·x = b for SPD A (residual <= 1e-10)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }).chain((n) => fc.tuple(
        fc.constant(n),
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: n * n, maxLength: n * n }),
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
      )), ([n, g, b]) => {
        // A = GᵀG + I is SPD.
        const A = new Float64Array(n * n);
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
          let s = i === j ? 1 : 0;
          for (let k = 0; k < n; k++) s += g[k * n + i]! * g[k * n + j]!;
          A[i * n + j] = s;
        }
        const L = cholesky(A, n)!;
        const x = choleskySolve(L, n, b);
        const Ax = matVec(A, n, x);
        for (let i = 0; i < n; i++) expect(Math.abs(Ax[i]! - b[i]!)).toBeLessThan(1e-10);
      }),
      { numRuns: 100 },
    );
  });
});
