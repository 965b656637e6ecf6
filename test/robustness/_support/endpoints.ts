// The endpoint table: one valid example request per documented operation (method + OpenAPI path
// template), on the owner's fixture resources. The robustness tests derive every malformed and
// unauthorised request from these examples; `documentedOperations` (the app's /openapi.json)
// is checked against this table so an operation without an entry fails the tests.
import { currentRunDate } from "../../../packages/mock-server/src/services/premade/currentRunDate.ts";
import { premadeVersionId } from "../../../packages/mock-server/src/services/premade/premadeVersionId.ts";
import { documentedOperations, type Operation, operationKey } from "./documentedOperations.ts";
import { type Outgoing, type Received, RESIDENT_SESSION, type World } from "./world.ts";

/** What kind of owned resource the `{id}` of an operation names (for the other-user matrix). */
export type OwnedKind = "strategy" | "portfolio" | null;

/** One operation and a valid example request for it (made by the owner). */
export interface Endpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI path template, e.g. `/v1/strategies/{id}/versions/{versionId}`. */
  path: string;
  /** Whether the operation needs the bearer credential (everything but health and the control surface). */
  secured: boolean;
  params: Record<string, string>;
  query: Record<string, string>;
  /** JSON body of the example; undefined when the operation takes none. */
  body?: unknown;
  /** What `{id}` is (strategy and portfolio ids are checked as another user's too). */
  owned: OwnedKind;
  /** The operation changes state when it succeeds (not a read). */
  writes: boolean;
}

/** `/v1/strategies/{id}` with `params` substituted (each value URI-encoded unless `raw`). */
export function fillPath(template: string, params: Record<string, string>, raw = false): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return raw ? value : encodeURIComponent(value);
  });
}

/** The factsheet PDF rows: their example is a presigned address (see {@link withPresignedQuery}). */
export const PRESIGNED_PDF = /\/factsheet\.pdf$/;

/**
 * `e` ready to be sent now to the mock `send` reaches: a factsheet PDF row gets the query of the
 * presigned address GET …/factsheet redirects the owner (`auth`) to (an address holds only for
 * the mock, the user and the state that issued it, so it is asked for right before use, from the
 * state the request will see); any other row is returned as it is.
 *
 * @throws Error when GET …/factsheet does not redirect
 */
export async function withPresignedQuery(
  e: Endpoint,
  send: (request: Outgoing) => Promise<Received>,
  auth: Record<string, string>,
): Promise<Endpoint> {
  if (!PRESIGNED_PDF.test(e.path)) return e;
  const run = Object.entries({ versionId: e.query.versionId ?? "", asOfDate: e.query.asOfDate ?? "" });
  const r = await send({
    method: "GET",
    path: fillPath(e.path.replace(PRESIGNED_PDF, "/factsheet"), e.params) + queryString(run),
    headers: auth,
  });
  const location = r.headers.get("location");
  if (r.status !== 302 || location === null)
    throw new Error(
      `GET ${e.path.replace(PRESIGNED_PDF, "/factsheet")} answered ${r.status}, not a 302 to the PDF: ${r.text.slice(0, 200)}`,
    );
  return { ...e, query: Object.fromEntries(new URL(location, "http://mock").searchParams) };
}

/** `?a=1&b=2` from pairs (URI-encoded), or "" when there are none. */
export function queryString(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.length === 0
    ? ""
    : `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`;
}

/** Ids of the fixture resources the examples use (all but the premade ones owned by `world.owner`). */
export interface FixtureIds {
  publicStrategy: string;
  privateStrategy: string;
  /** A security (of one company) and another company, for holdings. */
  security: string;
  company: string;
  /** A version of the public strategy that is not its active one (private to the owner). */
  oldVersion: string;
  activeVersion: string;
  strategyCompany: string;
  /** Four companies of the public strategy's active version (keeps the optimizer examples small and fast). */
  strategyCompanies: string[];
  premade: string;
  premadeCompany: string;
  premadeDate: string;
  /** The premade strategy's one version and its current run (its factsheet is always ready). */
  premadeVersion: string;
  premadeCurrentDate: string;
  publicPortfolio: string;
  privatePortfolio: string;
  privatePortfolioName: string;
}

