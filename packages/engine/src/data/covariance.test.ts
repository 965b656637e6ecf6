import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { covarianceArb, sampleCovarianceOf } from "../riskBased/_test/randomCovariance.ts";
import { covariance, isCovariance, readCovariance } from "./covariance.ts";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `X${i}`);

describe("covariance (the one validator)", () => {
  it("labels a full-rank sample covariance, definite, exactly symmetric, values unchanged", () => {
    fc.assert(
      fc.property(covarianceArb(8), (rows) => {
        const c = covariance(rows, { assets: ids(rows.length), frequency: "daily" });
        expect(isCovariance(c)).toBe(true);
        expect(c.definite).toBe(true);
        expect(c.periodsPerYear).toBe(252);
        const n = rows.length;
        for (let i = 0; i < n; i++)
          for (let j = 0; j < n; j++) {
            expect(c.values[i * n + j]).toBe(c.values[j * n + i]);
            expect(c.values[i * n + j]).toBe(rows[i]![j]! / 2 + rows[j]![i]! / 2);
          }
      }),
      { seed: 29, numRuns: 50 },
    );
  });

  it("accepts a semi-definite matrix (T <= N, or a duplicated asset) and says it is not definite", () => {
    const short = sampleCovarianceOf(7, 6, 4); // 4 periods, 6 assets: rank 3
    expect(covariance(short, { assets: ids(6), frequency: "daily" }).definite).toBe(false);
    const base = sampleCovarianceOf(3, 3, 40);
    const dup = [0, 1, 2, 0].map((i) => [0, 1, 2, 0].map((j) => base[i]![j]!)); // asset 0 twice
    expect(covariance(dup, { assets: ids(4), frequency: "daily" }).definite).toBe(false);
  });

  it("refuses an indefinite matrix naming the row and its asset", () => {
    const bad = [
      [1, 2],
      [2, 1],
    ];
    expect(() => covariance(bad, { assets: ["A", "B"], frequency: "annual" })).toThrow(
      /positive semi-definite.*row 1 \(B\)/,
    );
  });

  it("a labelled look-alike (structured clone) is checked and keeps its labels", () => {
    const c = covariance(
      [
        [0.04, 0.01],
        [0.01, 0.09],
      ],
      { assets: ["A", "B"], frequency: "monthly" },
    );
    const clone = structuredClone(c);
    expect(isCovariance(clone)).toBe(false);
    const read = readCovariance("covariance", clone);
    expect([read.assets, read.periodsPerYear, read.frequency]).toEqual([["A", "B"], 12, "monthly"]);
    expect(readCovariance("covariance", c)).toBe(c);
  });

  it("a bare matrix is labelled by position, per period", () => {
    const c = readCovariance("covariance", [
      [0.04, 0],
      [0, 0.09],
    ]);
    expect([c.assets, c.periodsPerYear, c.frequency]).toEqual([["0", "1"], 1, "custom"]);
  });

  it("refuses ids of the wrong count, repeated ids, and a contradicting sampling", () => {
    const m = [
      [0.04, 0],
      [0, 0.09],
    ];
    const codeOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return isEngineError(e) ? e.code : "other";
      }
      return "none";
    };
    expect(codeOf(() => covariance(m, { assets: ["A"], frequency: "daily" }))).toBe("INVALID_INPUT");
    expect(codeOf(() => covariance(m, { assets: ["A", "A"], frequency: "daily" }))).toBe("INVALID_INPUT");
    expect(codeOf(() => covariance(m, { assets: ["A", "B"], frequency: "daily", periodsPerYear: 12 }))).toBe(
      "INVALID_INPUT",
    );
  });
});
