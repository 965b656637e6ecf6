import { conditionalValueAtRisk } from "../../stats/index.ts";
import type { ObjectiveTerm, ObjectiveTermName } from "../types.ts";
import { eligibleReturns, type MeanCvarProblem } from "./meanCvarProblem.ts";
import { EPS } from "../../_internal/tolerance.ts";

/**
 * The four terms of the mean-CVaR objective and their normalisation by the payoff table
 * (docs/maths.md#scale-aware-objective):
 *
 *   minimise  J(w) = Σ_j λ_j·ρ_j(w),   ρ_j(w) = (f_j(w) − f_j*) / s_j  oriented so that 0 is best,
 *
 * with f = (μᵀw, ℓᵀw, CVaR_β(w), ‖w − b‖₁), λ = (returnMultiplier, linguisticBetaWeight, 1,
 * buzzPenalty), f_j* the best value of term j alone over P = {Σw = 1, 0 <= w <= w_max} (its
 * "utopia" value) and s_j = |worst − best| over the payoff table: the four single-term optima
 * ("anchors") evaluated on every term (Grodzevich & Romanko 2006; Marler & Arora 2004).
 */

/** The order of the terms everywhere in this module. */
export const TERM_NAMES: readonly ObjectiveTermName[] = [
  "expectedReturn",
  "linguisticBeta",
  "tailRisk",
  "buzzDistance",
];
/** The indices of the terms in play: all four for the service's optimizer; expected return and tail risk (0, 2) on any assets. */
export const ALL_TERMS: readonly number[] = [0, 1, 2, 3];
/** +1: larger is better (maximised); −1: smaller is better (minimised). */
const ORIENTATION = [1, 1, -1, -1] as const;
/** The option that weights each term (tail risk has weight 1, the unit of the others). */
export const TERM_OPTIONS = ["returnMultiplier", "linguisticBetaWeight", null, "buzzPenalty"] as const;

/** The data of the terms over the n eligible assets, in natural units. */
export interface TermData {
  n: number;
  periods: number;
  /** T×n row-major daily returns. */
  returns: Float64Array;
  /** μ_i, the mean daily return. */
  mean: Float64Array;
  /** ℓ_i, the linguistic beta. */
  beta: Float64Array;
  /** b, the buzz target (sum 1). */
  target: Float64Array;
  maxWeight: number;
  confidence: number;
}

/** How each term is put on the common scale. */
export interface TermScaling {
  /** f_j*, the best value of each term over P. */
  best: Float64Array;
  /** The worst value of each term over the payoff table (or over P, see {@link termScaling}). */
  worst: Float64Array;
  /** s_j = |worst − best| > 0, or 0 when the term is constant over P (it cannot move the weights). */
  scale: Float64Array;
}

/** Term values (μᵀw, ℓᵀw, CVaR_β, ‖w − b‖₁) at w. Cost O(T·n). */
export function termValues(d: TermData, w: ArrayLike<number>): Float64Array {
  const r = eligibleReturns(d, w);
  let ret = 0;
  let lin = 0;
  let l1 = 0;
  for (let i = 0; i < d.n; i++) {
    ret += d.mean[i]! * w[i]!;
    lin += d.beta[i]! * w[i]!;
    l1 += Math.abs(w[i]! - d.target[i]!);
  }
  return Float64Array.of(ret, lin, conditionalValueAtRisk(r, d.confidence), l1);
}

/**
 * The weights maximising scoreᵀw over P: w_max on the highest scores in turn (ties by index), the
 * remainder on the next one. Exact (a greedy fill is optimal for a linear objective over the capped
 * simplex). Cost O(n log n).
 */
export function greedyFill(score: ArrayLike<number>, maxWeight: number): Float64Array {
  const n = score.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => score[b]! - score[a]! || a - b);
  const w = new Float64Array(n);
  let left = 1;
  for (const i of order) {
    if (left <= 0) break;
    const x = Math.min(maxWeight, left);
    w[i] = x;
    left -= x;
  }
  return w;
}

/**
 * A point of P closest to b in ‖·‖₁: b capped at w_max, the excess spread over the others in
 * proportion to their room below w_max. Its distance 2·Σ(b_i − w_max)⁺ is the least possible
 * (every feasible w must take that excess off the capped assets and put it elsewhere); it is b
 * itself when b is in P. Cost O(n).
 */
