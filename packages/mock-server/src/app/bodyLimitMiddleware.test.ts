import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";
import { keys } from "../_test/testUniverse.ts";
import { LIMITS } from "../schemas/limits.ts";

/** A body stream of `total` bytes in 64 KiB chunks, counting what was pulled (no Content-Length: chunked). */
function stream(total: number): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const chunk = new Uint8Array(65536).fill(32);
  return {
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        const n = Math.min(chunk.length, total - sent);
        sent += n;
        controller.enqueue(chunk.subarray(0, n));
      },
    }),
    pulled: () => sent,
  };
}

describe("body size limit", () => {
  const headers = { Authorization: `Bearer ${keys.alice}`, "Content-Type": "application/json" };

  it("refuses a declared Content-Length over LIMITS.BODY_MAX_BYTES with 413 {error} naming the limit", async () => {
    const m = makeMock();
    const r = await m.app.request("/v1/portfolios", {
      method: "POST",
      headers: { ...headers, "Content-Length": String(LIMITS.BODY_MAX_BYTES + 1) },
      body: "{}",
    });
    expect(r.status).toBe(413);
    expect((await body<{ error: string }>(r)).error).toContain(String(LIMITS.BODY_MAX_BYTES));
  });

  it("refuses a chunked body as soon as it passes the limit, without reading the rest", async () => {
    const m = makeMock();
    const big = stream(100 * 1024 * 1024);
    const r = await m.app.request("/v1/portfolios", {
      method: "POST",
      headers,
      body: big.body,
      duplex: "half",
    } as RequestInit);
    expect(r.status).toBe(413);
    expect(big.pulled()).toBeLessThan(LIMITS.BODY_MAX_BYTES + 4 * 65536);
  });

  it("passes a chunked body under the limit on to the route", async () => {
    const m = makeMock();
    const text = JSON.stringify({ objective: "quantum computing hardware" });
    const r = await m.app.request("/v1/premade-strategies/search", {
      method: "POST",
      headers,
      body: new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode(text)), c.close()) }),
      duplex: "half",
    } as RequestInit);
    expect(r.status).toBe(200);
  });

  it("gives the MCP endpoint LIMITS.MCP_BODY_MAX_BYTES", async () => {
    const m = makeMock();
    const at = (n: number) =>
      m.app.request("/v1/mcp", {
        method: "POST",
        headers: { ...headers, Accept: "application/json, text/event-stream", "Content-Length": String(n) },
        body: "{}",
      });
    expect((await at(LIMITS.MCP_BODY_MAX_BYTES + 1)).status).toBe(413);
  });
});