/** Picks the example resources from the fixtures (throws when the fixtures lack one). */
export function fixtureIds(world: World): FixtureIds {
  const u = world.universe;
  const mine = u.userStrategies.filter((s) => s.userId === world.owner.id && s.archivedAt === null);
  const pub = mine.find((s) => s.public && s.versions.length >= 2 && s.activeVersionId !== null);
  const priv = mine.find((s) => !s.public && s.versions.some((v) => v.status === 100));
  const premade = u.premadeStrategies.find((p) => p.snapshots.some((s) => s.state === "completed"));
  const pPub = u.portfolios.find((p) => p.userId === world.owner.id && p.public);
  const pPriv = u.portfolios.find((p) => p.userId === world.owner.id && !p.public);
  if (pub === undefined || priv === undefined || premade === undefined || pPub === undefined || pPriv === undefined) {
    throw new Error("the fixtures lack an example resource the robustness tests need");
  }
  const active = pub.versions.find((v) => v.id === pub.activeVersionId)!;
  const security = u.securityById.get(pPub.holdings[0]!.securityId)!;
  const second = pPub.holdings
    .map((h) => u.securityById.get(h.securityId)!)
    .find((x) => x.companyId !== security.companyId)!;
  return {
    publicStrategy: pub.id,
    privateStrategy: priv.id,
    oldVersion: pub.versions.find((v) => v.id !== pub.activeVersionId)!.id,
    activeVersion: active.id,
    strategyCompany: active.constituents[0]!.companyId,
    strategyCompanies: active.constituents.slice(0, 4).map((c) => c.companyId),
    premade: premade.id,
    premadeCompany: premade.constituents[0]!.companyId,
    premadeDate: premade.snapshots.find((s) => s.state === "completed")!.date,
    premadeVersion: premadeVersionId(premade),
    premadeCurrentDate: currentRunDate(premade)!,
    publicPortfolio: pPub.id,
    privatePortfolio: pPriv.id,
    privatePortfolioName: pPriv.name,
    security: security.id,
    company: second.companyId,
  };
}

/**
 * Every documented operation with a valid example request by the owner (keep in step with the
 * routes: `endpointTable covers /openapi.json` fails when an operation is missing here).
 */
