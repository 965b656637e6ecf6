/**
 * Soak benchmark (issue 7): the mock standalone (the real launcher, its own process, real
 * fixtures, in-memory state unless `--persist`) under a mixed request load for a fixed time, loopback only, bounded
 * concurrency. Prints req/s, p50/p99 latency, errors and non-2xx per route, and the server's
 * live heap after a forced full GC (SIGUSR2 to the child, which runs with `--expose-gc` and the
 * `_internal/gcOnSignal.mjs` preload) after the warm-up and at the end, its resident memory at
 * the same points (informational: V8 grows the heap between full GCs as it sees fit), and the
 * live heap after each full GC during the run (from the child's `--trace-gc`). Exits 1 when the
 * live heap grew by 20 % or more, or on any error or non-2xx answer. Not a test (about 70 s by
 * default).
 *
 * Usage: npx tsx --conditions=@thematic/source bench/soak/soak.ts [--seconds 60] [--connections 16] [--persist]
 * `--persist` serves with `--data <temp file>` (every write fsynced before its answer; the file is removed at the end).
 */
import autocannon from "autocannon";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type MockProcess, residentBytes, startMockProcess } from "./_internal/mockProcess.ts";

type Method = "GET" | "POST";
/** One request of the mix (autocannon's `requests` entries; the bundled typings omit them). */
interface MixRequest {
  method: Method;
  path: string;
  headers: Record<string, string>;
  body?: string;
  setupRequest?: (request: MixRequest) => MixRequest;
  onResponse: (status: number) => void;
}
interface Run {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    connections: { type: "string", default: "16" },
    persist: { type: "boolean", default: false },
  },
});
const SECONDS = Math.min(600, Math.max(1, Number(values.seconds)));
const CONNECTIONS = Math.min(64, Math.max(1, Number(values.connections)));
const WARMUP_SECONDS = 5;
const PORTFOLIO_NAMES = 8; // portfolio POSTs rotate over these names, so the state stays bounded
const MB = 1024 * 1024;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Statuses seen per route name (only while `counting`). */
const statuses = new Map<string, Map<number, number>>();
let counting = false;

function mix(
  url: string,
  apiKey: string,
  ids: { premade: string; strategy: string; companies: string[] },
): MixRequest[] {
  const auth = { Authorization: `Bearer ${apiKey}` };
  const json = { ...auth, "Content-Type": "application/json" };
  const counted = (name: string) => (status: number) => {
    if (!counting) return;
    const byStatus = statuses.get(name) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    statuses.set(name, byStatus);
  };
  let serial = 0;
  const portfolioBody = () => {
    const n = serial++;
    const holdings = [0, 1, 2].map((j) => ({
      org_id: ids.companies[(n + j * 5) % ids.companies.length]!,
      weight: 1 + ((n + j) % 4),
    }));
    return JSON.stringify({ name: `soak ${n % PORTFOLIO_NAMES}`, holdings });
  };
  const backtest = JSON.stringify({
    holdings: ids.companies.slice(0, 10).map((c, i) => ({ companyId: c, weight: i + 1 })),
    years: 5,
    benchmark: "SPY",
  });
  const search = JSON.stringify({ query: "tech", limit: 10 });
  void url;
  return [
    { method: "GET", path: "/v1/health", headers: {}, onResponse: counted("GET /v1/health") },
    { method: "GET", path: "/v1/strategies", headers: auth, onResponse: counted("GET /v1/strategies") },
    {
      method: "GET",
      path: `/v1/premade-strategies/${ids.premade}/companies`,
      headers: auth,
      onResponse: counted("GET premade companies"),
    },
    {
      method: "POST",
      path: "/v1/helper/companies/search",
      headers: json,
      body: search,
      onResponse: counted("POST company search"),
    },
    {
      method: "POST",
      path: "/v1/backtest",
      headers: json,
      body: backtest,
      onResponse: counted("POST backtest (10 holdings, 5 y)"),
    },
    { method: "GET", path: "/v1/portfolios", headers: auth, onResponse: counted("GET /v1/portfolios") },
    {
      method: "POST",
      path: "/v1/portfolios",
      headers: json,
      body: portfolioBody(),
      setupRequest: (request) => ({ ...request, body: portfolioBody() }),
      onResponse: counted(`POST /v1/portfolios (${PORTFOLIO_NAMES} rotating names)`),
    },
    {
      method: "GET",
      path: `/v1/strategies/${ids.strategy}`,
      headers: auth,
      onResponse: counted("GET /v1/strategies/{id}"),
    },
    {
      method: "GET",
      path: `/v1/premade-strategies/${ids.premade}/companies`,
      headers: auth,
      onResponse: counted("GET premade companies"),
    },
  ];
}

async function load(url: string, requests: MixRequest[], seconds: number): Promise<Run> {
  // A variable, not a literal: autocannon's local typings (bench/load/_internal) list no `requests`.
  const options = { url, requests, connections: CONNECTIONS, duration: seconds, timeout: 10 };
  return (await autocannon(options)) as Run;
}

