import { isEngineError } from "../../errors/EngineError.ts";
import type { PreparedProblem } from "./prepareProblem.ts";
import { SingularFace } from "../../quadraticProgram/solveFace.ts";
import { singularCause } from "./singularCause.ts";

/**
 * Runs `solve` and turns a singular face (collinear or duplicated assets the solver could not merge)
 * into the INVALID_INPUT that names the cause (singularCause).
 */
export function diagnosingSingular<T>(prepared: PreparedProblem, solve: () => T): T {
  try {
    return solve();
  } catch (error) {
    if (error instanceof SingularFace) {
      const members = error.free
        .map((g) => (prepared.groups === null ? g : prepared.groups[g]![0]!))
        .sort((x, y) => x - y);
      throw singularCause(prepared.Sigma, prepared.n, prepared.mu, members, prepared.assets);
    }
    // A face nearly singular (a tiny positive pivot) can spoil a solve that the certificate then
    // refuses: when the covariance is semi-definite, that is the input's doing, and named as such.
    if (isEngineError(error, "SOLVER_FAILURE") && !prepared.covariance.definite) {
      const all = Array.from({ length: prepared.n }, (_, i) => i);
      throw singularCause(prepared.Sigma, prepared.n, prepared.mu, all, prepared.assets, "for a certified optimum");
    }
    throw error;
  }
}
