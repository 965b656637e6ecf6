/**
 * Test helpers of the research area (not exported): the numpy/scipy oracle (oracle_research.py
 * writes oracle_research.json), a tolerance assertion, and return-matrix arbitraries.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { closeTo, closeToTolerance } from "../../testing/closeTo.ts";

interface SplitsExpected {
  groups: number[];
  splits: Array<{ train: number[]; test: number[]; testGroups: number[] }>;
  paths: number[][];
}

export interface Oracle {
  splits: Array<
    | { kind: "kfold"; periods: number; folds: number; purge: number; embargo: number; expected: SplitsExpected }
    | {
        kind: "cpcv";
        periods: number;
        groups: number;
        testGroups: number;
        purge: number;
        embargo: number;
        expected: SplitsExpected;
      }
  >;
  crossValidate: Array<{
    name: string;
    periods: number;
    assets: number;
    periodsPerYear: number;
    riskFreeRate: number;
    returns: number[];
    scheme:
      | { kind: "kfold"; folds: number; purge: number; embargo: number }
      | { kind: "cpcv"; groups: number; testGroups: number; purge: number; embargo: number };
    expected: {
      splits: Array<{ weights: number[]; returns: number[]; sharpe: number }>;
      paths: Array<{ returns: number[]; sharpe: number }>;
    };
  }>;
  pbo: Array<{
    name: string;
    periods: number;
    trials: number;
    partitions: number;
    periodsPerYear: number;
    riskFreeRate: number;
    returns: number[];
    expected: Record<
      | "logits"
      | "relativeRanks"
      | "selected"
      | "inSampleRanks"
      | "outOfSampleRanks"
      | "inSampleSharpe"
      | "outOfSampleSharpe",
      number[]
    > & {
      pbo: number;
      probabilityOfLoss: number;
      droppedPeriods: number;
      blockPeriods: number;
    };
  }>;
  deflatedSharpe: Array<{
    name: string;
    periods: number;
    columns: number;
    periodsPerYear: number;
    riskFreeRate: number;
    trials: number | null;
    returns: number[];
    expected: {
      deflatedSharpe: number;
      selected: number;
      sharpeRatios: number[];
      sharpeVariance: number;
      expectedMaximumSharpe: number;
      trials: number;
    };
  }>;
}

export const oracle: Oracle = JSON.parse(readFileSync(new URL("./oracle_research.json", import.meta.url), "utf8"));

/** The named frequency of the oracle's periods a year (1 is a bare matrix: none). */
export const FREQUENCY_OF: Readonly<Record<number, "daily" | "weekly" | "monthly">> = {
  252: "daily",
  52: "weekly",
  12: "monthly",
};

/** Asserts every entry is within rel·max(|a|,|e|) + abs of the oracle's (1e-9 by default). */
export function expectAllClose(
  actual: ArrayLike<number>,
  expected: ArrayLike<number>,
  label: string,
  rel = 1e-9,
  abs = 1e-12,
): void {
  expect(actual.length, `${label}: length`).toBe(expected.length);
  for (let k = 0; k < expected.length; k++) {
    if (!closeTo(actual[k]!, expected[k]!, rel, abs)) {
      expect.fail(
        `${label}[${k}]: expected ${actual[k]} to be within ${closeToTolerance(actual[k]!, expected[k]!, rel, abs)} of ${expected[k]}`,
      );
    }
  }
}

/** A T×M matrix of daily-sized returns (T in [minPeriods, maxPeriods], M in [minColumns, maxColumns]), row-major. */
export function matrixArb(
  minPeriods: number,
  maxPeriods: number,
  minColumns: number,
  maxColumns: number,
): fc.Arbitrary<{ returns: Float64Array; periods: number; columns: number }> {
  return fc
    .record({
      periods: fc.integer({ min: minPeriods, max: maxPeriods }),
      columns: fc.integer({ min: minColumns, max: maxColumns }),
    })
    .chain(({ periods, columns }) =>
      fc
        .array(fc.double({ min: -0.05, max: 0.05, noNaN: true }), {
          minLength: periods * columns,
          maxLength: periods * columns,
        })
        .map((values) => ({ returns: Float64Array.from(values), periods, columns })),
    );
}
