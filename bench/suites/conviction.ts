import { convictionScores, type ConvictionInput } from "@thematic/engine";
import { linearRegression } from "simple-statistics";
import type { Suite } from "../harness.ts";

/** Deterministic PRNG (mulberry32) so every run scores the same companies. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 10,000 companies: caps log-uniform 1e7..1e13 USD (about 30% below the 500M default), 2% null. */
function makeCompanies(n: number): ConvictionInput[] {
  const rnd = mulberry32(42);
  return Array.from({ length: n }, () => ({
    linguisticBeta: rnd(),
    marketBuzz: rnd(),
    marketCap: rnd() < 0.02 ? null : 10 ** (7 + 6 * rnd()),
  }));
}

/** Peer: the same formula written plainly with simple-statistics' linearRegression. */
function plainScores(companies: ConvictionInput[], minMarketCap = 500_000_000): number[] {
  const pts: [number, number][] = [];
  for (const c of companies)
    if (c.marketCap !== null && c.marketCap >= minMarketCap && c.marketCap > 0)
      pts.push([Math.log(c.marketCap), c.marketBuzz]);
  const { m, b } = pts.length > 1 ? linearRegression(pts) : { m: 0, b: pts[0]?.[1] ?? 0 };
  return companies.map((c) => {
    if (c.marketCap === null || c.marketCap < minMarketCap || c.marketCap <= 0) return 0;
    const e = c.marketBuzz - (m * Math.log(c.marketCap) + b);
    const s = 1 / (1 + Math.exp(-(4 * (c.linguisticBeta - 0.5) + 6 * e)));
    return Math.min(1 - 2 ** -52, Math.max(2 ** -52, s));
  });
}

const suite: Suite = {
  name: "conviction",
  register(bench) {
    const companies = makeCompanies(10_000);
    // Each task returns its result, so the calls cannot be optimised away.
    bench.add("convictionScores, 10,000 companies", () => convictionScores(companies));
    bench.add("peer: plain JS + simple-statistics linearRegression, 10,000 companies", () => plainScores(companies));
  },
  targets: { "convictionScores, 10,000 companies": "<= 5 ms" },
};

export default suite;
