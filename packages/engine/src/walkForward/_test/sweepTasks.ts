/** Test helpers (not exported): task modules a sweep imports by URL, in this thread or in a worker. */
import { assetReturns } from "../../data/assetReturns.ts";
import { walkForward } from "../walkForward.ts";
import { equalWeight, inverseVariance } from "./estimators.ts";

/** Plain-data arguments of one walk-forward configuration. */
export interface WalkForwardTaskArgs {
  rows: number[][];
  dates: number[];
  estimator: "equal" | "inverse-variance";
  window: { kind: "trailing" | "expanding"; periods: number };
  every: number;
  costBps: number;
  turnoverLimit?: number;
}

/** Runs one walk-forward configuration and returns its plain-data outcome. */
export async function walkForwardTask(a: WalkForwardTaskArgs) {
  const assets = a.rows[0]!.map((_, i) => `S${i}`);
  const data = assetReturns(a.rows, { assets, frequency: "monthly", dates: a.dates });
  const run = await walkForward(data, a.estimator === "equal" ? equalWeight : inverseVariance, {
    window: a.window,
    rebalance: { every: a.every },
    costBps: a.costBps,
    ...(a.turnoverLimit === undefined ? {} : { turnoverLimit: a.turnoverLimit }),
  });
  return {
    nav: run.nav,
    returns: run.returns,
    weights: run.rebalances.map((r) => r.weights),
    turnover: run.turnover,
    costs: run.costs,
    sortino: run.tearSheet.sortinoRatio,
  };
}

/** Fails on purpose, to check that a sweep reports a task's error. */
export function failingTask(message: string): never {
  throw new Error(message);
}
