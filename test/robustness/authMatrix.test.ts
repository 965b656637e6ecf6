// The auth matrix: every documented endpoint × {no key, malformed header, unknown key,
// inactive user, other user}, on the real fixtures, in process. Bad credentials: 401 {error} with
// a `WWW-Authenticate: Bearer realm=…` challenge, before any validation, state unchanged (contract
// §5.4, §7). Another user: another's private strategy or portfolio is 404 on every route; a
// change to another's public one is 403 (§5.5); and no response to a non-owner contains private
// data (private strategies, non-active versions, private portfolios, keys, e-mails; a
// portfolio's user_id is null unless the caller owns it).
import { beforeAll, describe, expect, it } from "vitest";
import { type Operation, operationKey } from "./_support/documentedOperations.ts";
import {
  type Endpoint,
  endpointTable,
  fillPath,
  fixtureIds,
  queryString,
  tableOperations,
  withPresignedQuery,
} from "./_support/endpoints.ts";
import { leaks, privateStrings } from "./_support/privateData.ts";
import { probe, stateKey } from "./_support/probe.ts";
import type { Outgoing } from "./_support/world.ts";
import { createWorld } from "./_support/world.ts";

const world = createWorld();
const table = await endpointTable(world);
const ids = fixtureIds(world);
const secured = table.filter((e) => e.secured);
const open = table.filter((e) => !e.secured);
let operations: Map<string, Operation>;
let pristine: string;

beforeAll(async () => {
  operations = await tableOperations(world);
  world.restore();
  pristine = stateKey(world);
});

const { owner, other, inactive } = world;

/**
 * Authorization header values that must be refused, by kind. Decision (authenticate.ts, RFC 6750
 * §2.1 `"Bearer" 1*SP b64token`, scheme case-insensitive per RFC 7235): `bearer  <key>` with any
 * case and several spaces is accepted (see below); anything else that is not exactly one key after
 * the scheme is malformed.
 */
const BAD_CREDENTIALS: ReadonlyArray<readonly [kind: string, header: string | undefined, message: RegExp]> = [
  ["no key", undefined, /missing/],
  ["empty header", "", /missing/],
  ["blank header", "   ", /missing/],
  ["malformed: Bearer alone", "Bearer", /malformed/],
  ["malformed: Bearer and a space", "Bearer ", /missing|malformed/],
  ["malformed: Basic", "Basic xyz", /malformed/],
  ["malformed: Basic with the key", `Basic ${Buffer.from(`${owner.apiKey}:`).toString("base64")}`, /malformed/],
  ["malformed: key without scheme", owner.apiKey, /malformed/],
  ["malformed: Token scheme", `Token ${owner.apiKey}`, /malformed/],
  ["malformed: two tokens", `Bearer ${owner.apiKey} extra`, /malformed/],
  ["malformed: tab separator", `Bearer\t${owner.apiKey}`, /malformed/],
  ["malformed: colon separator", `Bearer:${owner.apiKey}`, /malformed/],
  ["malformed: Bearer twice", `Bearer Bearer ${owner.apiKey}`, /malformed/],
  ["unknown key", "Bearer thm_nobody_0000000000000000", /invalid API key/],
  ["unknown key: a prefix of a real key", `Bearer ${owner.apiKey.slice(0, -1)}`, /invalid API key/],
  ["unknown key: a real key in upper case", `Bearer ${owner.apiKey.toUpperCase()}`, /invalid API key/],
  ["unknown key: a user id", `Bearer ${owner.id}`, /invalid API key/],
  ["unknown key: quoted", `Bearer "${owner.apiKey}"`, /invalid API key/],
  ["inactive user (Dana)", `Bearer ${inactive.apiKey}`, /inactive/],
];

function send(e: Endpoint, headers: Record<string, string>, params: Record<string, string> = e.params): Outgoing {
  return {
    method: e.method,
    path: fillPath(e.path, params) + queryString(Object.entries(e.query)),
    headers,
    ...(e.body === undefined ? {} : { body: e.body }),
  };
}

async function expectProbe(e: Endpoint, request: Outgoing, status: number, label: string) {
  const r = await probe(world, pristine, e, operations.get(operationKey(e.method, e.path)), request);
  expect(r.problems, label).toEqual([]);
  expect(r.response.status, `${label}: ${r.response.text.slice(0, 200)}`).toBe(status);
  return r.response;
}

