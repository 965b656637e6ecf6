import { powerOfTwoAtMost } from "../../stats/powerOfTwoScale.ts";

/**
 * Per-block, per-column moments of a T×M matrix cut into S equal blocks of L rows (after dropping
 * the first `dropped` rows), of the excess values `x − shift`, each stored at `m·S + b` (a column's
blocks side by side, for the combining loop): a power of
 * two `scale` and, of `(x − shift) / scale`, the mean, the centred sum of squares M2 (two-pass) and
 * the largest magnitude. Combining blocks then costs O(S) per column instead of O(T) (Chan, Golub &
 * LeVeque 1983, the pairwise update of M2). The scale is 1 unless the block's excess values reach
 * beyond 2^±400, as in the engine's `sharpeRatio` (dividing by a power of two is exact bar
 * subnormals, and a Sharpe ratio does not change with scale), so no sum or square overflows.
 */
export interface BlockMoments {
  readonly blocks: number;
  readonly rows: number;
  readonly columns: number;
  readonly scale: Float64Array;
  /** Whether any block was scaled (else every scale is 1 and the combining loop skips the factors). */
  readonly scaled: boolean;
  readonly mean: Float64Array;
  readonly m2: Float64Array;
  readonly maxAbs: Float64Array;
}

const SAFE_MAX = 2 ** 400;
const SAFE_MIN = 2 ** -400;

export function blockMoments(
  values: Float64Array,
  columns: number,
  dropped: number,
  blocks: number,
  rows: number,
  shift: number,
): BlockMoments {
  const size = blocks * columns;
  const scale = new Float64Array(size);
  const mean = new Float64Array(size);
  const m2 = new Float64Array(size);
  const maxAbs = new Float64Array(size);
  const raw = new Float64Array(columns);
  const excess = new Float64Array(columns);
  let scaled = false;
  for (let b = 0; b < blocks; b++) {
    const start = dropped + b * rows;
    raw.fill(0);
    excess.fill(0);
    for (let t = start; t < start + rows; t++) {
      const base = t * columns;
      for (let m = 0; m < columns; m++) {
        const x = values[base + m]!;
        if (Math.abs(x) > raw[m]!) raw[m] = Math.abs(x);
        if (Math.abs(x - shift) > excess[m]!) excess[m] = Math.abs(x - shift);
      }
    }
    for (let m = 0; m < columns; m++) {
      const e = excess[m]!;
      const safe = e <= SAFE_MAX && (e >= SAFE_MIN || e === 0) && Math.abs(shift) <= SAFE_MAX;
      let s = 1;
      if (!safe) {
        s = powerOfTwoAtMost(raw[m]!);
        if (Math.abs(shift) > s) s = powerOfTwoAtMost(Math.abs(shift));
        scaled = true;
      }
      scale[m * blocks + b] = s;
    }
    for (let t = start; t < start + rows; t++) {
      const base = t * columns;
      for (let m = 0; m < columns; m++) {
        const at = m * blocks + b;
        const s = scale[at]!;
        const x = values[base + m]! / s - shift / s;
        mean[at]! += x;
        if (Math.abs(x) > maxAbs[at]!) maxAbs[at] = Math.abs(x);
      }
    }
    for (let m = 0; m < columns; m++) mean[m * blocks + b]! /= rows;
    for (let t = start; t < start + rows; t++) {
      const base = t * columns;
      for (let m = 0; m < columns; m++) {
        const at = m * blocks + b;
        const s = scale[at]!;
        const d = values[base + m]! / s - shift / s - mean[at]!;
        m2[at]! += d * d;
      }
    }
  }
  return { blocks, rows, columns, scale, scaled, mean, m2, maxAbs };
}

/**
 * The per-period Sharpe ratio of each column over the union of the blocks listed in `chosen`
 * (count c, each of L rows), in the units of the largest block scale S: with f_b = scale_b / S,
 * mean = Σ f_b·mean_b / c, M2 = Σ f_b²·M2_b + L·Σ (f_b·mean_b − mean)², sd = sqrt(M2 / (cL − 1));
 * 0 when sd <= EPS·max|x| (the engine's sharpeRatio rule). Written to `out`.
 */
export function combinedSharpe(moments: BlockMoments, chosen: Int32Array, eps: number, out: Float64Array): void {
  const { columns, blocks, rows, scale, scaled, mean, m2, maxAbs } = moments;
  const c = chosen.length;
  const n = c * rows;
  for (let m = 0; m < columns; m++) {
    const base = m * blocks;
    let top = 1;
    if (scaled) {
      top = 0;
      for (let j = 0; j < c; j++) top = Math.max(top, scale[base + chosen[j]!]!);
    }
    let mu = 0;
    let biggest = 0;
    for (let j = 0; j < c; j++) {
      const at = base + chosen[j]!;
      const f = scaled ? scale[at]! / top : 1;
      mu += f * mean[at]!;
      if (f * maxAbs[at]! > biggest) biggest = f * maxAbs[at]!;
    }
    mu /= c;
    let s2 = 0;
    for (let j = 0; j < c; j++) {
      const at = base + chosen[j]!;
      const f = scaled ? scale[at]! / top : 1;
      const d = f * mean[at]! - mu;
      s2 += f * f * m2[at]! + rows * d * d;
    }
    const sd = Math.sqrt(s2 / (n - 1));
    out[m] = sd > eps * biggest ? mu / sd : 0;
  }
}
