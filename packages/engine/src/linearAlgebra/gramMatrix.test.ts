import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { gramMatrix } from "./gramMatrix.ts";
import { choleskyCheck } from "./choleskyCheck.ts";

/** Σ_t X[i·T + t]·X[j·T + t]·c, one product at a time. */
function plainGram(X: Float64Array, T: number, N: number, c: number): Float64Array {
  const C = new Float64Array(N * N);
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < N; j++) {
      let s = 0;
      for (let t = 0; t < T; t++) s += X[i * T + t]! * X[j * T + t]!;
      C[i * N + j] = s * c;
    }
  }
  return C;
}

const columnsArb = fc
  .record({ T: fc.integer({ min: 1, max: 12 }), N: fc.integer({ min: 1, max: 11 }) })
  .chain(({ T, N }) =>
    fc.record({
      T: fc.constant(T),
      N: fc.constant(N),
      values: fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: T * N, maxLength: T * N }),
    }),
  );

describe("gramMatrix", () => {
  it("equals the one-product-at-a-time sums for every size (blocks at the edge included), exactly symmetric", () => {
    fc.assert(
      fc.property(columnsArb, fc.double({ min: 0.01, max: 10, noNaN: true }), ({ T, N, values }, c) => {
        const X = Float64Array.from(values);
        const C = gramMatrix(X, T, N, c);
        const P = plainGram(X, T, N, c);
        for (let i = 0; i < N; i++) {
          for (let j = 0; j < N; j++) {
            expect(C[i * N + j]).toBe(C[j * N + i]);
            // Same products in the same t order: equal to the last bit above the diagonal.
            if (i <= j) expect(C[i * N + j]).toBe(P[i * N + j]! + 0);
          }
        }
      }),
    );
  });

  it("refuses an overflowing cross product", () => {
    expect(() => gramMatrix(Float64Array.of(1e200, 1e200), 2, 1, 1)).toThrow(/overflows a float64/);
  });
});

describe("choleskyCheck (four rows at a time)", () => {
  it("says definite for a Gram matrix of independent columns and names the first dependent row otherwise", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 0, max: 12 }), (N, k) => {
        // Columns e_i, each with 0.5 in the last period: the identity plus a rank-one term, definite.
        const T = N + 2;
        const X = new Float64Array(N * T);
        for (let i = 0; i < N; i++) {
          X[i * T + i] = 1;
          X[i * T + T - 1] = 0.5;
        }
        const C = gramMatrix(X, T, N, 1);
        expect(choleskyCheck(C, N, 1.25)).toEqual({ failedAt: -1, definite: true });
        if (N < 2) return;
        // Column d copies column 0: singular, semi-definite, not refused.
        const d = 1 + (k % (N - 1));
        for (let t = 0; t < T; t++) X[d * T + t] = X[t]!;
        expect(choleskyCheck(gramMatrix(X, T, N, 1), N, 1.25)).toEqual({ failedAt: -1, definite: false });
        // Not PSD: the identity with 1.5 at (0, d) and (d, 0), whose pivot at row d is 1 − 1.5².
        const bad = new Float64Array(N * N);
        for (let i = 0; i < N; i++) bad[i * N + i] = 1;
        bad[d] = bad[d * N] = 1.5;
        expect(choleskyCheck(bad, N, 1).failedAt).toBe(d);
      }),
    );
  });
});
