import type { Universe } from "../_internal/fixtures.ts";
import { currentRunDate } from "../services/premade/currentRunDate.ts";
import { premadeVersionId } from "../services/premade/premadeVersionId.ts";

/**
 * Operations reached only by following a redirect whose address is presigned with the serving
 * mock's own secret, for one user and state, and expires (the factsheet PDF, docs/parity.md): no example written in advance can
 * carry a valid signature, so their "Try it out" is "follow the Location of GET …/factsheet", and
 * their error examples (403 bad or expired signature, 404) are forced.
 */
export const PRESIGNED_ONLY = /\/factsheet\.pdf$/;

/** Who sends an example request: the examples' owner, another active user, or nobody (no key). */
export type ExampleCaller = "owner" | "other" | "none";

/** One request of an example: an operation (method + path template) with concrete values. */
export interface ExampleRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI path template, e.g. `/v1/strategies/{id}`. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** JSON body (sent with `Content-Type: application/json`); `rawBody` sends text as is. */
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** Default "owner" for `/v1` and `/v2`, "none" for the control surface. */
  as?: ExampleCaller;
}

/** An example to capture: the request answering `status`, after `setup` (run first, answers ignored). */
export interface ExampleCase {
  status: number;
  request: ExampleRequest;
  setup?: ExampleRequest[];
}

/** Fixture resources the examples use; all but the premade ones belong to {@link EXAMPLE_OWNER}. */
export interface ExampleIds {
  publicStrategy: string;
  privateStrategy: string;
  activeVersion: string;
  strategyCompany: string;
  strategyCompanies: string[];
  otherCompany: string;
  security: string;
  premade: string;
  premadeCompany: string;
  premadeDate: string;
  premadeVersion: string;
  premadeCurrentDate: string;
  /** A premade run that is processing or failed (its reads are 409), when the fixtures have one. */
  premadeBusyDate: string | null;
  publicPortfolio: string;
  publicPortfolioName: string;
  privatePortfolio: string;
  privatePortfolioName: string;
}

/** The fixture user whose key the examples (and "Try it out") use: her name starts with this. */
export const EXAMPLE_OWNER = "Ines";
/** Another active fixture user (403 examples: not the owner). */
export const EXAMPLE_OTHER = "Marek";

/** A UUID no fixture uses (404 examples). */
export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/**
 * Picks the example resources from the fixtures.
 *
 * @throws Error when the fixtures lack one (a fixture change the examples must follow)
 */
export function exampleIds(universe: Universe): ExampleIds {
  const owner = fixtureUser(universe, EXAMPLE_OWNER);
  const mine = universe.userStrategies.filter((s) => s.userId === owner.id && s.archivedAt === null);
  const pub = mine.find((s) => s.public && s.versions.length >= 2 && s.activeVersionId !== null);
  const priv = mine.find((s) => !s.public && s.versions.some((v) => v.status === 100));
  const premade = universe.premadeStrategies.find((p) => p.snapshots.some((s) => s.state === "completed"));
  const busy = universe.premadeStrategies
    .flatMap((p) => (p.id === premade?.id ? p.snapshots : []))
    .find((s) => s.state !== "completed");
  const pPub = universe.portfolios.find((p) => p.userId === owner.id && p.public);
  const pPriv = universe.portfolios.find((p) => p.userId === owner.id && !p.public);
  if (pub === undefined || priv === undefined || premade === undefined || pPub === undefined || pPriv === undefined) {
    throw new Error(
      `the fixtures lack a resource the OpenAPI examples need (a public strategy with two versions, a built private strategy, a premade strategy, a public and a private portfolio of ${EXAMPLE_OWNER})`,
    );
  }
  const active = pub.versions.find((v) => v.id === pub.activeVersionId)!;
  const security = universe.securityById.get(pPub.holdings[0]!.securityId)!;
  const other = pPub.holdings
    .map((h) => universe.securityById.get(h.securityId)!)
    .find((x) => x.companyId !== security.companyId)!;
  return {
    publicStrategy: pub.id,
    privateStrategy: priv.id,
    activeVersion: active.id,
    strategyCompany: active.constituents[0]!.companyId,
    strategyCompanies: active.constituents.slice(0, 4).map((c) => c.companyId),
    otherCompany: other.companyId,
    security: security.id,
    premade: premade.id,
    premadeCompany: premade.constituents[0]!.companyId,
    premadeDate: premade.snapshots.find((s) => s.state === "completed")!.date,
    premadeVersion: premadeVersionId(premade),
    premadeCurrentDate: currentRunDate(premade)!,
    premadeBusyDate: busy?.date ?? null,
    publicPortfolio: pPub.id,
    publicPortfolioName: pPub.name,
    privatePortfolio: pPriv.id,
    privatePortfolioName: pPriv.name,
  };
}

