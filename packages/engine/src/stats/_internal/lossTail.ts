import { assertInRange, toFiniteFloat64 } from "../../_internal/validate.ts";
import { compensatedSum } from "../../_internal/compensatedSum.ts";
import { DEFAULT_CONFIDENCE } from "../conventions.ts";
import { powerOfTwoScale } from "../powerOfTwoScale.ts";
import { selectInPlace } from "./selectInPlace.ts";
import { snapToInteger } from "../../_internal/tolerance.ts";

/** Historical VaR and CVaR of the losses `L = -r` at confidence β; see docs/maths.md#cvar. */
export interface LossTail {
  valueAtRisk: number;
  conditionalValueAtRisk: number;
}

/**
 * Shared kernel of valueAtRisk and conditionalValueAtRisk. With `k = (1 - β)·N` (snapped to an
 * integer within EPS relative) and losses sorted descending `L_(1) >= ... >= L_(N)`:
 * VaR = `L_(min(⌊k⌋ + 1, N))` (the smallest minimiser of the Rockafellar–Uryasev function, the
 * lower β-quantile, the ⌈βN⌉-th smallest loss), and
 * CVaR = `(Σ_{j<=⌊k⌋} L_(j) + (k - ⌊k⌋)·L_(⌊k⌋+1)) / k`, which is the largest loss when k < 1.
 * Only the ⌊k⌋ + 1 largest losses are isolated (quickselect on a copy): O(N) expected.
 */
export function lossTail(returns: unknown, beta: unknown = DEFAULT_CONFIDENCE, wantCvar = true): LossTail {
  const r = toFiniteFloat64("returns", returns, 1);
  assertInRange("beta", beta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const n = r.length;
  const losses = new Float64Array(n);
  for (let i = 0; i < n; i++) losses[i] = -r[i]!;
  const k = snapToInteger((1 - beta) * n);
  const whole = Math.min(Math.floor(k), n);
  // Ascending (0-based) index of VaR: descending position min(⌊k⌋ + 1, N).
  const q = n - Math.min(whole + 1, n);
  selectInPlace(losses, q);
  const valueAtRisk = losses[q]! + 0;
  if (!wantCvar || whole === 0) {
    return { valueAtRisk, conditionalValueAtRisk: valueAtRisk };
  }
  // The ⌊k⌋ largest losses occupy ascending indices n - whole .. n - 1 (all >= VaR after selection).
  const from = n - whole;
  const scale = powerOfTwoScale(losses, Math.min(from, q), n);
  let maxTail = valueAtRisk;
  for (let i = from; i < n; i++) {
    const v = losses[i]!;
    if (v > maxTail) maxTail = v;
    losses[i] = v / scale;
  }
  const fraction = k - whole;
  const scaledSum = compensatedSum(losses, from, n) + (fraction > 0 ? fraction * (valueAtRisk / scale) : 0);
  let cvar = (scaledSum / k) * scale;
  // In exact arithmetic VaR <= CVaR <= max loss; clamp the last-ulp rounding so the order always holds.
  if (cvar < valueAtRisk) cvar = valueAtRisk;
  if (cvar > maxTail) cvar = maxTail;
  return { valueAtRisk, conditionalValueAtRisk: cvar + 0 };
}
