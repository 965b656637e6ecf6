// portfolio-allocation ships no types: the two functions this bench calls, as its JSDoc documents them.
declare module "portfolio-allocation" {
  interface Options {
    optimizationMethod?: "critical-line" | "gsmo" | "automatic";
    constraints?: { minWeights?: number[]; maxWeights?: number[] };
  }
  const PortfolioAllocation: {
    globalMinimumVarianceWeights(sigma: number[][], opt?: Options): number[];
    maximumSharpeRatioWeights(mu: number[], sigma: number[][], rf: number, opt?: Options): number[];
  };
  export default PortfolioAllocation;
}
