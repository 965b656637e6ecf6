import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { choleskyCheck } from "./choleskyCheck.ts";
import { preferWasmCholesky } from "./_internal/choleskyCheckWasm.ts";
import { CHOLESKY_COLUMN_WASM, type CholeskyColumn } from "./_internal/choleskyColumnWasm.ts";
import { RETAINED_BYTES, instantiateKernel, kernelWithBytes } from "../_internal/wasm/instantiateKernel.ts";

/** choleskyCheck with the WebAssembly kernel switched off: the JavaScript loop. */
function jsCheck(a: Float64Array, n: number, scale: number): { failedAt: number; definite: boolean } {
  const previous = preferWasmCholesky(false);
  try {
    return choleskyCheck(a, n, scale);
  } finally {
    preferWasmCholesky(previous);
  }
}

/**
 * Symmetric n×n matrices near the validator's boundaries: G = BᵀB of k random columns (k < n:
 * singular, zero pivots at rounding level), plus `shift` on the diagonal (negative: not PSD) and
 * one off-diagonal pair pushed by `push`.
 */
const matrixArb = fc
  .record({
    n: fc.integer({ min: 1, max: 23 }),
    k: fc.integer({ min: 1, max: 25 }),
    shift: fc.oneof(fc.constant(0), fc.double({ min: -0.5, max: 0.5, noNaN: true }), fc.constantFrom(1e-12, -1e-12)),
    push: fc.oneof(fc.constant(0), fc.double({ min: -2, max: 2, noNaN: true })),
    seed: fc.integer(),
  })
  .map(({ n, k, shift, push, seed }) => {
    let state = seed >>> 0;
    const random = (): number => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32 - 0.5;
    };
    const B = Array.from({ length: k * n }, random);
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let p = 0; p < k; p++) s += B[p * n + i]! * B[p * n + j]!;
        a[i * n + j] = s;
      }
      a[i * n + i] = a[i * n + i]! + shift;
    }
    if (n > 1) {
      const i = Math.floor((random() + 0.5) * n) % n;
      const j = (i + 1) % n;
      a[i * n + j] = a[i * n + j]! + push;
      a[j * n + i] = a[i * n + j]!;
    }
    let scale = 0;
    for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(a[i * n + i]!));
    return { a, n, scale: scale > 0 ? scale : 1 };
  });

describe("choleskyCheck's WebAssembly SIMD column kernel", () => {
  it("gives the JavaScript loop's answer for definite, singular and indefinite matrices", () => {
    let failed = 0;
    let singular = 0;
    fc.assert(
      fc.property(matrixArb, ({ a, n, scale }) => {
        const js = jsCheck(a, n, scale);
        expect(choleskyCheck(a, n, scale)).toEqual(js);
        if (js.failedAt >= 0) failed++;
        else if (!js.definite) singular++;
      }),
      { numRuns: 400 },
    );
    // The arbitrary reaches every answer.
    expect(failed).toBeGreaterThan(0);
    expect(singular).toBeGreaterThan(0);
  });

  it("subtracts each row's products in p order, to the last bit of the scalar loop", () => {
    const kernel = instantiateKernel<CholeskyColumn>(CHOLESKY_COLUMN_WASM, "column");
    expect(kernel).not.toBeNull();
    expect(CHOLESKY_COLUMN_WASM.length).toBeLessThan(4096);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }).chain((half) =>
          fc.record({
            np: fc.constant(2 * half),
            k: fc.integer({ min: 0, max: 2 * half - 1 }),
            values: fc.array(fc.double({ min: -3, max: 3, noNaN: true }), {
              minLength: 4 * half * half + 2 * half,
              maxLength: 4 * half * half + 2 * half,
            }),
          }),
        ),
        ({ np, k, values }) => {
          const f64 = new Float64Array(kernel!.memory.buffer, 0, np * np + np);
          f64.set(values);
          const s = np * np;
          const before = Float64Array.from(f64);
          const i0 = k - (k & 1);
          kernel!.run(0, s * 8, np, k, i0);
          for (let i = i0; i < np; i++) {
            let expected = before[s + i]!;
            for (let p = 0; p < k; p++) expected -= before[p * np + i]! * before[p * np + k]!;
            expect(Object.is(f64[s + i], expected)).toBe(true);
          }
        },
      ),
    );
  });
});

describe("kernelWithBytes (the memory of the linear-algebra kernels)", () => {
  it("grows the kernel's own memory up to the retained size, and gives a larger problem a memory of its own", () => {
    const kernel = instantiateKernel<CholeskyColumn>(CHOLESKY_COLUMN_WASM, "column");
    expect(kernel).not.toBeNull();
    const k = kernel!;
    expect(k.memory.buffer.byteLength).toBe(65536);
    expect(kernelWithBytes(k, 200_000)).toBe(k);
    expect(k.memory.buffer.byteLength).toBe(4 * 65536);
    const large = kernelWithBytes(k, RETAINED_BYTES + 1);
    expect(large).toBeDefined();
    expect(large).not.toBe(k);
    expect(large!.memory.buffer.byteLength).toBeGreaterThan(RETAINED_BYTES);
    expect(k.memory.buffer.byteLength).toBe(4 * 65536); // the shared memory is not grown
    // The one-off instance runs: with Lᵀ's row 0 = [2, 3] and k = 1, s_i −= Lᵀ[0][i]·Lᵀ[0][1].
    const f64 = new Float64Array(large!.memory.buffer, 0, 6);
    f64.set([2, 3, 0, 0, 10, 10]);
    large!.run(0, 4 * 8, 2, 1, 0);
    expect([f64[4], f64[5]]).toEqual([4, 1]);
    expect(kernelWithBytes(k, 2 ** 31)).toBeUndefined();
  });
});
