import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ledoitWolfCovariance } from "./ledoitWolfCovariance.ts";
import { deviationsColumnMajor } from "../linearAlgebra/deviationsColumnMajor.ts";
import { preferWasmKernels } from "../linearAlgebra/preferWasmKernels.ts";
import { centredColumns } from "./_internal/centredColumns.ts";
import { singleFactorColumnByColumn } from "./_test/singleFactorColumnByColumn.ts";
import {
  expectAllClose,
  expectSymmetricPsd,
  oracle,
  returnMatrixVaryingBy,
  varyingReturnMatrixArb,
} from "./_test/helpers.ts";

type Shrunk = { shrinkage: number; values: number[] };

/** The stored column-major deviations, S, and π = Σ_t ‖x_t‖⁴ / T − ‖S‖²_F with ‖x_t‖² summed column by column. */
function columnByColumnPi(
  returns: Float64Array,
  T: number,
  N: number,
): { X: Float64Array; S: Float64Array; pi: number } {
  const { mean, S } = centredColumns({ returns, periods: T, assets: N });
  const X = deviationsColumnMajor(returns, T, N, mean);
  const squares = new Float64Array(T);
  for (let i = 0; i < N; i++) for (let t = 0; t < T; t++) squares[t] = squares[t]! + X[i * T + t]! ** 2;
  let fourth = 0;
  for (let t = 0; t < T; t++) fourth += squares[t]! * squares[t]!;
  let frobenius = 0;
  for (let k = 0; k < N * N; k++) frobenius += S[k]! ** 2;
  return { X, S, pi: Math.max(0, fourth / T - frobenius) };
}

/**
 * The identity and constant-correlation intensities summed column by column from stored
 * column-major deviations (‖x_t‖² over the assets, z_t, then Σ_t x⁴ and Σ_t x³z per asset), in the
 * order the estimator's one pass over the rows must reproduce exactly.
 */
function columnByColumnIntensity(
  returns: Float64Array,
  T: number,
  N: number,
  target: "identity" | "constant-correlation",
): number {
  const { X, S, pi } = columnByColumnPi(returns, T, N);
  if (target === "identity") {
    let trace = 0;
    for (let i = 0; i < N; i++) trace += S[i * N + i]!;
    const mu = trace / N;
    let d2 = 0;
    for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) d2 += (S[i * N + j]! - (i === j ? mu : 0)) ** 2;
    return d2 > 0 ? Math.min(pi / T, d2) / d2 : 0;
  }
  const sd = Array.from({ length: N }, (_, i) => Math.sqrt(S[i * N + i]!));
  let rSum = 0;
  let pairs = 0;
  for (let i = 0; i < N; i++) {
    for (let j = i + 1; j < N; j++) {
      if (sd[i]! > 0 && sd[j]! > 0) {
        rSum += S[i * N + j]! / (sd[i]! * sd[j]!);
        pairs++;
      }
    }
  }
  const rBar = pairs > 0 ? rSum / pairs : 0;
  let gamma = 0;
  for (let i = 0; i < N; i++)
    for (let j = 0; j < N; j++) if (j !== i) gamma += (rBar * sd[i]! * sd[j]! - S[i * N + j]!) ** 2;
  const z = new Float64Array(T);
  for (let i = 0; i < N; i++) if (sd[i] !== 0) for (let t = 0; t < T; t++) z[t] = z[t]! + sd[i]! * X[i * T + t]!;
  let rho = 0;
  for (let i = 0; i < N; i++) {
    let x4 = 0;
    let x3z = 0;
    for (let t = 0; t < T; t++) {
      const x = X[i * T + t]!;
      const cube = x * x * x;
      x4 += cube * x;
      x3z += cube * z[t]!;
    }
    const sii = S[i * N + i]!;
    rho += x4 / T - sii ** 2;
    if (sd[i] === 0) continue;
    let sSd = 0;
    for (let j = 0; j < N; j++) if (j !== i) sSd += S[i * N + j]! * sd[j]!;
    rho += (rBar / sd[i]!) * ((x3z - sd[i]! * x4) / T - sii * sSd);
  }
  return gamma > 0 ? Math.min(1, Math.max(0, (pi - rho) / gamma / T)) : 0;
}

