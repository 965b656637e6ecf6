import type { Company, Security } from "../../../_internal/fixtures.ts";

/**
 * The primary active listing of `company`; else its first active one; else its primary (delisted) one; else its first.
 *
 * @example
 * activeListing(company)?.isPrimary // => true for a company whose primary listing trades
 */
export function activeListing(company: Company): Security | undefined {
  return (
    company.securities.find((s) => s.isPrimary && s.active) ??
    company.securities.find((s) => s.active) ??
    company.securities.find((s) => s.isPrimary) ??
    company.securities[0]
  );
}
