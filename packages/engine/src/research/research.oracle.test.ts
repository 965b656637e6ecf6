// The research area against oracle_research.py: numpy/scipy transcriptions of the papers' definitions
// (López de Prado 2018 ch. 7 and 12; Bailey, Borwein, López de Prado & Zhu 2017; Bailey & López de Prado 2014).
import { describe, expect, it } from "vitest";
import { assetReturns } from "../data/assetReturns.ts";
import { sampleVariance } from "../stats/sampleVariance.ts";
import { combinatorialPurgedSplits } from "./combinatorialPurgedSplits.ts";
import { crossValidate } from "./crossValidate.ts";
import { deflatedSharpeOfTrials } from "./deflatedSharpeOfTrials.ts";
import { probabilityOfBacktestOverfitting } from "./probabilityOfBacktestOverfitting.ts";
import { purgedKFold } from "./purgedKFold.ts";
import { expectAllClose, FREQUENCY_OF, oracle } from "./_test/helpers.ts";
import type { CrossValidationSplits } from "./types.ts";

/** The oracle's labelled (periods a year > 1) or bare table. */
function tableOf(c: { returns: number[]; periods: number; periodsPerYear: number }, columns: number) {
  const frequency = FREQUENCY_OF[c.periodsPerYear];
  if (frequency === undefined) return { returns: c.returns, periods: c.periods };
  return assetReturns(c.returns, { assets: Array.from({ length: columns }, (_, i) => `T${i}`), frequency });
}

describe("split generators match the oracle index sets exactly", () => {
  it.each(oracle.splits.map((c) => [`${c.kind} T=${c.periods} h=${c.purge} e=${c.embargo}`, c] as const))(
    "%s",
    (_name, c) => {
      const cv: CrossValidationSplits =
        c.kind === "kfold"
          ? purgedKFold(c.periods, { folds: c.folds, purge: c.purge, embargo: c.embargo })
          : combinatorialPurgedSplits(c.periods, {
              groups: c.groups,
              testGroups: c.testGroups,
              purge: c.purge,
              embargo: c.embargo,
            });
      expect(Array.from(cv.groups)).toEqual(c.expected.groups);
      expect(
        cv.splits.map((s) => ({
          train: Array.from(s.train),
          test: Array.from(s.test),
          testGroups: Array.from(s.testGroups),
        })),
      ).toEqual(c.expected.splits);
      expect(cv.paths.map((p) => Array.from(p))).toEqual(c.expected.paths);
    },
  );
});

describe("crossValidate matches the oracle to 1e-9", () => {
  // The oracle's estimator: inverse-variance weights (sample variance) of the training window.
  const inverseVariance = (window: { returns: Float64Array; periods: number; assets: readonly string[] }) => {
    const n = window.assets.length;
    const iv = Array.from(
      { length: n },
      (_, i) => 1 / sampleVariance(Array.from({ length: window.periods }, (_, t) => window.returns[t * n + i]!)),
    );
    const total = iv.reduce((a, b) => a + b, 0);
    return Float64Array.from(iv, (x) => x / total);
  };

  it.each(oracle.crossValidate.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const { kind, ...s } = c.scheme;
    const splits = kind === "kfold" ? purgedKFold(c.periods, s) : combinatorialPurgedSplits(c.periods, s);
    const result = await crossValidate(tableOf(c, c.assets), inverseVariance, splits, { riskFreeRate: c.riskFreeRate });
    expect(result.periodsPerYear).toBe(c.periodsPerYear);
    expect(result.splits.length).toBe(c.expected.splits.length);
    c.expected.splits.forEach((e, k) => {
      expectAllClose(result.splits[k]!.weights, e.weights, `split ${k} weights`);
      expectAllClose(result.splits[k]!.returns, e.returns, `split ${k} returns`);
      expectAllClose([result.splits[k]!.sharpe], [e.sharpe], `split ${k} sharpe`);
    });
    expect(result.paths.length).toBe(c.expected.paths.length);
    c.expected.paths.forEach((e, p) => {
      expectAllClose(result.paths[p]!.returns, e.returns, `path ${p} returns`);
      expectAllClose([result.paths[p]!.sharpe], [e.sharpe], `path ${p} sharpe`);
    });
    expectAllClose(
      result.sharpeRatios.paths,
      c.expected.paths.map((p) => p.sharpe),
      "path sharpe ratios",
    );
  });
});

describe("probabilityOfBacktestOverfitting matches the oracle to 1e-9", () => {
  it.each(oracle.pbo.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const r = probabilityOfBacktestOverfitting(tableOf(c, c.trials), {
      partitions: c.partitions,
      riskFreeRate: c.riskFreeRate,
    });
    const e = c.expected;
    expect([r.pbo, r.probabilityOfLoss, r.droppedPeriods, r.blockPeriods]).toEqual([
      e.pbo,
      e.probabilityOfLoss,
      e.droppedPeriods,
      e.blockPeriods,
    ]);
    expect(Array.from(r.selected)).toEqual(e.selected);
    expect(Array.from(r.inSampleRanks)).toEqual(e.inSampleRanks);
    expect(Array.from(r.outOfSampleRanks)).toEqual(e.outOfSampleRanks);
    expectAllClose(r.relativeRanks, e.relativeRanks, "relative ranks");
    expectAllClose(r.logits, e.logits, "logits");
    expectAllClose(r.inSampleSharpe, e.inSampleSharpe, "in-sample Sharpe");
    expectAllClose(r.outOfSampleSharpe, e.outOfSampleSharpe, "out-of-sample Sharpe");
  });
});

describe("deflatedSharpeOfTrials matches the oracle to 1e-9", () => {
  it.each(oracle.deflatedSharpe.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const r = deflatedSharpeOfTrials(tableOf(c, c.columns), {
      riskFreeRate: c.riskFreeRate,
      ...(c.trials === null ? {} : { trials: c.trials }),
    });
    const e = c.expected;
    expect([r.selected, r.trials]).toEqual([e.selected, e.trials]);
    expectAllClose(r.sharpeRatios, e.sharpeRatios, "Sharpe ratios");
    expectAllClose(
      [r.sharpeVariance, r.expectedMaximumSharpe, r.deflatedSharpe],
      [e.sharpeVariance, e.expectedMaximumSharpe, e.deflatedSharpe],
      "V, SR0, DSR",
    );
  });
});
