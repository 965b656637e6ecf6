/**
 * The path prefixes of the API. Endpoints whose request and response are the same in v1 and v2
 * (portfolios, company search, backtest, optimize, the objective helpers, health) are registered
 * once per version from one route definition, so the two cannot drift apart.
 */
export const API_VERSIONS = ["v1", "v2"] as const;

/** `v1` or `v2`. */
export type ApiVersion = (typeof API_VERSIONS)[number];
