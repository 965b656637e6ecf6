/**
 * The task module of the sweep bench (bench/walkForward/sweep.ts): one walk-forward configuration
 * from plain data, imported by URL in this thread or in a worker. Its estimator is an
 * inverse-variance weighting written here (not one of the engine's optimizers).
 */
import { assetReturns, walkForward, type AssetReturns } from "@thematic/engine";
import { lcg } from "../_internal/lcg.ts";

/** Plain-data arguments of one configuration: the data is regenerated from its seed in the worker. */
export interface SweepBenchArgs {
  seed: number;
  assets: number;
  periods: number;
  window: { kind: "trailing" | "expanding"; periods: number };
  every: number;
  costBps: number;
  turnoverLimit: number;
}

/** Weights ∝ 1 / sample variance of each column. */
function inverseVariance(w: AssetReturns): Float64Array {
  const n = w.assets.length;
  const out = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    let mean = 0;
    for (let t = 0; t < w.periods; t++) mean += w.returns[t * n + i]!;
    mean /= w.periods;
    let ss = 0;
    for (let t = 0; t < w.periods; t++) ss += (w.returns[t * n + i]! - mean) ** 2;
    out[i] = 1 / (ss / (w.periods - 1) + 1e-8);
    sum += out[i]!;
  }
  for (let i = 0; i < n; i++) out[i]! /= sum;
  return out;
}

/** Daily-like returns of a one-factor model, seeded. */
export function benchReturns(seed: number, assets: number, periods: number): AssetReturns {
  const random = lcg(seed);
  const values = new Float64Array(assets * periods);
  for (let t = 0; t < periods; t++) {
    const market = 0.01 * (random() - 0.5);
    for (let i = 0; i < assets; i++)
      values[t * assets + i] = 0.0002 + market * (0.5 + i / assets) + 0.02 * (random() - 0.5);
  }
  return assetReturns(values, { assets: Array.from({ length: assets }, (_, i) => `S${i}`), frequency: "daily" });
}

export async function runConfiguration(
  a: SweepBenchArgs,
): Promise<{ finalNav: number; turnover: number; costs: number; sortino: number }> {
  const run = await walkForward(benchReturns(a.seed, a.assets, a.periods), inverseVariance, {
    window: a.window,
    rebalance: { every: a.every },
    costBps: a.costBps,
    turnoverLimit: a.turnoverLimit,
  });
  return {
    finalNav: run.nav[run.nav.length - 1]!,
    turnover: run.turnover,
    costs: run.costs,
    sortino: run.tearSheet.sortinoRatio,
  };
}