async function getJson<T>(mock: MockProcess, path: string): Promise<T> {
  const r = await fetch(`${mock.url}${path}`, { headers: { Authorization: `Bearer ${mock.apiKey}` } });
  if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status}`);
  return (await r.json()) as T;
}

let mock: MockProcess | undefined;
const guard = setTimeout(
  () => {
    process.stderr.write("[soak] did not finish in time; stopping\n");
    mock?.child.kill("SIGKILL");
    process.exit(1);
  },
  (SECONDS + WARMUP_SECONDS + 90) * 1000,
);
let failed = false;
const dataDir = values.persist ? mkdtempSync(join(tmpdir(), "thematic-soak-")) : null;
try {
  mock = await startMockProcess(dataDir === null ? [] : ["--data", join(dataDir, "state.json")]);
  const premade = await getJson<Array<{ id: string }>>(mock, "/v1/premade-strategies");
  const lists = await Promise.all(
    premade.map(async (p) => ({
      id: p.id,
      companies: await getJson<Array<{ id: string }>>(mock!, `/v1/premade-strategies/${p.id}/companies`),
    })),
  );
  const largest = lists.reduce((a, b) => (b.companies.length > a.companies.length ? b : a));
  const strategies = await getJson<Array<{ id: string }>>(mock, "/v1/strategies");
  const requests = mix(mock.url, mock.apiKey, {
    premade: largest.id,
    strategy: strategies[0]!.id,
    companies: largest.companies.map((c) => c.id),
  });

  process.stderr.write(`[soak] warm-up ${WARMUP_SECONDS} s ...\n`);
  await load(mock.url, requests, WARMUP_SECONDS);
  await sleep(2000);
  const heapStart = await mock.fullGc();
  const rssStart = residentBytes(mock.pid);
  const majorGcsBefore = mock.liveHeapAfterMajorGc.length;
  const portfoliosStart = (await getJson<unknown[]>(mock, "/v1/portfolios")).length;

  process.stderr.write(`[soak] ${SECONDS} s of mixed traffic, ${CONNECTIONS} connections ...\n`);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(residentBytes(mock!.pid)), 5000);
  counting = true;
  const run = await load(mock.url, requests, SECONDS);
  counting = false;
  clearInterval(sampler);
  await sleep(2000);
  const rssEnd = residentBytes(mock.pid);
  const heapEnd = await mock.fullGc();
  const portfoliosEnd = (await getJson<unknown[]>(mock, "/v1/portfolios")).length;

  const growth = (rssEnd - rssStart) / rssStart;
  const heapGrowth = (heapEnd - heapStart) / heapStart;
  const errors = run.errors + run.timeouts;
  console.log(
    `Node ${process.version}, ${process.platform}/${process.arch}; autocannon ${CONNECTIONS} connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up, loopback; the mock in its own process (launcher, ${dataDir === null ? "in-memory state" : "state persisted with --data"})\n`,
  );
  console.log("| requests | req/s | p50 ms | p99 ms | max ms | errors | non-2xx |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| ${run.requests.total} | ${Math.round(run.requests.average)} | ${run.latency.p50} | ${run.latency.p99} | ${run.latency.max} | ${errors} | ${run.non2xx} |`,
  );
  console.log("\n| route | answers (status × count) |\n|---|---|");
  for (const [name, byStatus] of statuses)
    console.log(`| ${name} | ${[...byStatus].map(([s, n]) => `${s} × ${n}`).join(", ")} |`);
  const mb = (b: number) => (b / MB).toFixed(1);
  console.log(`\n| server RSS | MB |\n|---|---:|`);
  console.log(`| after warm-up (start) | ${mb(rssStart)} |`);
  console.log(`| end | ${mb(rssEnd)} |`);
  console.log(`| min / max of the 5 s samples | ${mb(Math.min(...samples))} / ${mb(Math.max(...samples))} |`);
  console.log(`| growth | ${(growth * 100).toFixed(1)} % |`);
  console.log(`\n| live heap after a forced full GC | MB |\n|---|---:|`);
  console.log(`| after warm-up (start) | ${heapStart.toFixed(1)} |`);
  console.log(`| end | ${heapEnd.toFixed(1)} |`);
  console.log(`| growth | ${(heapGrowth * 100).toFixed(1)} % |`);
  const majors = mock.liveHeapAfterMajorGc.slice(majorGcsBefore, -1); // the last one is the forced GC at the end
  const lastBefore = mock.liveHeapAfterMajorGc[majorGcsBefore - 1];
  console.log(
    `\nfull (Mark-Compact) GCs during the run: ${majors.length}; live heap after them: ` +
      (majors.length === 0 ? "-" : `first ${majors[0]} MB, last ${majors.at(-1)} MB, max ${Math.max(...majors)} MB`) +
      (lastBefore === undefined ? "" : ` (${lastBefore} MB after the last one before the run)`),
  );
  console.log(
    `\nportfolios listed: ${portfoliosStart} at start, ${portfoliosEnd} at end (bounded by the ${PORTFOLIO_NAMES} rotating names)`,
  );

  const checks: Array<[string, boolean]> = [
    [`live heap growth < 20 % (${(heapGrowth * 100).toFixed(1)} %)`, heapGrowth < 0.2],
    [`no errors or timeouts (${errors})`, errors === 0],
    [`no non-2xx answers (${run.non2xx})`, run.non2xx === 0],
    [`state bounded (${portfoliosEnd} portfolios)`, portfoliosEnd === portfoliosStart],
  ];
  console.log("\n| check | met |\n|---|---|");
  for (const [what, ok] of checks) console.log(`| ${what} | ${ok ? "yes" : "NO"} |`);
  failed = checks.some(([, ok]) => !ok);
} catch (error) {
  process.stderr.write(`[soak] ${error instanceof Error ? error.stack : String(error)}\n`);
  failed = true;
} finally {
  await mock?.stop();
  if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
  clearTimeout(guard);
}
process.exit(failed ? 1 : 0);
