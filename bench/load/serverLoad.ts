/**
 * Server load benchmark (issues 5 and 15): the mock standalone (Node adapter, own process) and json-server
 * 0.17 (own process, same companies list) under autocannon, 50 connections, loopback only.
 * Prints a Markdown table and whether each target is met. Not a test.
 *
 * Usage: npx tsx --conditions=@thematic/source bench/load/serverLoad.ts
 * Env: LOAD_SECONDS (default 10) per scenario; a 2 s warm-up per scenario is not counted.
 */
import autocannon from "autocannon";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type ChildServer, startJsonServerChild, startMockChild } from "./_internal/children.ts";

const SECONDS = Math.max(1, Number(process.env.LOAD_SECONDS ?? 10));
const CONNECTIONS = 50;

interface Scenario {
  name: string;
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** A fresh body for every request instead of `body` (no two requests alike). */
  nextBody?: () => string;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(s: Scenario, seconds: number): Promise<Row> {
  const r = await autocannon({
    url: s.url,
    method: s.method,
    headers: s.headers,
    ...(s.body === undefined ? {} : { body: s.body }),
    ...(s.nextBody === undefined
      ? {}
      : { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: s.nextBody!() }) }] }),
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
  });
  return {
    name: s.name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

const children: ChildServer[] = [];
const loadBefore = loadavg();
const dir = mkdtempSync(join(tmpdir(), "thematic-load-"));
try {
  const mock = await startMockChild();
  children.push(mock);
  const auth = { Authorization: `Bearer ${mock.apiKey}` };
  const getJson = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const r = await fetch(`${mock.url}${path}`, { ...init, headers: { ...auth, "Content-Type": "application/json" } });
    if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };

  // The largest premade strategy's companies list is the list both servers serve.
  const premade = await getJson<Array<{ id: string; name: string }>>("/v1/premade-strategies");
  const lists = await Promise.all(
    premade.map(async (p) => ({
      p,
      companies: await getJson<Array<{ id: string; name: string }>>(`/v1/premade-strategies/${p.id}/companies`),
    })),
  );
  const { p, companies } = lists.reduce((a, b) => (b.companies.length > a.companies.length ? b : a));
  const listPath = `/v1/premade-strategies/${p.id}/companies`;
  const dbFile = join(dir, "db.json");
  writeFileSync(dbFile, JSON.stringify({ companies }));
  const jsonServer = await startJsonServerChild(dbFile, "/companies");
  children.push(jsonServer);

  const listBytes = JSON.stringify(companies).length;
  const search = JSON.stringify({ query: companies[0]!.name.slice(0, 4), limit: 10 });
  const backtestOf = (nudge: number) =>
    JSON.stringify({
      holdings: companies.slice(0, 10).map((c, i) => ({ companyId: c.id, weight: i + 1 + nudge })),
      years: 5,
      benchmark: "SPY",
    });
  const backtest = backtestOf(0);
  // The same 10 companies with weights nudged by n·1e-9: a portfolio never seen before on every request.
  let sent = 0;
  const freshBacktest = () => backtestOf(++sent * 1e-9);
  const probe = await getJson<{ metadata: { weekCount: number; stockCount: number } }>("/v1/backtest", {
    method: "POST",
    body: backtest,
  });

  const json = { ...auth, "Content-Type": "application/json" };
  const scenarios: Scenario[] = [
    {
      name: "mock: GET /v1/health (the framework's floor: no auth, tiny body)",
      url: `${mock.url}/v1/health`,
      method: "GET",
      headers: {},
    },
    {
      name: `mock: GET companies list (${companies.length} companies, ${listBytes} B)`,
      url: `${mock.url}${listPath}`,
      method: "GET",
      headers: auth,
    },
    { name: "json-server 0.17: GET the same list", url: `${jsonServer.url}/companies`, method: "GET", headers: {} },
    {
      name: `mock: POST company search ${search}`,
      url: `${mock.url}/v1/helper/companies/search`,
      method: "POST",
      headers: json,
      body: search,
    },
    {
      name: `mock: POST backtest (${probe.metadata.stockCount} holdings, ${probe.metadata.weekCount} weeks), one body: cache hits`,
      url: `${mock.url}/v1/backtest`,
      method: "POST",
      headers: json,
      body: backtest,
    },
    {
      name: "mock: POST backtest, a new portfolio on every request: never cached",
      url: `${mock.url}/v1/backtest`,
      method: "POST",
      headers: json,
      nextBody: freshBacktest,
    },
  ];

  const rows: Row[] = [];
  for (const s of scenarios) {
    process.stderr.write(`[load] ${s.name} ...\n`);
    await measure(s, 2); // warm-up (JIT, caches), not counted
    rows.push(await measure(s, SECONDS));
  }

  const [, list, peer, companySearch, bt, btCold] = rows as [Row, Row, Row, Row, Row, Row];
  const la = (l: number[]) => l.map((x) => x.toFixed(2)).join(", ");
  console.log(
    `Node ${process.version}, ${process.platform}/${process.arch}; autocannon ${CONNECTIONS} connections, ${SECONDS} s per scenario, loopback; each server in its own process; load average ${la(loadBefore)} before, ${la(loadavg())} after\n`,
  );
  console.log("| scenario | req/s | p50 ms | p90 ms | p99 ms | errors | non-2xx |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
  const mockRows = [list, companySearch, bt];
  const targets: Array<[string, boolean]> = [
    [`companies list >= 2x json-server req/s (${(list.rps / peer.rps).toFixed(2)}x)`, list.rps >= 2 * peer.rps],
    [`backtest >= 1000 req/s (${Math.round(bt.rps)})`, bt.rps >= 1000],
    [
      `p99 < 20 ms on list, search and backtest (max ${Math.max(...mockRows.map((r) => r.p99))} ms)`,
      mockRows.every((r) => r.p99 < 20),
    ],
    [`uncached backtest >= 1000 req/s (${Math.round(btCold.rps)})`, btCold.rps >= 1000],
    [`uncached backtest p99 < 20 ms (${btCold.p99} ms)`, btCold.p99 < 20],
    [`issue 15: uncached backtest >= 5000 req/s (${Math.round(btCold.rps)})`, btCold.rps >= 5000],
    [`issue 15: uncached backtest p99 < 15 ms (${btCold.p99} ms)`, btCold.p99 < 15],
    ["no errors and no non-2xx on the mock", [...mockRows, btCold].every((r) => r.errors === 0 && r.non2xx === 0)],
  ];
  console.log("\n| target | met |\n|---|---|");
  for (const [what, ok] of targets) console.log(`| ${what} | ${ok ? "yes" : "NO"} |`);
} finally {
  await Promise.all(children.map((c) => c.stop()));
  rmSync(dir, { recursive: true, force: true });
}
