// Health latency under concurrent optimizer load (issue 11, serious 6), and the cost of the
// request limits (critical 2). Starts the mock standalone twice in its own process: solves inline
// on the event loop (as before issue 11) and on the worker-thread pool (default: cores − 1
// workers, queue 16). For each, fires N distinct mean-CVaR solves at once (one per premade
// strategy, default parameters) while a probe sends GET /v1/health back to back; prints health
// p50/p99/max and the solves' statuses and wall time (on warm fixture prices, see warmPrices). Then, on the pool server, times the
// request-limit answers. Not a test: `npx tsx --conditions=@thematic/source bench/load/optimizerLoad.ts`.
import { loadUniverse } from "@thematic/fixtures";
import { LIMITS } from "../../packages/mock-server/src/schemas/limits.ts";
import { type ChildServer, startMockChild } from "./_internal/children.ts";

const premades = loadUniverse().premadeStrategies;
const premadeIds = premades.map((p) => p.id);

/**
 * The fixtures generate a company's prices on first use (tens of ms per strategy, on the event
 * loop, once per process): a backtest of every premade strategy's companies does that before the
 * measured runs, so both runners are measured on warm prices.
 */
async function warmPrices(server: ChildServer & { apiKey: string }): Promise<void> {
  for (const p of premades.slice(0, 17)) {
    const holdings = p.constituents.map((c) => ({ companyId: c.companyId, weight: 1 }));
    const r = await fetch(`${server.url}/v1/backtest`, {
      method: "POST",
      headers: { Authorization: `Bearer ${server.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ holdings }),
    });
    await r.arrayBuffer();
  }
}

interface Row {
  runner: string;
  solves: number;
  healthP50: number;
  healthP99: number;
  healthMax: number;
  healthCount: number;
  statuses: string;
  wallMs: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function loadRun(
  server: ChildServer & { apiKey: string },
  runner: string,
  n: number,
  offset: number,
): Promise<Row> {
  const started = performance.now();
  let running = true;
  const solves = premadeIds.slice(offset, offset + n).map((id) =>
    fetch(`${server.url}/v1/strategies/${id}/optimized-portfolio?minHoldings=${2 + (offset % 3)}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${server.apiKey}` },
    }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    }),
  );
  const all = Promise.all(solves).finally(() => (running = false));
  const latencies: number[] = [];
  while (running) {
    const t = performance.now();
    await (await fetch(`${server.url}/v1/health`)).arrayBuffer();
    latencies.push(performance.now() - t);
  }
  const statuses = await all;
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  latencies.sort((a, b) => a - b);
  return {
    runner,
    solves: n,
    healthP50: quantile(latencies, 0.5),
    healthP99: quantile(latencies, 0.99),
    healthMax: latencies.at(-1) ?? Number.NaN,
    healthCount: latencies.length,
    statuses: [...counts].map(([s, c]) => `${c}×${s}`).join(" "),
    wallMs: performance.now() - started,
  };
}

async function timed(label: string, send: () => Promise<Response>, reps = 10): Promise<string> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    const r = await send();
    await r.arrayBuffer();
    status = r.status;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return `| ${label} | ${status} | ${quantile(times, 0.5).toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`;
}

const rows: Row[] = [];
for (const runner of ["inline", "pool"]) {
  const server = await startMockChild(
    runner === "inline" ? { MOCK_SOLVER: "inline", MOCK_OPTIMIZER_SECONDS: "0" } : { MOCK_OPTIMIZER_SECONDS: "0" },
  );
  try {
    await (await fetch(`${server.url}/v1/health`)).arrayBuffer();
    await warmPrices(server);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the pool's workers boot
    rows.push(await loadRun(server, runner, 8, 0));
    rows.push(await loadRun(server, runner, 16, 0 + 1)); // other parameters: no memo hits
  } finally {
    await server.stop();
  }
}
console.log(
  "| solver runner | solves | health p50 ms | health p99 ms | health max ms | health answers | solve statuses | wall s |",
);
console.log("|---|---:|---:|---:|---:|---:|---|---:|");
for (const r of rows) {
  console.log(
    `| ${r.runner} | ${r.solves} | ${r.healthP50.toFixed(1)} | ${r.healthP99.toFixed(1)} | ${r.healthMax.toFixed(0)} | ${r.healthCount} | ${r.statuses} | ${(r.wallMs / 1000).toFixed(1)} |`,
  );
}

const server = await startMockChild();
try {
  const headers = { Authorization: `Bearer ${server.apiKey}`, "Content-Type": "application/json" };
  const search = (objective: string) => () =>
    fetch(`${server.url}/v1/premade-strategies/search`, {
      method: "POST",
      headers,
      body: JSON.stringify({ objective }),
    });
  let distinct = "";
  for (let i = 0; distinct.length < LIMITS.OBJECTIVE_MAX; i++)
    distinct += `${i === 0 ? "" : " "}theme${i.toString(36)}`;
  const mcp = (objective: string) => () =>
    fetch(`${server.url}/v1/mcp`, {
      method: "POST",
      headers: { ...headers, Accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "search_premade_strategies", arguments: { objective } },
      }),
    });
  console.log("\n| request | status | p50 ms | max ms |");
  console.log("|---|---:|---:|---:|");
  console.log(await timed("premade search, 1,000,000-character objective", search("x ".repeat(500_000))));
  console.log(
    await timed(
      `premade search, maximal valid objective (${LIMITS.OBJECTIVE_MAX} characters, distinct words)`,
      search(distinct.slice(0, LIMITS.OBJECTIVE_MAX)),
    ),
  );
  console.log(
    await timed(
      `premade search, ${LIMITS.OBJECTIVE_MAX} characters of one repeated word`,
      search("quantum ".repeat(LIMITS.OBJECTIVE_MAX / 8).trim()),
    ),
  );
  console.log(await timed("premade search, a usual objective", search("companies building quantum computers")));
  console.log(await timed("MCP search_premade_strategies, 3,900,000-character objective", mcp("q".repeat(3_900_000))));
  console.log(
    await timed(
      "POST /v1/portfolios, 100 MB body",
      () =>
        fetch(`${server.url}/v1/portfolios`, {
          method: "POST",
          headers,
          body: new Uint8Array(100 * 1024 * 1024).fill(32),
        }),
      3,
    ),
  );
} finally {
  await server.stop();
}
