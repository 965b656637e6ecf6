import type { Highs } from "highs";
import { EngineError } from "../errors/EngineError.ts";
import { formatNumber } from "../_internal/formatNumber.ts";
import { withSolverModel, statusName } from "../highs/solver.ts";
import type { CompiledConstraints } from "./CompiledConstraints.ts";
import { constraintModel, ruleNames } from "./constraintModel.ts";

/** Relative slack allowed on a bound before a check calls it broken (the solvers' feasibility tolerance is 1e-10). */
const SLACK = 1e-9;

/**
 * Refuses rules no fully invested portfolio can meet together, before the optimizer solves
 * (docs/maths.md#portfolio-constraints). Cheap checks first, each O(n) per rule and each naming the
 * rules at fault: Σ lower bounds > 1 (minWeight), Σ upper bounds < 1 (maxWeight), and a row whose
 * bound lies beyond the range `aᵀw` takes over the weight box (a group's lower bound above the sum of
 * its assets' upper bounds, …). Then, in general, one HiGHS feasibility LP over the linear parts
 * (`constraintModel`): with `covariance` (n×n row-major, per period) and a tracking-error rule, a QP
 * instead, `min (w − b)ᵀΣ(w − b)` over the linear parts, compared with the limit squared. When the
 * rules cannot hold, a deletion filter (Chinneck & Dravnieks 1991) drops each rule in turn and keeps
 * it out while the rest still conflict: the rules left form an irreducible conflict, each needed
 * for it, and the error names them.
 *
 * Cost: O(n·rules) for the cheap checks; one LP (or QP) when they pass, and one more per rule when
 * the rules conflict.
 * @param onLeastTrackingError called with the weights of least tracking error under every rule, when the
 *   tracking-error QP is solved and they meet the limit (a point that meets every rule).
 * @throws EngineError INFEASIBLE, `field` the first rule of the conflict, `details.rules` all of them
 */
export function assertConstraintsFeasible(
  highs: Highs,
  c: CompiledConstraints,
  covariance?: Float64Array,
  onLeastTrackingError?: (weights: Float64Array) => void,
): void {
  cheapChecks(c);
  const all = ruleNames(c);
  const feasible = (kept: ReadonlySet<string>): boolean => isFeasible(highs, c, kept, covariance);
  if (isFeasible(highs, c, new Set(all), covariance, onLeastTrackingError)) return;
  const kept = new Set(all);
  for (const rule of all) {
    kept.delete(rule);
    if (feasible(kept)) kept.add(rule);
  }
  conflict([...kept], "");
}

function conflict(rules: string[], why: string): never {
  const list = rules.length === 1 ? rules[0]! : `${rules.slice(0, -1).join(", ")} and ${rules[rules.length - 1]}`;
  throw new EngineError(
    "INFEASIBLE",
    rules.length === 1
      ? `the rule ${list} cannot hold for a fully invested portfolio (Σw = 1)${why}; relax it`
      : `the rules ${list} cannot all hold together for a fully invested portfolio (Σw = 1)${why}; relax one of them`,
    { field: rules[0], details: { rules } },
  );
}

/** The O(n)-per-rule checks, each naming its rules. */
function cheapChecks(c: CompiledConstraints): void {
  let lowerSum = 0;
  let upperSum = 0;
  for (let i = 0; i < c.n; i++) {
    lowerSum += c.lower[i]!;
    upperSum += c.upper[i]!;
  }
  if (lowerSum > 1 + SLACK)
    conflict(["minWeight"], `: ${c.n} assets × minWeight ${formatNumber(c.lower[0]!)} = ${formatNumber(lowerSum)} > 1`);
  if (upperSum < 1 - SLACK)
    conflict(["maxWeight"], `: ${c.n} assets × maxWeight ${formatNumber(c.upper[0]!)} = ${formatNumber(upperSum)} < 1`);
  for (const row of c.rows) {
    let least = 0;
    let most = 0;
    let positive = false;
    let negative = false;
    for (let i = 0; i < c.n; i++) {
      const a = row.coefficients[i]!;
      if (a > 0) {
        least += a * c.lower[i]!;
        most += a * c.upper[i]!;
        positive = true;
      } else if (a < 0) {
        least += a * c.upper[i]!;
        most += a * c.lower[i]!;
        negative = true;
      }
    }
    const scale =
      1 + Math.abs(row.lower === -Infinity ? 0 : row.lower) + Math.abs(row.upper === Infinity ? 0 : row.upper);
    if (row.lower > most + SLACK * scale) {
      // The most is reached at the upper bounds of positive coefficients and the lower bounds of negative ones.
      const bounds = [...(positive ? ["maxWeight"] : []), ...(negative ? ["minWeight"] : [])];
      conflict(
        [row.name, ...bounds],
        `: its lower bound ${formatNumber(row.lower)} exceeds the most the weight bounds allow, ${formatNumber(most)}`,
      );
    }
    if (row.upper < least - SLACK * scale) {
      const bounds = [...(positive ? ["minWeight"] : []), ...(negative ? ["maxWeight"] : [])];
      conflict(
        [row.name, ...bounds],
        `: its upper bound ${formatNumber(row.upper)} is below the least the weight bounds allow, ${formatNumber(least)}`,
      );
    }
  }
}

