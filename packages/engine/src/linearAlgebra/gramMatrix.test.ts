import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { gramMatrix } from "./gramMatrix.ts";
import { choleskyCheck } from "./choleskyCheck.ts";
import { instantiateGram, packColumns, preferWasmGram, runGram, wasmGramSums } from "./_internal/gramWasm.ts";
import { GRAM_TILE, gramKernelModule } from "./_internal/gramKernelWasm.ts";

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

  it("refuses an overflowing cross product with the JavaScript kernel too", () => {
    const previous = preferWasmGram(false);
    try {
      expect(() => gramMatrix(Float64Array.of(1, 1e200, 1, 1e200), 2, 2, 1)).toThrow(/overflows a float64/);
    } finally {
      preferWasmGram(previous);
    }
  });
});

/** gramMatrix with the WebAssembly kernel switched off: the JavaScript 3×3-block loop. */
function jsGram(X: Float64Array, T: number, N: number, c: number): Float64Array {
  const previous = preferWasmGram(false);
  try {
    return gramMatrix(X, T, N, c);
  } finally {
    preferWasmGram(previous);
  }
}

/** The outcome of a call: its entries, or the message it threw. */
function outcome(f: () => Float64Array): Float64Array | string {
  try {
    return f();
  } catch (error) {
    return (error as Error).message;
  }
}

/** Shapes around the 4-column tile and panel (1, 2, 3, 5, 7, 9 columns…), with values of any sign and magnitude, −0 and subnormals included. */
const wideArb = fc
  .record({ T: fc.integer({ min: 1, max: 40 }), N: fc.integer({ min: 1, max: 19 }) })
  .chain(({ T, N }) =>
    fc.record({
      T: fc.constant(T),
      N: fc.constant(N),
      values: fc.array(
        fc.oneof(
          fc.double({ min: -1, max: 1, noNaN: true }),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.constantFrom(0, -0, 5e-324, -5e-324, 1e154, -1e154),
        ),
        { minLength: T * N, maxLength: T * N },
      ),
    }),
  );

describe("gramMatrix's WebAssembly SIMD kernel", () => {
  it("validates and compiles here, in one module under the 4 KB that browsers compile synchronously", () => {
    const bytes = gramKernelModule(GRAM_TILE) as Uint8Array<ArrayBuffer>;
    expect(bytes.length).toBeLessThan(4096);
    expect(WebAssembly.validate(bytes)).toBe(true);
    expect(wasmGramSums(2, 1, packColumns(Float64Array.of(1, 2)))?.sums[0]).toBe(5);
  });

  it("gives the JavaScript kernel's bits for every shape and value (overflow refused alike)", () => {
    fc.assert(
      fc.property(wideArb, fc.double({ min: 1e-3, max: 1e3, noNaN: true }), ({ T, N, values }, c) => {
        const X = Float64Array.from(values);
        const copy = X.slice();
        const wasm = outcome(() => gramMatrix(X, T, N, c));
        const js = outcome(() => jsGram(X, T, N, c));
        expect(X).toEqual(copy);
        if (typeof js === "string") {
          expect(wasm).toBe(js);
          return;
        }
        expect(wasm).toBeInstanceOf(Float64Array);
        const W = wasm as Float64Array;
        for (let k = 0; k < N * N; k++) expect(Object.is(W[k], js[k])).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("continues each sum in t order across period chunks (the bits of one pass)", () => {
    const rt = instantiateGram(GRAM_TILE);
    expect(rt).not.toBeNull();
    fc.assert(
      fc.property(wideArb, fc.integer({ min: 1, max: 7 }), ({ T, N, values }, periods) => {
        const X = Float64Array.from(values);
        const whole = runGram(rt!, T, N, packColumns(X))!;
        const wholeSums = whole.sums.slice();
        const Np = whole.stride;
        // A chunk of `periods` periods per call: the sums stored after each and continued by the next.
        const chunked = runGram(rt!, T, N, packColumns(X), periods * Np * 8)!;
        for (let i = 0; i < N; i++) {
          for (let j = i; j < N; j++) expect(Object.is(chunked.sums[i * Np + j], wholeSums[i * Np + j])).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("gives the same sums with the other tiles the bench compares (2×8, 3×6, two periods a pass)", () => {
    const shipped = instantiateGram(GRAM_TILE)!;
    const others = [
      { rows: 2, cols: 8, panel: 8 },
      { rows: 3, cols: 6, panel: 6 },
      { rows: 4, cols: 4, panel: 4, unroll: 2 },
    ].map((tile) => instantiateGram(tile)!);
    fc.assert(
      fc.property(wideArb, ({ T, N, values }) => {
        const X = Float64Array.from(values);
        const a = runGram(shipped, T, N, packColumns(X))!;
        const reference = Array.from({ length: N * N }, (_, k) => a.sums[Math.floor(k / N) * a.stride + (k % N)]!);
        for (const rt of others) {
          const b = runGram(rt, T, N, packColumns(X))!;
          for (let i = 0; i < N; i++) {
            for (let j = i; j < N; j++) expect(Object.is(b.sums[i * b.stride + j], reference[i * N + j])).toBe(true);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it("reuses its memory, grown for a larger problem, and gives the same bits after growing", () => {
    const small = Float64Array.from({ length: 3 * 5 }, (_, k) => Math.sin(k + 1));
    const before = gramMatrix(small, 5, 3, 0.5);
    const big = Float64Array.from({ length: 64 * 600 }, (_, k) => Math.cos(k));
    expect(gramMatrix(big, 600, 64, 1)).toEqual(jsGram(big, 600, 64, 1));
    expect(gramMatrix(small, 5, 3, 0.5)).toEqual(before);
    expect(before).toEqual(jsGram(small, 5, 3, 0.5));
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
