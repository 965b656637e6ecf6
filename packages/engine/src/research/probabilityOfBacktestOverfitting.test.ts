import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assetReturns } from "../data/assetReturns.ts";
import { isEngineError } from "../errors/EngineError.ts";
import { sharpeRatio } from "../stats/sharpeRatio.ts";
import { closeTo } from "../testing/closeTo.ts";
import { seededRandom } from "../testing/seededRandom.ts";
import { probabilityOfBacktestOverfitting } from "./probabilityOfBacktestOverfitting.ts";
import { binomial, combinations } from "./_internal/combinations.ts";
import { matrixArb } from "./_test/helpers.ts";

/** T×M normal-ish returns (sum of uniforms), trial j shifted by edge(j). */
function trials(periods: number, m: number, seed: number, edge: (j: number) => number = () => 0): Float64Array {
  const random = seededRandom(seed);
  return Float64Array.from(
    { length: periods * m },
    (_, k) => 0.01 * (random() + random() + random() - 1.5) + edge(k % m),
  );
}

/** Column j of a row-major T×M matrix, over the given rows. */
const column = (values: Float64Array, m: number, j: number, rows: number[]) =>
  Float64Array.from(rows, (t) => values[t * m + j]!);

const withPartitions = matrixArb(8, 48, 2, 6).chain((x) =>
  fc.tuple(
    fc.constant(x),
    fc.integer({ min: 1, max: Math.min(4, Math.floor(x.periods / 4)) }).map((h) => 2 * h),
  ),
);

