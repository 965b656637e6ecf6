import type { Bench } from "tinybench";
import * as ss from "simple-statistics";
import { conditionalValueAtRisk, maxDrawdown, sharpeRatio, valueAtRisk, volatility } from "@thematic/engine";
import { lcg } from "../_internal/lcg.ts";
import type { Suite } from "../harness.ts";

const N = 5000;

const suite: Suite = {
  name: "stats",
  targets: { "conditionalValueAtRisk 5,000 returns": "<= 1 ms" },
  register(bench: Bench) {
    const random = lcg(11);
    const returns = Float64Array.from({ length: N }, () => (random() - 0.48) * 0.04);
    const returnsArray = Array.from(returns);
    const nav = new Float64Array(N);
    nav[0] = 10000;
    for (let t = 1; t < N; t++) nav[t] = nav[t - 1]! * (1 + returns[t]!);
    const losses = returnsArray.map((r) => -r);

    bench.add("conditionalValueAtRisk 5,000 returns", () => {
      conditionalValueAtRisk(returns, 0.95);
    });
    bench.add("valueAtRisk 5,000 returns", () => {
      valueAtRisk(returns, 0.95);
    });
    // Peer: simple-statistics has no CVaR; its quantile (R type 7, sorts a copy) is the nearest VaR analogue.
    bench.add("peer simple-statistics quantile(losses, 0.95) 5,000", () => {
      ss.quantile(losses, 0.95);
    });
    bench.add("volatility 5,000 returns", () => {
      volatility(returns, 252);
    });
    bench.add("peer simple-statistics sampleStandardDeviation 5,000", () => {
      ss.sampleStandardDeviation(returnsArray);
    });
    bench.add("sharpeRatio 5,000 returns", () => {
      sharpeRatio(returns, { riskFreeRate: 0.02, periodsPerYear: 252 });
    });
    bench.add("peer simple-statistics mean / sampleStandardDeviation 5,000", () => {
      ss.mean(returnsArray) / ss.sampleStandardDeviation(returnsArray);
    });
    bench.add("maxDrawdown 5,000 values", () => {
      maxDrawdown(nav);
    });
  },
};

export default suite;
