import type { OptimizerCompany } from "@thematic/engine";
import type { CompanyOut } from "../../../schemas/company.ts";

/** The fields of contract companies the engine optimizers read. @example toOptimizerCompanies([]) // => [] */
export function toOptimizerCompanies(companies: readonly CompanyOut[]): OptimizerCompany[] {
  return companies.map((c) => ({
    id: c.id,
    marketCap: c.marketCap,
    linguisticBeta: c.linguisticBeta,
    marketBuzz: c.marketBuzz,
    convictionScore: c.convictionScore,
  }));
}
