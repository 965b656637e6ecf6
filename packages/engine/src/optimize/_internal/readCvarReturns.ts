import { EngineError } from "../../errors/EngineError.ts";
import { isAssetReturns } from "../../data/assetReturns.ts";
import { PERIODS_PER_YEAR, readFrequency, type Frequency } from "../../data/Frequency.ts";
import { readAssetIds } from "../../data/assetIds.ts";
import { assertInteger } from "../../_internal/validate.ts";
import { validateScenarios } from "./validateScenarios.ts";

/** The scenarios of a CVaR method on any assets: T periods × n assets, row-major, with their ids and sampling. */
export interface CvarReturns {
  assets: readonly string[];
  n: number;
  /** T, at least 2. */
  periods: number;
  /** T·n finite simple returns, each > −1: `returns[t·n + i]`. Never mutated. */
  returns: Float64Array;
  periodsPerYear: number;
  frequency: Frequency;
}

/**
 * Reads the `returns` argument of `minimumCvar` and `meanCvar`: an `AssetReturns` (checked when it
 * was built; a look-alike that crossed a worker boundary or JSON is checked again), or a
 * `ReturnScenarios` (`{ assetIds, returns, periods }`, daily by contract: 252 periods a year).
 * Every scenario is one equally likely outcome (docs/maths.md#minimum-cvar).
 *
 * Cost: O(T·n) unless the input is an engine-built `AssetReturns`.
 * @throws EngineError INVALID_INPUT naming `returns…` and the rule; fewer than 2 periods included.
 * @example
 * readCvarReturns({ assetIds: ["A"], returns: Float64Array.of(0.01, -0.02), periods: 2 }).periodsPerYear // => 252
 */
export function readCvarReturns(input: unknown): CvarReturns {
  if (input === null || typeof input !== "object") {
    throw new EngineError(
      "INVALID_INPUT",
      "returns must be an AssetReturns (see assetReturns, returnsFromPrices) or ReturnScenarios { assetIds, returns, periods }",
      {
        field: "returns",
      },
    );
  }
  if ("assetIds" in input) {
    const checked = validateScenarios(input, "returns");
    const s = checked.scenarios;
    return {
      assets: Object.freeze([...s.assetIds]),
      n: checked.assets,
      periods: checked.periods,
      returns: s.returns,
      periodsPerYear: PERIODS_PER_YEAR.daily,
      frequency: "daily",
    };
  }
  const r = input as Partial<{ assets: unknown; returns: unknown; periods: unknown; periodsPerYear: number }>;
  const built = isAssetReturns(input);
  const { assets } = built ? { assets: r.assets as readonly string[] } : readAssetIds("returns.assets", r.assets);
  const n = assets.length;
  if (n === 0)
    throw new EngineError("INVALID_INPUT", "returns.assets must name at least one asset", { field: "returns.assets" });
  if (!built) assertInteger("returns.periods", r.periods, { min: 1 });
  const periods = r.periods as number;
  if (periods < 2) {
    throw new EngineError(
      "INVALID_INPUT",
      `returns must hold at least 2 periods (scenarios) for a CVaR and a volatility, got ${periods}`,
      { field: "returns.periods" },
    );
  }
  const { periodsPerYear, frequency } = built
    ? { periodsPerYear: r.periodsPerYear!, frequency: (input as { frequency: Frequency }).frequency }
    : readFrequency("returns", { periodsPerYear: r.periodsPerYear });
  const values = r.returns;
  if (!built) {
    if (!(values instanceof Float64Array))
      throw new EngineError("INVALID_INPUT", "returns.returns must be a Float64Array of T·N values", {
        field: "returns.returns",
      });
    if (values.length !== periods * n) {
      throw new EngineError(
        "INVALID_INPUT",
        `returns.returns must hold periods × assets = ${periods * n} values, got ${values.length}`,
        { field: "returns.returns" },
      );
    }
    for (let k = 0; k < values.length; k++) {
      const v = values[k]!;
      if (!(v > -1) || v === Infinity) {
        throw new EngineError(
          "INVALID_INPUT",
          `returns.returns[${k}] (asset ${assets[k % n]}, period ${Math.floor(k / n)}) must be a finite simple return > -1, got ${v}`,
          {
            field: `returns.returns[${k}]`,
          },
        );
      }
    }
  }
  return { assets, n, periods, returns: values as Float64Array, periodsPerYear, frequency };
}
