/**
 * The engine's estimators against a numpy peer (bench/estimators/estimators_peer.py) on identical
 * data, in one run: `sampleCovariance` against `np.cov(R, rowvar=False)`, `ledoitWolfCovariance`
 * against Ledoit–Wolf written in numpy from the papers (the identity target of Ledoit & Wolf 2004,
 * the one scikit-learn and PyPortfolioOpt use by default, the single-factor target of Ledoit &
 * Wolf 2003, and the engine's default, the constant-correlation target of Ledoit & Wolf 2004), and `blackLitterman` at 300 assets with ten views against the master formula in
 * numpy. The returns (a market factor, per-asset betas and drifts, and noise; fixed seed) are made
 * here once, written as raw float64 files to a temporary directory and read by the peers; each peer
 * first returns its estimates, checked against the engine's, then engine and peers are timed in
 * alternating rounds. numpy runs twice, with OpenBLAS on every core and on one thread; the faster
 * of the two counts in each round. The engine is timed warm (a batch after a warm-up batch, the
 * medians of the rounds) and on its first call in this process (the functions not yet compiled:
 * what a one-off script pays; the 50-asset case runs second, so its "first" call is warm for the
 * kernels the 300-asset case already compiled). Black–Litterman is timed on a `Covariance` checked
 * once (as an estimator or `covariance()` gives it) and on plain rows (checked on every call).
 * Elapsed and CPU medians and the ratios engine / numpy are printed with the load averages. Not a test.
 *
 * Usage: `npm run bench:estimators` (about a minute; ROUNDS=n to change the 7 rounds).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import {
  assetReturns,
  blackLitterman,
  impliedEquilibriumReturns,
  ledoitWolfCovariance,
  sampleCovariance,
  type AssetReturns,
  type BlackLittermanView,
  type Covariance,
  type ExpectedReturns,
} from "@thematic/engine";
import { lcg } from "../_internal/lcg.ts";
import { stopChild } from "../_internal/stopChild.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const TAU = 0.05;

interface BlackLittermanCase {
  sigma: Covariance;
  sigmaRows: number[][];
  prior: ExpectedReturns;
  views: BlackLittermanView[];
  /** The views as the peer reads them: P (k×n), q per period, the confidences. */
  P: Float64Array;
  q: Float64Array;
  confidence: Float64Array;
}

interface Case {
  name: string;
  label: string;
  assets: number;
  periods: number;
  returns: AssetReturns;
  raw: Float64Array;
  /** Calls per timed batch of the covariance estimators. */
  runs: number;
  bl?: BlackLittermanCase;
}

function makeCase(assets: number, periods: number, seed: number, runs: number, withViews: boolean): Case {
  const random = lcg(seed);
  const gauss = (): number => {
    let u = 0;
    for (let k = 0; k < 12; k++) u += random();
    return u - 6;
  };
  const beta = Array.from({ length: assets }, () => 0.5 + random());
  const drift = Array.from({ length: assets }, () => 0.0002 + 0.0006 * gauss());
  const noise = Array.from({ length: assets }, () => 0.01 + 0.02 * random());
  const raw = new Float64Array(periods * assets);
  for (let t = 0; t < periods; t++) {
    const market = 0.0004 + 0.01 * gauss();
    for (let i = 0; i < assets; i++) raw[t * assets + i] = drift[i]! + beta[i]! * market + noise[i]! * gauss();
  }
  const ids = Array.from({ length: assets }, (_, i) => `A${String(i).padStart(3, "0")}`);
  const returns = assetReturns(raw, { assets: ids, frequency: "daily" });
  const c: Case = {
    name: `n${assets}t${periods}`,
    label: `${assets} assets × ${periods.toLocaleString("en")} days`,
    assets,
    periods,
    returns,
    raw,
    runs,
  };
  if (withViews) {
    const sigma = sampleCovariance(returns);
    const market = Array.from({ length: assets }, () => 0.1 + random());
    const total = market.reduce((a, b) => a + b, 0);
    const prior = impliedEquilibriumReturns(
      sigma,
      Object.fromEntries(ids.map((id, i) => [id, market[i]! / total])),
      2.5,
    );
    const views: BlackLittermanView[] = [];
    const k = 10;
    const P = new Float64Array(k * assets);
    const q = new Float64Array(k);
    const confidence = new Float64Array(k);
    for (let v = 0; v < k; v++) {
      const a = (v * 29 + 3) % assets;
      const b = (v * 53 + 17) % assets;
      const annual = -0.05 + 0.2 * random();
      const c = 0.3 + 0.6 * random();
      if (v % 2 === 0) {
        views.push({ asset: ids[a]!, return: annual, confidence: c });
        P[v * assets + a] = 1;
      } else {
        views.push({ long: [ids[a]!], short: [ids[b]!], return: annual, confidence: c });
        P[v * assets + a] = 1;
        P[v * assets + b] = -1;
      }
      q[v] = annual / 252;
      confidence[v] = c;
    }
    const sigmaRows = Array.from({ length: assets }, (_, i) =>
      Array.from(sigma.values.subarray(i * assets, (i + 1) * assets)),
    );
    c.bl = { sigma, sigmaRows, prior, views, P, q, confidence };
  }
  return c;
}