export function closestToTarget(target: Float64Array, maxWeight: number): Float64Array {
  const n = target.length;
  const w = new Float64Array(n);
  let excess = 1;
  let room = 0;
  for (let i = 0; i < n; i++) {
    w[i] = Math.min(target[i]!, maxWeight);
    excess -= w[i]!;
    room += maxWeight - w[i]!;
  }
  if (excess > 0 && room > 0) for (let i = 0; i < n; i++) w[i]! += (excess * (maxWeight - w[i]!)) / room;
  return w;
}

/**
 * The payoff-table scaling (docs/maths.md#scale-aware-objective): the anchors are the optima of
 * each term alone over P, i.e. greedy fills of μ and ℓ, `minCvar` (the minimum-CVaR LP's weights,
 * solved by the caller) and the point of P closest to b. best_j is term j's best over the anchors,
 * worst_j its worst. When a term takes the same value at all the anchors, its range over P is used
 * instead: for the linear terms and ‖w − b‖₁ exactly (greedy fills of −μ, −ℓ, −b give their worst),
 * for CVaR the coherent bound max_P Σ_i w_i·CVaR_i (CVaR is subadditive and positively homogeneous);
 * a term still without range is constant over P (scale 0). With `terms` (indices into
 * {@link TERM_NAMES}), only those terms and their anchors make the table; the others get best,
 * worst and scale 0 (they are not in the objective).
 *
 * Cost O(T·n·log T) (the term values at the anchors and the per-asset CVaRs).
 */
export function termScaling(
  d: TermData,
  minCvar: Float64Array,
  terms: readonly number[] = ALL_TERMS,
): { scaling: TermScaling; anchors: Float64Array[] } {
  const anchorOf = (j: number): Float64Array =>
    j === 0
      ? greedyFill(d.mean, d.maxWeight)
      : j === 1
        ? greedyFill(d.beta, d.maxWeight)
        : j === 2
          ? minCvar
          : closestToTarget(d.target, d.maxWeight);
  const anchors = terms.map(anchorOf);
  const table = anchors.map((w) => termValues(d, w));
  const best = new Float64Array(4);
  const worst = new Float64Array(4);
  const scale = new Float64Array(4);
  for (const j of terms) {
    const o = ORIENTATION[j]!;
    let b = table[0]![j]!;
    let x = b;
    for (const row of table) {
      const v = row[j]!;
      if (o * v > o * b) b = v;
      if (o * v < o * x) x = v;
    }
    if (!(Math.abs(x - b) > EPS * Math.max(Math.abs(b), Math.abs(x)))) x = fallbackWorst(d, j, b);
    best[j] = b;
    worst[j] = x;
    const s = Math.abs(x - b);
    scale[j] = s > EPS * Math.max(Math.abs(b), Math.abs(x)) ? s : 0;
  }
  return { scaling: { best, worst, scale }, anchors };
}

/** The worst value of term j over P (the coherent bound for CVaR), for a term flat over the anchors. */
function fallbackWorst(d: TermData, j: number, best: number): number {
  const neg = (v: ArrayLike<number>): Float64Array => Float64Array.from(v, (x) => -x);
  if (j === 0) return termValues(d, greedyFill(neg(d.mean), d.maxWeight))[0]!;
  if (j === 1) return termValues(d, greedyFill(neg(d.beta), d.maxWeight))[1]!;
  if (j === 3) return termValues(d, greedyFill(neg(d.target), d.maxWeight))[3]!;
  const assetCvar = new Float64Array(d.n);
  const column = new Float64Array(d.periods);
  for (let i = 0; i < d.n; i++) {
    for (let t = 0; t < d.periods; t++) column[t] = d.returns[t * d.n + i]!;
    assetCvar[i] = conditionalValueAtRisk(column, d.confidence);
  }
  const w = greedyFill(assetCvar, d.maxWeight);
  let bound = 0;
  for (let i = 0; i < d.n; i++) bound += w[i]! * assetCvar[i]!;
  return Math.max(best, bound);
}

/**
 * The problem the solver maximises, F(w) = Σ_j ±λ_j·f_j(w)/s_j (a term with scale 0 dropped, CVaR
 * kept at weight 1 in its own units when it is constant), as a {@link MeanCvarProblem}: gain
 * m·μ/s_R + λ_ℓ·ℓ/s_L, returns R/s_C (CVaR is positively homogeneous), buzz penalty λ_b/s_D.
 */