describe("auth matrix: bad credentials", () => {
  it("covers every secured operation of /openapi.json", () => {
    const documented = [...operations.values()]
      .filter((o) => o.secured)
      .map((o) => operationKey(o.method, o.path))
      .sort();
    expect(secured.map((e) => operationKey(e.method, e.path)).sort()).toEqual(documented);
    // Open: health, the control surface and the presigned factsheet PDFs (their signature stands for the key).
    expect(
      open
        .map((e) => e.path)
        .every(
          (p) => p === "/v1/health" || p === "/v2/health" || p.startsWith("/__mock/") || p.endsWith("/factsheet.pdf"),
        ),
    ).toBe(true);
  });

  it.each(secured.map((e) => [`${e.method} ${e.path}`, e] as const))(
    "%s: 401 {error} with a Bearer challenge for each bad credential",
    async (_, e) => {
      for (const [kind, header, message] of BAD_CREDENTIALS) {
        const headers: Record<string, string> = header === undefined ? {} : { Authorization: header };
        for (const request of [
          send(e, headers),
          {
            ...send(e, headers, Object.fromEntries(Object.keys(e.params).map((k) => [k, "not-a-uuid"]))),
            ...(e.method === "GET" ? {} : { body: "{" }),
          },
        ]) {
          const label = `${kind} → ${request.method} ${request.path}`;
          const response = await expectProbe(e, request, 401, label);
          expect(response.headers.get("www-authenticate"), label).toMatch(/^Bearer realm="thematic-mock"/);
          expect((response.json as { error: string }).error, label).toMatch(message);
          if (header !== undefined && header.length > 8)
            expect(response.text, `${label}: echoes the credential`).not.toContain(header.split(/\s+/).at(-1));
        }
      }
    },
  );

  it("the MCP endpoint and unknown routes under /v1 and /v2 also ask for the key first", async () => {
    for (const path of ["/v1/mcp", "/v1/no-such-route", "/v2/no-such-route", "/v2/strategies/x/y/z"]) {
      for (const [kind, header] of BAD_CREDENTIALS) {
        const r = await world.send({
          method: "POST",
          path,
          headers: header === undefined ? {} : { Authorization: header },
          body: {},
        });
        expect(r.status, `${kind} ${path}`).toBe(401);
        expect(r.headers.get("www-authenticate"), `${kind} ${path}`).toMatch(/^Bearer /);
      }
      const known = await world.send({ method: "POST", path, headers: world.auth(owner), body: {} });
      expect(known.status, path).not.toBe(401);
    }
  });

  it("accepts the scheme in any case and several spaces before the key (RFC 6750 1*SP)", async () => {
    const e = table.find((x) => x.method === "GET" && x.path === "/v1/strategies")!;
    const expected = await world.send(send(e, world.auth(owner)));
    for (const header of [
      `bearer ${owner.apiKey}`,
      `BEARER ${owner.apiKey}`,
      `bearer  ${owner.apiKey}`,
      `Bearer    ${owner.apiKey}  `,
      ` Bearer ${owner.apiKey}`,
    ]) {
      const r = await world.send(send(e, { Authorization: header }));
      expect(r.status, JSON.stringify(header)).toBe(200);
      expect(r.text, JSON.stringify(header)).toBe(expected.text);
    }
  });

  it.each(open.map((e) => [`${e.method} ${e.path}`, e] as const))(
    "%s needs no key, and a bad one is ignored",
    async (_, e) => {
      const variants: Array<Record<string, string>> = [
        {},
        { Authorization: "Basic xyz" },
        { Authorization: `Bearer ${inactive.apiKey}` },
      ];
      for (const headers of variants) {
        if (stateKey(world) !== pristine) world.restore(); // before a presigned address is asked for: it holds for one state
        const r = await probe(
          world,
          pristine,
          e,
          operations.get(operationKey(e.method, e.path)),
          send(await withPresignedQuery(e, world.send, world.auth(owner)), headers),
        );
        expect(r.problems).toEqual([]);
        expect(r.response.status).toBeLessThan(300);
      }
    },
  );
});

