import { powerOfTwoAtMost } from "../../stats/_internal/powerOfTwoScale.ts";

/**
 * Per-block, per-column moments of a T×M matrix cut into S equal blocks of L rows (after dropping
 * the first `dropped` rows), of the excess values `x − shift`: the mean, the centred sum of squares
 * M2 (two-pass) and max |x − shift|, each stored at `b·M + m`. Combining blocks then costs O(S) per
 * column instead of O(T) (Chan, Golub & LeVeque 1983, the pairwise update of M2). Values beyond
 * 2^±400 are first divided by a power of two (exact; a Sharpe ratio does not change with scale), so
 * no sum or square overflows.
 */
export interface BlockMoments {
  readonly blocks: number;
  readonly rows: number;
  readonly columns: number;
  readonly mean: Float64Array;
  readonly m2: Float64Array;
  readonly maxAbs: Float64Array;
}

export function blockMoments(values: Float64Array, columns: number, dropped: number, blocks: number, rows: number, rawShift: number): BlockMoments {
  let largest = Math.abs(rawShift);
  for (let k = dropped * columns; k < values.length; k++) largest = Math.max(largest, Math.abs(values[k]!));
  const scale = largest > 2 ** 400 || (largest > 0 && largest < 2 ** -400) ? powerOfTwoAtMost(largest) : 1;
  const shift = rawShift / scale;
  const size = blocks * columns;
  const mean = new Float64Array(size);
  const m2 = new Float64Array(size);
  const maxAbs = new Float64Array(size);
  for (let b = 0; b < blocks; b++) {
    const first = dropped + b * rows;
    const at = b * columns;
    for (let t = first; t < first + rows; t++) {
      const base = t * columns;
      for (let m = 0; m < columns; m++) {
        const x = values[base + m]! / scale - shift;
        mean[at + m]! += x;
        const a = Math.abs(x);
        if (a > maxAbs[at + m]!) maxAbs[at + m] = a;
      }
    }
    for (let m = 0; m < columns; m++) mean[at + m]! /= rows;
    for (let t = first; t < first + rows; t++) {
      const base = t * columns;
      for (let m = 0; m < columns; m++) {
        const d = values[base + m]! / scale - shift - mean[at + m]!;
        m2[at + m]! += d * d;
      }
    }
  }
  return { blocks, rows, columns, mean, m2, maxAbs };
}

/**
 * The per-period Sharpe ratio of each column over the union of the blocks listed in `chosen`
 * (count c, each of L rows): mean = Σ mean_b / c, M2 = Σ M2_b + L·Σ (mean_b − mean)², sd =
 * sqrt(M2 / (cL − 1)); 0 when sd <= EPS·max|x| (the engine's sharpeRatio rule). Written to `out`.
 */
export function combinedSharpe(moments: BlockMoments, chosen: Int32Array, eps: number, out: Float64Array): void {
  const { columns, rows, mean, m2, maxAbs } = moments;
  const c = chosen.length;
  const n = c * rows;
  for (let m = 0; m < columns; m++) {
    let mu = 0;
    let biggest = 0;
    for (let j = 0; j < c; j++) {
      const at = chosen[j]! * columns + m;
      mu += mean[at]!;
      if (maxAbs[at]! > biggest) biggest = maxAbs[at]!;
    }
    mu /= c;
    let s2 = 0;
    for (let j = 0; j < c; j++) {
      const at = chosen[j]! * columns + m;
      const d = mean[at]! - mu;
      s2 += m2[at]! + rows * d * d;
    }
    const sd = Math.sqrt(s2 / (n - 1));
    out[m] = sd > eps * biggest ? mu / sd : 0;
  }
}
