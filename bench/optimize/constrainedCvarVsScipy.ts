/**
 * The engine's minimumCvar under portfolio rules against scipy's HiGHS
 * (bench/optimize/constrainedcvar_peer.py: the Rockafellar–Uryasev LP with trade variables
 * w = w⁰ + u − v, written from the formulas, built with scipy.sparse and solved by
 * linprog(method="highs")), on 300 assets × 1,260 days of one-factor returns (syntheticUniverse,
 * fixed seed, shared with the peer through a file), CVaR at β = 0.95, maxWeight 0.05, 10 sectors
 * (30 assets each, ranked by volatility) each capped at 0.3 by `groupLimits`, `previousWeights` w⁰ (uneven:
 * the two least volatile sectors at 0.28 each, near their caps) and `maxTurnover` 0.2; a second case adds `transactionCosts`
 * 0.001; the plain minimumCvar (maxWeight 0.05 only) on the same data is timed for reference.
 *
 * The optimal objectives are checked to agree within 1e-9 relative before any timing. Then ROUNDS
 * alternating rounds (default 5; engine, then the peer, case by case), after one warm-up solve of
 * each case on each side. Both sides time the whole call (building and solving the LP from the
 * return matrix); elapsed and CPU medians, the ratio engine / scipy and the load (`uptime`) before
 * and after are printed. Not a test.
 *
 * Usage: `npm run bench:constrained-cvar` (ROUNDS=n).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { assetReturns, type MinimumCvarOptions, minimumCvar } from "@thematic/engine";
import { syntheticUniverse } from "../../packages/engine/src/testing/index.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const N = 300;
const PERIODS = 1260;
const BETA = 0.95;
const MAX_WEIGHT = 0.05;
const SECTORS = 10;
const GROUP_CAP = 0.3;
const MAX_TURNOVER = 0.2;
const COST = 0.001;
const CASES = ["constrained", "costs", "plain"] as const;
type Case = (typeof CASES)[number];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const uptime = () => execFileSync("uptime", { encoding: "utf8" }).trim();

const u = syntheticUniverse(2030, N, PERIODS).scenarios;
const r = assetReturns(u.returns, { assets: u.assetIds, frequency: "daily" });
// Sectors by volatility: sector s holds the assets of ranks 30s … 30s + 29 by sample standard
// deviation, so the least volatile sectors are the ones minimum CVaR wants more of than the cap allows.
const sd = Float64Array.from({ length: N }, (_, i) => {
  let m = 0;
  let q = 0;
  for (let t = 0; t < PERIODS; t++) {
    const x = u.returns[t * N + i]!;
    m += x;
    q += x * x;
  }
  m /= PERIODS;
  return Math.sqrt(q / PERIODS - m * m);
});
const sector = new Int32Array(N);
Array.from({ length: N }, (_, i) => i)
  .sort((a, b) => sd[a]! - sd[b]!)
  .forEach((i, rank) => {
    sector[i] = Math.floor(rank / (N / SECTORS));
  });
// w⁰: the two least volatile sectors hold 0.28 each, the other eight share 0.44 (every weight below maxWeight).
const w0 = Float64Array.from({ length: N }, (_, i) => (sector[i]! < 2 ? 0.28 : 0.44 / 8) / (N / SECTORS));
const sectorName = (s: number) => `S${s}`;
const groups = { sector: Object.fromEntries(u.assetIds.map((id, i) => [id, sectorName(sector[i]!)])) };
const groupLimits = {
  sector: Object.fromEntries(Array.from({ length: SECTORS }, (_, s) => [sectorName(s), [0, GROUP_CAP] as const])),
};
const previousWeights = Object.fromEntries(u.assetIds.map((id, i) => [id, w0[i]!]));
const OPTIONS: Record<Case, MinimumCvarOptions> = {
  constrained: {
    confidence: BETA,
    maxWeight: MAX_WEIGHT,
    groups,
    groupLimits,
    previousWeights,
    maxTurnover: MAX_TURNOVER,
  },
  costs: {
    confidence: BETA,
    maxWeight: MAX_WEIGHT,
    groups,
    groupLimits,
    previousWeights,
    maxTurnover: MAX_TURNOVER,
    transactionCosts: COST,
  },
  plain: { confidence: BETA, maxWeight: MAX_WEIGHT },
};

interface Timed {
  ms: number;
  cpuMs: number;
  objective: number;
  cvar: number;
}

async function engine(c: Case): Promise<Timed & { warnings: string[] }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const p = await minimumCvar(r, OPTIONS[c]);
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (p.certificate.objective === null) throw new Error(`${c}: the engine reported no objective`);
  return {
    ms,
    cpuMs: (used.user + used.system) / 1000,
    objective: p.certificate.objective,
    cvar: p.cvar,
    warnings: p.warnings,
  };
}

const dir = mkdtempSync(join(tmpdir(), "constrained-cvar-bench-"));
const bytes = (a: Float64Array | Int32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
writeFileSync(join(dir, "returns.f64"), bytes(u.returns));
writeFileSync(join(dir, "w0.f64"), bytes(w0));
writeFileSync(join(dir, "sector.i32"), bytes(sector));
const child = spawn(
  "python3",
  [
    join(dirname(fileURLToPath(import.meta.url)), "constrainedcvar_peer.py"),
    join(dir, "returns.f64"),
    join(dir, "w0.f64"),
    join(dir, "sector.i32"),
    String(PERIODS),
    String(N),
    String(BETA),
    String(MAX_WEIGHT),
    String(GROUP_CAP),
    String(MAX_TURNOVER),
    String(COST),
  ],
  { stdio: ["pipe", "pipe", "inherit"] },
);
const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
async function scipy(c: Case): Promise<Timed> {
  child.stdin.write(`${c}\n`);
  const next = await lines.next();
  if (next.done) throw new Error("the scipy peer stopped");
  return JSON.parse(next.value) as Timed;
}

try {
  const before = uptime();
  console.log(
    `minimumCvar vs scipy linprog (HiGHS), ${N} assets × ${PERIODS} days, β ${BETA}, maxWeight ${MAX_WEIGHT}, ${SECTORS} sectors capped at ${GROUP_CAP}, maxTurnover ${MAX_TURNOVER}, costs ${COST}; Node ${process.version}; ${ROUNDS} alternating rounds after a warm-up`,
  );
  console.log(`load before: ${before}`);
  // Agreement first (the warm-up solve of each case on each side).
  for (const c of CASES) {
    const e = await engine(c);
    const s = await scipy(c);
    const diff = Math.abs(e.objective - s.objective) / Math.abs(s.objective);
    console.log(
      `${c}: objective engine ${e.objective.toPrecision(12)} scipy ${s.objective.toPrecision(12)} (rel. diff ${diff.toExponential(1)}); CVaR engine ${e.cvar.toPrecision(12)} scipy ${s.cvar.toPrecision(12)}; warnings ${e.warnings.length}`,
    );
    for (const w of e.warnings) console.log(`  ${w}`);
    if (!(diff <= 1e-9)) throw new Error(`${c}: the optimal objectives differ by ${diff} relative (> 1e-9)`);
  }
  const times = Object.fromEntries(CASES.map((c) => [c, { e: [] as Timed[], s: [] as Timed[] }])) as Record<
    Case,
    { e: Timed[]; s: Timed[] }
  >;
  for (let k = 0; k < ROUNDS; k++) {
    for (const c of CASES) {
      times[c].e.push(await engine(c));
      times[c].s.push(await scipy(c));
    }
  }
  const after = uptime();
  console.log(
    "case         engine ms  scipy ms  ratio  engine CPU ms  scipy CPU ms  CPU ratio  engine rounds ms        scipy rounds ms",
  );
  for (const c of CASES) {
    const { e, s } = times[c];
    const em = median(e.map((x) => x.ms));
    const sm = median(s.map((x) => x.ms));
    const ec = median(e.map((x) => x.cpuMs));
    const sc = median(s.map((x) => x.cpuMs));
    console.log(
      `${c.padEnd(11)}  ${em.toFixed(0).padStart(9)}  ${sm.toFixed(0).padStart(8)}  ${(em / sm).toFixed(2).padStart(5)}  ${ec.toFixed(0).padStart(13)}  ${sc.toFixed(0).padStart(12)}  ${(ec / sc).toFixed(2).padStart(9)}  ${e
        .map((x) => x.ms.toFixed(0))
        .join(",")
        .padEnd(22)}  ${s.map((x) => x.ms.toFixed(0)).join(",")}`,
    );
  }
  console.log(`load after: ${after}`);
} finally {
  child.stdin.end();
  rmSync(dir, { recursive: true, force: true });
}