describe("ledoitWolfCovariance", () => {
  it("sums its intensities over the rows to the bits of the column-by-column sums (every target), and the WebAssembly kernels change no bit of any target", () => {
    fc.assert(
      fc.property(varyingReturnMatrixArb, ({ returns, periods }) => {
        const R = Float64Array.from(returns);
        const N = R.length / periods;
        for (const target of ["identity", "constant-correlation"] as const) {
          expect(
            Object.is(
              ledoitWolfCovariance({ returns: R, periods }, { target }).shrinkage,
              columnByColumnIntensity(R, periods, N, target) + 0,
            ),
          ).toBe(true);
        }
        const { X, S, pi } = columnByColumnPi(R, periods, N);
        let oracleSf: unknown;
        let sf: unknown;
        try {
          oracleSf = singleFactorColumnByColumn(X, S, periods, N, pi).delta + 0;
        } catch (error) {
          oracleSf = (error as Error).message;
        }
        try {
          sf = ledoitWolfCovariance({ returns: R, periods }, { target: "single-factor" }).shrinkage;
        } catch (error) {
          sf = (error as Error).message;
        }
        expect(sf).toStrictEqual(oracleSf);
        for (const target of ["identity", "constant-correlation", "single-factor"] as const) {
          let wasm: unknown;
          let js: unknown;
          try {
            wasm = ledoitWolfCovariance({ returns: R, periods }, { target });
          } catch (error) {
            wasm = (error as Error).message;
          }
          const previous = preferWasmKernels(false);
          try {
            js = ledoitWolfCovariance({ returns: R, periods }, { target });
          } catch (error) {
            js = (error as Error).message;
          } finally {
            preferWasmKernels(previous);
          }
          expect(wasm).toStrictEqual(js);
        }
      }),
    );
  });

  it("matches the term-by-term numpy transcription of both papers on the oracle cases", () => {
    for (const c of oracle.cases) {
      const m = { returns: c.returns, periods: c.periods };
      const cc = c.ledoitWolfConstantCorrelation as Shrunk;
      const lw = ledoitWolfCovariance(m);
      expect(lw.shrinkage).toBeCloseTo(cc.shrinkage, 12);
      expectAllClose(lw.values, cc.values, 1e-10, 1e-17);
      const id = c.ledoitWolfIdentity as Shrunk;
      const li = ledoitWolfCovariance(m, { target: "identity" });
      expect(li.shrinkage).toBeCloseTo(id.shrinkage, 12);
      expectAllClose(li.values, id.values, 1e-10, 1e-17);
    }
  });

  it("single-factor target: matches the term-by-term numpy transcription of Ledoit & Wolf (2003) to 1e-12, shrinking strictly inside (0, 1) on every oracle case", () => {
    for (const c of oracle.cases) {
      const sf = c.ledoitWolfSingleFactor as Shrunk;
      const r = ledoitWolfCovariance({ returns: c.returns, periods: c.periods }, { target: "single-factor" });
      expect(Math.abs(r.shrinkage - sf.shrinkage)).toBeLessThanOrEqual(1e-12 * sf.shrinkage);
      expect(sf.shrinkage).toBeGreaterThan(0.1);
      expect(sf.shrinkage).toBeLessThan(0.9);
      expectAllClose(r.values, sf.values, 1e-12, 1e-18);
    }
  });

  it("single-factor target: intensity in [0, 1], estimate symmetric PSD with the 1/T variances kept", () => {
    fc.assert(
      fc.property(varyingReturnMatrixArb, ({ returns, periods, assets }) => {
        let r: ReturnType<typeof ledoitWolfCovariance>;
        try {
          r = ledoitWolfCovariance({ returns: Object.freeze([...returns]), periods }, { target: "single-factor" });
        } catch (e) {
          // Only a market that does not vary is refused (e.g. one asset the negative of another).
          expect(String(e)).toMatch(/equally weighted market of the assets does not vary/);
          return;
        }
        expect(r.shrinkage).toBeGreaterThanOrEqual(0);
        expect(r.shrinkage).toBeLessThanOrEqual(1);
        expectSymmetricPsd(r);
        const variance = (i: number) => {
          let mean = 0;
          for (let t = 0; t < periods; t++) mean += returns[t * assets + i]! / periods;
          let v = 0;
          for (let t = 0; t < periods; t++) v += (returns[t * assets + i]! - mean) ** 2 / periods;
          return v;
        };
        for (let i = 0; i < assets; i++)
          expect(Math.abs(r.values[i * assets + i]! - variance(i))).toBeLessThanOrEqual(1e-12 * variance(i));
      }),
    );
  });

  it("single-factor target: permuting the assets permutes the estimate (assets ranging over more than 1e-3, so that π − ρ is not rounding noise)", () => {
    fc.assert(
      fc.property(
        returnMatrixVaryingBy(1e-3),
        fc.integer({ min: 0, max: 1_000_000 }),
        ({ returns, periods, assets }, seed) => {
          // The equally weighted market must vary (its variance above 1e-9 of the average variance over N).
          const market = Array.from(
            { length: periods },
            (_, t) => returns.slice(t * assets, (t + 1) * assets).reduce((x, y) => x + y, 0) / assets,
          );
          const variance = (xs: readonly number[]) => {
            const mean = xs.reduce((x, y) => x + y, 0) / xs.length;
            return xs.reduce((v, x) => v + (x - mean) ** 2, 0) / xs.length;
          };
          let average = 0;
          for (let i = 0; i < assets; i++)
            average += variance(Array.from({ length: periods }, (_, t) => returns[t * assets + i]!)) / assets;
          fc.pre(variance(market) > (1e-9 * average) / assets);
          const r = ledoitWolfCovariance({ returns, periods }, { target: "single-factor" });
          // A permutation of the columns (a rotation by seed): the same intensity, the estimate permuted.
          const shift = seed % assets;
          const order = Array.from({ length: assets }, (_, k) => (k + shift) % assets);
          const permuted = new Float64Array(periods * assets);
          for (let t = 0; t < periods; t++)
            for (let k = 0; k < assets; k++) permuted[t * assets + k] = returns[t * assets + order[k]!]!;
          const p = ledoitWolfCovariance({ returns: permuted, periods }, { target: "single-factor" });
          expect(Math.abs(p.shrinkage - r.shrinkage)).toBeLessThanOrEqual(1e-9);
          for (let a = 0; a < assets; a++) {
            for (let b = 0; b < assets; b++) {
              const want = r.values[order[a]! * assets + order[b]!]!;
              const scale = Math.sqrt(r.values[order[a]! * (assets + 1)]! * r.values[order[b]! * (assets + 1)]!);
              expect(Math.abs(p.values[a * assets + b]! - want)).toBeLessThanOrEqual(1e-9 * scale);
            }
          }
        },
      ),
    );
  });

  it("single-factor target: refuses returns whose equally weighted market does not vary, naming the target", () => {
    const returns = [0.01, -0.01, -0.02, 0.02, 0.03, -0.03, 0, 0];
    expect(() => ledoitWolfCovariance({ returns, periods: 4 }, { target: "single-factor" })).toThrowError(
      /single-factor target no factor/,
    );
    try {
      ledoitWolfCovariance({ returns, periods: 4 }, { target: "single-factor" });
    } catch (e) {
      expect(e).toMatchObject({ code: "INVALID_INPUT", field: "target" });
    }
  });

  it("the tall oracle case shrinks strictly inside (0, 1) (so the clip is not all that is tested)", () => {
    const tall = oracle.cases.find((c) => c.name === "tall")!;
    const s = ledoitWolfCovariance({ returns: tall.returns, periods: tall.periods }).shrinkage;
    expect(s).toBeGreaterThan(0.1);
    expect(s).toBeLessThan(0.9);
  });

  it("intensity in [0, 1], estimate symmetric PSD, variances kept by the constant-correlation target, trace kept by the identity target", () => {
    fc.assert(
      fc.property(
        varyingReturnMatrixArb,
        fc.constantFrom("constant-correlation" as const, "identity" as const),
        ({ returns, periods, assets }, target) => {
          const r = ledoitWolfCovariance({ returns: Object.freeze([...returns]), periods }, { target });
          expect(r.shrinkage).toBeGreaterThanOrEqual(0);
          expect(r.shrinkage).toBeLessThanOrEqual(1);
          expectSymmetricPsd(r);
          // Both targets keep the trace of S (1/T): the constant-correlation one keeps each variance.
          const S = ledoitWolfCovariance({ returns, periods }, { target }).values;
          let trace = 0;
          let sTrace = 0;
          for (let i = 0; i < assets; i++) {
            let mean = 0;
            for (let t = 0; t < periods; t++) mean += returns[t * assets + i]! / periods;
            let v = 0;
            for (let t = 0; t < periods; t++) v += (returns[t * assets + i]! - mean) ** 2 / periods;
            sTrace += v;
            trace += S[i * assets + i]!;
            if (target === "constant-correlation")
              expect(Math.abs(S[i * assets + i]! - v)).toBeLessThanOrEqual(1e-12 * (v + 1e-8));
          }
          expect(Math.abs(trace - sTrace)).toBeLessThanOrEqual(1e-10 * (sTrace + 1e-8));
        },
      ),
    );
  });

  it("rejects an unknown target naming it", () => {
    expect(() =>
      ledoitWolfCovariance({ returns: [0.1, 0.2], periods: 2 }, { target: "diagonal" as never }),
    ).toThrowError(/target must be "constant-correlation", "identity" or "single-factor", got diagonal/);
  });
});
