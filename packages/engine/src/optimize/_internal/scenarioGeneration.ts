import type { Highs } from "highs";
import { EngineError } from "../../errors/EngineError.ts";
import { addScenarios, createCvarModel, type CvarModelVariant } from "./cvarModel.ts";
import { objectiveAt, type MeanCvarProblem } from "./meanCvarProblem.ts";
import {
  HIGHS_SOLUTION_STATUS,
  HIGHS_STATUS,
  runToOptimality,
  statusName,
  withSolverModel,
} from "../../highs/solver.ts";
import { DUST, GAP_TOL } from "../../_internal/tolerance.ts";

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
  /** True when the time limit stopped the solver before the gap closed (`upper` is still a valid bound). */
  timedOut: boolean;
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
 * In the target-CVaR form (`p.cvarLimit`) a solution counts as a point only when its CVaR over all
 * T scenarios is within GAP_TOL of the limit; until then the violated scenarios are added (a model
 * CVaR within the limit and a true CVaR above it imply a scenario outside S with a loss above α),
 * and the deadline is not applied.
 *
 * With `timeLimitSeconds` (the MILP only), HiGHS stops at that much solver time in this model;
 * the best point found so far is returned with `timedOut` (an incumbent of the stopped solve
 * counts: it satisfies every constraint of the full problem), or null when there is none.
 * With `deadline` (a `performance.now()` time in ms), no new round starts after it: the best
 * point so far is returned with `timedOut` and the last round's bound (each round is solved to
 * optimality, so its value bounds the full problem from above). The first round always runs.
 *
 * @throws EngineError SOLVER_FAILURE when a solve is neither optimal nor time-limited, or the gap cannot be closed.
 */
export function solveByScenarioGeneration(
  highs: Highs,
  p: MeanCvarProblem,
  variant: CvarModelVariant,
  initial: readonly number[],
  timeLimitSeconds?: number,
  deadline?: number,
): GenerationResult | null {
  const { n, periods: T, returns: R } = p;
  const what = variant.binary ? "the cardinality-constrained MILP" : "the mean-CVaR LP";
  return withSolverModel(
    () => createCvarModel(highs, p, variant),
    (m) => {
      addScenarios(highs, m, p, initial);
      if (timeLimitSeconds !== undefined) m.model.options.set({ time_limit: timeLimitSeconds });
      let best: { weights: Float64Array; z: Float64Array | undefined; objective: number } | undefined;
      const scenariosInModel = () => {
        const scenarios: number[] = [];
        for (let t = 0; t < T; t++) if (m.inModel[t]) scenarios.push(t);
        return scenarios;
      };
      for (let rounds = 1; ; rounds++) {
        let timedOut = false;
        if (timeLimitSeconds === undefined) runToOptimality(m.model, what);
        else {
          const { modelStatus } = m.model.run();
          if (modelStatus === HIGHS_STATUS.timeLimitReached) timedOut = true;
          else if (modelStatus !== HIGHS_STATUS.optimal) {
            throw new EngineError(
              "SOLVER_FAILURE",
              `the HiGHS solver did not certify ${what}: ${statusName(modelStatus)}`,
            );
          }
        }
        const incumbent =
          !timedOut || Number(m.model.info.get("primal_solution_status")) === HIGHS_SOLUTION_STATUS.feasible;
        const upper = variant.binary ? Number(m.model.info.get("mip_dual_bound")) : m.model.getObjectiveValue();
        if (!incumbent) {
          return best === undefined ? null : { ...best, upper, rounds, scenarios: scenariosInModel(), timedOut: true };
        }
        const x = m.model.getSolution().colValue;
        const weights = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          const lower = variant.lower?.[i] ?? 0;
          const v = Math.min(p.maxWeight, Math.max(lower, x[i]!));
          weights[i] = lower === 0 && v < DUST ? 0 : v;
        }
        const { objective, cvar } = objectiveAt(p, weights);
        // In the target-CVaR form a point counts only once its CVaR over all T scenarios meets the limit.
        const feasible = p.cvarLimit === undefined || cvar <= p.cvarLimit + GAP_TOL;
        if (feasible && (best === undefined || objective > best.objective)) {
          best = { weights, z: variant.binary ? x.slice(m.zColumn, m.zColumn + n) : undefined, objective };
        }
        if (best === undefined) {
          if (timedOut) return null;
        } else {
          if (!(upper - best.objective > GAP_TOL) || timedOut) {
            return { ...best, upper, rounds, scenarios: scenariosInModel(), timedOut };
          }
          if (deadline !== undefined && performance.now() >= deadline) {
            return { ...best, upper, rounds, scenarios: scenariosInModel(), timedOut: true };
          }
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
            best === undefined
              ? `the HiGHS solver did not certify ${what}: its solution exceeds the CVaR limit by more than ${GAP_TOL} with every scenario in the model`
              : `the HiGHS solver did not certify ${what}: the optimality gap ${upper - best.objective} stays above ${GAP_TOL} with every scenario in the model`,
          );
        }
        addScenarios(highs, m, p, violated.length > 0 ? violated : remaining);
      }
    },
  );
}
