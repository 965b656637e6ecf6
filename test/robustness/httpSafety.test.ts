// Request safety over real HTTP: body size limits
// enforced while reading (413 {error}, the MCP endpoint keeps 4 MiB), {error} JSON bodies for the
// requests Node refuses itself (bad request line 400, headers over 16 KB 431), and no write for a
// request whose client gave up during X-Mock-Latency.
import { connect } from "node:net";
import { type RunningServer, startServer } from "@thematic/mock-server/node";
import { LIMITS } from "../../packages/mock-server/src/schemas/limits.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureUniverse } from "./_support/world.ts";

let server: RunningServer;
let key: string;
let securityId: string;

beforeAll(async () => {
  const universe = fixtureUniverse();
  server = await startServer({ port: 0, quiet: true, universe });
  key = universe.users.find((u) => u.active)!.apiKey;
  securityId = universe.companies.find((c) => c.active)!.securities[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

/** Writes `raw` on a new connection and resolves with everything the server sent before closing. */
function rawExchange(raw: string): Promise<string> {
  const { port } = server;
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(raw));
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString()));
    socket.on("end", () => resolve(received));
    socket.on("error", (e) => (received === "" ? reject(e) : resolve(received)));
  });
}

const auth = () => ({ Authorization: `Bearer ${key}`, "Content-Type": "application/json" });

describe("body size limits over HTTP", () => {
  it("a body over LIMITS.BODY_MAX_BYTES is 413 {error} naming the limit, and the server keeps serving", async () => {
    const body = JSON.stringify({
      name: "big",
      holdings: [{ weight: 1, security_id: securityId }],
      metadata: { blob: "x".repeat(LIMITS.BODY_MAX_BYTES) },
    });
    const r = await fetch(`${server.url}/v1/portfolios`, { method: "POST", headers: auth(), body });
    expect(r.status).toBe(413);
    expect(((await r.json()) as { error: string }).error).toContain(String(LIMITS.BODY_MAX_BYTES));
    expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
  });

  it("a 100 MB chunked body is refused once past the limit: the client is not made to send it all", async () => {
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024).fill(32);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 100 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const r = await fetch(`${server.url}/v1/portfolios`, {
      method: "POST",
      headers: auth(),
      body: stream,
      duplex: "half",
    } as RequestInit).catch((e: unknown) => e);
    // Either the 413 arrives, or the server closed the upload after answering it; never all 100 MB.
    if (r instanceof Response) expect(r.status).toBe(413);
    expect(sent).toBeLessThan(50 * 1024 * 1024);
    expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
  });

  it("the MCP endpoint accepts up to LIMITS.MCP_BODY_MAX_BYTES and refuses more with 413", async () => {
    const mcp = (size: number) =>
      fetch(`${server.url}/v1/mcp`, {
        method: "POST",
        headers: { ...auth(), Accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "search_premade_strategies", arguments: { objective: "q".repeat(size) } },
        }),
      });
    expect((await mcp(LIMITS.MCP_BODY_MAX_BYTES + 10)).status).toBe(413);
    const under = await mcp(LIMITS.BODY_MAX_BYTES * 2); // over the REST limit, under the MCP one: a tool error, not a 413
    expect(under.status).toBe(200);
    expect(JSON.stringify(await under.json())).toContain(String(LIMITS.OBJECTIVE_MAX));
  });
});

describe("requests Node refuses before the app", () => {
  it("a malformed request line gets 400 with an {error} JSON body", async () => {
    const reply = await rawExchange("THIS IS NOT HTTP\r\n\r\n");
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toMatch(/Content-Type: application\/json/i);
    expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4))).toHaveProperty("error");
  });

  it("headers over 16 KB get 431 with an {error} JSON body", async () => {
    const reply = await rawExchange(
      `GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect((JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4)) as { error: string }).error).toMatch(/16 KB/);
  });
});

describe("a client that gives up during the added latency", () => {
  it("never gets its write performed", async () => {
    const name = `abandoned-${Date.now()}`;
    const controller = new AbortController();
    const write = fetch(`${server.url}/v1/portfolios`, {
      method: "POST",
      headers: { ...auth(), "X-Mock-Latency": "1500" },
      body: JSON.stringify({ name, holdings: [{ weight: 1, security_id: securityId }] }),
      signal: controller.signal,
    }).catch(() => "aborted");
    const before = server.ctx.requests.latestSeq();
    setTimeout(() => controller.abort(), 200);
    expect(await write).toBe("aborted");
    // The server has answered the abandoned request (499, logged once its answer was ready): its handler can no longer run.
    while (
      !server.ctx.requests
        .since(before)
        .some((r) => r.method === "POST" && r.path === "/v1/portfolios" && r.status === 499)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const list = (await (await fetch(`${server.url}/v1/portfolios`, { headers: auth() })).json()) as Array<{
      name: string;
    }>;
    expect(list.map((p) => p.name)).not.toContain(name);
    // A client that waits gets its write.
    const kept = await fetch(`${server.url}/v1/portfolios`, {
      method: "POST",
      headers: { ...auth(), "X-Mock-Latency": "50" },
      body: JSON.stringify({ name, holdings: [{ weight: 1, security_id: securityId }] }),
    });
    expect(kept.status).toBe(201);
  });
});