/** One feasibility LP (or the tracking-error QP) over the rules in `kept`. */
function isFeasible(
  highs: Highs,
  c: CompiledConstraints,
  kept: ReadonlySet<string>,
  covariance: Float64Array | undefined,
  onPoint?: (weights: Float64Array) => void,
): boolean {
  const m = constraintModel(c, (rule) => kept.has(rule));
  const inf = highs.infinity;
  const numRows = m.rowLower.length;
  const tracking =
    covariance !== undefined &&
    c.benchmark !== null &&
    c.maxTrackingErrorPerPeriod !== null &&
    kept.has("maxTrackingError");
  const colCost = new Float64Array(m.numCols);
  let offset = 0;
  let hessian:
    | { format: "triangular"; dimension: number; starts: Int32Array; indices: Int32Array; values: Float64Array }
    | undefined;
  let scale = 1;
  if (tracking) {
    // (w − b)ᵀΣ(w − b) = ½·wᵀ(2Σ)w − 2(Σb)ᵀw + bᵀΣb, with Σ divided by its largest variance s (HiGHS's QP
    // solver stalls on curvatures of daily-return size; the minimiser is the same, the value s times smaller).
    const { n } = c;
    const b = c.benchmark!;
    const raw = covariance!;
    let largest = 0;
    for (let i = 0; i < n; i++) largest = Math.max(largest, raw[i * n + i]!);
    scale = largest > 0 ? largest : 1;
    const sigma = raw.map((x) => x / scale);
    const starts = new Int32Array(m.numCols + 1);
    const indices: number[] = [];
    const values: number[] = [];
    for (let j = 0; j < m.numCols; j++) {
      if (j < n) {
        for (let i = j; i < n; i++) {
          const s = sigma[i * n + j]!;
          if (s !== 0) {
            indices.push(i);
            values.push(2 * s);
          }
        }
      }
      starts[j + 1] = indices.length;
    }
    hessian = {
      format: "triangular",
      dimension: m.numCols,
      starts,
      indices: Int32Array.from(indices),
      values: Float64Array.from(values),
    };
    for (let i = 0; i < n; i++) {
      let sb = 0;
      for (let j = 0; j < n; j++) sb += sigma[i * n + j]! * b[j]!;
      colCost[i] = -2 * sb;
      offset += b[i]! * sb;
    }
  }
  const clamp = (x: number) => (x === Infinity ? inf : x === -Infinity ? -inf : x);
  const create = (quadratic: boolean) => ({
    model: highs.createModel({
      numCols: m.numCols,
      numRows,
      colCost: quadratic ? colCost : new Float64Array(m.numCols),
      offset: quadratic ? offset : 0,
      colLower: m.colLower.map(clamp),
      colUpper: m.colUpper.map(clamp),
      rowLower: Float64Array.from(m.rowLower, clamp),
      rowUpper: Float64Array.from(m.rowUpper, clamp),
      matrix: {
        format: "csr",
        numRows,
        numCols: m.numCols,
        starts: Int32Array.from(m.starts),
        indices: Int32Array.from(m.indices),
        values: Float64Array.from(m.values),
      },
      ...(quadratic && hessian !== undefined ? { hessian } : {}),
    }),
  });
  // The linear parts first (an LP decides them; HiGHS's QP solver does not report infeasibility cleanly), then the QP.
  const linear = withSolverModel(
    () => create(false),
    ({ model }) => {
      const { modelStatus } = model.run();
      if (modelStatus === 8) return false;
      if (modelStatus !== 7)
        throw new EngineError(
          "SOLVER_FAILURE",
          `the HiGHS solver could not decide whether the constraints can hold: ${statusName(modelStatus)}`,
        );
      return true;
    },
  );
  if (!linear || !tracking) return linear;
  // HiGHS's QP solver fails (status −1) on some models with tight tolerances: the looser settings are
  // tried in turn (the least tracking error is compared with τ² with a relative slack of 1e-9 anyway).
  const attempts = [
    { primal_feasibility_tolerance: 1e-10, dual_feasibility_tolerance: 1e-7 },
    { primal_feasibility_tolerance: 1e-7, dual_feasibility_tolerance: 1e-7 },
  ];
  for (const [k, tolerances] of attempts.entries()) {
    try {
      return withSolverModel(
        () => create(true),
        ({ model }) => {
          model.options.set({ qp_iteration_limit: 100_000, ...tolerances });
          const { modelStatus } = model.run();
          if (modelStatus !== 7)
            throw new EngineError(
              "SOLVER_FAILURE",
              `the HiGHS solver could not find the least tracking error the rules allow: ${statusName(modelStatus)}`,
            );
          const limit = c.maxTrackingErrorPerPeriod!;
          const met = model.getObjectiveValue() * scale <= limit * limit * (1 + SLACK) + 1e-15;
          if (met && onPoint !== undefined) onPoint(Float64Array.from(model.getSolution().colValue.subarray(0, c.n)));
          return met;
        },
      );
    } catch (error) {
      if (k === attempts.length - 1) throw error;
    }
  }
  return true;
}
