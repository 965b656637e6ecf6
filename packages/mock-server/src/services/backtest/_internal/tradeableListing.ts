import type { Company, Security } from "../../../_internal/fixtures.ts";

/**
 * The listing a backtest holds for `company`: its primary active listing; else any active one;
 * else (delisted company) its primary listing, so the engine reports the delisting; else its last.
 *
 * @example
 * tradeableListing(delistedCompany)?.active // => false (its primary listing, priced until delisting)
 */
export function tradeableListing(company: Company): Security | undefined {
  return (
    company.securities.find((s) => s.isPrimary && s.active) ??
    company.securities.find((s) => s.active) ??
    company.securities.find((s) => s.isPrimary) ??
    company.securities[company.securities.length - 1]
  );
}