describe("probabilityOfBacktestOverfitting", () => {
  it("its doc example holds", () => {
    const perf = { returns: [0.02, -0.01, 0.03, -0.02, -0.01, 0.02, -0.02, 0.04], periods: 4 };
    expect(probabilityOfBacktestOverfitting(perf, { partitions: 2 }).pbo).toBe(1);
  });

  it("PBO lies in [0, 1]; λ = logit(ω̄), ω̄ = OOS rank / (M + 1); n* is the in-sample argmax; C(S, S/2) combinations", () => {
    fc.assert(
      fc.property(withPartitions, ([{ returns, periods, columns }, s]) => {
        const r = probabilityOfBacktestOverfitting({ returns, periods }, { partitions: s });
        expect(r.pbo).toBeGreaterThanOrEqual(0);
        expect(r.pbo).toBeLessThanOrEqual(1);
        expect(r.combinations).toBe(binomial(s, s / 2));
        let overfit = 0;
        for (let c = 0; c < r.combinations; c++) {
          expect(r.relativeRanks[c]).toBe(r.outOfSampleRanks[c]! / (columns + 1));
          expect(r.logits[c]).toBeCloseTo(Math.log(r.relativeRanks[c]! / (1 - r.relativeRanks[c]!)), 12);
          expect(r.outOfSampleRanks[c]).toBeGreaterThanOrEqual(1);
          expect(r.outOfSampleRanks[c]).toBeLessThanOrEqual(columns);
          if (r.logits[c]! <= 0) overfit++;
        }
        expect(r.pbo).toBe(overfit / r.combinations);
      }),
      { numRuns: 80 },
    );
  });

  it("the selected trial's in- and out-of-sample Sharpe ratios are sharpeRatio's on the blocks' rows (oldest T mod S rows dropped)", () => {
    fc.assert(
      fc.property(
        withPartitions,
        fc.double({ min: -0.05, max: 0.1, noNaN: true }),
        ([{ returns, periods, columns }, s], rf) => {
          const data = assetReturns(returns, {
            assets: Array.from({ length: columns }, (_, i) => `S${i}`),
            frequency: "daily",
          });
          const r = probabilityOfBacktestOverfitting(data, { partitions: s, riskFreeRate: rf });
          const L = Math.floor(periods / s);
          expect([r.blockPeriods, r.droppedPeriods, r.trials]).toEqual([L, periods - s * L, data.assets]);
          const rowsOf = (blocks: number[]) =>
            blocks.flatMap((b) => Array.from({ length: L }, (_, i) => r.droppedPeriods + b * L + i));
          combinations(s, s / 2).forEach((inSample, c) => {
            const outOfSample = Array.from({ length: s }, (_, b) => b).filter((b) => !inSample.includes(b));
            const n = r.selected[c]!;
            const is = Array.from({ length: columns }, (_, j) =>
              sharpeRatio(column(returns, columns, j, rowsOf(Array.from(inSample))), {
                periodsPerYear: 252,
                riskFreeRate: rf,
              }),
            );
            const oos = sharpeRatio(column(returns, columns, n, rowsOf(outOfSample)), {
              periodsPerYear: 252,
              riskFreeRate: rf,
            });
            // mean/sd is computed to about ε·|per-period SR| relative: the tolerance grows with absurd Sharpe ratios of near-constant series.
            const rel = (x: number) => 1e-12 * Math.max(1, Math.abs(x) / Math.sqrt(252));
            expect(
              closeTo(r.inSampleSharpe[c]!, is[n]!, rel(is[n]!)),
              `combination ${c}: ${r.inSampleSharpe[c]} vs ${is[n]}`,
            ).toBe(true);
            expect(closeTo(Math.max(...is), is[n]!, rel(is[n]!))).toBe(true);
            expect(
              closeTo(r.outOfSampleSharpe[c]!, oos, rel(oos)),
              `combination ${c}: ${r.outOfSampleSharpe[c]} vs ${oos}`,
            ).toBe(true);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it("M identical trials: every λ is 0 (the winner is exactly the out-of-sample median) and PBO is 1", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 16, max: 60 }),
        fc.integer({ min: 2, max: 8 }),
        fc.integer(),
        (periods, m, seed) => {
          const one = trials(periods, 1, seed);
          const same = Float64Array.from({ length: periods * m }, (_, k) => one[Math.floor(k / m)]!);
          const r = probabilityOfBacktestOverfitting({ returns: same, periods }, { partitions: 8 });
          expect(Array.from(r.logits).every((l) => l === 0)).toBe(true);
          expect(Array.from(r.selected).every((n) => n === 0)).toBe(true);
          expect(Array.from(r.outOfSampleRanks).every((x) => x === (m + 1) / 2)).toBe(true);
          expect(r.pbo).toBe(1);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("a trial that dominates in every block is selected every time and ranks first out of sample: PBO 0", () => {
    const m = 6;
    const values = trials(240, m, 7, (j) => (j === 3 ? 0.02 : 0));
    const r = probabilityOfBacktestOverfitting({ returns: values, periods: 240 }, { partitions: 8 });
    expect(Array.from(new Set(r.selected))).toEqual([3]);
    expect(Array.from(new Set(r.outOfSampleRanks))).toEqual([m]);
    expect([r.pbo, r.probabilityOfLoss]).toEqual([0, 0]);
  });

  it("trials of pure noise overfit about half the time", () => {
    const r = probabilityOfBacktestOverfitting({ returns: trials(1600, 50, 11), periods: 1600 }, { partitions: 16 });
    expect(r.combinations).toBe(12870);
    expect(r.pbo).toBeGreaterThan(0.3);
    expect(r.pbo).toBeLessThan(0.7);
  });

  it("does not depend on the order of the trials nor on their scale", () => {
    const noise = fc.record({
      periods: fc.integer({ min: 8, max: 48 }),
      columns: fc.integer({ min: 2, max: 6 }),
      seed: fc.integer(),
      half: fc.integer({ min: 1, max: 4 }),
    });
    fc.assert(
      fc.property(noise, fc.integer({ min: -20, max: 20 }), ({ periods, columns, seed, half }, power) => {
        const s = 2 * Math.min(half, Math.floor(periods / 4));
        // Continuous noise (no two trials tie) on a 1e-6 grid, scaled by a power of two: every product is exact.
        const returns = Float64Array.from(trials(periods, columns, seed), (x) => Math.round(x * 1e6) / 1e6);
        const base = probabilityOfBacktestOverfitting({ returns, periods }, { partitions: s });
        const reversed = Float64Array.from(
          returns,
          (_, k) => returns[Math.floor(k / columns) * columns + (columns - 1 - (k % columns))]!,
        );
        const scaled = Float64Array.from(returns, (x) => x * 2 ** power);
        const back = probabilityOfBacktestOverfitting({ returns: reversed, periods }, { partitions: s });
        expect(back.logits).toEqual(base.logits);
        expect(Array.from(back.selected, (n) => columns - 1 - n)).toEqual(Array.from(base.selected));
        const z = probabilityOfBacktestOverfitting({ returns: scaled, periods }, { partitions: s });
        expect([z.pbo, Array.from(z.selected), z.logits]).toEqual([base.pbo, Array.from(base.selected), base.logits]);
      }),
      { numRuns: 60 },
    );
  });

  it("refuses an odd S, too many partitions for T, one trial, and unknown options, naming them", () => {
    const fieldOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        if (isEngineError(e)) return e.field;
      }
      return undefined;
    };
    const perf = { returns: trials(40, 3, 1), periods: 40 };
    expect(fieldOf(() => probabilityOfBacktestOverfitting(perf, { partitions: 5 }))).toBe("options.partitions");
    expect(fieldOf(() => probabilityOfBacktestOverfitting(perf, { partitions: 22 }))).toBe("options.partitions");
    expect(fieldOf(() => probabilityOfBacktestOverfitting({ returns: trials(20, 3, 1), periods: 20 }))).toBe(
      "options.partitions",
    );
    expect(fieldOf(() => probabilityOfBacktestOverfitting({ returns: trials(40, 1, 1), periods: 40 }))).toBe(
      "performance.returns",
    );
    expect(() => probabilityOfBacktestOverfitting(perf, { partition: 4 } as never)).toThrow(/did you mean partitions/);
  });
});