/** A fixture user by the start of her name. @throws Error when absent */
export function fixtureUser(universe: Universe, name: string): Universe["users"][number] {
  const user = universe.users.find((u) => u.name.startsWith(name) && u.active);
  if (user === undefined) throw new Error(`no active fixture user named ${name}…`);
  return user;
}

/**
 * The "Try it out" request of every documented operation: valid, made by {@link EXAMPLE_OWNER}
 * on the fixtures, answered with the operation's success status by a mock fresh from the
 * fixtures. Keyed by `"METHOD /path"`.
 */
export function validRequests(ids: ExampleIds): Record<string, ExampleRequest> {
  const s = { id: ids.publicStrategy };
  const premade = { id: ids.premade };
  const objective = "Companies that make water filters and desalination plants";
  const portfolioBody = {
    name: "Water leaders",
    holdings: [
      { security_id: ids.security, weight: 0.5 },
      { org_id: ids.otherCompany, weight: 0.5 },
    ],
    public: false,
    tags: ["water"],
    source: "docs",
    metadata: { note: "example" },
  };
  const optimizeQuery = {
    minMarketCap: "0",
    signalType: "convictionScore",
    tiltExponent: "1",
    maxWeight: "0.5",
    minWeight: "0",
    riskDiversification: "0",
    riskFreeRate: "0.02",
    topN: "4",
  };
  const list: ExampleRequest[] = [
    { method: "GET", path: "/v1/health", as: "none" },
    { method: "GET", path: "/v2/health", as: "none" },
    {
      method: "POST",
      path: "/v1/strategies/strategies-exposures",
      body: {
        companiesWeight: { [ids.strategyCompany]: 0.6, [ids.otherCompany]: 0.4 },
        strategyIds: [ids.publicStrategy, ids.premade],
      },
    },
    {
      method: "POST",
      path: "/v2/strategies/exposures",
      body: { companiesWeight: { [ids.strategyCompany]: 0.6, [ids.otherCompany]: 0.4 }, returnDateRange: "6-month" },
    },
    { method: "GET", path: "/v1/strategies", query: { scope: "user" } },
    { method: "POST", path: "/v1/strategies", body: { name: "Clean water", objective, exclusions: ["tobacco"] } },
    { method: "GET", path: "/v1/strategies/{id}", params: s },
    { method: "PATCH", path: "/v1/strategies/{id}", params: s, body: { name: "Clean water leaders" } },
    { method: "DELETE", path: "/v1/strategies/{id}", params: s },
    { method: "POST", path: "/v1/strategies/{id}/submit", params: s },
    { method: "POST", path: "/v1/strategies/{id}/revive", params: s },
    {
      method: "GET",
      path: "/v1/strategies/{id}/companies",
      params: s,
      query: { includeReasoning: "true", scoringMinMarketCap: "500000000" },
    },
    {
      method: "GET",
      path: "/v1/strategies/{id}/companies/{companyId}",
      params: { ...s, companyId: ids.strategyCompany },
    },
    { method: "GET", path: "/v1/strategies/{id}/evidences", params: s },
    {
      method: "GET",
      path: "/v1/strategies/{id}/historical-data",
      params: s,
      query: { date: "2025-06-30", includeReasoning: "true" },
    },
    { method: "GET", path: "/v1/strategies/{id}/performance", params: s, query: { top: "10", min_market_cap: "0" } },
    { method: "GET", path: "/v1/strategies/{id}/versions", params: s },
    { method: "GET", path: "/v1/strategies/{id}/versions/{versionId}", params: { ...s, versionId: ids.activeVersion } },
    { method: "GET", path: "/v2/strategies", query: { scope: "user", archived: "exclude" } },
    { method: "POST", path: "/v2/strategies", body: { name: "Clean water", objective, exclusions: ["tobacco"] } },
    { method: "GET", path: "/v2/strategies/{id}", params: s },
    { method: "PATCH", path: "/v2/strategies/{id}", params: s, body: { name: "Clean water leaders" } },
    { method: "DELETE", path: "/v2/strategies/{id}", params: s },
    { method: "POST", path: "/v2/strategies/{id}/submit", params: s, body: {} },
    { method: "GET", path: "/v2/strategies/{id}/versions", params: s },
    { method: "GET", path: "/v2/strategies/{id}/versions/{versionId}", params: { ...s, versionId: ids.activeVersion } },
    { method: "POST", path: "/v2/strategies/{id}/archive", params: s },
    { method: "POST", path: "/v2/strategies/{id}/revive", params: s },
    { method: "GET", path: "/v2/strategies/{id}/companies", params: s, query: { includeReasoning: "true" } },
    {
      method: "GET",
      path: "/v2/strategies/{id}/companies/{companyId}",
      params: { ...s, companyId: ids.strategyCompany },
    },
    { method: "GET", path: "/v2/strategies/{id}/evidences", params: s },
    ...(["v1", "v2"] as const).flatMap((v): ExampleRequest[] => [
      { method: "GET", path: `/${v}/strategies/{id}/factsheet`, params: s },
      { method: "POST", path: `/${v}/strategies/{id}/factsheet`, params: s, body: { force: false } },
      {
        method: "GET",
        path: `/${v}/strategies/{id}/factsheet.pdf`,
        params: premade,
        query: { versionId: ids.premadeVersion, asOfDate: ids.premadeCurrentDate },
      },
      { method: "GET", path: `/${v}/portfolios` },
      { method: "POST", path: `/${v}/portfolios`, body: portfolioBody },
      { method: "GET", path: `/${v}/portfolios/{id}`, params: { id: ids.privatePortfolio } },
      {
        method: "PUT",
        path: `/${v}/portfolios/{id}`,
        params: { id: ids.privatePortfolio },
        body: { ...portfolioBody, name: ids.privatePortfolioName },
      },
      { method: "DELETE", path: `/${v}/portfolios/{id}`, params: { id: ids.privatePortfolio } },
      {
        method: "POST",
        path: `/${v}/strategies/{id}/optimize`,
        params: s,
        query: optimizeQuery,
        body: { companyIds: ids.strategyCompanies },
      },
      { method: "POST", path: `/${v}/helper/companies/search`, body: { query: "water", limit: 5 } },
      {
        method: "POST",
        path: `/${v}/backtest`,
        body: {
          holdings: [
            { companyId: ids.strategyCompany, weight: 0.6 },
            { companyId: ids.otherCompany, weight: 0.4 },
          ],
          years: 2,
          benchmark: "SPY",
        },
      },
      { method: "POST", path: `/${v}/enhance-objective`, body: { objective } },
      { method: "POST", path: `/${v}/reverse-objective`, body: { objective } },
      {
        method: "POST",
        path: `/${v}/exclusion-phrases`,
        body: { objective, companyId: ids.strategyCompany, inclusionReason: "It builds desalination plants" },
      },
    ]),
    {
      method: "POST",
      path: "/v1/strategies/{id}/optimized-portfolio",
      params: s,
      query: {
        minMarketCap: "1",
        returnMultiplier: "1",
        linguisticBetaWeight: "0.05",
        riskFreeRate: "0",
        minHoldings: "2",
        minActiveWeight: "0.01",
        maxWeight: "0.5",
        buzzPenalty: "0.01",
      },
      body: { companyIds: ids.strategyCompanies },
    },
    { method: "GET", path: "/v1/premade-strategies" },
    { method: "POST", path: "/v1/premade-strategies/search", body: { objective: "water treatment" } },
    {
      method: "GET",
      path: "/v1/premade-strategies/{id}/companies",
      params: premade,
      query: { includeReasoning: "true" },
    },
    {
      method: "GET",
      path: "/v1/premade-strategies/{id}/companies/{companyId}",
      params: { ...premade, companyId: ids.premadeCompany },
    },
    { method: "GET", path: "/v1/premade-strategies/{id}/evidences", params: premade },
    { method: "GET", path: "/v1/premade-strategies/{id}/historical-data/dates", params: premade },
    {
      method: "GET",
      path: "/v1/premade-strategies/{id}/historical-data",
      params: premade,
      query: { date: ids.premadeDate },
    },
    { method: "GET", path: "/v1/benchmarks" },
    {
      method: "GET",
      path: "/v1/benchmarks/{symbol}",
      params: { symbol: "SPY" },
      query: { from: "2025-01-01", to: "2025-06-30", interval: "weekly" },
    },
    { method: "GET", path: "/__mock/state" },
    { method: "POST", path: "/__mock/reset", body: {} },
    { method: "POST", path: "/__mock/clock/advance", body: { ms: 4000 } },
    { method: "POST", path: "/__mock/builds/complete", body: {} },
    { method: "PUT", path: "/__mock/strategies/{id}/next-build", params: s, body: { outcome: -1 } },
    { method: "PUT", path: "/__mock/settings", body: { latencyMs: 0, buildDurationMs: 4000 } },
    { method: "GET", path: "/__mock/sessions" },
    { method: "GET", path: "/__mock/drift" },
    { method: "POST", path: "/__mock/sessions", body: { name: "worker-1" } },
    { method: "DELETE", path: "/__mock/sessions/{name}", params: { name: "worker-1" }, body: {} },
  ];
  return Object.fromEntries(list.map((r) => [`${r.method} ${r.path}`, r]));
}

