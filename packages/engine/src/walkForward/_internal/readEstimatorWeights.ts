import { EngineError } from "../../errors/EngineError.ts";
import { weightVector, type WeightsInput } from "../../portfolio/weightVector.ts";

/** An estimator's weights as N finite numbers in asset order (positional, or labelled via weightVector). */
export function readEstimatorWeights(given: unknown, assets: readonly string[], rebalance: number): Float64Array {
  const field = `estimator (weights of rebalance ${rebalance})`;
  const positional = ArrayBuffer.isView(given) || (Array.isArray(given) && given.every((x) => typeof x === "number"));
  if (!positional) {
    try {
      return weightVector("estimator", given as WeightsInput, assets);
    } catch (e) {
      if (e instanceof EngineError)
        throw new EngineError("INVALID_INPUT", `${field}: ${e.message}`, {
          field: "estimator",
          cause: e,
          details: { rebalance },
        });
      throw e;
    }
  }
  const list = given as ArrayLike<unknown>;
  if (given instanceof DataView || list.length !== assets.length) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must hold one weight per asset (${assets.length}), got ${String(list.length)}`,
      { field: "estimator", details: { rebalance } },
    );
  }
  const w = new Float64Array(assets.length);
  for (let i = 0; i < w.length; i++) {
    const v = list[i];
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new EngineError(
        "INVALID_INPUT",
        `${field}: the weight of ${assets[i]} must be a finite number, got ${String(v)}`,
        { field: "estimator", details: { rebalance } },
      );
    }
    w[i] = v;
  }
  return w;
}