const CASES: Case[] = [makeCase(300, 1260, 301, 10, true), makeCase(50, 2520, 51, 100, false)];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Elapsed and CPU milliseconds of one call of `fn`. */
function timeOnce(fn: () => unknown): { ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  fn();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

/** Elapsed and CPU milliseconds per call of `fn`, over a batch of `n` calls after a warm-up batch of n / 10. */
function timeBatch(fn: () => unknown, n: number): { ms: number; cpuMs: number } {
  for (let i = 0; i < Math.max(1, n / 10); i++) fn();
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < n; i++) fn();
  const ms = (performance.now() - start) / n;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 / n };
}

function maxRelativeDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let scale = 0;
  for (let i = 0; i < a.length; i++) scale = Math.max(scale, Math.abs(b[i]!));
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!) / scale);
  return worst;
}

const dir = mkdtempSync(join(tmpdir(), "bench-estimators-"));
const raw = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
for (const c of CASES) {
  writeFileSync(
    join(dir, `${c.name}.json`),
    JSON.stringify({ periods: c.periods, assets: c.assets, views: c.bl?.views.length ?? 0, tau: TAU }),
  );
  writeFileSync(join(dir, `${c.name}.returns.f64`), raw(c.raw));
  if (c.bl !== undefined) {
    writeFileSync(join(dir, `${c.name}.sigma.f64`), raw(c.bl.sigma.values));
    writeFileSync(join(dir, `${c.name}.pi.f64`), raw(c.bl.prior.values));
    writeFileSync(join(dir, `${c.name}.P.f64`), raw(c.bl.P));
    writeFileSync(join(dir, `${c.name}.q.f64`), raw(c.bl.q));
    writeFileSync(join(dir, `${c.name}.confidence.f64`), raw(c.bl.confidence));
  }
}

