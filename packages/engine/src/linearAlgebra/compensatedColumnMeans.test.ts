import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compensatedColumnMeans, preferWasmColumnMeans } from "./compensatedColumnMeans.ts";
import { COLUMN_SUMS_WASM } from "./_internal/columnSumsWasm.ts";

/** The JavaScript loop only. */
function jsMeans(R: Float64Array, T: number, N: number, w: Float64Array | number, d: number): Float64Array {
  const previous = preferWasmColumnMeans(false);
  try {
    return compensatedColumnMeans(R, T, N, w, d);
  } finally {
    preferWasmColumnMeans(previous);
  }
}

/** Matrices of 1 … 21 columns (odd, even, around the eight-column blocks) whose values mix magnitudes, so that both branches of the compensation are taken. */
const matrixArb = fc
  .record({ T: fc.integer({ min: 1, max: 40 }), N: fc.integer({ min: 1, max: 21 }) })
  .chain(({ T, N }) =>
    fc.record({
      T: fc.constant(T),
      N: fc.constant(N),
      R: fc.array(
        fc.oneof(
          fc.double({ min: -1, max: 1, noNaN: true }),
          fc.double({ min: -1e16, max: 1e16, noNaN: true }),
          fc.constantFrom(0, -0, 1, -1, 1e-300, 5e-324),
        ),
        { minLength: T * N, maxLength: T * N },
      ),
      weight: fc.oneof(
        fc.constantFrom(1, 1 / T),
        fc.array(fc.oneof(fc.double({ min: 0, max: 2, noNaN: true }), fc.constant(1)), {
          minLength: T,
          maxLength: T,
        }),
      ),
      divisor: fc.constantFrom(1, T, 3),
    }),
  );

describe("compensatedColumnMeans", () => {
  it("gives the JavaScript loop's bits with the WebAssembly kernel, for any shape, weights and values", () => {
    expect(WebAssembly.validate(COLUMN_SUMS_WASM as Uint8Array<ArrayBuffer>)).toBe(true);
    expect(COLUMN_SUMS_WASM.length).toBeLessThan(4096);
    fc.assert(
      fc.property(matrixArb, ({ T, N, R, weight, divisor }) => {
        const r = Float64Array.from(R);
        const w = typeof weight === "number" ? weight : Float64Array.from(weight);
        const wasm = compensatedColumnMeans(r, T, N, w, divisor);
        const js = jsMeans(r, T, N, w, divisor);
        for (let i = 0; i < N; i++) expect(Object.is(wasm[i], js[i])).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("compensates: the mean of 1e16, 1, −1e16, 1 (weights 1) is 0.5, where a plain sum gives 1 (a mean of 0.25)", () => {
    const R = Float64Array.of(1e16, 1, -1e16, 1);
    expect(compensatedColumnMeans(R, 4, 1, 1, 4)[0]).toBe(0.5);
    expect(jsMeans(R, 4, 1, 1, 4)[0]).toBe(0.5);
    expect(1e16 + 1 - 1e16 + 1).toBe(1);
  });
});
