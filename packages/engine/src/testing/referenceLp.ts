import type { OptimizerCompany, ReturnScenarios } from "../optimize/types.ts";

/** A mean-CVaR problem as {@link referenceLp} takes it: the optimizer's inputs and its objective's coefficients. */
export interface ReferenceProblem {
  companies: readonly OptimizerCompany[];
  scenarios: ReturnScenarios;
  returnMultiplier: number;
  linguisticBetaWeight: number;
  buzzPenalty: number;
  maxWeight: number;
  confidence: number;
}

type OneShot = {
  solve(
    lp: string,
    options?: Record<string, unknown>,
  ): { Status: string; ObjectiveValue: number; Columns: Record<string, { Primal: number }> };
};

let solver: Promise<OneShot> | undefined;
export function oneShotHighs(): Promise<OneShot> {
  solver ??= import("highs").then((m) => m.default() as unknown as OneShot);
  return solver;
}

const num = (x: number): string => (x >= 0 ? `+ ${x.toPrecision(17)}` : `- ${(-x).toPrecision(17)}`);

/**
 * An independent reference for the mean-CVaR tests: the textbook Rockafellar–Uryasev LP written
 * as CPLEX LP text (a different code path from the engine's array-built model) with the usual
 * split |w_i − b_i| = p_i + m_i, solved by HiGHS's one-shot `solve`. `lower` fixes w_i >= lower_i
 * (the brute-force search over supports uses it). Returns the optimal objective and weights.
 */
export async function referenceLp(
  p: ReferenceProblem,
  lower?: ReadonlyMap<string, number>,
): Promise<{ objective: number; weights: Map<string, number> }> {
  const { companies, scenarios } = p;
  const n = companies.length;
  const T = scenarios.periods;
  const N = scenarios.assetIds.length;
  const col = companies.map((c) => scenarios.assetIds.indexOf(c.id));
  const raw = (1 - p.confidence) * T;
  const k = Math.abs(raw - Math.round(raw)) <= 1e-9 * raw ? Math.round(raw) : raw;
  const buzz = companies.map((c) => Math.max(0, c.marketBuzz));
  const buzzSum = buzz.reduce((a, b) => a + b, 0);
  const b = buzz.map((x) => (buzzSum > 0 ? x / buzzSum : 1 / n));
  const lines: string[] = ["Maximize", " obj:"];
  for (let i = 0; i < n; i++) {
    let mean = 0;
    for (let t = 0; t < T; t++) mean += scenarios.returns[t * N + col[i]!]!;
    mean /= T;
    lines.push(
      `  ${num(p.returnMultiplier * mean + p.linguisticBetaWeight * companies[i]!.linguisticBeta)} w${i} ${num(-p.buzzPenalty)} dp${i} ${num(-p.buzzPenalty)} dm${i}`,
    );
  }
  lines.push("  - 1 alpha");
  for (let t = 0; t < T; t++) lines.push(`  ${num(-1 / k)} u${t}`);
  lines.push("Subject To", ` budget: ${companies.map((_, i) => `+ 1 w${i}`).join(" ")} = 1`);
  for (let i = 0; i < n; i++) lines.push(` dev${i}: + 1 w${i} - 1 dp${i} + 1 dm${i} = ${b[i]!.toPrecision(17)}`);
  for (let t = 0; t < T; t++) {
    const terms = companies.map((_, i) => `${num(scenarios.returns[t * N + col[i]!]!)} w${i}`).join(" ");
    lines.push(` tail${t}: ${terms} + 1 alpha + 1 u${t} >= 0`);
  }
  lines.push("Bounds", " alpha free");
  for (let i = 0; i < n; i++)
    lines.push(` ${(lower?.get(companies[i]!.id) ?? 0).toPrecision(17)} <= w${i} <= ${p.maxWeight.toPrecision(17)}`);
  lines.push("End");
  const highs = await oneShotHighs();
  const result = highs.solve(lines.join("\n"), {
    output_flag: false,
    primal_feasibility_tolerance: 1e-10,
    dual_feasibility_tolerance: 1e-10,
  });
  if (result.Status !== "Optimal") return { objective: -Infinity, weights: new Map() };
  const weights = new Map(companies.map((c, i) => [c.id, result.Columns[`w${i}`]?.Primal ?? 0]));
  return { objective: result.ObjectiveValue, weights };
}

/** Every k-subset of 0..n-1, in lexicographic order. */
export function* subsets(n: number, k: number): Generator<number[]> {
  const pick = Array.from({ length: k }, (_, i) => i);
  while (true) {
    yield [...pick];
    let i = k - 1;
    while (i >= 0 && pick[i] === n - k + i) i--;
    if (i < 0) return;
    pick[i]!++;
    for (let j = i + 1; j < k; j++) pick[j] = pick[j - 1]! + 1;
  }
}

/**
 * Brute force of the cardinality constraint: for every set S of K companies, the reference LP with
 * w_i >= w_min on S; the best of them is the optimum of "at least K holdings >= w_min".
 */
export async function bruteForce(
  p: ReferenceProblem,
  minHoldings: number,
  minActiveWeight: number,
): Promise<{ objective: number; weights: Map<string, number> }> {
  let best = { objective: -Infinity, weights: new Map<string, number>() };
  for (const S of subsets(p.companies.length, minHoldings)) {
    const lower = new Map(S.map((i) => [p.companies[i]!.id, minActiveWeight]));
    const r = await referenceLp(p, lower);
    if (r.objective > best.objective) best = r;
  }
  return best;
}