/**
 * Requests answering a status the generic derivations of `captureExamples` cannot reach (a
 * building strategy, a name taken, a session cap…), by `"METHOD /path"` and status. `valid` is
 * the operation's valid request.
 */
export function specialCases(
  ids: ExampleIds,
  key: string,
  status: number,
  valid: ExampleRequest,
): ExampleCase | undefined {
  const s = { id: ids.publicStrategy };
  const [method, path] = key.split(" ") as [ExampleRequest["method"], string];
  const v = path.startsWith("/v2/") ? "v2" : "v1";
  const submit: ExampleRequest =
    v === "v2"
      ? { method: "POST", path: "/v2/strategies/{id}/submit", params: s, body: {} }
      : { method: "POST", path: "/v1/strategies/{id}/submit", params: s };
  const archive: ExampleRequest =
    v === "v2"
      ? { method: "POST", path: "/v2/strategies/{id}/archive", params: s }
      : { method: "DELETE", path: "/v1/strategies/{id}", params: s };
  if (path.endsWith("/revive") && status === 200) return { status, request: valid, setup: [archive] };
  if (status === 423) return { status, request: valid, setup: [submit] };
  if (status === 202 && path.includes("optimize"))
    return {
      status,
      request: valid,
      setup: [
        {
          method: "PATCH",
          path: "/v1/strategies/{id}",
          params: s,
          body: { objective: "Companies that make heat pumps" },
        },
        { method: "POST", path: "/v1/strategies/{id}/submit", params: s },
      ],
    };
  if (status === 201 && method === "POST" && path === "/__mock/sessions") return { status, request: valid };
  if (status === 200 && method === "POST" && path === "/__mock/sessions")
    return { status, request: valid, setup: [valid] };
  if (status === 409 && method === "POST" && path === "/__mock/sessions") {
    // the capture's dispatcher allows two sessions
    return {
      status,
      request: { ...valid, body: { name: "worker-3" } },
      setup: [
        { ...valid, body: { name: "worker-1" } },
        { ...valid, body: { name: "worker-2" } },
      ],
    };
  }
  if (status === 404 && method === "DELETE" && path === "/__mock/sessions/{name}")
    return { status, request: { ...valid, params: { name: "no-such-session" } } };
  if (status === 200 && method === "DELETE" && path === "/__mock/sessions/{name}")
    return {
      status,
      request: valid,
      setup: [{ method: "POST", path: "/__mock/sessions", body: { name: "worker-1" } }],
    };
  if (path.endsWith("/portfolios") && method === "POST")
    return status === 201
      ? { status, request: valid }
      : status === 200
        ? { status, request: valid, setup: [valid] }
        : undefined;
  if (status === 409 && method === "PUT" && path.endsWith("/portfolios/{id}")) {
    return { status, request: { ...valid, body: { ...(valid.body as object), name: ids.publicPortfolioName } } };
  }
  if (
    status === 409 &&
    ids.premadeBusyDate !== null &&
    ((path.endsWith("/historical-data") && path.startsWith("/v1/premade")) ||
      (method === "GET" && path.endsWith("/factsheet")))
  ) {
    const query: Record<string, string> = path.endsWith("/factsheet")
      ? { asOfDate: ids.premadeBusyDate }
      : { date: ids.premadeBusyDate };
    return { status, request: { ...valid, params: { id: ids.premade }, query } };
  }
  if (status === 404 && path.endsWith("exposures"))
    return { status, request: { ...valid, body: { ...(valid.body as object), strategyIds: [UNKNOWN_ID] } } };
  if (status === 409 && method === "POST" && (path.endsWith("/factsheet") || path.includes("optimize"))) {
    return {
      status,
      request: valid,
      setup: [
        { method: "PUT", path: "/__mock/strategies/{id}/next-build", params: s, body: { outcome: -2 } },
        submit,
        { method: "POST", path: "/__mock/builds/complete", body: {} },
      ],
    };
  }
  if (status === 409 && method === "GET" && path.startsWith("/v2/strategies/{id}/")) {
    const date = "2025-06-30";
    return {
      status,
      request: { ...valid, query: { ...(valid.query ?? {}), asOfDate: date } },
      setup: [{ method: "POST", path: "/v2/strategies/{id}/submit", params: s, body: { as_of_date: date } }],
    };
  }
  if (status === 409 && path === "/v1/strategies/{id}/historical-data") {
    return {
      status,
      request: { ...valid, query: { ...(valid.query ?? {}), date: "2025-06-30" } },
      setup: [{ method: "POST", path: "/v2/strategies/{id}/submit", params: s, body: { as_of_date: "2025-06-30" } }],
    };
  }
  return undefined;
}