export async function endpointTable(world: World): Promise<Endpoint[]> {
  const ids = fixtureIds(world);
  // The factsheet PDF is read at a presigned address (no key), which holds only for the mock, the
  // user and the state that issued it: the rows name the run, withPresignedQuery signs it when sent.
  const pdfV1 = { versionId: ids.premadeVersion, asOfDate: ids.premadeCurrentDate };
  const pdfV2 = pdfV1;
  const s = { id: ids.publicStrategy };
  const e = (
    method: Endpoint["method"],
    path: string,
    o: Partial<Omit<Endpoint, "method" | "path">> = {},
  ): Endpoint => ({
    method,
    path,
    secured: o.secured ?? true,
    params: o.params ?? {},
    query: o.query ?? {},
    ...(o.body === undefined ? {} : { body: o.body }),
    owned: o.owned ?? null,
    writes: o.writes ?? method !== "GET",
  });
  const strategy = (method: Endpoint["method"], path: string, o: Partial<Endpoint> = {}) =>
    e(method, path, { params: s, owned: "strategy", ...o });
  const portfolioBody = {
    name: ids.privatePortfolioName,
    holdings: [
      { security_id: ids.security, weight: 0.5 },
      { org_id: ids.company, weight: 0.5 },
    ],
    public: false,
    tags: ["t"],
    source: "fuzz",
    metadata: { a: 1 },
  };
  const patchBody = { name: "Renamed", objective: "Companies that make water filters", exclusions: ["tobacco"] };
  return [
    e("GET", "/v1/health", { secured: false }),
    e("GET", "/v2/health", { secured: false }),
    e("GET", "/v1/strategies", { query: { scope: "all" } }),
    e("POST", "/v1/strategies", {
      body: { name: "Fuzz", objective: "Companies that build quantum computers", exclusions: ["defence"] },
    }),
    strategy("GET", "/v1/strategies/{id}"),
    strategy("PATCH", "/v1/strategies/{id}", { body: patchBody }),
    strategy("DELETE", "/v1/strategies/{id}"),
    strategy("POST", "/v1/strategies/{id}/submit"),
    strategy("POST", "/v1/strategies/{id}/revive"),
    strategy("GET", "/v1/strategies/{id}/companies", {
      query: { includeReasoning: "true", scoringMinMarketCap: "500000000" },
    }),
    strategy("GET", "/v1/strategies/{id}/companies/{companyId}", { params: { ...s, companyId: ids.strategyCompany } }),
    strategy("GET", "/v1/strategies/{id}/evidences"),
    strategy("GET", "/v1/strategies/{id}/historical-data", {
      query: { date: "2025-06-30", includeReasoning: "true", scoringMinMarketCap: "500000000" },
    }),
    strategy("GET", "/v1/strategies/{id}/performance", { query: { top: "5", min_market_cap: "0" } }),
    strategy("GET", "/v1/strategies/{id}/factsheet"),
    strategy("POST", "/v1/strategies/{id}/factsheet", { body: { force: false } }),
    e("GET", "/v1/strategies/{id}/factsheet.pdf", { params: { id: ids.premade }, query: pdfV1, secured: false }),
    strategy("GET", "/v1/strategies/{id}/versions"),
    strategy("GET", "/v1/strategies/{id}/versions/{versionId}", { params: { ...s, versionId: ids.oldVersion } }),
    e("GET", "/v2/strategies", { query: { scope: "user", archived: "exclude" } }),
    strategy("GET", "/v2/strategies/{id}"),
    strategy("PATCH", "/v2/strategies/{id}", { body: patchBody }),
    strategy("DELETE", "/v2/strategies/{id}"),
    strategy("POST", "/v2/strategies/{id}/submit"),
    strategy("GET", "/v2/strategies/{id}/versions"),
    strategy("GET", "/v2/strategies/{id}/versions/{versionId}", {
      params: { ...s, versionId: ids.activeVersion },
      query: { asOfDate: "2025-06-30" },
    }),
    e("POST", "/v2/strategies", {
      body: { name: "Fuzz", objective: "Companies that build quantum computers", exclusions: ["defence"] },
    }),
    strategy("GET", "/v2/strategies/{id}/companies", {
      query: { includeReasoning: "true", scoringMinMarketCap: "500000000", versionId: ids.activeVersion },
    }),
    strategy("GET", "/v2/strategies/{id}/companies/{companyId}", { params: { ...s, companyId: ids.strategyCompany } }),
    strategy("GET", "/v2/strategies/{id}/evidences"),
    strategy("GET", "/v2/strategies/{id}/factsheet"),
    strategy("POST", "/v2/strategies/{id}/factsheet", { body: { force: true } }),
    e("GET", "/v2/strategies/{id}/factsheet.pdf", { params: { id: ids.premade }, query: pdfV2, secured: false }),
    strategy("POST", "/v2/strategies/{id}/archive"),
    strategy("POST", "/v2/strategies/{id}/revive"),
    ...(["v1", "v2"] as const).flatMap((v) => [
      e("GET", `/${v}/portfolios`),
      e("POST", `/${v}/portfolios`, { body: portfolioBody }),
      e("GET", `/${v}/portfolios/{id}`, { params: { id: ids.privatePortfolio }, owned: "portfolio" }),
      e("PUT", `/${v}/portfolios/{id}`, {
        params: { id: ids.privatePortfolio },
        owned: "portfolio",
        body: portfolioBody,
      }),
      e("DELETE", `/${v}/portfolios/{id}`, { params: { id: ids.privatePortfolio }, owned: "portfolio" }),
      strategy("POST", `/${v}/strategies/{id}/optimize`, {
        query: {
          minMarketCap: "0",
          signalType: "convictionScore",
          tiltExponent: "1",
          maxWeight: "0.5",
          minWeight: "0",
          riskDiversification: "0",
          riskFreeRate: "0.02",
          topN: "5",
        },
        body: { companyIds: ids.strategyCompanies },
        writes: false,
      }),
    ]),
    strategy("POST", "/v1/strategies/{id}/optimized-portfolio", {
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
      writes: false,
    }),
    e("GET", "/v1/premade-strategies"),
    e("POST", "/v1/premade-strategies/search", { body: { objective: "water treatment" }, writes: false }),
    e("GET", "/v1/premade-strategies/{id}/companies", {
      params: { id: ids.premade },
      query: { includeReasoning: "1", scoringMinMarketCap: "0" },
    }),
    e("GET", "/v1/premade-strategies/{id}/companies/{companyId}", {
      params: { id: ids.premade, companyId: ids.premadeCompany },
    }),
    e("GET", "/v1/premade-strategies/{id}/evidences", { params: { id: ids.premade } }),
    e("GET", "/v1/premade-strategies/{id}/historical-data/dates", { params: { id: ids.premade } }),
    e("GET", "/v1/premade-strategies/{id}/historical-data", {
      params: { id: ids.premade },
      query: { date: ids.premadeDate, scoringMinMarketCap: "500000000" },
    }),
    ...(["v1", "v2"] as const).flatMap((v) => [
      e("POST", `/${v}/helper/companies/search`, { body: { query: "a", limit: 5 }, writes: false }),
      e("POST", `/${v}/backtest`, {
        body: {
          holdings: [
            { companyId: ids.company, weight: 1 },
            { companyId: ids.strategyCompany, weight: 2 },
          ],
          years: 2,
          benchmark: "SPY",
        },
        writes: false,
      }),
      e("POST", `/${v}/enhance-objective`, {
        body: { objective: "Invest in companies that make water filters" },
        writes: false,
      }),
      e("POST", `/${v}/reverse-objective`, {
        body: { objective: "Invest in companies that make water filters" },
        writes: false,
      }),
      e("POST", `/${v}/exclusion-phrases`, {
        body: {
          objective: "Invest in companies that make water filters",
          companyId: ids.strategyCompany,
          inclusionReason: "It makes filters",
        },
        writes: false,
      }),
    ]),
    e("POST", "/v1/strategies/strategies-exposures", {
      body: {
        companiesWeight: { [ids.strategyCompany]: 0.6, [ids.company]: 0.4 },
        strategyIds: [ids.publicStrategy, ids.premade],
      },
      writes: false,
    }),
    e("POST", "/v2/strategies/exposures", {
      body: { companiesWeight: { [ids.strategyCompany]: 0.6 }, returnDateRange: "6-month" },
      writes: false,
    }),
    e("GET", "/v1/benchmarks"),
    e("GET", "/v1/benchmarks/{symbol}", {
      params: { symbol: "SPY" },
      query: { from: "2025-01-01", to: "2025-06-30", interval: "daily" },
    }),
    e("GET", "/__mock/state", { secured: false }),
    e("POST", "/__mock/reset", { secured: false, body: {} }),
    e("POST", "/__mock/clock/advance", { secured: false, body: { ms: 1000 } }),
    e("POST", "/__mock/builds/complete", { secured: false, body: {} }),
    e("PUT", "/__mock/strategies/{id}/next-build", { secured: false, params: s, body: { outcome: -1 } }),
    e("PUT", "/__mock/settings", { secured: false, body: { latencyMs: 0, buildDurationMs: 4000 } }),
    e("GET", "/__mock/sessions", { secured: false }),
    e("GET", "/__mock/drift", { secured: false }),
    e("POST", "/__mock/sessions", { secured: false, body: { name: "fuzz-worker-1" } }),
    e("DELETE", "/__mock/sessions/{name}", { secured: false, params: { name: RESIDENT_SESSION }, body: {} }),
    e("GET", "/__mock/requests", { secured: false, query: { after: "0", limit: "10" } }),
    e("GET", "/__mock/studio/snapshot", { secured: false }),
    e("POST", "/__mock/studio/backtest-chart", {
      secured: false,
      body: { source: { kind: "premade", id: ids.premade }, benchmark: "QQQ", years: 2, chart: "drawdown" },
      writes: false,
    }),
  ];
}

/**
 * The studio's JSON/SVG routes: served and validated like the others but kept out of
 * /openapi.json (routes/studio.ts), so their operations are written here for the fuzz, with the
 * statuses the studio's schemas and the control guard give.
 */
export const HIDDEN_OPERATIONS: Operation[] = [
  {
    method: "GET",
    path: "/__mock/requests",
    pathParams: [],
    queryParams: ["after", "limit"],
    hasBody: false,
    secured: false,
    statuses: [200, 400, 403],
  },
  {
    method: "GET",
    path: "/__mock/studio/snapshot",
    pathParams: [],
    queryParams: [],
    hasBody: false,
    secured: false,
    statuses: [200, 403],
  },
  {
    method: "POST",
    path: "/__mock/studio/backtest-chart",
    pathParams: [],
    queryParams: [],
    hasBody: true,
    secured: false,
    statuses: [200, 400, 403, 404, 415],
  },
];

/** The operations the endpoint table must cover: /openapi.json's plus {@link HIDDEN_OPERATIONS}, by key. */
export async function tableOperations(world: World): Promise<Map<string, Operation>> {
  const operations = await documentedOperations(world);
  for (const op of HIDDEN_OPERATIONS) operations.set(operationKey(op.method, op.path), op);
  return operations;
}
