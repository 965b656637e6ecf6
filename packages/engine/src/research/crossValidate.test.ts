import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assetReturns, isAssetReturns, type AssetReturns } from "../data/assetReturns.ts";
import { type EngineError, isEngineError } from "../errors/EngineError.ts";
import { sharpeRatio } from "../stats/sharpeRatio.ts";
import { combinatorialPurgedSplits } from "./combinatorialPurgedSplits.ts";
import { crossValidate, type CrossValidationContext } from "./crossValidate.ts";
import { purgedKFold } from "./purgedKFold.ts";
import { matrixArb } from "./_test/helpers.ts";

const equalWeights = (w: AssetReturns) => new Float64Array(w.assets.length).fill(1 / w.assets.length);
const DAY = 86400;

/** `Σ_i w_i r_{t,i}` for every period of a row-major matrix. */
function constantMix(returns: Float64Array, columns: number, w: ArrayLike<number>): Float64Array {
  const periods = returns.length / columns;
  return Float64Array.from({ length: periods }, (_, t) => {
    let s = 0;
    for (let i = 0; i < columns; i++) s += w[i]! * returns[t * columns + i]!;
    return s;
  });
}

async function rejection(promise: Promise<unknown>): Promise<EngineError> {
  try {
    await promise;
  } catch (e) {
    if (isEngineError(e)) return e;
    throw e;
  }
  throw new Error("expected a rejection");
}

