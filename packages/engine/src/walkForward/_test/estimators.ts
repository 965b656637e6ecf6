/** Test helpers (not exported): simple estimators written here, independent of the optimizers. */
import type { AssetReturns } from "../../data/assetReturns.ts";

/** 1/N in asset order. */
export const equalWeight = (w: AssetReturns): Float64Array =>
  new Float64Array(w.assets.length).fill(1 / w.assets.length);

/** Weights ∝ 1 / (sample variance + 1e-6) of each column of the window, labelled `{ id: w }`. */
export function inverseVariance(w: AssetReturns): Record<string, number> {
  const n = w.assets.length;
  const inv = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let mean = 0;
    for (let t = 0; t < w.periods; t++) mean += w.returns[t * n + i]!;
    mean /= w.periods;
    let ss = 0;
    for (let t = 0; t < w.periods; t++) ss += (w.returns[t * n + i]! - mean) ** 2;
    inv[i] = 1 / (ss / Math.max(1, w.periods - 1) + 1e-6);
  }
  const sum = inv.reduce((a, b) => a + b, 0);
  return Object.fromEntries(w.assets.map((id, i) => [id, inv[i]! / sum]));
}

/** Month-end dates (Unix seconds, UTC) of T consecutive months from January 2020. */
export const monthEnds = (T: number): number[] => Array.from({ length: T }, (_, t) => Date.UTC(2020, t + 1, 0) / 1000);

/** Week-end dates (Fridays, Unix seconds) of T consecutive weeks from Friday 2020-01-03. */
export const fridays = (T: number): number[] =>
  Array.from({ length: T }, (_, t) => Date.UTC(2020, 0, 3) / 1000 + t * 7 * 86400);
