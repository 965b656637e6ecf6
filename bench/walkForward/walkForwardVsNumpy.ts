/**
 * A walk-forward of 50 assets over 10 years of daily returns (2,520 business days of a one-factor
 * model, generated here with a fixed seed), re-estimated at every month end on a trailing
 * 252-day window: Ledoit–Wolf covariance (constant-correlation target) and long-only minimum
 * variance, 10 bp costs on the value traded. The engine (`walkForward` with an estimator of
 * `ledoitWolfCovariance` and `minimumVariance`) against the same loop written with numpy and
 * scipy (bench/walkForward/walkforward_peer.py: numpy Ledoit–Wolf from the formulas, the
 * minimum-variance QP by scipy.optimize.minimize SLSQP with analytic gradients), on the same data
 * written as raw float64. The peer runs twice: with ftol 1e-12 (weights to about 1e-7, near the
 * engine's KKT-certified active-set solution) and with scipy's default ftol 1e-6 (what a hurried
 * user gets). Times are medians of ROUNDS rounds (default 3), each a whole walk-forward, after
 * one warm-up; the NAVs are compared so both sides did the same work. Not a test.
 *
 * Usage: `npm run bench:walk-forward` (ROUNDS=n).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { assetReturns, ledoitWolfCovariance, minimumVariance, walkForward, type AssetReturns } from "@thematic/engine";
import { lcg } from "../_internal/lcg.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ASSETS = 50;
const PERIODS = 2520;
const WINDOW = 252;
const COST_BPS = 10;

/** Business days (Monday to Friday, Unix seconds at 00:00 UTC) from Monday 2015-01-05. */
function businessDays(count: number): number[] {
  const out: number[] = [];
  for (let d = Date.UTC(2015, 0, 5) / 1000; out.length < count; d += 86400) {
    const weekday = new Date(d * 1000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) out.push(d);
  }
  return out;
}

