import type { Bench } from "tinybench";
import { meanCvarOptimize, scoreTilt, type OptimizerCompany, type ReturnScenarios } from "@thematic/engine";
import type { Suite } from "../harness.ts";
// Mulberry32 from the engine's test support, so every run measures the same data.
import { seededRandom } from "../../packages/engine/src/_test/seededRandom.ts";


/**
 * Synthetic one-factor daily returns r_{t,i} = μ_i + β_i·f_t + σ_i·ε_{t,i} (5% of days with 2.5×
 * the market volatility), and companies with random linguistic beta, buzz, conviction and caps >= 1e9.
 */
function universe(seed: number, assets: number, periods: number): { companies: OptimizerCompany[]; scenarios: ReturnScenarios } {
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
    id, marketCap: 1e9 * (1 + 100 * random()), linguisticBeta: random(), marketBuzz: Math.exp(gauss()) / 3, convictionScore: random(),
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
    bench.add("scoreTilt 1000 companies (pure tilt)", async () => {
      await scoreTilt(thousand, undefined, { maxWeight: 0.01, minWeight: 0.0005, tiltExponent: 2 });
    });
  },
};

export default suite;
