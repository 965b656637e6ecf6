/**
 * The engine's minimumVariance and maximumSharpe against scipy (SLSQP; bench/meanVariance/
 * meanvariance_peer.py) and against portfolio-allocation (npm, its critical-line method), side by
 * side in one run on the same data: 100 and 500 assets × 1,260 days of factor-model returns
 * (a market factor, per-asset drifts and noise, generated here with a fixed seed), their sample
 * covariance and mean returns computed once by the engine and written as raw float64 for the
 * peer. Long-only, fully invested, no cap (the only rules all three share), r_f = 0.
 * Each round times each side (engine and portfolio-allocation: a batch; scipy: its solves); the
 * medians of the rounds and the ratios are printed with the load averages, and the objectives
 * (variance; Sharpe ratio) side by side as relative differences (positive: the peer's is worse).
 * Not a test.
 *
 * Usage: `npm run bench:mean-variance` (minutes: SLSQP's minimum variance at 500 assets alone took
 * 2.5–5 minutes on the loaded 2-core machine, portfolio-allocation's maximum Sharpe there 2 minutes;
 * ROUNDS=n rounds at 100 assets, default 3; ROUNDS_500=n at 500, default 1, without warm-up for
 * portfolio-allocation).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import PortfolioAllocation from "portfolio-allocation";
import {
  maximumSharpe,
  meanHistoricalReturn,
  minimumVariance,
  sampleCovariance,
  type Covariance,
  type CovarianceMatrix,
  type ExpectedReturns,
} from "@thematic/engine";
import { lcg } from "../_internal/lcg.ts";
import { stopChild } from "../_internal/stopChild.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PERIODS = 1260;

interface Case {
  name: string;
  assets: number;
  /** Labelled by position, one period a year (the return matrix is bare): figures per period as the peers'. */
  sigma: Covariance;
  mu: ExpectedReturns;
}

function makeCase(assets: number, seed: number): Case {
  const random = lcg(seed);
  const gauss = (): number => {
    let u = 0;
    for (let k = 0; k < 12; k++) u += random();
    return u - 6;
  };
  const beta = Array.from({ length: assets }, () => 0.5 + random());
  const drift = Array.from({ length: assets }, () => 0.0002 + 0.0006 * gauss());
  const returns = new Float64Array(PERIODS * assets);
  for (let t = 0; t < PERIODS; t++) {
    const market = 0.0004 + 0.01 * gauss();
    for (let i = 0; i < assets; i++) returns[t * assets + i] = drift[i]! + beta[i]! * market + 0.015 * gauss();
  }
  const matrix = { returns, periods: PERIODS };
  return { name: `n${assets}`, assets, sigma: sampleCovariance(matrix), mu: meanHistoricalReturn(matrix) };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Milliseconds per call over `runs` calls (after one warm-up call unless `warm` is false), with the last result. */
function timeRuns<T>(fn: () => T, runs: number, warm = true): { ms: number; value: T } {
  let value = warm ? fn() : (undefined as T);
  const start = performance.now();
  for (let i = 0; i < runs; i++) value = fn();
  return { ms: (performance.now() - start) / runs, value };
}

function variance(S: CovarianceMatrix, w: ArrayLike<number>): number {
  const n = S.size;
  let v = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) v += w[i]! * S.values[i * n + j]! * w[j]!;
  return v;
}
const sharpe = (S: CovarianceMatrix, mu: Float64Array, w: ArrayLike<number>): number => {
  let r = 0;
  for (let i = 0; i < S.size; i++) r += mu[i]! * w[i]!;
  return r / Math.sqrt(variance(S, w));
};

const cases = [makeCase(100, 101), makeCase(500, 501)];
const dir = mkdtempSync(join(tmpdir(), "bench-mean-variance-"));
for (const c of cases) {
  const raw = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  writeFileSync(join(dir, `${c.name}.json`), JSON.stringify({ assets: c.assets }));
  writeFileSync(join(dir, `${c.name}.sigma.f64`), raw(c.sigma.values));
  writeFileSync(join(dir, `${c.name}.mu.f64`), raw(c.mu.values));
}
const child = spawn(
  "python3",
  [join(dirname(fileURLToPath(import.meta.url)), "meanvariance_peer.py"), dir, ...cases.map((c) => c.name)],
  {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, OPENBLAS_NUM_THREADS: "1", OMP_NUM_THREADS: "1" },
  },
);
const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
async function ask(command: string): Promise<{ ms: number; objective: number; iterations: number }> {
  child.stdin!.write(`${command}\n`);
  const next = await lines.next();
  if (next.done === true) throw new Error(`the scipy peer exited before answering "${command}"`);
  const answer = JSON.parse(next.value) as { ms: number; objective: number; iterations: number; error?: string };
  if (answer.error !== undefined) throw new Error(answer.error);
  return answer;
}