/** One numpy peer process; `threads` caps OpenBLAS's threads (undefined: numpy's default, every core). */
function startPeer(threads: number | undefined) {
  const env =
    threads === undefined
      ? process.env
      : { ...process.env, OPENBLAS_NUM_THREADS: String(threads), OMP_NUM_THREADS: String(threads) };
  const child = spawn(
    "python3",
    [join(dirname(fileURLToPath(import.meta.url)), "estimators_peer.py"), dir, ...CASES.map((c) => c.name)],
    {
      stdio: ["pipe", "pipe", "inherit"],
      env,
    },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const ask = async (command: string): Promise<Record<string, unknown>> => {
    child.stdin!.write(`${command}\n`);
    const next = await lines.next();
    if (next.done === true) throw new Error(`the numpy peer exited before answering "${command}"`);
    const answer = JSON.parse(next.value) as Record<string, unknown>;
    if (typeof answer.error === "string") throw new Error(answer.error);
    return answer;
  };
  return { child, ask };
}

interface Task {
  label: string;
  /** The peer's command word. */
  peer: string;
  engine: () => unknown;
  runs: number;
}

function tasks(c: Case): Task[] {
  const list: Task[] = [
    { label: "sampleCovariance vs np.cov", peer: "cov", engine: () => sampleCovariance(c.returns), runs: c.runs },
    {
      label: "ledoitWolfCovariance identity vs numpy LW 2004",
      peer: "lw-identity",
      engine: () => ledoitWolfCovariance(c.returns, { target: "identity" }),
      runs: c.runs,
    },
    {
      label: "ledoitWolfCovariance single-factor vs numpy LW 2003",
      peer: "lw-single-factor",
      engine: () => ledoitWolfCovariance(c.returns, { target: "single-factor" }),
      runs: c.runs,
    },
    {
      label: "ledoitWolfCovariance constant-correlation (default) vs numpy LW 2004",
      peer: "lw-constant-correlation",
      engine: () => ledoitWolfCovariance(c.returns, { target: "constant-correlation" }),
      runs: c.runs,
    },
  ];
  const bl = c.bl;
  if (bl !== undefined) {
    list.push({
      label: "blackLitterman, 10 views, checked Covariance",
      peer: "bl",
      engine: () => blackLitterman(bl.prior, bl.sigma, { tau: TAU, views: bl.views }),
      runs: c.runs * 20,
    });
    list.push({
      label: "blackLitterman, 10 views, plain rows (checked each call)",
      peer: "bl",
      engine: () => blackLitterman(bl.prior, bl.sigmaRows, { tau: TAU, views: bl.views }),
      runs: c.runs * 2,
    });
  }
  return list;
}

const peer = startPeer(undefined);
const peer1 = startPeer(1);
try {
  const before = loadavg();
  // First calls in this process, before anything else runs the kernels.
  const first = new Map<string, { ms: number; cpuMs: number }>();
  for (const c of CASES) for (const t of tasks(c)) first.set(`${c.name} ${t.label}`, timeOnce(t.engine));

  const rows: string[] = [];
  for (const c of CASES) {
    // Same answers first.
    const check = await peer.ask(`check ${c.name}`);
    await peer1.ask(`check ${c.name}`);
    const cov = sampleCovariance(c.returns);
    const lw = ledoitWolfCovariance(c.returns, { target: "identity" });
    const lwSf = ledoitWolfCovariance(c.returns, { target: "single-factor" });
    const lwCc = ledoitWolfCovariance(c.returns, { target: "constant-correlation" });
    const shrunk = (mine: { values: Float64Array; shrinkage: number }, key: string) =>
      Math.max(
        maxRelativeDifference(mine.values, check[key] as number[]),
        Math.abs(mine.shrinkage - (check[`${key}Shrinkage`] as number)),
      );
    const diffs: Record<string, number> = {
      cov: maxRelativeDifference(cov.values, check.cov as number[]),
      "lw-identity": shrunk(lw, "lwIdentity"),
      "lw-single-factor": shrunk(lwSf, "lwSingleFactor"),
      "lw-constant-correlation": shrunk(lwCc, "lwConstantCorrelation"),
    };
    if (c.bl !== undefined) {
      const bl = blackLitterman(c.bl.prior, c.bl.sigma, { tau: TAU, views: c.bl.views });
      diffs.bl = Math.max(
        maxRelativeDifference(bl.expectedReturns.values, check.blReturns as number[]),
        maxRelativeDifference(bl.covariance.values, check.blCovariance as number[]),
      );
    }
    for (const [what, d] of Object.entries(diffs))
      if (!(d < 1e-10)) throw new Error(`${c.label}: the engine and numpy disagree on ${what} (${d})`);

    for (const t of tasks(c)) {
      const engine: number[] = [];
      const engineCpu: number[] = [];
      const numpy: number[] = [];
      const numpyCpu: number[] = [];
      const numpyAll: number[] = [];
      const numpyOne: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const e = timeBatch(t.engine, t.runs);
        engine.push(e.ms);
        engineCpu.push(e.cpuMs);
        const p = await peer.ask(`time ${c.name} ${t.peer} ${t.runs}`);
        const p1 = await peer1.ask(`time ${c.name} ${t.peer} ${t.runs}`);
        numpyAll.push(p.ms as number);
        numpyOne.push(p1.ms as number);
        numpy.push(Math.min(p.ms as number, p1.ms as number));
        numpyCpu.push(Math.min(p.cpuMs as number, p1.cpuMs as number));
      }
      const e = median(engine);
      const p = median(numpy);
      const f = first.get(`${c.name} ${t.label}`)!;
      const range = (xs: number[]) => `${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)}`;
      rows.push(
        `| ${c.label} | ${t.label} | ${e.toFixed(3)} | ${p.toFixed(3)} | **${(e / p).toFixed(2)}×** | ${f.ms.toFixed(2)} (${(f.ms / p).toFixed(2)}×) | ${median(numpyAll).toFixed(3)} | ${median(numpyOne).toFixed(3)} | ${median(engineCpu).toFixed(3)} | ${median(numpyCpu).toFixed(3)} | ${(median(engineCpu) / median(numpyCpu)).toFixed(2)}× | ${range(engine)} | ${range(numpy)} | ${(diffs[t.peer] ?? 0).toExponential(1)} |`,
      );
    }
  }
  const after = loadavg();
  console.log(
    `Node ${process.version}, ${process.platform}/${process.arch}; ${ROUNDS} alternating rounds; load average ${before.map((x) => x.toFixed(2)).join(", ")} before, ${after.map((x) => x.toFixed(2)).join(", ")} after\n`,
  );
  console.log(
    "| case | task | engine ms (median, warm) | numpy ms (median, faster peer each round) | engine / numpy | engine first call in the process, ms (/ numpy) | numpy all cores ms | numpy 1 thread ms | engine CPU ms | numpy CPU ms | CPU ratio | engine range ms | numpy range ms | max difference (relative to the largest entry) |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|");
  for (const row of rows) console.log(row);
} finally {
  for (const p of [peer, peer1]) {
    p.child.stdin!.end();
    await stopChild(p.child);
  }
  rmSync(dir, { recursive: true, force: true });
}