/** Daily returns of a one-factor model: drift + beta·market + idiosyncratic noise, seeded. */
function makeReturns(seed: number): AssetReturns {
  const random = lcg(seed);
  const gauss = (): number => {
    let u = 0;
    for (let k = 0; k < 12; k++) u += random();
    return u - 6;
  };
  const beta = Array.from({ length: ASSETS }, () => 0.5 + random());
  const noise = Array.from({ length: ASSETS }, () => 0.008 + 0.02 * random());
  const values = new Float64Array(PERIODS * ASSETS);
  for (let t = 0; t < PERIODS; t++) {
    const market = 0.0003 + 0.01 * gauss();
    for (let i = 0; i < ASSETS; i++) values[t * ASSETS + i] = 0.0002 + beta[i]! * market + noise[i]! * gauss();
  }
  return assetReturns(values, {
    assets: Array.from({ length: ASSETS }, (_, i) => `S${i}`),
    frequency: "daily",
    dates: businessDays(PERIODS),
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const data = makeReturns(20261128);
const shrinkage: number[] = [];
let worstKkt = 0;
const split = { ledoitWolfMs: 0, qpMs: 0 };
const estimator = (window: AssetReturns) => {
  const t0 = performance.now();
  const covariance = ledoitWolfCovariance(window);
  const t1 = performance.now();
  shrinkage.push(covariance.shrinkage);
  const result = minimumVariance(covariance);
  split.ledoitWolfMs += t1 - t0;
  split.qpMs += performance.now() - t1;
  const r = result.certificate.residuals!;
  worstKkt = Math.max(worstKkt, r.stationarity, r.primalFeasibility, r.dualFeasibility, r.complementarity);
  return result.vector;
};
const options = {
  window: { kind: "trailing" as const, periods: WINDOW },
  rebalance: { calendar: "monthly" as const },
  costBps: COST_BPS,
};

const dir = mkdtempSync(join(tmpdir(), "bench-walk-forward-"));
try {
  const raw = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  writeFileSync(join(dir, "returns.f64"), raw(data.returns));
  writeFileSync(join(dir, "dates.f64"), raw(Float64Array.from(data.dates!)));
  writeFileSync(
    join(dir, "case.json"),
    JSON.stringify({ assets: ASSETS, periods: PERIODS, window: WINDOW, costBps: COST_BPS }),
  );

  const before = loadavg();
  await walkForward(data, estimator, options); // warm-up (JIT)
  const engineMs: number[] = [];
  const engineSplits: (typeof split)[] = [];
  let run = await walkForward(data, estimator, options);
  for (let r = 0; r < ROUNDS; r++) {
    shrinkage.length = 0;
    split.ledoitWolfMs = split.qpMs = 0;
    const start = performance.now();
    run = await walkForward(data, estimator, options);
    engineMs.push(performance.now() - start);
    engineSplits.push({ ...split });
  }

  const peer = (ftol: string) => {
    const out = spawnSync(
      "python3",
      [join(dirname(fileURLToPath(import.meta.url)), "walkforward_peer.py"), dir, String(ROUNDS + 1), ftol],
      {
        encoding: "utf8",
        env: { ...process.env, OPENBLAS_NUM_THREADS: "1", OMP_NUM_THREADS: "1", MKL_NUM_THREADS: "1" },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (out.status !== 0) throw new Error(`walkforward_peer.py failed: ${out.stderr}`);
    const answer = JSON.parse(out.stdout) as {
      ms: number[];
      splits: (typeof split)[];
      nav: number[];
      rebalances: number;
      shrinkage: number[];
      iterations: number;
    };
    const navDiff = Math.max(...answer.nav.map((v, j) => Math.abs(v - run.nav[j]!) / run.nav[j]!));
    const deltaDiff = Math.max(...answer.shrinkage.map((d, k) => Math.abs(d - shrinkage[k]!)));
    const at = answer.ms.indexOf(median(answer.ms.slice(1)));
    return {
      ms: answer.ms[at]!,
      split: answer.splits[at]!,
      rounds: answer.ms.slice(1),
      rebalances: answer.rebalances,
      navDiff,
      deltaDiff,
      iterations: answer.iterations,
    };
  };
  const tight = peer("1e-12");
  const loose = peer("1e-6");
  const after = loadavg();

  const e = median(engineMs);
  const engineSplit = engineSplits[engineMs.indexOf(e)]!;
  const parts = (p: typeof split) => `${p.ledoitWolfMs.toFixed(0)} + ${p.qpMs.toFixed(0)}`;
  console.log(
    `walk-forward: ${ASSETS} assets × ${PERIODS} daily returns, trailing ${WINDOW}-day window, ${run.rebalances.length} monthly rebalances (Ledoit–Wolf + minimum variance), ${COST_BPS} bp costs`,
  );
  console.log(
    `Node ${process.version}; python3 (numpy, scipy; BLAS threads 1); ${ROUNDS} rounds after a warm-up; load average ${before.map((x) => x.toFixed(2)).join(" ")} before, ${after.map((x) => x.toFixed(2)).join(" ")} after\n`,
  );
  console.log(
    "| side | ms (median) | of which Ledoit–Wolf + QP, ms | rounds | engine / side | largest NAV difference from the engine's (relative) | largest shrinkage difference | rebalances |",
  );
  console.log("|---|---:|---:|---|---:|---:|---:|---:|");
  console.log(
    `| engine (walkForward, ledoitWolfCovariance, minimumVariance; worst KKT residual ${worstKkt.toExponential(1)}) | ${e.toFixed(0)} | ${parts(engineSplit)} | ${engineMs.map((x) => x.toFixed(0)).join(", ")} | 1 | 0 | 0 | ${run.rebalances.length} |`,
  );
  for (const [name, p] of [
    ["numpy + scipy SLSQP, ftol 1e-12", tight],
    ["numpy + scipy SLSQP, ftol 1e-6 (default)", loose],
  ] as const) {
    console.log(
      `| ${name} (${p.iterations} SLSQP iterations) | ${p.ms.toFixed(0)} | ${parts(p.split)} | ${p.rounds.map((x) => x.toFixed(0)).join(", ")} | **${(e / p.ms).toFixed(2)}×** | ${p.navDiff.toExponential(1)} | ${p.deltaDiff.toExponential(1)} | ${p.rebalances} |`,
    );
  }
  if (tight.rebalances !== run.rebalances.length) {
    console.error(
      `the peer rebalanced ${tight.rebalances} times, the engine ${run.rebalances.length}: not the same walk-forward`,
    );
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
