// Health latency while one MCP batch runs (issue 20, item 1): the mock standalone in its own
// process (bench/load/_internal/mockChild.ts); for each batch (100 worst-case premade searches,
// 100 enhance_objective, 100 tools/list) a probe sends GET /v1/health back to back while the batch
// runs, and the table shows health p50/p99/max, the number of health answers, the batch's wall
// time, how many calls ran or were refused (LIMITS.MCP_ANSWER_MAX_BYTES) and the answer's size.
// The load average is printed before and after (the machine is shared: read the figures with it).
// Not a test: `npm run bench:mcp-batch` (about 30 s; ROUNDS=n repeats each batch, default 2).
import { loadavg } from "node:os";
import { worstPremadeObjective } from "../../packages/mock-server/src/_test/worstPremadeObjective.ts";
import { startMockChild } from "./_internal/children.ts";

const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 2));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const call = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

const batches: Array<{ name: string; messages: unknown[] }> = [
  {
    name: "100 × search_premade_strategies, worst objective",
    messages: Array.from({ length: 100 }, (_, i) =>
      call(i + 1, "search_premade_strategies", { objective: worstPremadeObjective(i + 1) }),
    ),
  },
  {
    name: "100 × search_premade_strategies, 64-letter words",
    messages: Array.from({ length: 100 }, (_, i) =>
      call(i + 1, "search_premade_strategies", { objective: worstPremadeObjective(i + 1, 64) }),
    ),
  },
  {
    name: "100 × enhance_objective, worst objective",
    messages: Array.from({ length: 100 }, (_, i) =>
      call(i + 1, "enhance_objective", { objective: worstPremadeObjective(i + 1) }),
    ),
  },
  {
    name: "100 × tools/list",
    messages: Array.from({ length: 100 }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/list", params: {} })),
  },
];

const server = await startMockChild();
const loadBefore = loadavg();
const rows: string[] = [];
try {
  const headers = {
    Authorization: `Bearer ${server.apiKey}`,
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    "Mcp-Protocol-Version": "2025-06-18",
  };
  const post = (body: unknown) =>
    fetch(`${server.url}/v1/mcp`, { method: "POST", headers, body: JSON.stringify(body) });
  await (await post(call(1, "search_premade_strategies", { objective: "warm up the search index" }))).arrayBuffer();
  for (const batch of batches) {
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      let running = true;
      const answer = post(batch.messages)
        .then(async (r) => ({ status: r.status, text: await r.text(), ms: performance.now() - started }))
        .finally(() => (running = false));
      const latencies: number[] = [];
      while (running) {
        const t = performance.now();
        await (await fetch(`${server.url}/v1/health`)).arrayBuffer();
        latencies.push(performance.now() - t);
      }
      const { status, text, ms } = await answer;
      const answers = JSON.parse(text) as Array<{ result?: unknown; error?: unknown }>;
      const ran = answers.filter((a) => a.result !== undefined).length;
      latencies.sort((a, b) => a - b);
      rows.push(
        `| ${batch.name} | ${status} | ${ran} / ${answers.length - ran} | ${(text.length / 1e6).toFixed(2)} | ${(ms / 1000).toFixed(2)} | ${latencies.length} | ${quantile(latencies, 0.5).toFixed(1)} | ${quantile(latencies, 0.99).toFixed(1)} | ${latencies.at(-1)!.toFixed(1)} |`,
      );
    }
  }
} finally {
  await server.stop();
}
console.log(
  `MCP batch vs /v1/health, ${new Date().toISOString()}, Node ${process.version}, load average before ${loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}\n`,
);
console.log(
  "| batch | status | calls ran / refused | answer MB | batch s | health answers | health p50 ms | health p99 ms | health max ms |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const row of rows) console.log(row);
