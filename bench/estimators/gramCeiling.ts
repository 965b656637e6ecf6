/**
 * How fast the covariance estimators' Gram kernel can go in this runtime, beside numpy's. The
 * WebAssembly SIMD kernel (packages/engine/src/linearAlgebra/_internal/gramKernelWasm.ts) is timed
 * alone, on columns already packed in its memory (no copy, no centring, no mirroring), for the
 * shipped 4×4 register tile and the other tiles it was measured against; the JavaScript kernel
 * (the fallback) on the same data; and, in the same run, numpy's `Xᵀ·X` (`np.dot(X.T, X)`, which
 * OpenBLAS computes by syrk: the upper triangle, fused multiply-adds on 256-bit vectors) and
 * `np.cov`, on one thread and on every core. Rates are multiply-adds per nanosecond counting the
 * N(N+1)/2·T a triangle needs (the kernel also computes the lower half of its diagonal tiles and
 * the zero padding: "executed" counts those). The ratio kernel / syrk on one thread is the
 * fraction of numpy's rate this runtime reaches: WebAssembly SIMD128 has two float64 lanes and
 * no fused multiply-add (relaxed SIMD is not in V8 11.3), a separate multiply and add where
 * syrk issues one FMA on four lanes. Not a test.
 *
 * Usage: `npx tsx --conditions=@thematic/source bench/estimators/gramCeiling.ts` (about 20 s;
 * ROUNDS=n to change the 15 rounds; N and T to change the 300 × 1,260 shape).
 */
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import {
  instantiateGram,
  packColumns,
  preferWasmGram,
  runGram,
} from "../../packages/engine/src/linearAlgebra/_internal/gramWasm.ts";
import { GRAM_TILE, type GramTile } from "../../packages/engine/src/linearAlgebra/_internal/gramKernelWasm.ts";
import { gramMatrix } from "../../packages/engine/src/linearAlgebra/gramMatrix.ts";
import { lcg } from "../_internal/lcg.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 15);
const N = Number(process.env.N ?? 300);
const T = Number(process.env.T ?? 1260);
const TILES: GramTile[] = [
  GRAM_TILE,
  { rows: 2, cols: 8, panel: 8 },
  { rows: 4, cols: 6, panel: 12 },
  { rows: 6, cols: 4, panel: 12 },
  { rows: 3, cols: 6, panel: 6 },
  { rows: 2, cols: 4, panel: 4 },
  { rows: 4, cols: 4, panel: 4, unroll: 2 },
];

/** The median of `rounds` timings of `f` in ms, after three untimed calls (the kernel compiled by TurboFan). */
function median(f: () => void, rounds = ROUNDS): number {
  for (let k = 0; k < 3; k++) f();
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    f();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[rounds >> 1]!;
}

const random = lcg(7);
const X = Float64Array.from({ length: N * T }, () => random() - 0.5);
const useful = ((N * (N + 1)) / 2) * T;
const load = loadavg().map((v) => v.toFixed(2));

interface Row {
  what: string;
  ms: number;
  rate: number;
  executed?: number;
}
const rows: Row[] = [];
for (const tile of TILES) {
  const rt = instantiateGram(tile);
  if (rt === null) {
    console.log(`WebAssembly SIMD unavailable: tile ${tile.rows}×${tile.cols} skipped`);
    continue;
  }
  runGram(rt, T, N, packColumns(X)); // packs X and sizes the memory
  const Np = Math.ceil(N / tile.panel) * tile.panel;
  const dataBytes = Np * T * 8;
  const ms = median(() => rt.kernel.run(0, dataBytes, Np, N, T, 0, T, 1));
  let tiles = 0;
  for (let i0 = 0; i0 < N; i0 += tile.rows) tiles += Math.ceil((N - (i0 - (i0 % tile.cols))) / tile.cols);
  const executed = tiles * tile.rows * tile.cols * T;
  const shipped = tile === GRAM_TILE ? " (shipped)" : "";
  const unrolled = (tile.unroll ?? 1) > 1 ? `, ${tile.unroll} periods a loop pass` : "";
  rows.push({
    what: `wasm SIMD kernel, ${tile.rows}×${tile.cols} tile${unrolled}${shipped}`,
    ms,
    rate: useful / ms / 1e6,
    executed: executed / ms / 1e6,
  });
}
preferWasmGram(false);
const js = median(() => gramMatrix(X, T, N, 1), Math.min(ROUNDS, 7));
rows.push({
  what: "JavaScript kernel (3×3 blocks, the fallback; mirroring included)",
  ms: js,
  rate: useful / js / 1e6,
});

// numpy in the same run: Xᵀ·X (syrk) and np.cov on the same shape, one thread and every core.
const script = `
import time, numpy as np
rng = np.random.default_rng(7)
R = rng.standard_normal((${T}, ${N})); X = R - R.mean(axis=0)
def med(f):
    for _ in range(3): f()
    ts = []
    for _ in range(${ROUNDS}):
        t = time.perf_counter(); f(); ts.append(time.perf_counter() - t)
    return sorted(ts)[len(ts) // 2] * 1e3
print(med(lambda: np.dot(X.T, X)), med(lambda: np.cov(R, rowvar=False)))
`;
for (const threads of ["1", ""]) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (threads !== "") {
    env.OPENBLAS_NUM_THREADS = threads;
    env.OMP_NUM_THREADS = threads;
  }
  const run = spawnSync("python3", ["-c", script], { env, encoding: "utf8" });
  if (run.status !== 0) {
    console.log(`python3 numpy unavailable: ${run.stderr.trim().split("\n").pop()}`);
    break;
  }
  const [syrk, cov] = run.stdout.trim().split(/\s+/).map(Number) as [number, number];
  const label = threads === "1" ? "one thread" : "every core";
  rows.push({ what: `numpy np.dot(X.T, X) (OpenBLAS syrk), ${label}`, ms: syrk, rate: useful / syrk / 1e6 });
  rows.push({ what: `numpy np.cov (centring + syrk), ${label}`, ms: cov, rate: useful / cov / 1e6 });
}

console.log(
  `Gram kernel ceiling, ${N} columns × ${T} periods (${(useful / 1e6).toFixed(1)} M multiply-adds a triangle); ` +
    `Node ${process.versions.node} (V8 ${process.versions.v8}), ${ROUNDS} rounds, medians; load average ${load.join(", ")} before, ${loadavg()
      .map((v) => v.toFixed(2))
      .join(", ")} after`,
);
console.log("\n| kernel | ms | multiply-adds / ns (triangle) | executed / ns |\n|---|---:|---:|---:|");
for (const r of rows) {
  console.log(
    `| ${r.what} | ${r.ms.toFixed(3)} | ${r.rate.toFixed(2)} | ${r.executed === undefined ? "" : r.executed.toFixed(2)} |`,
  );
}
const shipped = rows[0];
const syrk1 = rows.find((r) => r.what.includes("syrk), one thread"));
if (shipped !== undefined && syrk1 !== undefined) {
  console.log(
    `\nThe shipped kernel reaches ${((100 * shipped.rate) / syrk1.rate).toFixed(0)} % of numpy's one-thread syrk rate (${shipped.rate.toFixed(2)} vs ${syrk1.rate.toFixed(2)} multiply-adds / ns).`,
  );
}