try {
  const before = loadavg();
  const rows: string[] = [];
  for (const c of cases) {
    const sigmaRows = Array.from({ length: c.assets }, (_, i) =>
      Array.from(c.sigma.values.subarray(i * c.assets, (i + 1) * c.assets)),
    );
    const muList = Array.from(c.mu.values);
    const runs = c.assets >= 500 ? 3 : 20;
    for (const method of ["min-variance", "max-sharpe"] as const) {
      const engineMs: number[] = [];
      const scipyMs: number[] = [];
      const paMs: number[] = [];
      let engineObjective = 0;
      let scipyObjective = 0;
      let paObjective = 0;
      let scipyIterations = 0;
      let certificate = 0;
      // SLSQP takes minutes at 500 assets: one round there unless ROUNDS_500 says otherwise.
      const rounds = c.assets >= 500 ? Number(process.env.ROUNDS_500 ?? 1) : ROUNDS;
      for (let r = 0; r < rounds; r++) {
        if (method === "min-variance") {
          const e = timeRuns(() => minimumVariance(c.sigma), runs);
          engineMs.push(e.ms);
          engineObjective = e.value.variance;
          certificate = Math.max(
            e.value.certificate.residuals!.stationarity,
            e.value.certificate.residuals!.dualFeasibility,
            e.value.certificate.residuals!.primalFeasibility,
          );
          const p = timeRuns(
            () =>
              PortfolioAllocation.globalMinimumVarianceWeights(sigmaRows, {
                optimizationMethod: "critical-line",
              }) as number[],
            Math.max(1, runs / 4),
            c.assets < 500,
          );
          paMs.push(p.ms);
          paObjective = variance(c.sigma, p.value);
        } else {
          const e = timeRuns(() => maximumSharpe(c.mu, c.sigma), runs);
          engineMs.push(e.ms);
          engineObjective = e.value.performance.sharpeRatio!;
          certificate = Math.max(
            e.value.certificate.residuals!.stationarity,
            e.value.certificate.residuals!.dualFeasibility,
            e.value.certificate.residuals!.primalFeasibility,
          );
          const p = timeRuns(
            () =>
              PortfolioAllocation.maximumSharpeRatioWeights(muList, sigmaRows, 0, {
                optimizationMethod: "critical-line",
              }) as number[],
            Math.max(1, runs / 4),
            c.assets < 500,
          );
          paMs.push(p.ms);
          paObjective = sharpe(c.sigma, c.mu.values, p.value);
        }
        const s = await ask(`solve ${c.name} ${method} 1`);
        scipyMs.push(s.ms);
        scipyObjective = s.objective;
        scipyIterations = s.iterations;
      }
      // Relative objective differences, signed so that positive means the peer's portfolio is worse.
      const worse = (peer: number) =>
        method === "min-variance"
          ? (peer - engineObjective) / engineObjective
          : (engineObjective - peer) / engineObjective;
      const e = median(engineMs);
      const s = median(scipyMs);
      const p = median(paMs);
      rows.push(
        `| ${c.assets} × ${PERIODS} | ${method} | ${e.toFixed(1)} | ${s.toFixed(1)} | **${(e / s).toFixed(3)}×** | ${p.toFixed(1)} | **${(e / p).toFixed(3)}×** | ${engineObjective.toPrecision(12)} | ${worse(scipyObjective).toExponential(1)} | ${worse(paObjective).toExponential(1)} | ${certificate.toExponential(1)} | ${scipyIterations} |`,
      );
    }
  }
  const after = loadavg();
  console.log(
    `Node ${process.version}; ${ROUNDS} rounds at 100 assets, ${process.env.ROUNDS_500 ?? 1} at 500; load average ${before.map((x) => x.toFixed(2)).join(", ")} before, ${after.map((x) => x.toFixed(2)).join(", ")} after\n`,
  );
  console.log(
    "| assets × days | method | engine ms | scipy SLSQP ms | engine / scipy | portfolio-allocation ms | engine / portfolio-allocation | engine objective | scipy rel. worse | portfolio-allocation rel. worse | engine KKT residual | SLSQP iterations |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) console.log(row);
} finally {
  child.stdin!.end();
  await stopChild(child);
  rmSync(dir, { recursive: true, force: true });
}
