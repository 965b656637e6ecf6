/**
 * The sector names the real service answers, by the fixtures' GICS sector: its examples label
 * companies with this eleven-sector vocabulary ("Consumer Cyclical", not GICS's "Consumer
 * Discretionary"; docs/parity.md, v1 row 23). The fixtures, the taxonomy ids (`gics_sectors`), the
 * exclusion matcher and the benchmark loadings keep GICS; only responses carry these labels.
 */
const SECTOR_LABELS: Readonly<Record<string, string>> = {
  "Communication Services": "Communication Services",
  "Consumer Discretionary": "Consumer Cyclical",
  "Consumer Staples": "Consumer Defensive",
  Energy: "Energy",
  Financials: "Financial Services",
  "Health Care": "Healthcare",
  Industrials: "Industrials",
  "Information Technology": "Technology",
  Materials: "Basic Materials",
  "Real Estate": "Real Estate",
  Utilities: "Utilities",
};

/**
 * A company's sector as the service labels it (see {@link SECTOR_LABELS}); a name outside GICS's
 * eleven is answered as it is.
 *
 * @example
 * sectorLabel("Consumer Discretionary") // => "Consumer Cyclical"
 */
export function sectorLabel(gicsSector: string): string {
  return SECTOR_LABELS[gicsSector] ?? gicsSector;
}

/**
 * A listing's market as the service labels it: the ISO 3166-1 alpha-2 country code in lower case
 * (the reference's example market is "us"; the fixtures store "US").
 *
 * @example
 * marketLabel("US") // => "us"
 */
export function marketLabel(countryCode: string): string {
  return countryCode.toLowerCase();
}