export function normalisedProblem(
  d: TermData,
  scaling: TermScaling,
  weights: readonly [number, number, number, number],
  rest: Pick<MeanCvarProblem, "minActiveWeight" | "minHoldings" | "tailSize">,
): MeanCvarProblem {
  const coef = weights.map((λ, j) => (scaling.scale[j]! > 0 ? λ / scaling.scale[j]! : 0));
  const cvarUnit = scaling.scale[2]! > 0 ? scaling.scale[2]! : 1;
  coef[2] = 1 / cvarUnit;
  const gain = new Float64Array(d.n);
  for (let i = 0; i < d.n; i++) gain[i] = coef[0]! * d.mean[i]! + coef[1]! * d.beta[i]!;
  const returns = cvarUnit === 1 ? d.returns : d.returns.map((r) => r / cvarUnit);
  return {
    n: d.n,
    periods: d.periods,
    returns,
    gain,
    target: d.target,
    buzzPenalty: coef[3]!,
    maxWeight: d.maxWeight,
    confidence: d.confidence,
    ...rest,
  };
}

/**
 * The report of the terms in play (all four by default) at w: value (natural units), best and scale, ρ_j (0 at the term's best, 1 at its
 * worst anchor; tiny negatives from solver tolerances shown as 0), contribution λ_j·ρ_j and its share
 * of J = Σ contributions (all 0 when J = 0); and `objective` = −J from the unrounded ρ_j, computed
 * term by term (not as F(w) − F(utopia), which cancels catastrophically when one λ/s_j is huge).
 */
export function reportTerms(
  d: TermData,
  scaling: TermScaling,
  weights: readonly number[],
  w: ArrayLike<number>,
  inPlay: readonly number[] = ALL_TERMS,
): { terms: ObjectiveTerm[]; objective: number } {
  const values = termValues(d, w);
  let objective = 0;
  const terms = inPlay.map((j): ObjectiveTerm => {
    const term = TERM_NAMES[j]!;
    const s = scaling.scale[j]!;
    const raw = s > 0 ? (ORIENTATION[j]! * (scaling.best[j]! - values[j]!)) / s : 0;
    if (weights[j]! > 0) objective -= weights[j]! * raw;
    const normalized = raw > -EPS ? Math.max(0, raw) : raw;
    return {
      term,
      option: TERM_OPTIONS[j]!,
      weight: weights[j]!,
      value: values[j]!,
      best: scaling.best[j]!,
      worst: scaling.worst[j]!,
      scale: s,
      normalized,
      contribution: weights[j]! * normalized,
      share: 0,
    };
  });
  const total = terms.reduce((a, t) => a + t.contribution, 0);
  if (total > 0) for (const t of terms) t.share = t.contribution / total;
  return { terms, objective: objective + 0 };
}

/** ρ at or below this counts as "at the term's best" for the one-term warning. */
const AT_BEST = 1e-6;

const LABEL: Record<ObjectiveTermName, string> = {
  expectedReturn: "expected return",
  linguisticBeta: "linguistic beta",
  tailRisk: "tail risk (CVaR)",
  buzzDistance: "the buzz target",
};

/**
 * A warning when one weighted term alone decides the weights: it sits at its own optimum over P
 * (ρ = 0: e.g. the weights are the buzz target b, or the greedy fill of ℓ at maxWeight) while another
 * term with a positive weight and a range does not, so that term has no effect at these settings.
 */
export function oneTermWarning(
  terms: readonly ObjectiveTerm[],
  levers = "returnMultiplier, linguisticBetaWeight or buzzPenalty",
): string | undefined {
  const live = terms.filter((t) => t.weight > 0 && t.scale > 0);
  if (live.length < 2) return undefined;
  const atBest = live.filter((t) => t.normalized <= AT_BEST);
  if (atBest.length !== 1) return undefined;
  const alone = atBest[0]!;
  const others = live
    .filter((t) => t !== alone)
    .map((t) => (t.option === null ? LABEL[t.term] : `${LABEL[t.term]} (${t.option})`));
  const lever = alone.option === null ? `raise ${levers} to blend` : `lower ${alone.option} (${alone.weight}) to blend`;
  const list = others.length === 1 ? `${others[0]} does` : `${others.slice(0, -1).join(", ")} and ${others.at(-1)} do`;
  return `${LABEL[alone.term]} alone decides the weights: they are its best portfolio, and ${list} not move them; ${lever} (docs/maths.md#scale-aware-objective)`;
}