describe("auth matrix: another user's resources", () => {
  const privateStrategy = world.universe.userStrategies.find((s) => s.id === ids.privateStrategy)!;
  const privateParams: Record<string, string> = {
    id: privateStrategy.id,
    versionId: privateStrategy.versions[0]!.id,
    companyId: privateStrategy.versions[0]!.constituents[0]!.companyId,
  };
  const pick = (e: Endpoint, values: Record<string, string>) =>
    Object.fromEntries(Object.keys(e.params).map((k) => [k, values[k] ?? e.params[k]!]));
  const asOther = world.auth(other);
  const strategyRoutes = secured.filter((e) => e.owned === "strategy");
  const portfolioRoutes = secured.filter((e) => e.owned === "portfolio");

  it("another user's private strategy is 404 on every strategy route (reads, writes, optimizers)", async () => {
    expect(strategyRoutes.length).toBe(30);
    for (const e of strategyRoutes)
      await expectProbe(e, send(e, asOther, pick(e, privateParams)), 404, `${e.method} ${e.path}`);
  });

  it("another user's public strategy: reads are 200, every change is 403, non-active versions are 404", async () => {
    const publicParams = { id: ids.publicStrategy, versionId: ids.activeVersion, companyId: ids.strategyCompany };
    for (const e of strategyRoutes) {
      const status = e.writes ? 403 : 200;
      await expectProbe(e, send(e, asOther, pick(e, publicParams)), status, `${e.method} ${e.path}`);
    }
    for (const e of strategyRoutes.filter((x) => x.path.endsWith("{versionId}"))) {
      await expectProbe(
        e,
        send(e, asOther, pick(e, { id: ids.publicStrategy, versionId: ids.oldVersion })),
        404,
        `${e.method} ${e.path} (non-active version)`,
      );
    }
    for (const v of ["v1", "v2"]) {
      const r = await world.send({
        method: "GET",
        path: `/${v}/strategies/${ids.publicStrategy}/versions`,
        headers: asOther,
      });
      expect(
        (r.json as Array<{ version_id: string }>).map((x) => x.version_id),
        v,
      ).toEqual([ids.activeVersion]);
    }
  });

  it("another user's private portfolio is 404; their public one is readable with user_id null, and 403 to change", async () => {
    expect(portfolioRoutes.map((e) => e.method).sort()).toEqual(["DELETE", "DELETE", "GET", "GET", "PUT", "PUT"]);
    for (const e of portfolioRoutes) {
      await expectProbe(e, send(e, asOther, { id: ids.privatePortfolio }), 404, `${e.method} ${e.path} (private)`);
      const r = await expectProbe(
        e,
        send(e, asOther, { id: ids.publicPortfolio }),
        e.method === "GET" ? 200 : 403,
        `${e.method} ${e.path} (public)`,
      );
      if (e.method === "GET") expect((r.json as { user_id: unknown }).user_id).toBeNull();
    }
  });

  it("a write by another user to the owner's strategy or portfolio changes nothing, whatever the body", async () => {
    for (const e of [...strategyRoutes, ...portfolioRoutes].filter((x) => x.writes && x.method !== "GET")) {
      for (const id of e.owned === "portfolio"
        ? [ids.privatePortfolio, ids.publicPortfolio]
        : [ids.privateStrategy, ids.publicStrategy]) {
        const request = { ...send(e, asOther, pick(e, { id })), body: e.body ?? {} };
        const r = await probe(world, pristine, e, operations.get(operationKey(e.method, e.path)), request);
        expect(r.problems).toEqual([]);
        if (e.path.includes("/optimize")) continue;
        expect([403, 404], `${e.method} ${e.path} ${id}`).toContain(r.response.status);
      }
    }
  });

  it("no response to another user contains the owner's private data (every endpoint, every list scope)", async () => {
    const secrets = privateStrings(world, other.id);
    expect([...secrets.values()].some((w) => w.startsWith("id of private strategy"))).toBe(true);
    expect([...secrets.values()].some((w) => w.startsWith("id of private portfolio"))).toBe(true);
    expect([...secrets.values()].some((w) => w.startsWith("non-active version of public strategy"))).toBe(true);
    const requests: Array<[Endpoint, Outgoing]> = [];
    for (const e of secured) {
      const variants =
        e.owned === "strategy"
          ? [
              pick(e, privateParams),
              pick(e, { id: ids.publicStrategy, versionId: ids.oldVersion }),
              pick(e, { id: ids.publicStrategy, versionId: ids.activeVersion }),
            ]
          : e.owned === "portfolio"
            ? [{ id: ids.privatePortfolio }, { id: ids.publicPortfolio }]
            : [e.params];
      for (const params of variants) requests.push([e, send(e, asOther, params)]);
    }
    for (const scope of ["user", "public", "all"]) {
      for (const archived of ["exclude", "only"])
        requests.push([
          table.find((x) => x.path === "/v2/strategies")!,
          { method: "GET", path: `/v2/strategies?scope=${scope}&archived=${archived}`, headers: asOther },
        ]);
      requests.push([
        table.find((x) => x.path === "/v1/strategies" && x.method === "GET")!,
        { method: "GET", path: `/v1/strategies?scope=${scope}`, headers: asOther },
      ]);
    }
    for (const objective of [privateStrategy.name, privateStrategy.objective]) {
      requests.push([
        table.find((x) => x.path === "/v1/premade-strategies/search")!,
        { method: "POST", path: "/v1/premade-strategies/search", headers: asOther, body: { objective } },
      ]);
    }
    const found: string[] = [];
    for (const [e, request] of requests) {
      const r = await probe(world, pristine, e, operations.get(operationKey(e.method, e.path)), request);
      found.push(
        ...r.problems,
        ...leaks(
          r.response.text,
          r.response.json,
          secrets,
          other.id,
          decodeURIComponent(request.path) + JSON.stringify(request.body ?? ""),
        ).map((l) => `${request.method} ${request.path}: ${l}`),
      );
    }
    expect(found).toEqual([]);
  });

  it("no MCP tool result to another user contains the owner's private data", async () => {
    const secrets = privateStrings(world, other.id);
    const rpc = async (method: string, params: unknown) => {
      const body = { jsonrpc: "2.0", id: 1, method, params };
      const r = await world.send({
        method: "POST",
        path: "/v1/mcp",
        headers: { ...asOther, Accept: "application/json, text/event-stream" },
        body,
      });
      expect(r.status, `${method} ${JSON.stringify(params)}`).toBe(200);
      return { r, sent: JSON.stringify(body) };
    };
    const listed = (await rpc("tools/list", {})).r.json as {
      result: { tools: Array<{ name: string; inputSchema: { properties?: Record<string, unknown> } }> };
    };
    const found: string[] = [];
    for (const tool of listed.result.tools) {
      const props = Object.keys(tool.inputSchema.properties ?? {});
      const variants = props.includes("strategyId") ? [privateStrategy.id, ids.publicStrategy] : [undefined];
      for (const strategyId of variants) {
        const args: Record<string, unknown> = {};
        if (strategyId !== undefined) args.strategyId = strategyId;
        if (props.includes("companyId")) args.companyId = privateParams.companyId;
        if (props.includes("scope")) args.scope = "all";
        if (props.includes("portfolioId")) args.portfolioId = ids.privatePortfolio;
        const { r, sent } = await rpc("tools/call", { name: tool.name, arguments: args });
        found.push(
          ...leaks(r.text, undefined, secrets, other.id, sent).map((l) => `${tool.name} ${JSON.stringify(args)}: ${l}`),
        );
        const text = (r.json as { result?: { content?: Array<{ text?: string }> } }).result?.content?.[0]?.text ?? "";
        if (text.startsWith("{") || text.startsWith("["))
          found.push(...leaks(text, JSON.parse(text), secrets, other.id, sent).map((l) => `${tool.name}: ${l}`));
      }
    }
    expect(listed.result.tools.length).toBeGreaterThan(10);
    expect(found).toEqual([]);
    expect(stateKey(world)).toBe(pristine);
  });

  it("the owner does see those private data (the leak check can fail)", async () => {
    const secrets = privateStrings(world, other.id);
    const mine = await world.send({ method: "GET", path: "/v1/strategies?scope=user", headers: world.auth(owner) });
    expect(leaks(mine.text, mine.json, secrets, other.id).length).toBeGreaterThan(0);
    const portfolios = await world.send({ method: "GET", path: "/v1/portfolios", headers: world.auth(owner) });
    expect(leaks(portfolios.text, portfolios.json, secrets, other.id).some((l) => l.includes("user_id"))).toBe(true);
  });
});
