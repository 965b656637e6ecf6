import type { Highs } from "highs";
import { EngineError } from "../../errors/EngineError.ts";
import { addScenarios, createCvarModel, type CvarModelVariant } from "./cvarModel.ts";
import { objectiveAt, type MeanCvarProblem } from "./meanCvarProblem.ts";
import { runToOptimality, withSolverModel } from "./solver.ts";
import { DUST, GAP_TOL } from "./tolerance.ts";

/** Outcome of {@link solveByScenarioGeneration}. */
export interface GenerationResult {
  /** The best weights found (clamped into their bounds, dust set to 0). */
  weights: Float64Array;
  /** The binaries at that point (MILP variant), else undefined. */
  z: Float64Array | undefined;
  /** The true objective at `weights`. */
  objective: number;
  /** Proven upper bound on the optimum of the full problem (LP value, or MILP dual bound, of the last relaxation). */
  upper: number;
  /** Solves performed. */
  rounds: number;
  /** The scenarios in the final model (to warm the next phase). */
  scenarios: number[];
}

/**
 * Delayed scenario generation for the RU LP / MILP (docs/maths.md#cutting-plane): solve the model
 * restricted to the scenarios S added so far (a relaxation: its optimum U bounds the true optimum
 * from above), evaluate the true objective f(w) at its solution (CVaR over all T scenarios), stop
 * when U − max f <= GAP_TOL (the certificate), else add every scenario outside S whose loss exceeds
 * the model's α (each is a violated cut u_t >= −r_tᵀw − α) and solve again, warm from the last basis.
 * If no scenario is violated but the gap is still open (numerical trouble), every remaining
 * scenario is added, which makes the model the full problem.
 *
 * @throws EngineError SOLVER_FAILURE when a solve is not optimal or the gap cannot be closed.
 */
export function solveByScenarioGeneration(
  highs: Highs,
  p: MeanCvarProblem,
  variant: CvarModelVariant,
  initial: readonly number[],
): GenerationResult {
  const { n, periods: T, returns: R } = p;
  const what = variant.binary ? "the cardinality-constrained MILP" : "the mean-CVaR LP";
  return withSolverModel(
    () => createCvarModel(highs, p, variant),
    (m) => {
      addScenarios(highs, m, p, initial);
      let best: { weights: Float64Array; z: Float64Array | undefined; objective: number } | undefined;
      for (let rounds = 1; ; rounds++) {
        runToOptimality(m.model, what);
        const x = m.model.getSolution().colValue;
        const upper = variant.binary ? Number(m.model.info.get("mip_dual_bound")) : m.model.getObjectiveValue();
        const weights = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          const lower = variant.lower?.[i] ?? 0;
          const v = Math.min(p.maxWeight, Math.max(lower, x[i]!));
          weights[i] = lower === 0 && v < DUST ? 0 : v;
        }
        const { objective } = objectiveAt(p, weights);
        if (best === undefined || objective > best.objective) {
          best = { weights, z: variant.binary ? x.slice(m.zColumn, m.zColumn + n) : undefined, objective };
        }
        if (!(upper - best.objective > GAP_TOL)) {
          const scenarios: number[] = [];
          for (let t = 0; t < T; t++) if (m.inModel[t]) scenarios.push(t);
          return { ...best, upper, rounds, scenarios };
        }
        const alpha = x[m.alphaColumn]!;
        const violated: number[] = [];
        const remaining: number[] = [];
        for (let t = 0; t < T; t++) {
          if (m.inModel[t]) continue;
          remaining.push(t);
          const row = t * n;
          let loss = 0;
          for (let i = 0; i < n; i++) loss -= R[row + i]! * x[i]!;
          if (loss > alpha) violated.push(t);
        }
        if (remaining.length === 0) {
          throw new EngineError(
            "SOLVER_FAILURE",
            `the HiGHS solver did not certify ${what}: the optimality gap ${upper - best.objective} stays above ${GAP_TOL} with every scenario in the model`,
          );
        }
        addScenarios(highs, m, p, violated.length > 0 ? violated : remaining);
      }
    },
  );
}
