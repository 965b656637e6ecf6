// One MCP batch must not stall every other client: a JSON-RPC batch of up to
// 100 tool calls ran back to back on the event loop (100 worst-case premade searches held
// /v1/health for 6 to 18 s; a client that left did not stop it). Over real HTTP, on the real
// fixtures: health is answered *between* the calls of a batch (seen by the calls' progress at each
// health answer, not by a wall-clock budget), a batch's answers stop at LIMITS.MCP_ANSWER_MAX_BYTES,
// and a client that leaves stops its batch. Latency figures: `npm run bench:mcp-batch`.
import { type RunningServer, startServer } from "@thematic/mock-server/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_RUN_CODE } from "../../packages/mock-server/src/mcp/_internal/paceMessages.ts";
import { LIMITS } from "../../packages/mock-server/src/schemas/limits.ts";
import { worstPremadeObjective } from "../../packages/mock-server/src/_test/worstPremadeObjective.ts";
import { fixtureUniverse } from "./_support/world.ts";

interface Answer {
  id: number;
  result?: { isError?: boolean };
  error?: { code: number; message: string };
}

let server: RunningServer;
let key: string;
beforeAll(async () => {
  const universe = fixtureUniverse();
  server = await startServer({ port: 0, quiet: true, universe });
  key = universe.users.find((u) => u.active)!.apiKey;
});
afterAll(async () => {
  await server?.close();
});

const call = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});
const search = (id: number) => call(id, "search_premade_strategies", { objective: worstPremadeObjective(id) });
const create = (id: number) =>
  call(id, "create_strategy", { name: `batch ${id}`, objective: "companies building quantum computers" });

function postBatch(batch: unknown[], signal?: AbortSignal): Promise<Response> {
  return fetch(`${server.url}/v1/mcp`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "Mcp-Protocol-Version": "2025-06-18",
    },
    body: JSON.stringify(batch),
    ...(signal === undefined ? {} : { signal }),
  });
}

const strategies = () => server.ctx.store.state.strategies.length;

describe("an MCP batch over HTTP", () => {
  it("lets /v1/health be answered between its calls (30 worst-case premade searches, each followed by a create_strategy)", async () => {
    const before = strategies();
    const batch = Array.from({ length: 30 }, (_, i) => [search(2 * i + 1), create(2 * i + 2)]).flat();
    let finished = false;
    const answered = postBatch(batch).then(async (r) => {
      const answers = (await r.json()) as Answer[];
      finished = true;
      return { status: r.status, answers };
    });
    // Health, one request after the other until the batch is answered; at each answer, how many of its creates had run.
    const progressAtHealth: number[] = [];
    while (!finished) {
      const health = await fetch(`${server.url}/v1/health`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      progressAtHealth.push(strategies() - before);
    }
    const { status, answers } = await answered;
    expect(status).toBe(200);
    expect(answers.map((a) => a.id)).toEqual(batch.map((m) => m.id));
    expect(answers.every((a) => a.result !== undefined && a.result.isError !== true)).toBe(true);
    // Before, the batch ran in one turn of the loop: health saw 0 or all 30 creates done, never a count in between.
    const inBetween = new Set(progressAtHealth.filter((n) => n > 0 && n < 30));
    expect(inBetween.size).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it("the issue's batch (100 worst-case searches, 8 MB of answers) stops at LIMITS.MCP_ANSWER_MAX_BYTES: later calls are refused, not run", async () => {
    const batch = Array.from({ length: 100 }, (_, i) => search(i + 1));
    const response = await postBatch(batch);
    expect(response.status).toBe(200);
    const text = await response.text();
    const answers = JSON.parse(text) as Answer[];
    const ran = answers.filter((a) => a.result !== undefined);
    const refused = answers.filter((a) => a.error?.code === NOT_RUN_CODE);
    expect(ran.length + refused.length).toBe(100);
    expect(ran.length).toBeGreaterThan(10);
    expect(refused.length).toBeGreaterThan(10);
    expect(answers.slice(0, ran.length)).toEqual(ran); // the first calls ran, the rest were refused
    expect(refused[0]?.error?.message).toContain(`at most ${LIMITS.MCP_ANSWER_MAX_BYTES} bytes per request`);
    const largest = Math.max(...ran.map((a) => JSON.stringify(a).length));
    expect(Buffer.byteLength(text)).toBeLessThan(LIMITS.MCP_ANSWER_MAX_BYTES + largest + refused.length * 400);
  }, 120_000);

  it("stops when its client leaves: calls still waiting are not run", async () => {
    const before = strategies();
    const controller = new AbortController();
    const batch = Array.from({ length: 100 }, (_, i) => create(i + 1));
    const seqBefore = server.ctx.requests.latestSeq();
    const request = postBatch(batch, controller.signal).catch((e: unknown) => e);
    while (strategies() - before < 5) await new Promise((resolve) => setImmediate(resolve));
    const abortedAt = strategies() - before;
    controller.abort();
    expect(await request).toBeInstanceOf(Error);
    // The server finishes the request (answering the waiting calls with errors) and logs it.
    while (!server.ctx.requests.since(seqBefore).some((r) => r.path === "/v1/mcp"))
      await new Promise((resolve) => setTimeout(resolve, 10));
    const ran = strategies() - before;
    expect(ran).toBeLessThan(100);
    expect(ran).toBeLessThanOrEqual(abortedAt + 3); // the call running when the socket closed, and the ones before Node noticed
    expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
  }, 120_000);
});
