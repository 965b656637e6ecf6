/**
 * The engine's minimumRisk against scipy's HiGHS (bench/riskMeasures/riskmeasures_peer.py, the same
 * LPs written the same way, built with scipy.sparse and solved by linprog(method="highs")), on
 * 100 and 300 assets × 1,260 days of one-factor returns (syntheticUniverse, fixed seeds), maxWeight
 * 0.1, CDaR at β = 0.95. Both sides time building and solving the LP from the return matrix; the
 * medians of ROUNDS solves (default 3, after one warm-up solve on the engine's side, which loads the
 * solver) are printed with the ratio engine / scipy, the load averages and the relative difference
 * of the optimal risks. Not a test.
 *
 * Usage: `npm run bench:risk-measures` (ROUNDS=n; ASSETS=100,300 by default).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { assetReturns, minimumRisk, RISK_MEASURES } from "@thematic/engine";
import { syntheticUniverse } from "../../packages/engine/src/testing/index.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SIZES = (process.env.ASSETS ?? "100,300").split(",").map(Number);
const PERIODS = 1260;
const MAX_WEIGHT = 0.1;
const BETA = 0.95;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const dir = mkdtempSync(join(tmpdir(), "risk-measures-bench-"));
try {
  console.log(
    `minimumRisk vs scipy linprog (HiGHS), ${PERIODS} days, maxWeight ${MAX_WEIGHT}, ${ROUNDS} rounds; load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
  console.log("assets  measure          engine ms  scipy ms  ratio  risk rel. diff");
  for (const n of SIZES) {
    const u = syntheticUniverse(1000 + n, n, PERIODS).scenarios;
    const r = assetReturns(u.returns, { assets: u.assetIds, frequency: "daily" });
    const file = join(dir, `returns-${n}.f64`);
    writeFileSync(file, new Uint8Array(u.returns.buffer, u.returns.byteOffset, u.returns.byteLength));
    const peer = spawnSync(
      "python3",
      [
        join(dirname(fileURLToPath(import.meta.url)), "riskmeasures_peer.py"),
        file,
        String(PERIODS),
        String(n),
        String(MAX_WEIGHT),
        String(BETA),
        String(ROUNDS),
        ...RISK_MEASURES,
      ],
      {
        encoding: "utf8",
        maxBuffer: 1 << 24,
      },
    );
    if (peer.status !== 0) throw new Error(`the scipy peer failed: ${peer.stderr}`);
    const scipy = JSON.parse(peer.stdout) as Record<string, { ms: number; objective: number }>;
    await minimumRisk(r, { riskMeasure: "minimax", maxWeight: MAX_WEIGHT });
    for (const measure of RISK_MEASURES) {
      const options = {
        riskMeasure: measure,
        maxWeight: MAX_WEIGHT,
        ...(measure === "cdar" ? { confidence: BETA } : {}),
      };
      const times: number[] = [];
      let risk = Number.NaN;
      for (let k = 0; k < ROUNDS; k++) {
        const start = performance.now();
        risk = (await minimumRisk(r, options)).risk;
        times.push(performance.now() - start);
      }
      const engineMs = median(times);
      const peerMs = scipy[measure]!.ms;
      const diff = (risk - scipy[measure]!.objective) / Math.abs(scipy[measure]!.objective);
      console.log(
        `${String(n).padStart(6)}  ${measure.padEnd(15)}  ${engineMs.toFixed(0).padStart(9)}  ${peerMs.toFixed(0).padStart(8)}  ${(engineMs / peerMs).toFixed(2).padStart(5)}  ${diff.toExponential(1)}`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
