import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describe, expect, it } from "vitest";
import { makeMock } from "../../_test/makeMock.ts";
import { id, keys } from "../../_test/testUniverse.ts";
import { createMcpServer } from "../createMcpServer.ts";
import { NOT_RUN_CODE, paceMessages } from "./paceMessages.ts";

interface Answer {
  id: number;
  result?: { isError?: boolean };
  error?: { code: number; message: string };
}

const HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
  "Mcp-Protocol-Version": "2025-06-18",
};
const call = (n: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id: n,
  method: "tools/call",
  params: { name, arguments: args },
});
const create = (n: number) =>
  call(n, "create_strategy", { name: `paced ${n}`, objective: "companies building quantum computers" });

/** Counts turns of the event loop (one per check phase) until `stop()`. */
function turnCounter(onTurn: () => void = () => {}) {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    onTurn();
    setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop: () => {
      running = false;
      return turns;
    },
  };
}

describe("paceMessages (MCP batches)", () => {
  it("runs the calls of a batch one per turn of the event loop, in order, all answered", async () => {
    const mock = makeMock();
    const before = mock.ctx.store.state.strategies.length;
    const seen: number[] = [];
    const counter = turnCounter(() => seen.push(mock.ctx.store.state.strategies.length - before));
    const batch = Array.from({ length: 40 }, (_, i) => create(i + 1));
    const response = await mock.app.request("/v1/mcp", {
      method: "POST",
      headers: { ...HEADERS, Authorization: `Bearer ${keys.alice}` },
      body: JSON.stringify(batch),
    });
    const turns = counter.stop();
    const answers = (await response.json()) as Answer[];
    expect(answers.map((a) => a.id)).toEqual(batch.map((m) => m.id));
    expect(answers.every((a) => a.result !== undefined && a.result.isError !== true)).toBe(true);
    // Unpaced, the 40 calls ran as one chain of microtasks: no turn of the loop saw 1..39 of them done.
    expect(turns).toBeGreaterThanOrEqual(39);
    expect(new Set(seen.filter((n) => n > 0 && n < 40)).size).toBeGreaterThanOrEqual(30);
  });

  it("does not run the calls still waiting once the client has left", async () => {
    const mock = makeMock();
    const before = mock.ctx.store.state.strategies.length;
    const controller = new AbortController();
    let abortedAt = -1;
    const counter = turnCounter(() => {
      const done = mock.ctx.store.state.strategies.length - before;
      if (abortedAt < 0 && done >= 3) {
        abortedAt = done;
        controller.abort();
      }
    });
    const batch = Array.from({ length: 60 }, (_, i) => create(i + 1));
    // The transport itself, not the app: the app answers a client that left at once (499) and
    // closes the server, and the answers below are what paceMessages gives the transport.
    const server = createMcpServer(McpServer, mock.ctx, { userId: id("alice") });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    paceMessages(transport, { maxAnswerBytes: Number.POSITIVE_INFINITY, signal: controller.signal });
    const response = await transport.handleRequest(
      new Request("http://mock/v1/mcp", {
        method: "POST",
        headers: HEADERS,
        body: JSON.stringify(batch),
        signal: controller.signal,
      }),
    );
    await server.close();
    counter.stop();
    const answers = (await response.json()) as Answer[];
    const ran = mock.ctx.store.state.strategies.length - before;
    expect(abortedAt).toBeGreaterThanOrEqual(3);
    expect(ran).toBeLessThanOrEqual(abortedAt + 1); // at most the call running when the client left
    const refused = answers.filter((a) => a.error?.code === NOT_RUN_CODE);
    expect(refused).toHaveLength(60 - ran);
    expect(refused[0]?.error?.message).toMatch(/client closed the HTTP request/);
  });

  it("answers the calls after the answers reach maxAnswerBytes with a JSON-RPC error saying why, without running them", async () => {
    const mock = makeMock();
    const before = mock.ctx.store.state.strategies.length;
    const server = createMcpServer(McpServer, mock.ctx, { userId: id("alice") });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    paceMessages(transport, { maxAnswerBytes: 3000 });
    const batch = Array.from({ length: 10 }, (_, i) => create(i + 1));
    const response = await transport.handleRequest(
      new Request("http://mock/v1/mcp", { method: "POST", headers: HEADERS, body: JSON.stringify(batch) }),
    );
    await server.close();
    const answers = (await response.json()) as Answer[];
    const ran = answers.filter((a) => a.result !== undefined).length;
    const answerBytes = JSON.stringify(answers[0]).length;
    expect(answerBytes).toBeGreaterThan(300); // so that 3000 bytes hold a few answers, not all ten
    expect(ran).toBe(Math.ceil(3000 / answerBytes));
    expect(mock.ctx.store.state.strategies.length - before).toBe(ran);
    for (const a of answers.slice(ran)) {
      expect(a.error?.code).toBe(NOT_RUN_CODE);
      expect(a.error?.message).toMatch(/at most 3000 bytes per request; send this call in another request/);
    }
  });

  it("passes a single request straight through (no turn of the loop first)", async () => {
    const mock = makeMock();
    const response = await mock.app.request("/v1/mcp", {
      method: "POST",
      headers: { ...HEADERS, Authorization: `Bearer ${keys.alice}` },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "list_premade_strategies", arguments: {} },
      }),
    });
    const answer = (await response.json()) as Answer;
    expect(answer.id).toBe(7);
    expect(answer.result?.isError).not.toBe(true);
  });
});
