// Test harness: the mock served over real HTTP on a free port, and MCP clients (the SDK's own
// Client + StreamableHTTPClientTransport) connected to /v1/mcp with a user's bearer key.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { type RunningServer, type StartServerOptions, startServer } from "../../adapters/node/startServer.ts";
import { createManualClock, type ManualClock } from "../../clock/ManualClock.ts";
import { testUniverse } from "../../_test/testUniverse.ts";

export interface McpMock {
  server: RunningServer;
  clock: ManualClock;
  url: URL;
  /** An initialized SDK client sending `Authorization: Bearer <key>` (tools listed, so outputs are schema-checked). */
  connect(key: string): Promise<Client>;
  /** Closes every client, then the server. */
  close(): Promise<void>;
}

/** Serves `testUniverse` (or `options.universe`) with a manual clock and builds of 4 s. */
export async function startMcpMock(options: StartServerOptions = {}): Promise<McpMock> {
  const clock = createManualClock(Date.UTC(2025, 5, 2, 12));
  const server = await startServer({
    port: 0,
    universe: testUniverse,
    clock,
    quiet: true,
    buildDurationMs: 4000,
    ...options,
  });
  const url = new URL(`${server.url}/v1/mcp`);
  const clients: Client[] = [];
  return {
    server,
    clock,
    url,
    async connect(key) {
      const client = new Client({ name: "mcp-test", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
      );
      clients.push(client);
      await client.listTools(); // the client then validates every structuredContent against the tool's outputSchema
      return client;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await server.close();
    },
  };
}

/** The structured content of a successful tool call (fails the test on a tool error). */
export async function callOk<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = r.content[0];
  expect(r.isError ?? false, `${name}: ${first?.type === "text" ? first.text : ""}`).toBe(false);
  expect(r.structuredContent, name).toBeDefined();
  expect(
    first?.type === "text" ? JSON.parse(first.text) : undefined,
    `${name}: text content is the structured JSON`,
  ).toEqual(r.structuredContent);
  return r.structuredContent as T;
}

/** The message of a tool error (fails the test when the call succeeded). */
export async function callError(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(r.isError, `${name} should fail`).toBe(true);
  const first = r.content[0];
  return first?.type === "text" ? first.text : "";
}