describe("crossValidate", () => {
  it("its doc example holds", async () => {
    const data = assetReturns(
      [
        [0.01, 0.02],
        [0.03, -0.01],
        [-0.02, 0.01],
        [0.02, 0.0],
      ],
      { assets: ["A", "B"], frequency: "monthly" },
    );
    const cv = await crossValidate(data, () => ({ A: 0.5, B: 0.5 }), purgedKFold(4, { folds: 2 }));
    expect(Array.from(cv.paths[0]!.returns, (r) => +r.toFixed(10))).toEqual([0.015, 0.01, -0.005, 0.01]);
  });

  it("with fixed weights, the K-fold path is the constant-mix portfolio over all T periods, and its Sharpe ratio is sharpeRatio's", async () => {
    await fc.assert(
      fc.asyncProperty(
        matrixArb(8, 60, 1, 5),
        fc.integer({ min: 2, max: 4 }),
        async ({ returns, periods, columns }, folds) => {
          const data = assetReturns(returns, {
            assets: Array.from({ length: columns }, (_, i) => `A${i}`),
            frequency: "weekly",
          });
          const result = await crossValidate(data, equalWeights, purgedKFold(periods, { folds }), {
            riskFreeRate: 0.01,
          });
          const whole = constantMix(returns, columns, new Float64Array(columns).fill(1 / columns));
          expect(Array.from(result.paths[0]!.returns)).toEqual(Array.from(whole));
          expect(result.paths[0]!.sharpe).toBe(sharpeRatio(whole, { periodsPerYear: 52, riskFreeRate: 0.01 }));
          result.splits.forEach((s) =>
            expect(s.sharpe).toBe(sharpeRatio(s.returns, { periodsPerYear: 52, riskFreeRate: 0.01 })),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it("shows the estimator only its train rows, in time order, labelled, once per split in split order", async () => {
    await fc.assert(
      fc.asyncProperty(matrixArb(12, 48, 1, 4), async ({ returns, periods, columns }) => {
        const dates = Array.from({ length: periods }, (_, t) => 1704067200 + 7 * DAY * t);
        const data = assetReturns(returns, {
          assets: Array.from({ length: columns }, (_, i) => `A${i}`),
          frequency: "weekly",
          dates,
        });
        const splits = combinatorialPurgedSplits(periods, { groups: 6, testGroups: 2, purge: 1, embargo: 1 });
        const seen: number[] = [];
        await crossValidate(
          data,
          (window, context: CrossValidationContext) => {
            seen.push(context.split);
            const split = splits.splits[context.split]!;
            expect(isAssetReturns(window)).toBe(true);
            expect([window.assets, window.periodsPerYear, window.periods]).toEqual([
              data.assets,
              52,
              split.train.length,
            ]);
            expect(Array.from(context.train)).toEqual(Array.from(split.train));
            expect(Array.from(context.test)).toEqual(Array.from(split.test));
            const rows = Array.from(split.train).flatMap((t) =>
              Array.from(returns.subarray(t * columns, t * columns + columns)),
            );
            expect(Array.from(window.returns)).toEqual(rows);
            expect(window.dates).toEqual(Array.from(split.train, (t) => dates[t]));
            return equalWeights(window);
          },
          splits,
        );
        expect(seen).toEqual(splits.splits.map((_, s) => s));
      }),
      { numRuns: 25 },
    );
  });

  it("assembles each CPCV path from the test returns of the splits it names", async () => {
    await fc.assert(
      fc.asyncProperty(matrixArb(20, 60, 2, 4), async ({ returns, periods, columns }) => {
        const splits = combinatorialPurgedSplits(periods, { groups: 5, testGroups: 2 });
        // Weights that differ by split, so a path that took the wrong split's returns would show it.
        const weightsOf = (s: number) =>
          Float64Array.from({ length: columns }, (_, i) => (i === s % columns ? 0.7 : 0.3 / (columns - 1)));
        const result = await crossValidate({ returns, periods }, (_w, { split }) => weightsOf(split), splits);
        expect(result.paths.length).toBe(4);
        expect(result.sharpeRatios.paths.length).toBe(4);
        for (const path of result.paths) {
          for (let g = 0; g < 5; g++) {
            const s = path.splits[g]!;
            const mix = constantMix(returns, columns, weightsOf(s));
            for (let t = splits.groups[g]!; t < splits.groups[g + 1]!; t++) expect(path.returns[t]).toBe(mix[t]);
          }
          expect(path.sharpe).toBe(sharpeRatio(path.returns, { periodsPerYear: 1 }));
        }
      }),
      { numRuns: 25 },
    );
  });

  it("reads labelled weights by id in any order, a Map, { id, weight }[] and a number array the same as a Float64Array", async () => {
    const data = assetReturns(
      Array.from({ length: 24 }, (_, k) => 0.01 * Math.sin(k * 1.3)),
      { assets: ["X", "Y", "Z"], frequency: "monthly" },
    );
    const splits = purgedKFold(8, { folds: 2 });
    const reference = await crossValidate(data, () => Float64Array.of(0.2, 0.5, 0.3), splits);
    for (const estimator of [
      () => ({ Z: 0.3, X: 0.2, Y: 0.5 }),
      () =>
        new Map([
          ["Y", 0.5],
          ["Z", 0.3],
          ["X", 0.2],
        ]),
      () => [
        { id: "Z", weight: 0.3 },
        { id: "X", weight: 0.2 },
        { id: "Y", weight: 0.5 },
      ],
      () => ({
        weights: [
          { id: "X", weight: 0.2 },
          { id: "Y", weight: 0.5 },
          { id: "Z", weight: 0.3 },
        ],
      }),
      () => [0.2, 0.5, 0.3],
      async () => Float64Array.of(0.2, 0.5, 0.3),
    ]) {
      const result = await crossValidate(data, estimator, splits);
      expect(result.paths[0]!.returns).toEqual(reference.paths[0]!.returns);
      expect(Array.from(result.splits[1]!.weights)).toEqual([0.2, 0.5, 0.3]);
    }
  });

  it("annualises with the data's periods a year: a bare matrix is per period", async () => {
    const values = Array.from({ length: 40 }, (_, k) => 0.01 * Math.sin(k * 0.7) + 0.002);
    const splits = purgedKFold(20, { folds: 4 });
    const bare = await crossValidate({ returns: values, periods: 20 }, equalWeights, splits);
    const monthly = await crossValidate(
      assetReturns(values, { assets: ["A", "B"], frequency: "monthly" }),
      equalWeights,
      splits,
    );
    expect([bare.periodsPerYear, bare.frequency, bare.assets]).toEqual([1, "custom", ["0", "1"]]);
    expect(monthly.paths[0]!.sharpe).toBeCloseTo(bare.paths[0]!.sharpe * Math.sqrt(12), 12);
  });

  it("splits without groups and paths give split outcomes and no path", async () => {
    const splits = { periods: 6, splits: [{ train: [0, 1, 2], test: [4, 5] }] } as never;
    const result = await crossValidate(
      { returns: [0.01, 0.02, -0.01, 0.0, 0.03, 0.01], periods: 6 },
      () => [1],
      splits,
    );
    expect([result.method, result.paths.length, Array.from(result.splits[0]!.returns)]).toEqual([
      "custom",
      0,
      [0.03, 0.01],
    ]);
  });

  it("refuses splits of other periods, bad weights and bad options, naming them; passes the estimator's own errors through", async () => {
    const data = { returns: Array.from({ length: 20 }, (_, k) => 0.001 * k), periods: 10 };
    const splits = purgedKFold(10, { folds: 2 });
    expect((await rejection(crossValidate(data, equalWeights, purgedKFold(12, { folds: 2 })))).field).toBe(
      "splits.periods",
    );
    expect((await rejection(crossValidate(data, () => [1, 2, 3], splits))).message).toMatch(
      /estimator \(weights of split 0\) must hold one weight per asset \(2\), got 3/,
    );
    expect((await rejection(crossValidate(data, () => ({ "1": 0.5, "2": 0.5 }), splits))).message).toMatch(
      /names asset "2"/,
    );
    expect((await rejection(crossValidate(data, equalWeights, splits, { riskFreeRate: -2 }))).field).toBe(
      "options.riskFreeRate",
    );
    expect((await rejection(crossValidate(data, equalWeights, splits, { riskFreRate: 0 } as never))).message).toMatch(
      /did you mean riskFreeRate/,
    );
    const own = new Error("the estimator's own failure");
    await expect(
      crossValidate(
        data,
        () => {
          throw own;
        },
        splits,
      ),
    ).rejects.toBe(own);
  });
});
