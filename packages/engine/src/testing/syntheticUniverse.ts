import type { OptimizerCompany, ReturnScenarios } from "../optimize/types.ts";
import { seededRandom } from "./seededRandom.ts";

/** Standard normal draws (Box–Muller) from a seeded uniform source. */
export function gaussianSource(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(random() + 1e-300)) * Math.cos(2 * Math.PI * random());
}

/**
 * A seeded one-factor universe: r_{t,i} = μ_i + β_i·f_t + σ_i·ε_{t,i}, daily, with fat-tailed
 * market days (5% of days have 2.5× the factor volatility); companies with random linguistic beta,
 * buzz, conviction and market caps between 1e8 and 1e11.
 */
export function syntheticUniverse(
  seed: number,
  assets: number,
  periods: number,
): { companies: OptimizerCompany[]; scenarios: ReturnScenarios } {
  const random = seededRandom(seed);
  const gauss = gaussianSource(random);
  const ids = Array.from({ length: assets }, (_, i) => `C${String(i).padStart(3, "0")}`);
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
    marketCap: 10 ** (8 + 3 * random()),
    linguisticBeta: random(),
    marketBuzz: Math.exp(gauss()) / 3,
    convictionScore: random(),
  }));
  return { companies, scenarios: { assetIds: ids, returns, periods } };
}
