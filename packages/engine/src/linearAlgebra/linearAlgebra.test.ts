import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cholesky } from "./cholesky.ts";
import { choleskyInPlace } from "./choleskyInPlace.ts";
import { choleskySolve } from "./choleskySolve.ts";
import { choleskySolveInPlace } from "./choleskySolveInPlace.ts";
import { matVec } from "./matVec.ts";
import { solveLowerInPlace } from "./solveLowerInPlace.ts";
import { solveUpperTransposedInPlace } from "./solveUpperTransposedInPlace.ts";

/** A = GᵀG + I (symmetric positive definite) and a right-hand side, n in [1, 8]. */
const spdSystem = fc
  .integer({ min: 1, max: 8 })
  .chain((n) =>
    fc.tuple(
      fc.constant(n),
      fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: n * n, maxLength: n * n }),
      fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
    ),
  );

function gram(n: number, g: readonly number[]): Float64Array {
  const A = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      let s = i === j ? 1 : 0;
      for (let k = 0; k < n; k++) s += g[k * n + i]! * g[k * n + j]!;
      A[i * n + j] = s;
    }
  }
  return A;
}

describe("the engine's dense linear algebra", () => {
  it("cholesky: L is lower triangular with a positive diagonal and L·Lᵀ = A (within 1e-12 relative)", () => {
    fc.assert(
      fc.property(spdSystem, ([n, g]) => {
        const A = gram(n, g);
        const before = Float64Array.from(A);
        const L = cholesky(A, n)!;
        expect(A).toEqual(before); // not mutated
        for (let i = 0; i < n; i++) {
          expect(L[i * n + i]).toBeGreaterThan(0);
          for (let j = i + 1; j < n; j++) expect(L[i * n + j]).toBe(0);
          for (let j = 0; j <= i; j++) {
            let s = 0;
            for (let k = 0; k <= j; k++) s += L[i * n + k]! * L[j * n + k]!;
            expect(Math.abs(s - A[i * n + j]!)).toBeLessThanOrEqual(1e-12 * Math.sqrt(A[i * n + i]! * A[j * n + j]!));
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it("cholesky and choleskyInPlace give the same factor, bit for bit, and the in-place form keeps the strict upper triangle", () => {
    fc.assert(
      fc.property(spdSystem, ([n, g]) => {
        const A = gram(n, g);
        const L = cholesky(A, n)!;
        const inPlace = Float64Array.from(A);
        expect(choleskyInPlace(inPlace, n)).toBe(true);
        for (let i = 0; i < n; i++) {
          for (let j = 0; j < n; j++) expect(inPlace[i * n + j]).toBe(j <= i ? L[i * n + j] : A[i * n + j]);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("refuses a matrix that is not positive definite (a pivot <= 0, or NaN)", () => {
    expect(cholesky([1, 2, 2, 1], 2)).toBeUndefined(); // eigenvalues 3 and −1
    expect(cholesky([1, 1, 1, 1], 2)).toBeUndefined(); // singular: the second pivot is 0
    expect(cholesky([0], 1)).toBeUndefined();
    expect(cholesky([Number.NaN], 1)).toBeUndefined();
    expect(choleskyInPlace(Float64Array.of(-4), 1)).toBe(false);
  });

  it("choleskySolve and choleskySolveInPlace solve A·x = b (residual <= 1e-10); the copy leaves b alone", () => {
    fc.assert(
      fc.property(spdSystem, ([n, g, b]) => {
        const A = gram(n, g);
        const L = cholesky(A, n)!;
        const rhs = Float64Array.from(b);
        const x = choleskySolve(L, n, rhs);
        expect(rhs).toEqual(Float64Array.from(b));
        const Ax = matVec(A, n, x);
        for (let i = 0; i < n; i++) expect(Math.abs(Ax[i]! - b[i]!)).toBeLessThan(1e-10);
        expect(choleskySolveInPlace(L, n, rhs)).toEqual(x);
      }),
      { numRuns: 100 },
    );
  });

  it("the triangular solves invert L and Lᵀ: L·(solveLower b) = b and Lᵀ·(solveUpperTransposed b) = b", () => {
    fc.assert(
      fc.property(spdSystem, ([n, g, b]) => {
        const L = cholesky(gram(n, g), n)!;
        const y = solveLowerInPlace(L, n, Float64Array.from(b));
        const z = solveUpperTransposedInPlace(L, n, Float64Array.from(b));
        for (let i = 0; i < n; i++) {
          let ly = 0;
          let ltz = 0;
          for (let k = 0; k < n; k++) {
            ly += L[i * n + k]! * y[k]!;
            ltz += L[k * n + i]! * z[k]!;
          }
          expect(Math.abs(ly - b[i]!)).toBeLessThan(1e-10);
          expect(Math.abs(ltz - b[i]!)).toBeLessThan(1e-10);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("matVec multiplies a row-major matrix by a vector", () => {
    expect(Array.from(matVec(Float64Array.of(1, 2, 3, 4), 2, [5, 6]))).toEqual([17, 39]);
  });
});
