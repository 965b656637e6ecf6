import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { centredGramMatrix } from "./centredGramMatrix.ts";
import { deviationsColumnMajor } from "./deviationsColumnMajor.ts";
import { gramMatrix } from "./gramMatrix.ts";
import { preferWasmGram } from "./_internal/gramWasm.ts";

/** A row-major T×N matrix (N around the 4-column panels and 8-column strips), its column means, and per-period scales. */
const rowsArb = fc
  .record({ T: fc.integer({ min: 1, max: 30 }), N: fc.integer({ min: 1, max: 21 }) })
  .chain(({ T, N }) =>
    fc.record({
      T: fc.constant(T),
      N: fc.constant(N),
      R: fc.array(fc.double({ min: -0.5, max: 0.5, noNaN: true }), { minLength: T * N, maxLength: T * N }),
      mean: fc.array(fc.double({ min: -0.1, max: 0.1, noNaN: true }), { minLength: N, maxLength: N }),
      scale: fc.option(fc.array(fc.double({ min: 0, max: 2, noNaN: true }), { minLength: T, maxLength: T }), {
        nil: undefined,
      }),
    }),
  );

/** The JavaScript kernels only (the WebAssembly kernel switched off for the call). */
function withoutWasm<R>(f: () => R): R {
  const previous = preferWasmGram(false);
  try {
    return f();
  } finally {
    preferWasmGram(previous);
  }
}

describe("deviationsColumnMajor", () => {
  it("stores (R[t·N + i] − mean_i)·scale_t at X[i·T + t] for every shape (full strips of eight and the rest)", () => {
    fc.assert(
      fc.property(rowsArb, ({ T, N, R, mean, scale }) => {
        const X = deviationsColumnMajor(
          Float64Array.from(R),
          T,
          N,
          Float64Array.from(mean),
          scale && Float64Array.from(scale),
        );
        for (let i = 0; i < N; i++) {
          for (let t = 0; t < T; t++) {
            const d = R[t * N + i]! - mean[i]!;
            expect(Object.is(X[i * T + t], scale === undefined ? d : d * scale[t]!)).toBe(true);
          }
        }
      }),
    );
  });
});

describe("centredGramMatrix", () => {
  it("is gramMatrix of the stored deviations to the last bit, with the WebAssembly kernel and without", () => {
    fc.assert(
      fc.property(rowsArb, fc.double({ min: 1e-3, max: 10, noNaN: true }), ({ T, N, R, mean, scale }, c) => {
        const r = Float64Array.from(R);
        const m = Float64Array.from(mean);
        const s = scale && Float64Array.from(scale);
        const reference = withoutWasm(() => gramMatrix(deviationsColumnMajor(r, T, N, m, s), T, N, c));
        const wasm = centredGramMatrix(r, T, N, m, c, s);
        const js = withoutWasm(() => centredGramMatrix(r, T, N, m, c, s));
        for (let k = 0; k < N * N; k++) {
          expect(Object.is(wasm[k], reference[k])).toBe(true);
          expect(Object.is(js[k], reference[k])).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("refuses an overflowing entry naming the field, with either kernel", () => {
    const R = Float64Array.of(1e200, 0, -1e200, 0);
    const mean = Float64Array.of(0, 0);
    for (const run of [
      () => centredGramMatrix(R, 2, 2, mean, 1, undefined, "views"),
      () => withoutWasm(() => centredGramMatrix(R, 2, 2, mean, 1, undefined, "views")),
    ]) {
      expect(run).toThrow(/^views is out of range: the covariance overflows a float64/);
    }
  });
});
