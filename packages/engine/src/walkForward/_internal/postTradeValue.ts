import { EngineError } from "../../errors/EngineError.ts";

/**
 * The value V' left after trading holdings `held` (values, units of the portfolio) to the weights
 * `w` of V' at a proportional cost c per unit of value traded: the fixed point of
 * `V' = V − c · Σ_i |w_i V' − v_i|` (the rebalanced backtest's self-financing cost equation,
 * docs/maths.md#rebalanced-backtest). The map is a contraction of factor c·Σ|w_i| < 1 for
 * sensible weights; iterated until it stops moving.
 * @throws EngineError INVALID_INPUT naming `field` when no positive value solves it.
 */
export function postTradeValue(
  cost: number,
  total: number,
  held: Float64Array,
  w: Float64Array,
  field: string,
): number {
  if (cost === 0) return total;
  let after = total;
  for (let k = 0; k < 400; k++) {
    let traded = 0;
    for (let i = 0; i < held.length; i++) traded += Math.abs(w[i]! * after - held[i]!);
    const next = total - cost * traded;
    if (next === after || Math.abs(next - after) <= 1e-15 * total) return next > 0 ? next : fail(field);
    after = next;
  }
  return fail(field);
}

function fail(field: string): never {
  throw new EngineError(
    "INVALID_INPUT",
    `${field} leaves no value after trading these weights (cost × gross exposure must stay below 1)`,
    { field },
  );
}
