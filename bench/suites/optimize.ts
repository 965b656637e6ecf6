import type { Bench } from "tinybench";
import {
  assetReturns,
  discreteAllocation,
  meanCvar,
  meanCvarOptimize,
  minimumCvar,
  scoreTilt,
  type OptimizerCompany,
  type ReturnScenarios,
} from "@thematic/engine";
import type { Suite } from "../harness.ts";
// Mulberry32 from the engine's test support, so every run measures the same data.
import { seededRandom } from "../../packages/engine/src/_test/seededRandom.ts";

/**
 * Synthetic one-factor daily returns r_{t,i} = μ_i + β_i·f_t + σ_i·ε_{t,i} (5% of days with 2.5×
 * the market volatility), and companies with random linguistic beta, buzz, conviction and caps >= 1e9.
 */
function universe(
  seed: number,
  assets: number,
  periods: number,
): { companies: OptimizerCompany[]; scenarios: ReturnScenarios } {
  const random = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-300)) * Math.cos(2 * Math.PI * random());
  const ids = Array.from({ length: assets }, (_, i) => `C${i}`);
  const mu = ids.map(() => 0.0004 + 0.0003 * gauss());
  const beta = ids.map(() => 0.6 + 0.8 * random());
  const sigma = ids.map(() => 0.01 + 0.015 * random());
  const returns = new Float64Array(periods * assets);
  for (let t = 0; t < periods; t++) {
    const f = 0.011 * gauss() * (random() < 0.05 ? 2.5 : 1);
    for (let i = 0; i < assets; i++) returns[t * assets + i] = mu[i]! + beta[i]! * f + sigma[i]! * gauss();
  }
  const companies = ids.map((id) => ({
    id,
    marketCap: 1e9 * (1 + 100 * random()),
    linguisticBeta: random(),
    marketBuzz: Math.exp(gauss()) / 3,
    convictionScore: random(),
  }));
  return { companies, scenarios: { assetIds: ids, returns, periods } };
}

const suite: Suite = {
  name: "optimize",
  timeMs: 500,
  targets: {
    "meanCvarOptimize 100×1260 cutting plane": "<= 250 ms",
    "scoreTilt 1000 companies (pure tilt)": "< 1 ms",
  },
  register(bench: Bench) {
    const hundred = universe(1, 100, 1260);
    const threeHundred = universe(2, 300, 1260);
    const thousand = universe(3, 1000, 2).companies;
    bench.add("meanCvarOptimize 100×1260 cutting plane", async () => {
      await meanCvarOptimize(hundred.companies, hundred.scenarios);
    });
    bench.add("meanCvarOptimize 100×1260 plain LP", async () => {
      await meanCvarOptimize(hundred.companies, hundred.scenarios, { method: "plain-lp" });
    });
    bench.add("meanCvarOptimize 300×1260 cutting plane", async () => {
      await meanCvarOptimize(threeHundred.companies, threeHundred.scenarios, { maxWeight: 0.1 });
    });
    bench.add("meanCvarOptimize 300×1260 plain LP", async () => {
      await meanCvarOptimize(threeHundred.companies, threeHundred.scenarios, { maxWeight: 0.1, method: "plain-lp" });
    });
    bench.add("meanCvarOptimize 100×1260 cutting plane, 40 holdings >= 2% (MILP)", async () => {
      await meanCvarOptimize(hundred.companies, hundred.scenarios, { minHoldings: 40, minActiveWeight: 0.02 });
    });
    // The same LP construction on any assets (no company records): the daily 100×1260 returns, labelled.
    const labelled = assetReturns(hundred.scenarios.returns, {
      assets: hundred.scenarios.assetIds,
      frequency: "daily",
    });
    bench.add("minimumCvar 100×1260 cutting plane", async () => {
      await minimumCvar(labelled);
    });
    bench.add("minimumCvar 100×1260 cutting plane, maxWeight 0.1, annual targetReturn 0.3", async () => {
      await minimumCvar(labelled, { maxWeight: 0.1, targetReturn: 0.3 });
    });
    bench.add("meanCvar 100×1260 cutting plane (trade-off)", async () => {
      await meanCvar(labelled, { maxWeight: 0.1 });
    });
    bench.add("meanCvar 100×1260 cutting plane (targetCvar)", async () => {
      await meanCvar(labelled, { maxWeight: 0.1, targetCvar: 0.02 });
    });
    // Whole shares for 100,000 over 50 assets (bare arrays: the same call before and after labelling).
    const allocation = (seed: number, n: number) => {
      const random = seededRandom(seed);
      const raw = Array.from({ length: n }, () => 0.2 + random());
      const total = raw.reduce((a, b) => a + b, 0);
      return {
        weights: raw.map((x) => x / total),
        prices: raw.map(() => Math.round((5 + 495 * random()) * 100) / 100),
      };
    };
    const fifty = allocation(4, 50);
    bench.add("discreteAllocation 50 assets, 100,000 (track weights)", async () => {
      await discreteAllocation(fifty.weights, fifty.prices, 100_000);
    });
    bench.add("discreteAllocation 50 assets, 100,000 (least cash)", async () => {
      await discreteAllocation(fifty.weights, fifty.prices, 100_000, { objective: "least-cash" });
    });
    bench.add("scoreTilt 1000 companies (pure tilt)", async () => {
      await scoreTilt(thousand, undefined, { maxWeight: 0.01, minWeight: 0.0005, tiltExponent: 2 });
    });
  },
};

export default suite;
