import { ApiError } from "../../errors/ApiError.ts";
import type { CompanyOut } from "../../schemas/company.ts";

/**
 * The companies of a strategy an optimizer considers: all of them when `companyIds` is omitted,
 * null or empty; else those listed (duplicates ignored), in the strategy's order.
 *
 * @throws ApiError 400 `body.companyIds[i]: …` when an id is not a company of the strategy
 * @example
 * selectCompanies(companies, [companies[1].id], "s").length // => 1
 */
export function selectCompanies(
  companies: readonly CompanyOut[],
  companyIds: readonly string[] | null | undefined,
  strategyId: string,
): CompanyOut[] {
  if (companyIds == null || companyIds.length === 0) return [...companies];
  const inStrategy = new Set(companies.map((c) => c.id));
  const wanted = new Set<string>();
  companyIds.forEach((id, i) => {
    const normal = id.toLowerCase();
    if (!inStrategy.has(normal))
      throw new ApiError(400, `body.companyIds[${i}]: company ${id} is not in strategy ${strategyId}`);
    wanted.add(normal);
  });
  return companies.filter((c) => wanted.has(c.id));
}
