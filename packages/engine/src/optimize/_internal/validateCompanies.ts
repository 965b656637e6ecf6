import { EngineError } from "../../errors/EngineError.ts";
import { assertFinite, assertInRange } from "../../_internal/validate.ts";
import type { OptimizerCompany } from "../types.ts";

const isFiniteNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Checks the companies handed to an optimizer: a non-empty array; each `id` a non-empty string,
 * unique; `marketCap` null or finite and >= 0; `linguisticBeta` and `marketBuzz` finite;
 * `convictionScore` null or finite. Throws INVALID_INPUT naming `companies[i].field`.
 */
export function validateCompanies(companies: unknown): readonly OptimizerCompany[] {
  if (!Array.isArray(companies)) {
    throw new EngineError("INVALID_INPUT", "companies must be an array of companies", { field: "companies" });
  }
  if (companies.length === 0) {
    throw new EngineError("INVALID_INPUT", "companies must hold at least 1 company, got 0", { field: "companies" });
  }
  const seen = new Set<string>();
  for (let i = 0; i < companies.length; i++) {
    const c: unknown = companies[i];
    if (c === null || typeof c !== "object") {
      throw new EngineError("INVALID_INPUT", `companies[${i}] must be an object`, { field: `companies[${i}]` });
    }
    const { id, marketCap, linguisticBeta, marketBuzz, convictionScore } = c as Record<string, unknown>;
    if (typeof id !== "string" || id.length === 0) {
      throw new EngineError("INVALID_INPUT", `companies[${i}].id must be a non-empty string`, {
        field: `companies[${i}].id`,
      });
    }
    if (seen.has(id)) {
      throw new EngineError("INVALID_INPUT", `companies[${i}].id ${id} is listed more than once`, {
        field: `companies[${i}].id`,
      });
    }
    seen.add(id);
    // Fast path first: the messages (and their strings) are only built for a failing field.
    if (marketCap !== null && !(isFiniteNumber(marketCap) && marketCap >= 0))
      assertInRange(`companies[${i}].marketCap`, marketCap, { min: 0 });
    if (!isFiniteNumber(linguisticBeta)) assertFinite(`companies[${i}].linguisticBeta`, linguisticBeta);
    if (!isFiniteNumber(marketBuzz)) assertFinite(`companies[${i}].marketBuzz`, marketBuzz);
    if (convictionScore !== null && !isFiniteNumber(convictionScore))
      assertFinite(`companies[${i}].convictionScore`, convictionScore);
  }
  return companies as readonly OptimizerCompany[];
}
