import { EngineError } from "../../errors/EngineError.ts";
import { assertInteger } from "../../_internal/validate.ts";
import type { ReturnScenarios } from "../types.ts";

/** Validated scenarios with a lookup from asset id to column. */
export interface CheckedScenarios {
  scenarios: ReturnScenarios;
  /** Column of each asset id. */
  column: ReadonlyMap<string, number>;
  /** T. */
  periods: number;
  /** N. */
  assets: number;
}

/**
 * Checks a {@link ReturnScenarios}: `assetIds` unique non-empty strings; `periods` an integer >= 2;
 * `returns` a Float64Array of exactly periods·N values, each finite and > -1. Throws INVALID_INPUT
 * naming `<name>.<field>` (`scenarios.returns[3]`). Cost O(T·N).
 */
export function validateScenarios(scenarios: unknown, name = "scenarios"): CheckedScenarios {
  if (scenarios === null || typeof scenarios !== "object") {
    throw new EngineError("INVALID_INPUT", `${name} must be an object { assetIds, returns, periods }`, { field: name });
  }
  const { assetIds, returns, periods } = scenarios as Record<string, unknown>;
  if (!Array.isArray(assetIds)) {
    throw new EngineError("INVALID_INPUT", `${name}.assetIds must be an array of strings`, {
      field: `${name}.assetIds`,
    });
  }
  const column = new Map<string, number>();
  for (let i = 0; i < assetIds.length; i++) {
    const id: unknown = assetIds[i];
    if (typeof id !== "string" || id.length === 0) {
      throw new EngineError("INVALID_INPUT", `${name}.assetIds[${i}] must be a non-empty string`, {
        field: `${name}.assetIds[${i}]`,
      });
    }
    if (column.has(id)) {
      throw new EngineError("INVALID_INPUT", `${name}.assetIds[${i}] ${id} is listed more than once`, {
        field: `${name}.assetIds[${i}]`,
      });
    }
    column.set(id, i);
  }
  assertInteger(`${name}.periods`, periods, { min: 2 });
  if (!(returns instanceof Float64Array)) {
    throw new EngineError("INVALID_INPUT", `${name}.returns must be a Float64Array`, { field: `${name}.returns` });
  }
  const n = assetIds.length;
  if (returns.length !== periods * n) {
    throw new EngineError(
      "INVALID_INPUT",
      `${name}.returns must hold periods × assetIds.length = ${periods * n} values, got ${returns.length}`,
      { field: `${name}.returns` },
    );
  }
  for (let j = 0; j < returns.length; j++) {
    const v = returns[j]!;
    if (!(v > -1) || v === Infinity) {
      throw new EngineError("INVALID_INPUT", `${name}.returns[${j}] must be a finite number > -1, got ${v}`, {
        field: `${name}.returns[${j}]`,
      });
    }
  }
  return { scenarios: scenarios as ReturnScenarios, column, periods, assets: n };
}
